import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, type Envelope, type ProviderDialogData, type TxStatus } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { idempotencyKeys, transactions } from '../../db/schema.js';
import { auditAs, type Actor, type AuditEntry } from '../../lib/audit.js';
import { ok } from '../../lib/http.js';
import { storeAnswer, type IdempotencySlot } from '../../lib/idempotency.js';
import {
  callProvider, logProviderCall, providerFor, providerTimeoutMs,
  type DepositVerifyRequest, type ProviderResult, type ProviderStatus, type ResendRequest, type WithdrawRequest,
} from '../../integrations/payments/index.js';
import { postEntry } from '../wallet/ledger.js';
import { alreadyHandled, type TxRow } from '../transactions/repo.js';
import { notMovable, viewOf } from './service.js';
import { grantDepositBonus } from '../bonuses/deposit-bonus.js';

/*
 * Provider calls never run inside a database transaction: claim → call → settle.
 *
 * 1. Claim (one short transaction): a conditional update moves the movement from its expected
 *    status (PENDING, or IN_PROGRESS for a re-send) to IN_FLIGHT with a new `claim_id`, stores
 *    what the settle needs in `claim`, writes the `<ACTION>_SENT` activity, and commits. Of racing
 *    requests exactly one claims; the others wait while it is in flight and then see the outcome
 *    ("This transaction is already confirmed by X." — or try again if it went back to PENDING).
 * 2. Call the provider with no transaction open (other requests, and on PGlite the one database
 *    connection, stay free).
 * 3. Settle (one transaction), conditional on `status = 'IN_FLIGHT' and claim_id = <this attempt>`:
 *    SUCCESS → CONFIRMED (a deposit credits the wallet through the ledger); TIMEOUT → IN_PROGRESS
 *    for a withdrawal (the money may be at the provider; a job asks the provider again later);
 *    a refusal → back to the previous status. The activity and the answer of the request's
 *    Idempotency-Key are written in the same transaction.
 *
 * A claim whose settle never came (process killed, lost connection) stays IN_FLIGHT; the job
 * `payments.sweep` finds claims older than PAYMENTS_CLAIM_STALE_SECONDS and `payments.settle-claim`
 * asks the provider (`withdrawalStatus`, or the deposit read again) and settles it the same way,
 * in the name of the staff member who sent it, storing the key's answer.
 */

export type ClaimKind = 'withdraw' | 'resend' | 'deposit-verify';
/** How the request is answered (also when a job settles it: the idempotency key then replays it). */
export type AnswerKind = 'withdraw-error' | 'withdraw-dialog' | 'resend' | 'deposit-verify';
export type Answer = { statusCode?: number; body: Envelope<unknown> };

/** `transactions.claim` while IN_FLIGHT. */
export interface ClaimContext {
  kind: ClaimKind;
  /** The status before the claim (a refusal settles back to it). Filled in by the claim statement. */
  from: 'PENDING' | 'IN_PROGRESS';
  provider: string;
  /** The activity of the outcome (WITHDRAW_CONFIRM, WITHDRAW_RESEND, DEPOSIT_VERIFY, ...). */
  action: string;
  answer: AnswerKind;
  withForce?: boolean;
  playerNote?: string | null;
  gatewayUuid?: string | null;
  actor: Actor;
  idem: { userId: string; key: string } | null;
}

type Claimed = TxRow & { claimId: string; claim: ClaimContext };

/** Who settles: the request that claimed, or a job recovering a claim whose answer never came. */
type Via = 'request' | 'job';

/**
 * Writes an activity of the claim or the settle inside its transaction. A request passes its
 * endpoint's writer (the action checked against the endpoint table, the record counted for the
 * request); without one, or when a job settles, the record is written in the claim actor's name.
 */
export type ActivityWriter = (tx: Db, e: AuditEntry) => Promise<void>;
const writerOf = (actor: Actor, write?: ActivityWriter): ActivityWriter => write ?? ((tx, e) => auditAs(tx, actor, e));

/* ---------- claims of this process (waiters, and the sweep leaves them alone) ---------- */

const live = new Map<string, { claimId: string; done: Promise<void> }>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether this process is still calling the provider for a claim. */
export const isLiveClaim = (claimId: string): boolean => [...live.values()].some((l) => l.claimId === claimId);

