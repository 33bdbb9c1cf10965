/**
 * Demo deposit bonus definitions (issue 9) and the players' deposit bonuses they gave. Each parent
 * operator has a welcome bonus, a sports reload, a disabled weekend reload, a live casino boost
 * limited to two currencies, a summer bonus that ended and a deleted test bonus; each brand its
 * own first deposit bonus. A definition's player bonuses come from real confirmed deposits of the
 * operator's (or its brands') players at or above the minimum: the bonus is the percentage of the
 * deposit up to the maximum, the wager its multiple. Deterministic (the seed's PRNG); dates
 * relative to now.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { fromUnits, mulDec, roundDec, toUnits, type BonusBetType } from '@pitboss/contract';
import { bulkInsert } from './bulk.js';
import type { Db } from './client.js';
import { bonusDefinitions, playerDepositBonuses, transactions } from './schema.js';
import { demoDeciderOf } from './seed-people.js';

const DAY = 86_400_000;

interface DemoDef {
  title: string; description: string; status: 'ACTIVE' | 'DEACTIVE' | 'DELETED'; from: number; to: number;
  percentage: string; max: string; min: string; wager: number; betType: BonusBetType; providers?: string[]; games?: string[]; currencies?: string[];
}

const PARENT_DEFS: DemoDef[] = [
  { title: 'Welcome Deposit Bonus 100%', description: 'Doubles the first deposit of new players, up to $200.', status: 'ACTIVE', from: -30, to: 60, percentage: '100', max: '200', min: '20', wager: 35, betType: 'CASINO' },
  { title: 'Sports Reload 50%', description: 'Half of every deposit back as a sports bonus during the season.', status: 'ACTIVE', from: -10, to: 20, percentage: '50', max: '100', min: '10', wager: 8, betType: 'SPORT' },
  { title: 'Weekend Reload 25%', description: 'Weekend reload for casino and sport; paused while the budget is reviewed.', status: 'DEACTIVE', from: -60, to: 30, percentage: '25', max: '150', min: '25', wager: 20, betType: 'ALL' },
  {
    title: 'Live Casino Boost 30%', description: 'For live casino players depositing in EUR or USD.', status: 'ACTIVE', from: -5, to: 25, percentage: '30', max: '300', min: '50', wager: 25,
    betType: 'CASINO', providers: ['Evolution'], games: ['Crazy Time', 'Lightning Roulette'], currencies: ['EUR', 'USD'],
  },
  { title: 'Summer Splash 75%', description: 'The summer campaign (ended).', status: 'ACTIVE', from: -120, to: -60, percentage: '75', max: '250', min: '20', wager: 30, betType: 'CASINO', providers: ['Pragmatic Play', 'NetEnt'] },
  { title: 'Test bonus (deleted)', description: 'Created by mistake.', status: 'DELETED', from: -3, to: 10, percentage: '10', max: '10', min: '1', wager: 1, betType: 'ALL' },
];
const brandDef = (title: string): DemoDef => ({
  title: `${title} First Deposit 150%`, description: `The ${title} welcome offer on casino and sport.`, status: 'ACTIVE', from: -15, to: 45,
  percentage: '150', max: '150', min: '15', wager: 40, betType: 'ALL',
});

/** `percentage` % of the deposit, at most `max`, to the cent. */
const bonusOf = (deposit: string, percentage: string, max: string) => {
  const raw = roundDec(fromUnits(toUnits(mulDec(deposit, percentage)) / 100n), 2);
  return toUnits(raw) > toUnits(max) ? max : raw;
};

