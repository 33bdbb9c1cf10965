import { MSG, PAYMENT_MESSAGES, REWARD_MESSAGES, TOPUP_MESSAGES, type TxType } from '@pitboss/contract';
import { notFound, ok } from '../../lib/http.js';
import type { Handler, Handlers } from '../../platform/endpoints.js';
import type { TxRow } from '../transactions/repo.js';
import { assertRewardType, claimWallet, decide, rewardView } from './service.js';

type DecisionName = 'rewards.cashbackDecision' | 'rewards.bonusDecision' | 'rewards.affiliateWithdrawDecision' | 'rewards.referralClaimDecision';
type ClaimName = 'rewards.cashbackClaim' | 'rewards.affiliateProfitWithdraw';
// The four decisions (and the two claims) share their schemas and scope: one handler type serves them all.

/**
 * One approval dialog of pending rewards (001 §2, §7): the transaction (found in the caller's
 * scope by the endpoint layer) must be of the route's type and, when given, of the named player.
 */
function decision(type: TxType, auditPrefix: string, message: (action: 'confirm' | 'reject', row: TxRow) => string): Handler<DecisionName> {
  return async ({ db, user: me, body: b, found: t, audit, once }) => {
    assertRewardType(t, type);
    if (b.playerCode) {
      const v = await rewardView(db, t);
      if (v.player.playerCode !== b.playerCode) throw notFound(PAYMENT_MESSAGES.TX_NOT_FOUND);
    }
    return once(async (tx) => {
      const row = await decide(tx, audit, me, t, b, auditPrefix);
      return { body: ok(await rewardView(tx, row), [message(b.actionType, row)]) };
    });
  };
}

/** A claim names the player (found in scope) and, when given, its operator: another operator's player is not found. */
function claim(opts: {
  from: 'CASHBACK' | 'AFFILIATE'; type: TxType; subType: string; action: string; message: string;
  /** The staff member's amount (totalProfitInUSD) must still be the balance. */
  checkShown?: boolean;
}): Handler<ClaimName> {
  return async ({ user: me, body: b, found: p, audit, once }) => {
    if (p.isDeleted || (b.opId && b.opId !== '*' && b.opId !== p.opId)) throw notFound(MSG.PLAYER_NOT_FOUND);
    return once(async (tx) => {
      const row = await claimWallet(tx, audit, me, p, { ...opts, expected: opts.checkShown ? b.totalProfitInUSD : undefined });
      return { body: ok(await rewardView(tx, row), [opts.message]) };
    });
  };
}

/** The rewards module: approvals of pending cashback, bonus, affiliate profit and referral claims, and the wallet claims. */
export const rewardsHandlers: Handlers<DecisionName | ClaimName> = {
  'rewards.cashbackDecision': decision('CASHBACK', 'CASHBACK', (a) => (a === 'confirm' ? REWARD_MESSAGES.CASHBACK_CONFIRMED : REWARD_MESSAGES.CASHBACK_REJECTED)),
  'rewards.bonusDecision': decision('BONUS', 'BONUS', (a) => (a === 'confirm' ? REWARD_MESSAGES.BONUS_CONFIRMED : REWARD_MESSAGES.BONUS_REJECTED)),
  'rewards.affiliateWithdrawDecision': decision('AFFILIATE', 'AFFILIATE',
    (a, row) => (a === 'confirm' && row.transactionSubType === 'AFFILIATE_PROFIT_WITHDRAW' ? REWARD_MESSAGES.AFFILIATE_WITHDRAWN : TOPUP_MESSAGES.DONE)),
  'rewards.referralClaimDecision': decision('REFERRAL_PROFIT', 'REFERRAL_CLAIM', (a) => (a === 'confirm' ? REWARD_MESSAGES.REFERRAL_APPROVED : TOPUP_MESSAGES.DONE)),

  /** Claim Cashback confirmation: the whole CASHBACK wallet to MAIN. */
  'rewards.cashbackClaim': claim({ from: 'CASHBACK', type: 'CASHBACK', subType: 'CASHBACK_CLAIM', action: 'CASHBACK_CLAIM', message: REWARD_MESSAGES.CASHBACK_CLAIMED }),
  /** Withdraw Profit Confirmation: the whole AFFILIATE wallet to MAIN (the amount shown must still be the balance). */
  'rewards.affiliateProfitWithdraw': claim({
    from: 'AFFILIATE', type: 'AFFILIATE', subType: 'AFFILIATE_PROFIT_WITHDRAW', action: 'AFFILIATE_PROFIT_WITHDRAW', message: REWARD_MESSAGES.AFFILIATE_WITHDRAWN, checkShown: true,
  }),
};
