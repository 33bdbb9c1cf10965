import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, PAYMENT_MESSAGES, REWARD_MESSAGES, TOPUP_MESSAGES, rewardDecisionBody, walletClaimBody, type Role, type TxType } from '@pitboss/contract';
import { currentUser } from '../../lib/context.js';
import { notFound, ok } from '../../lib/http.js';
import { assertInScope } from '../../lib/scope.js';
import { idempotent } from '../../lib/idempotency.js';
import { loadVisibleTx, type TxRow } from '../transactions/repo.js';
import { requirePermission, viewOf } from '../payments/service.js';
import { assertRewardType, claimPlayer, claimWallet, decide } from './service.js';

const TAGS = ['rewards'];
const CLAIM_ROLES: readonly Role[] = ['SUPER_ADMIN', 'ADMIN'];

interface DecisionRoute {
  url: string;
  type: TxType;
  /** Any one of these permission keys allows the action. */
  anyOf: string[];
  auditPrefix: string;
  message: (action: 'confirm' | 'reject', row: TxRow) => string;
}

/** The four approval dialogs of pending rewards (001 §2, §7). */
const DECISIONS: DecisionRoute[] = [
  {
    url: '/api/transactions/cashback', type: 'CASHBACK', anyOf: ['transactions_pending_cashback'], auditPrefix: 'CASHBACK',
    message: (a) => (a === 'confirm' ? REWARD_MESSAGES.CASHBACK_CONFIRMED : REWARD_MESSAGES.CASHBACK_REJECTED),
  },
  {
    url: '/api/transactions/bonus', type: 'BONUS', anyOf: ['bonus_claims', 'transactions_claimed_bonus'], auditPrefix: 'BONUS',
    message: (a) => (a === 'confirm' ? REWARD_MESSAGES.BONUS_CONFIRMED : REWARD_MESSAGES.BONUS_REJECTED),
  },
  {
    url: '/api/transactions/affiliate/withdraw', type: 'AFFILIATE', anyOf: ['transactions_pending_affiliate_profit'], auditPrefix: 'AFFILIATE',
    message: (a, row) => (a === 'confirm' && row.transactionSubType === 'AFFILIATE_PROFIT_WITHDRAW' ? REWARD_MESSAGES.AFFILIATE_WITHDRAWN : TOPUP_MESSAGES.DONE),
  },
  {
    url: '/api/transactionsV2/referral-claim', type: 'REFERRAL_PROFIT', anyOf: ['transactions_affiliate_profit', 'transactions_pending_affiliate_profit'],
    auditPrefix: 'REFERRAL_CLAIM', message: (a) => (a === 'confirm' ? REWARD_MESSAGES.REFERRAL_APPROVED : TOPUP_MESSAGES.DONE),
  },
];

/** Routes of the rewards module: cashback, affiliate profit, bonus and referral approvals and claims. */
export async function rewardsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  for (const d of DECISIONS) {
    // '' = any signed-in user at the gate; the any-of permission check below answers 403.
    r.put(d.url, { schema: { body: rewardDecisionBody, tags: TAGS }, config: { permission: d.anyOf.length === 1 ? d.anyOf[0]! : '' } }, async (req, reply) => {
      const me = currentUser(req);
      const b = req.body;
      requirePermission(me, ...d.anyOf);
      const t = await loadVisibleTx(db, me, b.txId);
      assertRewardType(t, d.type);
      if (b.playerCode) {
        const v = await viewOf(db, t);
        if (v.player.playerCode !== b.playerCode) throw notFound(PAYMENT_MESSAGES.TX_NOT_FOUND);
      }
      return idempotent(db, req, reply, async (tx) => {
        const row = await decide(tx, req, me, t, b, d.auditPrefix);
        return { body: ok(await viewOf(tx, row), [d.message(b.actionType, row)]) };
      });
    });
  }

  /** Claim Cashback confirmation: the whole CASHBACK wallet to MAIN. */
  r.post('/api/reports/cashback/claim', { schema: { body: walletClaimBody, tags: TAGS }, config: { permission: 'players', roles: CLAIM_ROLES } }, async (req, reply) => {
    const me = currentUser(req);
    const p = await claimPlayer(db, req.body);
    await assertInScope(db, me, p.opId, MSG.PLAYER_NOT_FOUND);
    return idempotent(db, req, reply, async (tx) => {
      const row = await claimWallet(tx, req, me, p, { from: 'CASHBACK', type: 'CASHBACK', subType: 'CASHBACK_CLAIM', action: 'CASHBACK_CLAIM' });
      return { body: ok(await viewOf(tx, row), [REWARD_MESSAGES.CASHBACK_CLAIMED]) };
    });
  });

  /** Withdraw Profit Confirmation: the whole AFFILIATE wallet to MAIN (the amount shown must still be the balance). */
  r.post('/api/reports/affiliate/profit/withdraw', { schema: { body: walletClaimBody, tags: TAGS }, config: { permission: 'players', roles: CLAIM_ROLES } }, async (req, reply) => {
    const me = currentUser(req);
    const p = await claimPlayer(db, req.body);
    await assertInScope(db, me, p.opId, MSG.PLAYER_NOT_FOUND);
    return idempotent(db, req, reply, async (tx) => {
      const row = await claimWallet(tx, req, me, p, {
        from: 'AFFILIATE', type: 'AFFILIATE', subType: 'AFFILIATE_PROFIT_WITHDRAW', action: 'AFFILIATE_PROFIT_WITHDRAW', expected: req.body.totalProfitInUSD,
      });
      return { body: ok(await viewOf(tx, row), [REWARD_MESSAGES.AFFILIATE_WITHDRAWN]) };
    });
  });
}
