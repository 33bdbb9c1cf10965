import { and, eq, sql } from 'drizzle-orm';
import { AFFILIATE_WITHDRAW_MESSAGES, MSG, PAYMENT_MESSAGES, REWARD_MESSAGES, TOPUP_MESSAGES, type AffiliateWithdrawalRow, type TxType } from '@pitboss/contract';
import { affiliateWithdrawJobPayments, affiliateWithdrawJobs, players, transactions } from '../../db/schema.js';
import { notFound, ok } from '../../lib/http.js';
import { operatorTitles } from '../../lib/scope.js';
import { list, match } from '../../platform/list.js';
import type { Handler, Handlers } from '../../platform/endpoints.js';
import type { TxRow } from '../transactions/repo.js';
import { assertRewardType, claimWallet, decide, rewardView } from './service.js';
import { cancelJob, createJob, failuresOf, jobRow, jobView, kickAffiliateJob } from './affiliate-jobs.js';

type DecisionName = 'rewards.cashbackDecision' | 'rewards.bonusDecision' | 'rewards.affiliateWithdrawDecision' | 'rewards.referralClaimDecision';
type ClaimName = 'rewards.cashbackClaim' | 'rewards.affiliateProfitWithdraw';
type JobName = 'rewards.affiliateWithdrawJobStart' | 'rewards.affiliateWithdrawJobCancel' | 'rewards.affiliateWithdrawJobList' | 'rewards.affiliateWithdrawalList';
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
export const rewardsHandlers: Handlers<DecisionName | ClaimName | JobName> = {
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

  /** Affiliate Withdraw Confirmation: the operator's RUNNING job (409 when one runs), handed to the queue after the commit. */
  'rewards.affiliateWithdrawJobStart': async ({ db, user: me, found: op, audit, once }) => {
    const body = await once(async (tx) => {
      const j = await createJob(tx, op.opId, me);
      await audit(tx, { targetType: 'affiliateWithdrawJob', targetId: j.id, opId: j.opId, before: null, after: { status: 'RUNNING', startedBy: me.email } });
      return { body: ok(await jobView(tx, j.id), [AFFILIATE_WITHDRAW_MESSAGES.JOB_STARTED]) };
    });
    await kickAffiliateJob(db, body.data.jobId);
    return body;
  },

  /** Cancel affiliate withdraw job confirmation: the run stops before its next batch (players paid stay paid). */
  'rewards.affiliateWithdrawJobCancel': async ({ db, user: me, found: op, audit }) => {
    const j = await db.transaction(async (tx) => {
      const c = await cancelJob(tx, op.opId, me.email);
      await audit(tx, {
        targetType: 'affiliateWithdrawJob', targetId: c.id, opId: c.opId,
        before: { status: 'RUNNING' }, after: { status: 'CANCELLED', paidPlayers: c.paidPlayers, paidUSD: c.paidUsd },
      });
      return c;
    });
    return ok(jobRow(j, await operatorTitles(db), (await failuresOf(db, [j.id])).get(j.id)), [AFFILIATE_WITHDRAW_MESSAGES.JOB_CANCELED]);
  },

  'rewards.affiliateWithdrawJobList': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    const page = await list(ctx, {
      rows: (select) => select({ j: affiliateWithdrawJobs }).from(affiliateWithdrawJobs),
      scope: affiliateWithdrawJobs.opId,
      filters: { status: match.eq(affiliateWithdrawJobs.status), isTest: () => undefined },
      sort: { keys: { startedAt: affiliateWithdrawJobs.startedAt }, default: 'startedAt', dir: 'desc', tiebreak: affiliateWithdrawJobs.id },
      map: ({ j }) => jobRow(j, titleOf),
    });
    // The page's failed payouts, in one query.
    const failures = await failuresOf(ctx.db, page.items.map((j) => j.jobId));
    return ok({ ...page, items: page.items.map((j) => ({ ...j, failures: failures.get(j.jobId) ?? [] })) });
  },

  /** The AFFILIATE → MAIN withdrawals (a job's or a single Withdraw Profit), with the paying job when there is one. */
  'rewards.affiliateWithdrawalList': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    return ok(await list(ctx, {
      rows: (select) => select({
        t: transactions, playerCode: players.playerCode, username: players.username, firstName: players.firstName, lastName: players.lastName,
        jobId: affiliateWithdrawJobPayments.jobId,
      }).from(transactions).innerJoin(players, eq(players.id, transactions.playerId))
        .leftJoin(affiliateWithdrawJobPayments, eq(affiliateWithdrawJobPayments.txId, transactions.txId)),
      scope: transactions.opId,
      where: () => and(eq(transactions.transactionType, 'AFFILIATE'), eq(transactions.transactionSubType, 'AFFILIATE_PROFIT_WITHDRAW'),
        eq(transactions.status, 'CONFIRMED'), eq(transactions.isDeleted, false)),
      filters: {
        from: match.from(transactions.createdAt), to: match.to(transactions.createdAt), jobId: (v) => sql`${affiliateWithdrawJobPayments.jobId} = ${v}`,
        playerCode: match.eq(players.playerCode), isTest: match.isTest(players.isTest),
      },
      sort: { keys: { createdAt: transactions.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: transactions.txId, perOperator: ['createdAt'] },
      map: (x): AffiliateWithdrawalRow => ({
        txId: x.t.txId, opId: x.t.opId, ...titleOf(x.t.opId), playerId: x.t.playerId, playerCode: x.playerCode, username: x.username,
        playerName: [x.firstName, x.lastName].filter(Boolean).join(' ') || null,
        amount: x.t.toAmount, currency: x.t.toCurrency, amountInUSD: x.t.toAmountInUsd, status: x.t.status, createdAt: x.t.createdAt.toISOString(),
        confirmedBy: x.t.confirmedBy, jobId: x.jobId ?? null,
      }),
    }));
  },
};
