import { affiliateSummary, bonusSummary, cashbackSummary, playerSummaryBody } from '../../rewards-summary.js';
import { affiliateChannels, affiliateChannelsBody, affiliateReport, affiliateReportBody } from '../../affiliate-reports.js';
import { REPORTS } from '../meta/reports.js';
import type { SchemasOf } from './types.js';

export const REPORTS_SCHEMAS = {
  'reports.bonusSummary': { body: playerSummaryBody, response: bonusSummary },
  'reports.affiliateSummary': { body: playerSummaryBody, response: affiliateSummary },
  'reports.cashbackSummary': { body: playerSummaryBody, response: cashbackSummary },
  'reports.affiliateReport': { body: affiliateReportBody, response: affiliateReport },
  'reports.affiliateChannels': { body: affiliateChannelsBody, response: affiliateChannels },
} satisfies SchemasOf<typeof REPORTS>;

import { overrideAffiliateBody, overrideCashbackBody, playerRewardSettings, playerSettingsRef, restoreAnswer } from '../../reward-settings.js';
import { REWARD_SETTINGS } from '../meta/reports.js';
export const REWARD_SETTINGS_SCHEMAS = {
  'reports.playerRewardSettings': { body: playerSettingsRef, response: playerRewardSettings },
  'reports.affiliateOverride': { body: overrideAffiliateBody, response: playerRewardSettings },
  'reports.affiliateRestore': { body: playerSettingsRef, response: restoreAnswer },
  'reports.cashbackOverride': { body: overrideCashbackBody, response: playerRewardSettings },
  'reports.cashbackRestore': { body: playerSettingsRef, response: restoreAnswer },
} satisfies SchemasOf<typeof REWARD_SETTINGS>;

import { cashbackCalculatorBody, cashbackCalculatorResult } from '../../reward-settings.js';
import { affiliateProfitCalculatorBody, affiliateProfitCalculatorResult, ltvBody, ltvReport } from '../../calculators.js';
import { REWARD_CALCULATORS } from '../meta/reports.js';
export const REWARD_CALCULATORS_SCHEMAS = {
  'reports.cashbackCalculator': { body: cashbackCalculatorBody, response: cashbackCalculatorResult },
  'reports.affiliateProfitCalculator': { body: affiliateProfitCalculatorBody, response: affiliateProfitCalculatorResult },
  'reports.playerLtv': { body: ltvBody, response: ltvReport },
} satisfies SchemasOf<typeof REWARD_CALCULATORS>;
