import { and, asc, eq } from 'drizzle-orm';
import { FOUR_EYES_MESSAGES, MSG, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, type EndpointName } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { paymentGateways, transactions } from '../../db/schema.js';
import type { AuthedUser } from '../../lib/context.js';
import { closeApproval, fourEyesActivity, gate, recordFirst, type Approval, type Reason } from '../four-eyes/service.js';
import { HttpError, badRequest, notFound, ok } from '../../lib/http.js';
import { actorOf } from '../../lib/audit.js';
import { idempotentSteps } from '../../lib/idempotency.js';
import { inScope } from '../../lib/query.js';
import { transition, transitionUpdate, txViewJson, type TxRow } from '../transactions/repo.js';
import { callProvider, logProviderCall, providerFor, providerTimeoutMs } from '../../integrations/payments/index.js';
import type { Answer, Ctx, Handlers } from '../../platform/endpoints.js';
import { NO_SUFFIX_PROVIDERS, assertType, notMovable, rejectWithdrawal, viewOf } from './service.js';
import { sendToProvider, type ClaimContext } from './claims.js';
import { claimOrRelease } from '../../platform/claims.js';

type PaymentEndpoint = Extract<EndpointName, `payments.${string}`>;

const wrongProvider = () => new HttpError(400, [PAYMENT_MESSAGES.WRONG_PROVIDER], 'WRONG_PROVIDER');

/** The withdrawal (or deposit) the call names, found within the caller's operators by the endpoint layer. */
const withdrawal = (t: TxRow): TxRow => { assertType(t, 'WITHDRAW'); return t; };
const deposit = (t: TxRow): TxRow => { assertType(t, 'DEPOSIT'); return t; };

/**
 * A mutation that calls the provider: the Idempotency-Key reserved first, then claim → call →
 * settle (modules/payments/claims.ts), no transaction open during the call. The claim's and the
 * settle's activities are written through the endpoint's writer (declared actions only).
 */
const viaProvider = async <K extends PaymentEndpoint>(
  c: Ctx<K>, t: TxRow, from: readonly ('PENDING' | 'IN_PROGRESS')[], claim: Omit<ClaimContext, 'from' | 'idem' | 'actor'>,
): Promise<Answer<K>> => {
  // A withdrawal decision takes its record first (claims.ts); its provider call cannot run inside a transaction.
  await c.holdRecord();
  const answer = await idempotentSteps(c.db, c.req, c.reply, (slot) =>
    sendToProvider(c.db, { txId: t.txId, from, slot, ctx: { ...claim, actor: actorOf(c.req) }, write: c.audit }), { waitMs: providerTimeoutMs() + 5_000 });
  return answer as Answer<K>;
};

/** Reject from a provider route: PENDING only, "Include in Daily Withdraw Request" required. */
const rejectPending = <K extends PaymentEndpoint>(c: Ctx<K>, t: TxRow, b: { playerNote: string; countsTowardDailyLimit?: boolean }) =>
  c.once(async (tx) => {
    await c.holdRecord(tx);
    const { row } = await rejectWithdrawal(tx, c.req, c.user, t.txId, { from: ['PENDING'], playerNote: b.playerNote, countsTowardDailyLimit: b.countsTowardDailyLimit, action: 'WITHDRAW_REJECT' });
    await closeApproval(tx, 'WITHDRAWAL', t.txId, 'REJECTED', c.user);
    return { body: ok(await viewOf(tx, row), [PAYMENT_MESSAGES.WITHDRAW_REJECTED]) };
  });

type Confirmable = 'payments.withdraw' | 'payments.withdrawProvider' | 'payments.withdrawTomani';

/**
 * Four-eyes on a withdrawal confirmation (modules/four-eyes): above the operator's threshold the
 * first confirmation records a first approval (the withdrawal stays PENDING, nothing is sent);
 * the second, by someone else, goes on to confirm it as before (its own conditional update or
 * provider claim makes it happen once). `answer` is the first approval's reply.
 */
