import { z } from 'zod';
import { listPaging, listScope } from './api.js';
import { NAME_MAX, NOTE_MAX, VOUCHER_SUBMIT_MIN } from './constants.js';
import { AMOUNT_MESSAGES, DECIMAL_PATTERN, TOPUP_MESSAGES, toUnits } from './money.js';
import { PAYMENT_MESSAGES, bankBody } from './payments.js';

/**
 * Banking: bank accounts, banks, gateways, treasuries (Utopia) and balance conversion
 * (000 §3-5, 001 §3-7). Reuses the schemas of payments.ts; the new ones are here.
 */
export const BANK_ACCOUNT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];
export const BANK_STATUSES = ['Active', 'Inactive'] as const;
export type BankStatus = (typeof BANK_STATUSES)[number];

export const GATEWAY_DIRECTIONS = ['DEPOSIT', 'WITHDRAW'] as const;
export type GatewayDirection = (typeof GATEWAY_DIRECTIONS)[number];

export const BANKING_MESSAGES = {
  REVEAL_REASON: 'Say why you need the full numbers (5 to 500 characters).',
  BANK_ACCOUNT_NOT_FOUND: 'Bank account not found.',
  BANK_ACCOUNT_ALREADY_APPROVED: 'Bank account is already approved.',
  BANK_ACCOUNT_ALREADY_REJECTED: 'Bank account is already rejected.',
  BANK_ACCOUNT_DELETED: 'A deleted bank account cannot be changed.',
  BANK_ACCOUNT_CHANGED: 'Bank account was changed meanwhile, refresh and try again.',
  BANK_ACCOUNT_PLAYER_MISMATCH: 'The bank account does not belong to this player.',
  BANK_NOT_FOUND: 'Bank not found.',
  BANK_DELETED: 'Bank deleted!',
  BANK_KEY_EXISTS: 'A bank with this key already exists for the operator.',
  BANK_LANG_NOT_ALLOWED: (langs: string[]) => `Bank names are allowed only in the operator's languages: ${langs.join(', ')}.`,
  GATEWAY_NOT_FOUND: 'Gateway not found.',
  GATEWAY_UPDATED: 'Gateway updated!',
  GATEWAY_MIN_MAX: 'Minimum amount cannot exceed the maximum amount.',
  GATEWAY_FEE: 'Fee percentage must be between 0 and 100.',
  GATEWAY_CURRENCY_NOT_ALLOWED: (c: string) => `Currency ${c} is not allowed for the operator.`,
  GATEWAY_CURRENCY_NOT_ACCEPTED: (c: string) => `This gateway does not accept ${c}.`,
  GATEWAY_BELOW_MIN: (min: string) => `Amount is below the gateway minimum of ${min} USD.`,
  GATEWAY_ABOVE_MAX: (max: string) => `Amount is above the gateway maximum of ${max} USD.`,
  GATEWAY_WITHIN_LIMITS: 'Amount is within the gateway limits.',
  WALLET_NOT_FOUND: 'Wallet not found.',
  UTOPIA_TOPUP_DONE: 'Utopia wallet topped up!',
  UTOPIA_WITHDRAW_DONE: 'Utopia wallet withdrawal done!',
  UTOPIA_VOUCHER_REDEEMED: 'This voucher code has already been redeemed.',
  NOTHING_TO_CONVERT: 'Nothing to convert.',
  CONVERT_FROM_REQUIRED: 'The player has no wallet in this currency.',
  BANK_ACCOUNT_STATUS: 'Status must be pending, approved or rejected.',
  GATEWAY_DIRECTION: 'Direction must be DEPOSIT or WITHDRAW.',
  GATEWAY_TITLE_EN: 'English title is required.',
  GATEWAY_TITLE_MAX: `A title must be at most ${NAME_MAX} characters.`,
  GATEWAY_CURRENCIES: 'Choose at least one currency.',
  GATEWAY_ORDER: 'Order must be a whole number.',
} as const;

/** What the simulated Utopia voucher service answers when it refuses a voucher. */
export const UTOPIA_SIM_MESSAGES = {
  USED: 'Voucher has already been used.',
  INVALID: 'Voucher code is not valid.',
  EMPTY: 'Voucher has no value.',
} as const;

const UNSIGNED_AMOUNT = /^\d{1,14}(\.\d{1,8})?$/;
/** A positive decimal amount: one message per problem (the format first, then > 0). */
export const positiveDecimal = (message: string = AMOUNT_MESSAGES.POSITIVE) =>
  z.string({ error: AMOUNT_MESSAGES.NOT_A_NUMBER }).trim()
    .regex(UNSIGNED_AMOUNT, AMOUNT_MESSAGES.FORMAT)
    .refine((v) => !UNSIGNED_AMOUNT.test(v) || toUnits(v) > 0n, message);

const AMOUNT_STRING = /^\d{1,14}(\.\d{1,8})?$/;
const amountString = (message: string) =>
  z.string({ error: message }).trim().regex(AMOUNT_STRING, message);

