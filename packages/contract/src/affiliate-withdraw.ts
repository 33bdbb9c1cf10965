/**
 * Affiliate withdraw jobs and the Affiliate Withdrawals page (001 §2 /withdraw/affiliate, §7
 * POST /api/reports/affiliate/withdraw-jobs/start and /cancel, §8 "Affiliate Withdraw Job
 * Canceled!"). A job pays every eligible affiliate of one operator (and its brands): the whole
 * AFFILIATE wallet (USD) moves to MAIN, as the single-player Withdraw Profit does, for each player
 * whose AFFILIATE balance is at least their minimum withdrawable amount (the player's affiliate
 * settings override, else their operator's, else the parent operator's). One schema per rule,
 * used by the console's dialogs and the server's bodies.
 */
import { z } from 'zod';
import { countOf } from './text.js';
import { listScope } from './api.js';
import { MSG } from './messages.js';

export const AFFILIATE_WITHDRAW_JOB_STATUSES = ['RUNNING', 'CANCELLED', 'DONE', 'FAILED'] as const;
export type AffiliateWithdrawJobStatus = (typeof AFFILIATE_WITHDRAW_JOB_STATUSES)[number];

/** Players paid per database transaction; the job looks for a cancellation between batches. */
export const AFFILIATE_WITHDRAW_BATCH = 25;

/**
 * A payout that fails (its own savepoint rolled back, the batch goes on) is tried again, at most
 * this many attempts in all, after a backoff doubling from AFFILIATE_WITHDRAW_RETRY_BASE_MS
 * (2 s, then 4 s); after the last one the item stays FAILED and the console shows it.
 */
export const AFFILIATE_WITHDRAW_MAX_ATTEMPTS = 3;
export const AFFILIATE_WITHDRAW_RETRY_BASE_MS = 2_000;
export const AFFILIATE_WITHDRAW_FAILURE_STATUSES = ['RETRYING', 'PAID', 'FAILED'] as const;
export type AffiliateWithdrawFailureStatus = (typeof AFFILIATE_WITHDRAW_FAILURE_STATUSES)[number];
/** The backoff before attempt `attempts + 1` (attempts made so far ≥ 1). */
export const affiliateWithdrawBackoffMs = (attempts: number, baseMs: number = AFFILIATE_WITHDRAW_RETRY_BASE_MS) => baseMs * 2 ** Math.max(0, attempts - 1);

export const AFFILIATE_WITHDRAW_MESSAGES = {
  // 001 §8
  JOB_CANCELED: 'Affiliate Withdraw Job Canceled!',
  // Designed in the same style (the spec shows no start message).
  JOB_STARTED: 'Affiliate Withdraw Job Started!',
  JOB_RUNNING: 'An affiliate withdraw job is already running for this operator: wait for it to finish or cancel it.',
  NO_JOB_RUNNING: 'No affiliate withdraw job is running for this operator.',
  OPERATOR_REQUIRED: MSG.OPERATOR_NOT_FOUND,
  DATE_RANGE_INVALID: MSG.DATE_RANGE_INVALID,
  /** The dialogs (001 §5 names them: Affiliate Withdraw Confirmation, Cancel affiliate withdraw job confirmation). */
  START_TITLE: 'Affiliate Withdraw Confirmation',
  START_TEXT: 'Pay out every affiliate of this operator whose affiliate profit reaches their minimum withdraw amount? Each profit moves to the player\'s main wallet.',
  CANCEL_TITLE: 'Cancel affiliate withdraw job confirmation',
  CANCEL_TEXT: 'Stop the running affiliate withdraw job? Players already paid stay paid; the others are not paid.',
  /** The job's note when payouts failed for good (designed). */
  payoutsFailed: (n: number) => `${countOf(n, 'payout')} failed after ${AFFILIATE_WITHDRAW_MAX_ATTEMPTS} attempts.`,
} as const;

const opId = z.string({ error: AFFILIATE_WITHDRAW_MESSAGES.OPERATOR_REQUIRED }).trim()
  .min(1, AFFILIATE_WITHDRAW_MESSAGES.OPERATOR_REQUIRED).max(64, AFFILIATE_WITHDRAW_MESSAGES.OPERATOR_REQUIRED);

/** POST /api/reports/affiliate/withdraw-jobs/start: the operator whose affiliates are paid. */
export const affiliateWithdrawJobStartBody = z.object({ opId });
/** POST /api/reports/affiliate/withdraw-jobs/cancel: the operator whose running job stops. */
export const affiliateWithdrawJobCancelBody = z.object({ opId });

/** POST /api/reports/affiliate/withdraw-jobs/list (designed): the jobs, newest first. */
export const affiliateWithdrawJobsListBody = listScope.extend({
  status: z.enum(AFFILIATE_WITHDRAW_JOB_STATUSES, { error: MSG.filterOneOf('Status', AFFILIATE_WITHDRAW_JOB_STATUSES) }).optional(),
});

export const affiliateWithdrawJobRow = z.object({
  jobId: z.string(),
  opId: z.string(),
  opTitle: z.string(),
  parentOpTitle: z.string().nullable(),
  status: z.enum(AFFILIATE_WITHDRAW_JOB_STATUSES),
  startedBy: z.string(),
  /** Eligible players when the run began (paid ones included on a resumed run) and their profit (USD). */
  totalPlayers: z.number().int(),
  paidPlayers: z.number().int(),
  totalUSD: z.string(),
  paidUSD: z.string(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  /** Players whose payout still failed after the last attempt. */
  failedPlayers: z.number().int(),
  /** The payouts that failed at least once (at most 20, FAILED first): retrying, paid by a retry, or failed for good. */
  failures: z.array(z.object({
    playerId: z.string(),
    playerCode: z.string(),
    attempts: z.number().int(),
    status: z.enum(AFFILIATE_WITHDRAW_FAILURE_STATUSES),
    lastError: z.string(),
    nextAttemptAt: z.string().nullable(),
  })),
});
export type AffiliateWithdrawJobRow = z.infer<typeof affiliateWithdrawJobRow>;

/** POST /api/reports/affiliate/withdrawals/list (designed): the AFFILIATE → MAIN withdrawals, newest first. */
export const affiliateWithdrawalsListBody = listScope.extend({
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  jobId: z.string().uuid().optional(),
  playerCode: z.string().trim().max(64).optional(),
}).refine((v) => !v.from || !v.to || v.from <= v.to, { message: AFFILIATE_WITHDRAW_MESSAGES.DATE_RANGE_INVALID, path: ['from'] });

export const affiliateWithdrawalRow = z.object({
  txId: z.string(),
  opId: z.string(),
  opTitle: z.string(),
  parentOpTitle: z.string().nullable(),
  playerId: z.string(),
  playerCode: z.string(),
  username: z.string().nullable(),
  playerName: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  amountInUSD: z.string(),
  status: z.string(),
  createdAt: z.string(),
  /** The staff member who paid it (or started the job). */
  confirmedBy: z.string().nullable(),
  /** The job that paid it; null for a single Withdraw Profit. */
  jobId: z.string().nullable(),
});
export type AffiliateWithdrawalRow = z.infer<typeof affiliateWithdrawalRow>;
