/**
 * Bonus releases (000 §3 "Bonus release (player)", "Bonus release report", §4, §8; 001 §7; 002
 * deletions). A release definition of an operator unlocks a bonus for players who wager enough
 * in a period (DAILY, WEEKLY or MONTHLY — designed) between its start and end, on a bet type and
 * optionally some game providers or games: its tiers say how much wager (USD) unlocks how much
 * bonus at most (USD), with a minimum odds of a win and a minimum bet. Each player's release
 * (`player_bonus_releases`) keeps what was unlocked and claimed, and the tier applied.
 * One schema per rule, used by the console's forms and the server's bodies.
 */
import { localMidnightUtc, tzOffsetMs } from './time.js';
import { z } from 'zod';
import { listScope } from './api.js';
import { MSG } from './messages.js';
import { toUnits } from './money.js';
import {
  BONUS_COMMON_MESSAGES, BONUS_TITLE_MAX, bonusBetType, bonusDescription, bonusEndTime, bonusOpField, bonusStartTime,
  bonusTitle, checkBonusPeriod, sameSet, type BonusBetType,
} from './bonus-common.js';

/** How often a player's wager is counted anew (designed). */
export const BONUS_RELEASE_SCHEDULES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type BonusReleaseSchedule = (typeof BONUS_RELEASE_SCHEDULES)[number];

/**
 * The first instant of the schedule period holding `at` (designed; README "Bonus releases"), in
 * the release operator's time zone (default UTC): DAILY the day from 00:00, WEEKLY the ISO week
 * from Monday 00:00, MONTHLY the calendar month from the 1st 00:00, local midnight (DST-safe). A
 * player's wager counts per (release, player, period start).
 */
export function releasePeriodStart(schedule: string, at: Date, timeZone = 'UTC'): Date {
  // The local calendar date of `at` there, read through the UTC getters of the shifted instant.
  const local = timeZone === 'UTC' ? at : new Date(at.getTime() + tzOffsetMs(at, timeZone));
  const y = local.getUTCFullYear(), m = local.getUTCMonth(), d = local.getUTCDate();
  const day = schedule === 'MONTHLY' ? 1 : schedule === 'WEEKLY' ? d - ((local.getUTCDay() + 6) % 7) : d;
  return timeZone === 'UTC' ? new Date(Date.UTC(y, m, day)) : localMidnightUtc(y, m, day, timeZone);
}

export type BonusReleaseBetType = BonusBetType;

/** 000 §4: a definition shows ACTIVE or DISABLED; the report shows EXPIRED when active but past its end. */
export const BONUS_RELEASE_STATUSES = ['ACTIVE', 'DISABLED', 'EXPIRED'] as const;
export type BonusReleaseStatus = (typeof BONUS_RELEASE_STATUSES)[number];

export const BONUS_RELEASE_TITLE_MAX = BONUS_TITLE_MAX;
export const BONUS_RELEASE_MAX_TIERS = 10;
export const BONUS_RELEASE_MAX_ELIGIBLE = 50;

