import { and, eq, gte, sql } from 'drizzle-orm';
import { FOUR_EYES_MESSAGES, TOPUP_MESSAGES, cmpDec, addDec, needsFourEyes, topupCurrenciesOf, type TopupAction, type TopupApprovalRow } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { fourEyesApprovals, operators, players, transactions } from '../../db/schema.js';
import type { AuthedUser } from '../../lib/context.js';
import { HttpError, badRequest, notFound, ok } from '../../lib/http.js';
import { loadOperators, operatorTitles, type OpTitles } from '../../lib/scope.js';
import { approvalView, checkReason, closeApproval, fourEyesActivity, recordFirst, sameApprover, thresholdFor } from '../four-eyes/service.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import { postEntry, rateOf, toUsd } from './ledger.js';

const startOfUtcDay = () => { const d = new Date(); d.setUTCHours(0, 0, 0, 0); return d; };

/** Today's confirmed top-up increases of an operator, in USD. */
async function todayTopupUsd(db: Db, opId: string): Promise<string> {
  const [r] = await db.select({ v: sql<string>`coalesce(sum(${transactions.toAmountInUsd}), 0)::text` }).from(transactions).where(and(
    eq(transactions.transactionType, 'TOPUP'), eq(transactions.status, 'CONFIRMED'), eq(transactions.opId, opId),
    gte(transactions.createdAt, startOfUtcDay()), sql`${transactions.toAmount} > 0`,
  ));
  return r?.v ?? '0';
}

/** What a pending top-up (four-eyes) will apply. */
type TopupPayload = { action: TopupAction; amount: string; currency: string; reason: string; note: string };
type Player = typeof players.$inferSelect;

/**
 * Applies a top-up (inside the caller's transaction): the ledger entry, the CONFIRMED TOPUP
 * transaction, within the operator's daily limit (its row locked).
 */
async function applyTopup(tx: Db, me: AuthedUser, p: Player, b: TopupPayload) {
  const [opRow] = await tx.select().from(operators).where(eq(operators.opId, p.opId)).for('update');
  const signed = b.action === 'DECREASE' ? `-${b.amount}` : b.amount;
  const txId = crypto.randomUUID();
  const entry = await postEntry(tx, { playerId: p.id, opId: p.opId, kind: 'MAIN', currency: b.currency, amount: signed, reason: 'TOPUP', refType: 'transaction', refId: txId });
  const usd = toUsd(signed, entry.rate);
  if (b.action === 'INCREASE') {
    const today = await todayTopupUsd(tx, p.opId);
    if (cmpDec(addDec(today, usd), opRow!.dailyTopupLimitInUsd) > 0) {
      throw new HttpError(400, [TOPUP_MESSAGES.LIMIT_EXCEEDED], 'TOP_UP_LIMIT_HAS_BEEN_EXCEEDED');
    }
  }
  await tx.insert(transactions).values({
    txId, opId: p.opId, playerId: p.id, transactionType: 'TOPUP', transactionSubType: 'OTHER', status: 'CONFIRMED', walletType: 'MAIN',
    fromAmount: signed, fromCurrency: b.currency, fromAmountInUsd: usd, toAmount: signed, toCurrency: b.currency, toAmountInUsd: usd,
    rateToUsd: entry.rate, balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter, note: b.note, reason: b.reason,
    createdBy: me.email, confirmedAt: new Date(), confirmedBy: me.email,
  });
  if (b.action === 'INCREASE') await tx.update(players).set({ totalTopUpIncreaseCount: sql`${players.totalTopUpIncreaseCount} + 1` }).where(eq(players.id, p.id));
  return { txId, balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter, currency: b.currency };
}

type Approval = typeof fourEyesApprovals.$inferSelect;
const topupApprovalRow = (a: Approval, playerCode: string, titleOf: (opId: string) => OpTitles): TopupApprovalRow => {
  const x = a.payload as TopupPayload;
  return {
    ...approvalView(a), opId: a.opId, ...titleOf(a.opId), playerCode, action: x.action, amount: x.amount, currency: x.currency, reason: x.reason, note: x.note, txId: a.txId,
  };
};


