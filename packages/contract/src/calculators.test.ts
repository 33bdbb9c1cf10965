/** Affiliate Profit and LTV Calculators: the formulas, their README worked examples (number for number), rules and exactness. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CALCULATOR_MESSAGES as C, affiliateProfitCalculatorBody, calculateAffiliateProfit, calculateLtv, ltvBody, revenueShareFor, type AffiliateProfitCalculatorInput,
} from './calculators.js';
import { formatAmount } from './money.js';
import { REWARD_SETTINGS_MESSAGES as M } from './reward-settings.js';
import { README_AFFILIATE_EXAMPLE } from './calculators.example.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

const stats = README_AFFILIATE_EXAMPLE.referredPlayersStats;
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const section = (title: string) => { const at = readme.indexOf(title); expect(at, title).toBeGreaterThan(-1); return readme.slice(at, readme.indexOf('\n### ', at + 1) >>> 0 || undefined); };

describe('Affiliate Profit Calculator: the README worked example', () => {
  const r = calculateAffiliateProfit(affiliateProfitCalculatorBody.parse(README_AFFILIATE_EXAMPLE));
  it('level 3, CPR 39.00, CPA 21.00, revenue share 20 % of 7,098.77, admin fee 10 % → 1,331.77; operator 5,767.00', () => {
    expect(r.level).toBe(3);
    expect(r.revenueSharePercentage).toBe(20);
    expect(r.affiliateProfit.map((x) => [x.label, x.amountInUSD, x.adminSettingsInPercentage, x.adjustedAmountInUSD])).toEqual([
      ['CPR', '39.00', null, '39.00'],
      ['CPA', '21.00', null, '21.00'],
      ['Revenue share', '7098.77', 20, '1419.75'],
      ['Affiliates admin fee', '1479.75', 10, '-147.98'],
    ]);
    expect(r.operatorProfit.map((x) => [x.label, x.amountInUSD])).toEqual([
      ['GGR', '8765.43'], ['Claimed bonuses', '-1234.56'], ['Cashbacks', '-432.10'], ['Net gaming revenue', '7098.77'], ['Affiliate profit', '-1331.77'],
    ]);
    expect(r.affiliateProfitInUSD).toBe('1331.77');
    expect(r.operatorProfitInUSD).toBe('5767.00');
  });
  it('the README shows the same figures', () => {
    const text = section('### Affiliate Profit Calculator');
    for (const v of ['120,000.00', '8,765.43', '1,234.56', '432.10', '7,098.77', '39.00', '21.00', '1,419.75', '1,479.75', '147.98', '1,331.77', '5,767.00'])
      expect(text, v).toContain(v);
    expect(text).toContain(`**${formatAmount(r.affiliateProfitInUSD)}**`);
    expect(text).toContain(`**${formatAmount(r.operatorProfitInUSD)}**`);
    // The browser test's change: revenue share 20 % → 25 %.
    const edited = structuredClone(README_AFFILIATE_EXAMPLE);
    edited.revenueShareSettings[1]!.revenueSharePercentage = 25;
    expect(calculateAffiliateProfit(edited).affiliateProfitInUSD).toBe('1651.22');
    expect(text).toContain('1,651.22');
  });
});

describe('Affiliate Profit Calculator: rules and edge cases', () => {
  const base = README_AFFILIATE_EXAMPLE;
  const calc = (s: Partial<typeof stats>, over: Partial<AffiliateProfitCalculatorInput> = {}) => calculateAffiliateProfit({ ...structuredClone(base), ...over, referredPlayersStats: { ...stats, ...s } });
  it('NGR not positive: no revenue share, the operator loses what the affiliate earns', () => {
    const r = calc({ totalReferredPlayersPlInUSD: '1000', totalClaimedBonusAmountInUSD: '900', totalCashbacksInUSD: '200' });
    expect(r.affiliateProfit[2]).toMatchObject({ amountInUSD: '0.00', adjustedAmountInUSD: '0.00' });
    // CPR 39 + CPA 21 = 60, fee 10 % → 54.00; NGR −100.00 − 54.00.
    expect(r.affiliateProfitInUSD).toBe('54.00');
    expect(r.operatorProfitInUSD).toBe('-154.00');
  });
  it('the level and the revenue share row follow the wager (thresholds reached at equality)', () => {
    expect(calc({ totalPlayersWagerInUSD: '0' }).level).toBe(1);
    expect(calc({ totalPlayersWagerInUSD: '49999.99' }).level).toBe(2);
    expect(calc({ totalPlayersWagerInUSD: '50000' }).level).toBe(3);
    expect(calc({ totalPlayersWagerInUSD: '10000000' }).level).toBe(5);
    const rows = base.revenueShareSettings;
    expect(revenueShareFor(rows, '99999.99')).toBe(10);
    expect(revenueShareFor(rows, '100000')).toBe(20);
    expect(revenueShareFor(rows, '500000')).toBe(30);
    expect(revenueShareFor([{ monthlyReferredPlayersTotalWagerInUSD: '5', revenueSharePercentage: 9 }], '4.99')).toBe(0);
    // Unordered rows: the highest threshold reached wins.
    expect(revenueShareFor([...rows].reverse(), '600000')).toBe(30);
  });
  it('exact decimals, rounded down to the cent: no float drift', () => {
    // 0.10 + 0.20 as floats is 0.30000000000000004; 33.33 % of 0.03 is 0.009999 → 0.00.
    const r = calc({ totalReferredPlayersPlInUSD: '0.3', totalClaimedBonusAmountInUSD: '0.1', totalCashbacksInUSD: '0.2', emailRegistrations: 0, telegramRegistrations: 0, gmailRegistrations: 0, ftdPlayers: 0 });
    expect(r.operatorProfit[3]!.amountInUSD).toBe('0.00');
    expect(r.affiliateProfitInUSD).toBe('0.00');
    const s = calc({ totalReferredPlayersPlInUSD: '0.03', totalClaimedBonusAmountInUSD: '0', totalCashbacksInUSD: '0', emailRegistrations: 0, telegramRegistrations: 0, gmailRegistrations: 0, ftdPlayers: 0 },
      { revenueShareSettings: [{ monthlyReferredPlayersTotalWagerInUSD: '0', revenueSharePercentage: 33.33 }] });
    expect(s.affiliateProfit[2]!.adjustedAmountInUSD).toBe('0.00');
    // Large figures stay exact: 10,000,000 × 99.99 % = 9,999,000.00; fee 0.01 % of it.
    const big = calc({ totalReferredPlayersPlInUSD: '10000000', totalClaimedBonusAmountInUSD: '0', totalCashbacksInUSD: '0', emailRegistrations: 0, telegramRegistrations: 0, gmailRegistrations: 0, ftdPlayers: 0 },
      { revenueShareSettings: [{ monthlyReferredPlayersTotalWagerInUSD: '0', revenueSharePercentage: 99.99 }], general: { ...base.general, affiliatesAdminFeePercentage: 0.01 } });
    expect(big.affiliateProfit[2]!.adjustedAmountInUSD).toBe('9999000.00');
    expect(big.affiliateProfitInUSD).toBe('9998000.10'); // 9,999,000 × 99.99 % = 9,998,000.1 exactly (a float gives 9998000.099999…)
    expect(big.operatorProfitInUSD).toBe('1999.90');
  });
  it('the rows add up: profit = Σ adjusted, operator = NGR − profit', () => {
    for (const fee of [0, 7.35, 33.33, 100]) {
      const r = calc({}, { general: { ...base.general, affiliatesAdminFeePercentage: fee } });
      const cents = (v: string) => Math.round(Number(v) * 100);
      expect(r.affiliateProfit.reduce((a, x) => a + cents(x.adjustedAmountInUSD), 0)).toBe(cents(r.affiliateProfitInUSD));
      expect(cents(r.operatorProfitInUSD)).toBe(cents('7098.77') - cents(r.affiliateProfitInUSD));
    }
    expect(calc({}, { general: { ...base.general, affiliatesAdminFeePercentage: 100 } }).affiliateProfitInUSD).toBe('0.00');
  });
  it('invalid input has the contract messages', () => {
    const bad = (s: object, over: object = {}) => messages(affiliateProfitCalculatorBody.safeParse({ ...base, ...over, referredPlayersStats: { ...stats, ...s } }));
    expect(bad({ totalPlayersWagerInUSD: '10000000.01' })).toEqual([M.AMOUNT_RANGE]);
    expect(bad({ totalCashbacksInUSD: '1.234' })).toEqual([M.AMOUNT_FORMAT]);
    expect(bad({ totalCashbacksInUSD: '-1' })).toEqual([M.AMOUNT_FORMAT]);
    expect(bad({ ftdPlayers: 1.5 })).toEqual([C.PLAYERS_COUNT]);
    expect(bad({ emailRegistrations: -1 })).toEqual([C.PLAYERS_COUNT]);
    expect(bad({}, { general: { ...base.general, affiliatesAdminFeePercentage: 100.5 } })).toEqual([M.PERCENT_RANGE]);
    expect(bad({}, { revenueShareSettings: [{ monthlyReferredPlayersTotalWagerInUSD: '0', revenueSharePercentage: -1 }] })).toEqual([M.PERCENT_RANGE]);
    expect(bad({}, { levelSettings: [{ ...base.levelSettings[0]!, requiredWagerInUSD: '10.123' }, base.levelSettings[1]] })).toEqual([M.AMOUNT_FORMAT]);
    expect(bad({}, { revenueShareSettings: [] })).toEqual([M.ROWS_REQUIRED]);
  });
});

describe('LTV Calculator', () => {
  const all = { claimedBonuses: true, claimedCashbacks: true, cpr: true, cpa: true, affCommission: true, tournamentPrizes: true };
  const figures = { pl: '1234.56789', claimedBonuses: '100.005', claimedCashbacks: '50', cpr: '2', cpa: '3', affCommission: '10.999', tournamentPrizes: '25' };
  it('the README worked example: each figure rounded down to the cent, LTV = P/L − the flagged costs', () => {
    const r = calculateLtv('P1', figures, all);
    expect(r).toEqual({
      playerCode: 'P1', plInUSD: '1234.56', bonusesClaimedInUSD: '100.00', cashbackClaimedInUSD: '50.00', cprInUSD: '2.00', cpaInUSD: '3.00',
      affCommissionInUSD: '10.99', tournamentPrizeInUSD: '25.00', ltvInUSD: '1043.57',
    });
    const off = calculateLtv('P1', figures, { ...all, claimedBonuses: false, tournamentPrizes: false });
    expect(off).toMatchObject({ bonusesClaimedInUSD: '0.00', tournamentPrizeInUSD: '0.00', ltvInUSD: '1168.57' });
    const text = section('### LTV Calculator');
    for (const v of ['1,234.56789', '100.005', '10.999', '1,234.56', '100.00', '10.99', '190.99', '1,168.57']) expect(text, v).toContain(v);
    expect(text).toContain(`**${formatAmount(r.ltvInUSD)}**`);
  });
  it('a player who won: negative P/L rounds down (towards the operator’s loss)', () => {
    const none = { claimedBonuses: false, claimedCashbacks: false, cpr: false, cpa: false, affCommission: false, tournamentPrizes: false };
    expect(calculateLtv('P', { ...figures, pl: '-10.001' }, none)).toMatchObject({ plInUSD: '-10.01', ltvInUSD: '-10.01' });
    expect(calculateLtv('P', { ...figures, pl: '0' }, all).ltvInUSD).toBe('-190.99');
  });
  it('the body: flags default to true, dates as YYYY-MM-DD in order, the player code required', () => {
    expect(ltvBody.parse({ playerCode: 'P' })).toMatchObject(all);
    expect(messages(ltvBody.safeParse({ playerCode: 'P', from: '2026-13-01' }))).toEqual([C.DATE_FORMAT]);
    expect(messages(ltvBody.safeParse({ playerCode: 'P', to: '2026-02-30' }))).toEqual([C.DATE_FORMAT]);
    expect(ltvBody.safeParse({ playerCode: 'P', from: '2028-02-29', to: '2028-02-29' }).success).toBe(true);
    expect(messages(ltvBody.safeParse({ playerCode: 'P', from: '01/02/2026' }))).toEqual([C.DATE_FORMAT]);
    expect(messages(ltvBody.safeParse({ playerCode: 'P', from: '2026-02-02', to: '2026-02-01' }))).toEqual([C.DATE_ORDER]);
    expect(messages(ltvBody.safeParse({ playerCode: '' }))).toEqual(['playerCode is required.']);
  });
});
