import { rewardDecisionBody, walletClaimBody } from '../../payments.js';
import {
  affiliateWithdrawJobCancelBody, affiliateWithdrawJobRow, affiliateWithdrawJobStartBody, affiliateWithdrawJobsListBody, affiliateWithdrawalRow, affiliateWithdrawalsListBody,
} from '../../affiliate-withdraw.js';
import { REWARDS } from '../meta/rewards.js';
import { listAnswer } from './common.js';
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
  'rewards.affiliateWithdrawJobStart': { body: affiliateWithdrawJobStartBody, response: affiliateWithdrawJobRow },
  'rewards.affiliateWithdrawJobCancel': { body: affiliateWithdrawJobCancelBody, response: affiliateWithdrawJobRow },
  'rewards.affiliateWithdrawJobList': { body: affiliateWithdrawJobsListBody, response: listAnswer(affiliateWithdrawJobRow) },
  'rewards.affiliateWithdrawalList': { body: affiliateWithdrawalsListBody, response: listAnswer(affiliateWithdrawalRow) },
} satisfies SchemasOf<typeof REWARDS>;
