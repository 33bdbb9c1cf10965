/**
 * Bonus forms and their requests (001 §2 routes /bonus/form…, §3 "Bonus form request", §5, §7, §8;
 * issue 9). A form defines a bonus staff may grant (its operator, title, prize type, default and
 * maximum amount in USD); a request asks for that bonus for one player (cash prize or locked prize,
 * amount in USD, note). Staff approve it through "Topup Player" — the amount is credited to the
 * player's main wallet (cash prize, in the wallet's currency) or bonus wallet (locked prize, USD)
 * through the ledger, exactly once — or reject it with a note shown to the player. One schema per
 * rule, used by the console's forms and the server's bodies.
 */
import { z } from 'zod';
import { listScope } from './api.js';
import { NOTE_MAX } from './constants.js';
import { MSG } from './messages.js';
import { AMOUNT_MESSAGES, DECIMAL_PATTERN, TOPUP_MESSAGES, formatUsd, toUnits } from './money.js';
import { PAYMENT_MESSAGES } from './payments.js';
import { firstApproval, fourEyesFields } from './four-eyes.js';

/** 001 §3: "prizeType (cash prize or locked prize)". */
export const BONUS_PRIZE_TYPES = ['CASH', 'LOCKED'] as const;
export type BonusPrizeType = (typeof BONUS_PRIZE_TYPES)[number];
/** Where an approved prize goes: a cash prize to the main wallet, a locked prize to the bonus wallet. */
export const PRIZE_WALLET = { CASH: 'MAIN', LOCKED: 'BONUS' } as const satisfies Record<BonusPrizeType, 'MAIN' | 'BONUS'>;

export const BONUS_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type BonusRequestStatus = (typeof BONUS_REQUEST_STATUSES)[number];
/** 001 §7: PUT /api/bonus/form/requests action APPROVE or REJECT. */
export const BONUS_REQUEST_ACTIONS = ['APPROVE', 'REJECT'] as const;
export type BonusRequestAction = (typeof BONUS_REQUEST_ACTIONS)[number];
/** The two lists of requests: the pending queue (/bonus/form/requests) and the decided ones (/bonus/form/history). */
export const BONUS_REQUEST_VIEWS = ['pending', 'history'] as const;

export const BONUS_FORM_TITLE_MAX = 80;

export const BONUS_FORM_MESSAGES = {
  // 001 §8
  DELETE_FAILED: 'Failed to delete bonus form',
  DELETE_ERROR: 'An error occurred while deleting the bonus form',
  REJECT_FAILED: 'Failed to reject bonus request',
  REJECT_ERROR: 'An error occurred while rejecting the bonus',
  // Designed in the same style (the spec shows no approve or create failure text).
  APPROVE_FAILED: 'Failed to approve bonus request',
  APPROVE_ERROR: 'An error occurred while approving the bonus',
  CREATE_FAILED: 'Failed to create bonus form',
  REQUEST_FAILED: 'Failed to send bonus request',
  // Successes
  FORM_CREATED: 'Bonus form created!',
  FORM_DELETED: 'Bonus form deleted!',
  REQUEST_CREATED: 'Bonus request sent!',
  APPROVED: 'Bonus request approved!',
  REJECTED: 'Bonus request rejected!',
  // 001 §5 rules: "in the bonus form top-up the amount must be above 0; note required (max 200); accept checkbox required";
  // "Reject bonus request: note required (shown to the player)".
  AMOUNT_ABOVE_ZERO: 'Amount must be above 0.',
  NOTE_REQUIRED: TOPUP_MESSAGES.NOTE_REQUIRED,
  NOTE_MAX: TOPUP_MESSAGES.NOTE_MAX,
  ACCEPT_REQUIRED: TOPUP_MESSAGES.ACCEPT_REQUIRED,
  REJECT_NOTE_REQUIRED: PAYMENT_MESSAGES.NOTE_REQUIRED,
  // The form's fields
  TITLE_REQUIRED: 'Title is required.',
  TITLE_MAX: `Title can be at most ${BONUS_FORM_TITLE_MAX} characters.`,
  PRIZE_TYPE_REQUIRED: 'Choose cash prize or locked prize.',
  DEFAULT_AMOUNT_ABOVE_ZERO: 'Default amount must be above 0.',
  MAX_AMOUNT_ABOVE_ZERO: 'Maximum amount must be above 0.',
  DEFAULT_OVER_MAX: 'Default amount cannot exceed the maximum amount.',
  OPERATOR_REQUIRED: MSG.OPERATOR_NOT_FOUND,
  // Requests and decisions
  ACTION_REQUIRED: 'action must be APPROVE or REJECT.',
  PLAYER_CODE_REQUIRED: MSG.PLAYER_CODE_REQUIRED,
  FORM_NOT_FOUND: 'Bonus form not found.',
  REQUEST_NOT_FOUND: 'Bonus request not found.',
  FORM_INACTIVE: 'This bonus form is not active: activate it or choose another one.',
  PLAYER_NOT_IN_OPERATOR: "This player does not belong to the bonus form's operator.",
  PLAYER_DELETED: 'This player is deleted.',
  overMax: (max: string) => `Amount cannot exceed the bonus form's maximum of ${formatUsd(max)}.`,
  /** The loser of two staff deciding at once. */
  alreadyDecided: (status: string, by: string | null) => `This bonus request is already ${status === 'APPROVED' ? 'approved' : 'rejected'}${by ? ` by ${by}` : ''}.`,
  NOTHING_TO_CREDIT: 'The amount is too small to credit in the wallet\'s currency.',
} as const;

