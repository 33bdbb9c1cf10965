/** Per-player affiliate and cashback settings (001 §2, §3, §5): override, restore, the effective read, the panels following them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CASHBACK_ROWS_MAX, DEFAULT_AFFILIATE_SETTINGS, MSG, REWARD_SETTINGS_MESSAGES as M, addLevelRow, cashbackFormRows, type AffiliateSettings, type CashbackSettings } from '@pitboss/contract';
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

type LevelRow = AffiliateSettings['levelSettings'][number];
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
  it("another operator selected: the read, both restores and the cashback override answer not found and change nothing", async () => {
    const { operator } = await read();
    // An override to restore, so a restore reaching the player would change something.
    expect((await t.call('PUT', CB_OVERRIDE, { as: ADMIN, body: cbBody(operator.cashback) })).statusCode).toBe(200);
    expect((await t.call('PUT', AFF_OVERRIDE, { as: ADMIN, body: affBody() })).statusCode).toBe(200);
    try {
      const before = await read();
      const other = { opId: 'op-bravo', playerCode: p.playerCode };
      for (const [method, url, body] of [
        ['POST', READ, other], ['POST', AFF_RESTORE, other], ['POST', CB_RESTORE, other], ['PUT', CB_OVERRIDE, cbBody(operator.cashback, { opId: 'op-bravo', minWithdrawAmountInUSD: '99' })],
      ] as const) {
        const r = await t.call(method, url, { as: ADMIN, body });
        expect(r.statusCode, url).toBe(404);
        expect(r.json().messages).toEqual([MSG.PLAYER_NOT_FOUND]);
      }
      expect(await read()).toEqual(before);
    } finally {
      expect((await t.call('POST', AFF_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } })).statusCode).toBe(200);
      expect((await t.call('POST', CB_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } })).statusCode).toBe(200);
    }
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
    const [l1, l2, l3] = DEFAULT_AFFILIATE_SETTINGS.levelSettings as [LevelRow, LevelRow, LevelRow];
    await bad({ levelSettings: [l1, { ...l2, requiredWagerInUSD: l1.requiredWagerInUSD }, l3] }, M.LEVEL_WAGERS_RISING);
    await bad({ levelSettings: [{ ...l1, requiredWagerInUSD: '0' }, l2] }, M.LEVEL_WAGERS_RISING);
    await bad({ playerCode: '' }, MSG.PLAYER_CODE_REQUIRED);
    await bad({ levelSettings: [] }, M.ROWS_REQUIRED);
    await bad({ revenueShareSettings: [] }, M.ROWS_REQUIRED);
  });

  it('overrides, the panel follows (minimum withdraw, levels), restores; each audited', async () => {
    const before = (await t.call('POST', '/api/reports/affiliate/player/summary', { as: ADMIN, body: { playerCode: p.playerCode } })).json().data;
    // Level 1 up to 9,999,999 USD of referred wager, level 2 open-ended (its wager 0 is no threshold).
    const levelSettings = [{ ...DEFAULT_AFFILIATE_SETTINGS.levelSettings[0]!, requiredWagerInUSD: '9999999' }, { ...DEFAULT_AFFILIATE_SETTINGS.levelSettings[1]!, requiredWagerInUSD: '0' }];
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
    expect(after.affiliateLevel.currentLevelPercentage).toBe(Math.floor((Number(after.affiliateLevel.referredPlayersWagerInUSD) / 9999999) * 10_000) / 100);

    const x = await t.call('POST', AFF_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } });
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json()).toMatchObject({ data: { restored: true }, messages: [M.RESTORED] });
    expect(await t.lastActivity()).toMatchObject({ action: 'PLAYER_AFFILIATE_SETTINGS_RESTORE', before: { general }, after: null });
    const restored = (await t.call('POST', '/api/reports/affiliate/player/summary', { as: ADMIN, body: { playerCode: p.playerCode } })).json().data;
    expect(restored).toEqual(before);
    expect((await read()).affiliates.overridden).toBe(false);

    const again = await t.call('POST', AFF_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } });
    expect(again.statusCode).toBe(400);
    expect(again.json().messages).toEqual([M.NOTHING_TO_RESTORE]);
  });
});

describe('affiliate levels after Add (001 §5: the new last level has wager 0 and is open-ended)', () => {
  it("a player below level 1's wager stays at level 1, not at the added level", async () => {
    const wager = (await t.call('POST', '/api/reports/affiliate/player/summary', { as: ADMIN, body: { playerCode: p.playerCode } })).json().data.affiliateLevel.referredPlayersWagerInUSD as string;
    const first = { ...DEFAULT_AFFILIATE_SETTINGS.levelSettings[0]!, requiredWagerInUSD: String(Math.floor(Number(wager)) + 1000) };
    // Level 1 above the player's wager, level 2 open-ended; Add makes level 2 close one USD later and an open-ended level 3.
    const added = addLevelRow([first, { ...DEFAULT_AFFILIATE_SETTINGS.levelSettings[1]!, requiredWagerInUSD: '0' }]);
    expect(added.map((l) => l.requiredWagerInUSD)).toEqual([first.requiredWagerInUSD, String(Number(first.requiredWagerInUSD) + 1), '0']);
    const r = await t.call('PUT', AFF_OVERRIDE, { as: ADMIN, body: affBody({ levelSettings: added }) });
    expect(r.statusCode, r.body).toBe(200);
    try {
      const s = (await t.call('POST', '/api/reports/affiliate/player/summary', { as: ADMIN, body: { playerCode: p.playerCode } })).json().data;
      expect(s.affiliateLevel).toMatchObject({ currentLevel: 1, nextLevelRequiredWagerInUSD: `${first.requiredWagerInUSD}.00` });
      expect(s.affiliateLevel.currentLevelPercentage).toBeLessThan(100);
    } finally {
      expect((await t.call('POST', AFF_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } })).statusCode).toBe(200);
    }
  });
});

describe('cashback override and restore', () => {
  it('min withdraw ≥ 0.01, more than CASHBACK_ROWS_MAX rows refused with ROWS_LIMIT, settingsToOverride exact', async () => {
    const { operator } = await read();
    const bad = async (over: object, msg: string) => {
      const r = await t.call('PUT', CB_OVERRIDE, { as: ADMIN, body: cbBody(operator.cashback, over) });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().messages).toContain(msg);
    };
    await bad({ minWithdrawAmountInUSD: '0' }, M.MIN_WITHDRAW);
    await bad({ settings: [] }, M.ROWS_REQUIRED);
    await bad({ settings: cbBody(operator.cashback).settings.map((r) => ({ ...r, index: r.index + 1 })) }, M.INDEXES_NUMBERED);
    const rows = Array.from({ length: CASHBACK_ROWS_MAX + 1 }, (_, i) => ({ index: i, lostAmountInUSD: String((i + 1) * 100), percentage: 1, overriddenPercentage: 1 }));
    await bad({ settings: rows }, M.ROWS_LIMIT);
    const edited = cbBody(operator.cashback).settings.map((r) => (r.index === 0 ? { ...r, overriddenPercentage: 42 } : r));
    await bad({ settings: edited }, M.SETTINGS_TO_OVERRIDE);
    await bad({ settings: edited, settingsToOverride: [0, 1] }, M.SETTINGS_TO_OVERRIDE);
    // CASHBACK_ROWS_MAX rows at 1 % for the player: the operator's rows whose percentage is not 1 are overridden.
    const base = (operator.cashback as CashbackSettings).settings;
    const rowsMax = rows.slice(0, CASHBACK_ROWS_MAX).map((r) => ({ ...r, percentage: base.find((b) => b.index === r.index)?.percentage ?? 1 }));
    const overridden = base.filter((r) => r.percentage !== 1).map((r) => r.index);
    expect(overridden.length).toBeGreaterThan(0);
    await bad({ settings: rows.slice(0, CASHBACK_ROWS_MAX) }, M.SETTINGS_TO_OVERRIDE); // the operator's percentages called 1
    const okMax = await t.call('PUT', CB_OVERRIDE, { as: ADMIN, body: cbBody(operator.cashback, { settings: rowsMax, settingsToOverride: overridden }) });
    expect(okMax.statusCode, okMax.body).toBe(200);
    expect(okMax.json().data.cashback.settings.settings).toHaveLength(CASHBACK_ROWS_MAX);
    await t.call('POST', CB_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } });
  });

  it("settingsToOverride is checked against the operator's real percentages, not the body's", async () => {
    const { operator } = await read();
    const real = (operator.cashback as CashbackSettings).settings[0]!.percentage;
    // Row 0 claims the operator's percentage is 42 and the player's 42: consistent in itself, but the operator's is `real`.
    const faked = cbBody(operator.cashback).settings.map((r) => (r.index === 0 ? { ...r, percentage: 42, overriddenPercentage: 42 } : r));
    expect(real).not.toBe(42);
    const r = await t.call('PUT', CB_OVERRIDE, { as: ADMIN, body: cbBody(operator.cashback, { settings: faked, settingsToOverride: [] }) });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().messages).toEqual([M.SETTINGS_TO_OVERRIDE]);
    expect((await read()).cashback.overridden).toBe(false);
    // Naming row 0 is refused by the body's own rule (its two percentages are equal there): no way to hide an override.
    const named = await t.call('PUT', CB_OVERRIDE, { as: ADMIN, body: cbBody(operator.cashback, { settings: faked, settingsToOverride: [0] }) });
    expect(named.json().messages).toEqual([M.SETTINGS_TO_OVERRIDE]);
    // A row the operator does not have compares with its own percentage (what the form shows).
    const extra = [...cbBody(operator.cashback).settings, { index: operator.cashback.settings.length, lostAmountInUSD: '9999999', percentage: 1, overriddenPercentage: 1 }];
    const ok = await t.call('PUT', CB_OVERRIDE, { as: ADMIN, body: cbBody(operator.cashback, { settings: extra, settingsToOverride: [] }) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.cashback.settings.settings).toHaveLength(extra.length);
    expect((await t.call('POST', CB_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } })).statusCode).toBe(200);
  });

  it('overrides the percentages, the panel follows, restores', async () => {
    const { operator } = await read();
    // Row 0 from 0 USD of loss at 33 %, the other rows out of reach: the player is on row 0.
    const settings = cbBody(operator.cashback).settings.map((r) => ({ ...r, lostAmountInUSD: r.index === 0 ? '0' : String(9_000_000 + r.index), overriddenPercentage: r.index === 0 ? 33 : r.percentage }));
    const r = await t.call('PUT', CB_OVERRIDE, { as: ADMIN, body: cbBody(operator.cashback, { settings, settingsToOverride: [0] }) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().messages).toEqual([M.CASHBACK_OVERRIDDEN]);
    expect(r.json().data.cashback).toMatchObject({ overridden: true, settings: { minWithdrawAmountInUSD: '25.5', autoApproval: true } });
    expect(r.json().data.cashback.settings.settings[0]).toEqual({ index: 0, lostAmountInUSD: '0', percentage: 33 });
    expect(await t.lastActivity()).toMatchObject({ action: 'PLAYER_CASHBACK_SETTINGS_OVERRIDE', after: { settingsToOverride: [0] } });

    const s = (await t.call('POST', '/api/reports/cashback/player/summary', { as: ADMIN, body: { playerCode: p.playerCode } })).json().data;
    expect(s.minWithdrawAmountInUSD).toBe('25.50');
    expect(s.appliedSettings).toMatchObject({ currentLevel: { index: 0, lostAmountInUSD: '0.00', percentage: 33 }, levelPercentage: 33, nextLevel: { index: 1, lostAmountInUSD: '9000001.00' } });

    const x = await t.call('POST', CB_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } });
    expect(x.json()).toMatchObject({ data: { restored: true }, messages: [M.RESTORED] });
    expect(await t.lastActivity()).toMatchObject({ action: 'PLAYER_CASHBACK_SETTINGS_RESTORE', after: null });
    const back = (await t.call('POST', '/api/reports/cashback/player/summary', { as: ADMIN, body: { playerCode: p.playerCode } })).json().data;
    expect(back.minWithdrawAmountInUSD).toBe(Number(operator.cashback.minWithdrawAmountInUSD).toFixed(2));
    expect((await read()).cashback.overridden).toBe(false);

    const again = await t.call('POST', CB_RESTORE, { as: ADMIN, body: { playerCode: p.playerCode } });
    expect(again.statusCode).toBe(400);
    expect(again.json().messages).toEqual([M.NOTHING_TO_RESTORE]);
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
    expect(pct.statusCode).toBe(400);
    expect(pct.json().messages).toEqual([M.PERCENT_RANGE]);
    expect((await t.call('POST', CALC, { as: 'operator.admin@demo.local', body: input })).statusCode).toBe(200);
  });
  it('a percentage with more than 2 decimals and a malformed amount are refused with their messages', async () => {
    const decimals = await t.call('POST', CALC, { as: ADMIN, body: { ...input, cashbackPercentage: 7.125 } });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().messages).toEqual([M.PERCENT_DECIMALS]);
    for (const betAmountInUSD of ['12.345', 'abc', '-5']) {
      const bad = await t.call('POST', CALC, { as: ADMIN, body: { ...input, betAmountInUSD } });
      expect(bad.statusCode, betAmountInUSD).toBe(400);
      expect(bad.json().messages).toEqual([M.AMOUNT_FORMAT]);
    }
  });
});
