/** Every endpoint's handler, by the endpoint table's name (one object per domain module). */
import type { EndpointName } from '@pitboss/contract';
import type { Handlers } from './endpoints.js';
import { transactionHandlers } from '../modules/transactions/routes.js';
// Wallet and rewards.
import { walletHandlers } from '../modules/wallet/routes.js';
import { rewardsHandlers } from '../modules/rewards/routes.js';

export const ALL_HANDLERS: Handlers<EndpointName> = {
  ...transactionHandlers,
  // Wallet and rewards.
  ...walletHandlers,
  ...rewardsHandlers,
};
