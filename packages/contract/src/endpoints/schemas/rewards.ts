import { rewardDecisionBody, walletClaimBody } from '../../payments.js';
import { REWARDS } from '../meta/rewards.js';
import { txView } from './transactions.js';
import type { SchemasOf } from './types.js';

/** Every reward call answers the decided (or new, for a claim) transaction. */
export const REWARDS_SCHEMAS = {
  'rewards.cashbackDecision': { body: rewardDecisionBody, response: txView },
  'rewards.bonusDecision': { body: rewardDecisionBody, response: txView },
  'rewards.affiliateWithdrawDecision': { body: rewardDecisionBody, response: txView },
  'rewards.referralClaimDecision': { body: rewardDecisionBody, response: txView },
  'rewards.cashbackClaim': { body: walletClaimBody, response: txView },
  'rewards.affiliateProfitWithdraw': { body: walletClaimBody, response: txView },
} satisfies SchemasOf<typeof REWARDS>;
