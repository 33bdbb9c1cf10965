import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, WITHDRAW_PROVIDER_SUFFIXES, fromUnits, toUnits, type TxStatus } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { ledgerEntries, players, transactions, wallets } from '../../db/schema.js';
import type { AuthedUser } from '../../lib/context.js';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http.js';
import { audit } from '../../lib/audit.js';
import { postEntry } from '../wallet/ledger.js';
import { alreadyHandled, playerFieldsOf, playerJoin, toView, transition, type TxRow, type TxView } from '../transactions/repo.js';
import { loggedCall, providerFor, type ProviderResult, type WithdrawRequest } from '../../integrations/payments/index.js';

export const APPROVE_PERMISSION = 'transactions_withdraw_approve';
export const REJECT_PERMISSION = 'transactions_withdraw_reject';

/** Providers that have no suffix route (001 §7): Tomani and Witcher. */
export const NO_SUFFIX_PROVIDERS = ['tomani', 'witcher'] as const;
export const isWithdrawSuffix = (s: string): boolean => (WITHDRAW_PROVIDER_SUFFIXES as readonly string[]).includes(s);

export function requirePermission(user: AuthedUser, ...anyOf: string[]): void {
  if (!anyOf.some((p) => user.permissionSet.has(p))) throw forbidden(MSG.NO_PERMISSION);
}

export function assertType(t: TxRow, type: 'WITHDRAW' | 'DEPOSIT'): void {
  if (t.isDeleted) throw notFound(PAYMENT_MESSAGES.TX_NOT_FOUND);
  if (t.transactionType !== type) throw badRequest(type === 'WITHDRAW' ? PAYMENT_FLOW_MESSAGES.NOT_A_WITHDRAWAL : PAYMENT_FLOW_MESSAGES.NOT_A_DEPOSIT);
}

/** The transaction row locked for this database transaction (FOR UPDATE): one provider call at a time per movement. */
export async function lockTx(tx: Db, txId: string): Promise<TxRow> {
  const [row] = await tx.select().from(transactions).where(and(eq(transactions.txId, txId), eq(transactions.isDeleted, false))).for('update');
  if (!row) throw notFound(PAYMENT_MESSAGES.TX_NOT_FOUND);
  return row;
}

/**
 * Why a movement is not in the state the caller expected: a PENDING one asked to settle as
 * in-progress is a 400; anything that moved on (someone else confirmed, rejected, or sent it to
 * the provider) is the race loser's 409 "already … by …".
 */
export async function notMovable(tx: Db, txId: string, expected: readonly TxStatus[]): Promise<HttpError> {
  const [t] = await tx.select({ status: transactions.status }).from(transactions).where(eq(transactions.txId, txId)).limit(1);
  if (t && t.status === 'PENDING' && !expected.includes('PENDING')) return badRequest(PAYMENT_MESSAGES.NOT_IN_PROGRESS);
  return alreadyHandled(tx, txId);
}

export async function assertStatus(tx: Db, row: TxRow, expected: readonly TxStatus[]): Promise<void> {
  if (!expected.includes(row.status as TxStatus)) throw await notMovable(tx, row.txId, expected);
}

export async function viewOf(db: Db, row: TxRow): Promise<TxView> {
  const p = playerFieldsOf(row) ?? (await db.select(playerJoin).from(players).where(eq(players.id, row.playerId)).limit(1))[0];
  return toView(row, p ?? { playerCode: '', username: null, email: null });
}

/**
 * Give back what a withdrawal holds: the net of its WITHDRAW_HOLD / WITHDRAW_REFUND ledger
 * entries on the player's MAIN wallet, never more (a second refund finds nothing held).
 * Call after the conditional status change that makes this request the only one refunding.
 */
