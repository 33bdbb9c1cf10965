import { z } from 'zod';
import { NOTE_MAX, BONUS_TOPUP_LIMIT } from './constants.js';
import { MSG } from './messages.js';
import { fourEyesFields } from './four-eyes.js';
import { DECIMAL_PATTERN, MONEY_SCALE, formatMoney, toUnits } from './decimal.js';

const F = 10n ** BigInt(MONEY_SCALE);

export * from './decimal.js';

/** Messages of the money amounts staff type. */
export const AMOUNT_MESSAGES = {
  NOT_A_NUMBER: 'Amount must be a decimal number.',
  FORMAT: 'Amount must be a decimal number with at most 8 decimals.',
  POSITIVE: 'Amount must be greater than zero.',
  NOT_ZERO: 'Amount must not be zero.',
  MIN_FORMAT: 'Minimum amount must be a decimal number with at most 8 decimals.',
  MAX_FORMAT: 'Maximum amount must be a decimal number with at most 8 decimals.',
} as const;

/**
 * A positive money amount typed by staff, as a decimal string: at most 14 digits and
 * `format.decimals` decimals (default 8, the ledger's scale). One message per mistake: the
 * format's (`format.message`, also for a missing value), else `message` for zero.
 */
export const positiveAmount = (message: string = AMOUNT_MESSAGES.POSITIVE, format: { decimals?: number; message?: string } = {}) => {
  const pattern = new RegExp(`^\\d{1,14}(\\.\\d{1,${format.decimals ?? MONEY_SCALE}})?$`);
  return z.string({ error: format.message ?? AMOUNT_MESSAGES.NOT_A_NUMBER }).trim()
    .regex(pattern, format.message ?? AMOUNT_MESSAGES.FORMAT)
    .refine((v) => !pattern.test(v) || toUnits(v) > 0n, message);
};

export const TOPUP_ACTIONS = ['INCREASE', 'DECREASE'] as const;
export type TopupAction = (typeof TOPUP_ACTIONS)[number];
/** Reasons offered in the Topup Player dialog (the spec does not list them: our choice). */
export const TOPUP_REASONS = ['COMPENSATION', 'CORRECTION', 'PROMOTION', 'TEST', 'OTHER'] as const;
export type TopupReason = (typeof TOPUP_REASONS)[number];

export const TOPUP_MESSAGES = {
  LIMIT_EXCEEDED: 'Topup Limit has been exceeded.',
  BELOW_ZERO: 'The balance cannot go below zero.',
  NOTE_REQUIRED: 'Note is required.',
  NOTE_MAX: MSG.NOTE_TOO_LONG,
  REASON_REQUIRED: 'Reason is required.',
  ACCEPT_REQUIRED: 'Please accept the terms before sending.',
  /** A top-up outside USD and the operator's additional top-up currencies (001 §9; the spec names no message). */
  CURRENCY_NOT_TOPUP: (currency: string, currencies: readonly string[]) =>
    `${currency} is not a top-up currency of the player's operator: top-ups are in ${currencies.join(', ')}.`,
  BONUS_RANGE: `Amount must be between -${BONUS_TOPUP_LIMIT.toLocaleString('en-US')} and ${BONUS_TOPUP_LIMIT.toLocaleString('en-US')}.`,
  IDEMPOTENCY_MISMATCH: 'This Idempotency-Key was already used with a different request.',
  DONE: 'Success',
  /** The console's toast after a top-up: what changed, on which wallet, from what to what. */
  APPLIED: (a: { action: TopupAction | undefined; amount: string; currency: string; playerCode: string; before: string; after: string }) =>
    `${a.action === 'DECREASE' ? 'Decreased' : 'Increased'} the ${a.currency} balance of ${a.playerCode} by ${formatMoney(a.amount, a.currency)}: `
    + `${formatMoney(a.before, a.currency)} → ${formatMoney(a.after, a.currency)}.`,
  PLAYER_CODE_REQUIRED: 'playerCode is required.',
  CURRENCY_REQUIRED: 'Currency is required.',
  ACTION_REQUIRED: 'Choose Increase or Decrease.',
  UNKNOWN_CURRENCY: (currency: string) => `Unknown currency: ${currency}.`,
} as const;

const note = z.string({ error: TOPUP_MESSAGES.NOTE_REQUIRED }).trim().min(1, TOPUP_MESSAGES.NOTE_REQUIRED).max(NOTE_MAX, TOPUP_MESSAGES.NOTE_MAX);

/** POST /api/player/wallet/topup (001 §7). */
export const topupBody = z.object({
  playerCode: z.string().trim().min(1, TOPUP_MESSAGES.PLAYER_CODE_REQUIRED),
  amount: positiveAmount(AMOUNT_MESSAGES.NOT_ZERO),
  currency: z.string().trim().min(1, TOPUP_MESSAGES.CURRENCY_REQUIRED).max(8),
  action: z.enum(TOPUP_ACTIONS, { error: TOPUP_MESSAGES.ACTION_REQUIRED }),
  reason: z.enum(TOPUP_REASONS, { error: TOPUP_MESSAGES.REASON_REQUIRED }),
  note,
  accept: z.literal(true, { error: TOPUP_MESSAGES.ACCEPT_REQUIRED }),
  ...fourEyesFields,
});
export type TopupBody = z.infer<typeof topupBody>;

/** POST /api/player/wallet/topup-bonus: a signed amount within ±100,000,000 (001 §5). */
export const topupBonusBody = z.object({
  playerCode: z.string().trim().min(1, TOPUP_MESSAGES.PLAYER_CODE_REQUIRED),
  amount: z.string({ error: AMOUNT_MESSAGES.NOT_A_NUMBER }).trim()
    .regex(/^-?\d{1,14}(\.\d{1,8})?$/, AMOUNT_MESSAGES.FORMAT)
    .refine((v) => !DECIMAL_PATTERN.test(v) || toUnits(v) !== 0n, AMOUNT_MESSAGES.NOT_ZERO)
    .refine((v) => { if (!DECIMAL_PATTERN.test(v)) return true; const u = toUnits(v); const lim = BigInt(BONUS_TOPUP_LIMIT) * F; return u >= -lim && u <= lim; }, TOPUP_MESSAGES.BONUS_RANGE),
  note,
  action: z.enum(TOPUP_ACTIONS).optional(),
  accept: z.literal(true, { error: TOPUP_MESSAGES.ACCEPT_REQUIRED }),
});
