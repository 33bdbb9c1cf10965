import { z } from 'zod';
import { listScope } from './api.js';
import { DECIMAL_PATTERN, toUnits } from './money.js';
import { bankBody, utopiaWithdrawBody } from './payments.js';

/**
 * Banking: bank accounts, banks, gateways, treasuries (Utopia) and balance conversion
 * (000 §3-5, 001 §3-7). Reuses the schemas of payments.ts; the new ones are here.
 */
export const BANK_ACCOUNT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];
export const GATEWAY_DIRECTIONS = ['DEPOSIT', 'WITHDRAW'] as const;
export type GatewayDirection = (typeof GATEWAY_DIRECTIONS)[number];

export const BANKING_MESSAGES = {
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
} as const;

const UNSIGNED_AMOUNT = /^\d{1,14}(\.\d{1,8})?$/;
/** A positive decimal amount: one message per problem (the format first, then > 0). */
export const positiveDecimal = (message = 'Amount must be greater than zero.') =>
  z.string({ error: 'Amount must be a decimal number.' }).trim()
    .regex(UNSIGNED_AMOUNT, 'Amount must be a decimal number with at most 8 decimals.')
    .refine((v) => !UNSIGNED_AMOUNT.test(v) || toUnits(v) > 0n, message);

const amountString = (message: string) =>
  z.string({ error: message }).trim().regex(/^\d{1,14}(\.\d{1,8})?$/, message);

/** POST /api/paymentsV2/withdraw/bank-accounts/list. */
export const bankAccountsListBody = listScope.extend({
  status: z.enum(BANK_ACCOUNT_STATUSES, { error: 'Status must be pending, approved or rejected.' }).optional(),
  playerCode: z.string().trim().max(64).optional(),
  /** true: only deleted accounts; false: only non-deleted; absent: both (deleted ones flagged isDeleted). */
  deleted: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
});

export interface BankAccountRow {
  uuid: string;
  opId: string;
  status: BankAccountStatus;
  isDeleted: boolean;
  player: { playerId: string; playerCode: string; isTest: boolean };
  playerCode: string;
  bankName: string | null;
  nameOnCard: string | null;
  cardNumber: string | null;
  cardNumberIsDuplicated: boolean;
  iban: string | null;
  ibanIsDuplicated: boolean;
  accountNumber: string | null;
  approvedBy: string | null;
  rejectedBy: string | null;
  confirmedAt: string | null;
  createdAt: string;
  updatedAt: string;
  noteForThePlayer: string | null;
  /** bankName, iban and cardNumber are all empty: the drawer shows a warning. */
  missingDetails: boolean;
}

/** POST /api/banks/list. */
export const banksListBody = listScope.extend({
  status: z.enum(['Active', 'Inactive']).optional(),
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
  direction: z.enum(GATEWAY_DIRECTIONS, { error: 'Direction must be DEPOSIT or WITHDRAW.' }),
  provider: z.string().trim().max(40).optional(),
  isActive: z.boolean().optional(),
});

const feePercentage = z.string({ error: BANKING_MESSAGES.GATEWAY_FEE }).trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, BANKING_MESSAGES.GATEWAY_FEE)
  .refine((v) => DECIMAL_PATTERN.test(v) && toUnits(v) <= toUnits('100'), BANKING_MESSAGES.GATEWAY_FEE);

/** PUT /api/paymentsV2/gateways/:uuid: a partial edit. */
export const gatewayEditBody = z.object({
  title: z.record(z.string(), z.string()).refine((v) => !!v.en?.trim(), 'English title is required.').optional(),
  currencies: z.array(z.string().trim().min(1).max(8)).min(1, 'Choose at least one currency.').optional(),
  minAmount: amountString('Minimum amount must be a decimal number with at most 8 decimals.').optional(),
  maxAmount: amountString('Maximum amount must be a decimal number with at most 8 decimals.').optional(),
  feePercentage: feePercentage.optional(),
  isActive: z.boolean().optional(),
  order: z.number({ error: 'Order must be a whole number.' }).int('Order must be a whole number.').min(0).max(99_999_999).optional(),
}).refine((v) => !v.minAmount || !v.maxAmount || toUnits(v.minAmount) <= toUnits(v.maxAmount), { message: BANKING_MESSAGES.GATEWAY_MIN_MAX, path: ['minAmount'] });

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
export type ExchangeRates = Record<string, { autoRate: boolean; rates: Record<string, string> }>;

/** POST /api/paymentsV2/deposit/test-settings ("Test Your Settings"). */
export const gatewayTestBody = z.object({
  gatewayUuid: z.string({ error: BANKING_MESSAGES.GATEWAY_NOT_FOUND }).uuid(BANKING_MESSAGES.GATEWAY_NOT_FOUND),
  amount: positiveDecimal(),
  currency: z.string().trim().min(1, 'Currency is required.').max(8),
});

/** POST /api/paymentsV2/withdraw/utopia/wallet/withdraw: a positive amount. */
export const utopiaWithdrawPositiveBody = utopiaWithdrawBody.extend({ amount: positiveDecimal() });

export const treasuriesListBody = listScope.extend({ provider: z.string().trim().max(40).optional() });
export const utopiaTransactionsBody = z.object({
  uuid: z.string({ error: BANKING_MESSAGES.WALLET_NOT_FOUND }).uuid(BANKING_MESSAGES.WALLET_NOT_FOUND),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