export const walletHandlers: Handlers<'wallet.topupInfo' | 'wallet.topup' | 'wallet.topupApprovals' | 'wallet.topupApprovalDecision' | 'wallet.topupBonus' | 'wallet.topupList'> = {
  /**
   * The operator data the Topup Player dialog shows (001 §3: stats.todayTotalTopupInUSD,
   * limits.dailyTopupLimitInUSD, extraData.additionalTopupCurrencies): the top-up currencies (USD
   * plus the additional ones the operator allows, §9), daily limit and today's total.
   */
  'wallet.topupInfo': async ({ db, found: p }) => {
    const op = (await loadOperators(db)).byId.get(p.opId)!;
    return ok({
      opId: op.opId,
      currencies: topupCurrenciesOf(op),
      limits: { dailyTopupLimitInUSD: op.dailyTopupLimitInUsd, fourEyesThresholdInUSD: await thresholdFor(db, op.opId) },
      stats: { todayTotalTopupInUSD: await todayTopupUsd(db, op.opId) },
      extraData: { additionalTopupCurrencies: op.additionalTopupCurrencies },
    });
  },

  /**
   * Top up or reduce a player's wallet (001 §4-5). Exactly once per Idempotency-Key; the
   * operator row is locked so two top-ups cannot both slip under the daily limit. Above the
   * operator's four-eyes threshold (the amount in USD, either direction) nothing moves: the call
   * records a pending top-up with its first approval, which a different staff member applies
   * through `wallet.topupApprovalDecision`.
   */
  'wallet.topup': async ({ db, user: me, body: b, found: p, audit, once }) => {
    const op = (await loadOperators(db)).byId.get(p.opId)!;
    const currencies = topupCurrenciesOf(op);
    if (!currencies.includes(b.currency)) throw badRequest(TOPUP_MESSAGES.CURRENCY_NOT_TOPUP(b.currency, currencies));
    const amountInUsd = toUsd(b.amount, await rateOf(db, b.currency));
    if (needsFourEyes(amountInUsd, await thresholdFor(db, p.opId))) {
      const reason = checkReason(b);
      return once(async (tx) => {
        const payload: TopupPayload = { action: b.action, amount: b.amount, currency: b.currency, reason: b.reason, note: b.note };
        const a = await recordFirst(tx, { kind: 'TOPUP', opId: p.opId, playerId: p.id, amountInUsd, me, reason, payload });
        await audit(tx, {
          action: 'TOPUP_FIRST_APPROVAL', targetType: 'player', targetId: p.playerCode, opId: p.opId,
          before: null, after: { approvalId: a.id, status: a.status, ...payload, ...fourEyesActivity(a) },
        });
        return { body: ok({ awaitingSecondApproval: true as const, approval: approvalView(a) }, [FOUR_EYES_MESSAGES.RECORDED]) };
      });
    }
    return once(async (tx) => {
      const done = await applyTopup(tx, me, p, b);
      await audit(tx, {
        action: b.action === 'INCREASE' ? 'WALLET_TOPUP_INCREASE' : 'WALLET_TOPUP_DECREASE', targetType: 'player', targetId: p.playerCode, opId: p.opId,
        before: { currency: b.currency, balance: done.balanceBefore }, after: { currency: b.currency, balance: done.balanceAfter, txId: done.txId, reason: b.reason, note: b.note },
      });
      return { body: ok(done, [TOPUP_MESSAGES.DONE]) };
    });
  },

  /** The top-ups above the four-eyes threshold: awaiting second approval (oldest first) or all (newest first). */
  'wallet.topupApprovals': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    const pending = ctx.body.view === 'pending';
    return ok(await list(ctx, {
      rows: (select) => select({ a: fourEyesApprovals, playerCode: players.playerCode }).from(fourEyesApprovals).innerJoin(players, eq(players.id, fourEyesApprovals.playerId)),
      scope: fourEyesApprovals.opId,
      where: () => (pending ? and(eq(fourEyesApprovals.kind, 'TOPUP'), eq(fourEyesApprovals.status, 'AWAITING_SECOND_APPROVAL')) : eq(fourEyesApprovals.kind, 'TOPUP')),
      filters: { isTest: match.isTest(players.isTest) },
      sort: { keys: { createdAt: fourEyesApprovals.firstAt }, default: 'createdAt', dir: pending ? 'asc' : 'desc', tiebreak: fourEyesApprovals.id },
      map: ({ a, playerCode }) => topupApprovalRow(a, playerCode, titleOf),
    }));
  },

  /**
   * The second approval of a pending top-up (a different staff member: the first is refused with
   * 409) or its rejection (either). The conditional close from AWAITING_SECOND_APPROVAL and the
   * top-up are one transaction: of racing approvals exactly one applies it; a refused top-up
   * (daily limit, balance below zero) leaves it awaiting.
   */
  'wallet.topupApprovalDecision': async ({ db, body, found: a, user: me, audit, once }) => {
    if (a.kind !== 'TOPUP' || !a.playerId) throw notFound(FOUR_EYES_MESSAGES.TOPUP_NOT_FOUND);
    const [p] = await db.select().from(players).where(eq(players.id, a.playerId)).limit(1);
    if (!p) throw notFound(FOUR_EYES_MESSAGES.TOPUP_NOT_FOUND);
    const titleOf = await operatorTitles(db);
    const decided = async (tx: Db) => {
      const [x] = await tx.select().from(fourEyesApprovals).where(eq(fourEyesApprovals.id, a.id)).limit(1);
      return new HttpError(409, [FOUR_EYES_MESSAGES.topupDecided(x?.status ?? a.status, x?.secondBy ?? null)], 'ALREADY_HANDLED');
    };
    const payload = a.payload as TopupPayload;
    if (body.action === 'REJECT') {
      return once(async (tx) => {
        const closed = await closeApproval(tx, 'TOPUP', a.recordId, 'REJECTED', me);
        if (!closed) throw await decided(tx);
        await audit(tx, {
          action: 'TOPUP_APPROVAL_REJECT', targetType: 'player', targetId: p.playerCode, opId: p.opId,
          before: { status: 'AWAITING_SECOND_APPROVAL' }, after: { approvalId: a.id, status: 'REJECTED', ...payload, ...fourEyesActivity(closed, me) },
        });
        return { body: ok(topupApprovalRow(closed, p.playerCode, titleOf), [FOUR_EYES_MESSAGES.TOPUP_REJECTED]) };
      });
    }
    if (a.status === 'AWAITING_SECOND_APPROVAL' && a.firstById === me.id) throw sameApprover();
    return once(async (tx) => {
      const closed = await closeApproval(tx, 'TOPUP', a.recordId, 'APPROVED', me);
      if (!closed) throw await decided(tx);
      if (closed.firstById === me.id) throw sameApprover();
      const done = await applyTopup(tx, me, p, payload);
      const [row] = await tx.update(fourEyesApprovals).set({ txId: done.txId }).where(eq(fourEyesApprovals.id, a.id)).returning();
      await audit(tx, {
        action: 'TOPUP_SECOND_APPROVAL', targetType: 'player', targetId: p.playerCode, opId: p.opId,
        before: { status: 'AWAITING_SECOND_APPROVAL', currency: payload.currency, balance: done.balanceBefore },
        after: { approvalId: a.id, status: 'APPROVED', ...payload, balance: done.balanceAfter, txId: done.txId, ...fourEyesActivity(closed, me) },
      });
      return { body: ok(topupApprovalRow(row!, p.playerCode, titleOf), [TOPUP_MESSAGES.DONE]) };
    });
  },

  /** Top up (or reduce) the bonus wallet, USD, within ±100,000,000. */
  'wallet.topupBonus': async ({ user: me, body: b, found: p, audit, once }) =>
    once(async (tx) => {
      const txId = crypto.randomUUID();
      const entry = await postEntry(tx, { playerId: p.id, opId: p.opId, kind: 'BONUS', currency: 'USD', amount: b.amount, reason: 'BONUS_TOPUP', refType: 'transaction', refId: txId });
      await tx.insert(transactions).values({
        txId, opId: p.opId, playerId: p.id, transactionType: 'BONUS', transactionSubType: 'MANUAL_BONUS', status: 'CONFIRMED', walletType: 'BONUS',
        fromAmount: b.amount, fromCurrency: 'USD', fromAmountInUsd: b.amount, toAmount: b.amount, toCurrency: 'USD', toAmountInUsd: b.amount,
        rateToUsd: '1', balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter, note: b.note, createdBy: me.email,
        confirmedAt: new Date(), confirmedBy: me.email,
      });
      await audit(tx, {
        targetType: 'player', targetId: p.playerCode, opId: p.opId,
        before: { bonusBalance: entry.balanceBefore }, after: { bonusBalance: entry.balanceAfter, txId, note: b.note },
      });
      return { body: ok({ txId, balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter, currency: 'USD' }, [TOPUP_MESSAGES.DONE]) };
    }),

  /** The /topup/list page: manual top-ups (MAIN and bonus), newest first. */
  'wallet.topupList': async (ctx) => { const titleOf = await operatorTitles(ctx.db); return ok(await list(ctx, {
    rows: (select) => select({ t: transactions, playerCode: players.playerCode, isTest: players.isTest })
      .from(transactions).innerJoin(players, eq(players.id, transactions.playerId)),
    scope: transactions.opId,
    where: () => sql`(${transactions.transactionType} = 'TOPUP' or ${transactions.transactionSubType} = 'MANUAL_BONUS')`,
    filters: {
      walletType: match.eq(transactions.walletType), currency: match.eq(transactions.toCurrency), playerCode: match.eq(players.playerCode),
      isTest: match.isTest(players.isTest), quickTime: match.since(transactions.createdAt),
    },
    sort: { keys: { createdAt: transactions.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: transactions.txId, perOperator: ['createdAt'] },
    map: ({ t, playerCode, isTest }) => ({
      txId: t.txId, opId: t.opId, ...titleOf(t.opId), playerCode, isTest, walletType: t.walletType, amount: t.toAmount, currency: t.toCurrency,
      amountInUSD: t.toAmountInUsd, balanceBefore: t.balanceBefore, balanceAfter: t.balanceAfter, reason: t.reason, note: t.note,
      createdBy: t.createdBy, createdAt: t.createdAt.toISOString(),
    }),
  })); },
};
