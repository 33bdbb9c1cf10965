import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes } from 'react-router';
import { ROUTES, type RoutePath } from '@pitboss/contract/routes';

type Load = () => Promise<{ default: ComponentType }>;
type Page = LazyExoticComponent<ComponentType> & { load: Load };
/** A page's lazy component that can also be fetched ahead of its first render (preloadPage). */
const page = (load: Load): Page => Object.assign(lazy(load), { load });
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
  ...sharedPage(['/billing/transaction-history', '/billing/invoices', '/billing/me', '/billing/meV2'], page(() => import('../billing/BillingRecordsPage'))),
  ...sharedPage(['/billing/operators', '/billing/operatorsV2', '/billing/brands', '/billing/affiliates'], page(() => import('../billing/BillingAccountsPage'))),
  ...sharedPage(['/reports/billing-invoice-ggr', '/reports/billing-payment-collections'], page(() => import('../billing/BillingReportPage'))),
  '/players': page(() => import('../players/PlayersPage')),
  '/players/:playerCode': page(() => import('../players/PlayerDetailsPage')),
  '/players/balances': page(() => import('../players/BalancesPage')),
  '/players/usernames': page(() => import('../players/UsernamesPage')),
  '/players/details-activities': page(() => import('../players/ActivitiesPage')),
  '/documentsV2': page(() => import('../kyc/DocumentsPage')),
  '/quick-dashboard': page(() => import('../reports/QuickDashboardPage')),
  '/dashboard': page(() => import('../reports/DashboardPage')),
  '/reports/risk-management': page(() => import('../reports/RiskManagementPage')),
  ...sharedPage([
    '/reports/game-currency', '/reports/game-financial', '/reports/game-operator', '/reports/games', '/reports/game-providers', '/reports/operator',
    '/reports/registration', '/reports/transaction-operator', '/reports/transactions', '/reports/transactionsV2', '/reports/affiliate-revenue',
    '/reports/top-affiliates', '/reports/top-channels',
  ], page(() => import('../reports/ReportPage'))),
  ...sharedPage([
    '/transactions/list', '/deposit/list', '/deposit/pending', '/deposit/orders', '/withdraw/list', '/withdraw/pending',
    '/transactions/cashback', '/transactions/pending-cashback', '/transactions/affiliate-profit', '/transactions/pending-affiliate-profit', '/transactions/claimed-bonus',
    '/bonus/claims', '/bonus/transactions', '/reports/bonus-transactions',
  ], page(() => import('../transactions/TransactionsListPage'))),
  '/transactions/details/:txId': page(() => import('../transactions/TransactionDetailsPage')),
  '/transactions/transactions-activities': page(() => import('../transactions/TransactionActivitiesPage')),
  '/topup/list': page(() => import('../wallet/TopupListPage')),
  '/withdraw/bank-accounts': page(() => import('../banking/BankAccountsPage')),
  '/withdraw/bank-list': page(() => import('../banking/BankListPage')),
  ...sharedPage(['/deposit/gateways', '/deposit/gatewaysV2', '/withdraw/gateways', '/withdraw/gatewaysV2'], page(() => import('../banking/GatewaysPage'))),
  ...sharedPage(['/deposit/gatewaysV2/:uuid', '/withdraw/gatewaysV2/:uuid'], page(() => import('../banking/GatewayDetailsPage'))),
  '/withdraw/treasuries': page(() => import('../banking/TreasuriesPage')),
  '/withdraw/affiliate': page(() => import('../withdrawals/AffiliateWithdrawalsPage')),
  '/settings': page(() => import('../settings/SettingsHomePage')),
  '/settings/general': page(() => import('../settings/GeneralSettingsPage')),
  '/settings/roles': page(() => import('../settings/RolesPage')),
  '/settings/staff-permissions': page(() => import('../settings/PermissionsPage')),
  '/settings/admins': page(() => import('../settings/AdminsPage')),
  '/settings/admins/:user_id': page(() => import('../settings/AdminDetailsPage')),
  '/settings/activities': page(() => import('../settings/ActivitiesPage')),
  '/settings/login-activitiy': page(() => import('../settings/LoginActivityPage')),
  '/settings/crypto-networks': page(() => import('../misc/CryptoNetworksPage')),
  // What's New, Flows, Treasury Account.
  '/whats-new': page(() => import('../misc/WhatsNewPage')),
  '/whats-new/super-admin': page(() => import('../misc/WhatsNewEditorPage')),
  '/flows': page(() => import('../misc/FlowsPage')),
  '/treasury-account': page(() => import('../misc/TreasuryAccountPage')),
  '/exchange-rates': page(() => import('../rates/ExchangeRatesPage')),
  // Partners.
  '/partners/list': page(() => import('../partners/PartnersPage')),
  '/partners/withdraw': page(() => import('../partners/PartnerWithdrawPage')),
  '/channels': page(() => import('../partners/ChannelsPage')),
  '/marketings': page(() => import('../partners/MarketingsPage')),
  '/partner-dashboard': page(() => import('../partners/PartnerDashboardPage')),
  '/operators': page(() => import('../operators/OperatorsPage')),
  '/operators/:id': page(() => import('../operators/OperatorDetailsPage')),
  '/operators/activities': page(() => import('../operators/ActivitiesPage')),
  '/brands': page(() => import('../operators/BrandsPage')),
  '/user/profile': page(() => import('../profile/ProfilePage')),
  // Support tickets.
  '/support': page(() => import('../support/SupportPage')),
  '/support/:brandId/:ticketId': page(() => import('../support/TicketPage')),
  '/support/activities': page(() => import('../support/ActivitiesPage')),
  // Tech support.
  '/tech-support': page(() => import('../tech-support/TechSupportPage')),
  '/tech-support/servers': page(() => import('../tech-support/ServersPage')),
  '/tech-support/export-report': page(() => import('../tech-support/ExportReportPage')),
  // Domains, Cloudflare and Front Door.
  '/settings/domains': page(() => import('../infra/DomainsPage')),
  '/settings/cf-account-v2/domains': page(() => import('../infra/DomainsPage')),
  '/settings/cf-account-v2': page(() => import('../infra/CfAccountsPage')),
  '/settings/cf-account-v2/afds': page(() => import('../infra/AfdProfilesPage')),
  '/settings/dev': page(() => import('../infra/DevSettingsPage')),
  // Tournaments.
  // CMS (v1 and v2): the section routes are one editor configured by the route's section kind.
  ...sharedPage([
    '/cms/branding', '/cms/banners', '/cms/template', '/cms/menus', '/cms/modals', '/cms/page-types',
    '/cms/v2/branding', '/cms/v2/theme', '/cms/v2/sliders', '/cms/v2/modals', '/cms/v2/cards', '/cms/v2/bonus-cards', '/cms/v2/game-cards',
    '/cms/v2/article', '/cms/v2/login-image', '/cms/v2/widgets', '/cms/v2/secondary-banner', '/cms/v2/promotional-banner',
    '/cms/v2/modals/affiliate', '/cms/v2/modals/affiliate-more', '/cms/v2/modals/cashback', '/cms/v2/modals/cashback-more', '/cms/v2/modals/level-upgrade',
  ], page(() => import('../cms/SectionEditorPage'))),
  ...sharedPage(['/cms/pages', '/cms/blog', '/cms/v2/pages', '/cms/v2/blog'], page(() => import('../cms/DocumentsPage'))),
  ...sharedPage(['/cms/footer', '/cms/v2/footer'], page(() => import('../cms/FooterPage'))),
  ...sharedPage(['/cms/file-manager', '/cms/v2/file-manager'], page(() => import('../cms/FileManagerPage'))),
  '/cms/operators': page(() => import('../cms/CmsOperatorsPage')),
  '/cms/activities': page(() => import('../cms/CmsActivitiesPage')),
  '/settings/translation': page(() => import('../cms/TranslationPage')),
  '/settings/notifications': page(() => import('../cms/NotificationsPage')),
  '/tournament/list': page(() => import('../tournaments/TournamentsPage')),
  '/tournament/new': page(() => import('../tournaments/NewTournamentPage')),
  '/tournament/:id': page(() => import('../tournaments/TournamentDetailsPage')),
  '/tournament/winners/list': page(() => import('../tournaments/WinnersPage')),
  '/tournament/winners/:id': page(() => import('../tournaments/WinnerDetailsPage')),
  // Bets.
  '/bets': page(() => import('../bets/BetsPage')),
  '/quick-bets': page(() => import('../bets/BetsPage')),
  '/bets/:id': page(() => import('../bets/BetDetailsPage')),
  '/betsV2/:betId': page(() => import('../bets/BetDetailsPage')),
  // Bonus forms and requests.
  '/bonus/sport': page(() => import('../bonus/SportFreebetsPage')),
  // Deposit bonus definitions and the players' deposit bonuses.
  '/bonus': page(() => import('../bonus/BonusDefinitionsPage')),
  '/bonus/:id': page(() => import('../bonus/BonusDefinitionDetailsPage')),
  '/bonus/list': page(() => import('../bonus/BonusDefinitionPlayersPage')),
  '/bonus/releases': page(() => import('../bonus/BonusReleasesPage')),
  '/reports/bonus-releases': page(() => import('../bonus/BonusReleasesReportPage')),
  '/bonus/form': page(() => import('../bonus/BonusFormsPage')),
  '/bonus/form/new': page(() => import('../bonus/NewBonusFormPage')),
  ...sharedPage(['/bonus/form/requests', '/bonus/form/history'], page(() => import('../bonus/BonusRequestsPage'))),
  '/internal-cashback-affiliate-calculator': page(() => import('../rewards/CalculatorsPage')),
  '/profit-history': page(() => import('../rewards/ProfitHistoryPage')),
  // Games.
  ...sharedPage(['/games', '/games-cms/operator-games'], page(() => import('../games/OperatorGamesPage'))),
  '/games-cms/operator-games/:id': page(() => import('../games/OperatorGameDetailsPage')),
  ...sharedPage(['/gamesV2', '/games-cms/all-games'], page(() => import('../games/GamesCatalogPage'))),
  ...sharedPage(['/gamesV2/:id', '/games-cms/all-games/:id'], page(() => import('../games/GameDetailsPage'))),
  '/gamesV2/activities': page(() => import('../games/GameActivitiesPage')),
  ...sharedPage(['/gamesV2/categories', '/gamesV2/tags', '/gamesV2/jurisdictions', '/gamesV2/original-providers/list'], page(() => import('../games/ReferencePage'))),
};

const builtRoutes = ROUTES.filter((r) => r.built && PAGES[r.path as RoutePath]).map((r) => ({ path: r.path }));

/** The built route an address opens, by the router's own ranking (/players/balances is not /players/:playerCode). */
export function routeOf(pathname: string): RoutePath | undefined {
  return matchRoutes(builtRoutes, pathname)?.at(-1)?.route.path as RoutePath | undefined;
}

/**
 * Starts fetching the page chunk of a path (a cold load of /players fetches the players page
 * while the signed-in user is still being loaded, not after the shell has rendered).
 */
export function preloadPage(pathname: string): void {
  const route = routeOf(pathname);
  if (route) void PAGES[route]?.load().catch(() => undefined);
}
