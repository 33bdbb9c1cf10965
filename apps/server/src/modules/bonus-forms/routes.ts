/**
 * Bonus forms and their requests (001 §2, §3, §5, §7, §8; issue 9). A form (bonus_forms) defines a
 * bonus staff may grant; a request (bonus_requests) asks for it for one player. Approving
 * (Topup Player) credits the player once: the conditional status change from PENDING makes one
 * request the only one applying it, and the ledger entry, the CONFIRMED BONUS / MANUAL_BONUS
 * transaction and the activity are written in the same database transaction (`ctx.once`, per
 * Idempotency-Key). A cash prize goes to the main wallet in its currency (converted from USD at
 * the rates in force, exact decimals), a locked prize to the bonus wallet (USD).
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  BONUS_FORM_MESSAGES, FOUR_EYES_MESSAGES, PRIZE_WALLET, cmpDec, convertAmount, toUnits,
  type BonusFormRow, type BonusPrizeType, type BonusRequestRow, type BonusRequestStatus,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { bonusForms, bonusRequests, fourEyesApprovals, players, transactions } from '../../db/schema.js';
import { badRequest, conflict, notFound, ok } from '../../lib/http.js';
import { loadOperators, operatorTitles, type OpTitles } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import { postEntry, rateOf, toUsd } from '../wallet/ledger.js';
import { approvalView, closeApproval, fourEyesActivity, gate, recordFirst, thresholdIn, type Approval } from '../four-eyes/service.js';

type Names = 'bonus.formList' | 'bonus.formCreate' | 'bonus.formDelete' | 'bonus.requestList' | 'bonus.requestCreate' | 'bonus.requestDecision';
type Form = typeof bonusForms.$inferSelect;
type Request = typeof bonusRequests.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function formRow(f: Form, titleOf: (opId: string) => OpTitles): BonusFormRow {
  return {
    bonusId: f.id, opId: f.opId, ...titleOf(f.opId), title: f.title, prizeType: f.prizeType as BonusPrizeType,
    defaultAmountInUSD: f.defaultAmountInUsd, maxAmountInUSD: f.maxAmountInUsd, isActive: f.isActive, createdBy: f.createdBy, createdAt: f.createdAt.toISOString(),
  };
}

const requestSelection = {
  r: bonusRequests, formTitle: bonusForms.title, maxAmountInUsd: bonusForms.maxAmountInUsd, playerCode: players.playerCode, username: players.username, a: fourEyesApprovals,
};
type RequestJoin = { r: Request; formTitle: string; maxAmountInUsd: string; playerCode: string; username: string | null; a: Approval | null };
/** The request's first approval (four-eyes), if any. */
const approvalJoin = and(eq(fourEyesApprovals.kind, 'BONUS_REQUEST'), eq(fourEyesApprovals.recordId, sql`${bonusRequests.id}::text`));

function requestRow(x: RequestJoin, titleOf: (opId: string) => OpTitles, threshold: (opId: string) => string | null): BonusRequestRow {
  const r = x.r;
  return {
    requestId: r.id, bonusId: r.bonusId, formTitle: x.formTitle, maxAmountInUSD: x.maxAmountInUsd, opId: r.opId, ...titleOf(r.opId),
    playerId: r.playerId, playerCode: x.playerCode, username: x.username, prizeType: r.prizeType as BonusPrizeType, amountInUSD: r.amountInUsd, note: r.note,
    status: r.status as BonusRequestStatus, approvedAmountInUSD: r.approvedAmountInUsd, approveNote: r.approveNote,
    walletType: (r.walletType as 'MAIN' | 'BONUS' | null) ?? null, creditedAmount: r.creditedAmount, creditedCurrency: r.creditedCurrency, txId: r.txId,
    noteForPlayer: r.noteForPlayer, createdBy: r.createdBy, createdAt: r.createdAt.toISOString(), decidedBy: r.decidedBy, decidedAt: iso(r.decidedAt),
    fourEyesThresholdInUSD: threshold(r.opId), firstApproval: x.a ? approvalView(x.a) : null,
  };
}

/** Each operator's four-eyes threshold (its own, else its parent's), from the operators cache. */
async function thresholds(db: Db): Promise<(opId: string) => string | null> {
  const ops = await loadOperators(db);
  return (opId) => thresholdIn(ops.byId, opId);
}

