import { anyOf, ep, record, rolesExcept, withRoles } from '../define.js';

/** Role review: OPERATOR_MANAGER does not pay out affiliate withdrawals. */
const NOT_OPERATOR_MANAGER = rolesExcept('OPERATOR_MANAGER');
/** The player-wallet claims are for SUPER_ADMIN and ADMIN holding the players page. */
const CLAIM = withRoles(['players'], ['SUPER_ADMIN', 'ADMIN']);
const decision = record('transaction', 'txId');

/**
 * Rewards (001 §7): approvals of pending cashback, bonus, affiliate profit and referral claims
 * (any one of the pages the reward is handled on), and the player-wallet claims. All move money.
 */
export const REWARDS = {
  'rewards.cashbackDecision': ep({
    method: 'PUT', path: '/api/transactions/cashback', tag: 'rewards', summary: 'Confirm or reject a pending cashback',
    access: anyOf('transactions_pending_cashback'), scope: decision, audit: ['CASHBACK_CONFIRM', 'CASHBACK_REJECT'], money: true,
  }),
  'rewards.bonusDecision': ep({
    method: 'PUT', path: '/api/transactions/bonus', tag: 'rewards', summary: 'Confirm or reject a pending bonus or bonus claim',
    access: anyOf('bonus_claims', 'transactions_claimed_bonus'), scope: decision, audit: ['BONUS_CONFIRM', 'BONUS_REJECT'], money: true,
  }),
  'rewards.affiliateWithdrawDecision': ep({
    method: 'PUT', path: '/api/transactions/affiliate/withdraw', tag: 'rewards', summary: 'Confirm or reject a pending affiliate profit withdrawal or commission',
    access: withRoles(['transactions_pending_affiliate_profit'], NOT_OPERATOR_MANAGER), scope: decision, audit: ['AFFILIATE_CONFIRM', 'AFFILIATE_REJECT'], money: true,
  }),
  'rewards.referralClaimDecision': ep({
    method: 'PUT', path: '/api/transactionsV2/referral-claim', tag: 'rewards', summary: 'Approve or reject a pending referral profit claim',
    access: anyOf('transactions_affiliate_profit', 'transactions_pending_affiliate_profit'), scope: decision, audit: ['REFERRAL_CLAIM_CONFIRM', 'REFERRAL_CLAIM_REJECT'], money: true,
  }),
  'rewards.cashbackClaim': ep({
    method: 'POST', path: '/api/reports/cashback/claim', tag: 'rewards', summary: 'Claim Cashback: the player\'s whole CASHBACK wallet moves to MAIN',
    access: CLAIM, scope: record('player', 'playerCode'), audit: 'CASHBACK_CLAIM', money: true,
  }),
  'rewards.affiliateProfitWithdraw': ep({
    method: 'POST', path: '/api/reports/affiliate/profit/withdraw', tag: 'rewards', summary: 'Withdraw Profit: the player\'s AFFILIATE wallet (the amount shown) moves to MAIN',
    access: CLAIM, scope: record('player', 'playerCode'), audit: 'AFFILIATE_PROFIT_WITHDRAW', money: true,
  }),
} as const;
