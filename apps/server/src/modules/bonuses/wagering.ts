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
 *   its parent) whose period holds the bet's placement adds the stake, when the bet qualifies for
 *   at least one tier (stake ≥ its minBetAmountInUSD; for sport, odds ≥ its minWinOdds), to the
 *   player's row of the schedule period holding the placement (`releasePeriodStart`, in the release operator's time zone: the day,
 *   ISO week or calendar month; unique per definition, player and period start, so concurrent bets
 *   add up and a new period starts from 0) and to the rows of the tiers it qualifies for; a tier
 *   reaching its requiredWager is unlocked for the period, once (`countOnRelease`).
 */
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { cmpDec, mulDec, releasePeriodStart, type BonusReleaseTier } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { bonusReleaseDefinitions, playerBonusReleaseTiers, playerBonusReleases, type bets } from '../../db/schema.js';
import { loadOperators, operatorTimeZone } from '../../lib/scope.js';

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
  const operatorsNow = await loadOperators(tx);
  const op = operatorsNow.byId.get(b.opId);
  const ops = [b.opId, ...(op?.kind === 'BRAND' && op.parentOpId ? [op.parentOpId] : [])];
  const releases = await tx.select().from(bonusReleaseDefinitions).where(and(
    inArray(bonusReleaseDefinitions.opId, ops), isNull(bonusReleaseDefinitions.deletedAt), eq(bonusReleaseDefinitions.isActive, true),
    lte(bonusReleaseDefinitions.startTime, b.placedAt), gt(bonusReleaseDefinitions.endTime, b.placedAt),
    matches('bonus_release_definitions.bet_type', 'bonus_release_definitions.game_providers', 'bonus_release_definitions.games'),
  ));
  const odds = b.betType === 'SPORT' ? betOdds(b) : null;
  for (const r of releases) {
    const tiers = (r.tiers as BonusReleaseTier[]).filter((t) => cmpDec(b.stakeInUsd, t.minBetAmountInUSD) >= 0 && (b.betType !== 'SPORT' || (odds !== null && cmpDec(odds, t.minWinOdds) >= 0)));
    if (!tiers.length) continue;
    await countOnRelease(tx, b, r.id, releasePeriodStart(r.schedule, b.placedAt, operatorTimeZone(operatorsNow, r.opId)), tiers);
  }
}

/**
 * A sport bet's odds: the product of its selections' decimal odds (a single's is its selection's),
 * exact; null when it has none (it then meets no odds condition).
 */
export function betOdds(b: Pick<Bet, 'selections'>): string | null {
  const sel = b.selections ?? [];
  if (!sel.length) return null;
  return sel.reduce((acc, s) => mulDec(acc, s.odds), '1');
}

/**
 * The stake on the player's period row and on the rows of the tiers it qualifies for; a tier whose
 * wager reaches its requiredWager is unlocked by a conditional update (`unlocked_at is null`), so it
 * is unlocked once per period whatever the replays or concurrent bets (the tier row's upsert holds
 * its lock until the bet's transaction ends). The period row keeps the highest unlocked tier: its
 * unlocked amount (that tier's maxBonusAmountInUSD), the tier rule and when.
 */
async function countOnRelease(tx: Db, b: Bet, definitionId: string, periodStart: Date, tiers: BonusReleaseTier[]): Promise<void> {
  const p = playerBonusReleases;
  const [row] = await tx.insert(p).values({ definitionId, opId: b.opId, playerId: b.playerId, periodStart, wageredAmountInUsd: b.stakeInUsd })
    .onConflictDoUpdate({ target: [p.definitionId, p.playerId, p.periodStart], set: { wageredAmountInUsd: sql`${p.wageredAmountInUsd} + excluded.wagered_amount_in_usd` } })
    .returning({ id: p.id });
  const pt = playerBonusReleaseTiers;
  const progress = await tx.insert(pt).values(tiers.map((t) => ({
    playerReleaseId: row!.id, definitionId, opId: b.opId, playerId: b.playerId, periodStart, tier: t.tier,
    wageredInUsd: b.stakeInUsd, requiredWagerInUsd: t.requiredWager, amountInUsd: t.maxBonusAmountInUSD,
  }))).onConflictDoUpdate({ target: [pt.playerReleaseId, pt.tier], set: { wageredInUsd: sql`${pt.wageredInUsd} + excluded.wagered_in_usd` } })
    .returning({ id: pt.id, tier: pt.tier, wagered: pt.wageredInUsd, required: pt.requiredWagerInUsd, unlockedAt: pt.unlockedAt });
  const reached = progress.filter((x) => x.unlockedAt === null && cmpDec(x.wagered, x.required) >= 0).map((x) => x.id);
  if (!reached.length) return;
  const unlocked = await tx.update(pt).set({ unlockedAt: b.placedAt }).where(and(inArray(pt.id, reached), isNull(pt.unlockedAt))).returning({ tier: pt.tier });
  if (!unlocked.length) return;
  const top = tiers.find((t) => t.tier === Math.max(...unlocked.map((u) => u.tier)))!;
  await tx.update(p).set({
    unlockedAmountInUsd: sql`greatest(${p.unlockedAmountInUsd}, ${top.maxBonusAmountInUSD}::numeric)`,
    appliedTierRule: sql`case when coalesce((${p.appliedTierRule} ->> 'tier')::int, 0) < ${top.tier} then ${JSON.stringify(top)}::jsonb else ${p.appliedTierRule} end`,
    lastUnlockedAt: b.placedAt,
  }).where(eq(p.id, row!.id));
}
