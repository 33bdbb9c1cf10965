import { claimState, withdrawClaimBody } from '../../claims.js';
import { z } from 'zod';
import {
  PROVIDER_OUTCOMES, TX_STATUSES, WITHDRAW_PROVIDER_SUFFIXES, depositOrderStatusBody, depositVerifyBody, providerDialogData, rejectDepositOrderBody,
  tomaniBody, tomaniGatewaysQuery, withdrawForceBody, withdrawInProgressBody, withdrawNoSuffixBody, withdrawProviderBody, withdrawResendBody,
} from '../../payments.js';
import { PAYMENTS } from '../meta/payments.js';
import { json, nullableString } from './common.js';
import { txView } from './transactions.js';
import type { SchemasOf } from './types.js';

/** A provider confirmation (JB/Tomani dialog convention: status 1 done, 0 not done) with the withdrawal as it now stands. */
export const providerAnswer = providerDialogData.extend({ transaction: txView });

export const tomaniGateway = z.object({ uuid: z.string(), provider: z.string(), title: z.object({ en: z.string() }) });

/** A re-send: the gateway's answer when it gave one (shown as "Gateway Response"), else nothing. */
export const resendAnswer = z.object({
  gatewayResponse: json,
  outcome: z.enum(PROVIDER_OUTCOMES),
  transactionStatus: z.enum(TX_STATUSES),
}).nullable();

/** The Order Status dialog. `order` is null for a deposit without a provider. */
export const orderStatus = z.object({
  transaction: txView,
  order: z.object({
    provider: z.string(), orderId: z.string(), outcome: z.enum(PROVIDER_OUTCOMES), paid: z.boolean(), description: nullableString, gatewayResponse: json,
  }).nullable(),
  canConfirm: z.boolean(),
});

/** The provider suffix of PUT /api/transactionsV2/withdraw/{suffix}; any other suffix names no route (404). */
export const withdrawSuffixParams = z.object({ suffix: z.enum(WITHDRAW_PROVIDER_SUFFIXES) });

export const PAYMENTS_SCHEMAS = {
  'payments.withdrawInProgress': { body: withdrawInProgressBody, response: txView },
  'payments.withdrawJbForce': { body: withdrawForceBody, response: providerAnswer },
  'payments.tomaniGateways': { query: tomaniGatewaysQuery, response: z.array(tomaniGateway) },
  'payments.withdrawTomani': { body: tomaniBody, response: providerAnswer },
  /** The withdrawal, confirmed by hand (a warning says there is no automation) or rejected. */
  'payments.withdraw': { body: withdrawNoSuffixBody, response: txView },
  /** A confirmation answers the provider's outcome; a rejection answers the withdrawal. */
  'payments.withdrawProvider': { params: withdrawSuffixParams, body: withdrawProviderBody, response: z.union([providerAnswer, txView]) },
  'payments.withdrawClaim': { body: withdrawClaimBody, response: claimState },
  'payments.resend': { body: withdrawResendBody, response: resendAnswer },
  'payments.cpgResend': { body: withdrawResendBody, response: resendAnswer },
  'payments.depositVerify': { body: depositVerifyBody, response: txView },
  'payments.depositReject': { body: rejectDepositOrderBody, response: txView },
  'payments.orderStatus': { body: depositOrderStatusBody, response: orderStatus },
} satisfies SchemasOf<typeof PAYMENTS>;
