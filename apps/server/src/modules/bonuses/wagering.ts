/**
 * A placed bet's stake counts towards the player's bonus wagering (designed; README "Deposit bonus
 * definitions" and "Bonus releases"), in the bet's own transaction (`placeBet`), so a bet that
 * rolls back counts for nothing and each bet counts once (it is placed once: its id is unique).
 *
 * - A bet counts when it is not CANCELED (a cancel refunds the stake), with its stake in USD at
 *   placement, on a definition whose bet type is ALL or the bet's (CASINO / SPORT), whose providers
 *   (none: any) hold the bet's provider and whose games (none: any) hold the bet's game (a sport bet
 *   has neither, so it counts only where none are listed).
 * - Deposit bonuses: each of the player's ACTIVE deposit bonuses whose definition's period has not
 *   ended adds the stake to `wageredInUSD`; reaching the required wager makes it COMPLETED (with
 *   `completedAt`).
 * - Bonus releases: each active, live release of the player's operator (and, for a brand's player,
 *   its parent) whose period holds the bet's placement, for a stake at least the first tier's
 *   minimum bet, adds the stake to the player's row of the schedule period holding the placement
 *   (`releasePeriodStart`: the UTC day, ISO week or calendar month; created at the period's first
 *   bet; unique per definition, player and period start, so concurrent bets add up and a new
 *   period starts from 0).
 */
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { releasePeriodStart } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { bonusReleaseDefinitions, playerBonusReleases, type bets } from '../../db/schema.js';
import { loadOperators } from '../../lib/scope.js';

type Bet = typeof bets.$inferSelect;

export async function advanceWagering(tx: Db, b: Bet): Promise<void> {
  if (b.status === 'CANCELED') return;
  const provider = b.provider ?? null;
  const game = b.gameTitle ?? null;
  const matches = (betType: string, providers: string, games: string) => sql`(${sql.raw(betType)} = 'ALL' or ${sql.raw(betType)} = ${b.betType})
    and (cardinality(${sql.raw(providers)}) = 0 or ${provider}::text = any(${sql.raw(providers)}))
    and (cardinality(${sql.raw(games)}) = 0 or ${game}::text = any(${sql.raw(games)}))`;
  await tx.execute(sql`update player_deposit_bonuses pdb set
      wagered_in_usd = pdb.wagered_in_usd + ${b.stakeInUsd}::numeric,
      status = case when pdb.wagered_in_usd + ${b.stakeInUsd}::numeric >= pdb.wager_required_in_usd then 'COMPLETED' else pdb.status end,
      completed_at = case when pdb.wagered_in_usd + ${b.stakeInUsd}::numeric >= pdb.wager_required_in_usd then ${b.placedAt} else pdb.completed_at end
    from bonus_definitions d
    where pdb.bonus_id = d.id and pdb.player_id = ${b.playerId}::uuid and pdb.status = 'ACTIVE' and d.ends_at > ${b.placedAt}
      and ${matches('d.bet_type', 'd.providers', 'd.games')}`);
  const op = (await loadOperators(tx)).byId.get(b.opId);
  const ops = [b.opId, ...(op?.kind === 'BRAND' && op.parentOpId ? [op.parentOpId] : [])];
  const releases = await tx.select().from(bonusReleaseDefinitions).where(and(
    inArray(bonusReleaseDefinitions.opId, ops), isNull(bonusReleaseDefinitions.deletedAt), eq(bonusReleaseDefinitions.isActive, true),
    lte(bonusReleaseDefinitions.startTime, b.placedAt), gt(bonusReleaseDefinitions.endTime, b.placedAt),
    matches('bonus_release_definitions.bet_type', 'bonus_release_definitions.game_providers', 'bonus_release_definitions.games'),
    sql`${b.stakeInUsd}::numeric >= coalesce((bonus_release_definitions.tiers -> 0 ->> 'minBetAmountInUSD')::numeric, 0)`,
  ));
  const p = playerBonusReleases;
  for (const r of releases) {
    await tx.insert(p).values({ definitionId: r.id, opId: b.opId, playerId: b.playerId, periodStart: releasePeriodStart(r.schedule, b.placedAt), wageredAmountInUsd: b.stakeInUsd })
      .onConflictDoUpdate({ target: [p.definitionId, p.playerId, p.periodStart], set: { wageredAmountInUsd: sql`${p.wageredAmountInUsd} + excluded.wagered_amount_in_usd` } });
  }
}
