import { useQuery } from '@tanstack/react-query';
import type { ProviderDialogData } from '@pitboss/contract';
import type { BodyOf, DataOf } from '@pitboss/contract/endpoint-schemas';
import { api, apiData } from './endpoint';
import { callOnce, compact, get, post } from './client';

/** Query-key factory of the transactions resource (deposit/withdraw lists share it). */
export const txKeys = {
  all: ['transactions'] as const,
  lists: () => [...txKeys.all, 'list'] as const,
  list: (params: object) => [...txKeys.lists(), params] as const,
  totals: (params: object) => [...txKeys.all, 'totals', params] as const,
  details: () => [...txKeys.all, 'detail'] as const,
  detail: (txId: string) => [...txKeys.details(), txId] as const,
  tomaniGateways: (opId: string) => [...txKeys.all, 'tomani-gateways', opId] as const,
  orderStatus: (txId: string) => [...txKeys.all, 'order-status', txId] as const,
};

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

export const deleteTransaction = (txId: string) => api('transactions.delete', { body: { txId } });

/* ---- Withdraw actions (001 §4). Every money-moving call carries an Idempotency-Key. ---- */

/** What a provider confirmation answers (status 0: not done; canForce: Force Approve offered). */
export type ProviderAnswer = ProviderDialogData & { transaction?: TxView };

export const withdrawInProgress = (body: { txId: string; note: string; status: 'APPROVE' | 'REJECT' }, key: string) =>
  callOnce<TxView>('PUT', '/api/transactionsV2/withdraw/in-progress', body, key);

export interface ProviderActionBody {
  txId: string;
  actionType: 'confirm' | 'reject';
  playerNote: string;
  countsTowardDailyLimit?: boolean;
}
/** `suffix` undefined: the providers without a suffix (Witcher, Tomani reject). */
export const withdrawProvider = (suffix: string | undefined, body: ProviderActionBody, key: string) =>
  callOnce<ProviderAnswer | (TxView & { warnings?: string[] })>('PUT', suffix ? `/api/transactionsV2/withdraw/${suffix}` : '/api/transactionsV2/withdraw', body, key);

export const withdrawJbForce = (body: { txId: string; playerNote: string }, key: string) =>
  callOnce<ProviderAnswer>('PUT', '/api/transactionsV2/withdraw/jb/force', { ...body, actionType: 'confirm' }, key);

export interface TomaniGateway {
  uuid: string;
  provider: string;
  title: { en: string };
}
export const useTomaniGateways = (opId: string, enabled: boolean) =>
  useQuery({
    queryKey: txKeys.tomaniGateways(opId),
    queryFn: () => get<TomaniGateway[]>(`/api/transactionsV2/withdraw/tomani/gateways?opId=${encodeURIComponent(opId)}`),
    enabled,
  });
export const withdrawTomani = (
  body: { txId: string; gatewayUuid: string; provider: string; noteForThePlayer: string; withForce?: boolean },
  key: string,
) => callOnce<ProviderAnswer>('PUT', '/api/transactionsV2/withdraw/tomani', body, key);

export interface ResendAnswer {
  gatewayResponse?: unknown;
  outcome?: string;
  transactionStatus?: string;
}
export const resendWithdraw = (txId: string, cpg: boolean, key: string) =>
  callOnce<ResendAnswer | null>('POST', cpg ? '/api/transactionsV2/withdraw/cpg/resend' : '/api/transactionsV2/withdraw/resend', { txId }, key);

/* ---- Deposit orders. ---- */

export interface OrderStatus {
  transaction: TxView;
  order: { provider: string; orderId: string; outcome: string; paid: boolean; description: string | null; gatewayResponse: unknown } | null;
  canConfirm: boolean;
}
export const fetchOrderStatus = (txId: string) => post<OrderStatus>('/api/deposit/orders/status', { txId });
export const verifyDeposit = (txId: string, key: string) => callOnce<TxView>('POST', '/api/transactionsV2/deposit/verify', { txId }, key);
export const rejectDepositOrder = (txId: string, rejectReason: string, key: string) =>
  callOnce<TxView>('POST', '/api/transactionsV2/deposit/reject-deposit-order', { txId, rejectReason }, key);