export const BONUS_RELEASE_MESSAGES = {
  // 000 §8
  DELETED_WARNING: 'Please be advised the following Bonus Release is deleted.',
  // 001 §8 "Bonus clone"
  CLONE_CONFLICT: BONUS_COMMON_MESSAGES.CLONE_CONFLICT,
  SAME_CONDITIONS: BONUS_COMMON_MESSAGES.SAME_CONDITIONS,
  END_IN_PAST: BONUS_COMMON_MESSAGES.END_IN_PAST,
  // Designed (the spec gives the calls, not these words: written here once)
  CREATED: 'Bonus release created!',
  UPDATED: 'Bonus release updated!',
  DELETED: 'Bonus release deleted!',
  CLONED: 'Bonus release cloned!',
  DELETE_FAILED: 'Failed to delete bonus release',
  /** Crediting a player's unlocked release (the claim players make on the player site, here on their behalf). */
  CLAIMED: 'Unlocked bonus credited to the player\'s bonus wallet!',
  NOTHING_TO_CLAIM: 'Nothing left to credit: everything unlocked in this period has been claimed.',
  PLAYER_RELEASE_NOT_FOUND: 'Player bonus release not found.',
  NOT_FOUND: 'Bonus release not found.',
  ALREADY_DELETED: 'This bonus release is deleted and can no longer be changed.',
  OPERATOR_REQUIRED: 'Please select an operator.',
  TARGET_OPERATOR_REQUIRED: 'Please select the operator to clone to.',
  TITLE_REQUIRED: BONUS_COMMON_MESSAGES.TITLE_REQUIRED,
  TITLE_MAX: BONUS_COMMON_MESSAGES.TITLE_MAX,
  DESCRIPTION_MAX: BONUS_COMMON_MESSAGES.DESCRIPTION_MAX,
  SCHEDULE_INVALID: 'Schedule must be Daily, Weekly or Monthly.',
  BET_TYPE_INVALID: BONUS_COMMON_MESSAGES.BET_TYPE_INVALID,
  START_REQUIRED: BONUS_COMMON_MESSAGES.START_REQUIRED,
  END_REQUIRED: BONUS_COMMON_MESSAGES.END_REQUIRED,
  START_INVALID: BONUS_COMMON_MESSAGES.START_INVALID,
  END_INVALID: BONUS_COMMON_MESSAGES.END_INVALID,
  PERIOD_INVALID: BONUS_COMMON_MESSAGES.PERIOD_INVALID,
  ELIGIBLE_INVALID: `At most ${BONUS_RELEASE_MAX_ELIGIBLE} game providers and ${BONUS_RELEASE_MAX_ELIGIBLE} games, each of 1 to 100 characters.`,
  TIERS_REQUIRED: 'Add at least one tier.',
  TIERS_MAX: `At most ${BONUS_RELEASE_MAX_TIERS} tiers.`,
  TIER_NUMBERS: 'Tiers are numbered 1, 2, 3 … in order, without gaps.',
  TIER_WAGER_ORDER: 'The required wager of each tier must be higher than that of the tier before it.',
  REQUIRED_WAGER_INVALID: 'Required wager must be an amount in USD above 0 with at most 12 digits and 2 decimals.',
  MAX_BONUS_INVALID: 'Maximum bonus must be an amount in USD above 0 with at most 12 digits and 2 decimals.',
  MIN_BET_INVALID: 'Minimum bet must be an amount in USD of at least 0 with at most 12 digits and 2 decimals.',
  MIN_WIN_ODDS_INVALID: 'Minimum win odds must be a number from 1.00 to 1000 with at most 2 decimals.',
  IS_ACTIVE_INVALID: 'Active must be true or false.',
  STATUS_INVALID: MSG.filterOneOf('Status', BONUS_RELEASE_STATUSES),
  DELETED_FILTER_INVALID: MSG.filterOneOf('Deleted', ['true', 'false']),
} as const;


/** An amount in USD: at most 12 integer digits and 2 decimals (exact, as text). */
export const RELEASE_USD_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
const usd = (message: string, positive: boolean) => z.union([z.string(), z.number()], { error: message })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(RELEASE_USD_PATTERN, message).refine((v) => !positive || /[1-9]/.test(v), message));
const ODDS_PATTERN = /^\d{1,4}(\.\d{1,2})?$/;
/** Decimal odds: 1.00 to 1000, at most 2 decimals. */
const odds = z.union([z.string(), z.number()], { error: BONUS_RELEASE_MESSAGES.MIN_WIN_ODDS_INVALID })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(ODDS_PATTERN, BONUS_RELEASE_MESSAGES.MIN_WIN_ODDS_INVALID)
    // The range is checked only on odds of the right format (the format's issue is already there).
    .refine((v) => !ODDS_PATTERN.test(v) || (toUnits(v) >= toUnits('1') && toUnits(v) <= toUnits('1000')), BONUS_RELEASE_MESSAGES.MIN_WIN_ODDS_INVALID));

