/** Per-player affiliate and cashback settings (001 §2, §3, §5): override, restore, the effective read, the panels following them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_AFFILIATE_SETTINGS, MSG, REWARD_SETTINGS_MESSAGES as M, cashbackFormRows, type CashbackSettings } from '@pitboss/contract';
import { rowsOf } from '../src/lib/query.js';
import { makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const ADMIN: Login = 'admin@demo.local';
const READ = '/api/reports/player/reward-settings';
const AFF_OVERRIDE = '/api/reports/affiliate/player/settings/override';
const AFF_RESTORE = '/api/reports/affiliate/player/settings/restore';
const CB_OVERRIDE = '/api/reports/cashback/player/settings/override';
const CB_RESTORE = '/api/reports/cashback/player/settings/restore';

let t: TestApp;
let p: { id: string; playerCode: string; opId: string };
beforeAll(async () => {
  t = await makeApp();
  // A player of Alpha with referred players and some loss, so both panels have a level.
  [p] = await rowsOf<typeof p>(t.database.db, sql`select p.id, p.player_code as "playerCode", p.op_id as "opId" from players p
    where p.op_id = 'op-alpha' and exists (select 1 from players r where r.ref_id = p.player_code) order by p.player_code limit 1`) as [typeof p];
});
afterAll(async () => { await t.close(); });

const read = async () => { const r = await t.call('POST', READ, { as: ADMIN, body: { playerCode: p.playerCode } }); expect(r.statusCode, r.body).toBe(200); return r.json().data; };
const affBody = (over: object = {}) => ({ opId: p.opId, playerCode: p.playerCode, ...structuredClone(DEFAULT_AFFILIATE_SETTINGS), ...over });
const cbBody = (operator: CashbackSettings, over: object = {}) => ({
  opId: p.opId, playerCode: p.playerCode, minWithdrawAmountInUSD: '25.5', autoApproval: true,
  settings: cashbackFormRows(operator, operator), settingsToOverride: [], ...over,
});

describe('effective settings', () => {
  it("a player without an override uses the operator's", async () => {
    const d = await read();
    expect(d.affiliates).toMatchObject({ overridden: false, updatedAt: null, updatedBy: null });
    expect(d.affiliates.settings).toEqual(d.operator.affiliates);
    expect(d.cashback.overridden).toBe(false);
    expect(d.cashback.settings).toEqual(d.operator.cashback);
  });
  it('operator staff are refused; another operator selected answers not found', async () => {
    const r = await t.call('POST', READ, { as: 'operator.admin@demo.local', body: { playerCode: p.playerCode } });
    expect(r.statusCode).toBe(403);
    expect(r.json().messages).toEqual([MSG.NO_PERMISSION]);
    const o = await t.call('PUT', AFF_OVERRIDE, { as: ADMIN, body: affBody({ opId: 'op-bravo' }) });
    expect(o.statusCode).toBe(404);
    expect((await read()).affiliates.overridden).toBe(false);
  });
});

describe('affiliate override and restore', () => {
  it('invalid input answers 400 with the exact message', async () => {
    const g = DEFAULT_AFFILIATE_SETTINGS.general;
    const bad = async (over: object, msg: string) => {
      const r = await t.call('PUT', AFF_OVERRIDE, { as: ADMIN, body: affBody(over) });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().messages).toContain(msg);
    };
    await bad({ general: { ...g, minWithdrawableAmountInUSD: '10000000.01' } }, M.AMOUNT_RANGE);
    await bad({ general: { ...g, affiliatesAdminFeePercentage: 101 } }, M.PERCENT_RANGE);
    await bad({ levelSettings: [{ ...DEFAULT_AFFILIATE_SETTINGS.levelSettings[0]!, requiredWagerInUSD: '1.234' }] }, M.AMOUNT_FORMAT);
    await bad({ levelSettings: [{ ...DEFAULT_AFFILIATE_SETTINGS.levelSettings[0]!, level: 2 }] }, M.LEVELS_NUMBERED);
    await bad({ playerCode: '' }, MSG.PLAYER_CODE_REQUIRED);
  });

  it('overrides, the panel follows (minimum withdraw, levels), restores; each audited', async () => {
    const before = (await t.call('POST', '/api/reports/affiliate/player/summary', { as: ADMIN, body: { playerCode: p.playerCode } })).json().data;
    const levelSettings = [{ ...DEFAULT_AFFILIATE_SETTINGS.levelSettings[0]!, requiredWagerInUSD: '0' }, { ...DEFAULT_AFFILIATE_SETTINGS.levelSettings[1]!, requiredWagerInUSD: '9999999' }];
    const general = { ...DEFAULT_AFFILIATE_SETTINGS.general, minWithdrawableAmountInUSD: '77.77' };
    const r = await t.call('PUT', AFF_OVERRIDE, { as: ADMIN, body: affBody({ general, levelSettings }) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().messages).toEqual([M.AFFILIATE_OVERRIDDEN]);
    expect(r.json().data.affiliates).toMatchObject({ overridden: true, updatedBy: ADMIN, settings: { general, levelSettings } });
    expect(await t.lastActivity()).toMatchObject({ action: 'PLAYER_AFFILIATE_SETTINGS_OVERRIDE', after: { general, levelSettings } });

    const after = (await t.call('POST', '/api/reports/affiliate/player/summary', { as: ADMIN, body: { playerCode: p.playerCode } })).json().data;
    expect(after.withdrawMinimumAmountInUSD).toBe('77.77');
    expect(after.affiliateLevel.currentLevel).toBe(1);
    expect(after.affiliateLevel.nextLevelRequiredWagerInUSD).toBe('9999999.00');

    const x = await t.call('POST', AFF_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } });
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json()).toMatchObject({ data: { restored: true }, messages: [M.AFFILIATE_RESTORED] });
    expect(await t.lastActivity()).toMatchObject({ action: 'PLAYER_AFFILIATE_SETTINGS_RESTORE', before: { general }, after: null });
    const restored = (await t.call('POST', '/api/reports/affiliate/player/summary', { as: ADMIN, body: { playerCode: p.playerCode } })).json().data;
    expect(restored).toEqual(before);
    expect((await read()).affiliates.overridden).toBe(false);

    const again = await t.call('POST', AFF_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } });
    expect(again.statusCode).toBe(400);
    expect(again.json().messages).toEqual([M.NOTHING_TO_RESTORE]);
  });
});

describe('cashback override and restore', () => {
  it('min withdraw ≥ 0.01, 21 rows refused with "Limited to 20 rows", settingsToOverride exact', async () => {
    const { operator } = await read();
    const bad = async (over: object, msg: string) => {
      const r = await t.call('PUT', CB_OVERRIDE, { as: ADMIN, body: cbBody(operator.cashback, over) });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().messages).toContain(msg);
    };
    await bad({ minWithdrawAmountInUSD: '0' }, M.MIN_WITHDRAW);
    const rows = Array.from({ length: 21 }, (_, i) => ({ index: i, lostAmountInUSD: String((i + 1) * 100), percentage: 1, overriddenPercentage: 1 }));
    await bad({ settings: rows }, 'Limited to 20 rows');
    const edited = cbBody(operator.cashback).settings.map((r) => (r.index === 0 ? { ...r, overriddenPercentage: 42 } : r));
    await bad({ settings: edited }, M.SETTINGS_TO_OVERRIDE);
    await bad({ settings: edited, settingsToOverride: [0, 1] }, M.SETTINGS_TO_OVERRIDE);
    const ok20 = await t.call('PUT', CB_OVERRIDE, { as: ADMIN, body: cbBody(operator.cashback, { settings: rows.slice(0, 20) }) });
    expect(ok20.statusCode, ok20.body).toBe(200);
    expect(ok20.json().data.cashback.settings.settings).toHaveLength(20);
    await t.call('POST', CB_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } });
  });

  it('overrides the percentages, the panel follows, restores', async () => {
    const { operator } = await read();
    const settings = cbBody(operator.cashback).settings.map((r) => ({ ...r, lostAmountInUSD: r.index === 0 ? '0' : r.lostAmountInUSD, overriddenPercentage: r.index === 0 ? 33 : r.percentage }));
    const r = await t.call('PUT', CB_OVERRIDE, { as: ADMIN, body: cbBody(operator.cashback, { settings, settingsToOverride: [0] }) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().messages).toEqual([M.CASHBACK_OVERRIDDEN]);
    expect(r.json().data.cashback).toMatchObject({ overridden: true, settings: { minWithdrawAmountInUSD: '25.5', autoApproval: true } });
    expect(r.json().data.cashback.settings.settings[0]).toEqual({ index: 0, lostAmountInUSD: '0', percentage: 33 });
    expect(await t.lastActivity()).toMatchObject({ action: 'PLAYER_CASHBACK_SETTINGS_OVERRIDE', after: { settingsToOverride: [0] } });

    const s = (await t.call('POST', '/api/reports/cashback/player/summary', { as: ADMIN, body: { playerCode: p.playerCode } })).json().data;
    expect(s.minWithdrawAmountInUSD).toBe('25.50');
    expect(s.appliedSettings.currentLevel).not.toBeNull();
    expect(s.appliedSettings.currentLevel.index === 0 ? s.appliedSettings.levelPercentage === 33 : true).toBe(true);

    const x = await t.call('POST', CB_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } });
    expect(x.json()).toMatchObject({ data: { restored: true }, messages: [M.CASHBACK_RESTORED] });
    expect(await t.lastActivity()).toMatchObject({ action: 'PLAYER_CASHBACK_SETTINGS_RESTORE', after: null });
    const back = (await t.call('POST', '/api/reports/cashback/player/summary', { as: ADMIN, body: { playerCode: p.playerCode } })).json().data;
    expect(back.minWithdrawAmountInUSD).toBe(Number(operator.cashback.minWithdrawAmountInUSD).toFixed(2));
    expect((await read()).cashback.overridden).toBe(false);
  });
});

describe('Cashback Calculator: POST /api/reports/cashback/calculator', () => {
  const CALC = '/api/reports/cashback/calculator';
  const input = { betAmountInUSD: '12345.67', winAmountInUSD: '9876.54', cashBonusInUSD: '150', bonusClaimInUSD: '250', claimedCashbacksInUSD: '100', cashbackPercentage: 7.5 };
  it('reproduces the README worked example, exact to the cent, and saves nothing', async () => {
    const before = (await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from activities`))[0]!.n;
    const r = await t.call('POST', CALC, { as: ADMIN, body: input });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ playerLossInUSD: '2469.13', adjustedPlayerLossInUSD: '1969.13', availableCashbackAmountInUSD: '147.68' });
    const after = (await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from activities`))[0]!.n;
    expect(after).toBe(before);
  });
  it('amounts above 10,000,000 and percentages above 100 are refused with their messages; operator staff holding the page may calculate', async () => {
    const big = await t.call('POST', CALC, { as: ADMIN, body: { ...input, winAmountInUSD: '10000001' } });
    expect(big.statusCode).toBe(400);
    expect(big.json().messages).toContain(M.AMOUNT_RANGE);
    const pct = await t.call('POST', CALC, { as: ADMIN, body: { ...input, cashbackPercentage: 100.01 } });
    expect(pct.json().messages).toContain(M.PERCENT_RANGE);
    expect((await t.call('POST', CALC, { as: 'operator.admin@demo.local', body: input })).statusCode).toBe(200);
  });
});
