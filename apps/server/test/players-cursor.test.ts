import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { players } from '../src/db/schema.js';
import { makeTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.close(); });

const codes = (res: { json(): any }) => res.json().data.items.map((x: { playerCode: string }) => x.playerCode);

describe('POST /api/players keyset cursor', () => {
  it.each([
    [{ sortBy: 'createdAt', sort: 'desc' }],
    [{ sortBy: 'updatedAt', sort: 'asc' }],
    [{ sortBy: 'playerCode', sort: 'asc' }],
  ])('cursor pages equal OFFSET pages for %j', async (sort) => {
    const body = { ...sort, limit: 9, opId: 'op-alpha', includeBrands: true };
    const p1 = await t.call('POST', '/api/players', { as: 'operator.admin@demo.local', body });
    const cursor = p1.json().data.nextCursor;
    expect(cursor).toMatch(/\|/);
    const byCursor = await t.call('POST', '/api/players', { as: 'operator.admin@demo.local', body: { ...body, page: 2, cursor } });
    const byOffset = await t.call('POST', '/api/players', { as: 'operator.admin@demo.local', body: { ...body, page: 2 } });
    expect(codes(byCursor)).toEqual(codes(byOffset));
    expect(codes(byCursor)).not.toEqual(codes(p1));
  });

  it.each(['desc', 'asc'] as const)("an operator's pages by registration (%s, its brands merged) are its players in order, by offset and by cursor, filtered or not", async (sort) => {
    const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino', 'alpha-partner'];
    for (const active of [undefined, true]) {
      const dir = sort === 'asc' ? asc : desc;
      const want = (await t.database.db.select({ code: players.playerCode }).from(players)
        .where(and(inArray(players.opId, ALPHA), active ? and(eq(players.isBlocked, false), eq(players.isDeleted, false)) : undefined))
        .orderBy(dir(players.createdAt), dir(players.id)).limit(24)).map((r) => r.code);
      expect(want.length).toBe(24);
      const body = { sortBy: 'createdAt', sort, limit: 8, opId: 'op-alpha', includeBrands: true, ...(active ? { status: 'active' } : {}) };
      const list = (extra: Record<string, unknown>) => t.call('POST', '/api/players', { as: 'operator.admin@demo.local', body: { ...body, ...extra } });
      const p1 = await list({});
      const k2 = await list({ cursor: p1.json().data.nextCursor });
      const k3 = await list({ cursor: k2.json().data.nextCursor });
      expect([...codes(p1), ...codes(k2), ...codes(k3)]).toEqual(want);
      expect(codes(await list({ page: 3 }))).toEqual(want.slice(16));
      expect(new Set([p1, k2, k3].flatMap((r) => r.json().data.items.map((x: { opId: string }) => x.opId))).size).toBeGreaterThan(1);
    }
  });

  it('gives no cursor when sorting by last activity (it may be empty), and refuses a malformed one', async () => {
    const res = await t.call('POST', '/api/players', { as: 'admin@demo.local', body: { sortBy: 'lastActivityAt', limit: 5 } });
    expect(res.json().data.nextCursor).toBeNull();
    const bad = await t.call('POST', '/api/players', { as: 'admin@demo.local', body: { cursor: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['Invalid cursor.']);
  });
});
