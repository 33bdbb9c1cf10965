import { z } from 'zod';
import { listScope, operatorIdFilter } from './api.js';
import { BANK_KEY_MAX, NAME_MAX, NOTE_MAX, QUICK_TIME_FILTERS, REJECT_DEPOSIT_REASON_MIN, VOUCHER_SUBMIT_MIN } from './constants.js';
import { MSG } from './messages.js';
import { AMOUNT_MESSAGES, TOPUP_MESSAGES } from './money.js';
import { fourEyesFields } from './four-eyes.js';

/** Money movement vocabulary (001 §4). */
export const TX_STATUSES = ['CONFIRMED', 'REJECTED', 'IN_PROGRESS', 'PENDING', 'CANCELED', 'IN_FLIGHT'] as const;
export type TxStatus = (typeof TX_STATUSES)[number];
/**
 * What a status means to staff (the chip's hint). IN_FLIGHT: a request to the payment provider is
 * out and its answer not applied yet; nobody can act on the movement until it settles (a job
 * settles it if the answer never comes).
 */
export const TX_STATUS_HINTS: Record<TxStatus, string> = {
  CONFIRMED: 'Done.',
  REJECTED: 'Refused; a withdrawal\'s held amount is refunded.',
  IN_PROGRESS: 'At the payment provider, outcome unknown: settle it from the in-progress queue.',
  PENDING: 'Waiting for a decision.',
  CANCELED: 'Canceled.',
  IN_FLIGHT: 'Sent to the payment provider; waiting for its answer.',
};
export const TX_TYPES = ['DEPOSIT', 'WITHDRAW', 'TOPUP', 'BONUS', 'REFERRAL_PROFIT', 'AFFILIATE', 'CASHBACK', 'TOURNAMENT_PRIZE'] as const;
export type TxType = (typeof TX_TYPES)[number];
export const TX_SUB_TYPES = [
  'BONUS_CLAIM', 'DEPOSIT_BONUS', 'MANUAL_BONUS', 'REGISTRATION_BONUS', 'CASHBACK_CLAIM', 'AFFILIATE_CPA_COMMISSION',
  'AFFILIATE_CPR_COMMISSION', 'AFFILIATE_PROFIT_WITHDRAW', 'BONUS_RELEASE', 'OTHER',
] as const;
export type TxSubType = (typeof TX_SUB_TYPES)[number];

