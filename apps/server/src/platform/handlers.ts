/** Every endpoint's handler, by the endpoint table's name (one object per domain module). */
import type { EndpointName } from '@pitboss/contract';
import type { Handlers } from './endpoints.js';
import { transactionHandlers } from '../modules/transactions/routes.js';
// Wallet, rewards and banking.
import { walletHandlers } from '../modules/wallet/routes.js';
import { rewardsHandlers } from '../modules/rewards/routes.js';
import { bankingHandlers } from '../modules/banking/routes.js';

export const ALL_HANDLERS: Handlers<EndpointName> = {
  ...transactionHandlers,
  // Wallet, rewards and banking.
  ...walletHandlers,
  ...rewardsHandlers,
  ...bankingHandlers,
};
