import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AFFILIATE_WITHDRAW_MAX_ATTEMPTS, AFFILIATE_WITHDRAW_MESSAGES, addDec, cmpDec } from '@pitboss/contract';
import { affiliateWithdrawJobFailures, affiliateWithdrawJobPayments, affiliateWithdrawJobs, players, transactions, wallets } from '../src/db/schema.js';
import { postEntry, reconcile } from '../src/modules/wallet/ledger.js';
import { runAffiliateJob } from '../src/modules/rewards/affiliate-jobs.js';
import { loadConfig } from '../src/config.js';
import { startJobs } from '../src/jobs/index.js';
import { idemKey, type Login, type TestApp } from './helpers.js';
import { BRAVO_SCOPE, expectError, makeApp } from './support.js';

const ADMIN: Login = 'admin@demo.local';
const START = '/api/reports/affiliate/withdraw-jobs/start';
const CANCEL = '/api/reports/affiliate/withdraw-jobs/cancel';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const db = () => t.database.db;
async function balance(playerId: string, kind: string) {
  const [w] = await db().select().from(wallets).where(and(eq(wallets.playerId, playerId), eq(wallets.kind, kind), eq(wallets.currency, 'USD')));
  return w?.balance ?? '0';
}
async function credit(p: { id: string; opId: string }, amount: string) {
  await db().transaction((tx) => postEntry(tx, { playerId: p.id, opId: p.opId, kind: 'AFFILIATE', currency: 'USD', amount, reason: 'AFFILIATE_CREDIT' }));
}
/** Players of Bravo's operators (not deleted), in a stable order. */
async function bravoPlayers(n: number, skip = 0) {
  const rows = await db().select().from(players).where(and(inArray(players.opId, [...BRAVO_SCOPE]), eq(players.isDeleted, false)))
    .orderBy(asc(players.playerCode)).limit(n + skip);
  return rows.slice(skip);
}
async function start(opId: string, as: Login = ADMIN) {
  return t.call('POST', START, { as, body: { opId }, headers: idemKey() });
}
async function job(id: string) { return (await db().select().from(affiliateWithdrawJobs).where(eq(affiliateWithdrawJobs.id, id)))[0]!; }
async function paymentsOf(jobId: string) { return db().select().from(affiliateWithdrawJobPayments).where(eq(affiliateWithdrawJobPayments.jobId, jobId)); }
async function withdrawalsOf(playerId: string) {
  return db().select().from(transactions).where(and(eq(transactions.playerId, playerId), eq(transactions.transactionSubType, 'AFFILIATE_PROFIT_WITHDRAW')));
}

