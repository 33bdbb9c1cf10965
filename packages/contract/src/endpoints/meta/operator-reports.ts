import { DASHBOARD_BETS_CHART } from '../../permissions.js';
import { LIST, anyOf, ep, forNonAdmins, withRoles } from '../define.js';

/** The page (permission slug) of each table report (`report` field of `POST /api/reports/table`). */
const REPORT_SLUGS = {
  'game-currency': 'reports_game_currency', 'game-financial': 'reports_game_financial', 'game-operator': 'reports_game_operator',
  games: 'reports_games', 'game-providers': 'reports_game_providers', operator: 'reports_operator', registration: 'reports_registration',
  'transaction-operator': 'reports_transaction_operator', transactions: 'reports_transactions', transactionsV2: 'reports_transactionsV2',
  'affiliate-revenue': 'reports_affiliate_revenue', 'top-affiliates': 'reports_top_affiliates', 'top-channels': 'reports_top_channels',
} as const;
const ALL_REPORTS = Object.values(REPORT_SLUGS);
const RISK = 'reports_risk_management';
/** 000 §6: the card-users drawer tabs are open to super admin, admin, operator admin and operator manager. */
const CARD_DRAWERS = withRoles([RISK], ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER']);

/**
 * Dashboards and reports of the operators (000 §2.1, §2.3, §7, §9; README "Reports"). Every call
 * reads the daily roll-ups (never the movements), over the caller's operators (opId/includeBrands),
 * test players left out unless `includeTest`. DEV_OPS holds none of these pages.
 */
export const OPERATOR_REPORTS = {
  'reports.table': ep({
    method: 'POST', path: '/api/reports/table', tag: 'reports',
    summary: 'One table report (game-currency, game-financial, game-operator, games, game-providers, operator, registration, transaction-operator, transactions, transactionsV2, affiliate-revenue, top-affiliates, top-channels) over a period: rows, totals (designed)',
    access: { anyOf: ALL_REPORTS, byField: { field: 'report', keys: REPORT_SLUGS, otherwise: ALL_REPORTS } }, scope: LIST,
  }),
  'reports.quickDashboard': ep({
    method: 'POST', path: '/api/reports/quick-dashboard', tag: 'reports',
    summary: "Quick Dashboard: today's deposits, withdrawals, GGR, new players and first-time depositors against yesterday (designed)",
    access: anyOf('quick_dashboard'), scope: LIST,
  }),
  'reports.dashboard': ep({
    method: 'POST', path: '/api/reports/dashboard', tag: 'reports',
    summary: 'Dashboard: the figures of a period against the period before, with daily series (designed)',
    access: anyOf('dashboard'), scope: LIST,
  }),
  'reports.dashboardBets': ep({
    method: 'POST', path: '/api/reports/dashboard/bets', tag: 'reports',
    summary: 'Dashboard bets chart: casino and sport bets and stakes per day (component permission dashboard_bets_chart) (designed)',
    access: forNonAdmins(['dashboard'], [DASHBOARD_BETS_CHART]), scope: LIST,
  }),
  'reports.riskCards': ep({
    method: 'POST', path: '/api/reports/risk-management/cards', tag: 'reports',
    summary: 'Risk Management: card numbers of bank accounts held by more than one player, masked to the last 4, the latest first (designed)',
    access: anyOf(RISK), scope: LIST,
  }),
  'reports.cardUsers': ep({
    method: 'POST', path: '/api/reports/risk-management/card-users', tag: 'reports',
    summary: 'Card Users List, Players tab: the players holding a card (filters.cardId), 50 a page',
    access: CARD_DRAWERS, scope: LIST,
  }),
  'reports.cardTransactions': ep({
    method: 'POST', path: '/api/reports/risk-management/card-transactions', tag: 'reports',
    summary: "Card Users List, Transactions tab, and Card Transactions List (confirmed and rejected): the deposits and withdrawals of a card's players, 50 a page (designed)",
    access: CARD_DRAWERS, scope: LIST,
  }),
} as const;
