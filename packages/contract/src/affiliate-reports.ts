import { z } from 'zod';
import { AFFILIATE_CHANNELS_LIMIT } from './constants.js';
import { MSG } from './messages.js';
import { playerCodeField } from './validation.js';
import { REPORT_PERIODS, type ReportPeriod } from './partner-report.js';

/**
 * The Affiliate panel's Reports (001 §2 "Affiliate panel", §3 "Affiliate player summary" and
 * "Affiliate channel", §7 `POST /api/reports/affiliate/player/summary/reports` and
 * `POST /api/reports/affiliate/channels`).
 *
 * The affiliate is the player whose drawer is open; the referred players are the players whose
 * referrer (`refId`) is the affiliate's player code, narrowed by the filters (Channel Type,
 * Channel ID, SubChannel ID of the referred player's sign-up). A period runs in the staff
 * member's time zone from the start of today / this ISO week (Monday) / this month / this year;
 * the previous period is the whole day / week / month / year before it. The figures:
 * - Registered: referred players who signed up (`createdAt`) in the period;
 * - Affiliate Profit: the affiliate's own CONFIRMED, not deleted commission transactions (type
 *   REFERRAL_PROFIT, sub-types AFFILIATE_CPR_COMMISSION and AFFILIATE_CPA_COMMISSION) made in the
 *   period, at their USD value (`toAmountInUSD`). It is the affiliate's, so the channel filters
 *   do not narrow it;
 * - Withdraw: referred players' CONFIRMED, not deleted WITHDRAW transactions made in the period,
 *   at the USD value of what left the wallet (`fromAmountInUSD`);
 * - Deposit: referred players' CONFIRMED, not deleted DEPOSIT transactions made in the period, at
 *   the USD value credited (`toAmountInUSD`);
 * - Active: referred players with at least one bet (not CANCELED) placed in the period;
 * - FTD: referred players' first deposits (CONFIRMED DEPOSIT flagged `isFTD`) made in the period:
 *   their count and USD sum.
 * Charts: bets placed by referred players (count, not CANCELED) and referred players' sign-ups,
 * per hour (Today), weekday (This Week), day of month (This Month) or month (This Year), for the
 * current period and the previous one. USD sums are exact, rounded to cents.
 */

/** The periods and their chip labels are the partner dashboard's (partner-report.ts). */
export const AFFILIATE_REPORT_PERIODS = REPORT_PERIODS;
export type AffiliateReportPeriod = ReportPeriod;

/**
 * Channel types (designed: the spec names the select, not its values): CHANNEL — the referred
 * player signed up through a channel link (has a channel ID); DIRECT — without a channel.
 */
export const AFFILIATE_CHANNEL_TYPES = ['CHANNEL', 'DIRECT'] as const;
export type AffiliateChannelType = (typeof AFFILIATE_CHANNEL_TYPES)[number];

export const AFFILIATE_REPORT_MESSAGES = {
  PERIOD: MSG.filterOneOf('period', AFFILIATE_REPORT_PERIODS),
  CHANNEL_TYPE: MSG.filterOneOf('channelType', AFFILIATE_CHANNEL_TYPES),
  DIRECT_NO_CHANNEL: 'A direct channel type has no channel ID or subchannel ID.',
  LIMIT: `limit must be a whole number from 1 to ${AFFILIATE_CHANNELS_LIMIT}.`,
  PAGE: 'page must be a whole number from 1.',
} as const;

const playerRef = {
  opId: z.string().trim().max(64).optional(),
  playerCode: playerCodeField,
};
/** An empty select sends "" or null: no filter. */
const optionalText = z.string().trim().max(64).nullish().transform((v) => (v ? v : undefined));

export const affiliateReportBody = z.object({
  ...playerRef,
  period: z.enum(AFFILIATE_REPORT_PERIODS, { error: AFFILIATE_REPORT_MESSAGES.PERIOD }),
  channelType: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(AFFILIATE_CHANNEL_TYPES, { error: AFFILIATE_REPORT_MESSAGES.CHANNEL_TYPE }).optional()),
  channelId: optionalText,
  subChannelId: optionalText,
}).refine((b) => b.channelType !== 'DIRECT' || (!b.channelId && !b.subChannelId), { message: AFFILIATE_REPORT_MESSAGES.DIRECT_NO_CHANNEL, path: ['channelType'] });
export type AffiliateReportBody = z.input<typeof affiliateReportBody>;

const money = z.string();
const series = z.object({ labels: z.array(z.string()), values: z.array(z.number().int()) });
const chart = z.object({ currentPeriod: series, previousPeriod: series });
export const affiliateReport = z.object({
  playerCode: z.string(),
  period: z.enum(REPORT_PERIODS),
  /** ISO instants: [from, to) of the current and the previous period. */
  currentPeriod: z.object({ from: z.string(), to: z.string() }),
  previousPeriod: z.object({ from: z.string(), to: z.string() }),
  cards: z.object({
    registered: z.number().int(),
    affiliateProfitInUSD: money,
    refPlayersWithdrawInUSD: money,
    refPlayersDepositInUSD: money,
    activePlayers: z.number().int(),
    refPlayersFTDInUSD: money,
    refPlayersFTDCount: z.number().int(),
  }),
  charts: z.object({ bets: chart, registrations: chart }),
});
export type AffiliateReport = z.infer<typeof affiliateReport>;

export const affiliateChannelsBody = z.object({
  ...playerRef,
  limit: z.number({ error: AFFILIATE_REPORT_MESSAGES.LIMIT }).int(AFFILIATE_REPORT_MESSAGES.LIMIT).min(1, AFFILIATE_REPORT_MESSAGES.LIMIT).max(AFFILIATE_CHANNELS_LIMIT, AFFILIATE_REPORT_MESSAGES.LIMIT).default(AFFILIATE_CHANNELS_LIMIT),
  page: z.number({ error: AFFILIATE_REPORT_MESSAGES.PAGE }).int(AFFILIATE_REPORT_MESSAGES.PAGE).min(1, AFFILIATE_REPORT_MESSAGES.PAGE).default(1),
});
export const affiliateChannel = z.object({
  channelId: z.string(),
  channelType: z.enum(AFFILIATE_CHANNEL_TYPES),
  /** The operator's partner channel of that ID (its description), when there is one. */
  description: z.string().nullable(),
  subChannels: z.array(z.string()),
  referredPlayers: z.number().int(),
});
export const affiliateChannels = z.object({ items: z.array(affiliateChannel), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export type AffiliateChannels = z.infer<typeof affiliateChannels>;

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/**
 * A chart's buckets for a period: 24 hours, 7 weekdays, the days of the longer of the two months
 * compared (`days`), 12 months. Bucket i of a time is its hour, ISO weekday − 1, day − 1, month − 1.
 */
export function affiliateReportLabels(period: AffiliateReportPeriod, days = 31): string[] {
  switch (period) {
    case 'TODAY': return Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
    case 'THIS_WEEK': return [...WEEKDAYS];
    case 'THIS_MONTH': return Array.from({ length: days }, (_, d) => String(d + 1));
    case 'THIS_YEAR': return [...MONTHS];
  }
}
