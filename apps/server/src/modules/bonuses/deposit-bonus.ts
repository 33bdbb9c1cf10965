/**
 * The deposit bonus a confirmed deposit earns (001 §4, §6; README "Deposit bonus definitions"):
 * called inside the transaction that confirms the deposit and credits its MAIN wallet
 * (payments/claims.ts `creditDeposit`, the one deposit confirmation path), so the deposit, its
 * bonus, the BONUS wallet's ledger entry and the player's deposit bonus commit or roll back
 * together. That confirmation is a conditional update from the claimed state: it applies once per
 * deposit, and so does this. Rules (designed; the spec gives the fields, not the rule):
 *
 * - The definitions considered are the ACTIVE, non-deleted ones of the player's operator and, for
 *   a brand's player, of its parent operator, whose period (start inclusive, end exclusive)
 *   contains the deposit's creation time (when the player paid; a late confirmation keeps it).
 * - A definition matches when the deposit's currency is one of its currencies (none: any) and the
 *   deposit in USD (`toAmountInUsd`) is at least its minimum deposit.
 * - Bonus = deposit in USD × percentage / 100, rounded down to the cent, at most the maximum bonus.
 *   A bonus of 0 is none.
 * - A player receives each definition once (a welcome offer is not earned again by the next
 *   deposit); a deposit earns one bonus: of the matching definitions, the largest bonus (then the
 *   earliest start, then the id).
 * - It is credited to the player's BONUS wallet (USD) through the ledger (reason DEPOSIT_BONUS), as
 *   a CONFIRMED BONUS / DEPOSIT_BONUS transaction confirmed by whoever confirmed the deposit, with a
 *   `player_deposit_bonuses` row (ACTIVE, wager required = bonus × the wager multiplier), which keeps the
 *   definition's version and the prize type (LOCKED) of the award.
 * The caller holds the player's deposit lock (`deposit-ftd:<player>`), so the once-per-definition
 * check cannot race another deposit of the player.
 */
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { cmpDec, fromUnits, mulDec, roundDec, toUnits } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { bonusDefinitions, playerDepositBonuses, transactions } from '../../db/schema.js';
import { loadOperators } from '../../lib/scope.js';
import { postEntry } from '../wallet/ledger.js';

type Deposit = typeof transactions.$inferSelect;
type Def = typeof bonusDefinitions.$inferSelect;

/** The bonus a definition gives for a deposit of `depositUsd` in `currency` (null: it does not match). Exact decimals. */
export function depositBonusOf(d: Pick<Def, 'percentage' | 'maxBonusInUsd' | 'minDepositInUsd' | 'currencies'>, depositUsd: string, currency: string): string | null {
  if (d.currencies.length && !d.currencies.includes(currency)) return null;
  if (cmpDec(depositUsd, d.minDepositInUsd) < 0) return null;
  // Rounded down to the cent (roundDec rounds half up: cut instead).
  const raw = mulDec(depositUsd, d.percentage);
  const cents = toUnits(raw) / 100n / 1_000_000n; // units are 1e-8: /100 for the percentage, /1e6 to cents
  const bonus = fromUnits(cents * 1_000_000n);
  const capped = cmpDec(bonus, d.maxBonusInUsd) > 0 ? d.maxBonusInUsd : bonus;
  return toUnits(capped) > 0n ? roundDec(capped, 2) : null;
}

export interface GrantedDepositBonus { playerBonusId: string; bonusId: string; title: string; txId: string; amountInUSD: string }

/** Inside the deposit's confirmation transaction: the bonus the deposit earns, credited; null when none. */
export async function grantDepositBonus(tx: Db, deposit: Deposit, confirmedBy: string | null): Promise<GrantedDepositBonus | null> {
  if (deposit.transactionType !== 'DEPOSIT' || deposit.status !== 'CONFIRMED') return null;
  const already = await tx.select({ id: playerDepositBonuses.id }).from(playerDepositBonuses).where(eq(playerDepositBonuses.depositTxId, deposit.txId)).limit(1);
  if (already.length) return null;
  const op = (await loadOperators(tx)).byId.get(deposit.opId);
  const ops = [deposit.opId, ...(op?.kind === 'BRAND' && op.parentOpId ? [op.parentOpId] : [])];
  const at = deposit.createdAt;
  const defs = await tx.select().from(bonusDefinitions).where(and(
    inArray(bonusDefinitions.opId, ops), eq(bonusDefinitions.status, 'ACTIVE'), isNull(bonusDefinitions.deletedAt),
    lte(bonusDefinitions.startsAt, at), gt(bonusDefinitions.endsAt, at),
    sql`not exists (select 1 from ${playerDepositBonuses} pdb where pdb.bonus_id = ${bonusDefinitions.id} and pdb.player_id = ${deposit.playerId}::uuid)`,
  ));
  const offers = defs.flatMap((d) => {
    const amount = depositBonusOf(d, deposit.toAmountInUsd, deposit.toCurrency);
    return amount ? [{ d, amount }] : [];
  }).sort((a, b) => -cmpDec(a.amount, b.amount) || a.d.startsAt.getTime() - b.d.startsAt.getTime() || a.d.id.localeCompare(b.d.id));
  const best = offers[0];
  if (!best) return null;

  const now = new Date();
  const txId = crypto.randomUUID();
  const entry = await postEntry(tx, {
    playerId: deposit.playerId, opId: deposit.opId, kind: 'BONUS', currency: 'USD', amount: best.amount, reason: 'DEPOSIT_BONUS', refType: 'transaction', refId: txId,
  });
  await tx.insert(transactions).values({
    txId, opId: deposit.opId, playerId: deposit.playerId, transactionType: 'BONUS', transactionSubType: 'DEPOSIT_BONUS', status: 'CONFIRMED', walletType: 'BONUS',
    fromAmount: best.amount, fromCurrency: 'USD', fromAmountInUsd: best.amount, toAmount: best.amount, toCurrency: 'USD', toAmountInUsd: best.amount, rateToUsd: entry.rate,
    balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter, note: best.d.title, createdBy: confirmedBy,
    confirmedAt: now, confirmedBy, createdAt: now, updatedAt: now, extra: { bonusId: best.d.id, depositTxId: deposit.txId },
  });
  const [row] = await tx.insert(playerDepositBonuses).values({
    bonusId: best.d.id, opId: deposit.opId, playerId: deposit.playerId, depositTxId: deposit.txId, depositAmountInUsd: deposit.toAmountInUsd,
    bonusAmountInUsd: best.amount, wagerRequiredInUsd: fromUnits(toUnits(best.amount) * BigInt(best.d.wagerMultiplier)), status: 'ACTIVE', createdAt: now,
    // What it was awarded under: the definition's version, and a locked prize (the bonus wallet, released by wagering).
    bonusVersion: best.d.version, prizeType: 'LOCKED',
  }).returning({ id: playerDepositBonuses.id });
  return { playerBonusId: row!.id, bonusId: best.d.id, title: best.d.title, txId, amountInUSD: best.amount };
}