/** Wait (no transaction open) until the movement is no longer in flight, or the deadline. */
async function waitWhileInFlight(db: Db, txId: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const l = live.get(txId);
    if (l) { await Promise.race([l.done, sleep(deadline - Date.now())]); return; }
    const [cur] = await db.select({ status: transactions.status }).from(transactions).where(eq(transactions.txId, txId)).limit(1);
    if (cur?.status !== 'IN_FLIGHT') return;
    await sleep(100);
  }
}

/** How long a racing request waits for a claim in flight before answering "already being sent". */
const waitLimitMs = () => providerTimeoutMs() + 5_000;

/* ---------- 1. claim ---------- */

/** The claim transaction: conditional move to IN_FLIGHT, the `<ACTION>_SENT` activity, commit. Null when not in `from`. */
export async function claimMovement(db: Db, txId: string, from: readonly TxStatus[], ctx: Omit<ClaimContext, 'from'>, write?: ActivityWriter): Promise<Claimed | null> {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const claimId = crypto.randomUUID();
    const [row] = await tx.update(transactions).set({
      status: 'IN_FLIGHT', claimId, claimedAt: new Date(), claimedBy: ctx.actor.email, updatedAt: new Date(),
      claim: sql`${JSON.stringify(ctx)}::jsonb || jsonb_build_object('from', ${transactions.status})`,
    }).where(and(eq(transactions.txId, txId), inArray(transactions.status, [...from]), eq(transactions.isDeleted, false))).returning();
    if (!row) return null;
    const c = row as Claimed;
    await writerOf(ctx.actor, write)(tx, {
      action: `${ctx.action}_SENT`, targetType: 'transaction', targetId: txId, opId: row.opId, before: { status: c.claim.from },
      after: { status: 'IN_FLIGHT', provider: ctx.provider, ...(ctx.withForce ? { withForce: true } : {}), ...(ctx.gatewayUuid ? { gatewayUuid: ctx.gatewayUuid } : {}) },
    });
    return c;
  });
}

/* ---------- 2. the call ---------- */

export function requestOf(row: TxRow, ctx: Pick<ClaimContext, 'kind' | 'withForce' | 'gatewayUuid'>): WithdrawRequest | ResendRequest | DepositVerifyRequest {
  if (ctx.kind === 'deposit-verify') return { txId: row.txId, orderId: row.externalRef, amount: row.toAmount, currency: row.toCurrency };
  const base = { txId: row.txId, reference: row.externalRef, amount: row.toAmount, currency: row.toCurrency, destination: row.destination };
  if (ctx.kind === 'resend') return { ...base, gatewayUuid: row.gatewayUuid };
  return { ...base, gatewayUuid: ctx.gatewayUuid ?? row.gatewayUuid, withForce: ctx.withForce === true };
}

const CALL_ACTION = { withdraw: 'withdraw', resend: 'resend', 'deposit-verify': 'deposit-verify' } as const;

/**
 * Claim the movement, call its provider with no transaction open, settle. Racing requests: one
 * claims, the others wait for its outcome, then claim in turn if it went back to `from`, else
 * answer 409 "already … by …". The answer is also stored for the request's Idempotency-Key.
 */
export async function sendToProvider(db: Db, p: {
  txId: string; from: readonly TxStatus[]; slot: IdempotencySlot | null; ctx: Omit<ClaimContext, 'from' | 'idem'>; write?: ActivityWriter;
}): Promise<Answer> {
  const deadline = Date.now() + waitLimitMs();
  const ctx = { ...p.ctx, idem: p.slot ? { userId: p.slot.userId, key: p.slot.key } : null };
  let row: Claimed | null;
  for (;;) {
    row = await claimMovement(db, p.txId, p.from, ctx, p.write);
    if (row) break;
    const [cur] = await db.select({ status: transactions.status }).from(transactions).where(eq(transactions.txId, p.txId)).limit(1);
    if (cur?.status !== 'IN_FLIGHT' || Date.now() >= deadline) throw await notMovable(db, p.txId, p.from);
    await waitWhileInFlight(db, p.txId, deadline);
  }
  if (p.slot) p.slot.claimed = true;
  let done: () => void = () => {};
  live.set(p.txId, { claimId: row.claimId, done: new Promise<void>((r) => { done = r; }) });
  try {
    const client = providerFor(ctx.provider);
    const request = requestOf(row, ctx);
    const res = await callProvider(client, (c) => {
      if (ctx.kind === 'deposit-verify') return c.verifyDeposit(request as DepositVerifyRequest);
      if (ctx.kind === 'resend') return c.resend(request as ResendRequest);
      return c.withdraw(request as WithdrawRequest);
    });
    await logProviderCall(db, { txId: p.txId, client, action: ctx.kind === 'withdraw' && ctx.withForce ? 'withdraw-force' : CALL_ACTION[ctx.kind], request }, res);
    const settled = await settleClaim(db, row, res, 'request', { checkAfterSeconds: checkAfterSeconds(), write: p.write });
    if (!settled) throw await alreadyHandled(db, p.txId);
    return settled;
  } finally {
    live.delete(p.txId);
    done();
  }
}

