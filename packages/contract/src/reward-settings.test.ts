import { describe, expect, it } from 'vitest';
import {
  REWARD_SETTINGS_MESSAGES as M, addCashbackRow, addLevelRow, addRevenueShareRow, cashbackAddDisabled, cashbackFormRows, levelWagerDisabled,
  overrideAffiliateBody, overrideCashbackBody, removeLastRow, rowRemovable, sameIndexes, settingsToOverride, settingsToOverrideOf,
} from './reward-settings.js';
import { CASHBACK_ROWS_MAX } from './constants.js';
import { DEFAULT_AFFILIATE_SETTINGS, DEFAULT_CASHBACK_SETTINGS, affiliateLevelProgress, cashbackLevelName, cashbackLevelNumber, levelProgress, playerSummaryBody } from './rewards-summary.js';

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

describe('affiliate level progress (001 §5: a level\'s wager completes it, the last level is open-ended)', () => {
  const rows = [level(1, '1000'), level(2, '4000'), level(3, '0')];
  it('below the first wager: level 1, progress from 0 towards it', () => {
    expect(affiliateLevelProgress(rows, '0')).toEqual({ current: rows[0], nextLevelRequiredWager: '1000', percent: 0 });
    expect(affiliateLevelProgress(rows, '250')).toEqual({ current: rows[0], nextLevelRequiredWager: '1000', percent: 25 });
  });
  it("a level's wager reached: the next level, progress from that wager", () => {
    expect(affiliateLevelProgress(rows, '1000')).toEqual({ current: rows[1], nextLevelRequiredWager: '4000', percent: 0 });
    expect(affiliateLevelProgress(rows, '3999.99')).toEqual({ current: rows[1], nextLevelRequiredWager: '4000', percent: 99.99 });
  });
  it('the last level: open-ended, its own wager (0) no threshold, progress 100', () => {
    expect(affiliateLevelProgress(rows, '4000')).toEqual({ current: rows[2], nextLevelRequiredWager: null, percent: 100 });
    expect(affiliateLevelProgress(rows, '99999999')).toEqual({ current: rows[2], nextLevelRequiredWager: null, percent: 100 });
    expect(affiliateLevelProgress([level(1, '0')], '0')).toEqual({ current: level(1, '0'), nextLevelRequiredWager: null, percent: 100 });
  });
  it('after Add the new last level (wager 0) is not reached by a small wager: no "level 6"', () => {
    const added = addLevelRow(DEFAULT_AFFILIATE_SETTINGS.levelSettings);
    expect(added).toHaveLength(6);
    expect(affiliateLevelProgress(added, '0').current.level).toBe(1);
    expect(affiliateLevelProgress(added, '1000000').current.level).toBe(5);
    expect(affiliateLevelProgress(added, '1000000.99').current.level).toBe(5);
    expect(affiliateLevelProgress(added, '1000001').current.level).toBe(6);
  });
  it('the cashback levels keep entry thresholds', () => {
    const s = DEFAULT_CASHBACK_SETTINGS.settings;
    expect(levelProgress(s, (x) => x.lostAmountInUSD, '99').current).toBeNull();
    expect(levelProgress(s, (x) => x.lostAmountInUSD, '550')).toEqual({ current: s[0], next: s[1], percent: 50 });
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

describe('cashback level names', () => {
  it('one name everywhere: the row of index 0 is Level 1', () => {
    expect(cashbackLevelNumber(0)).toBe(1);
    expect(DEFAULT_CASHBACK_SETTINGS.settings.map((r) => cashbackLevelName(r.index))).toEqual(['Level 1', 'Level 2', 'Level 3', 'Level 4', 'Level 5']);
  });
  it('the summary body has the player and the selected operator only', () => {
    expect(playerSummaryBody.parse({ playerCode: 'P1', opId: 'op-alpha', parentOpId: 'op-x' })).toEqual({ playerCode: 'P1', opId: 'op-alpha' });
  });
});

describe('cashback rows', () => {
  const rows = cashbackFormRows(DEFAULT_CASHBACK_SETTINGS, DEFAULT_CASHBACK_SETTINGS);
  it('Add is disabled at CASHBACK_ROWS_MAX (20) rows with its message', () => {
    expect(CASHBACK_ROWS_MAX).toBe(20);
    let r = rows;
    while (r.length < CASHBACK_ROWS_MAX) r = addCashbackRow(r);
    expect(cashbackAddDisabled(r)).toBe(M.ROWS_LIMIT);
    expect(cashbackAddDisabled(r.slice(0, CASHBACK_ROWS_MAX - 1))).toBeNull();
    expect(addCashbackRow(r)).toHaveLength(CASHBACK_ROWS_MAX);
    expect(r[5]).toEqual({ index: 5, lostAmountInUSD: '100001', percentage: 1, overriddenPercentage: 1 });
  });
  it('settingsToOverride: the indexes whose overridden percentage differs', () => {
    const edited = rows.map((r) => (r.index === 1 || r.index === 3 ? { ...r, overriddenPercentage: r.percentage + 1 } : r));
    expect(settingsToOverride(edited)).toEqual([1, 3]);
  });
  it("settingsToOverrideOf: against the operator's real percentages; rows it lacks against their own", () => {
    const faked = rows.map((r) => (r.index === 2 ? { ...r, percentage: 99, overriddenPercentage: 99 } : r));
    expect(settingsToOverride(faked)).toEqual([]);
    expect(settingsToOverrideOf(faked, DEFAULT_CASHBACK_SETTINGS)).toEqual([2]);
    expect(settingsToOverrideOf(addCashbackRow(rows), DEFAULT_CASHBACK_SETTINGS)).toEqual([]);
    expect(sameIndexes([2, 1, 2], [1, 2])).toBe(true);
    expect(sameIndexes([1], [1, 2])).toBe(false);
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
    expect(messages(overrideAffiliateBody.safeParse({ ...aff, levelSettings: [level(1, '5'), level(3, '0')] }))).toEqual([M.LEVELS_NUMBERED]);
  });
  it('wagers rise from 0 across the levels except the last, whose wager is not compared', () => {
    expect(messages(overrideAffiliateBody.safeParse({ ...aff, levelSettings: [level(1, '10'), level(2, '10'), level(3, '0')] }))).toEqual([M.LEVEL_WAGERS_RISING]);
    expect(messages(overrideAffiliateBody.safeParse({ ...aff, levelSettings: [level(1, '10'), level(2, '9.99'), level(3, '0')] }))).toEqual([M.LEVEL_WAGERS_RISING]);
    expect(messages(overrideAffiliateBody.safeParse({ ...aff, levelSettings: [level(1, '0'), level(2, '0')] }))).toEqual([M.LEVEL_WAGERS_RISING]);
    expect(overrideAffiliateBody.safeParse({ ...aff, levelSettings: [level(1, '10'), level(2, '10.01'), level(3, '0')] }).success).toBe(true);
    expect(overrideAffiliateBody.safeParse({ ...aff, levelSettings: [level(1, '10'), level(2, '5')] }).success).toBe(true);
    expect(overrideAffiliateBody.safeParse({ ...aff, levelSettings: [level(1, '0')] }).success).toBe(true);
    // What Add makes is accepted, from the defaults and from a single level.
    expect(overrideAffiliateBody.safeParse({ ...aff, levelSettings: addLevelRow(DEFAULT_AFFILIATE_SETTINGS.levelSettings) }).success).toBe(true);
    expect(overrideAffiliateBody.safeParse({ ...aff, levelSettings: addLevelRow([level(1, '0')]) }).success).toBe(true);
  });
  it('cashback: min withdraw ≥ 0.01, ≤ 20 rows, settingsToOverride exact', () => {
    expect(messages(overrideCashbackBody.safeParse(cb({ minWithdrawAmountInUSD: '0' })))).toEqual([M.MIN_WITHDRAW]);
    expect(overrideCashbackBody.safeParse(cb({ minWithdrawAmountInUSD: '0.01' })).success).toBe(true);
    const rowsOver = Array.from({ length: CASHBACK_ROWS_MAX + 1 }, (_, i) => ({ index: i, lostAmountInUSD: String(i * 10), percentage: 1, overriddenPercentage: 1 }));
    expect(messages(overrideCashbackBody.safeParse(cb({ settings: rowsOver })))).toContain(M.ROWS_LIMIT);
    expect(overrideCashbackBody.safeParse(cb({ settings: rowsOver.slice(0, CASHBACK_ROWS_MAX) })).success).toBe(true);
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
