import { useQuery } from '@tanstack/react-query';
import type { WithdrawProviderSuffix } from '@pitboss/contract';
import type { BodyOf, DataOf } from '@pitboss/contract/endpoint-schemas';
import { api, apiData } from './endpoint';
import { compact } from './client';

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

/** What a provider confirmation answers (status 0: not done; canForce: Force Approve offered), with the withdrawal. */
export type ProviderAnswer = DataOf<'payments.withdrawJbForce'>;

export type InProgressBody = BodyOf<'payments.withdrawInProgress'>;
export const withdrawInProgress = (body: InProgressBody, key: string) =>
  api('payments.withdrawInProgress', { body, idempotencyKey: key });

export type ProviderActionBody = BodyOf<'payments.withdrawProvider'>;
/** `suffix` undefined: the providers without a suffix (Witcher, Tomani reject). */
export const withdrawProvider = (suffix: WithdrawProviderSuffix | undefined, body: ProviderActionBody, key: string) =>
  suffix
    ? api('payments.withdrawProvider', { params: { suffix }, body, idempotencyKey: key })
    : api('payments.withdraw', { body, idempotencyKey: key });

export const withdrawJbForce = (body: { txId: string; playerNote: string }, key: string) =>
  api('payments.withdrawJbForce', { body: { ...body, actionType: 'confirm' }, idempotencyKey: key });

export type TomaniGateway = DataOf<'payments.tomaniGateways'>[number];
export const useTomaniGateways = (opId: string, enabled: boolean) =>
  useQuery({
    queryKey: txKeys.tomaniGateways(opId),
    queryFn: () => apiData('payments.tomaniGateways', { query: { opId } }),
    enabled,
  });
export type TomaniBody = BodyOf<'payments.withdrawTomani'>;
export const withdrawTomani = (body: TomaniBody, key: string) => api('payments.withdrawTomani', { body, idempotencyKey: key });

export type ResendAnswer = DataOf<'payments.resend'>;
export const resendWithdraw = (txId: string, cpg: boolean, key: string) =>
  api(cpg ? 'payments.cpgResend' : 'payments.resend', { body: { txId }, idempotencyKey: key });

/* ---- Deposit orders. ---- */

export type OrderStatus = DataOf<'payments.orderStatus'>;
export const fetchOrderStatus = (txId: string) => apiData('payments.orderStatus', { body: { txId } });
export const verifyDeposit = (txId: string, key: string) => api('payments.depositVerify', { body: { txId }, idempotencyKey: key });
export const rejectDepositOrder = (txId: string, rejectReason: string, key: string) =>
  api('payments.depositReject', { body: { txId, rejectReason }, idempotencyKey: key });
