import { LIST, anyOf, ep, record, rolesExcept, withRoles } from '../define.js';

/** Role review: OPERATOR_MANAGER does not pay out affiliate withdrawals. */
const NOT_OPERATOR_MANAGER = rolesExcept('OPERATOR_MANAGER');
/** The player-wallet claims are for SUPER_ADMIN and ADMIN holding the players page. */
const CLAIM = withRoles(['players'], ['SUPER_ADMIN', 'ADMIN']);
const decision = record('transaction', 'txId');
/** The Affiliate Withdrawals page (/withdraw/affiliate); starting and cancelling a job pays out, so not OPERATOR_MANAGER. */
const AFFILIATE_PAGE = anyOf('withdraw_affiliate');
const AFFILIATE_JOB = withRoles(['withdraw_affiliate'], NOT_OPERATOR_MANAGER);

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
  /**
   * Affiliate withdraw jobs (001 §2 /withdraw/affiliate, §7): start pays every eligible affiliate
   * of the operator (and its brands) in the background (job `rewards.affiliate-withdraw`), each
   * player once per job; cancel stops the operator's running job between batches. Both name the
   * operator (`opId`); another operator's is not found (404).
   */
  'rewards.affiliateWithdrawJobStart': ep({
    method: 'POST', path: '/api/reports/affiliate/withdraw-jobs/start', tag: 'rewards', summary: 'Affiliate Withdraw Confirmation: start paying every eligible affiliate of the operator',
    access: AFFILIATE_JOB, scope: record('operator', 'opId'), audit: 'AFFILIATE_WITHDRAW_JOB_START', money: true,
  }),
  'rewards.affiliateWithdrawJobCancel': ep({
    method: 'POST', path: '/api/reports/affiliate/withdraw-jobs/cancel', tag: 'rewards', summary: "Cancel affiliate withdraw job confirmation: stop the operator's running job",
    access: AFFILIATE_JOB, scope: record('operator', 'opId'), audit: 'AFFILIATE_WITHDRAW_JOB_CANCEL',
  }),
  'rewards.affiliateWithdrawJobList': ep({
    method: 'POST', path: '/api/reports/affiliate/withdraw-jobs/list', tag: 'rewards', summary: 'Affiliate withdraw jobs of the selected operators, newest first (designed)',
    access: AFFILIATE_PAGE, scope: LIST,
  }),
  'rewards.affiliateWithdrawalList': ep({
    method: 'POST', path: '/api/reports/affiliate/withdrawals/list', tag: 'rewards', summary: 'Affiliate profit withdrawals (AFFILIATE to MAIN) of the selected operators, newest first (designed)',
    access: AFFILIATE_PAGE, scope: LIST,
  }),
} as const;
