import type { z } from 'zod';
import type { TxType, rewardDecisionBody, walletClaimBody } from '@pitboss/contract';
import { callOnce } from './client';
import type { TxView } from './transactions';

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

/** The decision call of each reward type. */
const DECISION_URLS: Record<RewardType, string> = {
  CASHBACK: '/api/transactions/cashback',
  BONUS: '/api/transactions/bonus',
  AFFILIATE: '/api/transactions/affiliate/withdraw',
  REFERRAL_PROFIT: '/api/transactionsV2/referral-claim',
};

export type RewardDecisionBody = z.input<typeof rewardDecisionBody>;
export type WalletClaimBody = z.input<typeof walletClaimBody>;

/** Approve or reject a pending reward; answers the updated transaction (409 when someone else decided first). */
export const decideReward = (type: RewardType, body: RewardDecisionBody, key: string) => callOnce<TxView>('PUT', DECISION_URLS[type], body, key);

/** Claim Cashback: the player's CASHBACK wallet moves to MAIN. */
export const claimCashback = (body: Pick<WalletClaimBody, 'opId' | 'playerCode'>, key: string) =>
  callOnce<unknown>('POST', '/api/reports/cashback/claim', body, key);

/** Withdraw Profit: the AFFILIATE balance the user saw (`totalProfitInUSD`) moves to MAIN; a changed balance is refused. */
export const withdrawAffiliateProfit = (body: Required<Pick<WalletClaimBody, 'playerCode' | 'totalProfitInUSD'>> & Pick<WalletClaimBody, 'opId'>, key: string) =>
  callOnce<unknown>('POST', '/api/reports/affiliate/profit/withdraw', body, key);
