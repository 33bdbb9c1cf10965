/**
 * Bonus release wagering per schedule period: a placed bet's stake counts on the player's row of
 * the period holding it (DAILY: the UTC day, WEEKLY: the ISO week from Monday, MONTHLY: the
 * calendar month), one row per (release, player, period start), each period from 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { cmpDec, releasePeriodStart } from '@pitboss/contract';
import { playerBonusReleases, players } from '../src/db/schema.js';
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
