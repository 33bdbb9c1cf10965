import { useQuery } from '@tanstack/react-query';
import type { OperatorSummary, SessionUser } from '@pitboss/contract';
import { ApiError, call, get } from './client';

export const sessionKeys = {
  all: ['session'] as const,
  check: () => [...sessionKeys.all, 'check'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

/** GET /api/users/me/check: the user, or null when signed out (401). */
export async function fetchSessionCheck(): Promise<SessionUser | null> {
  try {
    return await get<SessionUser>('/api/users/me/check');
  } catch (e) {
    if (e instanceof ApiError && e.httpStatus === 401) return null;
    throw e;
  }
}

export const useSessionCheck = () =>
  useQuery({ queryKey: sessionKeys.check(), queryFn: fetchSessionCheck, staleTime: Infinity, retry: false });

export interface Me {
  user: SessionUser;
  operators: OperatorSummary[];
}
export const useMe = (enabled = true) =>
  useQuery({ queryKey: sessionKeys.me(), queryFn: () => get<Me>('/api/users/me'), staleTime: 5 * 60_000, enabled });

export const login = (email: string, password: string) => call<SessionUser>('POST', '/api/auth/login', { email, password });
export const logout = () => call<null>('POST', '/api/auth/logout');
