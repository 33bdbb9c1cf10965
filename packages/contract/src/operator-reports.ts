/**
 * Dashboards and reports (000 §2.1, §2.3, §6, §7, §9; README "Reports"). Every report reads the
 * daily roll-ups only (report_tx_daily, report_bet_daily, report_player_daily, risk_cards), so a
 * request never aggregates the movements themselves. One request shape and one answer shape serve
 * every table report; the columns of each are defined here once, for the server, the console and
 * the CSV export.
 */
import { z } from 'zod';
import { boolish, listPaging } from './api.js';
import { BET_TYPES } from './bets.js';
import { DATE_PRESETS, type DatePreset } from './constants.js';
import { MSG } from './messages.js';
import { TX_STATUSES, TX_TYPES } from './payments.js';
import { DAY_PATTERN } from './time.js';

export const REPORT_MESSAGES = {
  NO_REPORT: MSG.NO_REPORT,
  DATE_RANGE_INVALID: MSG.DATE_RANGE_INVALID,
  DAY_INVALID: 'Dates are written YYYY-MM-DD.',
  RANGE_TOO_LONG: 'A report covers at most 366 days: choose a shorter period.',
  REPORT_INVALID: 'Unknown report.',
  CARD_NOT_FOUND: 'Card not found.',
} as const;

/** Longest period a report reads (days, both ends included). */
export const REPORT_MAX_DAYS = 366;
/** Rows a report answers at most (its CSV holds them all: below the 1,000 rows of a direct export). */
export const REPORT_MAX_ROWS = 500;
/** Card users and card transactions page size (000 §9). */
export const CARD_PAGE_SIZE = 50;
/** The Card Transactions List shows confirmed and rejected movements only (000 §9). */
export const CARD_TRANSACTION_STATUSES = ['CONFIRMED', 'REJECTED'] as const;

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  TODAY: 'Today', YESTERDAY: 'Yesterday', LAST_7_DAYS: 'Last 7 days', LAST_30_DAYS: 'Last 30 days', LAST_90_DAYS: 'Last 90 days',
};