export async function seedBonusDefinitions(db: Db, opts: {
  operators: readonly { opId: string; parentOpId: string | null; kind: string; title: string }[];
  rand: () => number; now: number;
}): Promise<void> {
  const { operators, rand, now } = opts;
  const defs: (typeof bonusDefinitions.$inferInsert & { id: string; opId: string })[] = [];
  const meta = new Map<string, DemoDef>();
  for (const op of operators) {
    const list = op.kind === 'OPERATOR' ? PARENT_DEFS : op.kind === 'BRAND' ? [brandDef(op.title)] : [];
    list.forEach((d, i) => {
      const id = randomUUID();
      const created = new Date(now + Math.min(d.from, -1) * DAY - (i + 1) * 3_600_000);
      meta.set(id, d);
      defs.push({
        id, opId: op.opId, title: d.title, description: d.description, status: d.status, startsAt: new Date(now + d.from * DAY), endsAt: new Date(now + d.to * DAY),
        percentage: d.percentage, maxBonusInUsd: d.max, minDepositInUsd: d.min, wagerMultiplier: d.wager, betType: d.betType,
        providers: d.providers ?? [], games: d.games ?? [], currencies: d.currencies ?? [],
        createdBy: op.kind === 'BRAND' ? demoDeciderOf(op.opId) : 'admin@demo.local', createdAt: created,
        updatedBy: null, updatedAt: created,
        ...(d.status === 'DELETED' ? { deletedAt: new Date(now - DAY), deletedBy: 'admin@demo.local' } : {}),
      });
    });
  }
  await bulkInsert(db, bonusDefinitions, defs);

  const rows: (typeof playerDepositBonuses.$inferInsert)[] = [];
  for (const def of defs) {
    const d = meta.get(def.id)!;
    if (d.status === 'DELETED') continue;
    const ops = [def.opId, ...operators.filter((o) => o.parentOpId === def.opId).map((o) => o.opId)];
    const qualifying = (inPeriod: boolean) => db.select({ txId: transactions.txId, playerId: transactions.playerId, opId: transactions.opId, amountInUsd: transactions.fromAmountInUsd, createdAt: transactions.createdAt })
      .from(transactions)
      .where(and(
        inArray(transactions.opId, ops), eq(transactions.transactionType, 'DEPOSIT'), eq(transactions.status, 'CONFIRMED'), gte(transactions.fromAmountInUsd, d.min),
        inPeriod ? and(gte(transactions.createdAt, def.startsAt as Date), lte(transactions.createdAt, def.endsAt as Date)) : undefined,
      ))
      .orderBy(desc(transactions.createdAt), desc(transactions.txId)).limit(40);
    // Deposits made in the bonus's period; the demo's history may not reach back that far, then the latest ones.
    const inPeriod = await qualifying(true);
    const deposits = inPeriod.length >= 6 ? inPeriod : await qualifying(false);
    const take = d.status === 'DEACTIVE' ? 3 : 6;
    const ended = now + d.to * DAY < now;
    for (const dep of deposits.filter(() => rand() < 0.5).slice(0, take)) {
      const depositUsd = roundDec(dep.amountInUsd, 2);
      const bonus = bonusOf(depositUsd, d.percentage, d.max);
      const required = fromUnits(toUnits(bonus) * BigInt(d.wager));
      const r = rand();
      const status = r < 0.3 ? 'COMPLETED' : ended ? 'EXPIRED' : r > 0.93 ? 'CANCELED' : 'ACTIVE';
      const wagered = status === 'COMPLETED' ? required : roundDec(fromUnits((toUnits(required) * BigInt(Math.floor(rand() * 90))) / 100n), 2);
      const created = new Date(Math.max(dep.createdAt.getTime(), now + d.from * DAY) + 60_000);
      rows.push({
        id: randomUUID(), bonusId: def.id, opId: dep.opId, playerId: dep.playerId, depositTxId: dep.txId, depositAmountInUsd: depositUsd,
        bonusAmountInUsd: bonus, wagerRequiredInUsd: required, wageredInUsd: wagered, status, createdAt: created,
        completedAt: status === 'COMPLETED' ? new Date(Math.min(now, created.getTime() + 3 * DAY)) : null,
      });
    }
  }
  await bulkInsert(db, playerDepositBonuses, rows);
}
