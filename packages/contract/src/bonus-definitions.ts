/**
 * Deposit bonus definitions (000 §1 route map /bonus, /bonus/{id}, /bonus/list; 001 §2, §4
 * "Bonus statuses include Deleted (excluded from filters) and Deactive, shown as Disabled", §7
 * DELETE /api/bonus/deposit and POST /api/bonus/clone, §8 the clone refusal; 002 deletions;
 * the rest designed). A definition is what an operator's marketing team sets up: on a qualifying
 * deposit in its window the player receives `percentage` of the deposit as a bonus, at most
 * `maxBonusInUSD`, when the deposit is at least `minDepositInUSD`; the bonus is released after
 * `wagerMultiplier` × the bonus amount was wagered on the bet type (and providers / games when
 * listed). One schema per rule, used by the console's forms and the server's bodies.
 */
import { z } from 'zod';
import { listScope } from './api.js';
import { MSG } from './messages.js';
import { BONUS_PRIZE_TYPES } from './bonus-forms.js';
import { DECIMAL_PATTERN, toUnits } from './money.js';
import {
  BONUS_BET_TYPES, BONUS_COMMON_MESSAGES, BONUS_TITLE_MAX, bonusBetType, bonusDescription, bonusEndTime, bonusOpField, bonusStartTime,
  bonusTitle, checkBonusPeriod, sameSet,
} from './bonus-common.js';

/** ACTIVE, DEACTIVE (shown as "Disabled") and DELETED (a soft delete: never offered by the status filter). */
export const BONUS_DEFINITION_STATUSES = ['ACTIVE', 'DEACTIVE', 'DELETED'] as const;
export type BonusDefinitionStatus = (typeof BONUS_DEFINITION_STATUSES)[number];
/** What the form and the status filter offer (DELETED is excluded, 001 §4). */
export const BONUS_DEFINITION_EDITABLE_STATUSES = ['ACTIVE', 'DEACTIVE'] as const;
export type BonusDefinitionEditableStatus = (typeof BONUS_DEFINITION_EDITABLE_STATUSES)[number];

/** A player's deposit bonus: ACTIVE while its wager runs, COMPLETED once wagered (released), EXPIRED or CANCELED otherwise. */
export const PLAYER_DEPOSIT_BONUS_STATUSES = ['ACTIVE', 'COMPLETED', 'EXPIRED', 'CANCELED'] as const;
export type PlayerDepositBonusStatus = (typeof PLAYER_DEPOSIT_BONUS_STATUSES)[number];
/** The kind of a player's bonus, as the transaction crediting it names it (the players' bonuses of /bonus/list are deposit bonuses). */
export const PLAYER_BONUS_TYPES = ['DEPOSIT_BONUS'] as const;
export type PlayerBonusType = (typeof PLAYER_BONUS_TYPES)[number];

export const BONUS_DEFINITION_TITLE_MAX = BONUS_TITLE_MAX;
export const BONUS_DEFINITION_MAX_NAMES = 50;
export const BONUS_DEFINITION_MAX_WAGER = 200;
export const BONUS_DEFINITION_MAX_PERCENTAGE = '1000';

