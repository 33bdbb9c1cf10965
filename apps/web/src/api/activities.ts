import type { ActivityRow, ListAnswer } from '@pitboss/contract';
import { compact, post } from './client';

export const activityKeys = {
  all: ['activities'] as const,
  list: (params: object) => [...activityKeys.all, 'list', params] as const,
};

export const fetchActivities = (body: Record<string, unknown>) => post<ListAnswer<ActivityRow>>('/api/activities/list', compact(body));