/** Withdraw provider suffixes (001 §7): PUT /api/transactionsV2/withdraw/{suffix}. Tomani and Witcher have none. */
export const WITHDRAW_PROVIDER_SUFFIXES = [
  'caspian-pay', 'central-pay', 'cpg', 'fiat-crypto', 'fx-havale', 'jb', 'maldo-pay', 'mini-pay', 'param-havale', 'parscoinpay',
  'perfect-money', 'sistem-nakit', 'utopia', 'u-wallet', 'web3', 'witcher-v1', 'zi-charge', 'altitude-pay', 'apple-pay-crypto',
  'trust-pay', 'serial-havale', 'vita-havale', 'fast-havale', 'safe-plus-pay',
] as const;
export type WithdrawProviderSuffix = (typeof WITHDRAW_PROVIDER_SUFFIXES)[number];
/** Every payment provider the platform knows. */
export const PAYMENT_PROVIDERS = [...WITHDRAW_PROVIDER_SUFFIXES, 'tomani', 'witcher'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Drawer title by type and sub-type (001 §2). */
export function transactionDrawerTitle(type: string, subType?: string | null): string {
  if (subType === 'DEPOSIT_BONUS') return 'Deposit Bonus Details';
  if (subType === 'MANUAL_BONUS') return 'Manual Bonus Details';
  if (subType === 'REGISTRATION_BONUS') return 'Registration Bonus Details';
  switch (type) {
    case 'DEPOSIT': return 'Deposit Details';
    case 'WITHDRAW': return 'Withdraw Details';
    case 'TOPUP': return 'Topup Details';
    case 'BONUS': return 'Bonus Details';
    default: return 'Transactions Details';
  }
}

export const PAYMENT_MESSAGES = {
  TX_NOT_FOUND: 'Transaction not found.',
  TX_DELETED: 'Transaction Deleted!',
  TX_NOT_DELETABLE: 'Confirmed or in-progress transactions cannot be deleted.',
  /** A pending withdrawal still holds its amount from the player's wallet: only a rejection gives it back. */
  TX_HOLD_NOT_DELETABLE: "A pending withdrawal holds its amount from the player's wallet: reject it first (the amount returns to the wallet), then delete it.",
  TX_CHANGED: 'This transaction was changed by someone else. Refresh and try again.',
  GATEWAY_DELETED: 'Gateway Deleted!',
  WITHDRAW_CONFIRMED: 'Withdraw confirmed succesfully',
  WITHDRAW_REJECTED: 'Withdraw rejected succesfully',
  UNEXPECTED: 'An unexpected error occurred',
  IN_PROGRESS_FAILED: 'An error occurred',
  DEPOSIT_VERIFY_TITLE: 'Unable To Verify Transaction',
  DEPOSIT_VERIFY_THROWN: 'Error happened while processing your request.',
  REJECT_REASON_MIN: `Reason must be at least ${REJECT_DEPOSIT_REASON_MIN} characters.`,
  NOTE_MAX: MSG.NOTE_TOO_LONG,
  NOTE_REQUIRED: 'Note for the player is required',
  ALREADY_HANDLED: (status: string, by: string | null) =>
    `This transaction is already ${status === 'IN_FLIGHT' ? 'being sent to the payment provider' : status.toLowerCase().replace('_', ' ')}${by ? ` by ${by}` : ''}.`,
  NOT_PENDING: 'Only pending transactions can be changed.',
  NOT_IN_PROGRESS: 'Only in-progress withdrawals can be approved or rejected this way.',
  WRONG_PROVIDER: 'This withdrawal does not belong to this payment provider.',
  GATEWAY_REQUIRED: 'Select a gateway.',
  STATUS_APPROVE_OR_REJECT: 'Status must be APPROVE or REJECT.',
  ACTION_TYPE_CONFIRM_OR_REJECT: 'actionType must be confirm or reject.',
  PROVIDER_REQUIRED: 'provider is required.',
  UTOPIA_VOUCHER_MIN: `Voucher code must be at least ${VOUCHER_SUBMIT_MIN} characters.`,
  UTOPIA_OVER_BALANCE: 'Amount cannot exceed the wallet balance.',
  UTOPIA_INTERNAL: 'Internal Error. Please try again later.',
  BALANCE_CONVERTED: (from: string, to: string) => `Balance Converted from ${from} to ${to}!`,
  CONVERT_TO_REQUIRED: 'Choose a currency from the player\'s wallets.',
  CONVERT_FROM_CHOOSE: 'Choose the currency to convert from.',
  CONVERT_SAME_CURRENCY: 'Choose two different currencies.',
  ACTION_TYPE: 'actionType must be confirm or reject.',
  BANK_ACCOUNT_APPROVED: 'Bank account approved succesfully',
  BANK_ACCOUNT_REJECTED: 'Bank account rejected succesfully',
  BANK_UPDATED: 'Bank updated successfully!',
  BANK_ADDED: 'New Bank added!',
  BANK_SELECT_OPERATOR: 'Please select an operator (or your operator or a brand) before creating a bank.',
  BANK_KEY: 'Key may contain letters, underscore and hyphen only.',
  BANK_EN_REQUIRED: 'English bank name is required.',
  BANK_KEY_MAX: `Key must be at most ${BANK_KEY_MAX} characters.`,
  BANK_NAME_MAX: `A bank name must be at most ${NAME_MAX} characters.`,
  BANK_ORDER: 'Order must be a whole number up to 99999999.',
} as const;

const note = z.string().trim().max(NOTE_MAX, PAYMENT_MESSAGES.NOTE_MAX);

/**
 * Why a transaction cannot be deleted (the refusal's message), or null when it can: a delete
 * never moves money, so neither a movement that happened or is under way, nor a pending
 * withdrawal, whose amount is held from the wallet until it is confirmed or rejected.
 */
export function transactionDeleteRefusal(t: { status: string; transactionType: string }): string | null {
  if (t.status === 'CONFIRMED' || t.status === 'IN_PROGRESS' || t.status === 'IN_FLIGHT') return PAYMENT_MESSAGES.TX_NOT_DELETABLE;
  if (t.transactionType === 'WITHDRAW' && t.status === 'PENDING') return PAYMENT_MESSAGES.TX_HOLD_NOT_DELETABLE;
  return null;
}

export const transactionsListBody = listScope.extend({
  transactionType: z.enum(TX_TYPES).optional(),
  transactionSubType: z.enum(TX_SUB_TYPES).optional(),
  status: z.enum(TX_STATUSES).optional(),
  gateway: z.string().trim().max(40).optional(),
  playerCode: z.string().trim().max(64).optional(),
  txId: z.string().trim().max(64).optional(),
  quickTime: z.enum(QUICK_TIME_FILTERS).optional(),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  includeDeleted: z.boolean().optional(),
  /** SUPER_ADMIN and ADMIN (000 §6; the endpoint table refuses it from other roles): exactly this operator, without its brands. */
  operatorId: operatorIdFilter,
  // Deep pages without OFFSET: the keyset `cursor` of listScope.
}).refine((v) => !v.from || !v.to || v.from <= v.to, { message: MSG.DATE_RANGE_INVALID, path: ['from'] });

/**
 * Rejecting a withdrawal returns the money and tells the player why: the note for the player is
 * required on a reject (001 §5 "a note for the player where the dialog asks for it"); approving
 * leaves it optional.
 */
export const withdrawRejectNote = note.min(1, PAYMENT_MESSAGES.NOTE_REQUIRED);
const rejectHasNote = (rejecting: boolean, text: string | undefined) => !rejecting || !!text?.trim();

/** The fields of the General withdraw approve/reject dialog, by decision. */
export const withdrawDecisionForm = (reject: boolean) => z.object({
  playerNote: reject ? withdrawRejectNote : note,
  countsTowardDailyLimit: z.boolean(),
});

/** PUT /api/transactionsV2/withdraw/in-progress. */
export const withdrawInProgressBody = z.object({
  txId: z.string().uuid(PAYMENT_MESSAGES.TX_NOT_FOUND),
  note: note.optional().default(''),
  status: z.enum(['APPROVE', 'REJECT'], { error: PAYMENT_MESSAGES.STATUS_APPROVE_OR_REJECT }),
}).refine((v) => rejectHasNote(v.status === 'REJECT', v.note), { message: PAYMENT_MESSAGES.NOTE_REQUIRED, path: ['note'] });

/** PUT /api/transactionsV2/withdraw/{suffix} (and /jb, /jb/force). */
export const withdrawProviderBody = z.object({
  txId: z.string().uuid(PAYMENT_MESSAGES.TX_NOT_FOUND),
  actionType: z.enum(['confirm', 'reject'], { error: PAYMENT_MESSAGES.ACTION_TYPE_CONFIRM_OR_REJECT }),
  playerNote: note.optional().default(''),
  /** Reject only: counts toward the daily withdraw request limit ("Include in Daily Withdraw Request"). */
  countsTowardDailyLimit: z.boolean().optional(),
  ...fourEyesFields,
}).refine((v) => rejectHasNote(v.actionType === 'reject', v.playerNote), { message: PAYMENT_MESSAGES.NOTE_REQUIRED, path: ['playerNote'] });

/** PUT /api/transactionsV2/withdraw/tomani. */
export const tomaniBody = z.object({
  txId: z.string().uuid(PAYMENT_MESSAGES.TX_NOT_FOUND),
  gatewayUuid: z.string().uuid(PAYMENT_MESSAGES.GATEWAY_REQUIRED),
  provider: z.string({ error: PAYMENT_MESSAGES.PROVIDER_REQUIRED }).trim().min(1, PAYMENT_MESSAGES.PROVIDER_REQUIRED),
  noteForThePlayer: note.optional().default(''),
  withForce: z.boolean().optional(),
  ...fourEyesFields,
});

export const depositVerifyBody = z.object({ txId: z.string().uuid(PAYMENT_MESSAGES.TX_NOT_FOUND) });
export const rejectDepositOrderBody = z.object({
  txId: z.string().uuid(PAYMENT_MESSAGES.TX_NOT_FOUND),
  rejectReason: z.string().trim().min(REJECT_DEPOSIT_REASON_MIN, PAYMENT_MESSAGES.REJECT_REASON_MIN).max(NOTE_MAX, PAYMENT_MESSAGES.NOTE_MAX),
});

export const convertBalanceBody = z.object({
  playerId: z.string().uuid(MSG.PLAYER_NOT_FOUND),
  fromCurrency: z.string().trim().min(1, PAYMENT_MESSAGES.CONVERT_FROM_CHOOSE),
  toCurrency: z.string().trim().min(1, PAYMENT_MESSAGES.CONVERT_TO_REQUIRED),
}).refine((v) => v.fromCurrency !== v.toCurrency, { message: PAYMENT_MESSAGES.CONVERT_SAME_CURRENCY, path: ['toCurrency'] });

export const bankBody = z.object({
  uuid: z.string().uuid().optional(),
  opId: z.string({ error: PAYMENT_MESSAGES.BANK_SELECT_OPERATOR }).trim().min(1, PAYMENT_MESSAGES.BANK_SELECT_OPERATOR),
  key: z.string().trim().min(1, PAYMENT_MESSAGES.BANK_KEY).max(BANK_KEY_MAX, PAYMENT_MESSAGES.BANK_KEY_MAX).regex(/^[A-Za-z_-]+$/, PAYMENT_MESSAGES.BANK_KEY),
  bankName: z.record(z.string(), z.string().max(NAME_MAX, PAYMENT_MESSAGES.BANK_NAME_MAX)).refine((v) => !!v.en?.trim(), PAYMENT_MESSAGES.BANK_EN_REQUIRED),
  order: z.number({ error: PAYMENT_MESSAGES.BANK_ORDER }).int(PAYMENT_MESSAGES.BANK_ORDER).min(0, PAYMENT_MESSAGES.BANK_ORDER).max(99_999_999, PAYMENT_MESSAGES.BANK_ORDER),
  status: z.enum(['Active', 'Inactive']).default('Active'),
});


/* ---- Approval flows of the payments module (appended; the exports above are unchanged). ---- */

export const PAYMENT_FLOW_MESSAGES = {
  COUNTS_TOWARD_DAILY_LIMIT_REQUIRED: 'Include in Daily Withdraw Request is required.',
  NOT_A_WITHDRAWAL: 'This transaction is not a withdrawal.',
  NOT_A_DEPOSIT: 'This transaction is not a deposit.',
  WITCHER_NO_AUTOMATION: 'No automation after confirming a withdraw with the Witcher provider.',
  TOMANI_NEEDS_GATEWAY: 'Confirm Tomani withdrawals by selecting a Tomani gateway.',
  FORCE_CONFIRM_ONLY: 'Force applies to confirming a withdrawal only.',
  NO_PROVIDER: 'This transaction has no payment provider.',
  NO_AUTOMATION: 'This payment provider has no automation: it cannot be re-sent.',
  PROVIDER_TIMEOUT_WITHDRAW: 'The payment provider did not answer in time. The withdrawal is now in progress: settle it from the in-progress queue.',
  PROVIDER_TIMEOUT_DEPOSIT: 'The payment provider did not answer in time. Try again later.',
  PROVIDER_FAILED: 'The payment provider refused the request.',
  RESEND_STATUS: 'Only pending or in-progress withdrawals can be re-sent.',
  RESENT: 'Withdraw re-sent to the gateway.',
  DEPOSIT_VERIFIED: 'Deposit verified succesfully',
  DEPOSIT_ORDER_REJECTED: 'Deposit order rejected succesfully',
  PROVIDER_NEVER_RECEIVED: 'The provider never received the request.',
} as const;

/** PUT /api/transactionsV2/withdraw (providers without a suffix: Witcher, Tomani reject). Same body as JB. */
export const withdrawNoSuffixBody = withdrawProviderBody;
/** PUT /api/transactionsV2/withdraw/jb/force. */
export const withdrawForceBody = z.object({
  txId: z.string().uuid(PAYMENT_MESSAGES.TX_NOT_FOUND),
  actionType: z.enum(['confirm', 'reject'], { error: PAYMENT_MESSAGES.ACTION_TYPE_CONFIRM_OR_REJECT }).default('confirm'),
  playerNote: note.optional().default(''),
});
/** POST /api/transactionsV2/withdraw/resend and /withdraw/cpg/resend. */
export const withdrawResendBody = z.object({ txId: z.string().uuid(PAYMENT_MESSAGES.TX_NOT_FOUND) });
/** GET /api/transactionsV2/withdraw/tomani/gateways?opId. */
export const tomaniGatewaysQuery = z.object({ opId: z.string({ error: MSG.OPERATOR_NOT_FOUND }).trim().min(1, MSG.OPERATOR_NOT_FOUND) });
/** POST /api/deposit/orders/status (the Order Status dialog). */
export const depositOrderStatusBody = z.object({ txId: z.string().uuid(PAYMENT_MESSAGES.TX_NOT_FOUND) });

/** What a provider call answered, in the JB/Tomani dialog convention: status 1 done, 0 not done (force may be offered). */
export const providerDialogData = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  description: z.string().nullable(),
  canForce: z.boolean(),
});
export type ProviderDialogData = z.infer<typeof providerDialogData>;