export const BONUS_DEFINITION_MESSAGES = {
  // 001 §8
  CLONE_CONFLICT: BONUS_COMMON_MESSAGES.CLONE_CONFLICT,
  SAME_CONDITIONS: BONUS_COMMON_MESSAGES.SAME_CONDITIONS,
  // 001 §8 "Success" (DELETE /api/bonus/deposit answers success); the others designed in the same style.
  DELETED: 'Bonus deleted!',
  CREATED: 'Bonus created!',
  UPDATED: 'Bonus updated!',
  CLONED: 'Bonus cloned!',
  DELETE_FAILED: 'Failed to delete bonus',
  CLONE_FAILED: 'Failed to clone bonus',
  SAVE_FAILED: 'Failed to save bonus',
  // The form's fields
  OPERATOR_REQUIRED: MSG.OPERATOR_NOT_FOUND,
  TARGET_OPERATOR_REQUIRED: 'Please select the target operator.',
  TITLE_REQUIRED: BONUS_COMMON_MESSAGES.TITLE_REQUIRED,
  TITLE_MAX: BONUS_COMMON_MESSAGES.TITLE_MAX,
  DESCRIPTION_MAX: BONUS_COMMON_MESSAGES.DESCRIPTION_MAX,
  STATUS_INVALID: 'Status must be Active or Disabled.',
  START_REQUIRED: BONUS_COMMON_MESSAGES.START_REQUIRED,
  END_REQUIRED: BONUS_COMMON_MESSAGES.END_REQUIRED,
  START_INVALID: BONUS_COMMON_MESSAGES.START_INVALID,
  END_INVALID: BONUS_COMMON_MESSAGES.END_INVALID,
  PERIOD_INVALID: BONUS_COMMON_MESSAGES.PERIOD_INVALID,
  END_IN_PAST: BONUS_COMMON_MESSAGES.END_IN_PAST,
  PERCENTAGE_INVALID: `Percentage must be a number above 0 and at most ${BONUS_DEFINITION_MAX_PERCENTAGE}, with at most 2 decimals.`,
  MAX_BONUS_INVALID: 'Max bonus must be an amount in USD above 0 with at most 2 decimals.',
  MIN_DEPOSIT_INVALID: 'Min deposit must be an amount in USD of 0 or more with at most 2 decimals.',
  WAGER_INVALID: `Wager requirement must be a whole number from 0 to ${BONUS_DEFINITION_MAX_WAGER}.`,
  BET_TYPE_INVALID: BONUS_COMMON_MESSAGES.BET_TYPE_INVALID,
  NAMES_INVALID: `At most ${BONUS_DEFINITION_MAX_NAMES} providers and ${BONUS_DEFINITION_MAX_NAMES} games, each of 1 to 100 characters.`,
  CURRENCIES_INVALID: 'Currencies must be currency codes of 3 to 5 capital letters.',
  NOT_FOUND: 'Bonus not found.',
} as const;

/** A decimal with at most 2 places (no sign, no exponent): money and percentages are typed as text, never floats. */
const TWO_PLACES = /^\d{1,12}(\.\d{1,2})?$/;
const decimal = (message: string, ok: (units: bigint) => boolean) => z.string({ error: message }).trim()
  .regex(TWO_PLACES, { message, abort: true })
  .refine((v) => DECIMAL_PATTERN.test(v) && ok(toUnits(v)), message);

const name = z.string().trim().min(1, BONUS_DEFINITION_MESSAGES.NAMES_INVALID).max(100, BONUS_DEFINITION_MESSAGES.NAMES_INVALID);
const names = z.array(name, { error: BONUS_DEFINITION_MESSAGES.NAMES_INVALID }).max(BONUS_DEFINITION_MAX_NAMES, BONUS_DEFINITION_MESSAGES.NAMES_INVALID).default([]);
const opField = bonusOpField;

/** The fields of a definition the form edits (without its operator). */
export const bonusDefinitionFields = z.object({
  title: bonusTitle,
  description: bonusDescription,
  status: z.enum(BONUS_DEFINITION_EDITABLE_STATUSES, { error: BONUS_DEFINITION_MESSAGES.STATUS_INVALID }),
  startTime: bonusStartTime,
  endTime: bonusEndTime,
  percentage: decimal(BONUS_DEFINITION_MESSAGES.PERCENTAGE_INVALID, (u) => u > 0n && u <= toUnits(BONUS_DEFINITION_MAX_PERCENTAGE)),
  maxBonusInUSD: decimal(BONUS_DEFINITION_MESSAGES.MAX_BONUS_INVALID, (u) => u > 0n),
  minDepositInUSD: decimal(BONUS_DEFINITION_MESSAGES.MIN_DEPOSIT_INVALID, (u) => u >= 0n),
  wagerMultiplier: z.coerce.number({ error: BONUS_DEFINITION_MESSAGES.WAGER_INVALID })
    .int(BONUS_DEFINITION_MESSAGES.WAGER_INVALID).min(0, BONUS_DEFINITION_MESSAGES.WAGER_INVALID).max(BONUS_DEFINITION_MAX_WAGER, BONUS_DEFINITION_MESSAGES.WAGER_INVALID),
  betType: bonusBetType,
  providers: names,
  games: names,
  currencies: z.array(z.string().trim().regex(/^[A-Z]{3,5}$/, BONUS_DEFINITION_MESSAGES.CURRENCIES_INVALID), { error: BONUS_DEFINITION_MESSAGES.CURRENCIES_INVALID })
    .max(BONUS_DEFINITION_MAX_NAMES, BONUS_DEFINITION_MESSAGES.CURRENCIES_INVALID).default([]),
});

