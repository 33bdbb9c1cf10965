/**
 * Demo bonus releases (issue 9): each parent operator has four definitions — a running weekly
 * casino release, a daily sport release that ended (the report shows it EXPIRED), a disabled
 * monthly one and a deleted one (its details show the warning) — and each brand one of its own.
 * Players of the operator (or its brands) hold releases with wagers, unlocked amounts by the
 * tier reached, and claims, so the report's figures are sums of real rows. Deterministic (the
 * seed's PRNG); dates relative to now; amounts exact (whole cents, as text).
 */
import { randomUUID } from 'node:crypto';
import { releasePeriodStart, type BonusReleaseTier } from '@pitboss/contract';
import { bulkInsert } from './bulk.js';
import type { Db } from './client.js';
import { bonusReleaseDefinitions, playerBonusReleaseTiers, playerBonusReleases } from './schema.js';

const DAY = 86_400_000;
const tier = (n: number, requiredWager: string, minWinOdds: string, maxBonusAmountInUSD: string, minBetAmountInUSD: string): BonusReleaseTier =>
  ({ tier: n, requiredWager, minWinOdds, maxBonusAmountInUSD, minBetAmountInUSD });

const PARENT_RELEASES = [
  {
    title: 'Weekly casino release', description: 'Wager on slots through the week to release up to $250.', schedule: 'WEEKLY', betType: 'CASINO',
    from: -40, to: 50, providers: ['Pragmatic Play', 'NetEnt'], games: [], active: true, deleted: false,
    tiers: [tier(1, '500', '1.2', '25', '0.5'), tier(2, '2500', '1.5', '100', '1'), tier(3, '10000', '2', '250', '2')],
  },
  {
    title: 'Daily sport release', description: 'Daily accumulator wagers unlock a sport bonus.', schedule: 'DAILY', betType: 'SPORT',
    from: -60, to: -5, providers: [], games: [], active: true, deleted: false,
    tiers: [tier(1, '100', '1.8', '10', '2'), tier(2, '1000', '2.5', '50', '5')],
  },
  {
    title: 'Monthly VIP release', description: 'High rollers release a monthly bonus on every game.', schedule: 'MONTHLY', betType: 'ALL',
    from: -90, to: 90, providers: [], games: ['Gates of Olympus', 'Crazy Time'], active: false, deleted: false,
    tiers: [tier(1, '20000', '1.1', '500', '10')],
  },
  {
    title: 'Spring release (withdrawn)', description: 'Replaced by the weekly casino release.', schedule: 'WEEKLY', betType: 'CASINO',
    from: -120, to: -30, providers: ['Evolution'], games: [], active: true, deleted: true,
    tiers: [tier(1, '300', '1.3', '15', '0.5'), tier(2, '3000', '1.6', '75', '1')],
  },
] as const;

/** Cents as a decimal string. */
const usd = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const cents = (s: string) => { const [i, f = ''] = s.split('.'); return Number(i) * 100 + Number((f + '00').slice(0, 2)); };

