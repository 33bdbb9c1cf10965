/**
 * The list builder through the API: for lists of each shape (a bigint or a uuid tiebreak, joins,
 * a descending time sort, an ascending sort on several columns, a sort on the tiebreak itself),
 * walking every page by keyset cursor gives exactly the rows, in exactly the order, of walking
 * by page number (OFFSET), with rows of identical sort values neither repeated nor skipped; the
 * last page says nothing remains; a cursor that does not fit answers 400 with the contract's message.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '@pitboss/contract';
import { activities, banks, kycRecords, treasuries, treasuryEntries, usernameRequests } from '../src/db/schema.js';
import type { Login, TestApp } from './helpers.js';
import { ALPHA_PLAYER_OPS, expectError, makeApp, pickPlayer } from './support.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const SA: Login = 'superadmin@demo.local';
const OPA: Login = 'operator.admin@demo.local';

/** One instant, to the microsecond, shared by many rows (a Date would keep only milliseconds). */
const SAME = '2026-03-04 05:06:07.123456+00';
/** The i-th of `n` rows: most at exactly SAME, a few a microsecond apart (one millisecond), a few seconds apart. */
const at = (i: number) => (i % 5 === 3 ? sql`${SAME}::timestamptz + ${i} * interval '1 microsecond'`
  : i % 5 === 4 ? sql`${SAME}::timestamptz + ${i} * interval '1 second'` : sql`${SAME}::timestamptz`);

interface Page { items: Record<string, unknown>[]; count: number; remaining: boolean; page: number; limit: number; nextCursor: string | null }

/** Every page of a list, following `nextCursor` (mode cursor) or the page number (mode page). */
async function walk(url: string, as: Login, body: Record<string, unknown>, limit: number, mode: 'cursor' | 'page'): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  for (let page = 1; page <= 500; page++) {
    const res = await t.call('POST', url, { as, body: { ...body, page, limit, ...(mode === 'cursor' && cursor ? { cursor } : {}) } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Page;
    expect(Object.keys(data).sort()).toEqual(expect.arrayContaining(['count', 'items', 'limit', 'nextCursor', 'page', 'remaining']));
    expect(data.count).toBe(data.items.length);
    pages.push(data);
    if (!data.remaining) {
      expect(data.nextCursor).toBeNull();
      return pages;
    }
    expect(data.count).toBe(limit);
    expect(typeof data.nextCursor).toBe('string');
    cursor = data.nextCursor;
  }
  throw new Error('too many pages');
}

/**
 * Both walks give the same pages, every page full but the last, no row twice, and exactly the
 * expected rows in the expected order.
 */
async function expectSameWalks(url: string, as: Login, body: Record<string, unknown>, limit: number, key: string, expected: string[]) {
  const byCursor = await walk(url, as, body, limit, 'cursor');
  const byPage = await walk(url, as, body, limit, 'page');
  const ids = (pages: Page[]) => pages.map((p) => p.items.map((x) => String(x[key])));
  expect(ids(byCursor)).toEqual(ids(byPage));
  const flat = ids(byCursor).flat();
  expect(new Set(flat).size).toBe(flat.length);
  expect(flat).toEqual(expected);
  expect(byCursor.length).toBe(Math.max(1, Math.ceil(expected.length / limit)));
  expect(byCursor.at(-1)!.remaining).toBe(false);
  return byCursor;
}

describe('activities list (newest first, bigint id tiebreak)', () => {
  const URL = '/api/activities/list';
  const marker = `list-builder-${randomUUID()}`;

  beforeAll(async () => {
    await t.database.db.insert(activities).values(Array.from({ length: 32 }, (_, i) => ({
      action: 'LIST_TEST', targetType: 'player', targetId: marker, opId: i % 8 === 7 ? 'op-bravo' : 'op-alpha', createdAt: at(i) as never,
    })));
  });

  it('cursor pages = page-number pages, rows of one instant neither repeated nor skipped', async () => {
    const rows = await t.database.db.select({ id: activities.id }).from(activities)
      .where(and(eq(activities.targetId, marker), inArray(activities.opId, ['op-alpha', 'alpha-bet', 'alpha-casino', 'alpha-partner'])))
      .orderBy(desc(activities.createdAt), desc(activities.id));
    expect(rows.length).toBe(28);
    const pages = await expectSameWalks(URL, OPA, { log: 'all', targetId: marker }, 5, 'id', rows.map((r) => String(r.id)));
    // The cursor carries the time to the microsecond and the id.
    expect(pages[0]!.nextCursor).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z\|\d+$/);
  });

  it('global roles page every operator\'s rows the same way', async () => {
    const rows = await t.database.db.select({ id: activities.id }).from(activities).where(eq(activities.targetId, marker))
      .orderBy(desc(activities.createdAt), desc(activities.id));
    expect(rows.length).toBe(32);
    await expectSameWalks(URL, SA, { log: 'player', targetId: marker }, 7, 'id', rows.map((r) => String(r.id)));
  });

  it('a cursor that does not fit answers 400 Invalid cursor.', async () => {
    for (const cursor of ['x', `yesterday|123`, `2026-03-04T05:06:07.123456Z|${randomUUID()}`, '2026-02-30T05:06:07Z|12', 'a,b|12']) {
      expectError(await t.call('POST', URL, { as: OPA, body: { log: 'all', cursor } }), 400, [MSG.CURSOR_INVALID]);
    }
  });
});