/** An amount in USD typed by staff: a decimal with at most 8 places, above 0. */
const usdAmount = (above: string) => z.string({ error: AMOUNT_MESSAGES.NOT_A_NUMBER }).trim()
  .regex(/^-?\d{1,14}(\.\d{1,8})?$/, { message: AMOUNT_MESSAGES.FORMAT, abort: true })
  .refine((v) => DECIMAL_PATTERN.test(v) && toUnits(v) > 0n, above);

const note = z.string({ error: BONUS_FORM_MESSAGES.NOTE_REQUIRED }).trim().min(1, BONUS_FORM_MESSAGES.NOTE_REQUIRED).max(NOTE_MAX, BONUS_FORM_MESSAGES.NOTE_MAX);
const uuidOf = (message: string) => z.string({ error: message }).uuid(message);

/* ---- Forms ---- */

const bonusFormFields = z.object({
  title: z.string({ error: BONUS_FORM_MESSAGES.TITLE_REQUIRED }).trim().min(1, BONUS_FORM_MESSAGES.TITLE_REQUIRED).max(BONUS_FORM_TITLE_MAX, BONUS_FORM_MESSAGES.TITLE_MAX),
  prizeType: z.enum(BONUS_PRIZE_TYPES, { error: BONUS_FORM_MESSAGES.PRIZE_TYPE_REQUIRED }),
  defaultAmountInUSD: usdAmount(BONUS_FORM_MESSAGES.DEFAULT_AMOUNT_ABOVE_ZERO),
  maxAmountInUSD: usdAmount(BONUS_FORM_MESSAGES.MAX_AMOUNT_ABOVE_ZERO),
  isActive: z.boolean().default(true),
});
/** The default amount is at most the maximum. */
const withinMax = (v: { defaultAmountInUSD: string; maxAmountInUSD: string }) =>
  !DECIMAL_PATTERN.test(v.defaultAmountInUSD) || !DECIMAL_PATTERN.test(v.maxAmountInUSD) || toUnits(v.maxAmountInUSD) <= 0n
  || toUnits(v.defaultAmountInUSD) <= toUnits(v.maxAmountInUSD);
const overMax = () => ({ message: BONUS_FORM_MESSAGES.DEFAULT_OVER_MAX, path: ['defaultAmountInUSD'] });

/** The New Bonus Form form (/bonus/form/new). */
export const bonusFormForm = bonusFormFields.refine(withinMax, overMax());

/** POST /api/bonus/form (designed): the form plus its operator (or brand). */
export const bonusFormCreateBody = bonusFormFields.extend({
  opId: z.string({ error: BONUS_FORM_MESSAGES.OPERATOR_REQUIRED }).trim().min(1, BONUS_FORM_MESSAGES.OPERATOR_REQUIRED).max(64),
}).refine(withinMax, overMax());

/** DELETE /api/bonus/form?bonusId&opId (001 §7). */
export const bonusFormDeleteQuery = z.object({
  bonusId: uuidOf(BONUS_FORM_MESSAGES.FORM_NOT_FOUND),
  opId: z.string().trim().max(64).optional(),
});

/** POST /api/bonus/form/list (designed): the forms, newest first; deleted ones are not listed. */
export const bonusFormsListBody = listScope.extend({
  prizeType: z.enum(BONUS_PRIZE_TYPES, { error: MSG.filterOneOf('Prize type', BONUS_PRIZE_TYPES) }).optional(),
  isActive: z.enum(['true', 'false'], { error: MSG.filterOneOf('Active', ['true', 'false']) }).optional(),
  title: z.string().trim().max(BONUS_FORM_TITLE_MAX).optional(),
});