/* ---------- 3. settle ---------- */

let firstCheckSeconds = 30;
/** The first provider check of an IN_PROGRESS withdrawal, in seconds after its timeout (PAYMENTS_CHECK_SECONDS). */
export const checkAfterSeconds = () => firstCheckSeconds;
export function configureProviderChecks(seconds: number): void { firstCheckSeconds = seconds; }

/** The conditional settle: applies only while the row is still claimed by this attempt. Clears the claim. */
async function settleTo(tx: Db, row: Claimed, set: Partial<typeof transactions.$inferInsert>): Promise<TxRow | null> {
  const [r] = await tx.update(transactions).set({ ...set, claimId: null, claim: null, updatedAt: new Date() })
    .where(and(eq(transactions.txId, row.txId), eq(transactions.status, 'IN_FLIGHT'), eq(transactions.claimId, row.claimId))).returning();
  return r ?? null;
}

const checkAt = (seconds: number) => new Date(Date.now() + seconds * 1000);

/**
 * Apply a provider outcome to a claimed movement in one transaction: status, ledger, activity,
 * and the idempotency key's answer. Null when the claim is no longer this attempt's (another
 * settle came first): nothing is applied.
 */
export async function settleClaim(db: Db, row: Claimed, res: ProviderResult, via: Via, opts: { checkAfterSeconds: number; write?: ActivityWriter }): Promise<Answer | null> {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const c = row.claim;
    const record = writerOf(c.actor, via === 'request' ? opts.write : undefined);
    const by = via === 'job' ? { settledBy: 'job' } : {};
    const info = { provider: c.provider, outcome: res.outcome, description: res.description ?? null, reference: res.reference ?? null };
    const ref = res.reference ? { externalRef: res.reference } : {};
    const base = { targetType: 'transaction', targetId: row.txId, opId: row.opId, before: { status: c.from } };
    let answer: Answer;

    if (c.kind === 'deposit-verify') {
      if (res.outcome === 'SUCCESS') {
        const credited = await creditDeposit(tx, row, res);
        if (!credited) return null;
        await record(tx, {
          ...base, action: c.action, before: { status: 'PENDING', balance: credited.entry.balanceBefore },
          after: {
            status: 'CONFIRMED', isFTD: credited.row.isFtd, credited: row.toAmount, currency: row.toCurrency, balance: credited.entry.balanceAfter, provider: row.provider ?? row.gateway, ...by,
            ...(credited.bonus ? { depositBonus: { bonusId: credited.bonus.bonusId, title: credited.bonus.title, amountInUSD: credited.bonus.amountInUSD, txId: credited.bonus.txId } } : {}),
          },
        });
        answer = { body: ok(await viewOf(tx, credited.row), [PAYMENT_FLOW_MESSAGES.DEPOSIT_VERIFIED]) };
      } else {
        if (!(await settleTo(tx, row, { status: c.from }))) return null;
        await record(tx, { ...base, action: `${c.action}_${res.outcome}`, after: { status: c.from, ...info, ...by } });
        const timeout = res.outcome === 'TIMEOUT';
        const message = timeout ? PAYMENT_FLOW_MESSAGES.PROVIDER_TIMEOUT_DEPOSIT : (res.description ?? PAYMENT_FLOW_MESSAGES.PROVIDER_FAILED);
        answer = { statusCode: 400, body: { success: false, data: null, messages: [message], status: timeout ? 'PROVIDER_TIMEOUT' : 'VERIFY_FAILED' } };
      }
    } else if (c.kind === 'resend') {
      let set: Partial<typeof transactions.$inferInsert> = { status: c.from };
      if (res.outcome === 'SUCCESS') set = { status: 'CONFIRMED', confirmedAt: new Date(), confirmedBy: c.actor.email, providerCheckAt: null, ...ref };
      else if (res.outcome === 'TIMEOUT') set = { status: 'IN_PROGRESS', providerCheckAt: checkAt(opts.checkAfterSeconds), providerChecks: 0, ...ref };
      const moved = await settleTo(tx, row, set);
      if (!moved) return null;
      await record(tx, { ...base, action: c.action, after: { status: moved.status, ...info, ...by } });
      const messages = [res.description ?? PAYMENT_FLOW_MESSAGES.RESENT];
      answer = { body: ok(res.raw !== undefined && res.raw !== null ? { gatewayResponse: res.raw, outcome: res.outcome, transactionStatus: moved.status } : null, messages) };
    } else {
      const note = c.playerNote ? { playerNote: c.playerNote } : {};
      const gateway = c.gatewayUuid ? { gatewayUuid: c.gatewayUuid } : {};
      const providerInfo = { ...info, withForce: c.withForce === true };
      let moved: TxRow | null;
      if (res.outcome === 'SUCCESS') {
        moved = await settleTo(tx, row, { status: 'CONFIRMED', confirmedAt: new Date(), confirmedBy: c.actor.email, providerCheckAt: null, ...note, ...gateway, ...ref });
        if (!moved) return null;
        await record(tx, { ...base, action: c.action, after: { status: 'CONFIRMED', ...providerInfo, gatewayUuid: moved.gatewayUuid, ...by } });
      } else if (res.outcome === 'TIMEOUT') {
        moved = await settleTo(tx, row, { status: 'IN_PROGRESS', providerCheckAt: checkAt(opts.checkAfterSeconds), providerChecks: 0, ...note, ...gateway, ...ref });
        if (!moved) return null;
        await record(tx, { ...base, action: c.action, after: { status: 'IN_PROGRESS', ...providerInfo, ...by } });
      } else {
        // NEEDS_FORCE / FAILED: back where it was, the attempt on record.
        moved = await settleTo(tx, row, { status: c.from });
        if (!moved) return null;
        await record(tx, { ...base, action: `${c.action}_${res.outcome}`, after: { status: c.from, ...providerInfo, canForce: res.canForce ?? false, ...by } });
      }
      answer = await confirmAnswer(tx, moved, res, c.answer === 'withdraw-dialog' ? 'dialog' : 'error');
    }
    await storeAnswer(tx, c.idem, answer);
    return answer;
  });
}

