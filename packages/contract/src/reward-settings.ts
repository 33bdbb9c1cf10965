/**
 * Per-player affiliate and cashback settings (001 §2, §3, §5): the override payloads, their
 * rules with the messages, and the level / revenue-share / cashback row rules the console's
 * forms and the server share. The settings' shape is rewards-summary.ts (the single definition).
 */
import { z } from 'zod';
import { CASHBACK_ROWS_MAX } from './constants.js';
import { playerCodeField } from './validation.js';
import { addDec, cmpDec, fromUnits, toUnits } from './money.js';
import { affiliateSettings as affiliateSettingsSchema, cashbackSettings as cashbackSettingsSchema, type AffiliateSettings, type CashbackSettings } from './rewards-summary.js';

export const REWARD_SETTINGS_MESSAGES = {
  AMOUNT_FORMAT: 'Enter an amount in USD with at most 2 decimals.',
  AMOUNT_RANGE: 'Enter an amount from 0 to 10,000,000 USD.',
  PERCENT_RANGE: 'Enter a percentage from 0 to 100.',
  PERCENT_DECIMALS: 'Enter a percentage with at most 2 decimals.',
  MIN_WITHDRAW: 'Minimum withdraw must be at least 0.01 USD.',
  ROWS_LIMIT: `Limited to ${CASHBACK_ROWS_MAX} rows`,
  ROWS_REQUIRED: 'At least one row is required.',
  LEVELS_NUMBERED: 'Levels must be numbered 1, 2, 3… in order.',
  LEVEL_WAGERS_RISING: 'Each level except the last must require more wager than the level before it (level 1 more than 0).',
  INDEXES_NUMBERED: 'Rows must be numbered 0, 1, 2… in order.',
  SETTINGS_TO_OVERRIDE: "settingsToOverride must list exactly the rows whose overridden percentage differs from the operator's percentage.",
  // 001 §8, as written there (one restore text for both kinds, its spelling kept).
  AFFILIATE_OVERRIDDEN: "Player's affiliate settings updated!",
  CASHBACK_OVERRIDDEN: "Player's cashback settings updated!",
  RESTORED: 'Operator settings restored succesfully.',
  NOTHING_TO_RESTORE: 'The player already uses the operator settings.',
} as const;
const M = REWARD_SETTINGS_MESSAGES;

/** Money inputs of the settings and calculators: 0 to 10,000,000 USD, at most 2 decimals. */
export const MONEY_INPUT_MAX = '10000000';

const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;
export const moneyInput = z
  .string({ error: M.AMOUNT_FORMAT })
  .trim()
  .regex(AMOUNT, M.AMOUNT_FORMAT)
  .refine((v) => !AMOUNT.test(v) || cmpDec(v, MONEY_INPUT_MAX) <= 0, M.AMOUNT_RANGE);
export const percentInput = z.number({ error: M.PERCENT_RANGE }).min(0, M.PERCENT_RANGE).max(100, M.PERCENT_RANGE);

const playerRef = {
  opId: z.string().trim().max(64).optional(),
  playerCode: playerCodeField,
};
/** Restore and the effective-settings read: the player by code. */
export const playerSettingsRef = z.object(playerRef);

export const levelRowInput = z.object({
  level: z.number().int().min(1, M.LEVELS_NUMBERED),
  requiredWagerInUSD: moneyInput,
  emailCpr: moneyInput, telegramCpr: moneyInput, gmailCpr: moneyInput, maxCpr: moneyInput, cpa: moneyInput,
});
export const revenueShareRowInput = z.object({ monthlyReferredPlayersTotalWagerInUSD: moneyInput, revenueSharePercentage: percentInput });

/**
 * A level's required wager completes it (contract rewards-summary.ts affiliateLevelProgress), so
 * the wagers rise from 0 across the levels; the last level is open-ended and its wager is not
 * compared. Rows with a malformed wager are left to their own message.
 */
