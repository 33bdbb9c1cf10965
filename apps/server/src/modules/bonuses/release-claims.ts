/**
 * Claiming a bonus release (README "Bonus releases"): what a release unlocked for a player in one
 * schedule period and is not yet claimed is credited to the player's BONUS wallet (USD) through the
 * ledger, as a CONFIRMED BONUS / BONUS_RELEASE transaction, and added to the period's claimed
 * amount — in one transaction, once:
 *
 * - the period row is locked (`for update`) and the claim takes `unlocked − claimed`; the update of
 *   `claimed_amount_in_usd` to the unlocked amount is conditional on the claimed amount read, so
 *   of racing claims one credits and the others find nothing left (409);
 * - the unlocked amount is the period's highest unlocked tier's maxBonusAmountInUSD (tiers are
 *   alternatives), so a player never receives more than that tier's maximum in a period, however
 *   often they claim; a higher tier unlocked after a claim leaves the difference to claim;
 * - a deleted release (or deleted period row) gives nothing.
 *
 * Players claim on the player site; staff make the same claim for a player from Bonus Release
 * Report Details (`bonusReleases.claim`), and the demo simulator's players through this function.
 */
import { and, eq, sql } from 'drizzle-orm';
import { BONUS_RELEASE_MESSAGES, fromUnits, toUnits } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { playerBonusReleases, players, transactions } from '../../db/schema.js';
import { conflict } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import { postEntry } from '../wallet/ledger.js';

export interface ReleaseClaim { releaseId: string; txId: string; amountInUSD: string; claimedBefore: string; claimedAfter: string; unlocked: string; title: string }

/** Inside the caller's transaction: credits the unclaimed unlocked amount of one player release period; 409 when nothing is left. */
export async function claimPlayerRelease(tx: Db, releaseId: string, by: string | null): Promise<ReleaseClaim> {
  const [row] = await rowsOf<{ id: string; playerId: string; unlocked: string; claimed: string; isDeleted: boolean; defDeleted: boolean; title: string }>(tx, sql`
    select p.id, p.player_id as "playerId", p.unlocked_amount_in_usd::text as unlocked, p.claimed_amount_in_usd::text as claimed,
      p.is_deleted as "isDeleted", (d.deleted_at is not null) as "defDeleted", d.title
    from player_bonus_releases p join bonus_release_definitions d on d.id = p.definition_id
    where p.id = ${releaseId}::uuid for update of p`);
  if (!row) throw conflict(BONUS_RELEASE_MESSAGES.PLAYER_RELEASE_NOT_FOUND, 'NOT_FOUND');
  if (row.isDeleted || row.defDeleted) throw conflict(BONUS_RELEASE_MESSAGES.ALREADY_DELETED, 'CONFLICT');
  const left = toUnits(row.unlocked) - toUnits(row.claimed);
  if (left <= 0n) throw conflict(BONUS_RELEASE_MESSAGES.NOTHING_TO_CLAIM, 'NOTHING_TO_CLAIM');
  const amount = fromUnits(left);
  const [updated] = await tx.update(playerBonusReleases).set({ claimedAmountInUsd: row.unlocked })
    .where(and(eq(playerBonusReleases.id, row.id), sql`${playerBonusReleases.claimedAmountInUsd} = ${row.claimed}::numeric`))
    .returning({ id: playerBonusReleases.id });
  if (!updated) throw conflict(BONUS_RELEASE_MESSAGES.NOTHING_TO_CLAIM, 'NOTHING_TO_CLAIM');
  const [p] = await tx.select({ opId: players.opId }).from(players).where(eq(players.id, row.playerId)).limit(1);
  const opId = p!.opId;
  const txId = crypto.randomUUID();
  const now = new Date();
  const entry = await postEntry(tx, { playerId: row.playerId, opId, kind: 'BONUS', currency: 'USD', amount, reason: 'BONUS_RELEASE', refType: 'transaction', refId: txId });
  await tx.insert(transactions).values({
    txId, opId, playerId: row.playerId, transactionType: 'BONUS', transactionSubType: 'BONUS_RELEASE', status: 'CONFIRMED', walletType: 'BONUS',
    fromAmount: amount, fromCurrency: 'USD', fromAmountInUsd: amount, toAmount: amount, toCurrency: 'USD', toAmountInUsd: amount, rateToUsd: entry.rate,
    balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter, note: row.title, createdBy: by,
    confirmedAt: now, confirmedBy: by, createdAt: now, updatedAt: now, extra: { playerReleaseId: row.id },
  });
  return { releaseId: row.id, txId, amountInUSD: amount, claimedBefore: fromUnits(toUnits(row.claimed)), claimedAfter: fromUnits(toUnits(row.unlocked)), unlocked: fromUnits(toUnits(row.unlocked)), title: row.title };
}