/** Credit a verified deposit once: CONFIRMED (settling the claim), MAIN wallet credited (reason DEPOSIT), FTD flag, balances stored. */
async function creditDeposit(tx: Db, row: Claimed, res: ProviderResult) {
  // One deposit confirmation per player at a time, so the FTD check below cannot race. An advisory
  // lock (not the players row) so it never orders against row locks other modules take (wallet → player).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit-ftd:${row.playerId}`}))`);
  const [earlier] = await tx.select({ txId: transactions.txId }).from(transactions).where(and(
    eq(transactions.playerId, row.playerId), eq(transactions.transactionType, 'DEPOSIT'), eq(transactions.status, 'CONFIRMED'),
    eq(transactions.isDeleted, false),
  )).limit(1);
  const moved = await settleTo(tx, row, { status: 'CONFIRMED', confirmedAt: new Date(), confirmedBy: row.claim.actor.email, isFtd: !earlier });
  if (!moved) return null;
  const entry = await postEntry(tx, {
    playerId: row.playerId, opId: row.opId, kind: 'MAIN', currency: row.toCurrency, amount: row.toAmount,
    reason: 'DEPOSIT', refType: 'transaction', refId: row.txId,
  });
  const [updated] = await tx.update(transactions).set({
    balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter,
    ...(res.reference && !row.externalRef ? { externalRef: res.reference } : {}),
  }).where(eq(transactions.txId, row.txId)).returning();
  // The deposit bonus it earns, in the same transaction (once: this settle applies once per deposit).
  const bonus = await grantDepositBonus(tx, updated!, row.claim.actor.email);
  return { row: updated!, entry, bonus };
}

/* ---------- answers ---------- */

const dialog = (res: ProviderResult, done: boolean): ProviderDialogData => ({ status: done ? 1 : 0, description: res.description ?? null, canForce: !done && res.canForce === true });

/**
 * The answer of a provider confirmation. `failedAs`: the suffix routes answer a refusal with
 * 400 (JB reads status 0 as "force needed"); the Tomani dialog reads status 0 + canForce false.
 */
