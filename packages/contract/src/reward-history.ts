/**
 * The reward history drawers of the Player Wallet panels (001 §2 "Player Profit Transactions List
 * drawer", "Cashback Withdrawal History, Referral Claim History and Referred Players List
 * drawers"; §7 "transaction list helper | type CASHBACK or REFERRAL_PROFIT, playerCode or
 * playerId, fromDate, toDate, page, limit 50 | path not shown" and "referred players list helper |
 * not shown"). Both calls are designed:
 * - `POST /api/reports/player/transactions`: one player's reward transactions of one type —
 *   CASHBACK (Cashback Withdrawal History: cashback claimed to the main wallet), REFERRAL_PROFIT
 *   (Referral Claim History) or AFFILIATE (Player Profit Transactions List: CPA and CPR
 *   commissions and profit withdrawals) — newest first, 50 a page, with the total in USD of the
 *   confirmed ones matching the filter (confirmed money only, never added to rejected money).
 * - `POST /api/reports/affiliate/referred-players`: the players whose referrer (`refId`) is the
 *   player, sortable by registration, player code, bets or deposits.
 */
import { z } from 'zod';
import { listPaging, listScope } from './api.js';
import { MSG } from './messages.js';
import { TX_STATUSES } from './payments.js';
import { playerCodeField } from './validation.js';

export const REWARD_HISTORY_TYPES = ['CASHBACK', 'REFERRAL_PROFIT', 'AFFILIATE'] as const;
export type RewardHistoryType = (typeof REWARD_HISTORY_TYPES)[number];

/** The drawer of each type (001 §2 names them). */
export const REWARD_HISTORY_TITLES: Record<RewardHistoryType, string> = {
  AFFILIATE: 'Player Profit Transactions List',
  CASHBACK: 'Cashback Withdrawal History',
  REFERRAL_PROFIT: 'Referral Claim History',
};

/** The transaction drawers refresh themselves this often (001 §2: "refreshed every 15 s"). */
export const REWARD_HISTORY_REFRESH_MS = 15_000;
/** 001 §7: limit 50. */
export const REWARD_HISTORY_PAGE = 50;

export const REWARD_HISTORY_MESSAGES = {
  TYPE_INVALID: `Type must be one of: ${REWARD_HISTORY_TYPES.join(', ')}.`,
  PLAYER_REQUIRED: MSG.PLAYER_CODE_REQUIRED,
  DATE_INVALID: 'Invalid date: use a date and time with its offset.',
  DATE_RANGE_INVALID: MSG.DATE_RANGE_INVALID,
  SORT_INVALID: 'Sort by one of: createdAt, playerCode, totalBetCount, totalDepositCount.',
  PROFIT_TYPE_INVALID: 'Type must be one of: REFERRAL_PROFIT, CASHBACK.',
  STATUS_INVALID: `Status must be one of: ${TX_STATUSES.join(', ')}.`,
} as const;

const playerCode = playerCodeField;
const instant = z.string().datetime({ offset: true, error: REWARD_HISTORY_MESSAGES.DATE_INVALID });

export const rewardHistoryBody = listPaging.extend({
  limit: z.coerce.number().int().min(1).max(REWARD_HISTORY_PAGE * 20).default(REWARD_HISTORY_PAGE),
  playerCode,
  opId: z.string().trim().min(1).max(64).optional(),
  type: z.enum(REWARD_HISTORY_TYPES, { error: REWARD_HISTORY_MESSAGES.TYPE_INVALID }),
  fromDate: instant.optional(),
  toDate: instant.optional(),
}).refine((v) => !v.fromDate || !v.toDate || v.fromDate <= v.toDate, { message: REWARD_HISTORY_MESSAGES.DATE_RANGE_INVALID, path: ['fromDate'] });
export type RewardHistoryBody = z.input<typeof rewardHistoryBody>;

export const rewardHistoryRow = z.object({
  txId: z.string(),
  transactionType: z.string(),
  transactionSubType: z.string().nullable(),
  status: z.string(),
  walletType: z.string(),
  amount: z.string(),
  currency: z.string(),
  amountInUSD: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  rejectedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type RewardHistoryRow = z.infer<typeof rewardHistoryRow>;

export const REFERRED_PLAYER_SORTS = ['createdAt', 'playerCode', 'totalBetCount', 'totalDepositCount'] as const;

export const referredPlayersBody = listPaging.extend({
  playerCode,
  opId: z.string().trim().min(1).max(64).optional(),
  sortBy: z.enum(REFERRED_PLAYER_SORTS, { error: REWARD_HISTORY_MESSAGES.SORT_INVALID }).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
});
export type ReferredPlayersBody = z.input<typeof referredPlayersBody>;

/** The player a row is about, by name, with their operator's names (rows of several players). */
const rowPlayer = {
  playerId: z.string(),
  playerCode: z.string(),
  username: z.string().nullable(),
  playerName: z.string().nullable(),
  opId: z.string(),
  opTitle: z.string(),
  parentOpTitle: z.string().nullable(),
};

export const referredPlayerRow = z.object({
  ...rowPlayer,
  channelId: z.string().nullable(),
  subChannelId: z.string().nullable(),
  isTest: z.boolean(),
  isBlocked: z.boolean(),
  totalBetCount: z.number().int(),
  totalDepositCount: z.number().int(),
  createdAt: z.string(),
});
export type ReferredPlayerRow = z.infer<typeof referredPlayerRow>;

/**
 * /profit-history (000 §2.1 names the route only; designed): the players' profit transactions
 * across the caller's operators — REFERRAL_PROFIT (affiliate profit paid to referrers) and
 * CASHBACK — the list call of the same reward transactions as the player's drawer
 * (`POST /api/reports/player/transactions/list`), newest first by keyset, with totals per status
 * of the whole filter (never one sum adding rejected money to confirmed money).
 */
export const PROFIT_HISTORY_TYPES = ['REFERRAL_PROFIT', 'CASHBACK'] as const;
export type ProfitHistoryType = (typeof PROFIT_HISTORY_TYPES)[number];

export const profitHistoryBody = listScope.extend({
  type: z.enum(PROFIT_HISTORY_TYPES, { error: REWARD_HISTORY_MESSAGES.PROFIT_TYPE_INVALID }).optional(),
  status: z.enum(TX_STATUSES, { error: REWARD_HISTORY_MESSAGES.STATUS_INVALID }).optional(),
  fromDate: instant.optional(),
  toDate: instant.optional(),
  playerCode: z.string().trim().max(64).optional(),
}).refine((v) => !v.fromDate || !v.toDate || v.fromDate <= v.toDate, { message: REWARD_HISTORY_MESSAGES.DATE_RANGE_INVALID, path: ['fromDate'] });
export type ProfitHistoryBody = z.input<typeof profitHistoryBody>;

export const profitHistoryRow = rewardHistoryRow.extend(rowPlayer);
export type ProfitHistoryRow = z.infer<typeof profitHistoryRow>;

/** One status's total of the whole filter: count and USD (each status apart). */
export const profitHistoryTotal = z.object({ status: z.string(), count: z.number().int(), amountInUSD: z.string() });
export type ProfitHistoryTotal = z.infer<typeof profitHistoryTotal>;
