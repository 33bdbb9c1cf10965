/**
 * Bets (001 §2, §6–§8): casino rounds and sport bets, their filters, the Settle Open Bet
 * dialog and its messages. One schema per rule, used by the console's forms and the server.
 */
import { z } from 'zod';
import { boolish, listScope } from './api.js';
import { AUTOCOMPLETE_MIN_CHARS, NOTE_MAX } from './constants.js';
import { MSG } from './messages.js';
import { DAY_PATTERN } from './time.js';

export const BET_TYPES = ['CASINO', 'SPORT'] as const;
export type BetType = (typeof BET_TYPES)[number];
export const BET_STATUSES = ['OPEN', 'WON', 'LOST', 'CASHBACK', 'CANCELED'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];
export const SPORT_TYPES = ['Football', 'Basketball', 'Tennis', 'Ice Hockey', 'Volleyball', 'Esports'] as const;

export const BET_MESSAGES = {
  // 001 §8
  SETTLED: 'Bet is now settled!',
  // Cancel Open Bet (designed: the spec lists the CANCELED status but no call; worded like "Bet is now settled!")
  CANCELED: 'Bet is now canceled!',
  NOT_OPEN_CANCEL: 'Only an open bet can be canceled.',
  CANCEL_NOTE_REQUIRED: 'Note is required.',
  CANCEL_NOTE_TOO_LONG: MSG.NOTE_TOO_LONG,
  // 001 §6 (the spec gives the rule, not the words: written here once)
  BET_ID_INVALID: 'Bet ID may contain only letters, digits, hyphen, underscore and slash.',
  BET_ID_REQUIRED: 'Bet ID is required.',
  WIN_AMOUNT_REQUIRED: 'Win amount is required.',
  WIN_AMOUNT_INVALID: 'Win amount must be a number of at least 0 with at most 14 digits and 8 decimals.',
  NOT_OPEN: 'Only an open bet can be settled.',
  BET_NOT_FOUND: 'Bet not found.',
  BET_TYPE_INVALID: 'Bet type must be Casino or Sport.',
  BET_STATUS_INVALID: 'Bet status must be Open, Won, Lost, Cashback or Canceled.',
  SPORT_TYPE_INVALID: 'Unknown sport type.',
} as const;

/** 001 §6: the Bet ID filter allows letters, digits, hyphen, underscore and slash. */
export const BET_ID_PATTERN = /^[A-Za-z0-9_/-]*$/;
export const betIdFilter = z.string().trim().max(64, BET_MESSAGES.BET_ID_INVALID).regex(BET_ID_PATTERN, BET_MESSAGES.BET_ID_INVALID);

const text = z.string().trim().max(100);

/** The bets list (designed: the spec shows no list call): list scope, keyset cursor, the bet filters of 001 §6. */
const betType = z.enum(BET_TYPES, { error: BET_MESSAGES.BET_TYPE_INVALID });
const betStatus = z.enum(BET_STATUSES, { error: BET_MESSAGES.BET_STATUS_INVALID });

export const betsListBody = listScope.extend({
  betType: betType.optional(),
  /** Single bet mode (sport): only single bets, with the event, tournament and sport-type filters. */
  singleBet: boolish.optional(),
  event: text.optional(),
  tournament: text.optional(),
  sportType: z.enum(SPORT_TYPES, { error: BET_MESSAGES.SPORT_TYPE_INVALID }).optional(),
  gameTitle: text.optional(),
  provider: text.optional(),
  betId: betIdFilter.optional(),
  playerCode: z.string().trim().max(64).optional(),
  status: betStatus.optional(),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
}).refine((v) => !v.from || !v.to || v.from <= v.to, { message: MSG.DATE_RANGE_INVALID, path: ['from'] });
export type BetsListBody = z.input<typeof betsListBody>;