async function confirmAnswer(tx: Db, row: TxRow, res: ProviderResult, failedAs: 'error' | 'dialog'): Promise<Answer> {
  const transaction = await viewOf(tx, row);
  switch (res.outcome) {
    case 'SUCCESS': return { body: ok({ ...dialog(res, true), transaction }, [PAYMENT_MESSAGES.WITHDRAW_CONFIRMED]) };
    case 'TIMEOUT': return { statusCode: 202, body: ok({ ...dialog(res, true), transaction }, [PAYMENT_FLOW_MESSAGES.PROVIDER_TIMEOUT_WITHDRAW]) };
    case 'NEEDS_FORCE': return { body: ok({ ...dialog(res, false), transaction }) };
    case 'FAILED': {
      const description = res.description ?? PAYMENT_FLOW_MESSAGES.PROVIDER_FAILED;
      if (failedAs === 'dialog') return { body: ok({ status: 0 as const, description, canForce: false, transaction }) };
      return { statusCode: 400, body: { success: false as const, data: { status: 0 as const, description, canForce: false }, messages: [description], status: 'PROVIDER_FAILED' } };
    }
  }
}

/* ---------- recovery (jobs) ---------- */

/** Provider status → the outcome to settle: NOT_FOUND means the request never reached the provider (nothing to settle there). */
function asOutcome(s: ProviderStatus): ProviderResult {
  if (s.outcome !== 'NOT_FOUND') return s as ProviderResult;
  return { ...s, outcome: 'FAILED', status: 0, description: s.description ?? PAYMENT_FLOW_MESSAGES.PROVIDER_NEVER_RECEIVED };
}

/**
 * Settle a claim whose answer never came (job `payments.settle-claim`): ask the provider for the
 * status of the request by its reference (a deposit: read it again), no transaction open, then
 * settle as the request would have. Skips a claim this process is still calling for, and one
 * already settled. Returns what happened.
 */
export async function recoverClaim(db: Db, txId: string, claimId: string): Promise<'settled' | 'gone' | 'live' | 'lost'> {
  if (isLiveClaim(claimId)) return 'live';
  const [row] = await db.select().from(transactions).where(and(eq(transactions.txId, txId), eq(transactions.status, 'IN_FLIGHT'), eq(transactions.claimId, claimId))).limit(1);
  if (!row || !row.claim) return 'gone';
  const claimed = row as Claimed;
  const c = claimed.claim;
  const client = providerFor(c.provider);
  let res: ProviderResult;
  if (c.kind === 'deposit-verify') {
    const request = requestOf(claimed, c) as DepositVerifyRequest;
    res = await callProvider(client, (x) => x.verifyDeposit(request));
    await logProviderCall(db, { txId, client, action: 'deposit-verify', request }, res);
  } else {
    const request = { txId, reference: row.externalRef };
    const status = await callProvider(client, (x) => x.withdrawalStatus(request));
    await logProviderCall(db, { txId, client, action: 'withdraw-status', request }, status);
    res = asOutcome(status);
  }
  return (await settleClaim(db, claimed, res, 'job', { checkAfterSeconds: checkAfterSeconds() })) ? 'settled' : 'lost';
}

/** Provider checks of an IN_PROGRESS withdrawal: first after PAYMENTS_CHECK_SECONDS, then doubling, at most this many. */
export const MAX_PROVIDER_CHECKS = 10;
const MAX_CHECK_GAP_SECONDS = 3600;
export const SYSTEM_ACTOR: Actor = { id: null, email: null, role: 'SYSTEM', ip: null };

/**
 * Ask the provider about an IN_PROGRESS withdrawal it did not answer for (job
 * `payments.check-withdrawal`). Paid → CONFIRMED; refused, held or unknown to the provider →
 * back to PENDING (staff re-send or reject it); still processing → asked again later, up to
 * MAX_PROVIDER_CHECKS times, after which it stays IN_PROGRESS for staff (the in-progress queue).
 */
