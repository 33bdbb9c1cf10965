import { useQuery } from '@tanstack/react-query';
import { BADGE_POLL_MS, RATES_POLL_MS } from '@pitboss/contract';
import { get, qs } from './client';

export const shellKeys = {
  all: ['shell'] as const,
  badges: (opId?: string, includeBrands?: string) => [...shellKeys.all, 'badges', opId ?? '', includeBrands ?? ''] as const,
  rates: () => [...shellKeys.all, 'rates'] as const,
  notifications: () => [...shellKeys.all, 'notifications'] as const,
};

/** Count badges, polled every BADGE_POLL_MS; never for partners (000 §6). */
export const useBadges = (opId: string | undefined, includeBrands: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: shellKeys.badges(opId, includeBrands),
    queryFn: () => get<Record<string, number>>(`/api/admin/badges${qs({ opId, includeBrands })}`),
    refetchInterval: BADGE_POLL_MS,
    enabled,
  });

export interface Rates {
  base: string;
  rates: Record<string, string>;
  updatedAt: string;
}
export const useRatesQuery = (enabled: boolean) =>
  useQuery({ queryKey: shellKeys.rates(), queryFn: () => get<Rates>('/api/rates'), refetchInterval: RATES_POLL_MS, enabled });

export interface Notification {
  id: string;
  opId: string;
  title: string;
  body: string;
  level: string;
  createdAt: string;
}
export const useNotifications = (enabled: boolean) =>
  useQuery({ queryKey: shellKeys.notifications(), queryFn: () => get<Notification[]>('/api/general/notifications'), enabled });
