import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, fromUnits, toUnits, type TxStatus } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { ledgerEntries, transactions, wallets } from '../../db/schema.js';
import type { AuthedUser } from '../../lib/context.js';
import { HttpError, badRequest, notFound } from '../../lib/http.js';
import { audit } from '../../lib/audit.js';
import { postEntry } from '../wallet/ledger.js';
import { alreadyHandled, transition, viewOfRow, type TxRow, type TxView } from '../transactions/repo.js';

/** Providers that have no suffix route (001 §7): Tomani and Witcher. */
export const NO_SUFFIX_PROVIDERS = ['tomani', 'witcher'] as const;

export function assertType(t: TxRow, type: 'WITHDRAW' | 'DEPOSIT'): void {
  if (t.isDeleted) throw notFound(PAYMENT_MESSAGES.TX_NOT_FOUND);
  if (t.transactionType !== type) throw badRequest(type === 'WITHDRAW' ? PAYMENT_FLOW_MESSAGES.NOT_A_WITHDRAWAL : PAYMENT_FLOW_MESSAGES.NOT_A_DEPOSIT);
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


export async function viewOf(db: Db, row: TxRow): Promise<TxView> {
  return viewOfRow(db, row);
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
