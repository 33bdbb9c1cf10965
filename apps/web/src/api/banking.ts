import { useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@pitboss/contract/endpoint-schemas';
import { apiData } from './endpoint';
import { compact } from './client';

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

/** The answers of the banking calls (from the endpoint table). */
export type BankAccountRow = DataOf<'banking.bankAccountGet'>;
export type BankRow = DataOf<'banking.bankCreate'>;
export type GatewayRow = DataOf<'banking.gatewayGet'>;
export type GatewayTestAnswer = DataOf<'banking.depositTestSettings'>;
export type ExchangeRates = DataOf<'banking.depositExchangeRates'>;
export type TreasuryRow = DataOf<'banking.treasuriesList'>['items'][number];
export type TreasuryEntry = DataOf<'banking.utopiaTransactions'>['items'][number];

/* ---- Bank accounts ---- */
export const fetchBankAccounts = (body: Record<string, unknown>) =>
  apiData('banking.bankAccountsList', { body: compact(body) as BodyOf<'banking.bankAccountsList'> });
export const useBankAccount = (uuid: string, enabled: boolean) =>
  useQuery({
    queryKey: [...bankAccountKeys.all, 'detail', uuid] as const,
    queryFn: () => apiData('banking.bankAccountGet', { params: { uuid } }),
    enabled,
  });

/* ---- Banks ---- */
export const fetchBanks = (body: Record<string, unknown>) => apiData('banking.banksList', { body: compact(body) as BodyOf<'banking.banksList'> });

/* ---- Gateways ---- */
export const fetchGateways = (body: Record<string, unknown>) => apiData('banking.gatewaysList', { body: compact(body) as BodyOf<'banking.gatewaysList'> });
export const useGateway = (uuid: string | undefined) =>
  useQuery({ queryKey: gatewayKeys.detail(uuid ?? ''), queryFn: () => apiData('banking.gatewayGet', { params: { uuid: uuid ?? '' } }), enabled: !!uuid });

/* ---- Treasuries (Utopia). ---- */
export const fetchTreasuries = (body: Record<string, unknown>) => apiData('banking.treasuriesList', { body: compact(body) as BodyOf<'banking.treasuriesList'> });
export const fetchUtopiaEntries = (uuid: string, page: number) => apiData('banking.utopiaTransactions', { body: { uuid, page, limit: 50 } });
