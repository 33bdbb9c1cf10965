import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import {
  MSG, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, depositOrderStatusBody, depositVerifyBody, rejectDepositOrderBody, tomaniBody,
  tomaniGatewaysQuery, withdrawForceBody, withdrawInProgressBody, withdrawNoSuffixBody, withdrawProviderBody, withdrawResendBody,
} from '@pitboss/contract';
import { paymentGateways } from '../../db/schema.js';
import { HttpError, badRequest, notFound, ok } from '../../lib/http.js';
import { currentUser, type AuthedUser } from '../../lib/context.js';
import { assertInScope, loadOperators } from '../../lib/scope.js';
import { actorOf, audit } from '../../lib/audit.js';
import { idempotent, idempotentSteps } from '../../lib/idempotency.js';
import { loadVisibleTx, transition, type TxRow } from '../transactions/repo.js';
import { callProvider, logProviderCall, providerFor, providerTimeoutMs } from '../../integrations/payments/index.js';
import {
  APPROVE_PERMISSION, NO_SUFFIX_PROVIDERS, REJECT_PERMISSION, assertType, isWithdrawSuffix, notMovable, rejectWithdrawal, requirePermission, viewOf,
} from './service.js';
import { sendToProvider, type ClaimContext } from './claims.js';

const TAGS = ['payments'];

const DEPOSIT_PAGES = ['deposit_orders', 'deposit_pending', 'deposit_list'] as const;

