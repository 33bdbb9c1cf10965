import { useQuery } from '@tanstack/react-query';
import type { DataOf } from '@pitboss/contract/endpoint-schemas';
import { apiData } from './endpoint';

export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  sessions: (userId: string) => [...profileKeys.all, 'sessions', userId] as const,
  twoFactorRule: (opId: string) => [...profileKeys.all, 'twoFactorRule', opId] as const,
};

export type Profile = DataOf<'profile.get'>;
export const useProfile = () => useQuery({ queryKey: profileKeys.me(), queryFn: () => apiData('profile.get', {}) });

/** The sessions of the signed-in user (`'me'`) or of a staff account (admins). */
export type Sessions = DataOf<'profile.sessions'>;
export const useSessions = (userId: string) =>
  useQuery({
    queryKey: profileKeys.sessions(userId),
    queryFn: () => (userId === 'me' ? apiData('profile.sessions', {}) : apiData('staff.sessions', { body: { adminId: userId } })),
  });

export type TwoFactorRule = DataOf<'operators.twoFactorRule'>;
export const useTwoFactorRule = (opId: string) =>
  useQuery({ queryKey: profileKeys.twoFactorRule(opId), queryFn: () => apiData('operators.twoFactorRule', { query: { opId } }) });
