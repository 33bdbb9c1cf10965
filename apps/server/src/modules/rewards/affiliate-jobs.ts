/**
 * Affiliate withdraw jobs (001 §2 /withdraw/affiliate, §7 withdraw-jobs/start and /cancel). A job
 * pays every eligible affiliate of one operator and its brands: the whole AFFILIATE wallet (USD)
 * moves to MAIN through `claimWallet` — the ledger code of the single-player Withdraw Profit —
 * as a CONFIRMED AFFILIATE / AFFILIATE_PROFIT_WITHDRAW transaction paid by the staff member who
 * started the job, with its activity record.
 *
 * - Eligible: not deleted, AFFILIATE balance above 0 and at least the player's minimum withdrawable
 *   amount (their affiliate settings override, else their operator's, else the parent's).
 * - The run lists the eligible players once, then pays them in batches of AFFILIATE_WITHDRAW_BATCH,
 *   each batch in its own database transaction with the job's progress; between batches it reads
 *   the job's status again and stops when it was cancelled.
 * - Each player at most once per job: the payment locks the wallet, looks for the job's payment
 *   row of the player (primary key (job, player)) and writes it with the money, so a retried,
 *   resumed (after a restart: workers.ts hands every RUNNING job to the queue again) or doubled
 *   run pays nobody twice. A new job after a cancel finds the paid wallets empty.
 * - At most one RUNNING job per operator: the partial unique index decides between two starts.
 * - A payout that fails runs in its own savepoint: it rolls back alone, the batch goes on, and an
 *   `affiliate_withdraw_job_failures` row counts the attempt. After the batches the run retries
 *   the failed payouts (AFFILIATE_WITHDRAW_MAX_ATTEMPTS in all, backoff doubling from
 *   AFFILIATE_WITHDRAW_RETRY_BASE_MS); what still fails stays FAILED, counted on the job
 *   (`failedPlayers`, `error`) and listed by the console. A resumed run keeps the attempts made.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AFFILIATE_WITHDRAW_BATCH, AFFILIATE_WITHDRAW_MAX_ATTEMPTS, AFFILIATE_WITHDRAW_RETRY_BASE_MS, AFFILIATE_WITHDRAW_MESSAGES, addDec, affiliateSettings, affiliateWithdrawBackoffMs, cmpDec, toUnits,
  type AffiliateWithdrawFailureStatus, type AffiliateWithdrawJobRow, type AffiliateWithdrawJobStatus,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { affiliateWithdrawJobFailures, affiliateWithdrawJobPayments, affiliateWithdrawJobs, players } from '../../db/schema.js';
import { auditAs } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import { loadOperators, operatorTitles, type OpTitles } from '../../lib/scope.js';
import { enqueue } from '../../jobs/queue.js';
import { operatorSettingsOf } from '../reports/routes.js';
import { REWARD_CURRENCY, claimWallet } from './service.js';

export type AffiliateWithdrawJob = typeof affiliateWithdrawJobs.$inferSelect;

type Failure = AffiliateWithdrawJobRow['failures'][number];

export function jobRow(j: AffiliateWithdrawJob, titleOf: (opId: string) => OpTitles, failures: Failure[] = []): AffiliateWithdrawJobRow {
  return {
    jobId: j.id, opId: j.opId, ...titleOf(j.opId), status: j.status as AffiliateWithdrawJobStatus, startedBy: j.startedBy,
    totalPlayers: j.totalPlayers, paidPlayers: j.paidPlayers, totalUSD: j.totalUsd, paidUSD: j.paidUsd, error: j.error,
    startedAt: j.startedAt.toISOString(), finishedAt: j.finishedAt ? j.finishedAt.toISOString() : null, cancelledBy: j.cancelledBy,
    failedPlayers: j.failedPlayers, failures,
  };
}

/** The failed payouts of some jobs (at most 20 each, FAILED first, then RETRYING, then PAID), by job id. */
export async function failuresOf(db: Db, jobIds: readonly string[]): Promise<Map<string, Failure[]>> {
  const out = new Map<string, Failure[]>();
  if (!jobIds.length) return out;
  const f = affiliateWithdrawJobFailures;
  const rows = await db.select({ f, playerCode: players.playerCode }).from(f).innerJoin(players, eq(players.id, f.playerId))
    .where(inArray(f.jobId, [...jobIds]))
    .orderBy(sql`case ${f.status} when 'FAILED' then 0 when 'RETRYING' then 1 else 2 end`, f.playerId);
  for (const { f: r, playerCode } of rows) {
    const list = out.get(r.jobId) ?? [];
    if (list.length < 20) list.push({
      playerId: r.playerId, playerCode, attempts: r.attempts, status: r.status as AffiliateWithdrawFailureStatus, lastError: r.lastError,
      nextAttemptAt: r.nextAttemptAt ? r.nextAttemptAt.toISOString() : null,
    });
    out.set(r.jobId, list);
  }
  return out;
}

