import {
  activePlayersAnswer, activePlayersBody, affiliateDeleteAnswer, affiliateDeleteBody, channelCreateBody, channelRow, channelsListBody,
  partnerBalance, partnerBalanceBody, partnerBrandAnswer, partnerBrandBody, partnerDashboard, partnerDashboardBody, partnerRow,
  partnerSettingsAnswer, partnerSettingsBody, partnersListBody, partnerWithdrawAnswer, partnerWithdrawBody, partnerWithdrawDecisionBody,
  partnerWithdrawHistoryBody, partnerWithdrawRow,
} from '../../partners.js';
import { PARTNERS } from '../meta/partners.js';
import { listAnswer } from './common.js';
import type { SchemasOf } from './types.js';

export const PARTNERS_SCHEMAS = {
  'partners.list': { body: partnersListBody, response: listAnswer(partnerRow) },
  'partners.createBrand': { body: partnerBrandBody, response: partnerBrandAnswer },
  'partners.settings': { body: partnerSettingsBody, response: partnerSettingsAnswer },
  'partners.deleteAffiliate': { body: affiliateDeleteBody, response: affiliateDeleteAnswer },
  'partners.activePlayers': { body: activePlayersBody, response: activePlayersAnswer },
  'partners.balance': { body: partnerBalanceBody, response: partnerBalance },
  'partners.withdrawRequest': { body: partnerWithdrawBody, response: partnerWithdrawAnswer },
  'partners.withdrawHistory': { body: partnerWithdrawHistoryBody, response: listAnswer(partnerWithdrawRow) },
  'partners.withdrawDecision': { body: partnerWithdrawDecisionBody, response: partnerWithdrawAnswer },
  'partners.channelsList': { body: channelsListBody, response: listAnswer(channelRow) },
  'partners.channelCreate': { body: channelCreateBody, response: channelRow },
  'partners.dashboard': { body: partnerDashboardBody, response: partnerDashboard },
} satisfies SchemasOf<typeof PARTNERS>;