export const bonusReleaseTier = z.object({
  tier: z.coerce.number({ error: BONUS_RELEASE_MESSAGES.TIER_NUMBERS }).int(BONUS_RELEASE_MESSAGES.TIER_NUMBERS)
    .min(1, BONUS_RELEASE_MESSAGES.TIER_NUMBERS).max(BONUS_RELEASE_MAX_TIERS, BONUS_RELEASE_MESSAGES.TIER_NUMBERS),
  requiredWager: usd(BONUS_RELEASE_MESSAGES.REQUIRED_WAGER_INVALID, true),
  minWinOdds: odds,
  maxBonusAmountInUSD: usd(BONUS_RELEASE_MESSAGES.MAX_BONUS_INVALID, true),
  minBetAmountInUSD: usd(BONUS_RELEASE_MESSAGES.MIN_BET_INVALID, false),
}, { error: BONUS_RELEASE_MESSAGES.TIERS_REQUIRED });
export type BonusReleaseTier = z.output<typeof bonusReleaseTier>;

const eligibleName = z.string().trim().min(1, BONUS_RELEASE_MESSAGES.ELIGIBLE_INVALID).max(100, BONUS_RELEASE_MESSAGES.ELIGIBLE_INVALID);
const eligibleList = z.array(eligibleName, { error: BONUS_RELEASE_MESSAGES.ELIGIBLE_INVALID }).max(BONUS_RELEASE_MAX_ELIGIBLE, BONUS_RELEASE_MESSAGES.ELIGIBLE_INVALID).default([]);
const opIdField = bonusOpField;

/** Tiers 1..n in order, each asking strictly more wager than the one before (exact decimals). */
function checkTiers(tiers: readonly BonusReleaseTier[], ctx: z.RefinementCtx) {
  if (tiers.some((t, i) => t.tier !== i + 1)) ctx.addIssue({ code: 'custom', message: BONUS_RELEASE_MESSAGES.TIER_NUMBERS, path: ['tiers'] });
  else if (tiers.some((t, i) => i > 0 && toUnits(t.requiredWager) <= toUnits(tiers[i - 1]!.requiredWager))) {
    ctx.addIssue({ code: 'custom', message: BONUS_RELEASE_MESSAGES.TIER_WAGER_ORDER, path: ['tiers'] });
  }
}
function checkPeriod(v: { startTime: string; endTime: string }, ctx: z.RefinementCtx) {
  checkBonusPeriod(v, ctx);
}

const definitionFields = {
  title: bonusTitle,
  description: bonusDescription,
  schedule: z.enum(BONUS_RELEASE_SCHEDULES, { error: BONUS_RELEASE_MESSAGES.SCHEDULE_INVALID }),
  startTime: bonusStartTime,
  endTime: bonusEndTime,
  betType: bonusBetType,
  gameProviders: eligibleList,
  games: eligibleList,
  isActive: z.boolean({ error: BONUS_RELEASE_MESSAGES.IS_ACTIVE_INVALID }).default(true),
  tiers: z.array(bonusReleaseTier, { error: BONUS_RELEASE_MESSAGES.TIERS_REQUIRED }).min(1, BONUS_RELEASE_MESSAGES.TIERS_REQUIRED).max(BONUS_RELEASE_MAX_TIERS, BONUS_RELEASE_MESSAGES.TIERS_MAX),
};

/** Create a release definition of an operator (or brand). */
export const bonusReleaseCreateForm = z.object({ opId: opIdField(BONUS_RELEASE_MESSAGES.OPERATOR_REQUIRED), ...definitionFields })
  .superRefine((v, ctx) => { checkPeriod(v, ctx); checkTiers(v.tiers, ctx); });
export type BonusReleaseCreateForm = z.input<typeof bonusReleaseCreateForm>;