export const REPORT_IDS = [
  'game-currency', 'game-financial', 'game-operator', 'games', 'game-providers', 'operator', 'registration',
  'transaction-operator', 'transactions', 'transactionsV2', 'affiliate-revenue', 'top-affiliates', 'top-channels',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** How a column's values read: USD amounts, amounts in the row's own currency, counts, percentages. */
export type ReportColumnKind = 'usd' | 'native' | 'count' | 'percent';
export interface ReportColumn { readonly key: string; readonly label: string; readonly kind: ReportColumnKind }
export type ReportFilter = 'betType' | 'transactionType' | 'status';
export interface ReportDef {
  /** What a row is (the first column's header). */
  readonly rowLabel: string;
  readonly columns: readonly ReportColumn[];
  /** The chart staff look at: a line over days, or bars of one column per row (the largest first). */
  readonly chart: { readonly type: 'line' | 'bar'; readonly column: string; readonly title: string };
  readonly filters: readonly ReportFilter[];
  /** One sentence on what the report holds (shown under the title). */
  readonly about: string;
}

const c = (key: string, label: string, kind: ReportColumnKind): ReportColumn => ({ key, label, kind });
const GAME_COLS = [c('bets', 'Bets', 'count'), c('stake', 'Stake (USD)', 'usd'), c('win', 'Win (USD)', 'usd'), c('ggr', 'GGR (USD)', 'usd'), c('rtp', 'RTP', 'percent')];

export const REPORT_DEFS: Record<ReportId, ReportDef> = {
  'game-currency': {
    rowLabel: 'Currency',
    columns: [c('bets', 'Bets', 'count'), c('stakeNative', 'Stake', 'native'), c('winNative', 'Win', 'native'), c('ggrNative', 'GGR', 'native'), ...GAME_COLS.slice(1)],
    chart: { type: 'bar', column: 'ggr', title: 'GGR by currency (USD)' }, filters: ['betType'],
    about: 'Bets placed in the period by currency: stakes, wins and GGR (stakes − wins) in the currency and in USD.',
  },
  'game-financial': {
    rowLabel: 'Day',
    columns: [
      c('bets', 'Bets', 'count'), c('casinoStake', 'Casino stake', 'usd'), c('casinoGgr', 'Casino GGR', 'usd'),
      c('sportStake', 'Sport stake', 'usd'), c('sportGgr', 'Sport GGR', 'usd'), c('stake', 'Stake (USD)', 'usd'),
      c('win', 'Win (USD)', 'usd'), c('ggr', 'GGR (USD)', 'usd'), c('margin', 'Margin', 'percent'),
    ],
    chart: { type: 'line', column: 'ggr', title: 'GGR per day (USD)' }, filters: [],
    about: 'Casino and sport stakes and GGR per UTC day; margin = GGR / stake.',
  },
  'game-operator': {
    rowLabel: 'Operator', columns: GAME_COLS, chart: { type: 'bar', column: 'ggr', title: 'GGR by operator (USD)' }, filters: ['betType'],
    about: 'Bets of the period per operator and brand: stakes, wins, GGR and RTP (wins / stakes).',
  },
  games: {
    rowLabel: 'Game', columns: [c('bets', 'Bets', 'count'), ...GAME_COLS.slice(1)], chart: { type: 'bar', column: 'ggr', title: 'GGR by game (USD)' }, filters: ['betType'],
    about: 'Bets of the period per game (provider in brackets), the largest stakes first.',
  },
  'game-providers': {
    rowLabel: 'Provider', columns: [c('games', 'Games', 'count'), ...GAME_COLS], chart: { type: 'bar', column: 'ggr', title: 'GGR by provider (USD)' }, filters: ['betType'],
    about: 'Bets of the period per game provider (sport bets under the sportsbook), with the number of games played.',
  },
  operator: {
    rowLabel: 'Operator',
    columns: [
      c('registrations', 'Registrations', 'count'), c('ftd', 'FTD', 'count'), c('deposits', 'Deposits', 'usd'), c('withdrawals', 'Withdrawals', 'usd'),
      c('netDeposits', 'Net deposits', 'usd'), c('stake', 'Stake', 'usd'), c('ggr', 'GGR', 'usd'), c('bonuses', 'Bonuses', 'usd'),
      c('cashback', 'Cashback', 'usd'), c('ngr', 'NGR', 'usd'),
    ],
    chart: { type: 'bar', column: 'ngr', title: 'NGR by operator (USD)' }, filters: [],
    about: 'Each operator and brand: sign-ups, first-time depositors, confirmed deposits and withdrawals, GGR and NGR (GGR − bonuses − cashback), in USD.',
  },
  registration: {
    rowLabel: 'Day',
    columns: [c('registrations', 'Registrations', 'count'), c('ftd', 'FTD', 'count'), c('ftdAmount', 'FTD amount', 'usd'), c('conversion', 'Conversion', 'percent')],
    chart: { type: 'line', column: 'registrations', title: 'Registrations per day' }, filters: [],
    about: 'Sign-ups and first-time deposits per UTC day; conversion = FTD / registrations of the day.',
  },
  'transaction-operator': {
    rowLabel: 'Operator',
    columns: [
      c('depositCount', 'Deposits', 'count'), c('deposits', 'Deposit amount', 'usd'), c('withdrawCount', 'Withdrawals', 'count'),
      c('withdrawals', 'Withdraw amount', 'usd'), c('topups', 'Top-ups', 'usd'), c('bonuses', 'Bonuses', 'usd'), c('cashback', 'Cashback', 'usd'),
      c('affiliate', 'Affiliate', 'usd'),
    ],
    chart: { type: 'bar', column: 'deposits', title: 'Deposits by operator (USD)' }, filters: [],
    about: 'Confirmed movements of the period per operator and brand, in USD.',
  },
  transactions: {
    rowLabel: 'Day',
    columns: [
      c('deposits', 'Deposits', 'usd'), c('withdrawals', 'Withdrawals', 'usd'), c('netDeposits', 'Net deposits', 'usd'), c('topups', 'Top-ups', 'usd'),
      c('bonuses', 'Bonuses', 'usd'), c('cashback', 'Cashback', 'usd'), c('affiliate', 'Affiliate', 'usd'), c('prizes', 'Tournament prizes', 'usd'),
    ],
    chart: { type: 'line', column: 'netDeposits', title: 'Net deposits per day (USD)' }, filters: [],
    about: 'Confirmed movements per UTC day by kind, in USD; net deposits = deposits − withdrawals.',
  },
  transactionsV2: {
    rowLabel: 'Type / sub-type / status',
    columns: [c('count', 'Count', 'count'), c('amount', 'Amount (USD)', 'usd'), c('share', 'Share of type', 'percent')],
    chart: { type: 'bar', column: 'amount', title: 'Amount by type and status (USD)' }, filters: ['transactionType', 'status'],
    about: 'Every movement of the period by type, sub-type and status (rejected and canceled apart from confirmed), in USD.',
  },
  'affiliate-revenue': {
    rowLabel: 'Day',
    columns: [
      c('cpr', 'CPR', 'usd'), c('cpa', 'CPA', 'usd'), c('revenueShare', 'Revenue share', 'usd'), c('commissions', 'Commissions', 'usd'),
      c('withdrawn', 'Withdrawn to main wallet', 'usd'), c('partnerGgr', 'Partner players GGR', 'usd'),
    ],
    chart: { type: 'line', column: 'commissions', title: 'Affiliate commissions per day (USD)' }, filters: [],
    about: "Confirmed affiliate commissions per UTC day (CPR, CPA, revenue share), what affiliates moved to their main wallets, and the GGR of partners' players.",
  },
  'top-affiliates': {
    rowLabel: 'Affiliate',
    columns: [
      c('registrations', 'Referred sign-ups', 'count'), c('ftd', 'FTD', 'count'), c('deposits', 'Deposits', 'usd'), c('stake', 'Stake', 'usd'),
      c('ggr', 'GGR', 'usd'),
    ],
    chart: { type: 'bar', column: 'ggr', title: 'GGR of referred players (USD)' }, filters: [],
    about: 'Players who referred others (their player code), ranked by the GGR of the players they referred in the period.',
  },
  'top-channels': {
    rowLabel: 'Channel',
    columns: [
      c('registrations', 'Sign-ups', 'count'), c('ftd', 'FTD', 'count'), c('ftdAmount', 'FTD amount', 'usd'), c('deposits', 'Deposits', 'usd'),
      c('ggr', 'GGR', 'usd'),
    ],
    chart: { type: 'bar', column: 'ggr', title: 'GGR by channel (USD)' }, filters: [],
    about: "Partner channels (partner and channel ID) ranked by their players' GGR in the period.",
  },
};

const day = z.string({ error: REPORT_MESSAGES.DAY_INVALID }).regex(DAY_PATTERN, REPORT_MESSAGES.DAY_INVALID);

/** The period of a dashboard or report: a preset (000 §9, UTC days) or two UTC days, both included. */
export const reportPeriod = z.object({
  preset: z.enum(DATE_PRESETS).optional(),
  from: day.optional(),
  to: day.optional(),
});

const scopeFields = {
  opId: z.string().trim().min(1).max(64).optional(),
  includeBrands: boolish.optional(),
  /** Test players are left out unless asked for. */
  includeTest: boolish.optional(),
};

const rangeCheck = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.DATE_RANGE_INVALID, path: ['from'] });
  else if (v.from && v.to && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 + 1 > REPORT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.RANGE_TOO_LONG, path: ['to'] });
  }
};

