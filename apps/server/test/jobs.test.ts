/** The job queue (pg-boss on the test database): jobs are rows that survive a restart and run once; recurring jobs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { activities, players, providerCalls, transactions, wallets } from '../src/db/schema.js';
import { openPostgres, type Database } from '../src/db/client.js';
import { loadConfig } from '../src/config.js';
import { startJobs } from '../src/jobs/index.js';
import { maintainTables } from '../src/db/maintenance.js';
import { postEntry, reconcile, toUsd } from '../src/modules/wallet/ledger.js';
import { claimMovement, requestOf } from '../src/modules/payments/claims.js';
import { providerFor, type WithdrawRequest } from '../src/integrations/payments/index.js';
import { rowsOf } from '../src/lib/query.js';
import { makeApp, until, ADMIN } from './support.js';
import { openPgliteCopy, type TestApp } from './helpers.js';

const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino'];

let t: TestApp;
beforeAll(async () => { t = await makeApp({ jobs: true, env: { PAYMENTS_SWEEP_SECONDS: '3600' } }); });
afterAll(async () => { await t.close(); });


/** Another process on the same data: a copy of the PGlite data directory, or a new pool to the same PostgreSQL database. */
async function reopen(d: Database): Promise<Database> {
  if (d.kind === 'postgres') return openPostgres(d.url!);
  const dump = await d.pglite!.dumpDataDir('gzip');
  return openPgliteCopy(dump);
}

const jobsOf = (d: Database, name: string) => rowsOf<{ id: string; state: string; singleton_key: string | null }>(d.db, sql`select id, state, singleton_key from pgboss.job where name = ${name} order by created_on`);