/** POST /api/paymentsV2/withdraw/bank-accounts/list. */
export const bankAccountsListBody = listScope.extend({
  status: z.enum(BANK_ACCOUNT_STATUSES, { error: BANKING_MESSAGES.BANK_ACCOUNT_STATUS }).optional(),
  playerCode: z.string().trim().max(64).optional(),
  /** true: only deleted accounts; false: only non-deleted; absent: both (deleted ones flagged isDeleted). */
  deleted: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
});

/** PUT /api/paymentsV2/withdraw/bank-accounts: approve or reject (a decided account: redo). */
export const bankAccountActionBody = z.object({
  uuid: z.string().uuid(BANKING_MESSAGES.BANK_ACCOUNT_NOT_FOUND),
  actionType: z.enum(['approve', 'reject']),
  playerNote: z.string().trim().min(1, PAYMENT_MESSAGES.NOTE_REQUIRED).max(NOTE_MAX, PAYMENT_MESSAGES.NOTE_MAX),
  playerCode: z.string().trim().optional(),
  /** Redo an already decided (non-deleted) account: needs redo_bank_account_actions. */
  redo: z.boolean().optional(),
});

/** A player's bank account as the list, the detail and the decision answer it. */
export const bankAccountRow = z.object({
  uuid: z.string(),
  opId: z.string(),
  status: z.enum(BANK_ACCOUNT_STATUSES),
  isDeleted: z.boolean(),
  player: z.object({ playerId: z.string(), playerCode: z.string(), isTest: z.boolean() }),
  playerCode: z.string(),
  bankName: z.string().nullable(),
  nameOnCard: z.string().nullable(),
  cardNumber: z.string().nullable(),
  cardNumberIsDuplicated: z.boolean(),
  iban: z.string().nullable(),
  ibanIsDuplicated: z.boolean(),
  accountNumber: z.string().nullable(),
  approvedBy: z.string().nullable(),
  rejectedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  noteForThePlayer: z.string().nullable(),
  /** bankName, iban and cardNumber are all empty: the drawer shows a warning. */
  missingDetails: z.boolean(),
});
export type BankAccountRow = z.infer<typeof bankAccountRow>;

/**
 * Card numbers, IBANs and account numbers are shown masked to their last 4 characters
 * ("•••• 1234"); the full value is a deliberate reveal that writes an activity with its reason.
 */
export const maskTail = (v: string | null): string | null => {
  if (v === null || !v.trim()) return v;
  const t = v.replace(/\s+/g, '');
  return t.length <= 4 ? '••••' : `•••• ${t.slice(-4)}`;
};

/**
 * The keys of a withdrawal's destination (`transactions.destination`, top level, any case) that
 * hold a card number, IBAN or account number: every answer shows them masked by `maskTail`.
 */
export const DESTINATION_SECRET_KEYS = ['iban', 'cardnumber', 'card', 'pan', 'accountnumber', 'account'] as const;
const SECRET_KEYS: ReadonlySet<string> = new Set(DESTINATION_SECRET_KEYS);
export const isDestinationSecret = (key: string) => SECRET_KEYS.has(key.toLowerCase());

/** A withdrawal's destination with its card numbers, IBANs and account numbers masked (anything else as it is). */
export function maskDestination(d: unknown): unknown {
  if (d === null || typeof d !== 'object' || Array.isArray(d)) return d;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d as Record<string, unknown>)) {
    out[k] = isDestinationSecret(k) && (typeof v === 'string' || typeof v === 'number') ? maskTail(String(v)) : v;
  }
  return out;
}

/** POST /api/transactionsV2/withdraw/destination/reveal: the full destination of one withdrawal, with the reason. */
export const destinationRevealBody = z.object({
  txId: z.string().uuid(),
  reason: z.string({ error: BANKING_MESSAGES.REVEAL_REASON }).trim().min(5, BANKING_MESSAGES.REVEAL_REASON).max(500, BANKING_MESSAGES.REVEAL_REASON),
});

/** POST /api/paymentsV2/withdraw/bank-accounts/reveal: the full numbers of one account, with the reason. */
export const bankAccountRevealBody = z.object({
  uuid: z.string().uuid(),
  reason: z.string({ error: BANKING_MESSAGES.REVEAL_REASON }).trim().min(5, BANKING_MESSAGES.REVEAL_REASON).max(500, BANKING_MESSAGES.REVEAL_REASON),
});
export const bankAccountNumbers = z.object({
  uuid: z.string(), cardNumber: z.string().nullable(), iban: z.string().nullable(), accountNumber: z.string().nullable(),
});

/** POST /api/banks/list. */
export const banksListBody = listScope.extend({
  status: z.enum(BANK_STATUSES).optional(),
  key: z.string().trim().max(64).optional(),
});

/** PUT /api/banks: the bank's uuid; opId may be omitted by SUPER_ADMIN and ADMIN (all languages then). */
export const bankEditBody = bankBody.extend({
  uuid: z.string({ error: BANKING_MESSAGES.BANK_NOT_FOUND }).uuid(BANKING_MESSAGES.BANK_NOT_FOUND),
  opId: z.string().trim().optional(),
});