const withdrawGate = async <K extends Confirmable>(c: Ctx<K>, t: TxRow, reason: Reason, shape: (view: unknown) => unknown = (v) => v): Promise<{ answer: Answer<K> } | { second: Approval | null }> => {
  const step = await gate(c.db, { kind: 'WITHDRAWAL', recordId: t.txId, opId: t.opId, amountInUsd: t.fromAmountInUsd, me: c.user, reason });
  if (step.step !== 'first') return { second: step.step === 'second' ? step.approval : null };
  const answer = await c.once(async (tx) => {
    // A first approval is a decision too: it takes the record (claims.ts) in its own transaction.
    await c.holdRecord(tx);
    const [cur] = await tx.select().from(transactions).where(eq(transactions.txId, t.txId)).limit(1);
    if (!cur || cur.status !== 'PENDING') throw await notMovable(tx, t.txId, ['PENDING']);
    const a = await recordFirst(tx, { kind: 'WITHDRAWAL', recordId: t.txId, opId: t.opId, playerId: t.playerId, amountInUsd: t.fromAmountInUsd, me: c.user, reason: step.reason });
    await c.audit(tx, { action: 'WITHDRAW_FIRST_APPROVAL', targetType: 'transaction', targetId: t.txId, opId: t.opId, before: { status: 'PENDING' }, after: { status: 'PENDING', approval: a.status, ...fourEyesActivity(a) } });
    return { body: ok(shape(await viewOf(tx, cur)), [FOUR_EYES_MESSAGES.RECORDED]) };
  });
  return { answer: answer as Answer<K> };
};

/** After a provider confirmation: the first approval is closed once the withdrawal left PENDING (a refusal leaves it awaiting). */
const closeIfMoved = async (db: Db, txId: string, me: AuthedUser) => {
  const [cur] = await db.select({ status: transactions.status }).from(transactions).where(eq(transactions.txId, txId)).limit(1);
  if (cur && cur.status !== 'PENDING' && cur.status !== 'IN_FLIGHT') await closeApproval(db, 'WITHDRAWAL', txId, 'APPROVED', me);
};

const requireCountsTowardDailyLimit = (b: { actionType: string; countsTowardDailyLimit?: boolean }) => {
  if (b.actionType === 'reject' && b.countsTowardDailyLimit === undefined) throw badRequest(PAYMENT_FLOW_MESSAGES.COUNTS_TOWARD_DAILY_LIMIT_REQUIRED);
};

/**
 * Re-send a PENDING or IN_PROGRESS withdrawal to its gateway. The provider's answer is shown
 * as "Gateway Response". A provider that reports it paid settles the withdrawal (CONFIRMED),
 * so a paid withdrawal can never be rejected and refunded afterwards; a TIMEOUT on a PENDING
 * one moves it to IN_PROGRESS; a refusal changes nothing.
 */
const resend = async (c: Ctx<'payments.resend'> | Ctx<'payments.cpgResend'>, cpgOnly: boolean): Promise<Answer<'payments.resend'>> => {
  const t = withdrawal(c.found);
  if (cpgOnly && t.provider !== 'cpg') throw wrongProvider();
  if (!t.provider) throw badRequest(PAYMENT_FLOW_MESSAGES.NO_PROVIDER);
  if (t.provider === 'witcher') throw badRequest(PAYMENT_FLOW_MESSAGES.NO_AUTOMATION);
  return viaProvider(c, t, ['PENDING', 'IN_PROGRESS'], { kind: 'resend', provider: t.provider, action: 'WITHDRAW_RESEND', answer: 'resend' });
};

