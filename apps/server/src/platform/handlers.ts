/** Every endpoint's handler, by the endpoint table's name (one object per domain module). */
import type { EndpointName } from '@pitboss/contract';
import type { Handlers } from './endpoints.js';
import { activityHandlers } from '../modules/activities/routes.js';
import { authHandlers } from '../modules/auth/routes.js';
import { kycHandlers } from '../modules/kyc/routes.js';
import { operatorHandlers } from '../modules/operators/routes.js';
import { paymentHandlers } from '../modules/payments/routes.js';
import { playerHandlers } from '../modules/players/routes.js';
import { profileHandlers } from '../modules/profile/routes.js';
import { securityHandlers } from '../modules/security/routes.js';
import { settingsHandlers } from '../modules/settings/routes.js';
import { shellHandlers } from '../modules/shell/routes.js';
import { staffHandlers } from '../modules/staff/routes.js';
import { transactionHandlers } from '../modules/transactions/routes.js';
// Wallet, rewards and banking.
import { walletHandlers } from '../modules/wallet/routes.js';
import { rewardsHandlers } from '../modules/rewards/routes.js';
import { bankingHandlers } from '../modules/banking/routes.js';
// Partners.
import { partnerHandlers } from '../modules/partners/routes.js';
import { reportHandlers } from '../modules/reports/routes.js';
import { affiliateReportHandlers } from '../modules/reports/affiliate-reports.js';
import { exportHandlers } from '../modules/exports/routes.js';
// Support tickets.
import { supportHandlers } from '../modules/support/routes.js';
import { techSupportHandlers } from '../modules/tech-support/routes.js';
import { betHandlers } from '../modules/bets/routes.js';
// Bonus forms and requests.
import { bonusFormHandlers } from '../modules/bonus-forms/routes.js';
import { tournamentHandlers } from '../modules/tournaments/routes.js';
import { infraHandlers } from '../modules/infra/routes.js';
import { devHandlers } from '../modules/infra/dev-routes.js';
import { sportFreebetHandlers } from '../modules/sport-freebets/routes.js';
import { rewardHistoryHandlers } from '../modules/reward-history/routes.js';
import { bonusDefinitionHandlers } from '../modules/bonuses/routes.js';
import { bonusReleaseHandlers } from '../modules/bonus-releases/routes.js';
import { bonusAbuseHandlers } from '../modules/bonus-abuse/routes.js';
import { operatorReportHandlers } from '../modules/operator-reports/routes.js';
import { gameHandlers } from '../modules/games/routes.js';
import { cryptoNetworkHandlers } from '../modules/crypto-networks/routes.js';
import { whatsNewHandlers } from '../modules/whats-new/routes.js';
import { flowHandlers } from '../modules/flows/routes.js';
import { treasuryAccountHandlers } from '../modules/treasury-account/routes.js';
import { cmsHandlers } from '../modules/cms/routes.js';
import { billingHandlers } from '../modules/billing/routes.js';

export const ALL_HANDLERS: Handlers<EndpointName> = {
  ...activityHandlers,
  ...authHandlers,
  ...kycHandlers,
  ...operatorHandlers,
  ...paymentHandlers,
  ...playerHandlers,
  ...profileHandlers,
  ...securityHandlers,
  ...settingsHandlers,
  ...shellHandlers,
  ...staffHandlers,
  ...transactionHandlers,
  // Wallet, rewards and banking.
  ...walletHandlers,
  ...rewardsHandlers,
  ...bankingHandlers,
  // Partners.
  ...partnerHandlers,
  ...reportHandlers,
  ...rewardHistoryHandlers,
  ...affiliateReportHandlers,
  ...exportHandlers,
  ...supportHandlers,
  ...techSupportHandlers,
  ...betHandlers,
  ...bonusFormHandlers,
  ...tournamentHandlers,
  ...infraHandlers,
  ...devHandlers,
  ...sportFreebetHandlers,
  ...bonusDefinitionHandlers,
  ...bonusReleaseHandlers,
  ...bonusAbuseHandlers,
  ...operatorReportHandlers,
  ...gameHandlers,
  ...cryptoNetworkHandlers,
  ...whatsNewHandlers,
  ...flowHandlers,
  ...treasuryAccountHandlers,
  ...cmsHandlers,
  ...billingHandlers,
};
