import { z } from 'zod';
import { appServiceList, monitorData, monitorQuery, systemsView } from '../../tech-support.js';
import { TECH_SUPPORT } from '../meta/tech-support.js';
import type { SchemasOf } from './types.js';

export const TECH_SUPPORT_SCHEMAS = {
  'techSupport.monitor': { query: monitorQuery, response: monitorData },
  'techSupport.appServices': { query: z.object({}), response: appServiceList },
  'techSupport.systems': { query: z.object({}), response: systemsView },
} satisfies SchemasOf<typeof TECH_SUPPORT>;