export const paymentHandlers: Handlers<PaymentEndpoint> = {
  /** In-progress withdrawals (the money is at the provider): APPROVE → CONFIRMED; REJECT → REJECTED + refund. */
  'payments.withdrawInProgress': async (c) => {
    const { body: b, user: me } = c;
    const t = withdrawal(c.found);
    const note = b.note ? { playerNote: b.note } : {};
    if (b.status === 'REJECT') {
      return c.once(async (tx) => {
        await c.holdRecord(tx);
        const { row } = await rejectWithdrawal(tx, c.req, me, t.txId, { from: ['IN_PROGRESS'], playerNote: b.note, action: 'WITHDRAW_IN_PROGRESS_REJECT' });
        return { body: ok(await viewOf(tx, row), [PAYMENT_MESSAGES.WITHDRAW_REJECTED]) };
      });
    }
    // APPROVE moves no money: the status change (unless another staff member holds the record), its
    // activity and the key's answer are one statement.
    return c.onceStatement(({ $ }) => ({
      ctes: [
        `u as (${transitionUpdate($, t.txId, ['IN_PROGRESS'], { status: 'CONFIRMED', confirmedAt: new Date(), confirmedBy: me.email, ...note }, c.claimGuard($))})`,
        `v as (select jsonb_build_object('success', true, 'data', ${txViewJson('u', 'p')}, 'messages', ${$(JSON.stringify([PAYMENT_MESSAGES.WITHDRAW_CONFIRMED]), '::text')}::jsonb) as answer
          from u left join players p on p.id = u.player_id)`,
        `a as (${c.activity($, { action: 'WITHDRAW_IN_PROGRESS_APPROVE', targetType: 'transaction', targetId: 'u.tx_id::text', opId: 'u.op_id', before: { status: 'IN_PROGRESS' }, after: { status: 'CONFIRMED', note: b.note || null } }, 'u')})`,
      ],
      answer: 'v',
    }), () => notMovable(c.db, t.txId, ['IN_PROGRESS']));
  },

  /** Force-approve a JB withdrawal the provider held (status 0 with canForce). */
  'payments.withdrawJbForce': async (c) => {
    const b = c.body;
    if (b.actionType !== 'confirm') throw badRequest(PAYMENT_FLOW_MESSAGES.FORCE_CONFIRM_ONLY);
    const t = withdrawal(c.found);
    if (t.provider !== 'jb') throw wrongProvider();
    return viaProvider(c, t, ['PENDING'], { kind: 'withdraw', provider: 'jb', withForce: true, playerNote: b.playerNote || null, action: 'WITHDRAW_FORCE_CONFIRM', answer: 'withdraw-error' });
  },

  /** Active Tomani withdraw gateways of one operator (step 0 of the Tomani dialog); the list scope answered 404 outside the caller's. */
  'payments.tomaniGateways': async ({ db, query, scope }) => {
    if (query.opId === '*') throw notFound(MSG.OPERATOR_NOT_FOUND);
    const rows = await db.select({ uuid: paymentGateways.uuid, provider: paymentGateways.provider, title: paymentGateways.title }).from(paymentGateways).where(and(
      eq(paymentGateways.opId, query.opId), inScope(paymentGateways.opId, scope), eq(paymentGateways.direction, 'WITHDRAW'), eq(paymentGateways.provider, 'tomani'),
      eq(paymentGateways.isActive, true), eq(paymentGateways.isDeleted, false),
    )).orderBy(asc(paymentGateways.order), asc(paymentGateways.uuid));
    return ok(rows.map((g) => ({ uuid: g.uuid, provider: g.provider, title: { en: g.title.en ?? '' } })));
  },

  /** Confirm a Tomani withdrawal through a chosen gateway (steps 1 and 2: withForce after status 0 + canForce). */
  'payments.withdrawTomani': async (c) => {
    const b = c.body;
    const t = withdrawal(c.found);
    if (t.provider !== 'tomani' || b.provider !== 'tomani') throw wrongProvider();
    const [gw] = await c.db.select().from(paymentGateways).where(eq(paymentGateways.uuid, b.gatewayUuid)).limit(1);
    if (!gw || gw.isDeleted || !gw.isActive || gw.direction !== 'WITHDRAW' || gw.provider !== 'tomani' || gw.opId !== t.opId) {
      throw badRequest(PAYMENT_MESSAGES.GATEWAY_REQUIRED);
    }
    // A first approval answers as the dialog does when nothing was done (status 0), with its message.
    const g = await withdrawGate(c, t, b, (transaction) => ({ status: 0, description: FOUR_EYES_MESSAGES.RECORDED, canForce: false, transaction }));
    if ('answer' in g) return g.answer;
    const answer = await viaProvider(c, t, ['PENDING'], {
      kind: 'withdraw', provider: 'tomani', withForce: b.withForce === true, playerNote: b.noteForThePlayer || null, gatewayUuid: gw.uuid,
      action: b.withForce ? 'WITHDRAW_TOMANI_FORCE_CONFIRM' : 'WITHDRAW_TOMANI_CONFIRM', answer: 'withdraw-dialog',
    });
    if (g.second) await closeIfMoved(c.db, t.txId, c.user);
    return answer;
  },

  /**
   * Providers without a suffix (001 §7: Tomani and Witcher). Witcher confirm has no automation:
   * the withdrawal is marked CONFIRMED and staff pay it by hand (answered as a warning).
   * Tomani confirms through /withdraw/tomani; both reject here.
   */
  'payments.withdraw': async (c) => {
    const { body: b, user: me } = c;
    requireCountsTowardDailyLimit(b);
    const t = withdrawal(c.found);
    if (t.provider && !(NO_SUFFIX_PROVIDERS as readonly string[]).includes(t.provider)) throw wrongProvider();
    if (b.actionType === 'reject') return rejectPending(c, t, b);
    if (t.provider === 'tomani') throw badRequest(PAYMENT_FLOW_MESSAGES.TOMANI_NEEDS_GATEWAY);
    const warnings = t.provider === 'witcher' ? [PAYMENT_FLOW_MESSAGES.WITCHER_NO_AUTOMATION] : [];
    const g = await withdrawGate(c, t, b);
    if ('answer' in g) return g.answer;
    return c.once(async (tx) => {
      await c.holdRecord(tx);
      const row = await transition(tx, t.txId, ['PENDING'], { status: 'CONFIRMED', confirmedAt: new Date(), confirmedBy: me.email, ...(b.playerNote ? { playerNote: b.playerNote } : {}) });
      if (!row) throw await notMovable(tx, t.txId, ['PENDING']);
      const second = g.second ? await closeApproval(tx, 'WITHDRAWAL', t.txId, 'APPROVED', me) : null;
      await c.audit(tx, { action: 'WITHDRAW_CONFIRM_MANUAL', targetType: 'transaction', targetId: t.txId, opId: row.opId, before: { status: 'PENDING' }, after: { status: 'CONFIRMED', provider: t.provider, playerNote: b.playerNote || null, ...(second ? fourEyesActivity(second, me) : {}) } });
      return { body: { ...ok(await viewOf(tx, row), [PAYMENT_MESSAGES.WITHDRAW_CONFIRMED]), warnings } };
    });
  },

  /** PUT /api/transactionsV2/withdraw/{suffix}: one route for every provider suffix (an unknown suffix is 404 before this runs). */
  'payments.withdrawProvider': async (c) => {
    const b = c.body;
    const { suffix } = c.params;
    requireCountsTowardDailyLimit(b);
    const t = withdrawal(c.found);
    if (t.provider !== suffix) throw wrongProvider();
    if (b.actionType === 'reject') return rejectPending(c, t, b);
    const g = await withdrawGate(c, t, b);
    if ('answer' in g) return g.answer;
    const answer = await viaProvider(c, t, ['PENDING'], { kind: 'withdraw', provider: suffix, withForce: false, playerNote: b.playerNote || null, action: 'WITHDRAW_CONFIRM', answer: 'withdraw-error' });
    if (g.second) await closeIfMoved(c.db, t.txId, c.user);
    return answer;
  },

  /** Claim (or renew) or release a withdrawal being decided (platform/claims.ts); the decisions refuse others while it is held. */
  'payments.withdrawClaim': async ({ db, body, found, user, audit }) => {
    const t = withdrawal(found);
    const { state, messages } = await claimOrRelease(db, { kind: 'withdrawal', recordId: t.txId, opId: t.opId, me: user, action: body.action }, audit, { claim: 'WITHDRAW_CLAIM', release: 'WITHDRAW_RELEASE' });
    return ok(state, messages);
  },

  'payments.resend': (c) => resend(c, false),
  'payments.cpgResend': (c) => resend(c, true),

  /** Verify a PENDING deposit with its provider: paid → CONFIRMED and the MAIN wallet credited once. */
  'payments.depositVerify': async (c) => {
    const t = deposit(c.found);
    const provider = t.provider ?? t.gateway;
    if (!provider) throw badRequest(PAYMENT_FLOW_MESSAGES.NO_PROVIDER);
    return viaProvider(c, t, ['PENDING'], { kind: 'deposit-verify', provider, action: 'DEPOSIT_VERIFY', answer: 'deposit-verify' });
  },

  /** Reject a PENDING deposit order with a reason (≥ 20 characters). No money moves. */
  'payments.depositReject': async (c) => {
    const { body: b, user: me } = c;
    const t = deposit(c.found);
    return c.once(async (tx) => {
      const row = await transition(tx, t.txId, ['PENDING'], { status: 'REJECTED', rejectReason: b.rejectReason, rejectedAt: new Date(), rejectedBy: me.email });
      if (!row) throw await notMovable(tx, t.txId, ['PENDING']);
      await c.audit(tx, { action: 'DEPOSIT_ORDER_REJECT', targetType: 'transaction', targetId: t.txId, opId: row.opId, before: { status: 'PENDING' }, after: { status: 'REJECTED', rejectReason: b.rejectReason } });
      return { body: ok(await viewOf(tx, row), [PAYMENT_FLOW_MESSAGES.DEPOSIT_ORDER_REJECTED]) };
    });
  },

  /** The Order Status dialog: the transaction, the provider's current view of the order, and whether Confirm is offered. */
  'payments.orderStatus': async ({ db, found }) => {
    const t = deposit(found);
    const provider = t.provider ?? t.gateway;
    // A read at the provider: no transaction open during the call; the call is logged after it.
    let order = null;
    if (provider) {
      const client = providerFor(provider);
      const request = { txId: t.txId, orderId: t.externalRef, amount: t.toAmount, currency: t.toCurrency };
      const res = await callProvider(client, (x) => x.verifyDeposit(request));
      await logProviderCall(db, { txId: t.txId, client, action: 'deposit-status', request }, res);
      order = { provider, orderId: t.externalRef ?? t.txId, outcome: res.outcome, paid: res.outcome === 'SUCCESS', description: res.description ?? null, gatewayResponse: res.raw ?? null };
    }
    return ok({ transaction: await viewOf(db, t), order, canConfirm: t.status === 'PENDING' });
  },
};