export const bonusFormRow = z.object({
  bonusId: z.string(),
  opId: z.string(),
  opTitle: z.string(),
  parentOpTitle: z.string().nullable(),
  title: z.string(),
  prizeType: z.enum(BONUS_PRIZE_TYPES),
  defaultAmountInUSD: z.string(),
  maxAmountInUSD: z.string(),
  isActive: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type BonusFormRow = z.infer<typeof bonusFormRow>;

/* ---- Requests ---- */

/** A request for a player (designed: the form's drawer "Request for a player"). The prize type defaults to the form's. */
export const bonusRequestForm = z.object({
  playerCode: z.string({ error: BONUS_FORM_MESSAGES.PLAYER_CODE_REQUIRED }).trim().min(1, BONUS_FORM_MESSAGES.PLAYER_CODE_REQUIRED).max(64),
  amountInUSD: usdAmount(BONUS_FORM_MESSAGES.AMOUNT_ABOVE_ZERO),
  note,
  prizeType: z.enum(BONUS_PRIZE_TYPES, { error: BONUS_FORM_MESSAGES.PRIZE_TYPE_REQUIRED }).optional(),
});
/** POST /api/bonus/form/requests/new (designed). */
export const bonusRequestCreateBody = bonusRequestForm.extend({
  bonusId: uuidOf(BONUS_FORM_MESSAGES.FORM_NOT_FOUND),
  opId: z.string().trim().max(64).optional(),
});

/** Topup Player (approve a bonus form request), 001 §5: amount above 0, note required (≤ 200), accept checkbox required. */
export const bonusApproveForm = z.object({
  amountInUSD: usdAmount(BONUS_FORM_MESSAGES.AMOUNT_ABOVE_ZERO),
  note,
  accept: z.literal(true, { error: BONUS_FORM_MESSAGES.ACCEPT_REQUIRED }),
});
/** Reject Bonus Request, 001 §5: a note for the player is required (shown to the player). */
export const bonusRejectForm = z.object({
  note: z.string({ error: BONUS_FORM_MESSAGES.REJECT_NOTE_REQUIRED }).trim().min(1, BONUS_FORM_MESSAGES.REJECT_NOTE_REQUIRED).max(NOTE_MAX, BONUS_FORM_MESSAGES.NOTE_MAX),
});

/**
 * PUT /api/bonus/form/requests (001 §7: opId, bonusId, amountInUSD, note, playerCode, action APPROVE
 * or REJECT), plus the request's id (`requestId`: a player may hold several requests of one form)
 * and the accept checkbox of Topup Player. APPROVE is checked with the Topup Player form's rules,
 * REJECT with Reject Bonus Request's: the same schemas as the dialogs.
 */
export const bonusRequestDecisionBody = z.object({
  requestId: uuidOf(BONUS_FORM_MESSAGES.REQUEST_NOT_FOUND),
  opId: z.string().trim().max(64).optional(),
  bonusId: uuidOf(BONUS_FORM_MESSAGES.REQUEST_NOT_FOUND),
  playerCode: z.string({ error: BONUS_FORM_MESSAGES.PLAYER_CODE_REQUIRED }).trim().min(1, BONUS_FORM_MESSAGES.PLAYER_CODE_REQUIRED).max(64),
  action: z.enum(BONUS_REQUEST_ACTIONS, { error: BONUS_FORM_MESSAGES.ACTION_REQUIRED }),
  amountInUSD: z.string().optional(),
  note: z.string().optional(),
  accept: z.boolean().optional(),
  ...fourEyesFields,
}).transform((v, ctx) => {
  const rule = v.action === 'APPROVE' ? bonusApproveForm : bonusRejectForm;
  const r = rule.safeParse(v.action === 'APPROVE' ? { amountInUSD: v.amountInUSD, note: v.note, accept: v.accept } : { note: v.note });
  if (!r.success) {
    for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path as (string | number)[] });
    return z.NEVER;
  }
  const d = r.data as { note: string; amountInUSD?: string };
  return { ...v, note: d.note, amountInUSD: d.amountInUSD };
});

/** POST /api/bonus/form/requests/list (designed): the pending queue or the decided history. */
export const bonusRequestsListBody = listScope.extend({
  view: z.enum(BONUS_REQUEST_VIEWS).default('pending'),
  status: z.enum(BONUS_REQUEST_STATUSES).optional(),
  bonusId: z.string().uuid(BONUS_FORM_MESSAGES.FORM_NOT_FOUND).optional(),
  playerCode: z.string().trim().max(64).optional(),
  prizeType: z.enum(BONUS_PRIZE_TYPES).optional(),
});

export const bonusRequestRow = z.object({
  requestId: z.string(),
  bonusId: z.string(),
  formTitle: z.string(),
  /** The form's maximum (USD): Topup Player may not approve more. */
  maxAmountInUSD: z.string(),
  opId: z.string(),
  opTitle: z.string(),
  parentOpTitle: z.string().nullable(),
  playerId: z.string(),
  playerCode: z.string(),
  username: z.string().nullable(),
  prizeType: z.enum(BONUS_PRIZE_TYPES),
  amountInUSD: z.string(),
  note: z.string(),
  status: z.enum(BONUS_REQUEST_STATUSES),
  /** Approved: what was credited (USD), the approval note, the wallet and the amount in its currency. */
  approvedAmountInUSD: z.string().nullable(),
  approveNote: z.string().nullable(),
  walletType: z.enum(['MAIN', 'BONUS']).nullable(),
  creditedAmount: z.string().nullable(),
  creditedCurrency: z.string().nullable(),
  txId: z.string().nullable(),
  /** Rejected: the note shown to the player. */
  noteForPlayer: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Four-eyes: the operator's threshold (null: off) and the first approval of a pending request (null: none). */
  fourEyesThresholdInUSD: z.string().nullable(),
  firstApproval: firstApproval.nullable(),
});
export type BonusRequestRow = z.infer<typeof bonusRequestRow>;
