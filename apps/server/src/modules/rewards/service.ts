import { eq, sql } from 'drizzle-orm';
import { CLAIM_SOURCE_WALLET, PAYMENT_MESSAGES, REWARD_MESSAGES, toUnits, type TxType } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { transactions } from '../../db/schema.js';
import type { AuthedUser } from '../../lib/context.js';
import type { AuditEntry } from '../../lib/audit.js';
import { HttpError, notFound } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import { postEntry, rateOf, toUsd, type WalletKind } from '../wallet/ledger.js';
import { alreadyHandled, transition, viewOfRow, type TxRow } from '../transactions/repo.js';

/** Writes the call's activity record inside the mutation's transaction (the endpoint layer's `ctx.audit`). */
export type Audit = (tx: Db, entry: AuditEntry) => Promise<void>;

/** A transaction as the rewards calls answer it (with its player). */
export async function rewardView(db: Db, row: TxRow) {
  return viewOfRow(db, row);
}

/** Reward wallets hold USD (001 §3: every reward figure is in USD). */
export const REWARD_CURRENCY = 'USD';

/** The transaction types a reward route handles; another type answers 400 WRONG_TYPE. */
export function assertRewardType(t: TxRow, type: TxType): void {
  if (t.isDeleted) throw notFound(PAYMENT_MESSAGES.TX_NOT_FOUND);
  if (t.transactionType !== type) throw new HttpError(400, [REWARD_MESSAGES.WRONG_TYPE], 'WRONG_TYPE');
}

/**
 * What confirming a pending reward does to the wallets:
 * - a claim (BONUS_CLAIM, CASHBACK_CLAIM, AFFILIATE_PROFIT_WITHDRAW) moves the amount from its side wallet to MAIN;
 * - REFERRAL_PROFIT credits MAIN in USD;
 * - any other sub-type (DEPOSIT_BONUS, MANUAL_BONUS, REGISTRATION_BONUS, CPA/CPR commissions) credits the type's own wallet.
 */
export type RewardEffect =
  | { kind: 'MOVE'; from: WalletKind; currency: string; amount: string; reason: string }
  | { kind: 'CREDIT'; to: WalletKind; currency: string; amount: string; reason: string };

const CREDIT_WALLET: Partial<Record<string, WalletKind>> = { BONUS: 'BONUS', AFFILIATE: 'AFFILIATE', CASHBACK: 'CASHBACK', REFERRAL_PROFIT: 'MAIN' };

export function effectOf(t: TxRow): RewardEffect {
  const source = t.transactionSubType ? CLAIM_SOURCE_WALLET[t.transactionSubType] : undefined;
  if (source) return { kind: 'MOVE', from: source, currency: t.toCurrency, amount: t.toAmount, reason: t.transactionSubType! };
  if (t.transactionType === 'REFERRAL_PROFIT') return { kind: 'CREDIT', to: 'MAIN', currency: REWARD_CURRENCY, amount: t.toAmountInUsd, reason: 'REFERRAL_PROFIT_CREDIT' };
  const to = CREDIT_WALLET[t.transactionType];
  if (!to) throw new HttpError(400, [REWARD_MESSAGES.WRONG_TYPE], 'WRONG_TYPE');
  return { kind: 'CREDIT', to, currency: t.toCurrency, amount: t.toAmount, reason: `${t.transactionType}_CREDIT` };
}

/** Debit a side wallet; a wallet that does not hold the amount answers 400 INSUFFICIENT_SOURCE (the caller's transaction rolls back). */
async function debitSide(tx: Db, e: Parameters<typeof postEntry>[1]) {
  try {
    return await postEntry(tx, e);
  } catch (err) {
    if (err instanceof HttpError && err.status === 'INSUFFICIENT_BALANCE') throw new HttpError(400, [REWARD_MESSAGES.INSUFFICIENT_SOURCE], 'INSUFFICIENT_SOURCE');
    throw err;
  }
}

/** Apply a money effect for transaction `t` (ledger refId = txId). Side wallet first, then MAIN: one lock order everywhere. */
export async function applyEffect(tx: Db, t: Pick<TxRow, 'txId' | 'playerId' | 'opId'>, e: RewardEffect): Promise<{ wallet: WalletKind; balanceBefore: string; balanceAfter: string }> {
  const ref = { playerId: t.playerId, opId: t.opId, refType: 'transaction', refId: t.txId };
  if (e.kind === 'MOVE') {
    await debitSide(tx, { ...ref, kind: e.from, currency: e.currency, amount: `-${e.amount}`, reason: `${e.reason}_OUT` });
    const main = await postEntry(tx, { ...ref, kind: 'MAIN', currency: e.currency, amount: e.amount, reason: e.reason });
    return { wallet: 'MAIN', balanceBefore: main.balanceBefore, balanceAfter: main.balanceAfter };
  }
  const w = await postEntry(tx, { ...ref, kind: e.to, currency: e.currency, amount: e.amount, reason: e.reason });
  return { wallet: e.to, balanceBefore: w.balanceBefore, balanceAfter: w.balanceAfter };
}

