import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_ROLE_PERMISSIONS, MSG, ROUTES, type Role } from '@pitboss/contract';
import { kycRecords, usernameRequests } from '../src/db/schema.js';
import { DEMO_ONBOARDING_OPERATOR, DEMO_OPERATORS } from '../src/db/seed.js';
import type { Login, TestApp } from './helpers.js';
import { ALPHA_PLAYER_OPS, ALPHA_SCOPE, BRAVO_SCOPE, expectError, expectForbidden, makeApp, pickKyc, pickPlayer, SA, ADMIN, OPA, OPM, BRAND, PARTNER, DEVOPS } from './support.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });


async function pendingCounts(opIds?: readonly string[]) {
  const [k] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(kycRecords)
    .where(and(eq(kycRecords.status, 'PENDING'), opIds ? inArray(kycRecords.opId, [...opIds]) : undefined));
  const [u] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(usernameRequests)
    .where(and(eq(usernameRequests.status, 'PENDING'), opIds ? inArray(usernameRequests.opId, [...opIds]) : undefined));
  return { kyc: Number(k!.n), playerUsernames: Number(u!.n) };
}

describe('GET /api/admin/badges', () => {
  it('superadmin gets the pending KYC and username counts of every operator', async () => {
    const res = await t.call('GET', '/api/admin/badges', { as: SA });
    expect(res.statusCode).toBe(200);
    const expected = await pendingCounts();
    expect(expected.kyc).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ success: true, messages: [] });
    // other badge keys (withdraw, deposit, ...) belong to other modules; these two are counted here
    expect({ kyc: res.json().data.kyc, playerUsernames: res.json().data.playerUsernames }).toEqual(expected);
  });

  const badges = async (as: string, qs = '') => {
    const d = (await t.call('GET', `/api/admin/badges${qs}`, { as })).json().data;
    return { kyc: d.kyc, playerUsernames: d.playerUsernames };
  };

  it('operator.admin@ counts only its own operators, and follows opId / includeBrands', async () => {
    expect(await badges(OPA)).toEqual(await pendingCounts(ALPHA_SCOPE));
    expect(await badges(OPA, '?opId=op-alpha&includeBrands=false')).toEqual(await pendingCounts(['op-alpha']));
    expect(await badges(OPA, '?opId=op-alpha&includeBrands=true')).toEqual(await pendingCounts(ALPHA_SCOPE));
    expect(await pendingCounts(ALPHA_SCOPE)).not.toEqual(await pendingCounts(['op-alpha']));
    expectError(await t.call('GET', '/api/admin/badges?opId=op-bravo', { as: OPA }), 404, [MSG.OPERATOR_NOT_FOUND]);
  });

  it('a decision moves the badge', async () => {
    const before = (await t.call('GET', '/api/admin/badges?opId=alpha-casino', { as: OPA })).json().data.kyc as number;
    const k = await pickKyc(t, { opIds: ['alpha-casino'], status: 'PENDING' });
    expect((await t.call('PUT', '/api/players/kyc/v2', { as: OPA, body: { action: 'approve', kycId: k.id, noteForPlayer: 'ok' } })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/badges?opId=alpha-casino', { as: OPA })).json().data.kyc).toBe(before - 1);
  });

  it('partner@ gets no badges; devops@ gets none it has no page for', async () => {
    expect((await t.call('GET', '/api/admin/badges', { as: PARTNER })).json()).toEqual({ success: true, data: {}, messages: [] });
    const devops = (await t.call('GET', '/api/admin/badges', { as: DEVOPS })).json().data;
    expect(devops).not.toHaveProperty('kyc');
    expect(devops).not.toHaveProperty('playerUsernames');
  });

  it('requires a session', async () => {
    expectError(await t.call('GET', '/api/admin/badges'), 401, [MSG.UNAUTHENTICATED]);
  });
});

