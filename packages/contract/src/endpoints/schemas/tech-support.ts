import { z } from 'zod';
import { appServiceList, monitorData, monitorQuery, supportReportBody, systemsView } from '../../tech-support.js';
import { exportView } from '../../exports.js';
import { TECH_SUPPORT } from '../meta/tech-support.js';
import type { SchemasOf } from './types.js';

const byId = z.object({ id: z.uuid() });

export const TECH_SUPPORT_SCHEMAS = {
  'techSupport.monitor': { query: monitorQuery, response: monitorData },
  'techSupport.appServices': { query: z.object({}), response: appServiceList },
  'techSupport.systems': { query: z.object({}), response: systemsView },
  'techSupport.reportExport': { body: supportReportBody, response: exportView },
  'techSupport.reportGet': { params: byId, response: exportView },
  'techSupport.reportFile': { params: byId, response: null },
} satisfies SchemasOf<typeof TECH_SUPPORT>;
