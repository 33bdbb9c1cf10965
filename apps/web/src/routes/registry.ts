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
  // Billing to operators.
  ...sharedPage(['/billing/transaction-history', '/billing/invoices', '/billing/me', '/billing/meV2'], lazy(() => import('../billing/BillingRecordsPage'))),
  ...sharedPage(['/billing/operators', '/billing/operatorsV2', '/billing/brands', '/billing/affiliates'], lazy(() => import('../billing/BillingAccountsPage'))),
  ...sharedPage(['/reports/billing-invoice-ggr', '/reports/billing-payment-collections'], lazy(() => import('../billing/BillingReportPage'))),
  '/players': lazy(() => import('../players/PlayersPage')),
  '/players/:playerCode': lazy(() => import('../players/PlayerDetailsPage')),
  '/players/balances': lazy(() => import('../players/BalancesPage')),
  '/players/usernames': lazy(() => import('../players/UsernamesPage')),
  '/players/details-activities': lazy(() => import('../players/ActivitiesPage')),
  '/documentsV2': lazy(() => import('../kyc/DocumentsPage')),
  '/quick-dashboard': lazy(() => import('../reports/QuickDashboardPage')),
  '/dashboard': lazy(() => import('../reports/DashboardPage')),
  '/reports/risk-management': lazy(() => import('../reports/RiskManagementPage')),
  ...sharedPage([
    '/reports/game-currency', '/reports/game-financial', '/reports/game-operator', '/reports/games', '/reports/game-providers', '/reports/operator',
    '/reports/registration', '/reports/transaction-operator', '/reports/transactions', '/reports/transactionsV2', '/reports/affiliate-revenue',
    '/reports/top-affiliates', '/reports/top-channels',
  ], lazy(() => import('../reports/ReportPage'))),
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
  '/settings/crypto-networks': lazy(() => import('../misc/CryptoNetworksPage')),
  // What's New, Flows, Treasury Account.
  '/whats-new': lazy(() => import('../misc/WhatsNewPage')),
  '/whats-new/super-admin': lazy(() => import('../misc/WhatsNewEditorPage')),
  '/flows': lazy(() => import('../misc/FlowsPage')),
  '/treasury-account': lazy(() => import('../misc/TreasuryAccountPage')),
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
  // Domains, Cloudflare and Front Door.
  '/settings/domains': lazy(() => import('../infra/DomainsPage')),
  '/settings/cf-account-v2/domains': lazy(() => import('../infra/DomainsPage')),
  '/settings/cf-account-v2': lazy(() => import('../infra/CfAccountsPage')),
  '/settings/cf-account-v2/afds': lazy(() => import('../infra/AfdProfilesPage')),
  '/settings/dev': lazy(() => import('../infra/DevSettingsPage')),
  // Tournaments.
  // CMS (v1 and v2): the section routes are one editor configured by the route's section kind.
  ...sharedPage([
    '/cms/branding', '/cms/banners', '/cms/template', '/cms/menus', '/cms/modals', '/cms/page-types',
    '/cms/v2/branding', '/cms/v2/theme', '/cms/v2/sliders', '/cms/v2/modals', '/cms/v2/cards', '/cms/v2/bonus-cards', '/cms/v2/game-cards',
    '/cms/v2/article', '/cms/v2/login-image', '/cms/v2/widgets', '/cms/v2/secondary-banner', '/cms/v2/promotional-banner',
    '/cms/v2/modals/affiliate', '/cms/v2/modals/affiliate-more', '/cms/v2/modals/cashback', '/cms/v2/modals/cashback-more', '/cms/v2/modals/level-upgrade',
  ], lazy(() => import('../cms/SectionEditorPage'))),
  ...sharedPage(['/cms/pages', '/cms/blog', '/cms/v2/pages', '/cms/v2/blog'], lazy(() => import('../cms/DocumentsPage'))),
  ...sharedPage(['/cms/footer', '/cms/v2/footer'], lazy(() => import('../cms/FooterPage'))),
  ...sharedPage(['/cms/file-manager', '/cms/v2/file-manager'], lazy(() => import('../cms/FileManagerPage'))),
  '/cms/operators': lazy(() => import('../cms/CmsOperatorsPage')),
  '/cms/activities': lazy(() => import('../cms/CmsActivitiesPage')),
  '/settings/translation': lazy(() => import('../cms/TranslationPage')),
  '/settings/notifications': lazy(() => import('../cms/NotificationsPage')),
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
  // Games.
  ...sharedPage(['/games', '/games-cms/operator-games'], lazy(() => import('../games/OperatorGamesPage'))),
  '/games-cms/operator-games/:id': lazy(() => import('../games/OperatorGameDetailsPage')),
  ...sharedPage(['/gamesV2', '/games-cms/all-games'], lazy(() => import('../games/GamesCatalogPage'))),
  ...sharedPage(['/gamesV2/:id', '/games-cms/all-games/:id'], lazy(() => import('../games/GameDetailsPage'))),
  '/gamesV2/activities': lazy(() => import('../games/GameActivitiesPage')),
  ...sharedPage(['/gamesV2/categories', '/gamesV2/tags', '/gamesV2/jurisdictions', '/gamesV2/original-providers/list'], lazy(() => import('../games/ReferencePage'))),
};
