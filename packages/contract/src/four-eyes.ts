/**
 * Four-eyes approval (issue 9): an operator's USD threshold above which a bonus request, a manual
 * top-up or a withdrawal approval needs a second staff member. The first approval records a reason
 * code (and moves no money); the second, by a different staff member, applies the money exactly
 * once. Either may reject instead. Both steps are activity records.
 *
 * Races (designed): an approval call carrying a reason code means to be the first approval; one
 * without is a second approval (the console sends the reason only while no first approval is
 * shown). Of first approvals sent at once on a fresh record exactly one is recorded and the others
 * are refused with 409 `awaitingSecond` (their senders reload, see who approved first and why, and
 * approve again as the second approver if they agree). The same staff member can never be the second:
 * 409 `SAME_APPROVER`, whether the second call is sequential or concurrent.
 */
import { z } from 'zod';

/* No import of money.ts: it imports this module (the top-up body's reason fields). */
const DECIMAL = /^\d{1,22}(\.\d{1,8})?$/;
const units = (v: string): bigint => { const [i = '0', f = ''] = v.replace(/^-/, '').split('.'); return BigInt(i) * 100_000_000n + BigInt((f + '00000000').slice(0, 8)); };

/** The records four-eyes approval covers. */
export const FOUR_EYES_KINDS = ['BONUS_REQUEST', 'TOPUP', 'WITHDRAWAL'] as const;
export type FourEyesKind = (typeof FOUR_EYES_KINDS)[number];

/** Why the first approver approved. OTHER needs a note. */
export const FOUR_EYES_REASONS = ['VERIFIED_DOCUMENTS', 'KNOWN_PLAYER', 'PROMOTION_AGREED', 'OTHER'] as const;
export type FourEyesReason = (typeof FOUR_EYES_REASONS)[number];

/** A first approval's state: awaiting the second staff member, then approved or rejected. */
export const FOUR_EYES_STATUSES = ['AWAITING_SECOND_APPROVAL', 'APPROVED', 'REJECTED'] as const;
export type FourEyesStatus = (typeof FOUR_EYES_STATUSES)[number];

export const FOUR_EYES_NOTE_MAX = 200;

export const FOUR_EYES_MESSAGES = {
  /** The success answer of a first approval above the threshold (no money moved). */
  RECORDED: 'Approval recorded; a second staff member must approve',
  /** 409: the first approver tries to approve again. */
  SAME_APPROVER: 'You made the first approval; a different staff member must give the second approval.',
  /** 409: a first approval was recorded by someone else between reading and approving (reload). */
  awaitingSecond: (name: string) => `This is already awaiting second approval (first approved by ${name}). Reload it and approve again as the second approver.`,
  /** 400: the second approval names another amount than the first. */
  amountDiffers: (amount: string) => `The amount must be the one of the first approval (${amount} USD).`,
  REASON_REQUIRED: 'A reason code is required: this amount needs two approvers.',
  REASON_INVALID: 'Reason code must be one of: Verified documents, Known player, Promotion agreed, Other.',
  REASON_NOTE_REQUIRED: 'A note is required with the reason Other.',
  REASON_NOTE_MAX: `The reason note must be at most ${FOUR_EYES_NOTE_MAX} characters.`,
  THRESHOLD_FORMAT: 'The four-eyes threshold must be an amount in USD of at least 0 (up to 8 decimals), or empty for none.',
  THRESHOLD_SAVED: 'Four-eyes threshold saved.',
  THRESHOLD_CLEARED: 'Four-eyes approval is off for this operator.',
  THRESHOLD_SAVE_FAILED: 'Failed to save the four-eyes threshold',
  TOPUP_NOT_FOUND: 'Top-up request not found.',
  TOPUP_REJECTED: 'Top-up request rejected.',
  topupDecided: (status: string, by: string | null) => `This top-up request is already ${status.toLowerCase().replace(/_/g, ' ')}${by ? ` by ${by}` : ''}.`,
  ACTION_INVALID: 'Action must be APPROVE or REJECT.',
  /** What the console shows while a record awaits its second approval. */
  awaitingBy: (name: string, mine: boolean) => (mine ? 'Awaiting second approval by someone else (you approved first)' : `Awaiting second approval — first approved by ${name}`),
} as const;