/** Edit a release definition (its operator stays). */
export const bonusReleaseUpdateForm = z.object({ bonusId: z.string().trim().min(1, BONUS_RELEASE_MESSAGES.NOT_FOUND).max(64, BONUS_RELEASE_MESSAGES.NOT_FOUND), opId: z.string().trim().max(64).optional(), ...definitionFields })
  .superRefine((v, ctx) => { checkPeriod(v, ctx); checkTiers(v.tiers, ctx); });
export type BonusReleaseUpdateForm = z.input<typeof bonusReleaseUpdateForm>;

/** 001 §7 `POST /api/bonus/clone/release`: the bonus (by `bonusId`) plus targetOpId, startTime, endTime. */
export const bonusReleaseCloneForm = z.object({
  bonusId: z.string().trim().min(1, BONUS_RELEASE_MESSAGES.NOT_FOUND).max(64, BONUS_RELEASE_MESSAGES.NOT_FOUND),
  targetOpId: opIdField(BONUS_RELEASE_MESSAGES.TARGET_OPERATOR_REQUIRED),
  startTime: bonusStartTime,
  endTime: bonusEndTime,
}).superRefine((v, ctx) => {
  // A clone starts a new run of the release: its end must lie ahead (as a new deposit bonus's).
  if (checkBonusPeriod(v, ctx) && new Date(v.endTime).getTime() <= Date.now()) ctx.addIssue({ code: 'custom', message: BONUS_RELEASE_MESSAGES.END_IN_PAST, path: ['endTime'] });
});
export type BonusReleaseCloneForm = z.input<typeof bonusReleaseCloneForm>;

/** The definitions list: list scope, active, deleted (left out unless asked), title. */
export const bonusReleasesListBody = listScope.extend({
  isActive: z.enum(['true', 'false'], { error: MSG.filterOneOf('Active', ['true', 'false']) }).optional(),
  deleted: z.enum(['true', 'false'], { error: BONUS_RELEASE_MESSAGES.DELETED_FILTER_INVALID }).optional(),
  title: z.string().trim().max(BONUS_RELEASE_TITLE_MAX).optional(),
});

/** The report: list scope, status (ACTIVE / DISABLED / EXPIRED), title. Deleted releases stay in it (with the warning). */
export const bonusReleaseReportBody = listScope.extend({
  status: z.enum(BONUS_RELEASE_STATUSES, { error: BONUS_RELEASE_MESSAGES.STATUS_INVALID }).optional(),
  title: z.string().trim().max(BONUS_RELEASE_TITLE_MAX).optional(),
});

/** The definition's status: DISABLED when off; ACTIVE, or (in the report) EXPIRED once its end passed. */
export function bonusReleaseStatus(d: { isActive: boolean; endTime: string | Date }, report: boolean, now = Date.now()): BonusReleaseStatus {
  if (!d.isActive) return 'DISABLED';
  return report && new Date(d.endTime).getTime() <= now ? 'EXPIRED' : 'ACTIVE';
}

/**
 * Whether two definitions have "the same conditions" (the clone conflict): same schedule, bet
 * type, providers, games and tiers, and overlapping periods.
 */
export function sameReleaseConditions(
  a: { schedule: string; betType: string; gameProviders: readonly string[]; games: readonly string[]; tiers: readonly BonusReleaseTier[]; startTime: string | Date; endTime: string | Date },
  b: typeof a,
): boolean {
  const tiers = (ts: readonly BonusReleaseTier[]) => ts.map((t) => [t.tier, toUnits(t.requiredWager), toUnits(t.minWinOdds), toUnits(t.maxBonusAmountInUSD), toUnits(t.minBetAmountInUSD)].join(':')).join('|');
  const overlap = new Date(a.startTime).getTime() < new Date(b.endTime).getTime() && new Date(b.startTime).getTime() < new Date(a.endTime).getTime();
  return a.schedule === b.schedule && a.betType === b.betType && sameSet(a.gameProviders, b.gameProviders) && sameSet(a.games, b.games) && tiers(a.tiers) === tiers(b.tiers) && overlap;
}
