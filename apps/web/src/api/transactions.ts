import { useQuery } from '@tanstack/react-query';
import { MSG, PAYMENT_MESSAGES } from '@pitboss/contract';
import type { BodyOf, DataOf } from '@pitboss/contract/endpoint-schemas';
import { apiData } from './endpoint';
import { compact, httpStatusOr } from './client';

export { txKeys } from './tx-keys';
import { txKeys } from './tx-keys';

/** A transaction as the list and the details answer it (from the endpoint table). */
export type TxView = DataOf<'transactions.list'>['items'][number];
export type TxDetails = DataOf<'transactions.details'>;
export type ProviderCall = TxDetails['providerCalls'][number];
export type TxTotals = DataOf<'transactions.total'>;

type ListBody = BodyOf<'transactions.list'>;
export const fetchTransactions = (body: Record<string, unknown>) => apiData('transactions.list', { body: compact(body) as ListBody });
export const fetchTotals = (body: Record<string, unknown>) => apiData('transactions.total', { body: compact(body) as ListBody });

export const useTransaction = (txId: string | undefined) =>
  useQuery({
    queryKey: txKeys.detail(txId ?? ''),
    queryFn: () => apiData('transactions.details', { params: { txId: txId ?? '' } }),
    enabled: !!txId,
  });

/* ---- Withdraw actions (001 §4) and deposit orders: money calls of the table (an Idempotency-Key each). ---- */

/** How the payment dialogs report a failure (001 §8): "Unable To Proceed" with the messages, "HTTP {status}" without, `thrown` when nothing answered. */
export const paymentErrors = (thrown: string = PAYMENT_MESSAGES.UNEXPECTED, errorTitle: string = MSG.UNABLE_TO_PROCEED) => ({ errorTitle, errorFallback: httpStatusOr(thrown) });

/** What a provider confirmation answers (status 0: not done; canForce: Force Approve offered), with the withdrawal. */
export type ProviderAnswer = DataOf<'payments.withdrawJbForce'>;

export type TomaniGateway = DataOf<'payments.tomaniGateways'>[number];
export const useTomaniGateways = (opId: string, enabled: boolean) =>
  useQuery({
    queryKey: txKeys.tomaniGateways(opId),
    queryFn: () => apiData('payments.tomaniGateways', { query: { opId } }),
    enabled,
  });

/* ---- Deposit orders. ---- */

export type OrderStatus = DataOf<'payments.orderStatus'>;
export const fetchOrderStatus = (txId: string) => apiData('payments.orderStatus', { body: { txId } });
