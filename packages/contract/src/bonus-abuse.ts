import { z } from 'zod';
import { playerCodeField } from './validation.js';

/**
 * Bonus abuse signals (issue 9): before staff approve a bonus form request (Topup Player) or add
 * a sport free bet, the other players of the same operator who share something with the player —
 * the last sign-in IP address, the device fingerprint, or a bank account's card number or IBAN
 * (accounts not deleted, any status) — and whether each of them already received the same bonus:
 * an APPROVED request of the same bonus form, or a GRANTED free bet of the same template.
 * At most BONUS_ABUSE_MAX players are listed, those who received the bonus first.
 */
export const BONUS_ABUSE_MAX = 50;
export const ABUSE_SIGNAL_KINDS = ['IP', 'DEVICE', 'BANK_ACCOUNT'] as const;
export type AbuseSignalKind = (typeof ABUSE_SIGNAL_KINDS)[number];

export const BONUS_ABUSE_MESSAGES = {
  REFERENCE: 'Name one bonus: a bonus form (bonusId) or a free bet template (templateId).',
  BONUS_ID: 'bonusId must be a bonus form id.',
  TEMPLATE_ID: 'templateId must be a whole number from 1.',
} as const;

export const abuseSignalsBody = z.object({
  opId: z.string().trim().max(64).optional(),
  playerCode: playerCodeField,
  bonusId: z.string({ error: BONUS_ABUSE_MESSAGES.BONUS_ID }).uuid(BONUS_ABUSE_MESSAGES.BONUS_ID).optional(),
  templateId: z.number({ error: BONUS_ABUSE_MESSAGES.TEMPLATE_ID }).int(BONUS_ABUSE_MESSAGES.TEMPLATE_ID).min(1, BONUS_ABUSE_MESSAGES.TEMPLATE_ID).optional(),
}).refine((b) => (b.bonusId === undefined) !== (b.templateId === undefined), { message: BONUS_ABUSE_MESSAGES.REFERENCE, path: ['bonusId'] });
export type AbuseSignalsBody = z.input<typeof abuseSignalsBody>;

export const abuseSignalPlayer = z.object({
  playerCode: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  shared: z.array(z.enum(ABUSE_SIGNAL_KINDS)),
  receivedSameBonus: z.boolean(),
});
export const abuseSignals = z.object({
  playerCode: z.string(),
  bonus: z.object({ kind: z.enum(['BONUS_FORM', 'FREEBET_TEMPLATE']), id: z.string() }),
  players: z.array(abuseSignalPlayer),
  /** How many of the listed players received the same bonus. */
  receivedSameBonus: z.number().int(),
  truncated: z.boolean(),
});
export type AbuseSignals = z.infer<typeof abuseSignals>;

/** What a signal reads as in the warning. */
export const ABUSE_SIGNAL_TEXT: Record<AbuseSignalKind, string> = { IP: 'same sign-in IP', DEVICE: 'same device', BANK_ACCOUNT: 'same card or IBAN' };
