import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteDef } from '@pitboss/contract';
import { R } from './paths';

type Page = LazyExoticComponent<ComponentType>;
/** One page component configured by its route (e.g. the transaction lists, see transactions/config.ts). */
const sharedPage = (routes: readonly RouteDef[], page: Page): Record<string, Page> =>
  Object.fromEntries(routes.map((r) => [r.path, page]));

/**
 * The one registry of page components, keyed by the route path of the contract table.
 * Each page is a lazy chunk of its own. A built route without an entry here renders the
 * "not built" page (see AppRouter), so the table stays the source of truth.
 */
export const PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  [R.players.path]: lazy(() => import('../players/PlayersPage')),
  [R.playerDetails.path]: lazy(() => import('../players/PlayerDetailsPage')),
  [R.playerBalances.path]: lazy(() => import('../players/BalancesPage')),
  [R.playerUsernames.path]: lazy(() => import('../players/UsernamesPage')),
  [R.playerActivities.path]: lazy(() => import('../players/ActivitiesPage')),
  [R.documents.path]: lazy(() => import('../kyc/DocumentsPage')),
  ...sharedPage([
    R.transactions, R.depositList, R.depositPending, R.depositOrders, R.withdrawList, R.withdrawPending,
    R.cashbackList, R.cashbackPending, R.affiliateProfitList, R.affiliateProfitPending, R.claimedBonus,
  ], lazy(() => import('../transactions/TransactionsListPage'))),
  [R.transactionDetails.path]: lazy(() => import('../transactions/TransactionDetailsPage')),
  [R.transactionActivities.path]: lazy(() => import('../transactions/TransactionActivitiesPage')),
  [R.topups.path]: lazy(() => import('../wallet/TopupListPage')),
  [R.bankAccounts.path]: lazy(() => import('../banking/BankAccountsPage')),
  [R.bankList.path]: lazy(() => import('../banking/BankListPage')),
  ...sharedPage([R.depositGateways, R.depositGatewaysV2, R.withdrawGateways, R.withdrawGatewaysV2], lazy(() => import('../banking/GatewaysPage'))),
  ...sharedPage([R.depositGateway, R.withdrawGateway], lazy(() => import('../banking/GatewayDetailsPage'))),
  [R.treasuries.path]: lazy(() => import('../banking/TreasuriesPage')),
  [R.settingsActivities.path]: lazy(() => import('../settings/ActivitiesPage')),
  [R.loginActivity.path]: lazy(() => import('../settings/LoginActivityPage')),
  [R.exchangeRates.path]: lazy(() => import('../rates/ExchangeRatesPage')),
};