describe('affiliate withdraw jobs', () => {
  it('the demo world holds a finished job over Charlie Luck with the withdrawals it paid', async () => {
    const jobs = await t.call('POST', '/api/reports/affiliate/withdraw-jobs/list', { as: ADMIN, body: { opId: 'charlie-luck' } });
    const [seeded] = jobs.json().data.items as { jobId: string; status: string; paidPlayers: number; opTitle: string }[];
    expect(seeded).toMatchObject({ status: 'DONE', opTitle: 'Charlie Luck' });
    expect(seeded!.paidPlayers).toBeGreaterThan(0);
    const paid = await t.call('POST', '/api/reports/affiliate/withdrawals/list', { as: ADMIN, body: { jobId: seeded!.jobId, limit: 100 } });
    expect(paid.json().data.items).toHaveLength(seeded!.paidPlayers);
  });

  it('start → every eligible affiliate paid once (AFFILIATE → MAIN), those below their minimum left; balances and ledger reconcile', async () => {
    // op-bravo's minimum withdrawable amount comes from its affiliate settings (seeded 20–40 USD): 100 is above it, 1 below.
    const [a, b, c] = await bravoPlayers(3);
    await credit(a!, '100'); await credit(b!, '250.5');
    // c holds exactly 1 USD (whatever the seed gave), under every minimum.
    await credit(c!, addDec('1', `-${await balance(c!.id, 'AFFILIATE')}`));
    const before = { a: await balance(a!.id, 'AFFILIATE'), b: await balance(b!.id, 'AFFILIATE'), c: await balance(c!.id, 'AFFILIATE') };
    const mainA = await balance(a!.id, 'MAIN');
    const res = await start('op-bravo');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, messages: [AFFILIATE_WITHDRAW_MESSAGES.JOB_STARTED], data: { opId: 'op-bravo', status: 'RUNNING', startedBy: ADMIN } });
    expect(await t.lastActivity()).toMatchObject({ action: 'AFFILIATE_WITHDRAW_JOB_START', opId: 'op-bravo', actorEmail: ADMIN });
    const jobId = res.json().data.jobId as string;

    expect(await runAffiliateJob(db(), jobId)).toMatch(/^done/);
    const j = await job(jobId);
    expect(j.status).toBe('DONE');
    expect(j.paidPlayers).toBe(j.totalPlayers);
    expect(cmpDec(j.paidUsd, j.totalUsd)).toBe(0);
    const pays = await paymentsOf(jobId);
    expect(pays).toHaveLength(j.paidPlayers);
    expect(new Set(pays.map((p) => p.playerId)).size).toBe(pays.length);
    expect(cmpDec(pays.reduce((s, p) => addDec(s, p.amountUsd), '0'), j.paidUsd)).toBe(0);
    // a and b paid their whole balance into MAIN (USD), c (below the minimum) kept it.
    expect(cmpDec(await balance(a!.id, 'AFFILIATE'), '0')).toBe(0);
    expect(cmpDec(await balance(b!.id, 'AFFILIATE'), '0')).toBe(0);
    expect(cmpDec(await balance(c!.id, 'AFFILIATE'), before.c)).toBe(0);
    expect(cmpDec(await balance(a!.id, 'MAIN'), addDec(mainA, before.a))).toBe(0);
    const [wa] = await withdrawalsOf(a!.id);
    expect(wa).toMatchObject({ transactionType: 'AFFILIATE', status: 'CONFIRMED', confirmedBy: ADMIN });
    expect(cmpDec(wa!.toAmount, before.a)).toBe(0);
    expect(pays.map((p) => p.playerId)).toEqual(expect.arrayContaining([a!.id, b!.id]));
    expect(pays.map((p) => p.playerId)).not.toContain(c!.id);
    const r = await reconcile(db());
    expect(r.problems).toEqual([]);

    // The list shows them, with the job.
    const list = await t.call('POST', '/api/reports/affiliate/withdrawals/list', { as: ADMIN, body: { opId: 'op-bravo', includeBrands: true, jobId, limit: 100 } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items).toHaveLength(pays.length);
    expect(list.json().data.items[0]).toMatchObject({ jobId, opId: expect.any(String), opTitle: expect.any(String), currency: 'USD', confirmedBy: ADMIN });
    const jobs = await t.call('POST', '/api/reports/affiliate/withdraw-jobs/list', { as: ADMIN, body: { opId: 'op-bravo' } });
    expect(jobs.json().data.items[0]).toMatchObject({ jobId, status: 'DONE', opTitle: expect.any(String) });
  });

  it('a retried or doubled run of the same job pays each player once; new profit waits for the next job', async () => {
    const [p] = await bravoPlayers(1, 3);
    await credit(p!, '120');
    const earlier = (await withdrawalsOf(p!.id)).length;
    const jobId = (await start('op-bravo')).json().data.jobId as string;
    const results = await Promise.all([runAffiliateJob(db(), jobId), runAffiliateJob(db(), jobId)]);
    expect(results.some((r) => r.startsWith('done'))).toBe(true);
    expect(await withdrawalsOf(p!.id)).toHaveLength(earlier + 1);
    // A retry after a crash: the row is RUNNING again and the player earned more meanwhile: this job does not pay them twice.
    await credit(p!, '80');
    await db().update(affiliateWithdrawJobs).set({ status: 'RUNNING', finishedAt: null }).where(eq(affiliateWithdrawJobs.id, jobId));
    await runAffiliateJob(db(), jobId);
    expect(await withdrawalsOf(p!.id)).toHaveLength(earlier + 1);
    expect(cmpDec(await balance(p!.id, 'AFFILIATE'), '80')).toBe(0);
    expect((await paymentsOf(jobId)).filter((x) => x.playerId === p!.id)).toHaveLength(1);
    // The next job pays the new profit once.
    const next = (await start('op-bravo')).json().data.jobId as string;
    await runAffiliateJob(db(), next);
    expect(await withdrawalsOf(p!.id)).toHaveLength(earlier + 2);
    expect(cmpDec(await balance(p!.id, 'AFFILIATE'), '0')).toBe(0);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('cancel stops the run between batches; a new job after the cancel pays only those not paid, nobody twice', async () => {
    const ps = await bravoPlayers(6, 4);
    for (const p of ps) await credit(p, '90');
    const earlier = new Map<string, number>();
    for (const p of ps) earlier.set(p.id, (await withdrawalsOf(p.id)).length);
    const res = await start('op-bravo');
    const jobId = res.json().data.jobId as string;
    // Second start while it runs: refused with the contract's message.
    const again = await start('op-bravo');
    expect(again.statusCode).toBe(409);
    expect(again.json().messages).toEqual([AFFILIATE_WITHDRAW_MESSAGES.JOB_RUNNING]);

    let cancelled: Awaited<ReturnType<TestApp['call']>> | null = null;
    const r = await runAffiliateJob(db(), jobId, {
      batchSize: 2,
      afterBatch: async () => { if (!cancelled) cancelled = await t.call('POST', CANCEL, { as: ADMIN, body: { opId: 'op-bravo' } }); },
    });
    expect(r).toMatch(/^cancelled/);
    expect(cancelled!.statusCode, cancelled!.body).toBe(200);
    expect(cancelled!.json()).toMatchObject({ messages: [AFFILIATE_WITHDRAW_MESSAGES.JOB_CANCELED], data: { jobId, status: 'CANCELLED', cancelledBy: ADMIN } });
    expect(await t.lastActivity()).toMatchObject({ action: 'AFFILIATE_WITHDRAW_JOB_CANCEL', targetId: jobId });
    const j = await job(jobId);
    expect(j.status).toBe('CANCELLED');
    expect(j.paidPlayers).toBe(2);
    expect(j.totalPlayers).toBeGreaterThanOrEqual(6);
    // A resume of the cancelled job does nothing; cancelling again answers that none runs.
    expect(await runAffiliateJob(db(), jobId)).toBe('nothing to do');
    const none = await t.call('POST', CANCEL, { as: ADMIN, body: { opId: 'op-bravo' } });
    expect(none.statusCode).toBe(409);
    expect(none.json().messages).toEqual([AFFILIATE_WITHDRAW_MESSAGES.NO_JOB_RUNNING]);

    const paidFirst = new Set((await paymentsOf(jobId)).map((x) => x.playerId));
    const next = (await start('op-bravo')).json().data.jobId as string;
    await runAffiliateJob(db(), next);
    const paidNext = new Set((await paymentsOf(next)).map((x) => x.playerId));
    for (const p of ps) {
      expect(await withdrawalsOf(p.id), p.playerCode).toHaveLength(earlier.get(p.id)! + 1);
      expect(paidFirst.has(p.id) !== paidNext.has(p.id)).toBe(true);
      expect(cmpDec(await balance(p.id, 'AFFILIATE'), '0')).toBe(0);
    }
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('a payout that fails is retried after its backoff (bounded attempts); the others are paid meanwhile; what still fails is listed on the job', async () => {
    const [a, b, c] = await bravoPlayers(3, 12);
    for (const p of [a!, b!, c!]) await credit(p, '95');
    const mainB = await balance(b!.id, 'MAIN');
    const affB = await balance(b!.id, 'AFFILIATE');
    // The database refuses a's payout twice, b's every time (a trigger on the payout's transaction row: the payout's own statements fail).
    const run = (q: string) => db().execute(sql.raw(q));
    await run(`create sequence test_payout_fail_a`);
    await run(`create function test_payout_fail() returns trigger language plpgsql as $$ begin
      if NEW.player_id = '${a!.id}'::uuid and nextval('test_payout_fail_a') <= 2 then raise exception 'simulated payout failure (a)'; end if;
      if NEW.player_id = '${b!.id}'::uuid then raise exception 'simulated payout failure (b)'; end if;
      return NEW; end $$`);
    await run(`create trigger test_payout_fail before insert on transactions for each row execute function test_payout_fail()`);
    try {
      const jobId = (await start('op-bravo')).json().data.jobId as string;
      const began = Date.now();
      expect(await runAffiliateJob(db(), jobId, { batchSize: 2, retryBaseMs: 150 })).toMatch(/^done/);
      // Two retries of b after 150 ms then 300 ms.
      expect(Date.now() - began).toBeGreaterThanOrEqual(450);
      const j = await job(jobId);
      expect(j).toMatchObject({ status: 'DONE', failedPlayers: 1, error: AFFILIATE_WITHDRAW_MESSAGES.payoutsFailed(1) });
      expect(j.paidPlayers).toBe(j.totalPlayers - 1);
      const paid = (await paymentsOf(jobId)).map((x) => x.playerId);
      expect(paid).toEqual(expect.arrayContaining([a!.id, c!.id]));
      expect(paid).not.toContain(b!.id);
      // a: paid by its third attempt; b: failed for good after AFFILIATE_WITHDRAW_MAX_ATTEMPTS, its money where it was.
      expect(cmpDec(await balance(a!.id, 'AFFILIATE'), '0')).toBe(0);
      expect(cmpDec(await balance(b!.id, 'AFFILIATE'), affB)).toBe(0);
      expect(cmpDec(await balance(b!.id, 'MAIN'), mainB)).toBe(0);
      expect(await withdrawalsOf(b!.id)).toHaveLength(0);
      const fails = await db().select().from(affiliateWithdrawJobFailures).where(eq(affiliateWithdrawJobFailures.jobId, jobId));
      expect(fails.map((f) => [f.playerId, f.status, f.attempts]).sort()).toEqual([[a!.id, 'PAID', 2], [b!.id, 'FAILED', AFFILIATE_WITHDRAW_MAX_ATTEMPTS]].sort());
      expect((await reconcile(db())).problems).toEqual([]);
      // The console's list shows the failed payouts by player code, the one failed for good first.
      const list = await t.call('POST', '/api/reports/affiliate/withdraw-jobs/list', { as: ADMIN, body: { opId: 'op-bravo' } });
      const row = (list.json().data.items as { jobId: string; failedPlayers: number; failures: unknown[] }[]).find((x) => x.jobId === jobId)!;
      expect(row.failedPlayers).toBe(1);
      expect(row.failures).toEqual([
        { playerId: b!.id, playerCode: b!.playerCode, attempts: 3, status: 'FAILED', lastError: expect.stringContaining('simulated payout failure (b)'), nextAttemptAt: null },
        expect.objectContaining({ playerId: a!.id, playerCode: a!.playerCode, attempts: 2, status: 'PAID' }),
      ]);
      // A resumed run does not try b again.
      await db().update(affiliateWithdrawJobs).set({ status: 'RUNNING', finishedAt: null }).where(eq(affiliateWithdrawJobs.id, jobId));
      await runAffiliateJob(db(), jobId, { retryBaseMs: 10 });
      const [again] = await db().select().from(affiliateWithdrawJobFailures).where(and(eq(affiliateWithdrawJobFailures.jobId, jobId), eq(affiliateWithdrawJobFailures.playerId, b!.id)));
      expect(again!.attempts).toBe(AFFILIATE_WITHDRAW_MAX_ATTEMPTS);
    } finally {
      await run(`drop trigger test_payout_fail on transactions`);
      await run(`drop function test_payout_fail()`);
      await run(`drop sequence test_payout_fail_a`);
    }
  });

  it('OPERATOR_MANAGER may not start or cancel (403); another operator is not found (404); invalid input answers its message', async () => {
    const denied = await start('op-alpha', 'operator.manager@demo.local');
    expect(denied.statusCode).toBe(403);
    const deniedCancel = await t.call('POST', CANCEL, { as: 'operator.manager@demo.local', body: { opId: 'op-alpha' } });
    expect(deniedCancel.statusCode).toBe(403);
    const other = await start('op-bravo', 'operator.admin@demo.local');
    expect(other.statusCode).toBe(404);
    const otherCancel = await t.call('POST', CANCEL, { as: 'operator.admin@demo.local', body: { opId: 'op-bravo' } });
    expect(otherCancel.statusCode).toBe(404);
    const bad = await t.call('POST', START, { as: ADMIN, body: { opId: '' }, headers: idemKey() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([AFFILIATE_WITHDRAW_MESSAGES.OPERATOR_REQUIRED]);
    const badRange = await t.call('POST', '/api/reports/affiliate/withdrawals/list', { as: ADMIN, body: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().messages).toEqual([AFFILIATE_WITHDRAW_MESSAGES.DATE_RANGE_INVALID]);
    // The operator's own staff start and cancel their own operator's job; the list shows only their operators' jobs.
    const own = await start('op-alpha', 'operator.admin@demo.local');
    expect(own.statusCode, own.body).toBe(200);
    const mine = await t.call('POST', '/api/reports/affiliate/withdraw-jobs/list', { as: 'operator.admin@demo.local', body: {} });
    expect(mine.json().data.items.map((x: { opId: string }) => x.opId)).toEqual(['op-alpha']);
    expectError(await t.call('POST', '/api/reports/affiliate/withdraw-jobs/list', { as: 'operator.admin@demo.local', body: { status: 'PAUSED' } }), 400, ['Status must be one of RUNNING, CANCELLED, DONE, FAILED.']);
    const cancel = await t.call('POST', CANCEL, { as: 'operator.admin@demo.local', body: { opId: 'op-alpha' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('concurrent starts for one operator: exactly one job runs, the others answer the contract message', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => start('bravo-spin')));
    const wins = results.filter((r) => r.statusCode === 200);
    expect(wins).toHaveLength(1);
    for (const r of results) if (r.statusCode !== 200) {
      expect(r.statusCode).toBe(409);
      expect(r.json().messages).toEqual([AFFILIATE_WITHDRAW_MESSAGES.JOB_RUNNING]);
    }
    const running = await db().select().from(affiliateWithdrawJobs).where(and(eq(affiliateWithdrawJobs.opId, 'bravo-spin'), eq(affiliateWithdrawJobs.status, 'RUNNING')));
    expect(running).toHaveLength(1);
  });
});

describe('affiliate withdraw jobs on the job queue', () => {
  let q: TestApp;
  beforeAll(async () => { q = await makeApp({ jobs: true }); });
  afterAll(async () => { await q.close(); });
  const statusOf = async (id: string) => (await q.database.db.select().from(affiliateWithdrawJobs).where(eq(affiliateWithdrawJobs.id, id)))[0]!;

  it('a started job runs on the queue to DONE; a job left RUNNING by a stopped process resumes at the next start', async () => {
    const res = await q.call('POST', START, { as: ADMIN, body: { opId: 'bravo-sports' }, headers: idemKey() });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.jobId as string;
    await expect.poll(async () => (await statusOf(id)).status, { timeout: 20_000, interval: 250 }).toBe('DONE');

    // The process stops while a job is RUNNING (its row says so); the next start hands it to the queue again.
    await q.jobs!.stop();
    const [left] = await q.database.db.insert(affiliateWithdrawJobs).values({ opId: 'bravo-spin', startedBy: ADMIN }).returning();
    const jobs = await startJobs(q.database, loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), { pollSeconds: 0.5 });
    try {
      await expect.poll(async () => (await statusOf(left!.id)).status, { timeout: 20_000, interval: 250 }).toBe('DONE');
    } finally {
      await jobs.stop();
    }
    expect((await reconcile(q.database.db)).problems).toEqual([]);
  });
});