async function requestOf(db: Db, id: string): Promise<BonusRequestRow> {
  const [x] = await db.select(requestSelection).from(bonusRequests)
    .innerJoin(bonusForms, eq(bonusForms.id, bonusRequests.bonusId)).innerJoin(players, eq(players.id, bonusRequests.playerId))
    .leftJoin(fourEyesApprovals, approvalJoin)
    .where(eq(bonusRequests.id, id)).limit(1);
  if (!x) throw notFound(BONUS_FORM_MESSAGES.REQUEST_NOT_FOUND);
  return requestRow(x, await operatorTitles(db), await thresholds(db));
}

/** The 409 of a request someone decided first (read again: who and how). */
async function alreadyDecided(db: Db, id: string) {
  const [r] = await db.select({ status: bonusRequests.status, decidedBy: bonusRequests.decidedBy }).from(bonusRequests).where(eq(bonusRequests.id, id)).limit(1);
  if (!r) return notFound(BONUS_FORM_MESSAGES.REQUEST_NOT_FOUND);
  return conflict(BONUS_FORM_MESSAGES.alreadyDecided(r.status, r.decidedBy), 'ALREADY_HANDLED');
}

/** The form's operator holds the player: the same operator, or the player's brand belongs to it. */
async function formCovers(db: Db, form: Form, playerOpId: string): Promise<boolean> {
  if (form.opId === playerOpId) return true;
  return (await loadOperators(db)).byId.get(playerOpId)?.parentOpId === form.opId;
}

