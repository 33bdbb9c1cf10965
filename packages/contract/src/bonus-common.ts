/**
 * What deposit bonus definitions (bonus-definitions.ts) and bonus releases (bonus-releases.ts)
 * share: the bet types, the length limits, the period and operator fields with their messages,
 * and the spec's clone refusal (001 §8), each written once.
 */
import { z } from 'zod';

/** Where the wager counts: casino bets, sport bets, or both (designed; labels: `bonusBetType`). */
export const BONUS_BET_TYPES = ['CASINO', 'SPORT', 'ALL'] as const;
export type BonusBetType = (typeof BONUS_BET_TYPES)[number];

export const BONUS_TITLE_MAX = 100;
export const BONUS_DESCRIPTION_MAX = 1000;

export const BONUS_COMMON_MESSAGES = {
  // 001 §8 "Bonus clone"
  CLONE_CONFLICT: 'Failed to clone bonus, there is an existing bonus with the same conditions',
  // Designed: create and edit run the clone's check (the same conditions, overlapping, on the same operator)
  SAME_CONDITIONS: 'There is already an active bonus with the same conditions in this period on this operator.',
  END_IN_PAST: 'The end time must lie ahead.',
  TITLE_REQUIRED: 'Title is required.',
  TITLE_MAX: `Title can be at most ${BONUS_TITLE_MAX} characters.`,
  DESCRIPTION_MAX: `Description can be at most ${BONUS_DESCRIPTION_MAX} characters.`,
  START_REQUIRED: 'Start time is required.',
  END_REQUIRED: 'End time is required.',
  START_INVALID: 'Start time must be a date and time.',
  END_INVALID: 'End time must be a date and time.',
  PERIOD_INVALID: 'The end time must be after the start time.',
  BET_TYPE_INVALID: 'Bet type must be Casino, Sport or All.',
} as const;

const M = BONUS_COMMON_MESSAGES;

/** An instant with its offset (ISO 8601), required. */
export const bonusInstant = (required: string, invalid: string) => z.string({ error: required }).trim().min(1, required).pipe(z.iso.datetime({ offset: true, error: invalid }));
/** An operator's id, required, with the form's message. */
export const bonusOpField = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

export const bonusTitle = z.string({ error: M.TITLE_REQUIRED }).trim().min(1, M.TITLE_REQUIRED).max(BONUS_TITLE_MAX, M.TITLE_MAX);
export const bonusDescription = z.string({ error: M.DESCRIPTION_MAX }).trim().max(BONUS_DESCRIPTION_MAX, M.DESCRIPTION_MAX).default('');
export const bonusBetType = z.enum(BONUS_BET_TYPES, { error: M.BET_TYPE_INVALID });
export const bonusStartTime = bonusInstant(M.START_REQUIRED, M.START_INVALID);
export const bonusEndTime = bonusInstant(M.END_REQUIRED, M.END_INVALID);

/**
 * The end after the start (the message on the end field); false when it is not. A time that is
 * not one yet (its own field's message says so) is no period problem.
 */
export function checkBonusPeriod(v: { startTime: string; endTime: string }, ctx: z.RefinementCtx): boolean {
  if (!(new Date(v.endTime).getTime() <= new Date(v.startTime).getTime())) return true;
  ctx.addIssue({ code: 'custom', message: M.PERIOD_INVALID, path: ['endTime'] });
  return false;
}

/** The players' names, games and providers sets compared as sets (order and repeats aside). */
export const sameSet = (a: readonly string[], b: readonly string[]) => {
  const key = (xs: readonly string[]) => [...new Set(xs)].sort().join('\u0000');
  return key(a) === key(b);
};