export async function refundHold(tx: Db, row: TxRow): Promise<{ currency: string; amount: string; balanceBefore: string; balanceAfter: string }[]> {
  const held = await tx.select({ currency: ledgerEntries.currency, net: sql<string>`sum(${ledgerEntries.amount})::text` })
    .from(ledgerEntries).innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .where(and(
      eq(wallets.playerId, row.playerId), eq(wallets.kind, 'MAIN'), eq(ledgerEntries.refId, row.txId),
      inArray(ledgerEntries.reason, ['WITHDRAW_HOLD', 'WITHDRAW_REFUND']),
    ))
    .groupBy(ledgerEntries.currency);
  const refunds = [];
  for (const h of held) {
    const net = toUnits(h.net);
    if (net >= 0n) continue;
    const amount = fromUnits(-net);
    const e = await postEntry(tx, { playerId: row.playerId, opId: row.opId, kind: 'MAIN', currency: h.currency, amount, reason: 'WITHDRAW_REFUND', refType: 'transaction', refId: row.txId });
    refunds.push({ currency: h.currency, amount, balanceBefore: e.balanceBefore, balanceAfter: e.balanceAfter });
  }
  return refunds;
}

/** Reject a PENDING (or, from the in-progress call, IN_PROGRESS) withdrawal and refund what it holds. */
export async function rejectWithdrawal(tx: Db, req: FastifyRequest, me: AuthedUser, txId: string, opts: {
  from: readonly TxStatus[]; playerNote?: string; countsTowardDailyLimit?: boolean; action: string;
}): Promise<{ row: TxRow; refunds: Awaited<ReturnType<typeof refundHold>> }> {
  const now = new Date();
  const row = await transition(tx, txId, opts.from, {
    status: 'REJECTED', rejectedAt: now, rejectedBy: me.email,
    ...(opts.playerNote ? { playerNote: opts.playerNote } : {}),
    ...(opts.countsTowardDailyLimit !== undefined ? { countsTowardDailyLimit: opts.countsTowardDailyLimit } : {}),
  });
  if (!row) throw await notMovable(tx, txId, opts.from);
  const refunds = await refundHold(tx, row);
  await audit(tx, req, {
    action: opts.action, targetType: 'transaction', targetId: txId, opId: row.opId,
    before: { status: opts.from.length === 1 ? opts.from[0] : opts.from },
    after: { status: 'REJECTED', playerNote: opts.playerNote ?? null, countsTowardDailyLimit: row.countsTowardDailyLimit, refunds },
  });
  return { row, refunds };
}

export type ConfirmResult =
  | { kind: 'CONFIRMED'; row: TxRow; res: ProviderResult }
  | { kind: 'IN_PROGRESS'; row: TxRow; res: ProviderResult }
  | { kind: 'NEEDS_FORCE'; row: TxRow; res: ProviderResult }
  | { kind: 'FAILED'; row: TxRow; res: ProviderResult };

/**
 * Send a PENDING withdrawal to its provider, under the row lock, and apply the outcome:
 * SUCCESS → CONFIRMED; TIMEOUT → IN_PROGRESS (the money is at the provider); NEEDS_FORCE and
 * FAILED leave it PENDING. The provider call is logged in the same transaction.
 */