describe('GET /api/users/me', () => {
  it('operator.admin@: the user and the operators of its reach', async () => {
    const res = await t.call('GET', '/api/users/me', { as: OPA });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.user).toMatchObject({ email: OPA, role: 'OPERATOR_ADMIN', opId: 'op-alpha', parentOpId: null, nickname: 'alpha-admin', timezone: 'UTC' });
    expect([...d.user.permissions].sort()).toEqual([...new Set(DEFAULT_ROLE_PERMISSIONS.OPERATOR_ADMIN)].sort());
    expect(d.user).not.toHaveProperty('passwordHash');
    expect(d.operators.map((o: { opId: string }) => o.opId).sort()).toEqual([...ALPHA_SCOPE].sort());
    expect(d.operators.find((o: { opId: string }) => o.opId === 'alpha-bet')).toEqual({
      opId: 'alpha-bet', title: 'AlphaBet', parentOpId: 'op-alpha', isBrand: true, isCmsDefault: false,
      allowedCurrencies: ['USD', 'EUR', 'TRY'], allowedLangs: ['en', 'tr'], kind: 'BRAND', status: 'ACTIVE',
    });
  });

  it.each([
    [SA, [...DEMO_OPERATORS, DEMO_ONBOARDING_OPERATOR].map((o) => o.opId)],
    [DEVOPS, [...DEMO_OPERATORS, DEMO_ONBOARDING_OPERATOR].map((o) => o.opId)],
    [BRAND, ['alpha-bet']],
    [PARTNER, ['alpha-partner']],
    [OPM, [...ALPHA_SCOPE]],
  ])('%s can pick %j', async (as, ops) => {
    const d = (await t.call('GET', '/api/users/me', { as })).json().data;
    expect(d.user.email).toBe(as);
    expect(d.operators.map((o: { opId: string }) => o.opId).sort()).toEqual([...ops].sort());
  });

  it('brand.admin@ has its parent operator on the user', async () => {
    expect((await t.call('GET', '/api/users/me', { as: BRAND })).json().data.user).toMatchObject({ opId: 'alpha-bet', parentOpId: 'op-alpha' });
  });

  it('requires a session', async () => {
    expectError(await t.call('GET', '/api/users/me'), 401, [MSG.UNAUTHENTICATED]);
  });
});

describe('GET /api/operators/menu-list', () => {
  const item = (path: string) => {
    const r = ROUTES.find((x) => x.path === path)!;
    return { path: r.path, title: r.title, group: r.group, badge: r.badge ?? null };
  };
  /**
   * The menu of a role: built navigation routes whose slug the role holds (and, but for SUPER_ADMIN
   * and ADMIN, the route's component permissions: the brands menu's brands_access), in route-table order.
   */
  const menuOf = (role: Role) => ROUTES.filter((x) => {
    const held = DEFAULT_ROLE_PERMISSIONS[role];
    const nonAdmin = (x as { nonAdmin?: readonly string[] }).nonAdmin ?? [];
    return x.built && x.nav && held.includes(x.slug) && (role === 'SUPER_ADMIN' || role === 'ADMIN' || nonAdmin.every((k) => held.includes(k)));
  }).map((x) => item(x.path));
  const PAGES = ['/documentsV2', '/players', '/players/balances', '/players/usernames', '/players/details-activities'];

  it.each([[SA, 'SUPER_ADMIN'], [ADMIN, 'ADMIN'], [OPA, 'OPERATOR_ADMIN'], [OPM, 'OPERATOR_MANAGER'], [BRAND, 'OPERATOR_ADMIN']] as const)('%s sees the built pages it holds, including the players and documents pages', async (as, role) => {
    const res = await t.call('GET', '/api/operators/menu-list', { as });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(menuOf(role));
    expect(res.json().data).toEqual(expect.arrayContaining(PAGES.map(item)));
    expect(item('/documentsV2')).toEqual({ path: '/documentsV2', title: 'Documents', group: 'Documents', badge: 'kyc' });
    expect(item('/players/usernames').badge).toBe('playerUsernames');
  });
  it('the brands menu needs brands_access for non-admins (000 §6): operator admin yes, operator manager no', async () => {
    const paths = async (as: Login) => ((await t.call('GET', '/api/operators/menu-list', { as })).json().data as { path: string }[]).map((x) => x.path);
    expect(await paths(OPA)).toEqual(expect.arrayContaining(['/brands', '/operators', '/operators/activities']));
    expect(await paths(OPM)).not.toContain('/brands');
    expect(await paths(ADMIN)).toContain('/brands');
  });
  it('partner@ sees Players but no documents, balances or usernames; devops@ sees none of them', async () => {
    const partner = (await t.call('GET', '/api/operators/menu-list', { as: PARTNER })).json().data as { path: string }[];
    expect(partner).toEqual(menuOf('PARTNER'));
    expect(partner.map((x) => x.path)).toContain('/players');
    for (const p of ['/documentsV2', '/players/balances', '/players/usernames', '/players/details-activities']) expect(partner.map((x) => x.path)).not.toContain(p);
    const devops = (await t.call('GET', '/api/operators/menu-list', { as: DEVOPS })).json().data as { path: string }[];
    expect(devops).toEqual(menuOf('DEV_OPS'));
    for (const p of PAGES) expect(devops.map((x) => x.path)).not.toContain(p);
  });
  it('the detail route is never a menu item', async () => {
    const paths = (await t.call('GET', '/api/operators/menu-list', { as: SA })).json().data.map((x: { path: string }) => x.path);
    expect(paths).not.toContain('/players/:playerCode');
    expect(paths.length).toBeGreaterThanOrEqual(5);
  });
});