type Period = { startTime: string; endTime: string };
/** The end after the start; with `ahead`, the end also lies in the future (a new or cloned bonus). */
const periodRule = (ahead: boolean) => (v: Period, ctx: z.RefinementCtx) => {
  if (checkBonusPeriod(v, ctx) && ahead && new Date(v.endTime).getTime() <= Date.now()) ctx.addIssue({ code: 'custom', message: BONUS_DEFINITION_MESSAGES.END_IN_PAST, path: ['endTime'] });
};

/** The New Bonus form and POST /api/bonus/deposit (designed): the operator (or brand) and the fields; the end lies ahead. */
export const bonusDefinitionCreateBody = bonusDefinitionFields.extend({ opId: opField(BONUS_DEFINITION_MESSAGES.OPERATOR_REQUIRED) }).superRefine(periodRule(true));
export type BonusDefinitionCreateForm = z.input<typeof bonusDefinitionCreateBody>;

/** The Edit Bonus form: the same fields; a bonus that already ended may be edited (its end stays in the past). */
export const bonusDefinitionEditForm = bonusDefinitionFields.superRefine(periodRule(false));
export type BonusDefinitionEditForm = z.input<typeof bonusDefinitionEditForm>;

/** PUT /api/bonus/deposit (designed): the bonus (bonusId, the selected operator opId) and its new fields. */
export const bonusDefinitionUpdateBody = bonusDefinitionFields.extend({
  bonusId: z.uuid({ error: BONUS_DEFINITION_MESSAGES.NOT_FOUND }),
  opId: z.string().trim().max(64).optional(),
}).superRefine(periodRule(false));

/** DELETE /api/bonus/deposit?bonusId&opId (001 §7). */
export const bonusDefinitionDeleteQuery = z.object({
  bonusId: z.uuid({ error: BONUS_DEFINITION_MESSAGES.NOT_FOUND }),
  opId: z.string().trim().max(64).optional(),
});

/** The Clone Bonus form: the target operator (chosen by name) and the new period. */
const cloneFields = {
  targetOpId: opField(BONUS_DEFINITION_MESSAGES.TARGET_OPERATOR_REQUIRED),
  startTime: bonusStartTime,
  endTime: bonusEndTime,
};
export const bonusCloneForm = z.object(cloneFields).superRefine(periodRule(true));
export type BonusCloneForm = z.input<typeof bonusCloneForm>;

/** POST /api/bonus/clone (001 §7 "bonus plus targetOpId, startTime, endTime"): the bonus by its id (and the selected operator), and the form. */
export const bonusCloneBody = z.object({
  bonusId: z.uuid({ error: BONUS_DEFINITION_MESSAGES.NOT_FOUND }),
  opId: z.string().trim().max(64).optional(),
  ...cloneFields,
}).superRefine(periodRule(true));

/** POST /api/bonus/deposit/list (designed): list scope, status (ACTIVE or DEACTIVE; deleted ones are never listed), bet type, title. */
export const bonusDefinitionsListBody = listScope.extend({
  status: z.enum(BONUS_DEFINITION_EDITABLE_STATUSES, { error: MSG.filterOneOf('Status', BONUS_DEFINITION_EDITABLE_STATUSES) }).optional(),
  betType: z.enum(BONUS_BET_TYPES, { error: MSG.filterOneOf('Bet type', BONUS_BET_TYPES) }).optional(),
  title: z.string().trim().max(BONUS_DEFINITION_TITLE_MAX).optional(),
});