export async function jobView(db: Db, id: string): Promise<AffiliateWithdrawJobRow> {
  const [j] = await db.select().from(affiliateWithdrawJobs).where(eq(affiliateWithdrawJobs.id, id));
  return jobRow(j!, await operatorTitles(db), (await failuresOf(db, [id])).get(id));
}

/** Inside the start's transaction: the RUNNING row, or 409 when the operator has one already. */
export async function createJob(tx: Db, opId: string, by: { id: string; email: string }): Promise<AffiliateWithdrawJob> {
  const running = await tx.select({ id: affiliateWithdrawJobs.id }).from(affiliateWithdrawJobs)
    .where(and(eq(affiliateWithdrawJobs.opId, opId), eq(affiliateWithdrawJobs.status, 'RUNNING'))).limit(1);
  if (running.length) throw conflict(AFFILIATE_WITHDRAW_MESSAGES.JOB_RUNNING, 'JOB_RUNNING');
  try {
    // A savepoint: the start that loses the race against another one answers 409, not 500.
    return await tx.transaction(async (sp) => {
      const [j] = await sp.insert(affiliateWithdrawJobs).values({ opId, startedBy: by.email, startedById: by.id }).returning();
      return j!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(AFFILIATE_WITHDRAW_MESSAGES.JOB_RUNNING, 'JOB_RUNNING');
    throw e;
  }
}

/** After the commit: hand the job to this process's queue (else the next start does). */
export const kickAffiliateJob = (db: Db, jobId: string) => enqueue(db, 'rewards.affiliate-withdraw', { jobId }, jobId);

/** Inside the cancel's transaction: RUNNING → CANCELLED (the run stops before its next batch), or 409. */
export async function cancelJob(tx: Db, opId: string, by: string): Promise<AffiliateWithdrawJob> {
  const [j] = await tx.update(affiliateWithdrawJobs).set({ status: 'CANCELLED', cancelledBy: by, finishedAt: new Date() })
    .where(and(eq(affiliateWithdrawJobs.opId, opId), eq(affiliateWithdrawJobs.status, 'RUNNING'))).returning();
  if (!j) throw conflict(AFFILIATE_WITHDRAW_MESSAGES.NO_JOB_RUNNING, 'NO_JOB_RUNNING');
  return j;
}

/** Jobs left RUNNING (a process stopped during them): handed to the queue at start. */
export async function runningAffiliateJobs(db: Db): Promise<string[]> {
  const rows = await db.select({ id: affiliateWithdrawJobs.id }).from(affiliateWithdrawJobs).where(eq(affiliateWithdrawJobs.status, 'RUNNING'));
  return rows.map((r) => r.id);
}

interface Candidate { id: string; opId: string; balance: string; minimum: string }

/** The eligible affiliates of the operator and its brands, by player id. */
async function eligible(db: Db, opId: string): Promise<Candidate[]> {
  const { rows: ops } = await loadOperators(db);
  const covered = [opId, ...ops.filter((o) => o.parentOpId === opId).map((o) => o.opId)];
  const found = await rowsOf<{ id: string; op_id: string; balance: string; affiliates: unknown }>(db, sql`select p.id, p.op_id, w.balance::text as balance, s.affiliates
    from players p
    join wallets w on w.player_id = p.id and w.kind = 'AFFILIATE' and w.currency = ${REWARD_CURRENCY}
    left join player_reward_settings s on s.player_id = p.id
    where p.op_id in (${sql.join(covered.map((o) => sql`${o}`), sql`, `)}) and not p.is_deleted and w.balance > 0
    order by p.id`);
  const operatorMin = new Map<string, string>();
  for (const o of covered) operatorMin.set(o, (await operatorSettingsOf(db, o)).affiliates.general.minWithdrawableAmountInUSD);
  const out: Candidate[] = [];
  for (const r of found) {
    const own = affiliateSettings.safeParse(r.affiliates);
    const minimum = own.success ? own.data.general.minWithdrawableAmountInUSD : operatorMin.get(r.op_id)!;
    if (cmpDec(r.balance, minimum) >= 0) out.push({ id: r.id, opId: r.op_id, balance: r.balance, minimum });
  }
  return out;
}

const statusOf = async (db: Db, id: string) =>
  (await db.select({ status: affiliateWithdrawJobs.status }).from(affiliateWithdrawJobs).where(eq(affiliateWithdrawJobs.id, id)))[0]?.status;

/** Pays one player inside the batch's transaction; answers the amount paid, or null (paid already by this job, or no longer eligible). */
async function payOne(tx: Db, job: AffiliateWithdrawJob, c: Candidate): Promise<string | null> {
  const [w] = await rowsOf<{ balance: string }>(tx, sql`select balance::text as balance from wallets
    where player_id = ${c.id} and kind = 'AFFILIATE' and currency = ${REWARD_CURRENCY} for update`);
  const [paid] = await tx.select({ txId: affiliateWithdrawJobPayments.txId }).from(affiliateWithdrawJobPayments)
    .where(and(eq(affiliateWithdrawJobPayments.jobId, job.id), eq(affiliateWithdrawJobPayments.playerId, c.id)));
  if (paid || !w || toUnits(w.balance) <= 0n || cmpDec(w.balance, c.minimum) < 0) return null;
  const actor = { id: job.startedById, email: job.startedBy, role: null, ip: null };
  const row = await claimWallet(tx, (t, e) => auditAs(t, actor, e), { email: job.startedBy }, { id: c.id, opId: c.opId }, {
    from: 'AFFILIATE', type: 'AFFILIATE', subType: 'AFFILIATE_PROFIT_WITHDRAW', action: 'AFFILIATE_PROFIT_WITHDRAW',
  });
  await tx.insert(affiliateWithdrawJobPayments).values({ jobId: job.id, playerId: c.id, txId: row.txId, amountUsd: row.toAmountInUsd });
  return row.toAmountInUsd;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One payout in its own savepoint (a failure rolls back the payout alone, the batch's transaction
 * stays usable); a failure counts an attempt on the job's failures row. Answers the amount paid,
 * null when nothing was paid (paid already, no longer eligible, or failed).
 */
async function attemptOne(tx: Db, job: AffiliateWithdrawJob, c: Candidate, retryBaseMs: number): Promise<string | null> {
  try {
    const amount = await tx.transaction((sp) => payOne(sp, job, c));
    const mine = and(eq(affiliateWithdrawJobFailures.jobId, job.id), eq(affiliateWithdrawJobFailures.playerId, c.id));
    // Paid by a retry: PAID. Nothing to pay any more (no longer eligible, paid already): no failure left to show.
    if (amount !== null) await tx.update(affiliateWithdrawJobFailures).set({ status: 'PAID', nextAttemptAt: null, updatedAt: new Date() }).where(mine);
    else await tx.delete(affiliateWithdrawJobFailures).where(and(mine, sql`${affiliateWithdrawJobFailures.status} <> 'FAILED'`));
    return amount;
  } catch (e) {
    const f = affiliateWithdrawJobFailures;
    // The database's own reason (drizzle wraps it with the whole statement), never the query text.
    const cause = (e as { cause?: unknown }).cause;
    const error = ((cause instanceof Error ? cause.message : (e as Error).message) || String(e)).slice(0, 500);
    const [row] = await tx.insert(f).values({ jobId: job.id, playerId: c.id, attempts: 1, lastError: error })
      .onConflictDoUpdate({ target: [f.jobId, f.playerId], set: { attempts: sql`${f.attempts} + 1`, lastError: error } })
      .returning({ attempts: f.attempts });
    const attempts = row!.attempts;
    const last = attempts >= AFFILIATE_WITHDRAW_MAX_ATTEMPTS;
    await tx.update(f).set({
      status: last ? 'FAILED' : 'RETRYING', updatedAt: new Date(),
      nextAttemptAt: last ? null : new Date(Date.now() + affiliateWithdrawBackoffMs(attempts, retryBaseMs)),
    }).where(and(eq(f.jobId, job.id), eq(f.playerId, c.id)));
    return null;
  }
}

/** One batch in one transaction: each payout attempted (in its savepoint), the job's progress with them. */
async function payBatch(db: Db, job: AffiliateWithdrawJob, batch: readonly Candidate[], retryBaseMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    let n = 0;
    let sum = '0';
    for (const c of batch) {
      const amount = await attemptOne(tx, job, c, retryBaseMs);
      if (amount !== null) { n++; sum = addDec(sum, amount); }
    }
    await tx.update(affiliateWithdrawJobs).set({
      paidPlayers: sql`${affiliateWithdrawJobs.paidPlayers} + ${n}`, paidUsd: sql`${affiliateWithdrawJobs.paidUsd} + ${sum}::numeric`,
    }).where(eq(affiliateWithdrawJobs.id, job.id));
  });
}

/** Runs (or resumes) one job; answers what it did, for the log. `afterBatch` hears each committed batch (progress). */
export async function runAffiliateJob(db: Db, jobId: string, opts: {
  batchSize?: number; afterBatch?: (paidSoFar: number) => Promise<void>;
  /** The first retry's backoff (tests shorten it). */
  retryBaseMs?: number;
} = {}): Promise<string> {
  const size = opts.batchSize ?? AFFILIATE_WITHDRAW_BATCH;
  const base = opts.retryBaseMs ?? AFFILIATE_WITHDRAW_RETRY_BASE_MS;
  const [job] = await db.select().from(affiliateWithdrawJobs).where(eq(affiliateWithdrawJobs.id, jobId));
  if (!job || job.status !== 'RUNNING') return 'nothing to do';
  try {
    const done = await db.select({ playerId: affiliateWithdrawJobPayments.playerId, amount: affiliateWithdrawJobPayments.amountUsd })
      .from(affiliateWithdrawJobPayments).where(eq(affiliateWithdrawJobPayments.jobId, jobId));
    const paidIds = new Set(done.map((d) => d.playerId));
    // A payout that failed for good in an earlier run of this job is not tried again.
    const given = await db.select({ playerId: affiliateWithdrawJobFailures.playerId }).from(affiliateWithdrawJobFailures)
      .where(and(eq(affiliateWithdrawJobFailures.jobId, jobId), eq(affiliateWithdrawJobFailures.status, 'FAILED')));
    const givenUp = new Set(given.map((g) => g.playerId));
    const todo = (await eligible(db, job.opId)).filter((c) => !paidIds.has(c.id) && !givenUp.has(c.id));
    const paidUsd = done.reduce((s, d) => addDec(s, d.amount), '0');
    await db.update(affiliateWithdrawJobs).set({
      totalPlayers: done.length + todo.length, paidPlayers: done.length,
      totalUsd: todo.reduce((s, c) => addDec(s, c.balance), paidUsd), paidUsd,
    }).where(eq(affiliateWithdrawJobs.id, jobId));
    for (let i = 0; i < todo.length; i += size) {
      if ((await statusOf(db, jobId)) !== 'RUNNING') return `cancelled after ${i} of ${todo.length}`;
      const batch = todo.slice(i, i + size);
      await payBatch(db, job, batch, base);
      await opts.afterBatch?.(i + batch.length);
    }
    // The failed payouts, again after their backoff, until each is paid or out of attempts (or the job is cancelled).
    const byId = new Map(todo.map((c) => [c.id, c]));
    for (;;) {
      const f = affiliateWithdrawJobFailures;
      const pending = await db.select().from(f).where(and(eq(f.jobId, jobId), eq(f.status, 'RETRYING'))).orderBy(f.nextAttemptAt);
      if (!pending.length) break;
      if ((await statusOf(db, jobId)) !== 'RUNNING') return 'cancelled while retrying';
      const wait = (pending[0]!.nextAttemptAt?.getTime() ?? 0) - Date.now();
      if (wait > 0) await sleep(Math.min(wait, 5_000));
      const due = pending.filter((p) => (p.nextAttemptAt?.getTime() ?? 0) <= Date.now());
      const gone: string[] = [];
      const retry = due.flatMap((p) => { const c = byId.get(p.playerId); if (!c) gone.push(p.playerId); return c ? [c] : []; });
      // A failed player no longer listed (a resumed run found them ineligible): nothing left to retry.
      if (gone.length) await db.update(f).set({ status: 'FAILED', nextAttemptAt: null }).where(and(eq(f.jobId, jobId), inArray(f.playerId, gone)));
      if (retry.length) await payBatch(db, job, retry, base);
    }
    const [failed] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from affiliate_withdraw_job_failures where job_id = ${jobId} and status = 'FAILED'`);
    const failedPlayers = Number(failed?.n ?? 0);
    const [fin] = await db.update(affiliateWithdrawJobs).set({
      status: 'DONE', finishedAt: new Date(), failedPlayers, error: failedPlayers ? AFFILIATE_WITHDRAW_MESSAGES.payoutsFailed(failedPlayers) : null,
    })
      .where(and(eq(affiliateWithdrawJobs.id, jobId), eq(affiliateWithdrawJobs.status, 'RUNNING'))).returning({ id: affiliateWithdrawJobs.id });
    return fin ? `done: ${todo.length} player(s)` : 'cancelled';
  } catch (e) {
    await db.update(affiliateWithdrawJobs).set({ status: 'FAILED', error: (e as Error).message.slice(0, 500), finishedAt: new Date() })
      .where(and(eq(affiliateWithdrawJobs.id, jobId), eq(affiliateWithdrawJobs.status, 'RUNNING')));
    return `failed: ${(e as Error).message}`;
  }
}
