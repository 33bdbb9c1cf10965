/**
 * Operators and brands: the lists (scope, type, status, keyset paging), the brands list's
 * brands_access rule, an operator's data and settings, activation, and the operator ⇄ brand
 * transformation (rules with their exact messages, roles, audit, caches).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, OPERATOR_MESSAGES, type OperatorRowView } from '@pitboss/contract';
import { operators } from '../src/db/schema.js';
import { ALPHA_SCOPE, activitiesOf, expectError, expectForbidden, makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const SUPER: Login = 'superadmin@demo.local';
const ADMIN: Login = 'admin@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';
const BRAND: Login = 'brand.admin@demo.local';
const DEVOPS: Login = 'devops@demo.local';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const page = async (as: Login, body: Record<string, unknown> = {}, path = '/api/operators/list') => {
  const res = await t.call('POST', path, { as, body: { limit: 100, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: OperatorRowView[]; remaining: boolean; nextCursor: string | null };
};
const ids = async (as: Login, body: Record<string, unknown> = {}, path?: string) => (await page(as, body, path)).items.map((r) => r.opId);
const operatorRow = async (opId: string) => (await t.database.db.select().from(operators).where(eq(operators.opId, opId)))[0]!;
const transform = (as: Login, body: Record<string, unknown>) => t.call('POST', '/api/operators/transform', { as, body });
const toOperator = (as: Login, opId: string) => t.call('POST', '/api/operators/transform/brand', { as, body: { opId } });

describe('operators list', () => {
  it('global roles see every operator by title, with kind, parent by title, status and brands', async () => {
    const rows = (await page(SUPER)).items;
    expect(rows.map((r) => r.title)).toEqual([...rows.map((r) => r.title)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(rows.map((r) => r.opId)).toEqual(expect.arrayContaining(['cms-default', 'op-alpha', 'alpha-bet', 'alpha-partner', 'op-bravo', 'op-delta']));
    expect(rows.find((r) => r.opId === 'op-alpha')).toMatchObject({ title: 'Alpha Gaming', kind: 'OPERATOR', parentOpTitle: null, status: 'ACTIVE', brandsCount: 2 });
    expect(rows.find((r) => r.opId === 'alpha-bet')).toMatchObject({ kind: 'BRAND', parentOpId: 'op-alpha', parentOpTitle: 'Alpha Gaming', brandsCount: 0 });
    // The demo's onboarding operator shows its status.
    expect(rows.find((r) => r.opId === 'op-delta')).toMatchObject({ title: 'Delta Bets', status: 'INACTIVE', brandsCount: 0 });
  });

  it('type parent and brand (the chips), status and text filters', async () => {
    expect((await ids(SUPER, { type: 'parent' })).sort()).toEqual(['op-alpha', 'op-bravo', 'op-charlie', 'op-delta']);
    expect((await ids(SUPER, { type: 'brand' })).sort()).toEqual(['alpha-bet', 'alpha-casino', 'bravo-spin', 'bravo-sports', 'charlie-luck', 'charlie-stars']);
    expect(await ids(SUPER, { status: 'INACTIVE' })).toEqual(['op-delta']);
    expect((await ids(SUPER, { search: 'bravo' })).sort()).toEqual(['bravo-spin', 'bravo-sports', 'op-bravo']);
    // The title or the opId, the text as typed (% and _ are no wildcards).
    expect((await ids(SUPER, { search: 'AlphaBet' }))).toEqual(['alpha-bet']);
    expect((await ids(SUPER, { search: 'a-b' }))).toEqual(['alpha-bet']);
    expect(await ids(SUPER, { search: '%' })).toEqual([]);
    expect(await ids(SUPER, { search: 'a_b' })).toEqual([]);
    expect(await ids(SUPER, { parentOpId: 'op-bravo', type: 'brand' })).toEqual(['bravo-spin', 'bravo-sports']);
    expectError(await t.call('POST', '/api/operators/list', { as: SUPER, body: { type: 'king' } }), 400, [OPERATOR_MESSAGES.TYPE_INVALID]);
    expectError(await t.call('POST', '/api/operators/list', { as: SUPER, body: { status: 'PAUSED' } }), 400, [OPERATOR_MESSAGES.STATUS_INVALID]);
    expectError(await t.call('POST', '/api/operators/brands/list', { as: SUPER, body: { status: 'active' } }), 400, [OPERATOR_MESSAGES.STATUS_INVALID]);
  });

  it('pages by keyset cursor on the title with the opId as tiebreak', async () => {
    const first = await page(SUPER, { limit: 5 });
    expect(first.remaining).toBe(true);
    expect(first.nextCursor).toMatch(/\|[a-z-]+$/);
    const second = await page(SUPER, { limit: 5, page: 2, cursor: first.nextCursor });
    const byOffset = await page(SUPER, { limit: 5, page: 2 });
    expect(second.items.map((r) => r.opId)).toEqual(byOffset.items.map((r) => r.opId));
    expect(second.items.some((r) => first.items.some((f) => f.opId === r.opId))).toBe(false);
    expectError(await t.call('POST', '/api/operators/list', { as: SUPER, body: { cursor: 'Alpha|not a key' } }), 400, [MSG.CURSOR_INVALID]);
  });

  it("operator staff see their own operators only; another operator's id is not found", async () => {
    expect((await ids(OPA)).sort()).toEqual([...ALPHA_SCOPE].sort());
    expect(await ids(BRAND)).toEqual(['alpha-bet']);
    expectError(await t.call('POST', '/api/operators/list', { as: OPA, body: { opId: 'op-bravo' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expect(await ids(OPA, { parentOpId: 'op-bravo' })).toEqual([]);
  });

  it('roles without the operators page are refused', async () => {
    expectForbidden(await t.call('POST', '/api/operators/list', { as: OPM, body: {} }));
    expectForbidden(await t.call('POST', '/api/operators/list', { as: DEVOPS, body: {} }));
  });
});

describe('brands list (brands_access for non-admins)', () => {
  it('admins and holders of brands_access see brands only, within their operators', async () => {
    expect((await ids(ADMIN, {}, '/api/operators/brands/list')).sort()).toEqual(['alpha-bet', 'alpha-casino', 'bravo-spin', 'bravo-sports', 'charlie-luck', 'charlie-stars']);
    expect((await ids(OPA, {}, '/api/operators/brands/list')).sort()).toEqual(['alpha-bet', 'alpha-casino']);
  });

  it('the brands page without brands_access is refused (operator manager)', async () => {
    expectForbidden(await t.call('POST', '/api/operators/brands/list', { as: OPM, body: {} }));
  });
});

describe('operator data and settings', () => {
  it('POST /api/operators/show answers kind, parent, status, languages and the allowed gateways', async () => {
    const res = await t.call('POST', '/api/operators/show', { as: OPA, body: { opId: 'alpha-bet' } });
    expect(res.json()).toMatchObject({
      success: true, status: 'OK',
      data: {
        opId: 'alpha-bet', title: 'AlphaBet', kind: 'BRAND', status: 'ACTIVE', parentOpId: 'op-alpha', parentOpTitle: 'Alpha Gaming', childrenCount: 0,
        allowedLangs: ['en', 'tr'],
        settings: { deposit: { allowedGateways: ['cpg', 'jb', 'tomani'] }, withdraw: { allowedGateways: ['cpg', 'jb', 'tomani', 'witcher'] } },
      },
    });
    // Alpha Gaming has two brands and a partner: the console does not offer to make it a brand.
    expect((await t.call('POST', '/api/operators/show', { as: OPA, body: { opId: 'op-alpha' } })).json().data).toMatchObject({ kind: 'OPERATOR', parentOpTitle: null, childrenCount: 3 });
  });

  it('GET /api/operators/settings answers the affiliates and cashback sections, in scope', async () => {
    const res = await t.call('GET', '/api/operators/settings?opId=op-alpha', { as: OPA });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.opId).toBe('op-alpha');
    expect(d.affiliates.general).toMatchObject({ minWithdrawableAmountInUSD: expect.stringMatching(/^\d+\.\d{2}$/), affiliatesAdminFeePercentage: expect.any(Number) });
    expect(d.affiliates.levelSettings.map((l: { level: number }) => l.level)).toEqual([1, 2, 3]);
    expect(d.affiliates.revenueShareSettings).toHaveLength(3);
    expect(d.cashback).toMatchObject({ autoApproval: expect.any(Boolean), settings: [{ index: 0 }, { index: 1 }, { index: 2 }] });
    // The CMS default operator has no commercial settings.
    expect((await t.call('GET', '/api/operators/settings?opId=cms-default', { as: SUPER })).json().data).toEqual({ opId: 'cms-default', affiliates: null, cashback: null, fourEyesThresholdInUSD: null, timeZone: null, effectiveTimeZone: 'UTC' });
  });

  it("another operator's settings are not found; an empty id is refused; DEV_OPS is refused", async () => {
    expectError(await t.call('GET', '/api/operators/settings?opId=op-bravo', { as: OPA }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await t.call('GET', '/api/operators/settings?opId=', { as: SUPER }), 400, [MSG.OPERATOR_NOT_FOUND]);
    expectForbidden(await t.call('GET', '/api/operators/settings?opId=op-alpha', { as: DEVOPS }));
  });
});

describe('activate and deactivate', () => {
  it('SUPER_ADMIN deactivates and activates a brand, each audited; the same again is a conflict', async () => {
    const off = await t.call('POST', '/api/operators/status', { as: SUPER, body: { opId: 'bravo-sports', status: 'INACTIVE' } });
    expect(off.json()).toEqual({ success: true, data: { opId: 'bravo-sports', status: 'INACTIVE' }, messages: [OPERATOR_MESSAGES.DEACTIVATED] });
    expect(await t.lastActivity()).toMatchObject({
      action: 'OPERATOR_DEACTIVATE', actorEmail: SUPER, targetType: 'operator', targetId: 'bravo-sports', opId: 'bravo-sports',
      before: { status: 'ACTIVE' }, after: { status: 'INACTIVE' },
    });
    expectError(await t.call('POST', '/api/operators/status', { as: SUPER, body: { opId: 'bravo-sports', status: 'INACTIVE' } }), 409, [OPERATOR_MESSAGES.ALREADY_INACTIVE]);
    const on = await t.call('POST', '/api/operators/status', { as: ADMIN, body: { opId: 'bravo-sports', status: 'ACTIVE' } });
    expect(on.json().messages).toEqual([OPERATOR_MESSAGES.ACTIVATED]);
    expect((await operatorRow('bravo-sports')).status).toBe('ACTIVE');
    const activities = await activitiesOf(t, 'bravo-sports');
    expectError(await t.call('POST', '/api/operators/status', { as: ADMIN, body: { opId: 'bravo-sports', status: 'ACTIVE' } }), 409, [OPERATOR_MESSAGES.ALREADY_ACTIVE]);
    // Nothing applied, nothing recorded.
    expect(await activitiesOf(t, 'bravo-sports')).toHaveLength(activities.length);
  });

  it('operator staff may not; the CMS default stays active; a bad status is refused', async () => {
    expectForbidden(await t.call('POST', '/api/operators/status', { as: OPA, body: { opId: 'alpha-bet', status: 'INACTIVE' } }));
    expectError(await t.call('POST', '/api/operators/status', { as: SUPER, body: { opId: 'cms-default', status: 'INACTIVE' } }), 400, [OPERATOR_MESSAGES.CMS_DEFAULT_STAYS_ACTIVE]);
    expectError(await t.call('POST', '/api/operators/status', { as: SUPER, body: { opId: 'op-alpha', status: 'PAUSED' } }), 400, [OPERATOR_MESSAGES.STATUS_INVALID]);
    expect((await operatorRow('op-alpha')).status).toBe('ACTIVE');
  });
});

describe('transform operator → brand', () => {
  it('refuses without a parent, with an unknown parent, into itself, under a brand or a partner', async () => {
    expectError(await transform(SUPER, { opId: 'op-delta' }), 400, [OPERATOR_MESSAGES.PARENT_REQUIRED]);
    expectError(await transform(SUPER, { opId: 'op-delta', parentOpId: '' }), 400, [OPERATOR_MESSAGES.PARENT_REQUIRED]);
    expectError(await transform(SUPER, { opId: 'op-delta', parentOpId: 'op-zulu' }), 400, [OPERATOR_MESSAGES.PARENT_NOT_FOUND]);
    expectError(await transform(SUPER, { opId: 'op-delta', parentOpId: 'op-delta' }), 400, [OPERATOR_MESSAGES.NOT_ITSELF]);
    expectError(await transform(SUPER, { opId: 'op-delta', parentOpId: 'alpha-bet' }), 400, [OPERATOR_MESSAGES.PARENT_NOT_PARENT]);
    expectError(await transform(SUPER, { opId: 'op-delta', parentOpId: 'alpha-partner' }), 400, [OPERATOR_MESSAGES.PARENT_NOT_PARENT]);
    expectError(await transform(SUPER, { opId: 'op-delta', parentOpId: 'cms-default' }), 400, [OPERATOR_MESSAGES.PARENT_NOT_PARENT]);
    expect(await operatorRow('op-delta')).toMatchObject({ kind: 'OPERATOR', parentOpId: null });
  });

  it('refuses an operator that has brands, and what is not a parent operator', async () => {
    expectError(await transform(SUPER, { opId: 'op-bravo', parentOpId: 'op-alpha' }), 409, [OPERATOR_MESSAGES.HAS_BRANDS]);
    expectError(await transform(SUPER, { opId: 'alpha-bet', parentOpId: 'op-bravo' }), 409, [OPERATOR_MESSAGES.NOT_AN_OPERATOR]);
    expectError(await transform(SUPER, { opId: 'alpha-partner', parentOpId: 'op-bravo' }), 409, [OPERATOR_MESSAGES.NOT_AN_OPERATOR]);
    expect(await operatorRow('op-bravo')).toMatchObject({ kind: 'OPERATOR', parentOpId: null });
  });

  it('refuses an INACTIVE parent with the exact message', async () => {
    // op-delta is INACTIVE in the demo world: Charlie Luck, made an operator, cannot become its brand.
    expect((await toOperator(SUPER, 'charlie-luck')).statusCode).toBe(200);
    expectError(await transform(SUPER, { opId: 'charlie-luck', parentOpId: 'op-delta', parentOpTitle: 'Delta Bets' }), 400, [OPERATOR_MESSAGES.PARENT_INACTIVE]);
    expect(await operatorRow('charlie-luck')).toMatchObject({ kind: 'OPERATOR', parentOpId: null });
    // Back under Charlie Play (ACTIVE).
    expect((await transform(SUPER, { opId: 'charlie-luck', parentOpId: 'op-charlie' })).statusCode).toBe(200);
  });

  it('is for SUPER_ADMIN and ADMIN only', async () => {
    expectForbidden(await transform(OPA, { opId: 'alpha-bet', parentOpId: 'op-alpha' }));
    expectForbidden(await transform(DEVOPS, { opId: 'op-delta', parentOpId: 'op-alpha' }));
    expectForbidden(await toOperator(OPA, 'alpha-bet'));
    expectForbidden(await toOperator(BRAND, 'alpha-bet'));
    expect(await operatorRow('alpha-bet')).toMatchObject({ kind: 'BRAND', parentOpId: 'op-alpha' });
  });

  it('ADMIN makes the onboarding operator a brand of Alpha: audited, and Alpha’s staff see it at once', async () => {
    expect(await ids(OPA)).not.toContain('op-delta');
    const res = await transform(ADMIN, { opId: 'op-delta', parentOpId: 'op-alpha', parentOpTitle: 'Alpha Gaming' });
    expect(res.json()).toEqual({
      success: true, data: { opId: 'op-delta', kind: 'BRAND', parentOpId: 'op-alpha', parentOpTitle: 'Alpha Gaming' },
      messages: [OPERATOR_MESSAGES.TO_BRAND_DONE('Delta Bets', 'Alpha Gaming')],
    });
    const [a] = await activitiesOf(t, 'op-delta');
    expect(a).toMatchObject({
      action: 'OPERATOR_TO_BRAND', actorEmail: ADMIN, targetType: 'operator', opId: 'op-delta',
      before: { kind: 'OPERATOR', parentOpId: null, parentOpTitle: null }, after: { kind: 'BRAND', parentOpId: 'op-alpha', parentOpTitle: 'Alpha Gaming' },
    });
    // The operator caches were dropped: Alpha's admin lists it, picks it in the selector and opens it.
    expect(await ids(OPA)).toContain('op-delta');
    expect((await page(SUPER, { opId: 'op-alpha', includeBrands: true })).items.find((r) => r.opId === 'op-delta')?.parentOpTitle).toBe('Alpha Gaming');
    expect((await t.call('GET', '/api/users/me', { as: OPA })).json().data.operators.map((o: { opId: string }) => o.opId)).toContain('op-delta');
    expect((await t.call('POST', '/api/operators/show', { as: OPA, body: { opId: 'op-delta' } })).statusCode).toBe(200);
    // Alpha Gaming now has three brands.
    expect((await page(SUPER, { search: 'Alpha Gaming' })).items[0]).toMatchObject({ opId: 'op-alpha', brandsCount: 3 });
  });
});

describe('transform brand → operator', () => {
  it('refuses what is not a brand', async () => {
    expectError(await toOperator(SUPER, 'op-alpha'), 409, [OPERATOR_MESSAGES.NOT_A_BRAND]);
    expectError(await toOperator(SUPER, 'alpha-partner'), 409, [OPERATOR_MESSAGES.NOT_A_BRAND]);
    expectError(await toOperator(SUPER, 'op-zulu'), 404, [MSG.OPERATOR_NOT_FOUND]);
  });

  it('SUPER_ADMIN makes the brand an operator again: audited, and its former parent’s staff lose it', async () => {
    const res = await toOperator(SUPER, 'op-delta');
    expect(res.json()).toEqual({
      success: true, data: { opId: 'op-delta', kind: 'OPERATOR', parentOpId: null, parentOpTitle: null },
      messages: [OPERATOR_MESSAGES.TO_OPERATOR_DONE('Delta Bets')],
    });
    expect((await activitiesOf(t, 'op-delta'))[0]).toMatchObject({
      action: 'BRAND_TO_OPERATOR', actorEmail: SUPER, before: { kind: 'BRAND', parentOpId: 'op-alpha', parentOpTitle: 'Alpha Gaming' },
      after: { kind: 'OPERATOR', parentOpId: null, parentOpTitle: null },
    });
    expect(await ids(OPA)).not.toContain('op-delta');
    expectError(await t.call('POST', '/api/operators/show', { as: OPA, body: { opId: 'op-delta' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
  });
});

describe('operator activities', () => {
  it('the operator log lists operator actions within the caller’s operators', async () => {
    expect((await t.call('POST', '/api/operators/status', { as: SUPER, body: { opId: 'alpha-casino', status: 'INACTIVE' } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/operators/status', { as: SUPER, body: { opId: 'alpha-casino', status: 'ACTIVE' } })).statusCode).toBe(200);
    const mine = await t.call('POST', '/api/activities/list', { as: OPA, body: { log: 'operator', limit: 100 } });
    expect(mine.statusCode, mine.body).toBe(200);
    const rows = mine.json().data.items as { action: string; targetType: string; targetId: string }[];
    expect(rows.slice(0, 2).map((r) => r.action)).toEqual(['OPERATOR_ACTIVATE', 'OPERATOR_DEACTIVATE']);
    expect(rows.every((r) => r.targetType === 'operator' && ALPHA_SCOPE.includes(r.targetId as never))).toBe(true);
    const all = (await t.call('POST', '/api/activities/list', { as: SUPER, body: { log: 'operator', limit: 100 } })).json().data.items as { targetId: string }[];
    expect(all.map((r) => r.targetId)).toEqual(expect.arrayContaining(['op-delta', 'bravo-sports', 'charlie-luck', 'alpha-casino']));
    expectForbidden(await t.call('POST', '/api/activities/list', { as: OPM, body: { log: 'operator' } }));
  });
});

describe('operator time zone (bonus release periods)', () => {
  const set = (as: Login, opId: string, timeZone: string) => t.call('PUT', '/api/operators/time-zone', { as, body: { opId, timeZone } });
  const settings = async (opId: string) => (await t.call('GET', `/api/operators/settings?opId=${opId}`, { as: ADMIN })).json().data as { timeZone: string | null; effectiveTimeZone: string };

  it('is saved canonical with its activity; a brand without one follows its parent; cleared, UTC', async () => {
    expect(await settings('op-alpha')).toMatchObject({ timeZone: null, effectiveTimeZone: 'UTC' });
    const res = await set(OPA, 'op-alpha', 'europe/istanbul');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ messages: [OPERATOR_MESSAGES.TIME_ZONE_SAVED], data: { timeZone: 'Europe/Istanbul', effectiveTimeZone: 'Europe/Istanbul' } });
    expect((await operatorRow('op-alpha')).timeZone).toBe('Europe/Istanbul');
    expect(await settings('alpha-bet')).toMatchObject({ timeZone: null, effectiveTimeZone: 'Europe/Istanbul' });
    const [act] = await activitiesOf(t, 'op-alpha');
    expect(act).toMatchObject({ action: 'OPERATOR_TIME_ZONE', before: { timeZone: null }, after: { timeZone: 'Europe/Istanbul' } });
    const cleared = await set(OPA, 'op-alpha', '');
    expect(cleared.json()).toMatchObject({ messages: [OPERATOR_MESSAGES.TIME_ZONE_CLEARED], data: { timeZone: null, effectiveTimeZone: 'UTC' } });
  });

  it('refuses an unknown zone, another operator, a manager and DevOps', async () => {
    expectError(await set(ADMIN, 'op-alpha', 'Mars/Olympus'), 400, [MSG.UNKNOWN_TIMEZONE]);
    expect((await set(OPA, 'op-bravo', 'UTC')).statusCode).toBe(404);
    expectForbidden(await set(OPM, 'op-alpha', 'UTC'));
    expectForbidden(await set(DEVOPS, 'op-alpha', 'UTC'));
    expect((await operatorRow('op-alpha')).timeZone).toBeNull();
  });
});

describe("operator's additional top-up currencies (001 §3 extraData.additionalTopupCurrencies, §9)", () => {
  const set = (as: Login, opId: string, additionalTopupCurrencies: unknown) => t.call('PUT', '/api/operators/topup-currencies', { as, body: { opId, additionalTopupCurrencies } });
  const show = async (opId: string) => (await t.call('POST', '/api/operators/show', { as: OPA, body: { opId } })).json().data as { extraData: { additionalTopupCurrencies: string[] } };

  it('the operator data answers them as extraData; saved (in order, without repeats) with its activity; empty: USD only', async () => {
    expect((await show('op-alpha')).extraData).toEqual({ additionalTopupCurrencies: ['EUR', 'TRY'] });
    const res = await set(OPA, 'op-alpha', ['USDT', 'EUR', 'USDT']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      messages: [OPERATOR_MESSAGES.TOPUP_CURRENCIES_SAVED],
      data: { opId: 'op-alpha', extraData: { additionalTopupCurrencies: ['USDT', 'EUR'] }, topupCurrencies: ['USD', 'USDT', 'EUR'] },
    });
    expect((await operatorRow('op-alpha')).additionalTopupCurrencies).toEqual(['USDT', 'EUR']);
    // The operators cache was dropped: the operator data reads the new list at once.
    expect((await show('op-alpha')).extraData).toEqual({ additionalTopupCurrencies: ['USDT', 'EUR'] });
    const [act] = await activitiesOf(t, 'op-alpha');
    expect(act).toMatchObject({ action: 'OPERATOR_TOPUP_CURRENCIES', before: { additionalTopupCurrencies: ['EUR', 'TRY'] }, after: { additionalTopupCurrencies: ['USDT', 'EUR'] } });
    expect((await set(ADMIN, 'op-alpha', [])).json().data).toMatchObject({ extraData: { additionalTopupCurrencies: [] }, topupCurrencies: ['USD'] });
    expect((await set(SUPER, 'op-alpha', ['EUR', 'TRY'])).statusCode).toBe(200);
  });

  it("refuses USD, a currency the operator does not allow, bad codes, another operator, a manager and DevOps", async () => {
    expectError(await set(OPA, 'op-alpha', ['EUR', 'USD']), 400, [OPERATOR_MESSAGES.TOPUP_CURRENCY_USD]);
    expectError(await set(OPA, 'op-alpha', ['EUR', 'BTC']), 400, [OPERATOR_MESSAGES.TOPUP_CURRENCY_NOT_ALLOWED('BTC', ['EUR', 'TRY', 'USDT'])]);
    expectError(await set(OPA, 'op-alpha', ['eur']), 400, [OPERATOR_MESSAGES.TOPUP_CURRENCIES_INVALID]);
    expectError(await set(OPA, 'op-alpha', 'EUR'), 400, [OPERATOR_MESSAGES.TOPUP_CURRENCIES_INVALID]);
    expect((await set(OPA, 'op-bravo', ['EUR'])).statusCode).toBe(404);
    expectForbidden(await set(OPM, 'op-alpha', ['EUR']));
    expectForbidden(await set(DEVOPS, 'op-alpha', ['EUR']));
    expect((await operatorRow('op-alpha')).additionalTopupCurrencies).toEqual(['EUR', 'TRY']);
  });
});
