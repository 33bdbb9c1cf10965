import { useQuery } from '@tanstack/react-query';
import { MSG, TOPUP_MESSAGES } from '@pitboss/contract';
import type { BodyOf, DataOf } from '@pitboss/contract/endpoint-schemas';
import { apiData } from './endpoint';
import { ApiError, compact } from './client';

export const walletKeys = {
  all: ['wallet'] as const,
  topupLists: () => [...walletKeys.all, 'topup-list'] as const,
  topupList: (params: object) => [...walletKeys.topupLists(), params] as const,
  topupInfo: (playerCode: string) => [...walletKeys.all, 'topup-info', playerCode] as const,
};

/** The answers of the wallet calls (from the endpoint table). */
export type TopupInfo = DataOf<'wallet.topupInfo'>;
export type TopupRow = DataOf<'wallet.topupList'>['items'][number];

export const fetchTopups = (body: Record<string, unknown>) => apiData('wallet.topupList', { body: compact(body) as BodyOf<'wallet.topupList'> });
export const useTopupInfo = (playerCode: string, enabled: boolean) =>
  useQuery({
    queryKey: walletKeys.topupInfo(playerCode),
    queryFn: () => apiData('wallet.topupInfo', { body: { playerCode } }),
    enabled,
    staleTime: 0,
  });

/** How a wallet change reports a failure: "Unable To Proceed", the top-up limit code with the spec's text. */
export const WALLET_ERRORS = {
  errorTitle: MSG.UNABLE_TO_PROCEED,
  mapError: (e: ApiError) => (e.code === 'TOP_UP_LIMIT_HAS_BEEN_EXCEEDED' ? new ApiError(e.httpStatus, [TOPUP_MESSAGES.LIMIT_EXCEEDED]) : e),
};
