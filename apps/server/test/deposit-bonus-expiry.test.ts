/**
 * Deposit bonuses expire: the recurring job `bonuses.expire-due` turns an ACTIVE player deposit
 * bonus whose definition ended into EXPIRED, once (a second sweep or two at once change nothing),
 * leaves a running definition's and a COMPLETED bonus alone, and wagering stops counting towards it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { cmpDec } from '@pitboss/contract';
import { bonusDefinitions, playerDepositBonuses, players } from '../src/db/schema.js';
import { expireDepositBonuses } from '../src/modules/bonuses/expiry.js';
import { DEMO_GAMES, placeBet } from '../src/modules/bets/place.js';
import { postEntry } from '../src/modules/wallet/ledger.js';
import { completedRuns, makeApp, until } from './support.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => { t = await makeApp({ jobs: { pollSeconds: 1 }, env: { BONUSES_EXPIRE_SECONDS: '1' } }); });
afterAll(async () => { await t.close(); });

const MIN = 60_000;
const DAY = 86_400_000;
let n = 0;
async function definition(endsInMs: number): Promise<string> {
  const [d] = await db().insert(bonusDefinitions).values({
    opId: 'op-bravo', title: `Expiry test ${++n} ${Math.random()}`, status: 'ACTIVE', startsAt: new Date(Date.now() - 10 * DAY), endsAt: new Date(Date.now() + endsInMs),
    percentage: '50', maxBonusInUsd: '100', minDepositInUsd: '10', wagerMultiplier: 10, betType: 'ALL', createdBy: 'test',
  }).returning();
  return d!.id;
}
async function somePlayers(count: number) {
  return db().select({ id: players.id, opId: players.opId }).from(players)
    .where(and(eq(players.opId, 'op-bravo'), eq(players.isDeleted, false))).orderBy(asc(players.playerCode)).limit(count);
}
async function bonus(bonusId: string, playerId: string, status = 'ACTIVE'): Promise<string> {
  const [b] = await db().insert(playerDepositBonuses).values({
    bonusId, opId: 'op-bravo', playerId, depositAmountInUsd: '40', bonusAmountInUsd: '20', wagerRequiredInUsd: '200', status,
  }).returning();
  return b!.id;
}
const statusOf = async (ids: string[]) => Object.fromEntries((await db().select().from(playerDepositBonuses).where(inArray(playerDepositBonuses.id, ids))).map((r) => [r.id, r.status]));

describe('deposit bonus expiry', () => {
  it('the job expires the ACTIVE bonuses of an ended definition, once; a running one and a COMPLETED one stay', async () => {
    const [a, b] = await somePlayers(2);
    const ended = await definition(-MIN);
    const running = await definition(10 * DAY);
    const endedActive = await bonus(ended, a!.id);
    const endedDone = await bonus(ended, b!.id, 'COMPLETED');
    const runningActive = await bonus(running, a!.id);
    // From here on only the job runs.
    await until('the job expires the ended bonus', () => statusOf([endedActive]), (s) => s[endedActive] === 'EXPIRED', 30_000);
    expect(await statusOf([endedActive, endedDone, runningActive])).toEqual({ [endedActive]: 'EXPIRED', [endedDone]: 'COMPLETED', [runningActive]: 'ACTIVE' });
    expect(await completedRuns(db(), 'bonuses.expire-due')).toBeGreaterThan(0);
    // Idempotent: another sweep, and two at once, change nothing.
    const again = (await Promise.all([expireDepositBonuses(db()), expireDepositBonuses(db()), expireDepositBonuses(db())])).flat();
    expect(again.filter((id) => [endedActive, endedDone, runningActive].includes(id))).toEqual([]);
    expect(await statusOf([endedActive, endedDone, runningActive])).toEqual({ [endedActive]: 'EXPIRED', [endedDone]: 'COMPLETED', [runningActive]: 'ACTIVE' });
  });

  it('a definition whose end passes: its bonus expires at the end, not before, and wagering stops counting towards it', async () => {
    const [p] = await somePlayers(1);
    const def = await definition(2 * DAY);
    const id = await bonus(def, p!.id);
    await db().transaction((tx) => postEntry(tx as never, { playerId: p!.id, opId: p!.opId, kind: 'MAIN', currency: 'USD', amount: '100', reason: 'TEST_CREDIT' }));
    const g = DEMO_GAMES[0];
    const bet = (stake: string, placedAt: Date) => db().transaction((tx) => placeBet(tx as never, {
      row: {
        betId: `EXPIRY-${crypto.randomUUID()}`, opId: p!.opId, playerId: p!.id, stake, currency: 'USD', rateToUsd: '1', stakeInUsd: stake, placedAt,
        betType: 'CASINO', gameTitle: g.gameTitle, provider: g.provider, isSingle: true, win: '0', winInUsd: '0', status: 'LOST', settledAt: placedAt,
      },
      moves: [{ amount: `-${stake}`, reason: 'BET', at: placedAt }],
    }));
    const wagered = async () => (await db().select().from(playerDepositBonuses).where(eq(playerDepositBonuses.id, id)))[0]!.wageredInUsd;
    // Not before its end (a sweep as of now changes nothing), and a bet counts.
    expect(await expireDepositBonuses(db(), new Date())).not.toContain(id);
    await bet('10', new Date());
    expect(cmpDec(await wagered(), '10')).toBe(0);
    // The definition ends: a bet after the end no longer counts, even before the sweep.
    await db().update(bonusDefinitions).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(bonusDefinitions.id, def));
    await bet('5', new Date());
    expect(cmpDec(await wagered(), '10')).toBe(0);
    await until('the job expires it', () => statusOf([id]), (s) => s[id] === 'EXPIRED', 30_000);
    await bet('5', new Date());
    expect(cmpDec(await wagered(), '10')).toBe(0);
    expect(await statusOf([id])).toEqual({ [id]: 'EXPIRED' });
  });
});
