import { useQuery } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@pitboss/contract/endpoint-schemas';
import { compact } from './client';
import { apiData } from './endpoint';

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

/** The answers of the player calls (from the endpoint table). */
export type PlayerDetails = DataOf<'players.get'>;
export type PlayerWallet = DataOf<'players.wallet'>;
export type PlayerSearchHit = DataOf<'players.search'>[number];
export type BalanceRow = DataOf<'players.balances'>['items'][number];
export type UsernameRequestRow = DataOf<'players.usernames'>['items'][number];

export const fetchPlayers = (body: Record<string, unknown>) => apiData('players.list', { body: compact(body) as BodyOf<'players.list'> });
export const fetchBalances = (body: Record<string, unknown>) => apiData('players.balances', { body: compact(body) as BodyOf<'players.balances'> });
export const fetchUsernames = (body: Record<string, unknown>) => apiData('players.usernames', { body: compact(body) as BodyOf<'players.usernames'> });

export const usePlayer = (playerCode: string | undefined) =>
  useQuery({
    queryKey: playerKeys.detail(playerCode ?? ''),
    queryFn: () => apiData('players.get', { body: { playerCode } }),
    enabled: !!playerCode,
  });

export const usePlayerWallet = (playerCode: string, enabled: boolean) =>
  useQuery({
    queryKey: playerKeys.wallet(playerCode),
    queryFn: () => apiData('players.wallet', { body: { playerCode } }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

export const searchPlayers = (playerCode: string, opId?: string) =>
  apiData('players.search', { body: compact({ playerCode, opId }) as BodyOf<'players.search'> });