describe('GET /api/rates', () => {
  it('gives USD rates without IRR', async () => {
    const res = await t.call('GET', '/api/rates', { as: OPA });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.base).toBe('USD');
    expect(Object.keys(d.rates).sort()).toEqual(['BTC', 'ETH', 'EUR', 'TRX', 'TRY', 'USD', 'USDT', 'UUSD']);
    expect(d.rates).not.toHaveProperty('IRR');
    expect(Number(d.rates.USD)).toBe(1);
    expect(Number(d.rates.EUR)).toBe(1.08);
    expect(Number(d.rates.BTC)).toBe(65000);
    expect(Number.isNaN(Date.parse(d.updatedAt))).toBe(false);
  });
  it('requires a session', async () => {
    expectError(await t.call('GET', '/api/rates'), 401, [MSG.UNAUTHENTICATED]);
  });
});

describe('POST /api/operators/show', () => {
  it('operator.admin@ opens its operator', async () => {
    const res = await t.call('POST', '/api/operators/show', { as: OPA, body: { opId: 'op-alpha' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'OK', success: true, messages: [],
      data: {
        opId: 'op-alpha', title: 'Alpha Gaming', parentOpId: null, isBrand: false, isCmsDefault: false,
        allowedCurrencies: ['USD', 'EUR', 'TRY', 'USDT'], limits: { dailyTopupLimitInUSD: expect.stringMatching(/^10000(\.0+)?$/) },
        settings: { deposit: { allowedGateways: ['cpg', 'jb', 'tomani'] } },
      },
    });
    expect((await t.call('POST', '/api/operators/show', { as: OPA, body: { opId: 'alpha-casino' } })).json().data.isBrand).toBe(true);
  });

  it("another operator's id answers 404 with the operator message", async () => {
    expectError(await t.call('POST', '/api/operators/show', { as: OPA, body: { opId: 'op-bravo' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await t.call('POST', '/api/operators/show', { as: BRAND, body: { opId: 'op-alpha' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await t.call('POST', '/api/operators/show', { as: BRAND, body: { opId: 'alpha-casino' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await t.call('POST', '/api/operators/show', { as: PARTNER, body: { opId: 'op-alpha' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
  });

  it('superadmin opens any operator; an unknown one answers 404; an empty id 400', async () => {
    expect((await t.call('POST', '/api/operators/show', { as: SA, body: { opId: 'op-bravo' } })).json().data.title).toBe('Bravo Entertainment');
    expectError(await t.call('POST', '/api/operators/show', { as: SA, body: { opId: 'op-zulu' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await t.call('POST', '/api/operators/show', { as: SA, body: { opId: '' } }), 400, [MSG.OPERATOR_NOT_FOUND]);
  });
});

describe('POST /api/activities/list', () => {
  it('operator.admin@ reads the KYC log of its own operators, with the mutation it just made', async () => {
    const k = await pickKyc(t, { opIds: ALPHA_PLAYER_OPS, status: 'PENDING' });
    expect((await t.call('PUT', '/api/players/kyc/v2', { as: OPA, body: { action: 'reject', kycId: k.id, noteForPlayer: 'blurry' } })).statusCode).toBe(200);
    const res = await t.call('POST', '/api/activities/list', { as: OPA, body: { log: 'kyc', targetId: k.id } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.count).toBe(1);
    expect(d.items[0]).toMatchObject({
      actorEmail: OPA, actorRole: 'OPERATOR_ADMIN', action: 'KYC_REJECT', targetType: 'kyc', targetId: k.id, opId: k.opId,
      before: { status: 'PENDING' }, after: { status: 'REJECTED', noteForPlayer: 'blurry' },
    });
  });

  it("another operator's activity is not listed for operator.admin@", async () => {
    const k = await pickKyc(t, { opIds: BRAVO_SCOPE, status: 'PENDING' });
    expect((await t.call('PUT', '/api/players/kyc/v2', { as: SA, body: { action: 'approve', kycId: k.id, noteForPlayer: 'ok' } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/activities/list', { as: OPA, body: { log: 'kyc', targetId: k.id } })).json().data.items).toEqual([]);
    const all = (await t.call('POST', '/api/activities/list', { as: OPA, body: { log: 'all', limit: 100 } })).json().data.items as { opId: string | null }[];
    expect(all.length).toBeGreaterThan(0);
    for (const a of all) expect(ALPHA_SCOPE).toContain(a.opId);
    expect((await t.call('POST', '/api/activities/list', { as: SA, body: { log: 'kyc', targetId: k.id } })).json().data.items).toHaveLength(1);
    expectError(await t.call('POST', '/api/activities/list', { as: OPA, body: { log: 'kyc', opId: 'op-bravo' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
  });

  it('the player log holds only player records and filters by action', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS, twoFactorEnabled: true });
    expect((await t.call('POST', '/api/players/2fa', { as: OPA, body: { playerId: p.id, playerCode: p.playerCode } })).statusCode).toBe(200);
    const items = (await t.call('POST', '/api/activities/list', { as: OPM, body: { log: 'player', action: 'PLAYER_2FA_RESET' } })).json().data.items as { targetType: string; action: string; targetId: string }[];
    expect(items.map((x) => x.targetId)).toContain(p.playerCode);
    expect(items.every((x) => x.targetType === 'player' && x.action === 'PLAYER_2FA_RESET')).toBe(true);
  });

  it('each log needs its page permission', async () => {
    expectForbidden(await t.call('POST', '/api/activities/list', { as: PARTNER, body: { log: 'player' } }));
    expectForbidden(await t.call('POST', '/api/activities/list', { as: PARTNER, body: { log: 'kyc' } }));
    expectForbidden(await t.call('POST', '/api/activities/list', { as: DEVOPS, body: { log: 'all' } }));
    expectForbidden(await t.call('POST', '/api/activities/list', { as: OPM, body: { log: 'all' } }));
    expect((await t.call('POST', '/api/activities/list', { as: OPM, body: { log: 'kyc' } })).statusCode).toBe(200);
  });
});

describe('a user blocked during a session', () => {
  it('is refused on the next call with the forbidden-access redirect', async () => {
    const { users } = await import('../src/db/schema.js');
    expect((await t.call('GET', '/api/users/me', { as: BRAND })).statusCode).toBe(200);
    const { invalidateUser } = await import('../src/modules/auth/service.js');
    // No block call exists yet: the change in SQL, then the session cache's invalidation a block call makes.
    const [u] = await t.database.db.update(users).set({ isBlocked: true }).where(eq(users.email, BRAND)).returning({ id: users.id });
    await invalidateUser(t.database.db, u!.id);
    const res = await t.call('GET', '/api/users/me', { as: BRAND });
    expectError(res, 403, [MSG.USER_BLOCKED]);
    expect(res.json().data).toEqual({ redirect: '/admin?error=forbidden-access' });
    await t.database.db.update(users).set({ isBlocked: false }).where(eq(users.email, BRAND));
    await invalidateUser(t.database.db, u!.id);
  });
});