export const bankDeleteQuery = z.object({
  uuid: z.string({ error: BANKING_MESSAGES.BANK_NOT_FOUND }).uuid(BANKING_MESSAGES.BANK_NOT_FOUND),
  opId: z.string().trim().optional(),
});

/** POST /api/paymentsV2/gateways/list (V1 and V2 pages). */
export const gatewaysListBody = listScope.extend({
  direction: z.enum(GATEWAY_DIRECTIONS, { error: BANKING_MESSAGES.GATEWAY_DIRECTION }),
  provider: z.string().trim().max(40).optional(),
  isActive: z.boolean().optional(),
});

const feePercentage = z.string({ error: BANKING_MESSAGES.GATEWAY_FEE }).trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, BANKING_MESSAGES.GATEWAY_FEE)
  .refine((v) => DECIMAL_PATTERN.test(v) && toUnits(v) <= toUnits('100'), BANKING_MESSAGES.GATEWAY_FEE);

/** PUT /api/paymentsV2/gateways/:uuid: a partial edit. */
export const gatewayEditBody = z.object({
  title: z.record(z.string(), z.string().max(NAME_MAX, BANKING_MESSAGES.GATEWAY_TITLE_MAX)).refine((v) => !!v.en?.trim(), BANKING_MESSAGES.GATEWAY_TITLE_EN).optional(),
  currencies: z.array(z.string().trim().min(1).max(8)).min(1, BANKING_MESSAGES.GATEWAY_CURRENCIES).optional(),
  minAmount: amountString(AMOUNT_MESSAGES.MIN_FORMAT).optional(),
  maxAmount: amountString(AMOUNT_MESSAGES.MAX_FORMAT).optional(),
  feePercentage: feePercentage.optional(),
  isActive: z.boolean().optional(),
  order: z.number({ error: BANKING_MESSAGES.GATEWAY_ORDER }).int(BANKING_MESSAGES.GATEWAY_ORDER).min(0).max(99_999_999).optional(),
}).refine((v) => !v.minAmount || !v.maxAmount || !AMOUNT_STRING.test(v.minAmount) || !AMOUNT_STRING.test(v.maxAmount)
  // Compared only when both passed their own format check (each refused value has its message already).
  || toUnits(v.minAmount) <= toUnits(v.maxAmount), { message: BANKING_MESSAGES.GATEWAY_MIN_MAX, path: ['minAmount'] });

/** DELETE /api/paymentsV2/deposit and /withdraw: the gateway object in the body. */
export const gatewayDeleteBody = z.object({
  uuid: z.string({ error: BANKING_MESSAGES.GATEWAY_NOT_FOUND }).uuid(BANKING_MESSAGES.GATEWAY_NOT_FOUND),
}).passthrough();

/** POST /api/paymentsV2/deposit/exchange-rates. */
export const exchangeRatesBody = z.object({
  playerWalletCurrencies: z.array(z.string().trim().min(1).max(8)).max(50),
  gatewayCurrencies: z.array(z.string().trim().min(1).max(8)).max(50),
  gatewayUuid: z.string().uuid().optional(),
});
/** Per player wallet currency: whether the rate is automatic, and units of each gateway currency per unit. */
export const exchangeRatesAnswer = z.record(z.string(), z.object({ autoRate: z.boolean(), rates: z.record(z.string(), z.string()) }));
export type ExchangeRates = z.infer<typeof exchangeRatesAnswer>;

/** POST /api/paymentsV2/deposit/test-settings ("Test Your Settings"). */
export const gatewayTestBody = z.object({
  gatewayUuid: z.string({ error: BANKING_MESSAGES.GATEWAY_NOT_FOUND }).uuid(BANKING_MESSAGES.GATEWAY_NOT_FOUND),
  amount: positiveDecimal(),
  currency: z.string().trim().min(1, TOPUP_MESSAGES.CURRENCY_REQUIRED).max(8),
});

/** POST /api/paymentsV2/withdraw/utopia/wallet/topup: a voucher code. */
export const utopiaTopupBody = z.object({
  uuid: z.string().uuid(BANKING_MESSAGES.WALLET_NOT_FOUND),
  voucherCode: z.string().trim().min(VOUCHER_SUBMIT_MIN, PAYMENT_MESSAGES.UTOPIA_VOUCHER_MIN).max(64),
});
export const utopiaWithdrawBody = z.object({
  uuid: z.string().uuid(BANKING_MESSAGES.WALLET_NOT_FOUND),
  amount: z.string().trim().regex(UNSIGNED_AMOUNT, AMOUNT_MESSAGES.FORMAT),
});
/** POST /api/paymentsV2/withdraw/utopia/wallet/withdraw: a positive amount. */
export const utopiaWithdrawPositiveBody = utopiaWithdrawBody.extend({ amount: positiveDecimal() });

export const treasuriesListBody = listScope.extend({ provider: z.string().trim().max(40).optional() });
export const utopiaTransactionsBody = listPaging.extend({
  uuid: z.string({ error: BANKING_MESSAGES.WALLET_NOT_FOUND }).uuid(BANKING_MESSAGES.WALLET_NOT_FOUND),
});
