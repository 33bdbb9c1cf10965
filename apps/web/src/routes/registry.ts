import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RoutePath } from '@pitboss/contract/routes';

type Page = LazyExoticComponent<ComponentType>;
/** One page component configured by its route (e.g. the transaction lists, see transactions/config.ts). */
const sharedPage = (paths: readonly RoutePath[], page: Page): Partial<Record<RoutePath, Page>> =>
  Object.fromEntries(paths.map((p) => [p, page]));

/**
 * The one registry of page components, keyed by the route path of the contract table (typed:
 * a key outside the table does not compile; registry.test.ts checks every built route has a
 * page and every page a built route). Each page is a lazy chunk of its own.
 */
export const PAGES: Readonly<Partial<Record<RoutePath, Page>>> = {
  '/players': lazy(() => import('../players/PlayersPage')),
  '/players/:playerCode': lazy(() => import('../players/PlayerDetailsPage')),
  '/players/balances': lazy(() => import('../players/BalancesPage')),
  '/players/usernames': lazy(() => import('../players/UsernamesPage')),
  '/players/details-activities': lazy(() => import('../players/ActivitiesPage')),
  '/documentsV2': lazy(() => import('../kyc/DocumentsPage')),
  ...sharedPage([
    '/transactions/list', '/deposit/list', '/deposit/pending', '/deposit/orders', '/withdraw/list', '/withdraw/pending',
    '/transactions/cashback', '/transactions/pending-cashback', '/transactions/affiliate-profit', '/transactions/pending-affiliate-profit', '/transactions/claimed-bonus',
    '/bonus/claims', '/bonus/transactions', '/reports/bonus-transactions',
  ], lazy(() => import('../transactions/TransactionsListPage'))),
  '/transactions/details/:txId': lazy(() => import('../transactions/TransactionDetailsPage')),
  '/transactions/transactions-activities': lazy(() => import('../transactions/TransactionActivitiesPage')),
  '/topup/list': lazy(() => import('../wallet/TopupListPage')),
  '/withdraw/bank-accounts': lazy(() => import('../banking/BankAccountsPage')),
  '/withdraw/bank-list': lazy(() => import('../banking/BankListPage')),
  ...sharedPage(['/deposit/gateways', '/deposit/gatewaysV2', '/withdraw/gateways', '/withdraw/gatewaysV2'], lazy(() => import('../banking/GatewaysPage'))),
  ...sharedPage(['/deposit/gatewaysV2/:uuid', '/withdraw/gatewaysV2/:uuid'], lazy(() => import('../banking/GatewayDetailsPage'))),
  '/withdraw/treasuries': lazy(() => import('../banking/TreasuriesPage')),
  '/withdraw/affiliate': lazy(() => import('../withdrawals/AffiliateWithdrawalsPage')),
  '/settings': lazy(() => import('../settings/SettingsHomePage')),
  '/settings/general': lazy(() => import('../settings/GeneralSettingsPage')),
  '/settings/roles': lazy(() => import('../settings/RolesPage')),
  '/settings/staff-permissions': lazy(() => import('../settings/PermissionsPage')),
  '/settings/admins': lazy(() => import('../settings/AdminsPage')),
  '/settings/admins/:user_id': lazy(() => import('../settings/AdminDetailsPage')),
  '/settings/activities': lazy(() => import('../settings/ActivitiesPage')),
  '/settings/login-activitiy': lazy(() => import('../settings/LoginActivityPage')),
  '/exchange-rates': lazy(() => import('../rates/ExchangeRatesPage')),
  // Partners.
  '/partners/list': lazy(() => import('../partners/PartnersPage')),
  '/partners/withdraw': lazy(() => import('../partners/PartnerWithdrawPage')),
  '/channels': lazy(() => import('../partners/ChannelsPage')),
  '/marketings': lazy(() => import('../partners/MarketingsPage')),
  '/partner-dashboard': lazy(() => import('../partners/PartnerDashboardPage')),
  '/operators': lazy(() => import('../operators/OperatorsPage')),
  '/operators/:id': lazy(() => import('../operators/OperatorDetailsPage')),
  '/operators/activities': lazy(() => import('../operators/ActivitiesPage')),
  '/brands': lazy(() => import('../operators/BrandsPage')),
  '/user/profile': lazy(() => import('../profile/ProfilePage')),
  // Support tickets.
  '/support': lazy(() => import('../support/SupportPage')),
  '/support/:brandId/:ticketId': lazy(() => import('../support/TicketPage')),
  '/support/activities': lazy(() => import('../support/ActivitiesPage')),
  // Tech support.
  '/tech-support': lazy(() => import('../tech-support/TechSupportPage')),
  '/tech-support/servers': lazy(() => import('../tech-support/ServersPage')),
  '/tech-support/export-report': lazy(() => import('../tech-support/ExportReportPage')),
  // Tournaments.
  '/tournament/list': lazy(() => import('../tournaments/TournamentsPage')),
  '/tournament/new': lazy(() => import('../tournaments/NewTournamentPage')),
  '/tournament/:id': lazy(() => import('../tournaments/TournamentDetailsPage')),
  '/tournament/winners/list': lazy(() => import('../tournaments/WinnersPage')),
  '/tournament/winners/:id': lazy(() => import('../tournaments/WinnerDetailsPage')),
  // Bets.
  '/bets': lazy(() => import('../bets/BetsPage')),
  '/quick-bets': lazy(() => import('../bets/BetsPage')),
  '/bets/:id': lazy(() => import('../bets/BetDetailsPage')),
  '/betsV2/:betId': lazy(() => import('../bets/BetDetailsPage')),
  // Bonus forms and requests.
  '/bonus/sport': lazy(() => import('../bonus/SportFreebetsPage')),
  // Deposit bonus definitions and the players' deposit bonuses.
  '/bonus': lazy(() => import('../bonus/BonusDefinitionsPage')),
  '/bonus/:id': lazy(() => import('../bonus/BonusDefinitionDetailsPage')),
  '/bonus/list': lazy(() => import('../bonus/BonusDefinitionPlayersPage')),
  '/bonus/releases': lazy(() => import('../bonus/BonusReleasesPage')),
  '/reports/bonus-releases': lazy(() => import('../bonus/BonusReleasesReportPage')),
  '/bonus/form': lazy(() => import('../bonus/BonusFormsPage')),
  '/bonus/form/new': lazy(() => import('../bonus/NewBonusFormPage')),
  ...sharedPage(['/bonus/form/requests', '/bonus/form/history'], lazy(() => import('../bonus/BonusRequestsPage'))),
  '/internal-cashback-affiliate-calculator': lazy(() => import('../rewards/CalculatorsPage')),
  '/profit-history': lazy(() => import('../rewards/ProfitHistoryPage')),
};
