import { useQuery } from '@tanstack/react-query';
import type { BankAccountRow, ExchangeRates, GatewayDirection, ListAnswer } from '@pitboss/contract';
import { call, callOnce, compact, get, post, qs } from './client';

/** Query-key factories of the banking resources: bank accounts, banks, gateways, treasuries. */
export const bankAccountKeys = {
  all: ['bank-accounts'] as const,
  lists: () => [...bankAccountKeys.all, 'list'] as const,
  list: (params: object) => [...bankAccountKeys.lists(), params] as const,
};
export const bankKeys = {
  all: ['banks'] as const,
  lists: () => [...bankKeys.all, 'list'] as const,
  list: (params: object) => [...bankKeys.lists(), params] as const,
};
export const gatewayKeys = {
  all: ['gateways'] as const,
  lists: () => [...gatewayKeys.all, 'list'] as const,
  list: (params: object) => [...gatewayKeys.lists(), params] as const,
  details: () => [...gatewayKeys.all, 'detail'] as const,
  detail: (uuid: string) => [...gatewayKeys.details(), uuid] as const,
};
export const treasuryKeys = {
  all: ['treasuries'] as const,
  lists: () => [...treasuryKeys.all, 'list'] as const,
  list: (params: object) => [...treasuryKeys.lists(), params] as const,
  entries: (uuid: string, page: number) => [...treasuryKeys.all, 'entries', uuid, page] as const,
};

/* ---- Bank accounts ---- */
export const fetchBankAccounts = (body: Record<string, unknown>) =>
  post<ListAnswer<BankAccountRow>>('/api/paymentsV2/withdraw/bank-accounts/list', compact(body));
export const decideBankAccount = (body: { uuid: string; actionType: 'approve' | 'reject'; playerNote: string; playerCode: string; redo?: boolean }) =>
  call<BankAccountRow>('PUT', '/api/paymentsV2/withdraw/bank-accounts', body);

/* ---- Banks ---- */
export interface BankRow {
  uuid: string;
  opId: string;
  key: string;
  bankName: Record<string, string>;
  order: number;
  status: 'Active' | 'Inactive';
  createdAt: string;
  updatedAt: string;
}
export const fetchBanks = (body: Record<string, unknown>) => post<ListAnswer<BankRow>>('/api/banks/list', compact(body));
export const saveBank = (body: Record<string, unknown>) => call<BankRow>(body.uuid ? 'PUT' : 'POST', '/api/banks', body);
export const deleteBank = (uuid: string, opId?: string) => call<{ uuid: string }>('DELETE', `/api/banks${qs({ uuid, opId })}`);

/* ---- Gateways ---- */
export interface GatewayRow {
  uuid: string;
  opId: string;
  direction: GatewayDirection;
  provider: string;
  title: Record<string, string>;
  currencies: string[];
  minAmount: string;
  maxAmount: string;
  feePercentage: string;
  isActive: boolean;
  isDeleted: boolean;
  order: number;
  config: unknown;
  createdAt: string;
  updatedAt: string;
}
export const fetchGateways = (body: Record<string, unknown>) => post<ListAnswer<GatewayRow>>('/api/paymentsV2/gateways/list', compact(body));
export const useGateway = (uuid: string | undefined) =>
  useQuery({ queryKey: gatewayKeys.detail(uuid ?? ''), queryFn: () => get<GatewayRow>(`/api/paymentsV2/gateways/${encodeURIComponent(uuid ?? '')}`), enabled: !!uuid });
export const editGateway = (uuid: string, body: Record<string, unknown>) => call<GatewayRow>('PUT', `/api/paymentsV2/gateways/${encodeURIComponent(uuid)}`, body);
export const deleteGateway = (direction: GatewayDirection, uuid: string) =>
  call<{ uuid: string }>('DELETE', `/api/paymentsV2/${direction.toLowerCase()}`, { uuid });
export const fetchExchangeRates = (body: { playerWalletCurrencies: string[]; gatewayCurrencies: string[]; gatewayUuid?: string }) =>
  post<ExchangeRates>('/api/paymentsV2/deposit/exchange-rates', body);
export interface GatewayTestAnswer {
  currency: string;
  amount: string;
  feePercentage: string;
  fee: string;
  amountAfterFee: string;
  amountInUSD: string;
  amountAfterFeeInUSD: string;
  minAmount: string;
  maxAmount: string;
  withinLimits: boolean;
  message: string;
}
export const testGatewaySettings = (body: { gatewayUuid: string; amount: string; currency: string }) =>
  post<GatewayTestAnswer>('/api/paymentsV2/deposit/test-settings', body);

/* ---- Treasuries (Utopia) ---- */
export interface TreasuryRow {
  uuid: string;
  opId: string;
  provider: string;
  title: string;
  currency: string;
  balance: string;
  updatedAt: string;
  configs: { provider: string; config: { wallets: { currency: string; balance: string }[] } };
}
export interface TreasuryEntry {
  txId: string;
  createdAt: string;
  voucherCode: string | null;
  amount: string;
  fee: string | null;
  currency: string;
  transactionType: string;
  transactionSubType: string | null;
  status: string;
  balanceAfter: string;
  createdBy: string | null;
  updatedAt?: string;
  customerId?: string | null;
  voucherRefNo?: string | null;
  confirmedAt?: string | null;
}
export const fetchTreasuries = (body: Record<string, unknown>) => post<ListAnswer<TreasuryRow>>('/api/paymentsV2/treasuries/list', compact(body));
export const fetchUtopiaEntries = (uuid: string, page: number) =>
  post<ListAnswer<TreasuryEntry>>('/api/paymentsV2/withdraw/utopia/wallet/transactions', { uuid, page, limit: 50 });
export const utopiaTopup = (body: { uuid: string; voucherCode: string }, key: string) =>
  callOnce<{ amount: string; currency: string; balanceAfter: string }>('POST', '/api/paymentsV2/withdraw/utopia/wallet/topup', body, key);
export const utopiaWithdraw = (body: { uuid: string; amount: string }, key: string) =>
  callOnce<{ amount: string; currency: string; balanceAfter: string }>('POST', '/api/paymentsV2/withdraw/utopia/wallet/withdraw', body, key);

export const useBankAccount = (uuid: string, enabled: boolean) =>
  useQuery({
    queryKey: [...bankAccountKeys.all, 'detail', uuid] as const,
    queryFn: () => get<BankAccountRow>(`/api/paymentsV2/withdraw/bank-accounts/${encodeURIComponent(uuid)}`),
    enabled,
  });
