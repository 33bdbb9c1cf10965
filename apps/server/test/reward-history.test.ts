/**
 * The reward history drawers of the Player Wallet panels: one player's CASHBACK, REFERRAL_PROFIT
 * or AFFILIATE transactions with the confirmed total, and the players an affiliate referred.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { MSG, REWARD_HISTORY_MESSAGES as M } from '@pitboss/contract';
import { players, transactions } from '../src/db/schema.js';
import { ALPHA_PLAYER_OPS, makeApp, pickPlayer, type Player } from './support.js';
import type { Login, TestApp } from './helpers.js';

const TX = '/api/reports/player/transactions';
const REFERRED = '/api/reports/affiliate/referred-players';
const ADMIN: Login = 'admin@demo.local';

let t: TestApp;
let p: Player;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 12));

beforeAll(async () => {
  t = await makeApp();
  p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS });
  const db = t.database.db;
  // The player's own history, replaced by a known one: 7 cashback claims (5 confirmed), one referral profit, one deleted.
  await db.delete(transactions).where(eq(transactions.playerId, p.id));
  const row = (i: number, type: string, sub: string, status: string, usd: string, extra: Partial<typeof transactions.$inferInsert> = {}) => ({
    opId: p.opId, playerId: p.id, transactionType: type, transactionSubType: sub, status, walletType: 'MAIN',
    fromAmount: usd, fromCurrency: 'USD', fromAmountInUsd: usd, toAmount: usd, toCurrency: 'USD', toAmountInUsd: usd, rateToUsd: '1',
    createdAt: day(i), updatedAt: day(i), ...(status === 'CONFIRMED' ? { confirmedAt: day(i), confirmedBy: 'admin@demo.local' } : {}), ...extra,
  });
  await db.insert(transactions).values([
    row(0, 'CASHBACK', 'CASHBACK_CLAIM', 'CONFIRMED', '10.10'),
    row(1, 'CASHBACK', 'CASHBACK_CLAIM', 'CONFIRMED', '20.20'),
    row(2, 'CASHBACK', 'CASHBACK_CLAIM', 'REJECTED', '999.00'),
    row(3, 'CASHBACK', 'CASHBACK_CLAIM', 'CONFIRMED', '0.01'),
    row(4, 'CASHBACK', 'CASHBACK_CLAIM', 'PENDING', '5.00'),
    row(5, 'CASHBACK', 'CASHBACK_CLAIM', 'CONFIRMED', '100.00'),
    row(6, 'CASHBACK', 'CASHBACK_CLAIM', 'CONFIRMED', '0.19'),
    row(7, 'CASHBACK', 'CASHBACK_CLAIM', 'CONFIRMED', '1000.00', { isDeleted: true }),
    row(8, 'REFERRAL_PROFIT', 'OTHER', 'CONFIRMED', '42.00'),
  ]);
});
afterAll(async () => { await t.close(); });

const post = (url: string, body: unknown, as: Login = ADMIN) => t.call('POST', url, { as, body });

describe('POST /api/reports/player/transactions', () => {
  it("answers the player's transactions of the type, newest first, deleted ones left out, with the confirmed total of the whole filter", async () => {
    const r = await post(TX, { playerCode: p.playerCode, type: 'CASHBACK' });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d.items.map((x: { amount: string }) => x.amount)).toEqual(['0.19', '100.00', '5.00', '0.01', '999.00', '20.20', '10.10'].map((v) => expect.stringMatching(new RegExp(`^${v.replace('.', '\\.')}0*$`))));
    expect(d.items[0]).toMatchObject({ transactionType: 'CASHBACK', transactionSubType: 'CASHBACK_CLAIM', status: 'CONFIRMED', currency: 'USD', confirmedBy: 'admin@demo.local' });
    expect(d.confirmedTotalInUSD).toMatch(/^130\.50*$/);
    expect(d.confirmedCount).toBe(5);
    expect(d.remaining).toBe(false);
  });

  it('pages by keyset: two pages of 3 then 1 hold every row once; the total stays the whole filter', async () => {
    const first = (await post(TX, { playerCode: p.playerCode, type: 'CASHBACK', limit: 3 })).json().data;
    expect(first.items).toHaveLength(3);
    expect(first.remaining).toBe(true);
    expect(first.confirmedTotalInUSD).toMatch(/^130\.50*$/);
    const second = (await post(TX, { playerCode: p.playerCode, type: 'CASHBACK', limit: 3, page: 2, cursor: first.nextCursor })).json().data;
    const third = (await post(TX, { playerCode: p.playerCode, type: 'CASHBACK', limit: 3, page: 3, cursor: second.nextCursor })).json().data;
    const ids = [...first.items, ...second.items, ...third.items].map((x: { txId: string }) => x.txId);
    expect(new Set(ids).size).toBe(7);
    expect(third.remaining).toBe(false);
  });

  it('the dates narrow the rows and the total', async () => {
    const d = (await post(TX, { playerCode: p.playerCode, type: 'CASHBACK', fromDate: day(1).toISOString(), toDate: day(3).toISOString() })).json().data;
    expect(d.items).toHaveLength(3);
    expect(d.confirmedTotalInUSD).toMatch(/^20\.210*$/);
    expect(d.confirmedCount).toBe(2);
  });

  it('the other type answers only its own', async () => {
    const d = (await post(TX, { playerCode: p.playerCode, type: 'REFERRAL_PROFIT' })).json().data;
    expect(d.items).toHaveLength(1);
    expect(d.confirmedTotalInUSD).toMatch(/^42\.0*$/);
    const none = (await post(TX, { playerCode: p.playerCode, type: 'AFFILIATE' })).json().data;
    expect(none).toMatchObject({ items: [], confirmedCount: 0 });
    expect(none.confirmedTotalInUSD).toMatch(/^0(\.0*)?$/);
  });

  it('refuses a bad type, a bad date and a reversed range with their messages', async () => {
    for (const [body, msg] of [
      [{ playerCode: p.playerCode, type: 'BONUS' }, M.TYPE_INVALID],
      [{ playerCode: p.playerCode, type: 'CASHBACK', fromDate: '2026-13-01' }, M.DATE_INVALID],
      [{ playerCode: p.playerCode, type: 'CASHBACK', fromDate: day(3).toISOString(), toDate: day(1).toISOString() }, M.DATE_RANGE_INVALID],
      [{ type: 'CASHBACK' }, M.PLAYER_REQUIRED],
    ] as const) {
      const r = await post(TX, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().messages).toContain(msg);
    }
  });

  it('operator staff are refused; another operator selected answers not found', async () => {
    const r = await post(TX, { playerCode: p.playerCode, type: 'CASHBACK' }, 'operator.admin@demo.local');
    expect(r.statusCode).toBe(403);
    expect(r.json().messages).toEqual([MSG.NO_PERMISSION]);
    const o = await post(TX, { playerCode: p.playerCode, type: 'CASHBACK', opId: 'op-bravo' });
    expect(o.statusCode).toBe(404);
    expect(o.json().messages).toEqual([MSG.PLAYER_NOT_FOUND]);
  });
});

describe('POST /api/reports/affiliate/referred-players', () => {
  let referred: Player[];
  beforeAll(async () => {
    const db = t.database.db;
    const others = await db.select().from(players).where(inArray(players.opId, [...ALPHA_PLAYER_OPS])).limit(40);
    referred = others.filter((x) => x.id !== p.id).slice(0, 4);
    await db.update(players).set({ refId: null }).where(eq(players.refId, p.playerCode));
    for (const [i, x] of referred.entries()) {
      await db.update(players).set({ refId: p.playerCode, totalBetCount: [7, 3, 9, 1][i]!, createdAt: day(i) }).where(eq(players.id, x.id));
    }
  });

  it('answers the referred players, newest registration first by default', async () => {
    const d = (await post(REFERRED, { playerCode: p.playerCode })).json().data;
    expect(d.items.map((x: { playerCode: string }) => x.playerCode)).toEqual([...referred].reverse().map((x) => x.playerCode));
    expect(d.items[0]).toMatchObject({ opTitle: expect.any(String), totalBetCount: 1 });
  });

  it('sorts by bets ascending and pages by keyset', async () => {
    const first = (await post(REFERRED, { playerCode: p.playerCode, sortBy: 'totalBetCount', sort: 'asc', limit: 2 })).json().data;
    expect(first.items.map((x: { totalBetCount: number }) => x.totalBetCount)).toEqual([1, 3]);
    const second = (await post(REFERRED, { playerCode: p.playerCode, sortBy: 'totalBetCount', sort: 'asc', limit: 2, page: 2, cursor: first.nextCursor })).json().data;
    expect(second.items.map((x: { totalBetCount: number }) => x.totalBetCount)).toEqual([7, 9]);
    expect(second.remaining).toBe(false);
  });

  it('refuses an unknown sort with its message; a player who referred nobody answers an empty page', async () => {
    const r = await post(REFERRED, { playerCode: p.playerCode, sortBy: 'balance' });
    expect(r.statusCode).toBe(400);
    expect(r.json().messages).toContain(M.SORT_INVALID);
    const none = (await post(REFERRED, { playerCode: referred[0]!.playerCode })).json().data;
    expect(none.items).toEqual([]);
  });

  it('operator staff are refused; another operator selected answers not found', async () => {
    expect((await post(REFERRED, { playerCode: p.playerCode }, 'operator.manager@demo.local')).statusCode).toBe(403);
    expect((await post(REFERRED, { playerCode: p.playerCode, opId: 'op-bravo' })).statusCode).toBe(404);
  });
});
