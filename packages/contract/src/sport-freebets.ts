/**
 * Sport free bets (001 §2 /bonus/sport, §3 "Sport freebet template", "Applied free bet", "Sport
 * freebet grant", §4 drawers, §5 "Sport free bet Add", §7, §8 "Sport freebet codes"; issue 9).
 * The templates and the free bets themselves live at the sportsbook; the console lists its
 * templates, grants a template's free bet to a player and lists the player's applied free bets.
 * One schema per rule, used by the console's forms and the server's bodies.
 */
import { z } from 'zod';
import { CURRENCIES, currencyDecimals } from './constants.js';
import { DECIMAL_PATTERN, toUnits } from './money.js';

/** 001 §3: stage 1 Prematch, 2 Live, 3 Prematch+Live. */
export const SPORT_STAGES = [1, 2, 3] as const;
export type SportStage = (typeof SPORT_STAGES)[number];
export const SPORT_STAGE_LABELS: Record<SportStage, string> = { 1: 'Prematch', 2: 'Live', 3: 'Prematch + Live' };
/** The label of a stage code; an unknown code reads as itself. */
export const sportStageLabel = (stage: number): string => (SPORT_STAGE_LABELS as Record<number, string>)[stage] ?? String(stage);

/** 001 §8 "Sport freebet codes": the sportsbook's refusal codes and their texts. */
export const FREEBET_ERROR_TEXTS = {
  31: 'FreeBet Template is expired.',
  33: 'No Active freebet template.',
  34: 'FreeBet template is already activated.',
  37: 'Bonus does not belong to freebet template.',
  39: 'Unknown currency.',
} as const;
export type FreebetErrorCode = keyof typeof FREEBET_ERROR_TEXTS;

export const FREEBET_MESSAGES = {
  /** 001 §8: "A non-OK response on freebet add". */
  UNABLE: 'Unable to perform this action.',
  GRANTED: 'Sport FreeBet added!',
  /** The error dialog's title of a refused or failed Add (designed). */
  NOT_ADDED: 'Sport FreeBet not added',
  /** A code the spec does not list: its number, so staff can quote it to the sportsbook. */
  unknownCode: (code: number) => `The sportsbook refused the free bet (code ${code}).`,
  // The grant's fields (001 §3 "Sport freebet grant").
  BET_COUNT_POSITIVE: 'Bet count must be a whole number above 0.',
  BET_AMOUNT_POSITIVE: 'Bet amount must be above 0.',
  BET_AMOUNT_FORMAT: 'Bet amount must be a number with at most 8 decimals.',
  CURRENCY_KNOWN: `Currency must be one of ${CURRENCIES.join(', ')}.`,
  TEMPLATE_REQUIRED: 'Choose a free bet template.',
  PAGE_POSITIVE: 'Page must be a whole number of 1 or more.',
  /** Designed: a deleted player gets no free bet (the sportsbook is not called). */
  PLAYER_DELETED: 'This player is deleted.',
  /** The list call failed: the console logs it and shows an empty table (000 §7). */
  LIST_FAILED: 'The sportsbook did not answer the list of free bet templates.',
  APPLIED_FAILED: "The sportsbook did not answer the player's free bets.",
} as const;

/** The text of a sportsbook refusal code. */
export const freebetErrorText = (code: number): string =>
  (FREEBET_ERROR_TEXTS as Record<number, string>)[code] ?? FREEBET_MESSAGES.unknownCode(code);

/** The sportsbook's page size of the templates list (the answer's `metadata.itemsPerPage`). */
export const SPORT_TEMPLATES_PAGE_SIZE = 20;
/** Longest grant accepted (a sportsbook count, not money). */
export const FREEBET_MAX_BET_COUNT = 1000;

/** 001 §3 freebetData of a template. Amounts are decimal strings, never floats. */
export const freebetData = z.object({
  minSelection: z.number().int(),
  maxSelection: z.number().int(),
  minOdd: z.string(),
  maxOdd: z.string(),
  currency: z.string(),
  betAmount: z.string(),
  betCount: z.number().int(),
  maxWinCurrency: z.string(),
  maxWin: z.string(),
});
export type FreebetData = z.infer<typeof freebetData>;

/** 001 §3 "Sport freebet template" (times in epoch seconds). */
export const sportTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  isEnable: z.boolean(),
  type: z.string(),
  stage: z.number().int(),
  fromTime: z.number().int(),
  toTime: z.number().int(),
  daysToUse: z.number().int(),
  disciplines: z.array(z.string()),
  freebetData,
  /** Ours: the operator (sportsbook account) the template belongs to, by id and name. */
  opId: z.string(),
  opTitle: z.string(),
});
export type SportTemplate = z.infer<typeof sportTemplate>;

