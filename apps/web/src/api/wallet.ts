import { useQuery } from '@tanstack/react-query';
import type { ListAnswer, TopupBody } from '@pitboss/contract';
import { callOnce, compact, post } from './client';

export const walletKeys = {
  all: ['wallet'] as const,
  topupLists: () => [...walletKeys.all, 'topup-list'] as const,
  topupList: (params: object) => [...walletKeys.topupLists(), params] as const,
  topupInfo: (playerCode: string) => [...walletKeys.all, 'topup-info', playerCode] as const,
};

export interface TopupInfo {
  opId: string;
  currencies: string[];
  limits: { dailyTopupLimitInUSD: string };
  stats: { todayTotalTopupInUSD: string };
}
export interface TopupRow {
  txId: string;
  opId: string;
  playerCode: string;
  isTest: boolean;
  walletType: string;
  amount: string;
  currency: string;
  amountInUSD: string;
  balanceBefore: string | null;
  balanceAfter: string | null;
  reason: string | null;
  note: string | null;
  createdBy: string | null;
  createdAt: string;
}
export interface TopupAnswer {
  txId: string;
  balanceBefore: string;
  balanceAfter: string;
  currency: string;
}

export const fetchTopups = (body: Record<string, unknown>) => post<ListAnswer<TopupRow>>('/api/topup/list', compact(body));
export const useTopupInfo = (playerCode: string, enabled: boolean) =>
  useQuery({
    queryKey: walletKeys.topupInfo(playerCode),
    queryFn: () => post<TopupInfo>('/api/player/wallet/topup/info', { playerCode }),
    enabled,
    staleTime: 0,
  });
export const topupPlayer = (body: TopupBody, key: string) => callOnce<TopupAnswer>('POST', '/api/player/wallet/topup', body, key);
export const topupPlayerBonus = (body: { playerCode: string; amount: string; note: string; accept: true }, key: string) =>
  callOnce<TopupAnswer>('POST', '/api/player/wallet/topup-bonus', body, key);

export interface ConvertAnswer {
  fromCurrency: string;
  toCurrency: string;
  fromAmount: string;
  toAmount: string;
}
export const convertBalance = (body: { playerId: string; fromCurrency: string; toCurrency: string }, key: string) =>
  callOnce<ConvertAnswer>('POST', '/api/player/wallet/convert', body, key);
