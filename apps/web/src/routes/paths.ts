import { routeByPath, type RouteDef } from '@pitboss/contract';

/**
 * The built routes the console's code links to, looked up in the contract's ROUTES table
 * (the only place a path is defined). A typo fails at start-up instead of producing a
 * dead link.
 */
function route(path: string): RouteDef {
  const r = routeByPath(path);
  if (!r || !r.built) throw new Error(`Route ${path} is not a built route of the contract table`);
  return r;
}

export const R = {
  players: route('/players'),
  playerDetails: route('/players/:playerCode'),
  playerBalances: route('/players/balances'),
  playerUsernames: route('/players/usernames'),
  playerActivities: route('/players/details-activities'),
  documents: route('/documentsV2'),
  transactions: route('/transactions/list'),
  transactionDetails: route('/transactions/details/:txId'),
  transactionActivities: route('/transactions/transactions-activities'),
  cashbackList: route('/transactions/cashback'),
  cashbackPending: route('/transactions/pending-cashback'),
  affiliateProfitList: route('/transactions/affiliate-profit'),
  affiliateProfitPending: route('/transactions/pending-affiliate-profit'),
  claimedBonus: route('/transactions/claimed-bonus'),
  depositList: route('/deposit/list'),
  depositPending: route('/deposit/pending'),
  depositOrders: route('/deposit/orders'),
  withdrawList: route('/withdraw/list'),
  withdrawPending: route('/withdraw/pending'),
  topups: route('/topup/list'),
  bankAccounts: route('/withdraw/bank-accounts'),
  bankList: route('/withdraw/bank-list'),
  withdrawGateways: route('/withdraw/gateways'),
  withdrawGatewaysV2: route('/withdraw/gatewaysV2'),
  withdrawGateway: route('/withdraw/gatewaysV2/:uuid'),
  depositGateways: route('/deposit/gateways'),
  depositGatewaysV2: route('/deposit/gatewaysV2'),
  depositGateway: route('/deposit/gatewaysV2/:uuid'),
  treasuries: route('/withdraw/treasuries'),
  settingsActivities: route('/settings/activities'),
  loginActivity: route('/settings/login-activitiy'),
  exchangeRates: route('/exchange-rates'),
} as const;
