/**
 * /profit-history: every player's REFERRAL_PROFIT and CASHBACK transactions of the caller's
 * operators (POST /api/reports/player/transactions/list), with totals per status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, REWARD_HISTORY_MESSAGES as M } from '@pitboss/contract';
import { transactions } from '../src/db/schema.js';
import { rowsOf } from '../src/lib/query.js';
import { ALPHA_PLAYER_OPS, BRAVO_SCOPE, makeApp, pickPlayer, type Player } from './support.js';
import type { Login, TestApp } from './helpers.js';

const URL = '/api/reports/player/transactions/list';
const ADMIN: Login = 'admin@demo.local';

let t: TestApp;
let a: Player;
let b: Player;
let bravo: Player;
// Days of a year no seeded transaction lies in: the date-ranged answers are exactly the rows written here.
const day = (n: number) => new Date(Date.UTC(2031, 2, 1 + n, 12));
const RANGE = { fromDate: day(0).toISOString(), toDate: day(20).toISOString() };

beforeAll(async () => {
  t = await makeApp();
  a = await pickPlayer(t, { opIds: ['alpha-bet'] });
  b = await pickPlayer(t, { opIds: ['alpha-casino'] });
  bravo = await pickPlayer(t, { opIds: BRAVO_SCOPE });
  const row = (p: Player, i: number, type: string, sub: string, status: string, usd: string, extra: Partial<typeof transactions.$inferInsert> = {}) => ({
    opId: p.opId, playerId: p.id, transactionType: type, transactionSubType: sub, status, walletType: 'MAIN',
    fromAmount: usd, fromCurrency: 'USD', fromAmountInUsd: usd, toAmount: usd, toCurrency: 'USD', toAmountInUsd: usd, rateToUsd: '1',
    createdAt: day(i), updatedAt: day(i), ...(status === 'CONFIRMED' ? { confirmedAt: day(i), confirmedBy: 'admin@demo.local' } : {}), ...extra,
  });
  await t.database.db.insert(transactions).values([
    row(a, 1, 'CASHBACK', 'CASHBACK_CLAIM', 'CONFIRMED', '10.10'),
    row(a, 2, 'CASHBACK', 'CASHBACK_CLAIM', 'REJECTED', '500.00'),
    row(a, 3, 'REFERRAL_PROFIT', 'OTHER', 'CONFIRMED', '42.00'),
    row(b, 4, 'REFERRAL_PROFIT', 'OTHER', 'PENDING', '7.25'),
    row(b, 5, 'CASHBACK', 'CASHBACK_CLAIM', 'CONFIRMED', '0.15'),
    row(b, 6, 'BONUS', 'OTHER', 'CONFIRMED', '77.00'), // not a profit transaction
    row(b, 7, 'CASHBACK', 'CASHBACK_CLAIM', 'CONFIRMED', '1000.00', { isDeleted: true }),
    row(bravo, 8, 'CASHBACK', 'CASHBACK_CLAIM', 'CONFIRMED', '3.00'),
  ]);
});
afterAll(async () => { await t.close(); });

const post = (body: unknown, as: Login = ADMIN) => t.call('POST', URL, { as, body });
const amounts = (d: { items: { amountInUSD: string }[] }) => d.items.map((x) => Number(x.amountInUSD).toFixed(2));
const totalsOf = (d: { totals: { status: string; count: number; amountInUSD: string }[] }) =>
  d.totals.map((x) => [x.status, x.count, Number(x.amountInUSD).toFixed(2)]);

describe('POST /api/reports/player/transactions/list', () => {
  it('answers every player\'s REFERRAL_PROFIT and CASHBACK of the scope, newest first, with the player and operator by name and totals per status', async () => {
    const r = await post(RANGE);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(amounts(d)).toEqual(['3.00', '0.15', '7.25', '42.00', '500.00', '10.10']);
    expect(d.items[1]).toMatchObject({ playerCode: b.playerCode, opId: 'alpha-casino', opTitle: expect.any(String), transactionType: 'CASHBACK', status: 'CONFIRMED' });
    // Confirmed and rejected money each on its own: never one sum of both.
    expect(totalsOf(d)).toEqual([['CONFIRMED', 4, '55.25'], ['REJECTED', 1, '500.00'], ['PENDING', 1, '7.25']]);
  });

  it('filters by type, status and player code; the totals follow the filter', async () => {
    const cb = (await post({ ...RANGE, type: 'CASHBACK', opId: 'op-alpha', includeBrands: 'true' })).json().data;
    expect(amounts(cb)).toEqual(['0.15', '500.00', '10.10']);
    expect(totalsOf(cb)).toEqual([['CONFIRMED', 2, '10.25'], ['REJECTED', 1, '500.00']]);
    const confirmed = (await post({ ...RANGE, status: 'CONFIRMED', playerCode: a.playerCode })).json().data;
    expect(amounts(confirmed)).toEqual(['42.00', '10.10']);
    expect(totalsOf(confirmed)).toEqual([['CONFIRMED', 2, '52.10']]);
    const byPlayer = (await post({ playerCode: b.playerCode, type: 'REFERRAL_PROFIT' })).json().data;
    expect(byPlayer.items.every((x: { playerCode: string }) => x.playerCode === b.playerCode)).toBe(true);
    expect(totalsOf(byPlayer)).toContainEqual(['PENDING', 1, '7.25']);
  });

  it('pages by keyset: pages of 4 then 2 hold every row once; the totals are of the whole filter on every page', async () => {
    const first = (await post({ ...RANGE, limit: 4 })).json().data;
    expect(first.items).toHaveLength(4);
    expect(first.remaining).toBe(true);
    const second = (await post({ ...RANGE, limit: 4, page: 2, cursor: first.nextCursor })).json().data;
    expect(second.items).toHaveLength(2);
    expect(second.remaining).toBe(false);
    expect(new Set([...first.items, ...second.items].map((x: { txId: string }) => x.txId)).size).toBe(6);
    expect(second.totals).toEqual(first.totals);
  });

  it('without a date range or player the totals come from the roll-up and equal the rows', async () => {
    const d = (await post({ type: 'CASHBACK', opId: 'alpha-bet' })).json().data;
    const rows = await rowsOf<{ status: string; n: number; usd: string }>(t.database.db, sql`select status, count(*)::int as n, sum(to_amount_in_usd)::text as usd
      from transactions where op_id = 'alpha-bet' and transaction_type = 'CASHBACK' and not is_deleted group by status`);
    const want = rows.map((x) => [x.status, Number(x.n), Number(x.usd).toFixed(2)]);
    expect(totalsOf(d).sort()).toEqual(want.sort());
  });

  it('operator staff see their own operators only; another operator selected answers not found', async () => {
    const mine = (await post(RANGE, 'operator.manager@demo.local')).json().data;
    expect(amounts(mine)).toEqual(['0.15', '7.25', '42.00', '500.00', '10.10']);
    expect(mine.items.every((x: { opId: string }) => (ALPHA_PLAYER_OPS as readonly string[]).includes(x.opId))).toBe(true);
    const other = await post({ ...RANGE, opId: 'op-bravo' }, 'operator.admin@demo.local');
    expect(other.statusCode).toBe(404);
  });

  it('refuses a partner and dev ops', async () => {
    for (const who of ['partner@demo.local', 'devops@demo.local'] as const) {
      const r = await post(RANGE, who);
      expect(r.statusCode, who).toBe(403);
      expect(r.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
  });

  it('refuses a bad type, status, date and a reversed range with their messages', async () => {
    for (const [body, msg] of [
      [{ type: 'BONUS' }, M.PROFIT_TYPE_INVALID],
      [{ type: 'AFFILIATE' }, M.PROFIT_TYPE_INVALID],
      [{ status: 'DONE' }, M.STATUS_INVALID],
      [{ fromDate: '2031-13-01' }, M.DATE_INVALID],
      [{ fromDate: day(3).toISOString(), toDate: day(1).toISOString() }, M.DATE_RANGE_INVALID],
    ] as const) {
      const r = await post(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().messages).toContain(msg);
    }
  });
});
