import { affiliateSummary, bonusSummary, cashbackSummary, playerSummaryBody } from '../../rewards-summary.js';
import { REPORTS } from '../meta/reports.js';
import type { SchemasOf } from './types.js';

export const REPORTS_SCHEMAS = {
  'reports.bonusSummary': { body: playerSummaryBody, response: bonusSummary },
  'reports.affiliateSummary': { body: playerSummaryBody, response: affiliateSummary },
  'reports.cashbackSummary': { body: playerSummaryBody, response: cashbackSummary },
} satisfies SchemasOf<typeof REPORTS>;
