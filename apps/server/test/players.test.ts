import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@pitboss/contract';
import { currencyRates, players, roleTemplates, wallets } from '../src/db/schema.js';
import type { Login, TestApp } from './helpers.js';
import {
  ALPHA_PLAYER_OPS, ALPHA_SCOPE, BRAVO_SCOPE, activitiesOf, addUsernameRequest, allPages, expectError, expectForbidden, getPlayer, pickPlayer,
  makeApp, SA, ADMIN, OPA, OPM, BRAND,
} from './support.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });


async function countPlayers(where?: SQL) {
  const [r] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(players).where(where);
  return Number(r!.n);
}

describe('POST /api/players (list)', () => {
  it('superadmin gets the first page of 50 with the envelope and row shape', async () => {
    const res = await t.call('POST', '/api/players', { as: SA, body: {} });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.messages).toEqual([]);
    expect(body.data).toMatchObject({ count: 50, remaining: true, page: 1, limit: 50 });
    expect(body.data.items).toHaveLength(50);
    const row = body.data.items[0];
    expect(Object.keys(row).sort()).toEqual([
      'activeCurrency', 'affId', 'channelId', 'chatIsBlocked', 'createdAt', 'email', 'isBlocked', 'isDeleted', 'isTest', 'isVerified', 'kyc',
      'lastActivityAt', 'opId', 'opTitle', 'parentOpId', 'parentOpTitle', 'playerCode', 'playerId', 'playerStats', 'refId', 'subChannelId',
      'twoFactorEnabled', 'updatedAt', 'username', 'wallet',
    ]);
    // newest first by default
    const created = body.data.items.map((x: { createdAt: string }) => x.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('a role without the players permission is refused (devops@)', async () => {
    expectForbidden(await t.call('POST', '/api/players', { as: 'devops@demo.local', body: {} }));
  });

  it('requires a session', async () => {
    const res = await t.call('POST', '/api/players', { body: {} });
    expectError(res, 401, [MSG.UNAUTHENTICATED]);
  });

  it('operator.admin@ without opId sees only op-alpha, its brands and partner, and all of them', async () => {
    const items = await allPages<{ opId: string }>(t, '/api/players', OPA, {});
    const ops = new Set(items.map((x) => x.opId));
    for (const op of ops) expect(ALPHA_SCOPE).toContain(op);
    expect([...ops].sort()).toEqual(['alpha-bet', 'alpha-casino', 'alpha-partner', 'op-alpha']);
    expect(items).toHaveLength(await countPlayers(inArray(players.opId, [...ALPHA_SCOPE])));
  });

  it('includeBrands=true with opId op-alpha includes the brand players; false does not', async () => {
    const withBrands = await allPages<{ opId: string }>(t, '/api/players', OPA, { opId: 'op-alpha', includeBrands: true });
    expect(new Set(withBrands.map((x) => x.opId))).toEqual(new Set(['op-alpha', 'alpha-bet', 'alpha-casino', 'alpha-partner']));
    expect(withBrands).toHaveLength(await countPlayers(inArray(players.opId, ['op-alpha', 'alpha-bet', 'alpha-casino', 'alpha-partner'])));
    const without = await allPages<{ opId: string }>(t, '/api/players', OPA, { opId: 'op-alpha', includeBrands: false });
    expect(new Set(without.map((x) => x.opId))).toEqual(new Set(['op-alpha']));
    expect(without).toHaveLength(await countPlayers(eq(players.opId, 'op-alpha')));
    // the URL spelling "true" is accepted too
    const res = await t.call('POST', '/api/players', { as: SA, body: { opId: 'op-bravo', includeBrands: 'true', limit: 100 } });
    expect(new Set(res.json().data.items.map((x: { opId: string }) => x.opId))).toEqual(new Set(BRAVO_SCOPE));
  });

  it("another operator's opId answers 404 with the operator message", async () => {
    expectError(await t.call('POST', '/api/players', { as: OPA, body: { opId: 'op-bravo' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await t.call('POST', '/api/players', { as: OPA, body: { opId: 'bravo-spin' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await t.call('POST', '/api/players', { as: SA, body: { opId: 'no-such-op' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
  });

  it('brand.admin@ (alpha-bet) sees only alpha-bet, and alpha-casino or op-alpha answer 404', async () => {
    const items = await allPages<{ opId: string }>(t, '/api/players', BRAND, {});
    expect(new Set(items.map((x) => x.opId))).toEqual(new Set(['alpha-bet']));
    expect(items).toHaveLength(await countPlayers(eq(players.opId, 'alpha-bet')));
    expectError(await t.call('POST', '/api/players', { as: BRAND, body: { opId: 'alpha-casino' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await t.call('POST', '/api/players', { as: BRAND, body: { opId: 'op-alpha' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
  });

  it("isTest 'true' returns only test players, 'false' only real ones, 'all' both", async () => {
    const test = await allPages<{ isTest: boolean }>(t, '/api/players', SA, { isTest: 'true' });
    expect(test.length).toBe(await countPlayers(eq(players.isTest, true)));
    expect(test.length).toBeGreaterThan(0);
    expect(test.every((x) => x.isTest === true)).toBe(true);
    const real = await allPages<{ isTest: boolean }>(t, '/api/players', SA, { isTest: 'false' });
    expect(real.every((x) => x.isTest === false)).toBe(true);
    expect(real.length).toBe(await countPlayers(eq(players.isTest, false)));
    const all = await allPages(t, '/api/players', SA, { isTest: 'all' });
    expect(all.length).toBe(test.length + real.length);
  });

  it('paging: pages are disjoint, remaining is true until the last page', async () => {
    const total = await countPlayers();
    const seen = new Set<string>();
    const remaining: boolean[] = [];
    for (let page = 1; ; page++) {
      const res = await t.call('POST', '/api/players', { as: SA, body: { page, limit: 100 } });
      expect(res.statusCode).toBe(200);
      const d = res.json().data;
      expect(d.page).toBe(page);
      for (const x of d.items as { playerId: string }[]) {
        expect(seen.has(x.playerId)).toBe(false);
        seen.add(x.playerId);
      }
      remaining.push(d.remaining);
      if (!d.remaining) break;
    }
    expect(seen.size).toBe(total);
    expect(remaining).toEqual([...Array(remaining.length - 1).fill(true), false]);
    const p1 = (await t.call('POST', '/api/players', { as: SA, body: { page: 1, limit: 10 } })).json().data.items.map((x: { playerId: string }) => x.playerId);
    const p2 = (await t.call('POST', '/api/players', { as: SA, body: { page: 2, limit: 10 } })).json().data.items.map((x: { playerId: string }) => x.playerId);
    expect(p1).toHaveLength(10);
    expect(p2).toHaveLength(10);
    expect(p1.filter((x: string) => p2.includes(x))).toEqual([]);
    const beyond = (await t.call('POST', '/api/players', { as: SA, body: { page: 1000, limit: 100 } })).json().data;
    expect(beyond).toMatchObject({ items: [], count: 0, remaining: false });
  });

  it('filters by player code prefix and status, and sorts by player code', async () => {
    const res = await t.call('POST', '/api/players', { as: SA, body: { playerCode: 'P10000', sortBy: 'playerCode', sort: 'asc' } });
    expect(res.json().data.items.map((x: { playerCode: string }) => x.playerCode)).toEqual(
      ['P100001', 'P100002', 'P100003', 'P100004', 'P100005', 'P100006', 'P100007', 'P100008', 'P100009']);
    const deleted = await allPages<{ isDeleted: boolean }>(t, '/api/players', SA, { status: 'deleted' });
    expect(deleted.length).toBe(await countPlayers(eq(players.isDeleted, true)));
    expect(deleted.every((x) => x.isDeleted)).toBe(true);
  });

  it('quickTime LAST_1_HOUR returns the fresh registrations only', async () => {
    // Registration times set here, relative to now: the seeded ones age while a slow run goes on.
    const at = (minutesAgo: number) => sql`now() - make_interval(mins => ${minutesAgo})`;
    await t.database.db.update(players).set({ createdAt: at(5) }).where(inArray(players.playerCode, ['P100001', 'P100002', 'P100003']));
    await t.database.db.update(players).set({ createdAt: at(50) }).where(eq(players.playerCode, 'P100010'));
    await t.database.db.update(players).set({ createdAt: at(70) }).where(eq(players.playerCode, 'P100011'));
    const items = await allPages<{ playerCode: string; createdAt: string }>(t, '/api/players', SA, { quickTime: 'LAST_1_HOUR' });
    const hourAgo = Date.now() - 3_600_000 - 5_000;
    for (const x of items) expect(Date.parse(x.createdAt)).toBeGreaterThanOrEqual(hourAgo);
    const codes = items.map((x) => x.playerCode);
    expect(codes).toEqual(expect.arrayContaining(['P100001', 'P100002', 'P100003', 'P100010']));
    expect(codes).not.toContain('P100011');
  });

  it("super roles' extra filters, each exact: player UID (the player's UUID), player ID (its number) and operator ID (without brands)", async () => {
    const p = await pickPlayer(t, { opIds: ['alpha-casino'] });
    const codes = async (body: Record<string, unknown>, as: Login = SA) =>
      ((await t.call('POST', '/api/players', { as, body })).json().data.items as { playerCode: string }[]).map((x) => x.playerCode);
    expect(await codes({ playerUid: p.id })).toEqual([p.playerCode]);
    expect(await codes({ playerUid: p.id.toUpperCase() }, ADMIN)).toEqual([p.playerCode]);
    // Not the player code (that is the Player code filter) and not a UUID: no player.
    expect(await codes({ playerUid: p.playerCode })).toEqual([]);
    expect(await codes({ playerUid: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
    // Player ID: the number of the code, with or without its P; exact (100001 is not P1000010).
    expect(await codes({ playerId: '100001' })).toEqual(['P100001']);
    expect(await codes({ playerId: 'p100001' }, ADMIN)).toEqual(['P100001']);
    expect(await codes({ playerId: p.id })).toEqual([]);
    // Operator ID: that operator alone, not its brands; with the selector's operator too, within it.
    const items = await allPages<{ opId: string }>(t, '/api/players', SA, { operatorId: 'op-alpha' });
    expect(new Set(items.map((x) => x.opId))).toEqual(new Set(['op-alpha']));
    expect(items).toHaveLength(await countPlayers(eq(players.opId, 'op-alpha')));
    expect(await codes({ operatorId: 'alpha-casino', opId: 'op-bravo', includeBrands: true })).toEqual([]);
    expect(await codes({ operatorId: 'no-such-op' })).toEqual([]);
    expect(await codes({ operatorId: 'alpha-casino', playerUid: p.id })).toEqual([p.playerCode]);
  });

  it("other roles are refused the super roles' extra filters (and may list without them)", async () => {
    const p = await pickPlayer(t, { opIds: ['alpha-casino'] });
    for (const as of [OPA, OPM, BRAND]) {
      for (const body of [{ playerUid: p.id }, { playerId: '100001' }, { operatorId: 'alpha-casino' }]) {
        expectError(await t.call('POST', '/api/players', { as, body }), 403, [MSG.NO_PERMISSION]);
      }
      // Empty values are no filter.
      expect((await t.call('POST', '/api/players', { as, body: { playerUid: '', operatorId: '' } })).statusCode).toBe(200);
    }
  });

  it('validates the body with the contract messages', async () => {
    const r1 = await t.call('POST', '/api/players', { as: SA, body: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } });
    expectError(r1, 400, ['From date cannot exceed to date.']);
    expect(r1.json().status).toBe('VALIDATION_ERROR');
    expect((await t.call('POST', '/api/players', { as: SA, body: { limit: 101 } })).statusCode).toBe(400);
    expect((await t.call('POST', '/api/players', { as: SA, body: { isTest: 'yes' } })).statusCode).toBe(400);
  });
});

describe('POST /api/players/search (super and admin only)', () => {
  it('superadmin finds players by code prefix, with the parent operator column', async () => {
    const res = await t.call('POST', '/api/players/search', { as: SA, body: { playerCode: 'p10001' } });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as Record<string, unknown>[];
    expect(items.map((x) => x.playerCode)).toEqual(['P100010', 'P100011', 'P100012', 'P100013', 'P100014', 'P100015', 'P100016', 'P100017', 'P100018', 'P100019']);
    expect(Object.keys(items[0]!).sort()).toEqual(['opId', 'opTitle', 'parentOpId', 'parentOpTitle', 'playerCode', 'playerId', 'username']);
  });

  it('admin@ gets no parent operator column; the result is capped at 50', async () => {
    const res = await t.call('POST', '/api/players/search', { as: ADMIN, body: { playerCode: 'P1' } });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as Record<string, unknown>[];
    expect(items).toHaveLength(50);
    expect(items[0]).not.toHaveProperty('parentOpId');
    expect(items[0]).not.toHaveProperty('parentOpTitle');
  });

  it('operator.admin@ is refused', async () => {
    expectForbidden(await t.call('POST', '/api/players/search', { as: OPA, body: { playerCode: 'P1000' } }));
  });

  it('needs at least 2 characters', async () => {
    expectError(await t.call('POST', '/api/players/search', { as: SA, body: { playerCode: 'P' } }), 400, ['Type at least 2 characters.']);
  });

  it('respects opId', async () => {
    const res = await t.call('POST', '/api/players/search', { as: SA, body: { playerCode: 'P1', opId: 'op-bravo' } });
    const items = res.json().data as { opId: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((x) => x.opId === 'op-bravo')).toBe(true);
  });
});

describe('POST /api/player (details)', () => {
  it('operator.admin@ opens a brand player by code and by id', async () => {
    const p = await pickPlayer(t, { opIds: ['alpha-casino'] });
    const byCode = await t.call('POST', '/api/player', { as: OPA, body: { playerCode: p.playerCode } });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.headers['cache-control']).toBe('no-store');
    const d = byCode.json().data;
    expect(d).toMatchObject({
      playerId: p.id, playerCode: p.playerCode, opId: 'alpha-casino', opTitle: 'Alpha Casino', parentOpId: 'op-alpha', parentOpTitle: 'Alpha Gaming',
      profile: { firstName: p.firstName, lastName: p.lastName, email: { address: p.email } },
    });
    expect(Array.isArray(d.kycRecords)).toBe(true);
    expect(Array.isArray(d.usernameRequests)).toBe(true);
    const byId = await t.call('POST', '/api/player', { as: OPA, body: { playerId: p.id } });
    expect(byId.json().data.playerCode).toBe(p.playerCode);
  });

  it("another operator's player answers 404, by id and by code", async () => {
    const p = await pickPlayer(t, { opIds: ['op-bravo'] });
    expectError(await t.call('POST', '/api/player', { as: OPA, body: { playerId: p.id } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expectError(await t.call('POST', '/api/player', { as: OPA, body: { playerCode: p.playerCode } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expect((await t.call('POST', '/api/player', { as: SA, body: { playerCode: p.playerCode } })).statusCode).toBe(200);
  });

  it('brand.admin@ (alpha-bet) cannot open an alpha-casino or op-alpha player, but can open its own', async () => {
    const casino = await pickPlayer(t, { opIds: ['alpha-casino'] });
    const parent = await pickPlayer(t, { opIds: ['op-alpha'] });
    const own = await pickPlayer(t, { opIds: ['alpha-bet'] });
    expectError(await t.call('POST', '/api/player', { as: BRAND, body: { playerCode: casino.playerCode } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expectError(await t.call('POST', '/api/player', { as: BRAND, body: { playerId: parent.id } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expect((await t.call('POST', '/api/player', { as: BRAND, body: { playerCode: own.playerCode } })).json().data.playerId).toBe(own.id);
  });

  it('unknown or malformed ids answer 404; a missing key answers 400', async () => {
    expectError(await t.call('POST', '/api/player', { as: SA, body: { playerId: 'not-a-uuid' } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expectError(await t.call('POST', '/api/player', { as: SA, body: { playerId: '00000000-0000-4000-8000-000000000000' } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expectError(await t.call('POST', '/api/player', { as: SA, body: { playerCode: 'P999999' } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expectError(await t.call('POST', '/api/player', { as: SA, body: {} }), 400, ['playerId or playerCode is required.']);
  });

  it('devops@ is refused', async () => {
    expectForbidden(await t.call('POST', '/api/player', { as: 'devops@demo.local', body: { playerCode: 'P100001' } }));
  });
});

describe('the player tabs area needs players_tabs (001 §6)', () => {
  /** An Alpha player with KYC records and a username request: what the tabs show. */
  async function alphaPlayerWithTabs() {
    const [p] = await t.database.db.select().from(players).where(and(inArray(players.opId, [...ALPHA_PLAYER_OPS]), eq(players.isDeleted, false),
      sql`exists (select 1 from kyc_records k where k.player_id = ${players.id})`)).orderBy(players.playerCode).limit(1);
    if (!p) throw new Error('no Alpha player with KYC records');
    await addUsernameRequest(t, p, `tabs_${p.playerCode.toLowerCase()}`);
    return p;
  }

  it('a role template without players_tabs takes the tabs area away at once: no KYC records, username requests or applied free bets', async () => {
    const p = await alphaPlayerWithTabs();
    const [tpl] = await t.database.db.select().from(roleTemplates).where(eq(roleTemplates.name, 'OPERATOR_MANAGER'));
    const applied = () => t.call('GET', `/api/bonus/sport/player/${p.id}`, { as: OPM });
    const withTabs = (await t.call('POST', '/api/player', { as: OPM, body: { playerId: p.id } })).json().data;
    expect(withTabs.kycRecords.length).toBeGreaterThan(0);
    expect(withTabs.usernameRequests.length).toBeGreaterThan(0);
    expect((await applied()).statusCode).toBe(200);
    const save = (permissions: string[]) => t.call('PUT', '/api/users/roles', { as: OPA, body: { roleId: tpl!.id, roleName: 'OPERATOR_MANAGER', permissions } });
    expect((await save(tpl!.permissions.filter((k) => k !== 'players_tabs'))).statusCode).toBe(200);
    try {
      const without = (await t.call('POST', '/api/player', { as: OPM, body: { playerId: p.id } })).json().data;
      expect(without.playerCode).toBe(p.playerCode);
      expect(without).not.toHaveProperty('kycRecords');
      expect(without).not.toHaveProperty('usernameRequests');
      expectError(await applied(), 403, [MSG.NO_PERMISSION]);
    } finally {
      expect((await save(tpl!.permissions)).statusCode).toBe(200);
    }
    expect((await applied()).statusCode).toBe(200);
  });
});

describe('POST /api/player/wallet', () => {
  it('superadmin reads the wallet: USD total and the allowed currencies only', async () => {
    const p = await pickPlayer(t, { opIds: ['bravo-spin'] });
    const res = await t.call('POST', '/api/player/wallet', { as: SA, body: { playerCode: p.playerCode } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const d = res.json().data;
    expect(d.playerCode).toBe(p.playerCode);
    const main = await t.database.db.select({ currency: wallets.currency, balance: wallets.balance, rate: currencyRates.rateToUsd })
      .from(wallets).leftJoin(currencyRates, eq(currencyRates.currency, wallets.currency))
      .where(and(eq(wallets.playerId, p.id), eq(wallets.kind, 'MAIN')));
    expect(d.balances.map((b: { currency: string }) => b.currency).sort()).toEqual(main.map((w) => w.currency).filter((c) => ['USD', 'IRR'].includes(c)).sort());
    // the USD total is the exact sum of balance × rate, rounded to cents
    const cents = main.reduce((s, w) => s + Number(w.balance) * Number(w.rate), 0);
    expect(Math.abs(Number(d.inUSD.balance) - cents)).toBeLessThanOrEqual(0.0051);
    expect(d.inUSD.balance).toMatch(/^\d+\.\d{2}$/);
    for (const k of ['bonus', 'affiliate', 'cashback']) expect(d[k]).toHaveProperty('balanceInUsd');
  });

  it('operator roles are refused (super admin and admin only)', async () => {
    expectForbidden(await t.call('POST', '/api/player/wallet', { as: OPA, body: { playerCode: 'P100001' } }));
    expectForbidden(await t.call('POST', '/api/player/wallet', { as: OPM, body: { playerCode: 'P100001' } }));
  });

  it('admin@ gets 404 for an unknown player', async () => {
    expectError(await t.call('POST', '/api/player/wallet', { as: ADMIN, body: { playerCode: 'P999999' } }), 404, [MSG.PLAYER_NOT_FOUND]);
  });
});

describe('DELETE /api/players/delete', () => {
  it('operator.admin@ deletes a player: 200, stored, audited; a second delete answers 409', async () => {
    const p = await pickPlayer(t, { opIds: ['alpha-casino'], isDeleted: false });
    const res = await t.call('DELETE', '/api/players/delete', { as: OPA, body: { playerId: p.id, confirmation: p.playerCode } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { playerId: p.id, isDeleted: true }, messages: [MSG.PLAYER_DELETED] });
    expect((await getPlayer(t, p.id)).isDeleted).toBe(true);
    const a = await t.lastActivity();
    expect(a).toMatchObject({
      action: 'PLAYER_DELETE', actorEmail: OPA, actorRole: 'OPERATOR_ADMIN', targetType: 'player', targetId: p.playerCode, opId: 'alpha-casino',
      before: { isDeleted: false }, after: { isDeleted: true },
    });
    const again = await t.call('DELETE', '/api/players/delete', { as: OPA, body: { playerId: p.id, confirmation: p.playerCode } });
    expectError(again, 409, ['Player is already deleted.']);
    expect((await activitiesOf(t, p.playerCode)).filter((x) => x.action === 'PLAYER_DELETE')).toHaveLength(1);
  });

  it('two concurrent deletes of one player: exactly one 200 and one 409', async () => {
    const p = await pickPlayer(t, { opIds: ['op-alpha'], isDeleted: false });
    await t.cookie(OPA); await t.cookie(SA);
    const [a, b] = await Promise.all([
      t.call('DELETE', '/api/players/delete', { as: OPA, body: { playerId: p.id, confirmation: p.playerCode } }),
      t.call('DELETE', '/api/players/delete', { as: SA, body: { playerId: p.id, confirmation: p.playerCode } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await activitiesOf(t, p.playerCode)).filter((x) => x.action === 'PLAYER_DELETE')).toHaveLength(1);
  });

  it('a wrong type-to-confirm code answers 400 and deletes nothing', async () => {
    const p = await pickPlayer(t, { opIds: ['op-alpha'], isDeleted: false });
    const logged = await activitiesOf(t, p.playerCode);
    for (const confirmation of ['P000000', p.playerCode.toLowerCase(), `${p.playerCode}X`, p.id]) {
      const res = await t.call('DELETE', '/api/players/delete', { as: OPA, body: { playerId: p.id, confirmation } });
      expectError(res, 400, [MSG.PLAYER_DELETE_CONFIRM]);
    }
    expect((await getPlayer(t, p.id)).isDeleted).toBe(false);
    expect(await activitiesOf(t, p.playerCode)).toEqual(logged);
  });

  it('the confirmation is required: without it (or blank) 400 with the type-to-confirm message, nothing deleted', async () => {
    const p = await pickPlayer(t, { opIds: ['op-alpha'], isDeleted: false });
    const logged = await activitiesOf(t, p.playerCode);
    for (const body of [{ playerId: p.id }, { playerId: p.id, confirmation: '' }, { playerId: p.id, confirmation: '   ' }, { playerId: p.id, confirmation: null }]) {
      const res = await t.call('DELETE', '/api/players/delete', { as: SA, body });
      expectError(res, 400, [MSG.PLAYER_DELETE_CONFIRM]);
    }
    expect((await getPlayer(t, p.id)).isDeleted).toBe(false);
    expect(await activitiesOf(t, p.playerCode)).toEqual(logged);
    // The player code typed with surrounding spaces, as the console's dialog accepts it, deletes.
    const res = await t.call('DELETE', '/api/players/delete', { as: SA, body: { playerId: p.id, confirmation: ` ${p.playerCode} ` } });
    expect(res.statusCode).toBe(200);
    expect((await getPlayer(t, p.id)).isDeleted).toBe(true);
  });

  it('operator.manager@ (no player_delete) is refused', async () => {
    const p = await pickPlayer(t, { opIds: ['op-alpha'], isDeleted: false });
    expectForbidden(await t.call('DELETE', '/api/players/delete', { as: OPM, body: { playerId: p.id, confirmation: p.playerCode } }));
    expect((await getPlayer(t, p.id)).isDeleted).toBe(false);
  });

  it("another operator's player answers 404 and stays", async () => {
    const p = await pickPlayer(t, { opIds: ['op-bravo'], isDeleted: false });
    expectError(await t.call('DELETE', '/api/players/delete', { as: OPA, body: { playerId: p.id, confirmation: p.playerCode } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expect((await getPlayer(t, p.id)).isDeleted).toBe(false);
  });

  it('brand.admin@ cannot delete an alpha-casino player', async () => {
    const p = await pickPlayer(t, { opIds: ['alpha-casino'], isDeleted: false });
    expectError(await t.call('DELETE', '/api/players/delete', { as: BRAND, body: { playerId: p.id, confirmation: p.playerCode } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expect((await getPlayer(t, p.id)).isDeleted).toBe(false);
  });

  it('playerId is required', async () => {
    expectError(await t.call('DELETE', '/api/players/delete', { as: OPA, body: { playerId: '', confirmation: 'P1000' } }), 400, ['playerId is required.']);
  });
});

describe('POST /api/players/2fa', () => {
  it("operator.admin@ resets a player's 2FA: stored and audited", async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, twoFactorEnabled: true });
    const res = await t.call('POST', '/api/players/2fa', { as: OPA, body: { playerId: p.id, playerCode: p.playerCode } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { playerId: p.id, twoFactorEnabled: false }, messages: [MSG.TWO_FA_RESET] });
    expect((await getPlayer(t, p.id)).twoFactorEnabled).toBe(false);
    expect(await t.lastActivity()).toMatchObject({
      action: 'PLAYER_2FA_RESET', actorEmail: OPA, targetType: 'player', targetId: p.playerCode, opId: p.opId,
      before: { twoFactorEnabled: true }, after: { twoFactorEnabled: false },
    });
  });

  it('a code that does not belong to the id answers 404 and changes nothing', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, twoFactorEnabled: true });
    const other = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS });
    expectError(await t.call('POST', '/api/players/2fa', { as: OPA, body: { playerId: p.id, playerCode: other.playerCode } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expect((await getPlayer(t, p.id)).twoFactorEnabled).toBe(true);
  });

  it('operator.manager@ (no player_reset_2fa) is refused', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, twoFactorEnabled: true });
    expectForbidden(await t.call('POST', '/api/players/2fa', { as: OPM, body: { playerId: p.id, playerCode: p.playerCode } }));
    expect((await getPlayer(t, p.id)).twoFactorEnabled).toBe(true);
  });

  it("another operator's player answers 404 and keeps 2FA", async () => {
    const p = await pickPlayer(t, { opIds: BRAVO_SCOPE, twoFactorEnabled: true });
    expectError(await t.call('POST', '/api/players/2fa', { as: OPA, body: { playerId: p.id, playerCode: p.playerCode } }), 404, [MSG.PLAYER_NOT_FOUND]);
    expect((await getPlayer(t, p.id)).twoFactorEnabled).toBe(true);
  });

  it('validates the body', async () => {
    expectError(await t.call('POST', '/api/players/2fa', { as: OPA, body: { playerId: 'x', playerCode: '' } }), 400, ['playerCode is required.']);
  });
});

describe('POST /api/players/balances', () => {
  it('superadmin lists MAIN wallets with the USD value', async () => {
    const res = await t.call('POST', '/api/players/balances', { as: SA, body: { limit: 100 } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ count: 100, remaining: true, page: 1, limit: 100 });
    for (const x of d.items as { kind: string; balance: string; currency: string; balanceInUSD: string }[]) {
      expect(x.kind).toBe('MAIN');
      expect(x.balanceInUSD).toMatch(/^-?\d+\.\d{2}$/);
    }
    const usd = (d.items as { currency: string; balance: string; balanceInUSD: string }[]).find((x) => x.currency === 'USD')!;
    expect(Number(usd.balanceInUSD)).toBeCloseTo(Number(usd.balance), 2);
  });

  it('filters by currency and kind', async () => {
    const eur = await allPages<{ currency: string; opId: string }>(t, '/api/players/balances', SA, { currency: 'EUR' });
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(wallets).where(and(eq(wallets.currency, 'EUR'), eq(wallets.kind, 'MAIN')));
    expect(eur).toHaveLength(Number(n!.n));
    expect(eur.every((x) => x.currency === 'EUR')).toBe(true);
    const bonus = await allPages<{ kind: string; currency: string }>(t, '/api/players/balances', SA, { kind: 'BONUS' });
    expect(bonus.length).toBeGreaterThan(0);
    expect(bonus.every((x) => x.kind === 'BONUS' && x.currency === 'USD')).toBe(true);
  });

  it('operator.admin@ sees only its own wallets; another operator answers 404', async () => {
    const items = await allPages<{ opId: string }>(t, '/api/players/balances', OPA, {});
    expect(items.length).toBeGreaterThan(0);
    for (const x of items) expect(ALPHA_SCOPE).toContain(x.opId);
    expectError(await t.call('POST', '/api/players/balances', { as: OPA, body: { opId: 'op-bravo' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
  });

  it('isTest filter', async () => {
    const items = await allPages<{ isTest: boolean }>(t, '/api/players/balances', SA, { isTest: 'true' });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((x) => x.isTest)).toBe(true);
  });

  it('partner@ (no players_balances) is refused', async () => {
    expectForbidden(await t.call('POST', '/api/players/balances', { as: 'partner@demo.local', body: {} }));
  });
});
