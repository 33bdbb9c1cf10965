import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('gives no cursor when sorting by last activity (it may be empty), and refuses a malformed one', async () => {
    const res = await t.call('POST', '/api/players', { as: 'admin@demo.local', body: { sortBy: 'lastActivityAt', limit: 5 } });
    expect(res.json().data.nextCursor).toBeNull();
    const bad = await t.call('POST', '/api/players', { as: 'admin@demo.local', body: { cursor: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['Invalid cursor.']);
  });
});