export async function checkWithdrawal(db: Db, txId: string): Promise<'confirmed' | 'pending' | 'again' | 'gave-up' | 'skipped'> {
  const [row] = await db.select().from(transactions).where(eq(transactions.txId, txId)).limit(1);
  if (!row || row.status !== 'IN_PROGRESS' || !row.provider || !row.providerCheckAt) {
    if (row?.providerCheckAt && row.status !== 'IN_PROGRESS') await db.update(transactions).set({ providerCheckAt: null }).where(and(eq(transactions.txId, txId), sql`status <> 'IN_PROGRESS'`));
    return 'skipped';
  }
  const client = providerFor(row.provider);
  const request = { txId, reference: row.externalRef };
  const status = await callProvider(client, (x) => x.withdrawalStatus(request));
  await logProviderCall(db, { txId, client, action: 'withdraw-status', request }, status);
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const where = and(eq(transactions.txId, txId), eq(transactions.status, 'IN_PROGRESS'));
    const info = { provider: row.provider, outcome: status.outcome, description: status.description ?? null, reference: status.reference ?? null, check: row.providerChecks + 1, by: 'job' };
    const base = { targetType: 'transaction', targetId: txId, opId: row.opId, before: { status: 'IN_PROGRESS' } };
    if (status.outcome === 'SUCCESS') {
      const [moved] = await tx.update(transactions).set({
        status: 'CONFIRMED', confirmedAt: new Date(), confirmedBy: row.claimedBy, providerCheckAt: null, updatedAt: new Date(),
        ...(status.reference ? { externalRef: status.reference } : {}),
      }).where(where).returning();
      if (!moved) return 'skipped';
      await auditAs(tx, SYSTEM_ACTOR, { ...base, action: 'WITHDRAW_PROVIDER_CONFIRMED', after: { status: 'CONFIRMED', ...info } });
      return 'confirmed';
    }
    if (status.outcome !== 'TIMEOUT') {
      const [moved] = await tx.update(transactions).set({ status: 'PENDING', providerCheckAt: null, updatedAt: new Date() }).where(where).returning();
      if (!moved) return 'skipped';
      await auditAs(tx, SYSTEM_ACTOR, { ...base, action: 'WITHDRAW_PROVIDER_NOT_PAID', after: { status: 'PENDING', ...info } });
      return 'pending';
    }
    const checks = row.providerChecks + 1;
    if (checks >= MAX_PROVIDER_CHECKS) {
      const [moved] = await tx.update(transactions).set({ providerCheckAt: null, providerChecks: checks }).where(where).returning();
      if (moved) await auditAs(tx, SYSTEM_ACTOR, { ...base, action: 'WITHDRAW_PROVIDER_CHECKS_EXHAUSTED', after: { status: 'IN_PROGRESS', ...info } });
      return 'gave-up';
    }
    const gap = Math.min(MAX_CHECK_GAP_SECONDS, checkAfterSeconds() * 2 ** checks);
    await tx.update(transactions).set({ providerCheckAt: checkAt(gap), providerChecks: checks }).where(where);
    return 'again';
  });
}

/**
 * What the sweep hands to jobs: claims in flight for longer than `staleSeconds` (not this
 * process's own), and IN_PROGRESS withdrawals whose provider check is due. A due check is leased
 * for 5 minutes (its job sets the next time), so it is not handed out twice. Stale reservations
 * of idempotency keys (no answer after an hour, no claim holding them) are freed.
 */
export async function dueProviderWork(db: Db, staleSeconds: number, limit = 100): Promise<{ claims: { txId: string; claimId: string }[]; checks: string[] }> {
  const stale = await db.select({ txId: transactions.txId, claimId: transactions.claimId }).from(transactions)
    .where(and(eq(transactions.status, 'IN_FLIGHT'), lte(transactions.claimedAt, new Date(Date.now() - staleSeconds * 1000)), isNotNull(transactions.claimId)))
    .orderBy(asc(transactions.claimedAt)).limit(limit);
  const claims = stale.filter((r): r is { txId: string; claimId: string } => !!r.claimId && !isLiveClaim(r.claimId));
  const checks = await db.transaction(async (tx) => {
    const due = await tx.select({ txId: transactions.txId }).from(transactions)
      .where(and(eq(transactions.status, 'IN_PROGRESS'), lte(transactions.providerCheckAt, new Date())))
      .orderBy(asc(transactions.providerCheckAt)).limit(limit).for('update', { skipLocked: true });
    if (!due.length) return [];
    await tx.update(transactions).set({ providerCheckAt: new Date(Date.now() + 5 * 60_000) })
      .where(inArray(transactions.txId, due.map((d) => d.txId)));
    return due.map((d) => d.txId);
  });
  await db.execute(sql`delete from ${idempotencyKeys} k where k.status_code is null and k.created_at < now() - interval '1 hour'
    and not exists (select 1 from ${transactions} t where t.status = 'IN_FLIGHT' and t.claim->'idem'->>'key' = k.key and t.claim->'idem'->>'userId' = k.user_id::text)`);
  return { claims, checks };
}