export const reportBody = reportPeriod.extend({
  ...scopeFields,
  report: z.enum(REPORT_IDS, { message: REPORT_MESSAGES.REPORT_INVALID }),
  betType: z.enum(BET_TYPES).optional(),
  transactionType: z.enum(TX_TYPES).optional(),
  status: z.enum(TX_STATUSES).optional(),
}).superRefine(rangeCheck);
export type ReportBody = z.input<typeof reportBody>;

export const dashboardBody = reportPeriod.extend(scopeFields).superRefine(rangeCheck);
export type DashboardBody = z.input<typeof dashboardBody>;

export const quickDashboardBody = z.object(scopeFields);

export const riskCardsBody = listPaging.extend({
  ...scopeFields,
  /** The last digits of a card (up to 4). */
  last4: z.string().trim().max(4).regex(/^\d*$/, 'Up to 4 digits.').optional(),
});

/** 000 §7: filters, page, limit → data{count, items, remaining}. */
export const cardUsersBody = z.object({
  opId: scopeFields.opId,
  includeBrands: scopeFields.includeBrands,
  filters: z.object({ cardId: z.string().trim().uuid(REPORT_MESSAGES.CARD_NOT_FOUND) }),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(CARD_PAGE_SIZE).default(CARD_PAGE_SIZE),
});

export const cardTransactionsBody = cardUsersBody.extend({
  filters: z.object({
    cardId: z.string().trim().uuid(REPORT_MESSAGES.CARD_NOT_FOUND),
    /** Empty: every status (Card Users List, Transactions tab); the Card Transactions List sends CONFIRMED and REJECTED. */
    statuses: z.array(z.enum(TX_STATUSES)).max(TX_STATUSES.length).optional(),
  }),
});

/** Resolve a period to its UTC days (both included): a preset from `now`, else from/to, else the last 7 days. */
export function periodDays(p: { preset?: DatePreset; from?: string; to?: string }, now: Date): { from: string; to: string } {
  const D = 86_400_000;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  if (!p.preset && p.from && p.to) return { from: p.from, to: p.to };
  if (!p.preset && p.from) return { from: p.from, to: iso(Math.max(today, Date.parse(p.from))) };
  if (!p.preset && p.to) return { from: iso(Date.parse(p.to) - 6 * D), to: p.to };
  switch (p.preset ?? 'LAST_7_DAYS') {
    case 'TODAY': return { from: iso(today), to: iso(today) };
    case 'YESTERDAY': return { from: iso(today - D), to: iso(today - D) };
    case 'LAST_7_DAYS': return { from: iso(today - 7 * D), to: iso(today) };
    case 'LAST_30_DAYS': return { from: iso(today - 30 * D), to: iso(today) };
    case 'LAST_90_DAYS': return { from: iso(today - 90 * D), to: iso(today) };
  }
}

/** Every UTC day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to) && out.length <= REPORT_MAX_DAYS + 1; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** A card number as staff see it: its last 4 characters (README "Choices": numbers masked). */
export const maskCard = (card: string): string => `•••• ${card.slice(-4)}`;