/** 001 §3 "Applied free bet". */
export const appliedFreebet = z.object({
  id: z.string(),
  templateId: z.number().int(),
  activationDate: z.number().int(),
  fromTime: z.number().int(),
  toTime: z.number().int(),
  name: z.string(),
  type: z.string(),
  stage: z.number().int(),
  disciplines: z.array(z.string()),
  freebetData: freebetData.omit({ currency: true, maxWinCurrency: true }).extend({ currency: z.string().optional(), maxWinCurrency: z.string().optional() }),
});
export type AppliedFreebet = z.infer<typeof appliedFreebet>;

/** 001 §7 GET /api/bonus/sport?page= (plus the operator selector's opId / includeBrands). */
export const sportTemplatesQuery = z.object({
  page: z.coerce.number({ error: FREEBET_MESSAGES.PAGE_POSITIVE }).int(FREEBET_MESSAGES.PAGE_POSITIVE).min(1, FREEBET_MESSAGES.PAGE_POSITIVE).max(100_000, FREEBET_MESSAGES.PAGE_POSITIVE).default(1),
  opId: z.string().trim().max(64).optional(),
  includeBrands: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});

/** 001 §7: data{code, items, message, metadata{totalItems, itemsPerPage}}. */
export const sportTemplatesAnswer = z.object({
  code: z.number().int(),
  items: z.array(sportTemplate),
  message: z.string(),
  metadata: z.object({ totalItems: z.number().int(), itemsPerPage: z.number().int(), page: z.number().int() }),
});
export type SportTemplatesAnswer = z.infer<typeof sportTemplatesAnswer>;

/** A decimal above 0 with at most 8 places (the currency's decimals are checked by `sportGrantBody`). */
const betAmount = z.string({ error: FREEBET_MESSAGES.BET_AMOUNT_POSITIVE }).trim()
  .regex(/^-?\d{1,14}(\.\d{1,8})?$/, { message: FREEBET_MESSAGES.BET_AMOUNT_FORMAT, abort: true })
  .refine((v) => DECIMAL_PATTERN.test(v) && toUnits(v) > 0n, FREEBET_MESSAGES.BET_AMOUNT_POSITIVE);

/** 001 §3 "Sport freebet grant": betCount, betAmount, currency, templateId (the Add confirmation's form and the POST body). */
export const sportGrantBody = z.object({
  betCount: z.coerce.number({ error: FREEBET_MESSAGES.BET_COUNT_POSITIVE }).int(FREEBET_MESSAGES.BET_COUNT_POSITIVE)
    .min(1, FREEBET_MESSAGES.BET_COUNT_POSITIVE).max(FREEBET_MAX_BET_COUNT, FREEBET_MESSAGES.BET_COUNT_POSITIVE),
  betAmount,
  currency: z.enum(CURRENCIES, { error: FREEBET_MESSAGES.CURRENCY_KNOWN }),
  templateId: z.coerce.number({ error: FREEBET_MESSAGES.TEMPLATE_REQUIRED }).int(FREEBET_MESSAGES.TEMPLATE_REQUIRED).min(1, FREEBET_MESSAGES.TEMPLATE_REQUIRED).max(2_147_483_647, FREEBET_MESSAGES.TEMPLATE_REQUIRED),
}).refine((v) => !DECIMAL_PATTERN.test(v.betAmount) || (v.betAmount.split('.')[1]?.length ?? 0) <= currencyDecimals(v.currency), {
  message: FREEBET_MESSAGES.BET_AMOUNT_FORMAT, path: ['betAmount'],
});
export type SportGrantBody = z.infer<typeof sportGrantBody>;

/** The player by id (an unknown or malformed id is "not found", as another operator's). */
export const sportGrantParams = z.object({ playerId: z.string().max(64) });

/** One refusal of the sportsbook: its code and the spec's text. */
export const freebetErrorItem = z.object({ errorCode: z.number().int(), message: z.string() });

/** POST /api/bonus/sport/player/{playerId}: data.errorItems (empty: granted) and the free bet granted. */
export const sportGrantAnswer = z.object({
  errorItems: z.array(freebetErrorItem),
  freebet: appliedFreebet.nullable(),
  grantId: z.string(),
});

/** A player's applied free bets (designed: the spec names the drawer but not its call). */
export const sportAppliedAnswer = z.object({ items: z.array(appliedFreebet) });

/** Add is disabled when the template is past its end time or not enabled (001 §5). */
export const templateGrantable = (t: { isEnable: boolean; toTime: number }, nowMs: number = Date.now()): boolean =>
  t.isEnable && t.toTime * 1000 > nowMs;
