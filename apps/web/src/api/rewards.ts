import type { TxType } from '@pitboss/contract';
import type { BodyOf } from '@pitboss/contract/endpoint-schemas';

/**
 * Rewards (001 §7): approvals of pending cashback, bonus, affiliate profit and referral claims,
 * and the player-wallet claims (cashback → MAIN, affiliate profit → MAIN). Every call moves money,
 * so every call carries an Idempotency-Key; the dialogs send them through the action kit
 * (kit/actions/useEndpointMutation), which refreshes the lists and the wallet after each.
 */

/** The transaction types a pending reward decision exists for. */
export const REWARD_TYPES = ['CASHBACK', 'BONUS', 'AFFILIATE', 'REFERRAL_PROFIT'] as const satisfies readonly TxType[];
export type RewardType = (typeof REWARD_TYPES)[number];
export const isRewardType = (type: string): type is RewardType => (REWARD_TYPES as readonly string[]).includes(type);

/** The decision call of each reward type (its access rule decides who sees the buttons). */
export const DECISION_ENDPOINTS = {
  CASHBACK: 'rewards.cashbackDecision',
  BONUS: 'rewards.bonusDecision',
  AFFILIATE: 'rewards.affiliateWithdrawDecision',
  REFERRAL_PROFIT: 'rewards.referralClaimDecision',
} as const satisfies Record<RewardType, string>;

export type RewardDecisionBody = BodyOf<'rewards.cashbackDecision'>;