export async function seedBonusReleases(db: Db, opts: {
  operators: readonly { opId: string; parentOpId: string | null; kind: string; title: string }[];
  players: readonly { id: string; opId: string }[];
  rand: () => number; now: number;
}): Promise<void> {
  const { operators, players, rand, now } = opts;
  const defs: (typeof bonusReleaseDefinitions.$inferInsert & { id: string; opId: string; tiers: BonusReleaseTier[]; deletedAt: Date | null; startTime: Date; endTime: Date })[] = [];
  const add = (opId: string, r: (typeof PARENT_RELEASES)[number], i: number, title = r.title as string) => {
    const tiers = r.tiers.map((t) => ({ ...t }));
    defs.push({
      id: randomUUID(), opId, title, description: r.description, schedule: r.schedule, betType: r.betType,
      startTime: new Date(now + r.from * DAY), endTime: new Date(now + r.to * DAY), gameProviders: [...r.providers], games: [...r.games],
      isActive: r.active, tiers, bonusAmountInUsd: tiers[tiers.length - 1]!.maxBonusAmountInUSD,
      createdBy: 'admin@demo.local', createdAt: new Date(now + (r.from - 3) * DAY + i * 60_000), updatedAt: new Date(now + (r.from - 3) * DAY + i * 60_000),
      deletedAt: r.deleted ? new Date(now - 20 * DAY) : null, deletedBy: r.deleted ? 'admin@demo.local' : null,
    });
  };
  for (const op of operators) {
    if (op.kind === 'OPERATOR') PARENT_RELEASES.forEach((r, i) => add(op.opId, r, i));
    else if (op.kind === 'BRAND') add(op.opId, PARENT_RELEASES[0], 9, `${op.title} weekly release`);
  }
  const parentOf = new Map(operators.map((o) => [o.opId, o.parentOpId]));
  const rows: (typeof playerBonusReleases.$inferInsert)[] = [];
  const tierRows: (typeof playerBonusReleaseTiers.$inferInsert)[] = [];
  for (const d of defs) {
    const eligible = players.filter((p) => p.opId === d.opId || parentOf.get(p.opId) === d.opId);
    if (!eligible.length) continue;
    const chosen = new Set<number>();
    const want = Math.min(eligible.length, 6 + Math.floor(rand() * 20));
    while (chosen.size < want) chosen.add(Math.floor(rand() * eligible.length));
    const span = Math.max(DAY, Math.min(now, d.endTime.getTime()) - d.startTime.getTime());
    for (const idx of chosen) {
      const p = eligible[idx]!;
      const top = cents(d.tiers[d.tiers.length - 1]!.requiredWager);
      // Wagers from nothing to 1.5 × the top tier's requirement, in whole cents.
      const wagered = Math.floor(rand() * top * 1.5);
      const reached = [...d.tiers].reverse().find((t) => wagered >= cents(t.requiredWager)) ?? null;
      // The unlocked amount is the highest reached tier's maximum (as wagering unlocks it).
      const unlocked = reached ? cents(reached.maxBonusAmountInUSD) : 0;
      if (reached) rand(); // (a draw once spent on the amount: the seed's sequence stays as it was)
      const claimed = unlocked > 0 && rand() < 0.6 ? unlocked : 0;
      const createdAt = new Date(d.startTime.getTime() + Math.floor(rand() * span * 0.5));
      const id = randomUUID();
      const periodStart = releasePeriodStart(d.schedule as string, createdAt);
      const lastUnlockedAt = unlocked > 0 ? new Date(createdAt.getTime() + Math.floor(rand() * span * 0.5)) : null;
      // Its tier rows: every bet of the demo counted on every tier; the reached ones unlocked.
      for (const tr of d.tiers) {
        const done = wagered >= cents(tr.requiredWager);
        tierRows.push({
          playerReleaseId: id, definitionId: d.id, opId: p.opId, playerId: p.id, periodStart, tier: tr.tier, wageredInUsd: usd(wagered),
          requiredWagerInUsd: tr.requiredWager, amountInUsd: tr.maxBonusAmountInUSD, unlockedAt: done ? lastUnlockedAt : null,
        });
      }
      rows.push({
        id, definitionId: d.id, opId: p.opId, playerId: p.id, createdAt, periodStart,
        lastUnlockedAt,
        wageredAmountInUsd: usd(wagered), unlockedAmountInUsd: usd(unlocked), claimedAmountInUsd: usd(claimed),
        isDeleted: d.deletedAt !== null, appliedTierRule: reached,
      });
    }
  }
  await bulkInsert(db, bonusReleaseDefinitions, defs);
  await bulkInsert(db, playerBonusReleases, rows);
  await bulkInsert(db, playerBonusReleaseTiers, tierRows);
}