export async function confirmViaProvider(tx: Db, req: FastifyRequest, me: AuthedUser, txId: string, opts: {
  provider: string; withForce: boolean; playerNote?: string; gatewayUuid?: string; action: string;
}): Promise<ConfirmResult> {
  const locked = await lockTx(tx, txId);
  await assertStatus(tx, locked, ['PENDING']);
  const client = providerFor(opts.provider);
  const request: WithdrawRequest = {
    txId, reference: locked.externalRef, amount: locked.toAmount, currency: locked.toCurrency, destination: locked.destination,
    gatewayUuid: opts.gatewayUuid ?? locked.gatewayUuid, withForce: opts.withForce,
  };
  const res = await loggedCall(tx, { txId, client, action: opts.withForce ? 'withdraw-force' : 'withdraw', request }, (c) => c.withdraw(request));
  const note = opts.playerNote ? { playerNote: opts.playerNote } : {};
  const gateway = opts.gatewayUuid ? { gatewayUuid: opts.gatewayUuid } : {};
  const ref = res.reference ? { externalRef: res.reference } : {};
  const base = { action: opts.action, targetType: 'transaction', targetId: txId, opId: locked.opId, before: { status: 'PENDING' } };
  const providerInfo = { provider: opts.provider, outcome: res.outcome, description: res.description ?? null, reference: res.reference ?? null, withForce: opts.withForce };
  if (res.outcome === 'SUCCESS') {
    const row = await transition(tx, txId, ['PENDING'], { status: 'CONFIRMED', confirmedAt: new Date(), confirmedBy: me.email, ...note, ...gateway, ...ref });
    if (!row) throw await notMovable(tx, txId, ['PENDING']);
    await audit(tx, req, { ...base, after: { status: 'CONFIRMED', ...providerInfo, gatewayUuid: row.gatewayUuid } });
    return { kind: 'CONFIRMED', row, res };
  }
  if (res.outcome === 'TIMEOUT') {
    const row = await transition(tx, txId, ['PENDING'], { status: 'IN_PROGRESS', ...note, ...gateway, ...ref });
    if (!row) throw await notMovable(tx, txId, ['PENDING']);
    await audit(tx, req, { ...base, after: { status: 'IN_PROGRESS', ...providerInfo } });
    return { kind: 'IN_PROGRESS', row, res };
  }
  // NEEDS_FORCE / FAILED: nothing changes but the attempt is on record.
  await audit(tx, req, { ...base, action: `${opts.action}_${res.outcome}`, after: { status: 'PENDING', ...providerInfo, canForce: res.canForce ?? false } });
  return { kind: res.outcome, row: locked, res };
}

/** Credit a verified deposit once: CONFIRMED, MAIN wallet credited (reason DEPOSIT), FTD flag, balances stored. */
export async function confirmDeposit(tx: Db, req: FastifyRequest, me: AuthedUser, locked: TxRow, res: ProviderResult): Promise<TxRow> {
  // One deposit confirmation per player at a time, so the FTD check below cannot race. An advisory
  // lock (not the players row) so it never orders against row locks other modules take (wallet → player).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit-ftd:${locked.playerId}`}))`);
  const [earlier] = await tx.select({ txId: transactions.txId }).from(transactions).where(and(
    eq(transactions.playerId, locked.playerId), eq(transactions.transactionType, 'DEPOSIT'), eq(transactions.status, 'CONFIRMED'),
    eq(transactions.isDeleted, false),
  )).limit(1);
  const moved = await transition(tx, locked.txId, ['PENDING'], { status: 'CONFIRMED', confirmedAt: new Date(), confirmedBy: me.email, isFtd: !earlier });
  if (!moved) throw await notMovable(tx, locked.txId, ['PENDING']);
  const entry = await postEntry(tx, {
    playerId: locked.playerId, opId: locked.opId, kind: 'MAIN', currency: locked.toCurrency, amount: locked.toAmount,
    reason: 'DEPOSIT', refType: 'transaction', refId: locked.txId,
  });
  const [row] = await tx.update(transactions).set({
    balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter,
    ...(res.reference && !locked.externalRef ? { externalRef: res.reference } : {}),
  }).where(eq(transactions.txId, locked.txId)).returning();
  await audit(tx, req, {
    action: 'DEPOSIT_VERIFY', targetType: 'transaction', targetId: locked.txId, opId: locked.opId,
    before: { status: 'PENDING', balance: entry.balanceBefore },
    after: { status: 'CONFIRMED', isFTD: !earlier, credited: locked.toAmount, currency: locked.toCurrency, balance: entry.balanceAfter, provider: locked.provider ?? locked.gateway },
  });
  return row!;
}