describe('username requests list (newest first, uuid tiebreak, joined with players)', () => {
  const URL = '/api/players/usernames/list';

  it('cursor pages = page-number pages over identical timestamps', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, hasUsername: true });
    await t.database.db.insert(usernameRequests).values(Array.from({ length: 23 }, (_, i) => ({
      playerId: p.id, opId: p.opId, username: `same_time_${i}`, originalUsername: p.username, status: i % 3 ? 'REJECT' : 'PENDING', createdAt: at(i) as never,
    })));
    const rows = await t.database.db.select({ id: usernameRequests.id }).from(usernameRequests).where(eq(usernameRequests.playerId, p.id))
      .orderBy(desc(usernameRequests.createdAt), desc(usernameRequests.id));
    expect(rows.length).toBeGreaterThanOrEqual(23);
    await expectSameWalks(URL, OPA, { playerCode: p.playerCode }, 4, 'id', rows.map((r) => r.id));
    // A filter keeps the order and the paging.
    const rejected = await t.database.db.select({ id: usernameRequests.id }).from(usernameRequests)
      .where(and(eq(usernameRequests.playerId, p.id), eq(usernameRequests.status, 'REJECT')))
      .orderBy(desc(usernameRequests.createdAt), desc(usernameRequests.id));
    await expectSameWalks(URL, OPA, { playerCode: p.playerCode, status: 'REJECT' }, 3, 'id', rejected.map((r) => r.id));
  });

  it('a cursor that does not fit answers 400 Invalid cursor.', async () => {
    for (const cursor of ['x', 'yesterday|' + randomUUID(), `2026-03-04T05:06:07Z|12`, `2026-03-04T05:06:07Z|${'-'.repeat(36)}`]) {
      expectError(await t.call('POST', URL, { as: OPA, body: { cursor } }), 400, [MSG.CURSOR_INVALID]);
    }
  });
});

describe('KYC list (newest first, uuid tiebreak)', () => {
  const URL = '/api/kyc/list';

  it('cursor pages = page-number pages over identical timestamps', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS });
    await t.database.db.insert(kycRecords).values(Array.from({ length: 17 }, (_, i) => ({
      playerId: p.id, opId: p.opId, optionType: 'EMAIL', status: 'PENDING', data: { email: `k${i}@example.com` }, createdAt: at(i) as never,
    })));
    const rows = await t.database.db.select({ id: kycRecords.id }).from(kycRecords).where(eq(kycRecords.playerId, p.id))
      .orderBy(desc(kycRecords.createdAt), desc(kycRecords.id));
    expect(rows.length).toBeGreaterThanOrEqual(17);
    await expectSameWalks(URL, OPA, { playerCode: p.playerCode }, 4, 'kycId', rows.map((r) => r.id));
  });

  it('the whole seeded list pages the same both ways', async () => {
    const rows = await t.database.db.select({ id: kycRecords.id }).from(kycRecords).orderBy(desc(kycRecords.createdAt), desc(kycRecords.id));
    await expectSameWalks(URL, SA, {}, 97, 'kycId', rows.map((r) => r.id));
  });
});