/** POST /api/bonus/deposit/players/list (designed): the players' deposit bonuses (/bonus/list). */
export const playerDepositBonusesListBody = listScope.extend({
  status: z.enum(PLAYER_DEPOSIT_BONUS_STATUSES, { error: MSG.filterOneOf('Status', PLAYER_DEPOSIT_BONUS_STATUSES) }).optional(),
  bonusId: z.uuid({ error: BONUS_DEFINITION_MESSAGES.NOT_FOUND }).optional(),
  playerCode: z.string().trim().max(64).optional(),
});

export const bonusDefinitionRow = z.object({
  bonusId: z.string(),
  opId: z.string(),
  opTitle: z.string(),
  parentOpTitle: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  status: z.enum(BONUS_DEFINITION_STATUSES),
  startTime: z.string(),
  endTime: z.string(),
  percentage: z.string(),
  maxBonusInUSD: z.string(),
  minDepositInUSD: z.string(),
  wagerMultiplier: z.number().int(),
  betType: z.enum(BONUS_BET_TYPES),
  providers: z.array(z.string()),
  games: z.array(z.string()),
  currencies: z.array(z.string()),
  /** The bonus this one was cloned from (null: created). */
  clonedFrom: z.string().nullable(),
  /** 1 when created or cloned, one more at every edit (a player's bonus keeps the version of its award). */
  version: z.number().int(),
  /** How many players received it, and the sum of their bonuses (USD). */
  playersCount: z.number().int(),
  totalBonusInUSD: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type BonusDefinitionRow = z.infer<typeof bonusDefinitionRow>;

/**
 * A player's bonus (001 §3 Player bonus: createdAt, bonusId, uniuqeId, title, type, prizeType,
 * bonusAmountInUSD, version; the rest designed). `uniuqeId` (spelled as the spec spells it) is the
 * player bonus record's own id, as `id`; `title` is the definition's; `type` the kind of bonus, as
 * the transaction it credited names it (DEPOSIT_BONUS); `prizeType` and `version` are those of the
 * award: a deposit bonus is a locked prize (credited to the bonus wallet, released by wagering),
 * and `version` the definition's version then (it counts the definition's edits, from 1).
 */
export const playerDepositBonusRow = z.object({
  id: z.string(),
  uniuqeId: z.string(),
  bonusId: z.string(),
  title: z.string(),
  type: z.enum(PLAYER_BONUS_TYPES),
  prizeType: z.enum(BONUS_PRIZE_TYPES),
  version: z.number().int(),
  opId: z.string(),
  opTitle: z.string(),
  parentOpTitle: z.string().nullable(),
  playerId: z.string(),
  playerCode: z.string(),
  username: z.string().nullable(),
  status: z.enum(PLAYER_DEPOSIT_BONUS_STATUSES),
  depositTxId: z.string().nullable(),
  depositAmountInUSD: z.string(),
  bonusAmountInUSD: z.string(),
  wagerRequiredInUSD: z.string(),
  wageredInUSD: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type PlayerDepositBonusRow = z.infer<typeof playerDepositBonusRow>;

/** What "the same conditions" means for a clone: the money rules, the bet type and the sets of providers, games and currencies. */
export function sameConditions(
  a: { percentage: string; maxBonusInUSD: string; minDepositInUSD: string; wagerMultiplier: number; betType: string; providers: readonly string[]; games: readonly string[]; currencies: readonly string[] },
  b: typeof a,
): boolean {
  return toUnits(a.percentage) === toUnits(b.percentage) && toUnits(a.maxBonusInUSD) === toUnits(b.maxBonusInUSD)
    && toUnits(a.minDepositInUSD) === toUnits(b.minDepositInUSD) && a.wagerMultiplier === b.wagerMultiplier && a.betType === b.betType
    && sameSet(a.providers, b.providers) && sameSet(a.games, b.games) && sameSet(a.currencies, b.currencies);
}
