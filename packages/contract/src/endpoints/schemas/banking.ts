import { z } from 'zod';
import {
  BANK_STATUSES, GATEWAY_DIRECTIONS, bankAccountActionBody, bankAccountNumbers, bankAccountRevealBody, bankAccountRow, bankAccountsListBody, bankDeleteQuery, bankEditBody, banksListBody,
  exchangeRatesAnswer, exchangeRatesBody, gatewayDeleteBody, gatewayEditBody, gatewayTestBody, gatewaysListBody, treasuriesListBody, utopiaTopupBody,
  utopiaTransactionsBody, utopiaWithdrawPositiveBody,
} from '../../banking.js';
import { bankBody, convertBalanceBody } from '../../payments.js';
import { BANKING } from '../meta/banking.js';
import { isoDate, json, listAnswer, money, nullableString, opTitles } from './common.js';
import type { SchemasOf } from './types.js';

const uuidParam = z.object({ uuid: z.string().max(64) });
const names = z.record(z.string(), z.string());

export const bankView = z.object({
  uuid: z.string(), opId: z.string(), ...opTitles, key: z.string(), bankName: names, order: z.number().int(), status: z.enum(BANK_STATUSES),
  createdAt: isoDate, updatedAt: isoDate,
});

export const gatewayView = z.object({
  uuid: z.string(), opId: z.string(), ...opTitles, direction: z.enum(GATEWAY_DIRECTIONS), provider: z.string(), title: names, currencies: z.array(z.string()),
  minAmount: money, maxAmount: money, feePercentage: z.string(), isActive: z.boolean(), isDeleted: z.boolean(), order: z.number().int(),
  config: json, createdAt: isoDate, updatedAt: isoDate,
});

export const gatewayTestAnswer = z.object({
  gatewayUuid: z.string(), currency: z.string(), amount: money, feePercentage: z.string(), fee: money, amountAfterFee: money,
  amountInUSD: money, amountAfterFeeInUSD: money, minAmount: money, maxAmount: money, withinLimits: z.boolean(), message: z.string(),
});

/** A treasury, with the shape the Utopia wallet dialog reads (001 §3: configs.config.wallets[0].balance). */
export const treasuryView = z.object({
  uuid: z.string(), opId: z.string(), ...opTitles, provider: z.string(), title: z.string(), currency: z.string(), balance: money, updatedAt: isoDate,
  configs: z.object({
    provider: z.string(),
    // The provider's own settings (customer id…) ride along; the wallets are what the console reads.
    config: z.looseObject({ wallets: z.array(z.object({ currency: z.string(), balance: money })) }),
  }),
});

export const treasuryEntryView = z.object({
  txId: z.string(), createdAt: isoDate, updatedAt: isoDate, voucherCode: nullableString, customerId: nullableString, amount: money, fee: money,
  currency: z.string(), transactionSubType: nullableString, status: z.string(), transactionType: z.string(), voucherRefNo: nullableString,
  confirmedAt: isoDate.nullable(), balanceAfter: money, createdBy: nullableString,
});

/** What a Utopia wallet movement answers. */
export const treasuryMovement = z.object({ txId: z.string(), amount: money, currency: z.string(), balanceBefore: money, balanceAfter: money });

export const convertAnswer = z.object({
  refId: z.string(), playerId: z.string(), playerCode: z.string(), fromCurrency: z.string(), toCurrency: z.string(),
  fromAmount: money, toAmount: money, fromAmountInUSD: money, toAmountInUSD: money,
  fromBalanceAfter: money, toBalanceBefore: money, toBalanceAfter: money,
});

const deleted = z.object({ uuid: z.string() });

export const BANKING_SCHEMAS = {
  'banking.bankAccountsList': { body: bankAccountsListBody, response: listAnswer(bankAccountRow) },
  'banking.bankAccountGet': { params: uuidParam, response: bankAccountRow },
  'banking.bankAccountReveal': { body: bankAccountRevealBody, response: bankAccountNumbers },
  'banking.bankAccountDecide': { body: bankAccountActionBody, response: bankAccountRow },

  'banking.banksList': { body: banksListBody, response: listAnswer(bankView) },
  'banking.bankCreate': { body: bankBody, response: bankView },
  'banking.bankUpdate': { body: bankEditBody, response: bankView },
  'banking.bankDelete': { query: bankDeleteQuery, response: deleted },

  'banking.gatewaysList': { body: gatewaysListBody, response: listAnswer(gatewayView) },
  'banking.gatewayGet': { params: uuidParam, response: gatewayView },
  'banking.gatewayUpdate': { params: uuidParam, body: gatewayEditBody, response: gatewayView },
  'banking.depositGatewayDelete': { body: gatewayDeleteBody, response: deleted },
  'banking.withdrawGatewayDelete': { body: gatewayDeleteBody, response: deleted },
  'banking.depositExchangeRates': { body: exchangeRatesBody, response: exchangeRatesAnswer },
  'banking.depositTestSettings': { body: gatewayTestBody, response: gatewayTestAnswer },

  'banking.treasuriesList': { body: treasuriesListBody, response: listAnswer(treasuryView) },
  'banking.utopiaTopup': { body: utopiaTopupBody, response: treasuryMovement },
  'banking.utopiaWithdraw': { body: utopiaWithdrawPositiveBody, response: treasuryMovement },
  'banking.utopiaTransactions': { body: utopiaTransactionsBody, response: listAnswer(treasuryEntryView).extend({ wallet: treasuryView }) },

  'banking.walletConvert': { body: convertBalanceBody, response: convertAnswer },
} satisfies SchemasOf<typeof BANKING>;
