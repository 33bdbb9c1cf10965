import { useQuery } from '@tanstack/react-query';
import { BADGE_POLL_MS, RATES_POLL_MS } from '@pitboss/contract/constants';
import type { DataOf } from '@pitboss/contract/endpoint-schemas';
import { apiData } from './endpoint';

export const shellKeys = {
  all: ['shell'] as const,
  badges: (opId?: string, includeBrands?: string) => [...shellKeys.all, 'badges', opId ?? '', includeBrands ?? ''] as const,
  rates: () => [...shellKeys.all, 'rates'] as const,
  notifications: () => [...shellKeys.all, 'notifications'] as const,
};

/** The selector's "include brands" value as the URL carries it. */
const boolParam = (v: string | undefined) => (v === 'true' || v === 'false' ? v : undefined);

/** Count badges, polled every BADGE_POLL_MS; never for partners (000 §6). */
export type Badges = DataOf<'shell.badges'>;
export const useBadges = (opId: string | undefined, includeBrands: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: shellKeys.badges(opId, includeBrands),
    queryFn: () => apiData('shell.badges', { query: { opId, includeBrands: boolParam(includeBrands) } }),
    refetchInterval: BADGE_POLL_MS,
    enabled,
  });

export type Rates = DataOf<'shell.rates'>;
export const useRatesQuery = (enabled: boolean) =>
  useQuery({ queryKey: shellKeys.rates(), queryFn: () => apiData('shell.rates', {}), refetchInterval: RATES_POLL_MS, enabled });

export type Notification = DataOf<'shell.notifications'>[number];
export const useNotifications = (enabled: boolean) =>
  useQuery({ queryKey: shellKeys.notifications(), queryFn: () => apiData('shell.notifications', { query: {} }), enabled });

/** How many published release notes the signed-in user has not read (the top bar's What's New badge). */
export const useWhatsNewUnread = (enabled: boolean) =>
  useQuery({ queryKey: ['whatsNew', 'unread'], queryFn: () => apiData('whatsNew.unread', {}), enabled, refetchInterval: 300_000 });
