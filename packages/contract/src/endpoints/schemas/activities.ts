import { z } from 'zod';
import { activitiesListBody, activityRow } from '../../api.js';
import { ACTIVITIES } from '../meta/activities.js';
import { listAnswer } from './common.js';
import type { SchemasOf } from './types.js';

export const ACTIVITY_LOGS = ['player', 'kyc', 'transaction', 'bank_account', 'operator', 'ticket', 'cms', 'all'] as const;
export type ActivityLog = (typeof ACTIVITY_LOGS)[number];

export const activitiesListByLogBody = activitiesListBody.extend({ log: z.enum(ACTIVITY_LOGS).default('all') });

export const ACTIVITIES_SCHEMAS = {
  'activities.list': { body: activitiesListByLogBody, response: listAnswer(activityRow) },
} satisfies SchemasOf<typeof ACTIVITIES>;
