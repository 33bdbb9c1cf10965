import type { TxType } from '@pitboss/contract';
import type { BodyOf, DataOf } from '@pitboss/contract/endpoint-schemas';
import { api } from './endpoint';

/**
 * Rewards (001 §7): approvals of pending cashback, bonus, affiliate profit and referral claims,
 * and the player-wallet claims (cashback → MAIN, affiliate profit → MAIN). Every call moves money,
 * so every call carries an Idempotency-Key; the answers refresh the transaction lists / wallet
 * through the callers' mutations (txKeys.all, playerKeys.wallet).
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
export type WalletClaimBody = BodyOf<'rewards.cashbackClaim'>;
/** What every reward call answers: the decided (or new) transaction. */
export type RewardAnswer = DataOf<'rewards.cashbackDecision'>;

/** Approve or reject a pending reward; answers the updated transaction (409 when someone else decided first). */
export const decideReward = (type: RewardType, body: RewardDecisionBody, key: string) => api(DECISION_ENDPOINTS[type], { body, idempotencyKey: key });

/** Claim Cashback: the player's CASHBACK wallet moves to MAIN. */
export const claimCashback = (body: Pick<WalletClaimBody, 'opId' | 'playerCode'>, key: string) =>
  api('rewards.cashbackClaim', { body, idempotencyKey: key });

/** Withdraw Profit: the AFFILIATE balance the user saw (`totalProfitInUSD`) moves to MAIN; a changed balance is refused. */
export const withdrawAffiliateProfit = (body: Required<Pick<WalletClaimBody, 'playerCode' | 'totalProfitInUSD'>> & Pick<WalletClaimBody, 'opId'>, key: string) =>
  api('rewards.affiliateProfitWithdraw', { body, idempotencyKey: key });