/**
 * Confirm or reject a PENDING reward, exactly once: the conditional status change makes this
 * request the only one applying it (the loser gets 409 "already … by …"); the money moves in
 * the same database transaction, and a refused movement rolls the status change back.
 */
export async function decide(tx: Db, audit: Audit, me: AuthedUser, t: TxRow, b: { actionType: 'confirm' | 'reject'; noteForThePlayer: string }, auditPrefix: string): Promise<TxRow> {
  const note = b.noteForThePlayer ? { playerNote: b.noteForThePlayer } : {};
  const now = new Date();
  if (b.actionType === 'reject') {
    const row = await transition(tx, t.txId, ['PENDING'], { status: 'REJECTED', rejectedAt: now, rejectedBy: me.email, ...note });
    if (!row) throw await alreadyHandled(tx, t.txId);
    await audit(tx, {
      action: `${auditPrefix}_REJECT`, targetType: 'transaction', targetId: t.txId, opId: row.opId,
      before: { status: 'PENDING' }, after: { status: 'REJECTED', playerNote: b.noteForThePlayer || null },
    });
    return row;
  }
  const moved = await transition(tx, t.txId, ['PENDING'], { status: 'CONFIRMED', confirmedAt: now, confirmedBy: me.email, ...note });
  if (!moved) throw await alreadyHandled(tx, t.txId);
  const effect = effectOf(moved);
  const r = await applyEffect(tx, moved, effect);
  const [row] = await tx.update(transactions).set({ balanceBefore: r.balanceBefore, balanceAfter: r.balanceAfter })
    .where(eq(transactions.txId, t.txId)).returning();
  await audit(tx, {
    action: `${auditPrefix}_CONFIRM`, targetType: 'transaction', targetId: t.txId, opId: moved.opId,
    before: { status: 'PENDING', balance: r.balanceBefore },
    after: {
      status: 'CONFIRMED', playerNote: b.noteForThePlayer || null, subType: moved.transactionSubType, amount: effect.amount, currency: effect.currency,
      from: effect.kind === 'MOVE' ? effect.from : null, to: r.wallet, balance: r.balanceAfter,
    },
  });
  return row!;
}


/**
 * Move a player's whole side-wallet balance (USD) to MAIN as a new CONFIRMED transaction. The
 * side wallet is locked first (SELECT … FOR UPDATE), so of two concurrent claims the second
 * reads the emptied wallet and answers 400 NOTHING_TO_CLAIM. `me` is who pays it (the staff
 * member, or the one who started an affiliate withdraw job).
 */
export async function claimWallet(tx: Db, audit: Audit, me: Pick<AuthedUser, 'email'>, p: { id: string; opId: string }, opts: {
  from: 'CASHBACK' | 'AFFILIATE'; type: TxType; subType: string; expected?: string; action: string;
}): Promise<TxRow> {
  const [w] = await rowsOf<{ balance: string }>(tx, sql`select balance::text as balance from wallets
    where player_id = ${p.id} and kind = ${opts.from} and currency = ${REWARD_CURRENCY} for update`);
  const balance = w?.balance ?? '0';
  if (toUnits(balance) <= 0n) throw new HttpError(400, [REWARD_MESSAGES.NOTHING_TO_CLAIM], 'NOTHING_TO_CLAIM');
  if (opts.expected !== undefined && toUnits(opts.expected) !== toUnits(balance)) {
    throw new HttpError(409, [REWARD_MESSAGES.STALE_AMOUNT], 'STALE_AMOUNT', { balance });
  }
  const txId = crypto.randomUUID();
  const r = await applyEffect(tx, { txId, playerId: p.id, opId: p.opId }, { kind: 'MOVE', from: opts.from, currency: REWARD_CURRENCY, amount: balance, reason: opts.subType });
  const rate = await rateOf(tx, REWARD_CURRENCY);
  const usd = toUsd(balance, rate);
  const now = new Date();
  const [row] = await tx.insert(transactions).values({
    txId, opId: p.opId, playerId: p.id, transactionType: opts.type, transactionSubType: opts.subType, status: 'CONFIRMED', walletType: 'MAIN',
    fromAmount: balance, fromCurrency: REWARD_CURRENCY, fromAmountInUsd: usd, toAmount: balance, toCurrency: REWARD_CURRENCY, toAmountInUsd: usd,
    rateToUsd: rate, balanceBefore: r.balanceBefore, balanceAfter: r.balanceAfter,
    createdBy: me.email, confirmedAt: now, confirmedBy: me.email, createdAt: now, updatedAt: now,
  }).returning();
  await audit(tx, {
    action: opts.action, targetType: 'transaction', targetId: txId, opId: p.opId,
    before: { [opts.from]: balance, MAIN: r.balanceBefore }, after: { [opts.from]: '0', MAIN: r.balanceAfter, amount: balance, currency: REWARD_CURRENCY },
  });
  return row!;
}