describe('job queue', () => {
  it('a queued job survives a restart and runs once', async () => {
    const db = t.database.db;
    // A withdrawal claimed and paid at the provider, then the process died before settling it.
    const [w] = await db.select().from(wallets).where(and(inArray(wallets.opId, ALPHA), eq(wallets.kind, 'MAIN'), sql`${wallets.balance} >= 20`)).orderBy(asc(wallets.id)).limit(1);
    const txId = crypto.randomUUID();
    await db.transaction(async (tx) => {
      const e = await postEntry(tx as never, { playerId: w!.playerId, opId: w!.opId, kind: 'MAIN', currency: w!.currency, amount: '-20.00', reason: 'WITHDRAW_HOLD', refType: 'transaction', refId: txId });
      const usd = toUsd('20.00', e.rate);
      await tx.insert(transactions).values({
        txId, opId: w!.opId, playerId: w!.playerId, transactionType: 'WITHDRAW', status: 'PENDING', fromAmount: '20.00', fromCurrency: w!.currency,
        fromAmountInUsd: usd, toAmount: '20.00', toCurrency: w!.currency, toAmountInUsd: usd, rateToUsd: e.rate, provider: 'jb', gateway: 'jb',
      });
    });
    const me = (await t.call('GET', '/api/users/me', { as: ADMIN })).json().data.user;
    const claimed = await claimMovement(db, txId, ['PENDING'], {
      kind: 'withdraw', provider: 'jb', action: 'WITHDRAW_CONFIRM', answer: 'withdraw-error', idem: null, actor: { id: me.id, email: ADMIN, role: 'ADMIN', ip: null },
    });
    await providerFor('jb').withdraw(requestOf(claimed!, { kind: 'withdraw' }) as WithdrawRequest);

    // Queued, then the queue stops before the job is due.
    const jobId = await t.jobs!.send('payments.settle-claim', { txId, claimId: claimed!.claimId }, { startAfter: 3 });
    expect(jobId).toBeTruthy();
    await t.jobs!.stop();
    expect((await jobsOf(t.database, 'payments.settle-claim')).find((j) => j.id === jobId)?.state).toBe('created');

    // The next process on the same data runs it.
    const again = await reopen(t.database);
    const config = loadConfig({ LOG_LEVEL: 'silent', PAYMENTS_SWEEP_SECONDS: '3600' } as NodeJS.ProcessEnv);
    const jobs = await startJobs(again, config, { pollSeconds: 0.5 });
    try {
      const settled = await until('the claim settled', async () => (await again.db.select().from(transactions).where(eq(transactions.txId, txId)))[0]!, (x) => x.status !== 'IN_FLIGHT');
      expect(settled).toMatchObject({ status: 'CONFIRMED', confirmedBy: ADMIN });
      await until('the job completed', () => jobs.boss.getJobById('payments.settle-claim', jobId!), (j) => j?.state === 'completed');
      await new Promise((r) => setTimeout(r, 1500));
      const calls = await again.db.select().from(providerCalls).where(eq(providerCalls.txId, txId));
      expect(calls.map((c) => [c.action, c.outcome])).toEqual([['withdraw-status', 'SUCCESS']]);
      const acts = await again.db.select({ action: activities.action }).from(activities).where(eq(activities.targetId, txId)).orderBy(asc(activities.id));
      expect(acts.map((a) => a.action)).toEqual(['WITHDRAW_CONFIRM_SENT', 'WITHDRAW_CONFIRM']);
      expect((await jobsOf(again, 'payments.settle-claim')).filter((j) => j.state !== 'created')).toHaveLength(1);
      expect((await reconcile(again.db)).problems).toEqual([]);
    } finally {
      await jobs.stop();
      await again.close();
    }
  }, 90_000); // it copies the whole database (a dump and a second open): minutes on a busy 2-core machine

  it('the activity simulator is a recurring job: it keeps one next run queued, and is cleared when turned off', async () => {
    const d = await reopen(t.database);
    const on = loadConfig({ LOG_LEVEL: 'silent', PAYMENTS_SWEEP_SECONDS: '3600', ACTIVITY_SIMULATOR_SECONDS: '1' } as NodeJS.ProcessEnv);
    const count = async () => {
      const [r] = await rowsOf<{ n: number }>(d.db, sql`select (select count(*) from ${players}) + (select count(*) from ${transactions}) + (select count(*) from kyc_records) + (select count(*) from username_requests) + (select count(*) from bets) as n`);
      return Number(r!.n);
    };
    const before = await count();
    let jobs = await startJobs(d, on, { pollSeconds: 0.5 });
    try {
      await until('two simulator runs', async () => (await jobsOf(d, 'simulator.activity')).filter((j) => j.state === 'completed').length, (n) => n >= 2);
      await until('a simulated event', count, (n) => n > before);
      const queued = (await jobsOf(d, 'simulator.activity')).filter((j) => j.state === 'created' || j.state === 'active');
      expect(queued.length).toBeGreaterThanOrEqual(1);
      expect(queued.filter((j) => j.state === 'created').length).toBeLessThanOrEqual(1);
      expect(queued.map((j) => j.singleton_key)).toEqual(queued.map(() => 'recurring'));
    } finally {
      await jobs.stop();
    }
    // Restarted with the simulator off: nothing of it stays queued.
    const off = loadConfig({ LOG_LEVEL: 'silent', PAYMENTS_SWEEP_SECONDS: '3600' } as NodeJS.ProcessEnv);
    jobs = await startJobs(d, off, { pollSeconds: 0.5 });
    try {
      expect((await jobsOf(d, 'simulator.activity')).filter((j) => j.state === 'created')).toHaveLength(0);
      expect((await reconcile(d.db)).problems).toEqual([]);
    } finally {
      await jobs.stop();
      await d.close();
    }
  });

  it('the same job removes dead row versions: a table whose rows were updated gets vacuumed, one barely changed does not', async () => {
    const d = await reopen(t.database);
    // Out of a PostgreSQL server's autovacuum, which could otherwise vacuum them first.
    await d.db.execute(sql`create table vacuum_probe with (autovacuum_enabled = false) as select g as id, 0 as n from generate_series(1, 1000) g`);
    await d.db.execute(sql`create table vacuum_probe_quiet with (autovacuum_enabled = false) as select g as id, 0 as n from generate_series(1, 1000) g`);
    try {
      await maintainTables(d.db);
      // Every row of one updated (1,000 dead versions), 20 of the other (under 50 + 10 %).
      await d.db.execute(sql`update vacuum_probe set n = n + 1`);
      await d.db.execute(sql`update vacuum_probe_quiet set n = n + 1 where id <= 20`);
      const stat = async (table: string) => (await rowsOf<{ dead: number; vacuumed: string | null }>(d.db, sql`select n_dead_tup::int as dead,
          coalesce(last_vacuum, last_autovacuum)::text as vacuumed from pg_stat_user_tables where relname = ${table}`))[0]!;
      // Both tables' dead versions counted first (a server's statistics arrive a moment after the change).
      await until('the statistics count the dead versions', async () => Math.min((await stat('vacuum_probe')).dead, 50 * (await stat('vacuum_probe_quiet')).dead), (n) => n >= 1000);
      const done = await maintainTables(d.db);
      expect(done.vacuumed).toContain('public.vacuum_probe');
      expect(done.vacuumed).not.toContain('public.vacuum_probe_quiet');
      expect(await stat('vacuum_probe')).toMatchObject({ dead: 0, vacuumed: expect.any(String) });
      // The quiet one keeps its 20 dead versions, never vacuumed (autovacuum is off for it).
      expect(await stat('vacuum_probe_quiet')).toEqual({ dead: 20, vacuumed: null });
      // Done, nothing is due again.
      const again = await maintainTables(d.db);
      expect(again.vacuumed).not.toContain('public.vacuum_probe');
    } finally {
      await d.db.execute(sql`drop table vacuum_probe`);
      await d.db.execute(sql`drop table vacuum_probe_quiet`);
      await d.close();
    }
  });

  it("the transaction roll-ups' pending changes are folded by a recurring job, the totals unchanged", async () => {
    const d = await reopen(t.database);
    const db = d.db;
    const pending = async () => Number((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from tx_rollup_deltas`))[0]!.n);
    const totals = () => rowsOf<{ status: string; n: string; usd: string }>(db, sql`select status, sum(count)::text as n, sum(amount_in_usd)::text as usd
      from tx_totals_now group by status having sum(count) <> 0 order by status`);
    const count = (rows: { status: string; n: string }[], status: string) => Number(rows.find((x) => x.status === status)?.n ?? 0);
    const before = await totals();
    const [tx] = await db.select().from(transactions).where(and(eq(transactions.status, 'PENDING'), eq(transactions.isDeleted, false))).limit(1);
    await db.update(transactions).set({ status: 'REJECTED' }).where(eq(transactions.txId, tx!.txId));
    // Counted at once, folded or not.
    const after = await totals();
    expect(count(after, 'REJECTED')).toBe(count(before, 'REJECTED') + 1);
    expect(count(after, 'PENDING')).toBe(count(before, 'PENDING') - 1);
    expect(await pending()).toBeGreaterThanOrEqual(2);
    await d.db.execute(sql`delete from pgboss.job where name = 'reports.fold-rollups'`);
    const jobs = await startJobs(d, loadConfig({ LOG_LEVEL: 'silent', PAYMENTS_SWEEP_SECONDS: '3600', ROLLUP_FOLD_SECONDS: '1' } as NodeJS.ProcessEnv), { pollSeconds: 0.5 });
    try {
      await until('the fold', pending, (n) => n === 0, 20_000);
      // (The copy's queue may settle the first test's claim meanwhile: a CONFIRMED figure can move, these two cannot.)
      const folded = await totals();
      for (const status of ['REJECTED', 'PENDING']) expect(count(folded, status), status).toBe(count(after, status));
      const [r] = await rowsOf<{ n: string }>(db, sql`select coalesce(sum(count), 0)::text as n from tx_totals where status = 'REJECTED'`);
      expect(Number(r!.n)).toBe(count(after, 'REJECTED'));
    } finally {
      await jobs.stop();
      await d.close();
    }
  });

  it('planner statistics are refreshed by a recurring job: a table never analyzed gets analyzed', async () => {
    const d = await reopen(t.database);
    await d.db.execute(sql`create table analyze_probe as select g as id from generate_series(1, 500) g`);
    const analyzed = async () => {
      const [r] = await rowsOf<{ at: string | null }>(d.db, sql`select coalesce(last_analyze, last_autoanalyze)::text as at from pg_stat_user_tables where relname = 'analyze_probe'`);
      return r?.at ?? null;
    };
    expect(await analyzed()).toBeNull();
    // A first start with a short interval (the copy holds the next run its own process queued, ten minutes out).
    await d.db.execute(sql`delete from pgboss.job where name = 'db.analyze'`);
    const jobs = await startJobs(d, loadConfig({ LOG_LEVEL: 'silent', PAYMENTS_SWEEP_SECONDS: '3600', ANALYZE_MINUTES: '0.02' } as NodeJS.ProcessEnv), { pollSeconds: 0.5 });
    try {
      await until('db.analyze ran', async () => (await jobsOf(d, 'db.analyze')).filter((j) => j.state === 'completed').length, (n) => n >= 1);
      expect(await analyzed()).not.toBeNull();
      // The next run is queued (or already running), as the series' one recurring job.
      const next = (await jobsOf(d, 'db.analyze')).filter((j) => j.state === 'created' || j.state === 'active');
      expect(next.length).toBeGreaterThanOrEqual(1);
      expect(next.map((j) => j.singleton_key)).toEqual(next.map(() => 'recurring'));
    } finally {
      await jobs.stop();
      await d.db.execute(sql`drop table analyze_probe`);
      await d.close();
    }
  });
});
