import { describe, expect, it } from 'vitest';
import {
  REWARD_SETTINGS_MESSAGES as M, addCashbackRow, addLevelRow, addRevenueShareRow, cashbackAddDisabled, cashbackFormRows, levelWagerDisabled,
  overrideAffiliateBody, overrideCashbackBody, removeLastRow, rowRemovable, settingsToOverride,
} from './reward-settings.js';
import { DEFAULT_AFFILIATE_SETTINGS, DEFAULT_CASHBACK_SETTINGS } from './rewards-summary.js';

const level = (n: number, w: string) => ({ level: n, requiredWagerInUSD: w, emailCpr: '2', telegramCpr: '2', gmailCpr: '2', maxCpr: '2', cpa: '2' });
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('level rows (001 §5)', () => {
  it("the last level's required wager is disabled, the others are not", () => {
    const rows = [level(1, '0'), level(2, '100'), level(3, '0')];
    expect(rows.map((_, i) => levelWagerDisabled(rows, i))).toEqual([false, false, true]);
  });
  it('Add: level count + 1, wager 0, CPR and CPA 1; the previous last row becomes the one before it + 1', () => {
    const next = addLevelRow([level(1, '0'), level(2, '100.5'), level(3, '0')]);
    expect(next).toHaveLength(4);
    expect(next[2]!.requiredWagerInUSD).toBe('101.5');
    expect(next[3]).toEqual({ level: 4, requiredWagerInUSD: '0', emailCpr: '1', telegramCpr: '1', gmailCpr: '1', maxCpr: '1', cpa: '1' });
  });
  it('Add on one row: the first row becomes 0 + 1', () => {
    const next = addLevelRow([level(1, '0')]);
    expect(next.map((r) => [r.level, r.requiredWagerInUSD])).toEqual([[1, '1'], [2, '0']]);
  });
  it('Add leaves the input rows unchanged', () => {
    const rows = [level(1, '0'), level(2, '7')];
    addLevelRow(rows);
    expect(rows[1]!.requiredWagerInUSD).toBe('7');
  });
});

describe('revenue share rows (001 §5)', () => {
  it('Add: the last wager + 1, percentage 1', () => {
    const next = addRevenueShareRow([{ monthlyReferredPlayersTotalWagerInUSD: '0', revenueSharePercentage: 10 }, { monthlyReferredPlayersTotalWagerInUSD: '100000', revenueSharePercentage: 20 }]);
    expect(next[2]).toEqual({ monthlyReferredPlayersTotalWagerInUSD: '100001', revenueSharePercentage: 1 });
  });
});

describe('removing rows', () => {
  it('only the last row, and only while more than one row exists', () => {
    expect([0, 1, 2].map((i) => rowRemovable([1, 2, 3], i))).toEqual([false, false, true]);
    expect(rowRemovable([1], 0)).toBe(false);
    expect(removeLastRow([1, 2, 3])).toEqual([1, 2]);
    expect(removeLastRow([1])).toEqual([1]);
  });
});

describe('cashback rows', () => {
  const rows = cashbackFormRows(DEFAULT_CASHBACK_SETTINGS, DEFAULT_CASHBACK_SETTINGS);
  it('Add is disabled at 20 rows with "Limited to 20 rows"', () => {
    let r = rows;
    while (r.length < 20) r = addCashbackRow(r);
    expect(cashbackAddDisabled(r)).toBe('Limited to 20 rows');
    expect(cashbackAddDisabled(r.slice(0, 19))).toBeNull();
    expect(addCashbackRow(r)).toHaveLength(20);
    expect(r[5]).toEqual({ index: 5, lostAmountInUSD: '100001', percentage: 1, overriddenPercentage: 1 });
  });
  it('settingsToOverride: the indexes whose overridden percentage differs', () => {
    const edited = rows.map((r) => (r.index === 1 || r.index === 3 ? { ...r, overriddenPercentage: r.percentage + 1 } : r));
    expect(settingsToOverride(edited)).toEqual([1, 3]);
  });
});