export const bonusFormHandlers: Handlers<Names> = {
  'bonus.formList': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    return ok(await list(ctx, {
      rows: (select) => select({ f: bonusForms }).from(bonusForms),
      scope: bonusForms.opId,
      where: () => isNull(bonusForms.deletedAt),
      filters: { prizeType: match.eq(bonusForms.prizeType), isActive: match.bool(bonusForms.isActive), title: match.contains(bonusForms.title), isTest: () => undefined },
      sort: { keys: { createdAt: bonusForms.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: bonusForms.id },
      map: ({ f }) => formRow(f, titleOf),
    }));
  },

  'bonus.formCreate': async ({ db, body, found: op, user, audit }) => {
    const form = await db.transaction(async (tx) => {
      const [f] = await tx.insert(bonusForms).values({
        opId: op.opId, title: body.title, prizeType: body.prizeType, defaultAmountInUsd: body.defaultAmountInUSD, maxAmountInUsd: body.maxAmountInUSD,
        isActive: body.isActive, createdBy: user.email,
      }).returning();
      await audit(tx, {
        targetType: 'bonusForm', targetId: f!.id, opId: f!.opId, before: null,
        after: { title: f!.title, prizeType: f!.prizeType, defaultAmountInUSD: f!.defaultAmountInUsd, maxAmountInUSD: f!.maxAmountInUsd, isActive: f!.isActive },
      });
      return f!;
    });
    return ok(formRow(form, await operatorTitles(db)), [BONUS_FORM_MESSAGES.FORM_CREATED]);
  },

  'bonus.formDelete': async ({ db, found: f, user, audit }) => {
    if (f.deletedAt) throw notFound(BONUS_FORM_MESSAGES.FORM_NOT_FOUND);
    const now = new Date();
    const gone = await db.transaction(async (tx) => {
      const [d] = await tx.update(bonusForms).set({ deletedAt: now, deletedBy: user.email, updatedAt: now })
        .where(and(eq(bonusForms.id, f.id), isNull(bonusForms.deletedAt))).returning();
      if (!d) throw notFound(BONUS_FORM_MESSAGES.FORM_NOT_FOUND);
      await audit(tx, { before: { title: f.title, deletedAt: null }, after: { deletedAt: now.toISOString(), deletedBy: user.email } });
      return d;
    });
    return ok(formRow(gone, await operatorTitles(db)), [BONUS_FORM_MESSAGES.FORM_DELETED]);
  },

  'bonus.requestList': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    const threshold = await thresholds(ctx.db);
    const pending = ctx.body.view === 'pending';
    return ok(await list(ctx, {
      rows: (select) => select(requestSelection).from(bonusRequests)
        .innerJoin(bonusForms, eq(bonusForms.id, bonusRequests.bonusId)).innerJoin(players, eq(players.id, bonusRequests.playerId))
        .leftJoin(fourEyesApprovals, approvalJoin),
      scope: bonusRequests.opId,
      where: () => (pending ? eq(bonusRequests.status, 'PENDING') : ne(bonusRequests.status, 'PENDING')),
      filters: {
        status: match.eq(bonusRequests.status), bonusId: match.eq(bonusRequests.bonusId), playerCode: match.eq(players.playerCode),
        prizeType: match.eq(bonusRequests.prizeType), isTest: match.isTest(players.isTest),
      },
      // The queue: oldest request first; the history: newest decision first.
      sort: pending
        ? { keys: { createdAt: bonusRequests.createdAt }, default: 'createdAt', dir: 'asc', tiebreak: bonusRequests.id }
        : { keys: { createdAt: bonusRequests.sortAt }, default: 'createdAt', dir: 'desc', tiebreak: bonusRequests.id },
      map: (x) => requestRow(x as RequestJoin, titleOf, threshold),
    }));
  },

  'bonus.requestCreate': async ({ db, body, found: form, repo, user, audit }) => {
    if (form.deletedAt) throw notFound(BONUS_FORM_MESSAGES.FORM_NOT_FOUND);
    if (!form.isActive) throw badRequest(BONUS_FORM_MESSAGES.FORM_INACTIVE);
    const player = await repo.get('player', body.playerCode, 'playerCode');
    if (player.isDeleted) throw badRequest(BONUS_FORM_MESSAGES.PLAYER_DELETED);
    if (!(await formCovers(db, form, player.opId))) throw badRequest(BONUS_FORM_MESSAGES.PLAYER_NOT_IN_OPERATOR);
    if (cmpDec(body.amountInUSD, form.maxAmountInUsd) > 0) throw badRequest(BONUS_FORM_MESSAGES.overMax(form.maxAmountInUsd));
    const id = await db.transaction(async (tx) => {
      const [r] = await tx.insert(bonusRequests).values({
        bonusId: form.id, opId: player.opId, playerId: player.id, prizeType: body.prizeType ?? form.prizeType, amountInUsd: body.amountInUSD, note: body.note,
        createdBy: user.email,
      }).returning();
      await audit(tx, {
        targetType: 'bonusRequest', targetId: r!.id, opId: r!.opId, before: null,
        after: { bonusId: form.id, playerCode: player.playerCode, prizeType: r!.prizeType, amountInUSD: r!.amountInUsd, note: r!.note },
      });
      return r!.id;
    });
    return ok(await requestOf(db, id), [BONUS_FORM_MESSAGES.REQUEST_CREATED]);
  },

  'bonus.requestDecision': async ({ db, body, found: req, user: me, audit, once }) => {
    // The spec's fields must name this request: its form and its player (else it is not found).
    const [p] = await db.select().from(players).where(eq(players.id, req.playerId)).limit(1);
    if (!p || body.bonusId !== req.bonusId || body.playerCode !== p.playerCode) throw notFound(BONUS_FORM_MESSAGES.REQUEST_NOT_FOUND);
    const now = new Date();
    if (body.action === 'REJECT') {
      return once(async (tx) => {
        const [row] = await tx.update(bonusRequests).set({ status: 'REJECTED', noteForPlayer: body.note, decidedBy: me.email, decidedAt: now, sortAt: now })
          .where(and(eq(bonusRequests.id, req.id), eq(bonusRequests.status, 'PENDING'))).returning();
        if (!row) throw await alreadyDecided(tx, req.id);
        // A rejection also closes a first approval awaiting its second (either approver may reject).
        const closed = await closeApproval(tx, 'BONUS_REQUEST', req.id, 'REJECTED', me);
        await audit(tx, { action: 'BONUS_REQUEST_REJECT', before: { status: 'PENDING' }, after: { status: 'REJECTED', noteForPlayer: body.note, ...(closed ? fourEyesActivity(closed) : {}) } });
        return { body: ok(await requestOf(tx, req.id), [BONUS_FORM_MESSAGES.REJECTED]) };
      });
    }
    const amount = body.amountInUSD!;
    const [form] = await db.select().from(bonusForms).where(eq(bonusForms.id, req.bonusId)).limit(1);
    if (!form) throw notFound(BONUS_FORM_MESSAGES.FORM_NOT_FOUND);
    if (cmpDec(amount, form.maxAmountInUsd) > 0) throw badRequest(BONUS_FORM_MESSAGES.overMax(form.maxAmountInUsd));
    if (p.isDeleted) throw badRequest(BONUS_FORM_MESSAGES.PLAYER_DELETED);
    // Four-eyes: above the operator's threshold the first approval is recorded (no money), the second by someone else applies it.
    const step = await gate(db, { kind: 'BONUS_REQUEST', recordId: req.id, opId: req.opId, amountInUsd: amount, me, reason: body });
    if (step.step === 'second' && cmpDec(amount, step.approval.amountInUsd) !== 0) throw badRequest(FOUR_EYES_MESSAGES.amountDiffers(step.approval.amountInUsd));
    if (step.step === 'first') {
      return once(async (tx) => {
        const [still] = await tx.select({ status: bonusRequests.status }).from(bonusRequests).where(eq(bonusRequests.id, req.id)).limit(1);
        if (still?.status !== 'PENDING') throw await alreadyDecided(tx, req.id);
        const a = await recordFirst(tx, { kind: 'BONUS_REQUEST', recordId: req.id, opId: req.opId, playerId: req.playerId, amountInUsd: amount, me, reason: step.reason });
        await audit(tx, { action: 'BONUS_REQUEST_FIRST_APPROVAL', before: { status: 'PENDING' }, after: { status: 'PENDING', approval: a.status, note: body.note, ...fourEyesActivity(a) } });
        return { body: ok(await requestOf(tx, req.id), [FOUR_EYES_MESSAGES.RECORDED]) };
      });
    }
    return once(async (tx) => {
      const [row] = await tx.update(bonusRequests).set({ status: 'APPROVED', approvedAmountInUsd: amount, approveNote: body.note, decidedBy: me.email, decidedAt: now, sortAt: now })
        .where(and(eq(bonusRequests.id, req.id), eq(bonusRequests.status, 'PENDING'))).returning();
      if (!row) throw await alreadyDecided(tx, req.id);
      const wallet = PRIZE_WALLET[row.prizeType as BonusPrizeType];
      // A cash prize in the main wallet's currency (the player's active one); a locked prize in the bonus wallet (USD).
      const currency = wallet === 'MAIN' ? p.activeCurrency : 'USD';
      const credited = currency === 'USD' ? amount : convertAmount(amount, await rateOf(tx, 'USD'), await rateOf(tx, currency));
      if (toUnits(credited) <= 0n) throw badRequest(BONUS_FORM_MESSAGES.NOTHING_TO_CREDIT);
      const txId = crypto.randomUUID();
      const entry = await postEntry(tx, { playerId: p.id, opId: p.opId, kind: wallet, currency, amount: credited, reason: 'BONUS_FORM_CREDIT', refType: 'transaction', refId: txId });
      await tx.insert(transactions).values({
        txId, opId: p.opId, playerId: p.id, transactionType: 'BONUS', transactionSubType: 'MANUAL_BONUS', status: 'CONFIRMED', walletType: wallet,
        fromAmount: amount, fromCurrency: 'USD', fromAmountInUsd: amount, toAmount: credited, toCurrency: currency, toAmountInUsd: toUsd(credited, entry.rate),
        rateToUsd: entry.rate, balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter, note: body.note, createdBy: me.email,
        confirmedAt: now, confirmedBy: me.email, createdAt: now, updatedAt: now, extra: { bonusId: req.bonusId, requestId: req.id },
      });
      await tx.update(bonusRequests).set({ txId, walletType: wallet, creditedAmount: credited, creditedCurrency: currency }).where(eq(bonusRequests.id, req.id));
      const second = step.step === 'second' ? await closeApproval(tx, 'BONUS_REQUEST', req.id, 'APPROVED', me, txId) : null;
      await audit(tx, {
        action: 'BONUS_REQUEST_APPROVE',
        before: { status: 'PENDING', balance: entry.balanceBefore },
        after: { status: 'APPROVED', amountInUSD: amount, wallet, amount: credited, currency, balance: entry.balanceAfter, txId, note: body.note, ...(second ? fourEyesActivity(second, me) : {}) },
      });
      return { body: ok(await requestOf(tx, req.id), [BONUS_FORM_MESSAGES.APPROVED]) };
    });
  },
};
