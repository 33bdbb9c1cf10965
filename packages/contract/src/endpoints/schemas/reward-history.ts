import { z } from 'zod';
import { profitHistoryBody, profitHistoryRow, profitHistoryTotal, referredPlayerRow, referredPlayersBody, rewardHistoryBody, rewardHistoryRow } from '../../reward-history.js';
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
  /** A page of every player's profit transactions, and the totals of the whole filter by status (CONFIRMED first). */
  'reports.profitHistory': { body: profitHistoryBody, response: listAnswer(profitHistoryRow).extend({ totals: z.array(profitHistoryTotal) }) },
} satisfies SchemasOf<typeof REWARD_HISTORY>;