export function levelWagersRise(rows: readonly { requiredWagerInUSD: string }[]): boolean {
  let prev = '0';
  for (const r of rows.slice(0, -1)) {
    if (!AMOUNT.test(r.requiredWagerInUSD)) return true;
    if (cmpDec(r.requiredWagerInUSD, prev) <= 0) return false;
    prev = r.requiredWagerInUSD;
  }
  return true;
}

/** The affiliate settings as the Override Affiliate Settings form edits them (General, Level, Revenue Share). */
export const affiliateSettingsInput = z.object({
  general: z.object({
    minRequiredWagerInUSDToConsiderAPlayerAsActive: moneyInput,
    claimedBonusAdminFeePercentage: percentInput,
    cashbackAdminFeePercentage: percentInput,
    affiliatesAdminFeePercentage: percentInput,
    minWithdrawableAmountInUSD: moneyInput,
  }),
  levelSettings: z.array(levelRowInput).min(1, M.ROWS_REQUIRED)
    .refine((rows) => rows.every((r, i) => r.level === i + 1), M.LEVELS_NUMBERED)
    .refine(levelWagersRise, M.LEVEL_WAGERS_RISING),
  revenueShareSettings: z.array(revenueShareRowInput).min(1, M.ROWS_REQUIRED),
});
export type AffiliateSettingsInput = z.infer<typeof affiliateSettingsInput>;
export const overrideAffiliateBody = affiliateSettingsInput.extend(playerRef);
export type OverrideAffiliateBody = z.infer<typeof overrideAffiliateBody>;

/** A cashback row of the override form: the operator's percentage and the player's. */
export const cashbackRowInput = z.object({
  index: z.number().int().min(0, M.INDEXES_NUMBERED),
  lostAmountInUSD: moneyInput,
  percentage: percentInput,
  overriddenPercentage: percentInput,
});
export type CashbackRowInput = z.infer<typeof cashbackRowInput>;

/** The indexes of the rows whose overridden percentage differs from the percentage. */
export const settingsToOverride = (rows: readonly Pick<CashbackRowInput, 'index' | 'percentage' | 'overriddenPercentage'>[]): number[] =>
  rows.filter((r) => r.overriddenPercentage !== r.percentage).map((r) => r.index);

/**
 * What the server checks settingsToOverride against: the indexes whose overridden percentage
 * differs from the operator's real percentage at that index (a row the operator does not have
 * compares with its own `percentage`, as the form shows it).
 */
