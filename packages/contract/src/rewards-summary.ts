import { z } from 'zod';
import { CASHBACK_ROWS_MAX } from './constants.js';
import { playerCodeField } from './validation.js';
import { cmpDec, toUnits } from './money.js';

/**
 * The player panels of the Player Wallet (001 §2, §3): Bonus, Affiliate and Cashback summaries,
 * and the operator settings their levels come from.
 *
 * The spec names the settings' fields but gives no values. An operator's own settings are read
 * from `operators.settings.affiliates` / `.cashback` (the sections `GET /api/operators/settings`
 * answers); an operator without them uses the defaults below, the choice written down here.
 */

/** A decimal amount in USD as the settings hold it ("10000", "0.01"); costs per registration and acquisition too. */
const usd = z.string().regex(/^\d{1,14}(\.\d{1,8})?$/);

export const affiliateLevelRow = z.object({
  level: z.number().int().min(1),
  requiredWagerInUSD: usd,
  emailCpr: usd, telegramCpr: usd, gmailCpr: usd, maxCpr: usd, cpa: usd,
});
export const affiliateSettings = z.object({
  general: z.object({
    minRequiredWagerInUSDToConsiderAPlayerAsActive: usd,
    claimedBonusAdminFeePercentage: z.number().min(0).max(100),
    cashbackAdminFeePercentage: z.number().min(0).max(100),
    affiliatesAdminFeePercentage: z.number().min(0).max(100),
    minWithdrawableAmountInUSD: usd,
  }),
  levelSettings: z.array(affiliateLevelRow).min(1),
  revenueShareSettings: z.array(z.object({ monthlyReferredPlayersTotalWagerInUSD: usd, revenueSharePercentage: z.number().min(0).max(100) })),
});
export type AffiliateSettings = z.infer<typeof affiliateSettings>;

/** `index` numbers the rows from 0 (the spec names the field only); staff read level index + 1 (cashbackLevelName). */
export const cashbackLevelRow = z.object({ index: z.number().int().min(0), lostAmountInUSD: usd, percentage: z.number().min(0).max(100) });
export const cashbackSettings = z.object({
  minWithdrawAmountInUSD: usd,
  autoApproval: z.boolean(),
  settings: z.array(cashbackLevelRow).min(1).max(CASHBACK_ROWS_MAX),
});
export type CashbackSettings = z.infer<typeof cashbackSettings>;
/** The one name of a cashback level wherever staff see it: "Level 1" for the row of index 0. */
export const cashbackLevelNumber = (index: number) => index + 1;
export const cashbackLevelName = (index: number) => `Level ${cashbackLevelNumber(index)}`;

const cpr = { emailCpr: '1', telegramCpr: '1', gmailCpr: '1', maxCpr: '1' };
/**
 * Default affiliate settings: five levels by the referred players' total wager (USD). A level's
 * required wager completes it (see affiliateLevelProgress): level 1 up to 10,000, level 2 up to
 * 50,000, …, level 5 open-ended (its wager unused, 0). Profit can be withdrawn from 50 USD.
 */
export const DEFAULT_AFFILIATE_SETTINGS: AffiliateSettings = {
  general: {
    minRequiredWagerInUSDToConsiderAPlayerAsActive: '100', claimedBonusAdminFeePercentage: 50, cashbackAdminFeePercentage: 50,
    affiliatesAdminFeePercentage: 10, minWithdrawableAmountInUSD: '50',
  },
  levelSettings: [
    { level: 1, requiredWagerInUSD: '10000', ...cpr, cpa: '1' },
    { level: 2, requiredWagerInUSD: '50000', ...cpr, cpa: '2' },
    { level: 3, requiredWagerInUSD: '250000', ...cpr, cpa: '3' },
    { level: 4, requiredWagerInUSD: '1000000', ...cpr, cpa: '4' },
    { level: 5, requiredWagerInUSD: '0', ...cpr, cpa: '5' },
  ],
  revenueShareSettings: [
    { monthlyReferredPlayersTotalWagerInUSD: '0', revenueSharePercentage: 10 },
    { monthlyReferredPlayersTotalWagerInUSD: '100000', revenueSharePercentage: 20 },
    { monthlyReferredPlayersTotalWagerInUSD: '500000', revenueSharePercentage: 30 },
  ],
};

/**
 * Default cashback settings: five levels by the player's net loss (USD); below 100 USD of loss
 * a player has no cashback level. Cashback can be withdrawn from 10 USD.
 */
export const DEFAULT_CASHBACK_SETTINGS: CashbackSettings = {
  minWithdrawAmountInUSD: '10',
  autoApproval: false,
  settings: [
    { index: 0, lostAmountInUSD: '100', percentage: 5 },
    { index: 1, lostAmountInUSD: '1000', percentage: 7.5 },
    { index: 2, lostAmountInUSD: '10000', percentage: 10 },
    { index: 3, lostAmountInUSD: '50000', percentage: 12.5 },
    { index: 4, lostAmountInUSD: '100000', percentage: 15 },
  ],
};