describe('banks list (by operator, order and key ascending: several sort values, uuid tiebreak)', () => {
  const URL = '/api/banks/list';

  it('cursor pages = page-number pages, equal orders and odd characters in the key included', async () => {
    const keys = ['k-a', 'k-b', 'k-c', 'k,comma', 'k|bar', 'k%7C', 'k-d', 'k-e', 'k-f', 'k-g', 'k-h', 'k-i', 'k-j'];
    await t.database.db.insert(banks).values(keys.map((key, i) => ({ opId: 'alpha-casino', key, bankName: { en: key }, order: i % 4 === 0 ? 1 : 7 })));
    const rows = await t.database.db.select({ uuid: banks.uuid }).from(banks).where(eq(banks.opId, 'alpha-casino'))
      .orderBy(asc(banks.opId), asc(banks.order), asc(banks.key), asc(banks.uuid));
    const pages = await expectSameWalks(URL, OPA, { opId: 'alpha-casino' }, 3, 'uuid', rows.map((r) => r.uuid));
    expect(pages[0]!.nextCursor).toMatch(/^alpha-casino,1,.+\|[0-9a-f-]{36}$/);
    // Several operators: the operator is the first sort value.
    const scope = ['op-alpha', 'alpha-bet', 'alpha-casino', 'alpha-partner'];
    const all = await t.database.db.select({ uuid: banks.uuid }).from(banks).where(inArray(banks.opId, scope))
      .orderBy(asc(banks.opId), asc(banks.order), asc(banks.key), asc(banks.uuid));
    await expectSameWalks(URL, OPA, {}, 4, 'uuid', all.map((r) => r.uuid));
  });

  it('a cursor that does not fit answers 400 Invalid cursor.', async () => {
    for (const cursor of [`op-alpha|${randomUUID()}`, `op-alpha,one,k-a|${randomUUID()}`, 'op-alpha,1,k-a|12']) {
      expectError(await t.call('POST', URL, { as: OPA, body: { cursor } }), 400, [MSG.CURSOR_INVALID]);
    }
  });
});

describe('Utopia wallet transactions (newest first by id: the sort is the tiebreak)', () => {
  const URL = '/api/paymentsV2/withdraw/utopia/wallet/transactions';

  it('cursor pages = page-number pages; the answer keeps its wallet', async () => {
    const [w] = await t.database.db.select().from(treasuries).where(and(eq(treasuries.opId, 'op-alpha'), eq(treasuries.provider, 'utopia'))).limit(1);
    await t.database.db.insert(treasuryEntries).values(Array.from({ length: 9 }, () => ({
      treasuryUuid: w!.uuid, opId: w!.opId, transactionType: 'WITHDRAW', status: 'CONFIRMED', amount: '-1', currency: w!.currency, balanceAfter: '0',
    })));
    const rows = await t.database.db.select({ txId: treasuryEntries.txId }).from(treasuryEntries).where(eq(treasuryEntries.treasuryUuid, w!.uuid))
      .orderBy(desc(treasuryEntries.id));
    const pages = await expectSameWalks(URL, OPA, { uuid: w!.uuid }, 4, 'txId', rows.map((r) => r.txId));
    expect(pages[0]!.nextCursor).toMatch(/^(\d+)\|\1$/);
    const res = await t.call('POST', URL, { as: OPA, body: { uuid: w!.uuid, limit: 2 } });
    expect(res.json().data.wallet.uuid).toBe(w!.uuid);
    expectError(await t.call('POST', URL, { as: OPA, body: { uuid: w!.uuid, cursor: `1|${randomUUID()}` } }), 400, [MSG.CURSOR_INVALID]);
  });
});

describe('every list answers nextCursor; the hand-tuned lists share the codec', () => {
  it('players and transactions refuse a cursor whose value is not a time with the same message', async () => {
    const id = randomUUID();
    expectError(await t.call('POST', '/api/players', { as: SA, body: { cursor: `yesterday|${id}` } }), 400, [MSG.CURSOR_INVALID]);
    expectError(await t.call('POST', '/api/transactions/list', { as: SA, body: { cursor: `yesterday|${id}` } }), 400, [MSG.CURSOR_INVALID]);
    expectError(await t.call('POST', '/api/transactions/list', { as: SA, body: { cursor: '2026-01-01T00:00:00Z|12' } }), 400, [MSG.CURSOR_INVALID]);
  });

  it.each([
    ['/api/players/balances', {}], ['/api/topup/list', {}], ['/api/paymentsV2/withdraw/bank-accounts/list', {}],
    ['/api/paymentsV2/gateways/list', { direction: 'DEPOSIT' }], ['/api/paymentsV2/treasuries/list', {}], ['/api/settings/login-activity/list', {}],
  ])('%s pages by cursor as by page number', async (url, body) => {
    const byCursor = await walk(url, SA, body, 17, 'cursor');
    const byPage = await walk(url, SA, body, 17, 'page');
    expect(byCursor.map((p) => p.items)).toEqual(byPage.map((p) => p.items));
  });
});
