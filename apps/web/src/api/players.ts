import { useQuery } from '@tanstack/react-query';
import type { ListAnswer, PlayerRow } from '@pitboss/contract';
import { call, compact, post } from './client';

/** Query-key factory of the players resource (every mutation invalidates lists() and detail()). */
export const playerKeys = {
  all: ['players'] as const,
  lists: () => [...playerKeys.all, 'list'] as const,
  list: (params: object) => [...playerKeys.lists(), params] as const,
  details: () => [...playerKeys.all, 'detail'] as const,
  detail: (playerCode: string) => [...playerKeys.details(), playerCode] as const,
  wallet: (playerCode: string) => [...playerKeys.all, 'wallet', playerCode] as const,
  search: (q: string, opId?: string) => [...playerKeys.all, 'search', q, opId ?? ''] as const,
  balances: (params: object) => [...playerKeys.all, 'balances', params] as const,
  usernames: (params: object) => [...playerKeys.all, 'usernames', params] as const,
};

export interface PlayerDetails extends PlayerRow {
  profile: { firstName: string | null; lastName: string | null; email: { address: string | null } };
  kycRecords: { kycId: string; optionType: string; level: number; kycStatus: string; updatedAt: string }[];
  usernameRequests: { id: string; username: string; status: string; note: string | null; createdAt: string }[];
}

export interface PlayerWallet {
  playerCode: string;
  readAt: string;
  inUSD: { balance: string };
  balances: { currency: string; balance: string; rateToUsd: string | null; updatedAt: string }[];
  bonus: { balanceInUsd: string };
  affiliate: { balanceInUsd: string };
  cashback: { balanceInUsd: string };
}

export interface PlayerSearchHit {
  playerId: string;
  playerCode: string;
  username: string | null;
  opId: string;
  opTitle: string;
  parentOpId?: string | null;
  parentOpTitle?: string | null;
}

export interface BalanceRow {
  walletId: string;
  playerId: string;
  playerCode: string;
  opId: string;
  kind: string;
  currency: string;
  balance: string;
  balanceInUSD: string;
  isTest: boolean;
  updatedAt: string;
}

export interface UsernameRequestRow {
  id: string;
  playerId: string;
  playerCode: string;
  opId: string;
  username: string;
  originalUsername: string | null;
  currentUsername: string | null;
  status: 'PENDING' | 'APPROVE' | 'REJECT';
  note: string | null;
  usernameRejectionReason: string | null;
  moderatedBy: string | null;
  moderatedAt: string | null;
  createdAt: string;
}

export const fetchPlayers = (body: Record<string, unknown>) => post<ListAnswer<PlayerRow>>('/api/players', compact(body));
export const fetchBalances = (body: Record<string, unknown>) => post<ListAnswer<BalanceRow>>('/api/players/balances', compact(body));
export const fetchUsernames = (body: Record<string, unknown>) => post<ListAnswer<UsernameRequestRow>>('/api/players/usernames/list', compact(body));

export const usePlayer = (playerCode: string | undefined) =>
  useQuery({
    queryKey: playerKeys.detail(playerCode ?? ''),
    queryFn: () => post<PlayerDetails>('/api/player', { playerCode }),
    enabled: !!playerCode,
  });

export const usePlayerWallet = (playerCode: string, enabled: boolean) =>
  useQuery({
    queryKey: playerKeys.wallet(playerCode),
    queryFn: () => post<PlayerWallet>('/api/player/wallet', { playerCode }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

export const searchPlayers = (playerCode: string, opId?: string) =>
  post<PlayerSearchHit[]>('/api/players/search', compact({ playerCode, opId }));

export const deletePlayer = (playerId: string, confirmation: string) =>
  call<{ playerId: string; isDeleted: boolean }>('DELETE', '/api/players/delete', { playerId, confirmation });
export const resetPlayer2fa = (playerId: string, playerCode: string) =>
  call<{ playerId: string }>('POST', '/api/players/2fa', { playerId, playerCode });
export const moderateUsername = (body: { playerCode: string; username: string; status: string; note: string; requestId?: string }) =>
  call<{ username: string; status: string }>('PUT', '/api/players/usernames', body);