/** How a payment provider answered a call. */
export const PROVIDER_OUTCOMES = ['SUCCESS', 'FAILED', 'NEEDS_FORCE', 'TIMEOUT'] as const;
export type ProviderOutcome = (typeof PROVIDER_OUTCOMES)[number];

/**
 * Approvals of pending rewards (001 §7): PUT /api/transactions/cashback, /api/transactions/bonus,
 * /api/transactions/affiliate/withdraw and /api/transactionsV2/referral-claim.
 */
export const rewardDecisionBody = z.object({
  txId: z.string().uuid(PAYMENT_MESSAGES.TX_NOT_FOUND),
  actionType: z.enum(['confirm', 'reject'], { error: PAYMENT_MESSAGES.ACTION_TYPE }),
  noteForThePlayer: z.string().trim().max(NOTE_MAX, PAYMENT_MESSAGES.NOTE_MAX).optional().default(''),
  playerCode: z.string().trim().optional(),
});

/** POST /api/reports/cashback/claim and POST /api/reports/affiliate/profit/withdraw: move a side wallet to MAIN. */
export const walletClaimBody = z.object({
  opId: z.string().trim().optional(),
  playerCode: z.string().trim().min(1, TOPUP_MESSAGES.PLAYER_CODE_REQUIRED),
  /** Affiliate profit withdraw: the amount the staff member saw (must equal the balance, so a stale screen cannot pay a different amount). */
  totalProfitInUSD: z.string().trim().regex(/^\d{1,14}(\.\d{1,8})?$/, AMOUNT_MESSAGES.FORMAT).optional(),
});

