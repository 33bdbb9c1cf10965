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
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  AFFILIATE_WITHDRAW_BATCH, AFFILIATE_WITHDRAW_MESSAGES, addDec, affiliateSettings, cmpDec, toUnits,
  type AffiliateWithdrawJobRow, type AffiliateWithdrawJobStatus,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { affiliateWithdrawJobPayments, affiliateWithdrawJobs } from '../../db/schema.js';
import { auditAs } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import { loadOperators, operatorTitles, type OpTitles } from '../../lib/scope.js';
import { enqueue } from '../../jobs/queue.js';
import { operatorSettingsOf } from '../reports/routes.js';
import { REWARD_CURRENCY, claimWallet } from './service.js';

export type AffiliateWithdrawJob = typeof affiliateWithdrawJobs.$inferSelect;

export function jobRow(j: AffiliateWithdrawJob, titleOf: (opId: string) => OpTitles): AffiliateWithdrawJobRow {
  return {
    jobId: j.id, opId: j.opId, ...titleOf(j.opId), status: j.status as AffiliateWithdrawJobStatus, startedBy: j.startedBy,
    totalPlayers: j.totalPlayers, paidPlayers: j.paidPlayers, totalUSD: j.totalUsd, paidUSD: j.paidUsd, error: j.error,
    startedAt: j.startedAt.toISOString(), finishedAt: j.finishedAt ? j.finishedAt.toISOString() : null, cancelledBy: j.cancelledBy,
  };
}

export async function jobView(db: Db, id: string): Promise<AffiliateWithdrawJobRow> {
  const [j] = await db.select().from(affiliateWithdrawJobs).where(eq(affiliateWithdrawJobs.id, id));
  return jobRow(j!, await operatorTitles(db));
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

/** Runs (or resumes) one job; answers what it did, for the log. `afterBatch` hears each committed batch (progress). */
export async function runAffiliateJob(db: Db, jobId: string, opts: { batchSize?: number; afterBatch?: (paidSoFar: number) => Promise<void> } = {}): Promise<string> {
  const size = opts.batchSize ?? AFFILIATE_WITHDRAW_BATCH;
  const [job] = await db.select().from(affiliateWithdrawJobs).where(eq(affiliateWithdrawJobs.id, jobId));
  if (!job || job.status !== 'RUNNING') return 'nothing to do';
  try {
    const done = await db.select({ playerId: affiliateWithdrawJobPayments.playerId, amount: affiliateWithdrawJobPayments.amountUsd })
      .from(affiliateWithdrawJobPayments).where(eq(affiliateWithdrawJobPayments.jobId, jobId));
    const paidIds = new Set(done.map((d) => d.playerId));
    const todo = (await eligible(db, job.opId)).filter((c) => !paidIds.has(c.id));
    const paidUsd = done.reduce((s, d) => addDec(s, d.amount), '0');
    await db.update(affiliateWithdrawJobs).set({
      totalPlayers: done.length + todo.length, paidPlayers: done.length,
      totalUsd: todo.reduce((s, c) => addDec(s, c.balance), paidUsd), paidUsd,
    }).where(eq(affiliateWithdrawJobs.id, jobId));
    for (let i = 0; i < todo.length; i += size) {
      if ((await statusOf(db, jobId)) !== 'RUNNING') return `cancelled after ${i} of ${todo.length}`;
      const batch = todo.slice(i, i + size);
      await db.transaction(async (tx) => {
        let n = 0;
        let sum = '0';
        for (const c of batch) {
          const amount = await payOne(tx, job, c);
          if (amount !== null) { n++; sum = addDec(sum, amount); }
        }
        await tx.update(affiliateWithdrawJobs).set({
          paidPlayers: sql`${affiliateWithdrawJobs.paidPlayers} + ${n}`, paidUsd: sql`${affiliateWithdrawJobs.paidUsd} + ${sum}::numeric`,
        }).where(eq(affiliateWithdrawJobs.id, jobId));
      });
      await opts.afterBatch?.(i + batch.length);
    }
    const [fin] = await db.update(affiliateWithdrawJobs).set({ status: 'DONE', finishedAt: new Date() })
      .where(and(eq(affiliateWithdrawJobs.id, jobId), eq(affiliateWithdrawJobs.status, 'RUNNING'))).returning({ id: affiliateWithdrawJobs.id });
    return fin ? `done: ${todo.length} player(s)` : 'cancelled';
  } catch (e) {
    await db.update(affiliateWithdrawJobs).set({ status: 'FAILED', error: (e as Error).message.slice(0, 500), finishedAt: new Date() })
      .where(and(eq(affiliateWithdrawJobs.id, jobId), eq(affiliateWithdrawJobs.status, 'RUNNING')));
    return `failed: ${(e as Error).message}`;
  }
}