describe('override bodies', () => {
  const aff = { playerCode: 'P1', ...DEFAULT_AFFILIATE_SETTINGS };
  const cb = (over: object = {}) => ({
    playerCode: 'P1', minWithdrawAmountInUSD: '10', autoApproval: true,
    settings: cashbackFormRows(DEFAULT_CASHBACK_SETTINGS, DEFAULT_CASHBACK_SETTINGS), settingsToOverride: [], ...over,
  });
  it('accepts the defaults', () => {
    expect(overrideAffiliateBody.safeParse(aff).success).toBe(true);
    expect(overrideCashbackBody.safeParse(cb()).success).toBe(true);
  });
  it('money 0..10,000,000 with 2 decimals, percentages 0..100', () => {
    const g = DEFAULT_AFFILIATE_SETTINGS.general;
    expect(messages(overrideAffiliateBody.safeParse({ ...aff, general: { ...g, minWithdrawableAmountInUSD: '10000000.01' } }))).toEqual([M.AMOUNT_RANGE]);
    expect(overrideAffiliateBody.safeParse({ ...aff, general: { ...g, minWithdrawableAmountInUSD: '10000000' } }).success).toBe(true);
    expect(messages(overrideAffiliateBody.safeParse({ ...aff, levelSettings: [level(1, '1.005')] }))).toEqual([M.AMOUNT_FORMAT]);
    expect(overrideAffiliateBody.safeParse({ ...aff, levelSettings: [level(1, '1.05')] }).success).toBe(true);
    expect(messages(overrideAffiliateBody.safeParse({ ...aff, general: { ...g, cashbackAdminFeePercentage: 100.5 } }))).toEqual([M.PERCENT_RANGE]);
    expect(messages(overrideAffiliateBody.safeParse({ ...aff, general: { ...g, cashbackAdminFeePercentage: -1 } }))).toEqual([M.PERCENT_RANGE]);
  });
  it('levels numbered 1..n', () => {
    expect(messages(overrideAffiliateBody.safeParse({ ...aff, levelSettings: [level(1, '0'), level(3, '0')] }))).toEqual([M.LEVELS_NUMBERED]);
  });
  it('cashback: min withdraw ≥ 0.01, ≤ 20 rows, settingsToOverride exact', () => {
    expect(messages(overrideCashbackBody.safeParse(cb({ minWithdrawAmountInUSD: '0' })))).toEqual([M.MIN_WITHDRAW]);
    expect(overrideCashbackBody.safeParse(cb({ minWithdrawAmountInUSD: '0.01' })).success).toBe(true);
    const rows21 = Array.from({ length: 21 }, (_, i) => ({ index: i, lostAmountInUSD: String(i * 10), percentage: 1, overriddenPercentage: 1 }));
    expect(messages(overrideCashbackBody.safeParse(cb({ settings: rows21 })))).toContain('Limited to 20 rows');
    expect(overrideCashbackBody.safeParse(cb({ settings: rows21.slice(0, 20) })).success).toBe(true);
    const edited = cb().settings.map((r) => (r.index === 2 ? { ...r, overriddenPercentage: 50 } : r));
    expect(messages(overrideCashbackBody.safeParse(cb({ settings: edited })))).toEqual([M.SETTINGS_TO_OVERRIDE]);
    expect(overrideCashbackBody.safeParse(cb({ settings: edited, settingsToOverride: [2] })).success).toBe(true);
  });
});

describe('Cashback Calculator: the README worked example', () => {
  it('bets 12,345.67, wins 9,876.54, cash bonus 150, bonus claim 250, cashbacks 100, 7.5 %', async () => {
    const { calculateCashback, cashbackGgrWarning, cashbackCalculatorBody } = await import('./reward-settings.js');
    const input = { betAmountInUSD: '12345.67', winAmountInUSD: '9876.54', cashBonusInUSD: '150', bonusClaimInUSD: '250', claimedCashbacksInUSD: '100', cashbackPercentage: 7.5 };
    expect(cashbackCalculatorBody.parse(input)).toEqual(input);
    expect(calculateCashback(input)).toEqual({ playerLossInUSD: '2469.13', adjustedPlayerLossInUSD: '1969.13', availableCashbackAmountInUSD: '147.68' });
    expect(cashbackGgrWarning(input)).toBeNull();
    // Wins above bets: no loss, no cashback; cashbacks already above the GGR warn (not blocking).
    const won = { ...input, winAmountInUSD: '13000' };
    expect(calculateCashback(won)).toEqual({ playerLossInUSD: '0.00', adjustedPlayerLossInUSD: '0.00', availableCashbackAmountInUSD: '0.00' });
    expect(cashbackGgrWarning(won)).toBe("Referred Player's Cashback shouldn't be more than Referred Player's GGR, are you sure?");
    expect(cashbackCalculatorBody.safeParse({ ...input, betAmountInUSD: '10000000.01' }).error?.issues[0]?.message).toBe(M.AMOUNT_RANGE);
    expect(cashbackCalculatorBody.safeParse({ ...input, cashbackPercentage: 7.125 }).error?.issues[0]?.message).toBe(M.PERCENT_DECIMALS);
  });
});