/** The bets list's filter form as the console holds it (days in the user's timezone): the Bet ID rule and the date range, one schema. */
export const betsFilterForm = z.object({
  betId: z.string().optional().transform((v) => v ?? '').pipe(z.union([z.literal(''), betIdFilter])),
  from: z.union([z.literal(''), z.string().regex(DAY_PATTERN, MSG.DATE_RANGE_INVALID)]).optional(),
  to: z.union([z.literal(''), z.string().regex(DAY_PATTERN, MSG.DATE_RANGE_INVALID)]).optional(),
}).refine((v) => !v.from || !v.to || v.from <= v.to, { message: MSG.DATE_RANGE_INVALID, path: ['from'] });
/** The first refusal of the filter form, or null. */
export const betsFilterProblem = (v: Record<string, string>): string | null => betsFilterForm.safeParse(v).error?.issues[0]?.message ?? null;

/** The bets filters that suggest values as staff type (001 §6: "Autocomplete fires after at least 2 characters"). */
export const BET_SUGGEST_FIELDS = ['betId', 'playerCode', 'gameTitle'] as const;
export type BetSuggestField = (typeof BET_SUGGEST_FIELDS)[number];

/**
 * Suggestions for one bets filter (designed): the values of `field` that start with `q` (at least
 * 2 characters, else "Type at least 2 characters."), within the caller's operators (list scope).
 */
export const betSuggestBody = listScope.pick({ opId: true, includeBrands: true }).extend({
  field: z.enum(BET_SUGGEST_FIELDS),
  q: z.string().trim().min(AUTOCOMPLETE_MIN_CHARS, MSG.SEARCH_TOO_SHORT).max(64),
});
export type BetSuggestBody = z.input<typeof betSuggestBody>;

/** The quick bets list: newest bets by Bet ID, player and status (designed). */
export const quickBetsListBody = listScope.extend({
  betId: betIdFilter.optional(),
  playerCode: z.string().trim().max(64).optional(),
  status: betStatus.optional(),
  betType: betType.optional(),
});

/** A win amount: 0 or more, at most 8 decimals (no sign), at most 14 integer digits like every amount staff type. */
export const WIN_AMOUNT_PATTERN = /^\d{1,14}(\.\d{1,8})?$/;

/** Settle Open Bet (001 §7 "Bet settle: betId, winAmount"): winAmount ≥ 0 in the bet's currency. */
export const betSettleForm = z.object({
  betId: z.string().trim().min(1, BET_MESSAGES.BET_ID_REQUIRED).max(64, BET_MESSAGES.BET_ID_INVALID).regex(BET_ID_PATTERN, BET_MESSAGES.BET_ID_INVALID),
  winAmount: z.string().trim().min(1, BET_MESSAGES.WIN_AMOUNT_REQUIRED).pipe(z.string().regex(WIN_AMOUNT_PATTERN, BET_MESSAGES.WIN_AMOUNT_INVALID)),
});
export type BetSettleForm = z.input<typeof betSettleForm>;

/**
 * Cancel Open Bet (designed): an OPEN bet is canceled and its stake refunded to the wallet it
 * came from; the note says why (stored on the bet and in the audit trail), required, at most NOTE_MAX characters.
 */
export const betCancelForm = z.object({
  betId: betSettleForm.shape.betId,
  note: z.string().trim().min(1, BET_MESSAGES.CANCEL_NOTE_REQUIRED).max(NOTE_MAX, BET_MESSAGES.CANCEL_NOTE_TOO_LONG),
});
export type BetCancelForm = z.input<typeof betCancelForm>;

/** The game providers of the demo world's casino: the seed's games and the bets list's provider filter. */
export const DEMO_GAME_PROVIDERS = ['Pragmatic Play', 'Evolution', 'NetEnt', "Play'n GO"] as const;
/** The games of the demo world's casino (the seed's games; suggestions where games are chosen). */
export const DEMO_GAME_TITLES = ['Gates of Olympus', 'Sweet Bonanza', 'Lightning Roulette', 'Crazy Time', 'Starburst', 'Book of Dead'] as const;

/** A sport bet's selection. */
export const betSelection = z.object({ event: z.string(), tournament: z.string(), sportType: z.string(), market: z.string(), pick: z.string(), odds: z.string() });
export type BetSelection = z.infer<typeof betSelection>;


// The bet status and type labels are vocabularies of labels.ts (LABELS.betStatus, LABELS.betType).
