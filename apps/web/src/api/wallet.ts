import { useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@pitboss/contract/endpoint-schemas';
import { api, apiData } from './endpoint';
import { compact } from './client';

export const walletKeys = {
  all: ['wallet'] as const,
  topupLists: () => [...walletKeys.all, 'topup-list'] as const,
  topupList: (params: object) => [...walletKeys.topupLists(), params] as const,
  topupInfo: (playerCode: string) => [...walletKeys.all, 'topup-info', playerCode] as const,
};

/** The answers of the wallet calls (from the endpoint table). */
export type TopupInfo = DataOf<'wallet.topupInfo'>;
export type TopupRow = DataOf<'wallet.topupList'>['items'][number];
export type TopupAnswer = DataOf<'wallet.topup'>;
export type ConvertAnswer = DataOf<'banking.walletConvert'>;

export const fetchTopups = (body: Record<string, unknown>) => apiData('wallet.topupList', { body: compact(body) as BodyOf<'wallet.topupList'> });
export const useTopupInfo = (playerCode: string, enabled: boolean) =>
  useQuery({
    queryKey: walletKeys.topupInfo(playerCode),
    queryFn: () => apiData('wallet.topupInfo', { body: { playerCode } }),
    enabled,
    staleTime: 0,
  });

/* ---- Money movements: every call carries the dialog's Idempotency-Key. ---- */
export const topupPlayer = (body: BodyOf<'wallet.topup'>, key: string) => api('wallet.topup', { body, idempotencyKey: key });
export const topupPlayerBonus = (body: BodyOf<'wallet.topupBonus'>, key: string) => api('wallet.topupBonus', { body, idempotencyKey: key });
export const convertBalance = (body: BodyOf<'banking.walletConvert'>, key: string) => api('banking.walletConvert', { body, idempotencyKey: key });