const wrongProvider = () => new HttpError(400, [PAYMENT_MESSAGES.WRONG_PROVIDER], 'WRONG_PROVIDER');

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** A visible withdrawal (404 for other operators' ids). */
  const visibleWithdrawal = async (me: AuthedUser, txId: string) => {
    const t = await loadVisibleTx(db, me, txId);
    assertType(t, 'WITHDRAW');
    return t;
  };

  /**
   * A mutation that calls the provider: the Idempotency-Key reserved first, then claim → call →
   * settle (modules/payments/claims.ts), no transaction open during the call.
   */
  const viaProvider = (req: FastifyRequest, reply: FastifyReply, txId: string, from: readonly ('PENDING' | 'IN_PROGRESS')[], ctx: Omit<ClaimContext, 'from' | 'idem' | 'actor'>) =>
    idempotentSteps(db, req, reply, (slot) => sendToProvider(db, { txId, from, slot, ctx: { ...ctx, actor: actorOf(req) } }), { waitMs: providerTimeoutMs() + 5_000 });

  /** Reject from a provider route: PENDING only, "Include in Daily Withdraw Request" required. */
  const rejectPending = (req: FastifyRequest, reply: FastifyReply, me: AuthedUser, t: TxRow, b: { playerNote: string; countsTowardDailyLimit?: boolean }) =>
    idempotent(db, req, reply, async (tx) => {
      const { row } = await rejectWithdrawal(tx, req, me, t.txId, { from: ['PENDING'], playerNote: b.playerNote, countsTowardDailyLimit: b.countsTowardDailyLimit, action: 'WITHDRAW_REJECT' });
      return { body: ok(await viewOf(tx, row), [PAYMENT_MESSAGES.WITHDRAW_REJECTED]) };
    });

  const requireCountsTowardDailyLimit = (b: { actionType: string; countsTowardDailyLimit?: boolean }) => {
    if (b.actionType === 'reject' && b.countsTowardDailyLimit === undefined) throw badRequest(PAYMENT_FLOW_MESSAGES.COUNTS_TOWARD_DAILY_LIMIT_REQUIRED);
  };

  /** In-progress withdrawals (the money is at the provider): APPROVE → CONFIRMED; REJECT → REJECTED + refund. */
  r.put('/api/transactionsV2/withdraw/in-progress', { schema: { body: withdrawInProgressBody, tags: TAGS }, config: { permission: 'withdraw_pending' } }, async (req, reply) => {
    const me = currentUser(req);
    const b = req.body;
    requirePermission(me, b.status === 'APPROVE' ? APPROVE_PERMISSION : REJECT_PERMISSION);
    const t = await visibleWithdrawal(me, b.txId);
    const note = b.note ? { playerNote: b.note } : {};
    return idempotent(db, req, reply, async (tx) => {
      if (b.status === 'REJECT') {
        const { row } = await rejectWithdrawal(tx, req, me, t.txId, { from: ['IN_PROGRESS'], playerNote: b.note, action: 'WITHDRAW_IN_PROGRESS_REJECT' });
        return { body: ok(await viewOf(tx, row), [PAYMENT_MESSAGES.WITHDRAW_REJECTED]) };
      }
      const row = await transition(tx, t.txId, ['IN_PROGRESS'], { status: 'CONFIRMED', confirmedAt: new Date(), confirmedBy: me.email, ...note });
      if (!row) throw await notMovable(tx, t.txId, ['IN_PROGRESS']);
      await audit(tx, req, { action: 'WITHDRAW_IN_PROGRESS_APPROVE', targetType: 'transaction', targetId: t.txId, opId: row.opId, before: { status: 'IN_PROGRESS' }, after: { status: 'CONFIRMED', note: b.note || null } });
      return { body: ok(await viewOf(tx, row), [PAYMENT_MESSAGES.WITHDRAW_CONFIRMED]) };
    });
  });

  /** Force-approve a JB withdrawal the provider held (status 0 with canForce). */
  r.put('/api/transactionsV2/withdraw/jb/force', { schema: { body: withdrawForceBody, tags: TAGS }, config: { permission: 'withdraw_pending' } }, async (req, reply) => {
    const me = currentUser(req);
    const b = req.body;
    requirePermission(me, APPROVE_PERMISSION);
    if (b.actionType !== 'confirm') throw badRequest(PAYMENT_FLOW_MESSAGES.FORCE_CONFIRM_ONLY);
    const t = await visibleWithdrawal(me, b.txId);
    if (t.provider !== 'jb') throw wrongProvider();
    return viaProvider(req, reply, t.txId, ['PENDING'], { kind: 'withdraw', provider: 'jb', withForce: true, playerNote: b.playerNote || null, action: 'WITHDRAW_FORCE_CONFIRM', answer: 'withdraw-error' });
  });

  /** Active Tomani withdraw gateways of an operator (step 0 of the Tomani dialog). */
  r.get('/api/transactionsV2/withdraw/tomani/gateways', { schema: { querystring: tomaniGatewaysQuery, tags: TAGS }, config: { permission: 'withdraw_pending' } }, async (req) => {
    const me = currentUser(req);
    const { opId } = req.query;
    if (!(await loadOperators(db)).byId.has(opId)) throw notFound(MSG.OPERATOR_NOT_FOUND);
    await assertInScope(db, me, opId, MSG.OPERATOR_NOT_FOUND);
    const rows = await db.select({ uuid: paymentGateways.uuid, provider: paymentGateways.provider, title: paymentGateways.title }).from(paymentGateways).where(and(
      eq(paymentGateways.opId, opId), eq(paymentGateways.direction, 'WITHDRAW'), eq(paymentGateways.provider, 'tomani'),
      eq(paymentGateways.isActive, true), eq(paymentGateways.isDeleted, false),
    )).orderBy(asc(paymentGateways.order), asc(paymentGateways.uuid));
    return ok(rows.map((g) => ({ uuid: g.uuid, provider: g.provider, title: { en: g.title.en ?? '' } })));
  });

  /** Confirm a Tomani withdrawal through a chosen gateway (steps 1 and 2: withForce after status 0 + canForce). */
  r.put('/api/transactionsV2/withdraw/tomani', { schema: { body: tomaniBody, tags: TAGS }, config: { permission: 'withdraw_pending' } }, async (req, reply) => {
    const me = currentUser(req);
    const b = req.body;
    requirePermission(me, APPROVE_PERMISSION);
    const t = await visibleWithdrawal(me, b.txId);
    if (t.provider !== 'tomani' || b.provider !== 'tomani') throw wrongProvider();
    const [gw] = await db.select().from(paymentGateways).where(eq(paymentGateways.uuid, b.gatewayUuid)).limit(1);
    if (!gw || gw.isDeleted || !gw.isActive || gw.direction !== 'WITHDRAW' || gw.provider !== 'tomani' || gw.opId !== t.opId) {
      throw badRequest(PAYMENT_MESSAGES.GATEWAY_REQUIRED);
    }
    return viaProvider(req, reply, t.txId, ['PENDING'], {
      kind: 'withdraw', provider: 'tomani', withForce: b.withForce === true, playerNote: b.noteForThePlayer || null, gatewayUuid: gw.uuid,
      action: b.withForce ? 'WITHDRAW_TOMANI_FORCE_CONFIRM' : 'WITHDRAW_TOMANI_CONFIRM', answer: 'withdraw-dialog',
    });
  });

  /**
   * Providers without a suffix (001 §7: Tomani and Witcher). Witcher confirm has no automation:
   * the withdrawal is marked CONFIRMED and staff pay it by hand (answered as a warning).
   * Tomani confirms through /withdraw/tomani; both reject here.
   */
  r.put('/api/transactionsV2/withdraw', { schema: { body: withdrawNoSuffixBody, tags: TAGS }, config: { permission: 'withdraw_pending' } }, async (req, reply) => {
    const me = currentUser(req);
    const b = req.body;
    requirePermission(me, b.actionType === 'confirm' ? APPROVE_PERMISSION : REJECT_PERMISSION);
    requireCountsTowardDailyLimit(b);
    const t = await visibleWithdrawal(me, b.txId);
    if (t.provider && !(NO_SUFFIX_PROVIDERS as readonly string[]).includes(t.provider)) throw wrongProvider();
    if (b.actionType === 'reject') return rejectPending(req, reply, me, t, b);
    if (t.provider === 'tomani') throw badRequest(PAYMENT_FLOW_MESSAGES.TOMANI_NEEDS_GATEWAY);
    const warnings = t.provider === 'witcher' ? [PAYMENT_FLOW_MESSAGES.WITCHER_NO_AUTOMATION] : [];
    return idempotent(db, req, reply, async (tx) => {
      const row = await transition(tx, t.txId, ['PENDING'], { status: 'CONFIRMED', confirmedAt: new Date(), confirmedBy: me.email, ...(b.playerNote ? { playerNote: b.playerNote } : {}) });
      if (!row) throw await notMovable(tx, t.txId, ['PENDING']);
      await audit(tx, req, { action: 'WITHDRAW_CONFIRM_MANUAL', targetType: 'transaction', targetId: t.txId, opId: row.opId, before: { status: 'PENDING' }, after: { status: 'CONFIRMED', provider: t.provider, playerNote: b.playerNote || null } });
      return { body: { ...ok(await viewOf(tx, row), [PAYMENT_MESSAGES.WITHDRAW_CONFIRMED]), warnings } };
    });
  });

  /** PUT /api/transactionsV2/withdraw/{suffix}: one route for every provider suffix (unknown suffix → 404). */
  r.put('/api/transactionsV2/withdraw/:suffix', {
    schema: { params: z.object({ suffix: z.string() }), body: withdrawProviderBody, tags: TAGS },
    config: { permission: 'withdraw_pending' },
    preValidation: async (req) => {
      if (!isWithdrawSuffix((req.params as { suffix: string }).suffix)) throw notFound(MSG.NOT_FOUND);
    },
  }, async (req, reply) => {
    const me = currentUser(req);
    const { suffix } = req.params;
    const b = req.body;
    requirePermission(me, b.actionType === 'confirm' ? APPROVE_PERMISSION : REJECT_PERMISSION);
    requireCountsTowardDailyLimit(b);
    const t = await visibleWithdrawal(me, b.txId);
    if (t.provider !== suffix) throw wrongProvider();
    if (b.actionType === 'reject') return rejectPending(req, reply, me, t, b);
    return viaProvider(req, reply, t.txId, ['PENDING'], { kind: 'withdraw', provider: suffix, withForce: false, playerNote: b.playerNote || null, action: 'WITHDRAW_CONFIRM', answer: 'withdraw-error' });
  });

  /**
   * Re-send a PENDING or IN_PROGRESS withdrawal to its gateway. The provider's answer is shown
   * as "Gateway Response". A provider that reports it paid settles the withdrawal (CONFIRMED),
   * so a paid withdrawal can never be rejected and refunded afterwards; a TIMEOUT on a PENDING
   * one moves it to IN_PROGRESS; a refusal changes nothing.
   */
  const resend = (cpgOnly: boolean) => async (req: FastifyRequest<{ Body: z.output<typeof withdrawResendBody> }>, reply: FastifyReply) => {
    const me = currentUser(req);
    requirePermission(me, APPROVE_PERMISSION);
    const t = await visibleWithdrawal(me, req.body.txId);
    if (cpgOnly && t.provider !== 'cpg') throw wrongProvider();
    if (!t.provider) throw badRequest(PAYMENT_FLOW_MESSAGES.NO_PROVIDER);
    if (t.provider === 'witcher') throw badRequest(PAYMENT_FLOW_MESSAGES.NO_AUTOMATION);
    return viaProvider(req, reply, t.txId, ['PENDING', 'IN_PROGRESS'], { kind: 'resend', provider: t.provider, action: 'WITHDRAW_RESEND', answer: 'resend' });
  };
  r.post('/api/transactionsV2/withdraw/resend', { schema: { body: withdrawResendBody, tags: TAGS }, config: { permission: 'withdraw_pending' } }, resend(false));
  r.post('/api/transactionsV2/withdraw/cpg/resend', { schema: { body: withdrawResendBody, tags: TAGS }, config: { permission: 'withdraw_pending' } }, resend(true));

  /** A visible deposit of a user holding one of the deposit pages. */
  const visibleDeposit = async (me: AuthedUser, txId: string) => {
    requirePermission(me, ...DEPOSIT_PAGES);
    const t = await loadVisibleTx(db, me, txId);
    assertType(t, 'DEPOSIT');
    return t;
  };

  /** Verify a PENDING deposit with its provider: paid → CONFIRMED and the MAIN wallet credited once. */
  r.post('/api/transactionsV2/deposit/verify', { schema: { body: depositVerifyBody, tags: TAGS }, config: { permission: '' } }, async (req, reply) => {
    const me = currentUser(req);
    const t = await visibleDeposit(me, req.body.txId);
    const provider = t.provider ?? t.gateway;
    if (!provider) throw badRequest(PAYMENT_FLOW_MESSAGES.NO_PROVIDER);
    return viaProvider(req, reply, t.txId, ['PENDING'], { kind: 'deposit-verify', provider, action: 'DEPOSIT_VERIFY', answer: 'deposit-verify' });
  });

  /** Reject a PENDING deposit order with a reason (≥ 20 characters). No money moves. */
  r.post('/api/transactionsV2/deposit/reject-deposit-order', { schema: { body: rejectDepositOrderBody, tags: TAGS }, config: { permission: '' } }, async (req, reply) => {
    const me = currentUser(req);
    const b = req.body;
    const t = await visibleDeposit(me, b.txId);
    return idempotent(db, req, reply, async (tx) => {
      const row = await transition(tx, t.txId, ['PENDING'], { status: 'REJECTED', rejectReason: b.rejectReason, rejectedAt: new Date(), rejectedBy: me.email });
      if (!row) throw await notMovable(tx, t.txId, ['PENDING']);
      await audit(tx, req, { action: 'DEPOSIT_ORDER_REJECT', targetType: 'transaction', targetId: t.txId, opId: row.opId, before: { status: 'PENDING' }, after: { status: 'REJECTED', rejectReason: b.rejectReason } });
      return { body: ok(await viewOf(tx, row), [PAYMENT_FLOW_MESSAGES.DEPOSIT_ORDER_REJECTED]) };
    });
  });

  /** The Order Status dialog: the transaction, the provider's current view of the order, and whether Confirm is offered. */
  r.post('/api/deposit/orders/status', { schema: { body: depositOrderStatusBody, tags: TAGS }, config: { permission: '' } }, async (req) => {
    const me = currentUser(req);
    const t = await visibleDeposit(me, req.body.txId);
    const provider = t.provider ?? t.gateway;
    // A read at the provider: no transaction open during the call; the call is logged after it.
    let order = null;
    if (provider) {
      const client = providerFor(provider);
      const request = { txId: t.txId, orderId: t.externalRef, amount: t.toAmount, currency: t.toCurrency };
      const res = await callProvider(client, (c) => c.verifyDeposit(request));
      await logProviderCall(db, { txId: t.txId, client, action: 'deposit-status', request }, res);
      order = { provider, orderId: t.externalRef ?? t.txId, outcome: res.outcome, paid: res.outcome === 'SUCCESS', description: res.description ?? null, gatewayResponse: res.raw ?? null };
    }
    return ok({ transaction: await viewOf(db, t), order, canConfirm: t.status === 'PENDING' });
  });
}
