import { useQuery } from '@tanstack/react-query';
import type { ListAnswer, ProviderDialogData } from '@pitboss/contract';
import { call, callOnce, compact, get, post } from './client';

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

export interface TxView {
  txId: string;
  opId: string;
  transactionType: string;
  transactionSubType: string | null;
  status: string;
  walletType: string;
  fromAmount: string;
  fromCurrency: string;
  fromAmountInUSD: string;
  toAmount: string;
  toCurrency: string;
  toAmountInUSD: string;
  rateToUsd: string;
  balanceBefore: string | null;
  balanceAfter: string | null;
  gateway: string | null;
  gatewayUuid: string | null;
  provider: string | null;
  isFTD: boolean;
  isDeleted: boolean;
  note: string | null;
  reason: string | null;
  playerNote: string | null;
  rejectReason: string | null;
  countsTowardDailyLimit: boolean;
  destination: unknown;
  extra: unknown;
  bonusExtraData: { eligible: boolean } | null;
  createdAt: string;
  updatedAt: string;
  confirmedAt: string | null;
  confirmedBy: string | null;
  rejectedAt: string | null;
  rejectedBy: string | null;
  createdBy: string | null;
  player: { playerId: string; playerCode: string; nickName: string | null; profile: { email: { address: string | null } } };
}

export interface ProviderCall {
  id: number;
  action: string;
  provider?: string;
  outcome?: string;
  request?: unknown;
  response?: unknown;
  createdAt: string;
  [k: string]: unknown;
}
export interface TxDetails extends TxView {
  providerCalls: ProviderCall[];
}

export interface TxTotals {
  byStatusAndCurrency: { status: string; currency: string; count: number; amount: string; amountInUSD: string }[];
  totalInUSD: string;
  count: number;
}

export const fetchTransactions = (body: Record<string, unknown>) =>
  post<ListAnswer<TxView> & { nextCursor: string | null }>('/api/transactions/list', compact(body));
export const fetchTotals = (body: Record<string, unknown>) => post<TxTotals>('/api/transactions/total', compact(body));

export const useTransaction = (txId: string | undefined) =>
  useQuery({
    queryKey: txKeys.detail(txId ?? ''),
    queryFn: () => get<TxDetails>(`/api/transactions/details/${encodeURIComponent(txId ?? '')}`),
    enabled: !!txId,
  });

export const deleteTransaction = (txId: string) => call<{ txId: string }>('DELETE', '/api/transactionsV2', { txId });

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
