import type { BodyOf } from '@pitboss/contract/endpoint-schemas';
import { compact } from './client';
import { apiData } from './endpoint';

export const activityKeys = {
  all: ['activities'] as const,
  list: (params: object) => [...activityKeys.all, 'list', params] as const,
};

export const fetchActivities = (body: Record<string, unknown>) => apiData('activities.list', { body: compact(body) as BodyOf<'activities.list'> });
