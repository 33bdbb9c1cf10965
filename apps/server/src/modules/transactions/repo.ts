import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_MESSAGES, quickTimeRange, type TxStatus, transactionsListBody } from '@pitboss/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { players, transactions } from '../../db/schema.js';
import type { AuthedUser } from '../../lib/context.js';
import { HttpError, notFound } from '../../lib/http.js';
import { inScope } from '../../lib/query.js';
import { assertInScope } from '../../lib/scope.js';
import { isUuid } from '../players/repo.js';

export type TxRow = typeof transactions.$inferSelect;

/** A transaction the user may see, or 404 (another operator's ids answer 404 too). */
export async function loadVisibleTx(db: Db, user: AuthedUser, txId: string): Promise<TxRow> {
  if (!isUuid(txId)) throw notFound(PAYMENT_MESSAGES.TX_NOT_FOUND);
  const [t] = await db.select().from(transactions).where(eq(transactions.txId, txId)).limit(1);
  if (!t) throw notFound(PAYMENT_MESSAGES.TX_NOT_FOUND);
  await assertInScope(db, user, t.opId, PAYMENT_MESSAGES.TX_NOT_FOUND);
  return t;
}

/**
 * Conditional status change: applies only while the row is still in one of `from`.
 * Returns the updated row, or null when another request changed it first.
 */
export async function transition(tx: Db, txId: string, from: readonly TxStatus[], set: Partial<typeof transactions.$inferInsert>): Promise<TxRow | null> {
  const [row] = await tx.update(transactions).set({ ...set, updatedAt: new Date() })
    .where(and(eq(transactions.txId, txId), inArray(transactions.status, [...from]), eq(transactions.isDeleted, false))).returning();
  return row ?? null;
}

/** The loser of a race learns who won: "This transaction is already confirmed by X." */
export async function alreadyHandled(db: Db, txId: string): Promise<HttpError> {
  const [t] = await db.select().from(transactions).where(eq(transactions.txId, txId)).limit(1);
  if (!t) return notFound(PAYMENT_MESSAGES.TX_NOT_FOUND);
  const by = t.status === 'REJECTED' ? t.rejectedBy : t.status === 'IN_FLIGHT' ? t.claimedBy : t.confirmedBy;
  return new HttpError(409, [PAYMENT_MESSAGES.ALREADY_HANDLED(t.status, by)], 'ALREADY_HANDLED', { status: t.status });
}

type ListQ = z.output<typeof transactionsListBody>;

export function txFilters(q: ListQ, scope: string[] | null, timeZone: string): SQL[] {
  const c: (SQL | undefined)[] = [inScope(transactions.opId, scope)];
  if (!q.includeDeleted) c.push(eq(transactions.isDeleted, false));
  if (q.transactionType) c.push(eq(transactions.transactionType, q.transactionType));
  if (q.transactionSubType) c.push(eq(transactions.transactionSubType, q.transactionSubType));
  if (q.status) c.push(eq(transactions.status, q.status));
  if (q.gateway) c.push(eq(transactions.gateway, q.gateway));
  if (q.txId) c.push(isUuid(q.txId) ? eq(transactions.txId, q.txId) : sql`false`);
  if (q.playerCode) c.push(sql`${transactions.playerId} = (select id from ${players} where player_code = ${q.playerCode})`);
  if (q.isTest === 'true' || q.isTest === 'false') c.push(sql`exists (select 1 from ${players} p where p.id = ${transactions.playerId} and p.is_test = ${q.isTest === 'true'})`);
  if (q.quickTime) {
    const { from, to } = quickTimeRange(q.quickTime, new Date(), timeZone);
    c.push(sql`${transactions.createdAt} between ${from.toISOString()} and ${to.toISOString()}`);
  }
  if (q.from) c.push(sql`${transactions.createdAt} >= ${q.from}`);
  if (q.to) c.push(sql`${transactions.createdAt} <= ${q.to}`);
  return c.filter((x): x is SQL => !!x);
}

export interface TxView {
  txId: string; opId: string; transactionType: string; transactionSubType: string | null; status: string; walletType: string;
  fromAmount: string; fromCurrency: string; fromAmountInUSD: string; toAmount: string; toCurrency: string; toAmountInUSD: string;
  rateToUsd: string; balanceBefore: string | null; balanceAfter: string | null; gateway: string | null; gatewayUuid: string | null;
  provider: string | null; isFTD: boolean; isDeleted: boolean; note: string | null; reason: string | null; playerNote: string | null;
  rejectReason: string | null; countsTowardDailyLimit: boolean; destination: unknown; extra: unknown; bonusExtraData: { eligible: boolean } | null;
  createdAt: string; updatedAt: string; confirmedAt: string | null; confirmedBy: string | null; rejectedAt: string | null; rejectedBy: string | null;
  createdBy: string | null; player: { playerId: string; playerCode: string; nickName: string | null; profile: { email: { address: string | null } } };
}

export function toView(t: TxRow, p: { playerCode: string; username: string | null; email: string | null }): TxView {
  const extra = (t.extra ?? {}) as { bonusExtraData?: { eligible: boolean } };
  return {
    txId: t.txId, opId: t.opId, transactionType: t.transactionType, transactionSubType: t.transactionSubType, status: t.status, walletType: t.walletType,
    fromAmount: t.fromAmount, fromCurrency: t.fromCurrency, fromAmountInUSD: t.fromAmountInUsd, toAmount: t.toAmount, toCurrency: t.toCurrency,
    toAmountInUSD: t.toAmountInUsd, rateToUsd: t.rateToUsd, balanceBefore: t.balanceBefore, balanceAfter: t.balanceAfter, gateway: t.gateway,
    gatewayUuid: t.gatewayUuid, provider: t.provider, isFTD: t.isFtd, isDeleted: t.isDeleted, note: t.note, reason: t.reason, playerNote: t.playerNote,
    rejectReason: t.rejectReason, countsTowardDailyLimit: t.countsTowardDailyLimit, destination: t.destination, extra: t.extra,
    bonusExtraData: extra.bonusExtraData ?? null,
    createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(), confirmedAt: t.confirmedAt?.toISOString() ?? null,
    confirmedBy: t.confirmedBy, rejectedAt: t.rejectedAt?.toISOString() ?? null, rejectedBy: t.rejectedBy, createdBy: t.createdBy,
    player: { playerId: t.playerId, playerCode: p.playerCode, nickName: p.username, profile: { email: { address: p.email } } },
  };
}

export const playerJoin = { playerCode: players.playerCode, username: players.username, email: players.email };