export function settingsToOverrideOf(rows: readonly Pick<CashbackRowInput, 'index' | 'percentage' | 'overriddenPercentage'>[], operator: CashbackSettings): number[] {
  const base = new Map(operator.settings.map((r) => [r.index, r.percentage]));
  return rows.filter((r) => r.overriddenPercentage !== (base.get(r.index) ?? r.percentage)).map((r) => r.index);
}
/** The same indexes, whatever their order or repetition. */
export const sameIndexes = (a: readonly number[], b: readonly number[]) => {
  const x = [...new Set(a)].sort((m, n) => m - n);
  const y = [...new Set(b)].sort((m, n) => m - n);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

export const cashbackSettingsInput = z.object({
  minWithdrawAmountInUSD: moneyInput.refine((v) => !AMOUNT.test(v) || cmpDec(v, '0.01') >= 0, M.MIN_WITHDRAW),
  autoApproval: z.boolean(),
  settings: z.array(cashbackRowInput).min(1, M.ROWS_REQUIRED).max(CASHBACK_ROWS_MAX, M.ROWS_LIMIT)
    .refine((rows) => rows.every((r, i) => r.index === i), M.INDEXES_NUMBERED),
  settingsToOverride: z.array(z.number().int().min(0)).max(CASHBACK_ROWS_MAX, M.ROWS_LIMIT),
});
export const overrideCashbackBody = cashbackSettingsInput.extend(playerRef).superRefine((b, ctx) => {
  if (!Array.isArray(b.settings) || !Array.isArray(b.settingsToOverride)) return;
  // Self-consistency here; the server also checks the rows against the operator's real percentages (settingsToOverrideOf).
  if (!sameIndexes(settingsToOverride(b.settings), b.settingsToOverride)) ctx.addIssue({ code: 'custom', path: ['settingsToOverride'], message: M.SETTINGS_TO_OVERRIDE });
});
export type OverrideCashbackBody = z.infer<typeof overrideCashbackBody>;

/** What an override stores as the player's cashback settings: each row at its overridden percentage. */
export function cashbackFromOverride(b: z.infer<typeof cashbackSettingsInput>): CashbackSettings {
  return {
    minWithdrawAmountInUSD: b.minWithdrawAmountInUSD,
    autoApproval: b.autoApproval,
    settings: b.settings.map((r) => ({ index: r.index, lostAmountInUSD: r.lostAmountInUSD, percentage: r.overriddenPercentage })),
  };
}

/** A player's effective settings (the call's answer): the player's override, or the operator's. */
const effective = <T extends z.ZodTypeAny>(s: T) => z.object({
  settings: s,
  overridden: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export const playerRewardSettings = z.object({
  playerCode: z.string(),
  affiliates: effective(affiliateSettingsSchema),
  cashback: effective(cashbackSettingsSchema),
  /** The operator's settings (what Restore brings back; the base percentages of the cashback form). */
  operator: z.object({ affiliates: affiliateSettingsSchema, cashback: cashbackSettingsSchema }),
});
export type PlayerRewardSettings = z.infer<typeof playerRewardSettings>;
export const restoreAnswer = z.object({ playerCode: z.string(), restored: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Row rules (001 §5), pure: the forms call them, the tests pin them.
// ---------------------------------------------------------------------------------------------

type LevelRow = AffiliateSettings['levelSettings'][number];
type ShareRow = AffiliateSettings['revenueShareSettings'][number];

/** The last level's required wager is disabled (the open-ended top level). */
export const levelWagerDisabled = (rows: readonly unknown[], i: number) => i === rows.length - 1;
/** Only the last row is removable, and only while more than one row exists (levels, revenue share, cashback). */
export const rowRemovable = (rows: readonly unknown[], i: number) => rows.length > 1 && i === rows.length - 1;
/** Removes the last row (no change when it is the only one). */
export const removeLastRow = <T>(rows: readonly T[]): T[] => (rows.length > 1 ? rows.slice(0, -1) : [...rows]);

/** Amount one row later: a decimal plus 1, as the form shows it (2 decimals at most). */
const plusOne = (v: string) => fromUnits(toUnits(addDec(v || '0', '1')), 2).replace(/\.?0+$/, '');

/**
 * Level Add: the new level is count + 1, wager 0, every CPR and the CPA 1; the previous last
 * row's required wager becomes the one before it plus 1 (0 + 1 when it is the first).
 */
export function addLevelRow(rows: readonly LevelRow[]): LevelRow[] {
  const next = rows.map((r) => ({ ...r }));
  const last = next[next.length - 1];
  if (last) last.requiredWagerInUSD = plusOne(next[next.length - 2]?.requiredWagerInUSD ?? '0');
  next.push({ level: rows.length + 1, requiredWagerInUSD: '0', emailCpr: '1', telegramCpr: '1', gmailCpr: '1', maxCpr: '1', cpa: '1' });
  return next;
}

/** Revenue share Add: the new monthly wager is the last row's plus 1, percentage 1. */
export function addRevenueShareRow(rows: readonly ShareRow[]): ShareRow[] {
  const last = rows[rows.length - 1];
  return [...rows, { monthlyReferredPlayersTotalWagerInUSD: last ? plusOne(last.monthlyReferredPlayersTotalWagerInUSD) : '0', revenueSharePercentage: 1 }];
}

/** Cashback Add is disabled at 20 rows, with this tooltip. */
export const cashbackAddDisabled = (rows: readonly unknown[]) => (rows.length >= CASHBACK_ROWS_MAX ? M.ROWS_LIMIT : null);

/** Cashback Add (designed like revenue share): next index, lost amount the last row's plus 1, percentage 1. */
export function addCashbackRow(rows: readonly CashbackRowInput[]): CashbackRowInput[] {
  if (rows.length >= CASHBACK_ROWS_MAX) return [...rows];
  const last = rows[rows.length - 1];
  return [...rows, { index: rows.length, lostAmountInUSD: last ? plusOne(last.lostAmountInUSD) : '0', percentage: 1, overriddenPercentage: 1 }];
}

/** The cashback form's rows from the player's effective settings and the operator's (base percentages by index). */
export function cashbackFormRows(effective: CashbackSettings, operator: CashbackSettings): CashbackRowInput[] {
  const base = new Map(operator.settings.map((r) => [r.index, r.percentage]));
  return effective.settings.map((r) => ({ index: r.index, lostAmountInUSD: r.lostAmountInUSD, percentage: base.get(r.index) ?? r.percentage, overriddenPercentage: r.percentage }));
}

// ---------------------------------------------------------------------------------------------
// Cashback Calculator (001 §2, §3; formula designed, README "Cashback Calculator"). Never saved.
// ---------------------------------------------------------------------------------------------

export const CASHBACK_GGR_WARNING = "Referred Player's Cashback shouldn't be more than Referred Player's GGR, are you sure?";

export const cashbackCalculatorBody = z.object({
  betAmountInUSD: moneyInput,
  winAmountInUSD: moneyInput,
  cashBonusInUSD: moneyInput,
  bonusClaimInUSD: moneyInput,
  claimedCashbacksInUSD: moneyInput,
  cashbackPercentage: percentInput.refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(String(v)), M.PERCENT_DECIMALS),
});
export type CashbackCalculatorInput = z.infer<typeof cashbackCalculatorBody>;
export const cashbackCalculatorResult = z.object({
  playerLossInUSD: z.string(),
  adjustedPlayerLossInUSD: z.string(),
  availableCashbackAmountInUSD: z.string(),
});
export type CashbackCalculatorResult = z.infer<typeof cashbackCalculatorResult>;

const maxZero = (v: string) => (cmpDec(v, '0') < 0 ? '0' : v);
/** Cents, rounded down (the operator never pays a fraction of a cent it does not owe). */
const centsDown = (v: string) => fromUnits(toUnits(v), 2);

/**
 * The player's loss (GGR) = bets − wins, never below 0; the effective loss deducts what the
 * operator already gave back (cash bonuses, claimed bonuses, cashbacks already claimed), never
 * below 0; the cashback available = effective loss × percentage, rounded down to the cent.
 */
export function calculateCashback(i: CashbackCalculatorInput): CashbackCalculatorResult {
  const loss = maxZero(subDecimal(i.betAmountInUSD, i.winAmountInUSD));
  const given = addDec(addDec(i.cashBonusInUSD, i.bonusClaimInUSD), i.claimedCashbacksInUSD);
  const adjusted = maxZero(subDecimal(loss, given));
  // percentage × adjusted / 100 in integer units: exact, then truncated to cents.
  const pctUnits = toUnits(String(i.cashbackPercentage));
  const available = fromUnits((toUnits(adjusted) * pctUnits) / (100n * 10n ** 8n));
  return { playerLossInUSD: centsDown(loss), adjustedPlayerLossInUSD: centsDown(adjusted), availableCashbackAmountInUSD: centsDown(available) };
}
const subDecimal = (a: string, b: string) => fromUnits(toUnits(a) - toUnits(b));

/** The non-blocking warning: cashbacks already claimed above the player's GGR (bets − wins). */
export const cashbackGgrWarning = (i: Pick<CashbackCalculatorInput, 'betAmountInUSD' | 'winAmountInUSD' | 'claimedCashbacksInUSD'>) => {
  try {
    return cmpDec(i.claimedCashbacksInUSD, subDecimal(i.betAmountInUSD, i.winAmountInUSD)) > 0 ? CASHBACK_GGR_WARNING : null;
  } catch {
    return null;
  }
};
