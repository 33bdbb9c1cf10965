/**
 * Tournaments (000 §1, 001 §2, §7, §8; the rest designed): a tournament of an operator runs over a
 * period on eligible casino providers or games; players score by their bets (total wager in USD,
 * or their best win multiplier); at the end the winners are fixed from the leaderboard and each
 * prize (USD, by rank) is paid to the player's main wallet or rejected with a note (Winner Prize
 * Payout Confirmation). One schema per rule, used by the console's forms and the server's bodies.
 */
import { z } from 'zod';
import { listScope } from './api.js';
import { NOTE_MAX } from './constants.js';
import { MSG } from './messages.js';

/** 001 §5: tournament statuses. ACTIVE until its end (also before its start), then EXPIRED. */
export const TOURNAMENT_STATUSES = ['ACTIVE', 'EXPIRED'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** How players score: the sum of their stakes in USD, or their best win ÷ stake of one bet. */
export const TOURNAMENT_SCORINGS = ['TOTAL_WAGER', 'BEST_MULTIPLIER'] as const;
export type TournamentScoring = (typeof TOURNAMENT_SCORINGS)[number];

/** A winner's prize: PENDING until paid (PAID) or refused (REJECTED). */
export const WINNER_STATUSES = ['PENDING', 'PAID', 'REJECTED'] as const;
export type WinnerStatus = (typeof WINNER_STATUSES)[number];

/** 001 §7 "Tournament winner payout: type approve or reject". */
export const PAYOUT_TYPES = ['approve', 'reject'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];

export const TOURNAMENT_TITLE_MAX = 100;
export const TOURNAMENT_MAX_PRIZES = 50;
export const TOURNAMENT_MAX_ELIGIBLE = 50;
/** How many rows of the leaderboard the details answer. */
export const LEADERBOARD_SIZE = 100;

export const TOURNAMENT_MESSAGES = {
  // 001 §8
  DELETED: 'Tournament Deleted!',
  // Designed (the spec gives the calls, not these words: written here once)
  CREATED: 'Tournament created!',
  PAID: "Prize paid to the player's main wallet!",
  REJECTED: 'Prize rejected.',
  OPERATOR_REQUIRED: 'Please select an operator.',
  TITLE_REQUIRED: 'Title is required.',
  TITLE_MAX: `Title can be at most ${TOURNAMENT_TITLE_MAX} characters.`,
  STARTS_REQUIRED: 'Start date is required.',
  ENDS_REQUIRED: 'End date is required.',
  STARTS_INVALID: 'Start date must be a date and time.',
  ENDS_INVALID: 'End date must be a date and time.',
  PERIOD_INVALID: 'The end must be after the start.',
  ENDS_IN_PAST: 'The end must lie ahead.',
  SCORING_INVALID: 'Scoring must be Total wager or Best win multiplier.',
  ELIGIBLE_REQUIRED: 'Choose at least one provider or game.',
  ELIGIBLE_INVALID: `At most ${TOURNAMENT_MAX_ELIGIBLE} providers and ${TOURNAMENT_MAX_ELIGIBLE} games, each of 1 to 100 characters.`,
  PRIZES_REQUIRED: 'Add at least one prize.',
  PRIZES_MAX: `At most ${TOURNAMENT_MAX_PRIZES} prizes.`,
  PRIZE_RANKS: 'Prizes are for ranks 1, 2, 3 … in order, without gaps.',
  PRIZE_AMOUNT_INVALID: 'A prize must be an amount in USD above 0 with at most 10 digits and 2 decimals.',
  PRIZE_ORDER: 'A prize cannot be larger than the prize of a better rank.',
  STATUS_INVALID: 'Status must be Active or Expired.',
  TOURNAMENT_NOT_FOUND: 'Tournament not found.',
  WINNER_NOT_FOUND: 'Winner not found.',
  PAYOUT_TYPE_INVALID: 'Type must be approve or reject.',
  NOTE_REQUIRED: 'A note for the player is required to reject a prize.',
  /** Notes at most 200 characters (001 §9), the payout's note as every other. */
  NOTE_MAX: MSG.NOTE_TOO_LONG,
  ALREADY_DECIDED: 'This prize was already paid or rejected.',
  PAID_NOT_DELETABLE: 'A tournament with a paid prize cannot be deleted.',
} as const;

export const TOURNAMENT_SCORING_LABELS: Record<TournamentScoring, string> = { TOTAL_WAGER: 'Total wager', BEST_MULTIPLIER: 'Best win multiplier' };

/** A prize in USD: above 0, at most 10 integer digits and 2 decimals. */
export const PRIZE_AMOUNT_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
const prizeAmount = z.string({ error: TOURNAMENT_MESSAGES.PRIZE_AMOUNT_INVALID }).trim()
  .regex(PRIZE_AMOUNT_PATTERN, TOURNAMENT_MESSAGES.PRIZE_AMOUNT_INVALID)
  .refine((v) => /[1-9]/.test(v), TOURNAMENT_MESSAGES.PRIZE_AMOUNT_INVALID);

export const tournamentPrize = z.object({
  rank: z.coerce.number({ error: TOURNAMENT_MESSAGES.PRIZE_RANKS }).int(TOURNAMENT_MESSAGES.PRIZE_RANKS).min(1, TOURNAMENT_MESSAGES.PRIZE_RANKS).max(TOURNAMENT_MAX_PRIZES, TOURNAMENT_MESSAGES.PRIZE_RANKS),
  amountUsd: prizeAmount,
});
export type TournamentPrize = z.infer<typeof tournamentPrize>;

const eligibleName = z.string().trim().min(1, TOURNAMENT_MESSAGES.ELIGIBLE_INVALID).max(100, TOURNAMENT_MESSAGES.ELIGIBLE_INVALID);
const eligibleList = z.array(eligibleName, { error: TOURNAMENT_MESSAGES.ELIGIBLE_INVALID }).max(TOURNAMENT_MAX_ELIGIBLE, TOURNAMENT_MESSAGES.ELIGIBLE_INVALID).default([]);
const instant = (required: string, invalid: string) => z.string({ error: required }).trim().min(1, required).pipe(z.iso.datetime({ offset: true, error: invalid }));

/** Decimal comparison of two non-negative amounts of the prize pattern (no floats). */
const cents = (v: string) => { const [i, f = ''] = v.split('.'); return BigInt(i!) * 100n + BigInt((f + '00').slice(0, 2)); };

/**
 * The New Tournament form (designed): operator, title, period, scoring, eligible providers or
 * games (at least one), and the prize table by rank (1, 2, 3 … in order, a worse rank never
 * wins more).
 */
export const tournamentCreateForm = z.object({
  opId: z.string({ error: TOURNAMENT_MESSAGES.OPERATOR_REQUIRED }).trim().min(1, TOURNAMENT_MESSAGES.OPERATOR_REQUIRED).max(64, TOURNAMENT_MESSAGES.OPERATOR_REQUIRED),
  title: z.string({ error: TOURNAMENT_MESSAGES.TITLE_REQUIRED }).trim().min(1, TOURNAMENT_MESSAGES.TITLE_REQUIRED).max(TOURNAMENT_TITLE_MAX, TOURNAMENT_MESSAGES.TITLE_MAX),
  startsAt: instant(TOURNAMENT_MESSAGES.STARTS_REQUIRED, TOURNAMENT_MESSAGES.STARTS_INVALID),
  endsAt: instant(TOURNAMENT_MESSAGES.ENDS_REQUIRED, TOURNAMENT_MESSAGES.ENDS_INVALID),
  scoring: z.enum(TOURNAMENT_SCORINGS, { error: TOURNAMENT_MESSAGES.SCORING_INVALID }),
  providers: eligibleList,
  games: eligibleList,
  prizes: z.array(tournamentPrize, { error: TOURNAMENT_MESSAGES.PRIZES_REQUIRED }).min(1, TOURNAMENT_MESSAGES.PRIZES_REQUIRED).max(TOURNAMENT_MAX_PRIZES, TOURNAMENT_MESSAGES.PRIZES_MAX),
}).superRefine((v, ctx) => {
  if (new Date(v.endsAt).getTime() <= new Date(v.startsAt).getTime()) ctx.addIssue({ code: 'custom', message: TOURNAMENT_MESSAGES.PERIOD_INVALID, path: ['endsAt'] });
  else if (new Date(v.endsAt).getTime() <= Date.now()) ctx.addIssue({ code: 'custom', message: TOURNAMENT_MESSAGES.ENDS_IN_PAST, path: ['endsAt'] });
  if (v.providers.length + v.games.length === 0) ctx.addIssue({ code: 'custom', message: TOURNAMENT_MESSAGES.ELIGIBLE_REQUIRED, path: ['providers'] });
  if (v.prizes.some((p, i) => p.rank !== i + 1)) ctx.addIssue({ code: 'custom', message: TOURNAMENT_MESSAGES.PRIZE_RANKS, path: ['prizes'] });
  else if (v.prizes.some((p, i) => i > 0 && cents(p.amountUsd) > cents(v.prizes[i - 1]!.amountUsd))) ctx.addIssue({ code: 'custom', message: TOURNAMENT_MESSAGES.PRIZE_ORDER, path: ['prizes'] });
});
export type TournamentCreateForm = z.input<typeof tournamentCreateForm>;

/** The tournaments list (designed): list scope, status and title; ends latest first. */
export const tournamentsListBody = listScope.extend({
  status: z.enum(TOURNAMENT_STATUSES, { error: TOURNAMENT_MESSAGES.STATUS_INVALID }).optional(),
  title: z.string().trim().max(TOURNAMENT_TITLE_MAX).optional(),
});

/** The winners list (designed): list scope, prize status, one tournament, a player. */
export const winnersListBody = listScope.extend({
  status: z.enum(WINNER_STATUSES, { error: MSG.filterOneOf('Status', WINNER_STATUSES) }).optional(),
  tournamentId: z.uuid({ error: TOURNAMENT_MESSAGES.TOURNAMENT_NOT_FOUND }).optional(),
  playerCode: z.string().trim().max(64).optional(),
});

/** Winner Prize Payout Confirmation (001 §7 "type plus noteForThePlayer"): the note is required to reject. */
export const payoutForm = z.object({
  id: z.string().trim().min(1, TOURNAMENT_MESSAGES.WINNER_NOT_FOUND).max(64, TOURNAMENT_MESSAGES.WINNER_NOT_FOUND),
  type: z.enum(PAYOUT_TYPES, { error: TOURNAMENT_MESSAGES.PAYOUT_TYPE_INVALID }),
  noteForThePlayer: z.string().trim().max(NOTE_MAX, TOURNAMENT_MESSAGES.NOTE_MAX).default(''),
}).refine((v) => v.type !== 'reject' || v.noteForThePlayer.length > 0, { message: TOURNAMENT_MESSAGES.NOTE_REQUIRED, path: ['noteForThePlayer'] });
export type PayoutForm = z.input<typeof payoutForm>;

/** ACTIVE until the end, then EXPIRED (one rule for the server's answers and the console). */
export const tournamentStatusAt = (endsAt: string | Date, now = Date.now()): TournamentStatus =>
  new Date(endsAt).getTime() > now ? 'ACTIVE' : 'EXPIRED';
