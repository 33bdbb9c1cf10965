/**
 * Bonus release wagering per schedule period: a placed bet's stake counts on the player's row of
 * the period holding it (DAILY: the UTC day, WEEKLY: the ISO week from Monday, MONTHLY: the
 * calendar month), one row per (release, player, period start), each period from 0; tiers
 * unlocked per period (minimum bet and, for sport, minimum odds per tier), never twice; the
 * report's unlocked figures from the unlock records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { cmpDec, releasePeriodStart } from '@pitboss/contract';
import { playerBonusReleaseTiers, playerBonusReleases, players } from '../src/db/schema.js';
import { placeBet, type BetDraw } from '../src/modules/bets/place.js';
import { postEntry } from '../src/modules/wallet/ledger.js';
import { makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const ADMIN: Login = 'admin@demo.local';
const DAY = 86_400_000;
let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

let unique = 0;
type Tier = { tier: number; requiredWager: string; minWinOdds: string; maxBonusAmountInUSD: string; minBetAmountInUSD: string };
/** A release of op-alpha on a game of its own (CASINO) or on every sport bet (SPORT: unique tiers keep it apart from others). */
async function release(schedule: string, tiers: Tier[], betType: 'CASINO' | 'SPORT' = 'CASINO') {
  const game = `Release wager game ${++unique} ${Math.random()}`;
  const res = await t.call('POST', '/api/bonus/releases', {
    as: ADMIN,
    body: {
      opId: 'op-alpha', title: `Wagering ${schedule} ${unique}`, description: '', schedule, startTime: '2026-01-01T00:00:00.000Z', endTime: new Date(Date.now() + 30 * DAY).toISOString(),
      betType, gameProviders: [], games: betType === 'CASINO' ? [game] : [], isActive: true, tiers,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.bonusId as string, game };
}
const used = new Set<string>();
async function player() {
  const rows = await db().select({ id: players.id, opId: players.opId }).from(players)
    .where(and(eq(players.opId, 'op-alpha'), eq(players.isDeleted, false))).orderBy(asc(players.playerCode)).limit(200);
  const p = rows.find((r) => !used.has(r.id))!;
  used.add(p.id);
  await db().transaction((tx) => postEntry(tx as never, { playerId: p.id, opId: p.opId, kind: 'MAIN', currency: 'USD', amount: '100000', reason: 'TEST_CREDIT' }));
  return p;
}
const casinoBet = (p: { id: string; opId: string }, game: string, stake: string, placedAt: Date, betId = `RW-${crypto.randomUUID()}`): BetDraw => ({
  row: {
    betId, opId: p.opId, playerId: p.id, stake, currency: 'USD', rateToUsd: '1', stakeInUsd: stake, placedAt,
    betType: 'CASINO', gameTitle: game, provider: 'NetEnt', isSingle: true, win: '0', winInUsd: '0', status: 'LOST', settledAt: placedAt,
  },
  moves: [{ amount: `-${stake}`, reason: 'BET', at: placedAt }],
});
const place = (d: BetDraw) => db().transaction((tx) => placeBet(tx as never, d));
const rowsOf = async (definitionId: string, playerId: string) => (await db().select().from(playerBonusReleases)
  .where(and(eq(playerBonusReleases.definitionId, definitionId), eq(playerBonusReleases.playerId, playerId))).orderBy(asc(playerBonusReleases.periodStart)))
  .map((r) => ({ periodStart: r.periodStart.toISOString(), wagered: r.wageredAmountInUsd }));
const at = (s: string) => new Date(s);
const sameAmounts = (rows: { periodStart: string; wagered: string }[], want: [string, string][]) => {
  expect(rows.map((r) => r.periodStart)).toEqual(want.map(([p]) => p));
  rows.forEach((r, i) => expect(cmpDec(r.wagered, want[i]![1]), `${r.periodStart}: ${r.wagered}`).toBe(0));
};
const TIER: Tier[] = [{ tier: 1, requiredWager: '100000', minWinOdds: '1', maxBonusAmountInUSD: '10', minBetAmountInUSD: '1' }];

describe('period of a schedule', () => {
  it('DAILY is the UTC day, WEEKLY the ISO week from Monday, MONTHLY the calendar month', () => {
    expect(releasePeriodStart('DAILY', at('2026-03-10T23:59:59.999Z')).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(releasePeriodStart('DAILY', at('2026-03-11T00:00:00.000Z')).toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(releasePeriodStart('WEEKLY', at('2026-03-15T23:59:59.999Z')).toISOString()).toBe('2026-03-09T00:00:00.000Z'); // Sunday → its Monday
    expect(releasePeriodStart('WEEKLY', at('2026-03-16T00:00:00.000Z')).toISOString()).toBe('2026-03-16T00:00:00.000Z'); // Monday
    expect(releasePeriodStart('WEEKLY', at('2026-01-01T12:00:00.000Z')).toISOString()).toBe('2025-12-29T00:00:00.000Z'); // across a year
    expect(releasePeriodStart('MONTHLY', at('2026-02-28T23:59:59.999Z')).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(releasePeriodStart('MONTHLY', at('2026-03-01T00:00:00.000Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('wager per period', () => {
  it('DAILY: bets either side of midnight UTC count on two rows; the same day adds up', async () => {
    const r = await release('DAILY', TIER);
    const p = await player();
    await place(casinoBet(p, r.game, '10', at('2026-03-10T00:00:00.000Z')));
    await place(casinoBet(p, r.game, '15.25', at('2026-03-10T23:59:59.999Z')));
    await place(casinoBet(p, r.game, '7', at('2026-03-11T00:00:00.000Z')));
    sameAmounts(await rowsOf(r.id, p.id), [['2026-03-10T00:00:00.000Z', '25.25'], ['2026-03-11T00:00:00.000Z', '7']]);
  });

  it('WEEKLY: Monday to Sunday is one row; the next Monday starts a new one from 0', async () => {
    const r = await release('WEEKLY', TIER);
    const p = await player();
    await place(casinoBet(p, r.game, '10', at('2026-03-09T00:00:00.000Z'))); // Monday
    await place(casinoBet(p, r.game, '20', at('2026-03-15T23:59:59.999Z'))); // Sunday
    await place(casinoBet(p, r.game, '5', at('2026-03-16T00:00:00.000Z'))); // next Monday
    sameAmounts(await rowsOf(r.id, p.id), [['2026-03-09T00:00:00.000Z', '30'], ['2026-03-16T00:00:00.000Z', '5']]);
  });

  it('MONTHLY: the calendar month; a bet before the release starts counts nowhere', async () => {
    const r = await release('MONTHLY', TIER);
    const p = await player();
    await place(casinoBet(p, r.game, '50', at('2025-12-31T23:59:59.999Z'))); // before the release's start
    await place(casinoBet(p, r.game, '10', at('2026-02-01T00:00:00.000Z')));
    await place(casinoBet(p, r.game, '11', at('2026-02-28T23:59:59.999Z')));
    await place(casinoBet(p, r.game, '12', at('2026-03-01T00:00:00.000Z')));
    sameAmounts(await rowsOf(r.id, p.id), [['2026-02-01T00:00:00.000Z', '21'], ['2026-03-01T00:00:00.000Z', '12']]);
  });

  it('two players in one period have a row each; concurrent bets of one player add up on one row', async () => {
    const r = await release('DAILY', TIER);
    const [a, b] = [await player(), await player()];
    const when = at('2026-04-02T10:00:00.000Z');
    await Promise.all([...Array.from({ length: 5 }, () => place(casinoBet(a, r.game, '2', when))), place(casinoBet(b, r.game, '3', when))]);
    sameAmounts(await rowsOf(r.id, a.id), [['2026-04-02T00:00:00.000Z', '10']]);
    sameAmounts(await rowsOf(r.id, b.id), [['2026-04-02T00:00:00.000Z', '3']]);
    const all = await db().select().from(playerBonusReleases).where(inArray(playerBonusReleases.playerId, [a.id, b.id]));
    expect(all.filter((x) => x.definitionId === r.id)).toHaveLength(2);
  });
});

/* Tier unlock: a tier's wager counts bets with a stake ≥ its minBetAmountInUSD and, for sport, odds ≥ its minWinOdds; reaching its requiredWager unlocks it once per period. */
const sportBet = (p: { id: string; opId: string }, stake: string, odds: string[], placedAt: Date, betId = `RWS-${crypto.randomUUID()}`): BetDraw => ({
  row: {
    betId, opId: p.opId, playerId: p.id, stake, currency: 'USD', rateToUsd: '1', stakeInUsd: stake, placedAt, betType: 'SPORT', isSingle: odds.length === 1,
    selections: odds.map((o, i) => ({ event: `Event ${i}`, tournament: 'Test league', sportType: 'Football', market: '1X2', pick: '1', odds: o })),
    gameTitle: null, provider: null, win: '0', winInUsd: '0', status: 'LOST', settledAt: placedAt,
  },
  moves: [{ amount: `-${stake}`, reason: 'BET', at: placedAt }],
});
const tiersOf = async (definitionId: string, playerId: string) => (await db().select().from(playerBonusReleaseTiers)
  .where(and(eq(playerBonusReleaseTiers.definitionId, definitionId), eq(playerBonusReleaseTiers.playerId, playerId))).orderBy(asc(playerBonusReleaseTiers.periodStart), asc(playerBonusReleaseTiers.tier)))
  .map((r) => ({ period: r.periodStart.toISOString().slice(0, 10), tier: r.tier, wagered: Number(r.wageredInUsd), unlockedAt: r.unlockedAt?.toISOString() ?? null }));
const periodRow = async (definitionId: string, playerId: string, periodStart: string) => (await db().select().from(playerBonusReleases).where(and(
  eq(playerBonusReleases.definitionId, definitionId), eq(playerBonusReleases.playerId, playerId), eq(playerBonusReleases.periodStart, new Date(periodStart)))))[0]!;
const report = async (id: string) => (await t.call('GET', `/api/bonus/releases/details/${id}`, { as: ADMIN })).json().data.report as { totalUnlockedAmountInUSD: string; totalPlayersUnlocked: number; totalWageredAmountInUSD: string };

describe('tier unlock', () => {
  it("casino: each tier counts only stakes of at least its minimum bet; reaching its required wager unlocks it once in the period; the report's figures follow", async () => {
    const r = await release('DAILY', [
      { tier: 1, requiredWager: '100', minWinOdds: '1.5', maxBonusAmountInUSD: '10', minBetAmountInUSD: '5' },
      { tier: 2, requiredWager: '300', minWinOdds: '1.5', maxBonusAmountInUSD: '40.50', minBetAmountInUSD: '20' },
    ]);
    const p = await player();
    const day = '2026-05-04';
    const when = (h: number) => new Date(`${day}T${String(h).padStart(2, '0')}:00:00.000Z`);
    await place(casinoBet(p, r.game, '4.99', when(1))); // under every tier's minimum: counts nowhere
    expect(await tiersOf(r.id, p.id)).toEqual([]);
    expect(await rowsOf(r.id, p.id)).toEqual([]);
    await place(casinoBet(p, r.game, '95', when(2))); // both tiers
    await place(casinoBet(p, r.game, '4.99', when(3))); // still nothing
    expect((await tiersOf(r.id, p.id)).map((x) => [x.tier, x.wagered, x.unlockedAt])).toEqual([[1, 95, null], [2, 95, null]]);
    await place(casinoBet(p, r.game, '5', when(4))); // tier 1 exactly at 100.00; tier 2 (minimum 20) not
    expect((await tiersOf(r.id, p.id)).map((x) => [x.tier, x.wagered, x.unlockedAt])).toEqual([[1, 100, when(4).toISOString()], [2, 95, null]]);
    let row = await periodRow(r.id, p.id, `${day}T00:00:00.000Z`);
    expect(cmpDec(row.unlockedAmountInUsd, '10')).toBe(0);
    expect(row.appliedTierRule).toMatchObject({ tier: 1 });
    expect(await report(r.id)).toMatchObject({ totalUnlockedAmountInUSD: '10.00', totalPlayersUnlocked: 1 });
    await place(casinoBet(p, r.game, '19.99', when(5))); // tier 1 only
    await place(casinoBet(p, r.game, '204.99', when(6))); // tier 2 at 299.99: not yet
    expect((await tiersOf(r.id, p.id)).map((x) => [x.tier, x.wagered, x.unlockedAt])).toEqual([[1, 324.98, when(4).toISOString()], [2, 299.99, null]]);
    await place(casinoBet(p, r.game, '20', when(7))); // tier 2 reached
    await place(casinoBet(p, r.game, '500', when(8))); // both already unlocked: nothing new
    expect((await tiersOf(r.id, p.id)).map((x) => [x.tier, x.unlockedAt])).toEqual([[1, when(4).toISOString()], [2, when(7).toISOString()]]);
    row = await periodRow(r.id, p.id, `${day}T00:00:00.000Z`);
    expect(cmpDec(row.unlockedAmountInUsd, '40.50')).toBe(0);
    expect(row.appliedTierRule).toMatchObject({ tier: 2 });
    expect(row.lastUnlockedAt!.toISOString()).toBe(when(7).toISOString());
    // The next day is a new period: its own tiers from 0, unlockable again there.
    await place(casinoBet(p, r.game, '100', new Date('2026-05-05T00:00:00.000Z')));
    const all = await tiersOf(r.id, p.id);
    expect(all.filter((x) => x.period === '2026-05-05').map((x) => [x.tier, x.wagered, x.unlockedAt !== null])).toEqual([[1, 100, true], [2, 100, false]]);
    // Report: per player period the highest unlocked tier (40.50 + 10.00); the player counted once.
    expect(await report(r.id)).toMatchObject({ totalUnlockedAmountInUSD: '50.50', totalPlayersUnlocked: 1 });
    // The details list the player's periods, each with its period start, unlocked amount and tier.
    const details = (await t.call('GET', `/api/bonus/releases/details/${r.id}`, { as: ADMIN })).json().data.players as { periodStart: string; unlockedAmountInUSD: string; appliedTierRule: { tier: number } | null }[];
    expect(details.map((x) => [x.periodStart, x.unlockedAmountInUSD, x.appliedTierRule?.tier]).sort()).toEqual([
      ['2026-05-04T00:00:00.000Z', '40.50', 2], ['2026-05-05T00:00:00.000Z', '10.00', 1],
    ]);
  });

  it('sport: a tier counts only bets whose odds (the product of the selections) reach its minimum odds', async () => {
    const r = await release('WEEKLY', [
      { tier: 1, requiredWager: '50.01', minWinOdds: '1.8', maxBonusAmountInUSD: '5', minBetAmountInUSD: '1' },
      { tier: 2, requiredWager: '100.01', minWinOdds: '3', maxBonusAmountInUSD: '15', minBetAmountInUSD: '1' },
    ], 'SPORT');
    const p = await player();
    const when = new Date('2026-06-03T12:00:00.000Z');
    await place(sportBet(p, '60', ['1.79'], when)); // under both tiers' odds
    expect(await tiersOf(r.id, p.id)).toEqual([]);
    await place(sportBet(p, '50.01', ['1.80'], when)); // tier 1 reached; tier 2 needs odds 3
    expect((await tiersOf(r.id, p.id)).map((x) => [x.tier, x.wagered, x.unlockedAt !== null])).toEqual([[1, 50.01, true]]);
    await place(sportBet(p, '100', ['1.5', '1.99'], when)); // 2.985: tier 1 only
    await place(sportBet(p, '100.01', ['1.5', '2'], when)); // 3.00: both; tier 2 reached
    expect((await tiersOf(r.id, p.id)).map((x) => [x.tier, x.wagered, x.unlockedAt !== null])).toEqual([[1, 250.02, true], [2, 100.01, true]]);
    expect(await report(r.id)).toMatchObject({ totalUnlockedAmountInUSD: '15.00', totalPlayersUnlocked: 1 });
  });

  it('no double unlock: a replayed bet is refused and counts once; concurrent bets crossing the threshold unlock the tier once', async () => {
    const r = await release('DAILY', [{ tier: 1, requiredWager: '30', minWinOdds: '1', maxBonusAmountInUSD: '3', minBetAmountInUSD: '1' }]);
    const p = await player();
    const when = new Date('2026-07-01T09:00:00.000Z');
    const same = casinoBet(p, r.game, '30', when);
    await place(same);
    await expect(place(same)).rejects.toThrow();
    await expect(place({ ...same, row: { ...same.row } })).rejects.toThrow();
    expect((await tiersOf(r.id, p.id)).map((x) => [x.tier, x.wagered, x.unlockedAt !== null])).toEqual([[1, 30, true]]);
    sameAmounts(await rowsOf(r.id, p.id), [['2026-07-01T00:00:00.000Z', '30']]);
    // Another player: 12 bets of 5 at once cross 30 together; the tier is unlocked once.
    const q = await player();
    await Promise.all(Array.from({ length: 12 }, () => place(casinoBet(q, r.game, '5', when))));
    const tq = await tiersOf(r.id, q.id);
    expect(tq.map((x) => [x.tier, x.wagered, x.unlockedAt !== null])).toEqual([[1, 60, true]]);
    expect(cmpDec((await periodRow(r.id, q.id, '2026-07-01T00:00:00.000Z')).unlockedAmountInUsd, '3')).toBe(0);
    expect(await report(r.id)).toMatchObject({ totalUnlockedAmountInUSD: '6.00', totalPlayersUnlocked: 2, totalWageredAmountInUSD: '90.00' });
  });
});

describe('periods in the operator\'s time zone', () => {
  it('the period helper begins days, ISO weeks and months at local midnight, across a DST change', () => {
    expect(releasePeriodStart('DAILY', at('2026-03-10T16:00:00.000Z'), 'Asia/Tokyo').toISOString()).toBe('2026-03-10T15:00:00.000Z'); // 01:00 on the 11th in Tokyo
    expect(releasePeriodStart('DAILY', at('2026-03-10T14:59:59.999Z'), 'Asia/Tokyo').toISOString()).toBe('2026-03-09T15:00:00.000Z');
    expect(releasePeriodStart('WEEKLY', at('2026-03-15T23:30:00.000Z'), 'Europe/Istanbul').toISOString()).toBe('2026-03-15T21:00:00.000Z'); // Monday 02:30 in Istanbul
    expect(releasePeriodStart('MONTHLY', at('2026-03-31T23:30:00.000Z'), 'Europe/Berlin').toISOString()).toBe('2026-03-31T22:00:00.000Z'); // April 1st 01:30 CEST
    expect(releasePeriodStart('DAILY', at('2026-03-29T12:00:00.000Z'), 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z'); // the DST day began in CET
    expect(releasePeriodStart('DAILY', at('2026-03-10T16:00:00.000Z'), 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });

  it('a bet counts on the period of the release operator\'s time zone; cleared, UTC again', async () => {
    const set = (timeZone: string) => t.call('PUT', '/api/operators/time-zone', { as: ADMIN, body: { opId: 'op-alpha', timeZone } });
    const saved = await set('Asia/Tokyo');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ opId: 'op-alpha', timeZone: 'Asia/Tokyo', effectiveTimeZone: 'Asia/Tokyo' });
    try {
      const r = await release('DAILY', TIER);
      const p = await player();
      await place(casinoBet(p, r.game, '10', at('2026-03-10T14:59:59.999Z'))); // the 10th, 23:59 in Tokyo
      await place(casinoBet(p, r.game, '4', at('2026-03-10T15:00:00.000Z'))); // the 11th, 00:00 in Tokyo
      await place(casinoBet(p, r.game, '6', at('2026-03-10T23:00:00.000Z'))); // the 11th, 08:00 in Tokyo (the 10th in UTC)
      sameAmounts(await rowsOf(r.id, p.id), [['2026-03-09T15:00:00.000Z', '10'], ['2026-03-10T15:00:00.000Z', '10']]);
    } finally {
      const cleared = await set('');
      expect(cleared.json().data).toEqual({ opId: 'op-alpha', timeZone: null, effectiveTimeZone: 'UTC' });
    }
    const r = await release('DAILY', TIER);
    const p = await player();
    await place(casinoBet(p, r.game, '3', at('2026-03-10T23:00:00.000Z')));
    sameAmounts(await rowsOf(r.id, p.id), [['2026-03-10T00:00:00.000Z', '3']]);
  });
});
