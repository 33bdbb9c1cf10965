import { z } from 'zod';
import { cardTransactionsBody, cardUsersBody, dashboardBody, quickDashboardBody, reportBody, riskCardsBody } from '../../operator-reports.js';
import { OPERATOR_REPORTS } from '../meta/operator-reports.js';
import { isoDate, listAnswer, money, nullableString, opTitles } from './common.js';
import type { SchemasOf } from './types.js';

/** One row of a table report: its key, what it is, the currency of its `native` columns, then one value per column of REPORT_DEFS. */
export const reportRow = z.object({ key: z.string(), label: z.string(), currency: nullableString, values: z.array(z.string()) });
export type ReportRow = z.infer<typeof reportRow>;

export const reportAnswer = z.object({
  report: z.string(), from: z.string(), to: z.string(),
  rows: z.array(reportRow),
  /** One per column: the sum (a ratio recomputed from the sums); '' where a total means nothing (amounts of several currencies). */
  totals: z.array(z.string()),
  /** More rows than REPORT_MAX_ROWS matched: the first ones by the report's order are answered. */
  truncated: z.boolean(),
});
export type ReportAnswer = z.infer<typeof reportAnswer>;

/** The figures of a period (USD amounts). */
export const dashboardFigures = z.object({
  registrations: z.number().int(), ftd: z.number().int(), ftdAmount: money,
  deposits: money, depositCount: z.number().int(), withdrawals: money, withdrawCount: z.number().int(), netDeposits: money,
  bets: z.number().int(), stake: money, ggr: money, bonuses: money, cashback: money, ngr: money,
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dashboardAnswer = z.object({
  from: z.string(), to: z.string(), previousFrom: z.string(), previousTo: z.string(),
  current: dashboardFigures, previous: dashboardFigures,
  series: z.object({ labels: z.array(z.string()), deposits: z.array(money), withdrawals: z.array(money), ggr: z.array(money), registrations: z.array(z.number().int()) }),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

export const riskCardRow = z.object({
  id: z.string(), opId: z.string(), ...opTitles, card: z.string(), players: z.number().int(), accounts: z.number().int(), lastAt: isoDate,
});
export type RiskCardRow = z.infer<typeof riskCardRow>;

export const cardUserRow = z.object({
  playerId: z.string(), playerCode: z.string(), username: nullableString, opId: z.string(), ...opTitles, isTest: z.boolean(),
  accounts: z.number().int(), createdAt: isoDate,
});
export type CardUserRow = z.infer<typeof cardUserRow>;

export const cardTransactionRow = z.object({
  txId: z.string(), playerCode: z.string(), username: nullableString, opId: z.string(), ...opTitles,
  transactionType: z.string(), status: z.string(), amount: money, currency: z.string(), amountInUSD: money, createdAt: isoDate,
});
export type CardTransactionRow = z.infer<typeof cardTransactionRow>;

const pageOf = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), items: z.array(item), remaining: z.boolean() });

export const OPERATOR_REPORTS_SCHEMAS = {
  'reports.table': { body: reportBody, response: reportAnswer },
  'reports.quickDashboard': { body: quickDashboardBody, response: z.object({ today: z.string(), current: dashboardFigures, previous: dashboardFigures }) },
  'reports.dashboard': { body: dashboardBody, response: dashboardAnswer },
  'reports.dashboardBets': {
    body: dashboardBody,
    response: z.object({
      labels: z.array(z.string()), casinoBets: z.array(z.number().int()), sportBets: z.array(z.number().int()),
      casinoStake: z.array(money), sportStake: z.array(money),
    }),
  },
  'reports.riskCards': { body: riskCardsBody, response: listAnswer(riskCardRow) },
  'reports.cardUsers': { body: cardUsersBody, response: pageOf(cardUserRow) },
  'reports.cardTransactions': { body: cardTransactionsBody, response: pageOf(cardTransactionRow) },
} satisfies SchemasOf<typeof OPERATOR_REPORTS>;
