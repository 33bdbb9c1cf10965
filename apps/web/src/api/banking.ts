import { useQuery } from '@tanstack/react-query';
import type { GatewayDirection } from '@pitboss/contract';
import type { BodyOf, DataOf } from '@pitboss/contract/endpoint-schemas';
import { api, apiData } from './endpoint';
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
export const decideBankAccount = (body: BodyOf<'banking.bankAccountDecide'>) => api('banking.bankAccountDecide', { body });
export const useBankAccount = (uuid: string, enabled: boolean) =>
  useQuery({
    queryKey: [...bankAccountKeys.all, 'detail', uuid] as const,
    queryFn: () => apiData('banking.bankAccountGet', { params: { uuid } }),
    enabled,
  });

/* ---- Banks ---- */
export const fetchBanks = (body: Record<string, unknown>) => apiData('banking.banksList', { body: compact(body) as BodyOf<'banking.banksList'> });
/** New Bank (no uuid; the operator is required) or Edit Bank (SUPER_ADMIN and ADMIN may omit the operator). */
export const saveBank = (body: BodyOf<'banking.bankUpdate'> | (Omit<BodyOf<'banking.bankCreate'>, 'opId'> & { uuid?: undefined; opId?: string })) =>
  body.uuid ? api('banking.bankUpdate', { body: { ...body, uuid: body.uuid } }) : api('banking.bankCreate', { body: { ...body, opId: body.opId ?? '' } });
export const deleteBank = (uuid: string, opId?: string) => api('banking.bankDelete', { query: { uuid, opId } });

/* ---- Gateways ---- */
export const fetchGateways = (body: Record<string, unknown>) => apiData('banking.gatewaysList', { body: compact(body) as BodyOf<'banking.gatewaysList'> });
export const useGateway = (uuid: string | undefined) =>
  useQuery({ queryKey: gatewayKeys.detail(uuid ?? ''), queryFn: () => apiData('banking.gatewayGet', { params: { uuid: uuid ?? '' } }), enabled: !!uuid });
export const editGateway = (uuid: string, body: BodyOf<'banking.gatewayUpdate'>) => api('banking.gatewayUpdate', { params: { uuid }, body });
export const deleteGateway = (direction: GatewayDirection, uuid: string) =>
  api(direction === 'DEPOSIT' ? 'banking.depositGatewayDelete' : 'banking.withdrawGatewayDelete', { body: { uuid } });
export const fetchExchangeRates = (body: BodyOf<'banking.depositExchangeRates'>) => apiData('banking.depositExchangeRates', { body });
export const testGatewaySettings = (body: BodyOf<'banking.depositTestSettings'>) => apiData('banking.depositTestSettings', { body });

/* ---- Treasuries (Utopia); the movements carry the dialog's Idempotency-Key. ---- */
export const fetchTreasuries = (body: Record<string, unknown>) => apiData('banking.treasuriesList', { body: compact(body) as BodyOf<'banking.treasuriesList'> });
export const fetchUtopiaEntries = (uuid: string, page: number) => apiData('banking.utopiaTransactions', { body: { uuid, page, limit: 50 } });
export const utopiaTopup = (body: BodyOf<'banking.utopiaTopup'>, key: string) => api('banking.utopiaTopup', { body, idempotencyKey: key });
export const utopiaWithdraw = (body: BodyOf<'banking.utopiaWithdraw'>, key: string) => api('banking.utopiaWithdraw', { body, idempotencyKey: key });
