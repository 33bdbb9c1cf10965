/**
 * Treasury Account (designed; the spec names the route only): the operator's treasury wallets
 * (the `treasuries` of /withdraw/treasuries), each balance in its currency and in USD, the total in
 * USD, the balance over time and the movements (top-ups, payouts). Read-only.
 */
import { z } from 'zod';
import { boolish, listScope } from './api.js';

export const TREASURY_HISTORY_DAYS = [7, 30, 90] as const;
export const TREASURY_MOVEMENT_TYPES = ['TOPUP', 'WITHDRAW'] as const;

export const TREASURY_ACCOUNT_MESSAGES = {
  DAYS_INVALID: 'Period must be 7, 30 or 90 days.',
  TYPE_INVALID: 'Type must be Top-up or Withdraw.',
} as const;

export const treasurySummaryBody = z.object({
  opId: z.string().trim().min(1).max(64).optional(),
  includeBrands: boolish.optional(),
  days: z.coerce.number({ error: TREASURY_ACCOUNT_MESSAGES.DAYS_INVALID }).int(TREASURY_ACCOUNT_MESSAGES.DAYS_INVALID)
    .refine((d) => (TREASURY_HISTORY_DAYS as readonly number[]).includes(d), TREASURY_ACCOUNT_MESSAGES.DAYS_INVALID).default(30),
});

export const treasuryMovementsBody = listScope.extend({
  treasuryUuid: z.string().trim().uuid().optional(),
  transactionType: z.enum(TREASURY_MOVEMENT_TYPES, { error: TREASURY_ACCOUNT_MESSAGES.TYPE_INVALID }).optional(),
});