// Their labels: labels.ts (FOUR_EYES_REASON_LABELS, FOUR_EYES_STATUS_LABELS).

/** Whether an amount (USD) needs two approvers under a threshold (null: four-eyes is off). Strictly above. */
export const needsFourEyes = (amountInUsd: string, threshold: string | null | undefined): boolean =>
  threshold !== null && threshold !== undefined && units(amountInUsd) > units(threshold);

/** The reason fields a first approval adds to an approval call (ignored below the threshold and on the second approval). */
export const fourEyesFields = {
  reasonCode: z.enum(FOUR_EYES_REASONS, { error: FOUR_EYES_MESSAGES.REASON_INVALID }).optional(),
  reasonNote: z.string().trim().max(FOUR_EYES_NOTE_MAX, FOUR_EYES_MESSAGES.REASON_NOTE_MAX).optional(),
};

/** A first approval as the records show it (null when there is none or the record is decided). */
export const firstApproval = z.object({
  approvalId: z.string(),
  status: z.enum(FOUR_EYES_STATUSES),
  amountInUSD: z.string(),
  reasonCode: z.enum(FOUR_EYES_REASONS),
  reasonNote: z.string().nullable(),
  firstBy: z.string(),
  firstByName: z.string(),
  firstAt: z.string(),
  secondBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type FirstApproval = z.infer<typeof firstApproval>;

/** A record's four-eyes state as its details show it: the threshold that applies (null: off) and the first approval awaiting its second (null: none). */
export const fourEyesState = z.object({ thresholdInUSD: z.string().nullable(), firstApproval: firstApproval.nullable() });
export type FourEyesState = z.infer<typeof fourEyesState>;

/** The threshold field: empty (or null) for none, else a decimal USD amount ≥ 0. */
export const thresholdField = z.union([z.null(), z.string()], { error: FOUR_EYES_MESSAGES.THRESHOLD_FORMAT })
  .transform((v, ctx) => {
    const t = v === null ? '' : v.trim();
    if (t === '') return null;
    if (!DECIMAL.test(t)) { ctx.addIssue({ code: 'custom', message: FOUR_EYES_MESSAGES.THRESHOLD_FORMAT }); return z.NEVER; }
    return t;
  });

/** PUT /api/operators/four-eyes (designed): the operator's threshold. */
export const fourEyesThresholdBody = z.object({ opId: z.string().trim().min(1).max(64), thresholdInUSD: thresholdField });
export const fourEyesThresholdAnswer = z.object({ opId: z.string(), fourEyesThresholdInUSD: z.string().nullable() });

/** A pending manual top-up (above the threshold) as the "Awaiting second approval" list shows it. */
export const topupApprovalRow = firstApproval.extend({
  opId: z.string(), opTitle: z.string(), parentOpTitle: z.string().nullable(),
  playerCode: z.string(), action: z.string(), amount: z.string(), currency: z.string(), reason: z.string(), note: z.string(),
  txId: z.string().nullable(),
});
export type TopupApprovalRow = z.infer<typeof topupApprovalRow>;


/** PUT /api/player/wallet/topup/approvals (designed): the second approval (APPROVE) or a rejection. */
export const topupApprovalDecisionBody = z.object({
  approvalId: z.string().uuid(FOUR_EYES_MESSAGES.TOPUP_NOT_FOUND),
  action: z.enum(['APPROVE', 'REJECT'], { error: FOUR_EYES_MESSAGES.ACTION_INVALID }),
});

/** The first approval answered by an approval call above the threshold. */
export const fourEyesPending = z.object({ awaitingSecondApproval: z.literal(true), approval: firstApproval });