export const REWARD_MESSAGES = {
  CASHBACK_CONFIRMED: 'Cashback confirmed succesfully',
  CASHBACK_REJECTED: 'Cashback rejected succesfully',
  BONUS_CONFIRMED: 'Bonus confirmed succesfully',
  BONUS_REJECTED: 'Bonus rejected succesfully',
  REFERRAL_APPROVED: 'Referral claim approved succesfully.',
  AFFILIATE_WITHDRAWN: 'Affiliate profit withdrawn succesfully.',
  CASHBACK_CLAIMED: 'Cashback claimed succesfully.',
  NOTHING_TO_CLAIM: 'There is nothing to claim.',
  INSUFFICIENT_SOURCE: 'The player does not hold enough in this wallet.',
  STALE_AMOUNT: 'The amount has changed. Refresh and try again.',
  WRONG_TYPE: 'This transaction cannot be handled here.',
} as const;

/** Claims that move money from a side wallet to MAIN when approved (001 §4). */
export const CLAIM_SOURCE_WALLET: Record<string, 'BONUS' | 'CASHBACK' | 'AFFILIATE' | undefined> = {
  BONUS_CLAIM: 'BONUS', CASHBACK_CLAIM: 'CASHBACK', AFFILIATE_PROFIT_WITHDRAW: 'AFFILIATE',
};