/** An operator's settings section, or the default when the operator has none (or an unreadable one). */
export function operatorRewardSettings(settings: unknown): { affiliates: AffiliateSettings; cashback: CashbackSettings } {
  const s = (settings && typeof settings === 'object' ? settings : {}) as Record<string, unknown>;
  const a = affiliateSettings.safeParse(s.affiliates);
  const c = cashbackSettings.safeParse(s.cashback);
  return { affiliates: a.success ? a.data : DEFAULT_AFFILIATE_SETTINGS, cashback: c.success ? c.data : DEFAULT_CASHBACK_SETTINGS };
}

/**
 * Where `value` stands on levels entered at a threshold (the cashback levels by loss): the last level reached (null below the
 * first), the next one (null at the top) and the progress towards it in percent (0–100, two
 * decimals; 100 at the top).
 */
export function levelProgress<T>(rows: readonly T[], threshold: (row: T) => string, value: string): { current: T | null; next: T | null; percent: number } {
  const sorted = [...rows].sort((a, b) => cmpDec(threshold(a), threshold(b)));
  let i = -1;
  while (i + 1 < sorted.length && cmpDec(value, threshold(sorted[i + 1]!)) >= 0) i++;
  const current = i >= 0 ? sorted[i]! : null;
  const next = sorted[i + 1] ?? null;
  if (!next) return { current, next, percent: 100 };
  return { current, next, percent: progressBetween(current ? threshold(current) : '0', threshold(next), value) };
}

/** Progress between two wagers in percent (0–100, two decimals, rounded down). */
function progressBetween(from: string, to: string, value: string): number {
  const span = toUnits(to) - toUnits(from);
  const basis = span > 0n ? ((toUnits(value) - toUnits(from)) * 10_000n) / span : 10_000n;
  const clamped = basis < 0n ? 0n : basis > 10_000n ? 10_000n : basis;
  return Number(clamped) / 100;
}

type AffiliateLevel = AffiliateSettings['levelSettings'][number];
/**
 * Where the referred players' wager stands on the affiliate levels, by the level row rules of
 * 001 §5: a level's required wager is the wager that completes it (from there the next level
 * applies), level 1 starts at 0, and the last level is open-ended — its wager, disabled in the
 * form and 0 after Add, is no threshold. So the player is at the first level whose required
 * wager is not reached yet, or at the last; the progress runs from the previous level's wager
 * (0 for level 1) to the current one's (100 at the last level, which has no next).
 */
export function affiliateLevelProgress(levels: readonly AffiliateLevel[], wager: string): { current: AffiliateLevel; nextLevelRequiredWager: string | null; percent: number } {
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  const last = sorted.length - 1;
  let i = 0;
  while (i < last && cmpDec(wager, sorted[i]!.requiredWagerInUSD) >= 0) i++;
  const current = sorted[i]!;
  if (i === last) return { current, nextLevelRequiredWager: null, percent: 100 };
  const from = i > 0 ? sorted[i - 1]!.requiredWagerInUSD : '0';
  return { current, nextLevelRequiredWager: current.requiredWagerInUSD, percent: progressBetween(from, current.requiredWagerInUSD, wager) };
}

/** The body of the three summary calls (001 §7): the player by code; `opId` the console's selected operator. */
export const playerSummaryBody = z.object({
  opId: z.string().trim().max(64).optional(),
  playerCode: playerCodeField,
});

const money = z.string();
/** Bonus summary (001 §3). */
export const bonusSummary = z.object({
  playerCode: z.string(),
  bonusWalletBalanceInUSD: money,
  totalClaimedBonusesInUSD: money,
});
const cashbackLevel = z.object({ index: z.number(), lostAmountInUSD: money, percentage: z.number() });
/** Cashback summary (001 §3), with the progress towards the next level. */
export const cashbackSummary = z.object({
  playerCode: z.string(),
  appliedSettings: z.object({
    currentLevel: cashbackLevel.nullable(),
    nextLevel: cashbackLevel.nullable(),
    /** The current level's cashback percentage (0 without a level). */
    levelPercentage: z.number(),
    /** Progress of the loss towards the next level, in percent (100 at the top level). */
    progressPercentage: z.number(),
  }),
  totalLossInUSD: money,
  cashbackAvailableToClaimInUSD: money,
  cashbacksClaimedInUSD: money,
  currentMonthCashbacksInUSD: money,
  minWithdrawAmountInUSD: money,
});
/** Affiliate profit report (001 §3) of a player as an affiliate; levels as affiliateLevelProgress reads them. */
export const affiliateSummary = z.object({
  playerCode: z.string(),
  affiliateLevel: z.object({
    currentLevel: z.number().int().min(1),
    /** Progress of the referred players' wager towards the next level, in percent (100 at the top level). */
    currentLevelPercentage: z.number(),
    referredPlayersWagerInUSD: money,
    /** The referred wager that reaches the next level: the current level's required wager (null at the last, open-ended level). */
    nextLevelRequiredWagerInUSD: money.nullable(),
  }),
  referredPlayers: z.number().int(),
  estimatedBalanceInUSD: money,
  withdrawMinimumAmountInUSD: money,
});
export type BonusSummary = z.infer<typeof bonusSummary>;
export type CashbackSummary = z.infer<typeof cashbackSummary>;
export type AffiliateSummary = z.infer<typeof affiliateSummary>;
