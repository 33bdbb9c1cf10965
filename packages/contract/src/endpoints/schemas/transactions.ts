import { z } from 'zod';
import { destinationRevealBody } from '../../banking.js';
import { recordHolder } from '../../claims.js';
import { fourEyesState } from '../../four-eyes.js';
import { transactionsListBody } from '../../payments.js';
import { TRANSACTIONS } from '../meta/transactions.js';
import { isoDate, json, listAnswer, money, nullableString } from './common.js';
import type { SchemasOf } from './types.js';

export const txView = z.object({
  txId: z.string(), opId: z.string(), opTitle: z.string(), parentOpTitle: nullableString, transactionType: z.string(), transactionSubType: nullableString, status: z.string(), walletType: z.string(),
  fromAmount: money, fromCurrency: z.string(), fromAmountInUSD: money, toAmount: money, toCurrency: z.string(), toAmountInUSD: money,
  rateToUsd: z.string(), balanceBefore: money.nullable(), balanceAfter: money.nullable(), gateway: nullableString, gatewayUuid: nullableString,
  provider: nullableString, isFTD: z.boolean(), isDeleted: z.boolean(), note: nullableString, reason: nullableString, playerNote: nullableString,
  /** A withdrawal's destination, its card numbers, IBANs and account numbers masked to the last 4 (`transactions.destinationReveal`). */
  rejectReason: nullableString, countsTowardDailyLimit: z.boolean(), destination: json, extra: json,
  bonusExtraData: z.object({ eligible: z.boolean() }).nullable(),
  createdAt: isoDate, updatedAt: isoDate, confirmedAt: isoDate.nullable(), confirmedBy: nullableString, rejectedAt: isoDate.nullable(),
  rejectedBy: nullableString, createdBy: nullableString,
  player: z.object({ playerId: z.string(), playerCode: z.string(), nickName: nullableString, profile: z.object({ email: z.object({ address: nullableString }) }) }),
  /** The list's "Claimed by" of a withdrawal: who holds it (claims.ts); only the list answers it. */
  holder: recordHolder.optional(),
});
export type TxView = z.infer<typeof txView>;

export const providerCallView = z.object({
  id: z.number(), txId: nullableString, provider: z.string(), action: z.string(), request: json, response: json, outcome: z.string(), createdAt: isoDate,
});

/**
 * Totals of the filtered transactions: per status and currency, and per status in USD. There is
 * no total over every status: confirmed money is never added to rejected or canceled money.
 */
export const txTotalsAnswer = z.object({
  byStatusAndCurrency: z.array(z.object({ status: z.string(), currency: z.string(), count: z.number(), amount: money, amountInUSD: money })),
  byStatus: z.array(z.object({ status: z.string(), count: z.number(), amountInUSD: money })),
  /** How many transactions match (every status). */
  count: z.number(),
  source: z.enum(['rollup', 'rows']),
});

export const TRANSACTIONS_SCHEMAS = {
  'transactions.list': { body: transactionsListBody, response: listAnswer(txView) },
  'transactions.total': { body: transactionsListBody, response: txTotalsAnswer },
  'transactions.depositTotal': { body: transactionsListBody, response: txTotalsAnswer },
  'transactions.details': { params: z.object({ txId: z.string().max(64) }), response: txView.extend({
    providerCalls: z.array(providerCallView),
    /** A pending withdrawal's four-eyes state (what its Approve dialog asks: a reason code, or the second approval). */
    fourEyes: fourEyesState.optional(),
  }) },
  'transactions.destinationReveal': { body: destinationRevealBody, response: z.object({ txId: z.string(), destination: json }) },
  'transactions.delete': { body: z.object({ txId: z.string().max(64) }), response: z.object({ txId: z.string(), isDeleted: z.literal(true) }) },
} satisfies SchemasOf<typeof TRANSACTIONS>;
