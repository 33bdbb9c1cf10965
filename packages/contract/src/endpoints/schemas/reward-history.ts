import { z } from 'zod';
import { referredPlayerRow, referredPlayersBody, rewardHistoryBody, rewardHistoryRow } from '../../reward-history.js';
import { REWARD_HISTORY } from '../meta/reward-history.js';
import { listAnswer, money } from './common.js';
import type { SchemasOf } from './types.js';

export const REWARD_HISTORY_SCHEMAS = {
  'reports.playerRewardTransactions': {
    body: rewardHistoryBody,
    /** A page of the player's transactions, and the USD total of the CONFIRMED ones matching the filter (every page). */
    response: listAnswer(rewardHistoryRow).extend({ confirmedTotalInUSD: money, confirmedCount: z.number().int() }),
  },
  'reports.referredPlayers': { body: referredPlayersBody, response: listAnswer(referredPlayerRow) },
} satisfies SchemasOf<typeof REWARD_HISTORY>;
