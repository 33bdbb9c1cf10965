/**
 * Tournaments (001 §2, §7, §8; the list, detail and create calls designed). A tournament's
 * leaderboard is kept by the trigger on `bets`; at its end the job `tournaments.finalize-due`
 * fixes its winners (service.ts `finalizeDue`; a read before the next sweep does it as a fallback). Winner Prize Payout Confirmation moves a PENDING prize to PAID or
 * REJECTED by a conditional update in the same transaction as the TOURNAMENT_PRIZE transaction
 * and the MAIN wallet credit, so of racing payouts exactly one applies (the others: 409).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { TOURNAMENT_MESSAGES, addDec, tournamentStatusAt } from '@pitboss/contract';
import { operators, players, tournamentEntries, tournamentWinners, tournaments, transactions } from '../../db/schema.js';
import { HttpError, ok } from '../../lib/http.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import { rowsOf } from '../../lib/query.js';
import { postEntry } from '../wallet/ledger.js';
import { finalizeDue, leaderboardOf, parentOp, tournamentView, tournamentViewOf, winnerRows, winnerView, winnerViewOf } from './service.js';

type Names = 'tournaments.list' | 'tournaments.get' | 'tournaments.create' | 'tournaments.delete' | 'tournaments.winners' | 'tournaments.winner' | 'tournaments.payout';

/** A payout that finds the prize no longer PENDING (paid, rejected, or decided by a racing call). */
const alreadyDecided = (status: string) => new HttpError(409, [TOURNAMENT_MESSAGES.ALREADY_DECIDED], 'ALREADY_HANDLED', { status });

export const tournamentHandlers: Handlers<Names> = {
  'tournaments.list': async (ctx) => {
    await finalizeDue(ctx.db, ctx.scope);
    const now = Date.now();
    return ok(await list(ctx, {
      rows: (select) => select({ t: tournaments, opTitle: operators.title, parentOpTitle: parentOp.title }).from(tournaments)
        .leftJoin(operators, eq(operators.opId, tournaments.opId)).leftJoin(parentOp, eq(parentOp.opId, operators.parentOpId)),
      scope: tournaments.opId,
      filters: {
        status: (v) => (v === 'ACTIVE' ? sql`${tournaments.endsAt} > now()` : sql`${tournaments.endsAt} <= now()`),
        title: match.contains(tournaments.title),
      },
      sort: { keys: { endsAt: tournaments.endsAt }, default: 'endsAt', dir: 'desc', tiebreak: tournaments.id },
      map: (x) => tournamentViewOf(x.t, x, now),
    }));
  },

  'tournaments.get': async ({ db, found: t }) => {
    await finalizeDue(db, [t.opId]);
    const [cur] = await db.select().from(tournaments).where(eq(tournaments.id, t.id)).limit(1);
    const row = cur ?? t;
    const winners = await winnerRows(db).where(eq(tournamentWinners.tournamentId, t.id)).orderBy(asc(tournamentWinners.rank));
    return ok({ ...(await tournamentView(db, row)), leaderboard: await leaderboardOf(db, t.id), winners: winners.map(winnerViewOf) });
  },

  /** A tournament that started already gets its leaderboard from the bets written so far, once; later bets follow by trigger. */
  'tournaments.create': async ({ db, user, body: b, found: op, audit }) => db.transaction(async (tx) => {
    const pool = b.prizes.reduce((a, p) => addDec(a, p.amountUsd), '0');
    const [t] = await tx.insert(tournaments).values({
      opId: op.opId, title: b.title, startsAt: new Date(b.startsAt), endsAt: new Date(b.endsAt), scoring: b.scoring,
      providers: [...new Set(b.providers)], games: [...new Set(b.games)], prizes: b.prizes, prizePoolUsd: pool, createdBy: user.email,
    }).returning();
    if (t!.startsAt.getTime() < Date.now()) await tx.execute(sql`select tournament_rebuild(${t!.id}::uuid)`);
    const view = await tournamentView(tx, t!);
    await audit(tx, { targetType: 'tournament', targetId: t!.id, opId: t!.opId, after: { title: view.title, startsAt: view.startsAt, endsAt: view.endsAt, scoring: view.scoring, providers: view.providers, games: view.games, prizes: view.prizes } });
    return ok(view, [TOURNAMENT_MESSAGES.CREATED]);
  }),

  /**
   * Delete a tournament with its leaderboard and unpaid winners. The winners are locked first, so
   * a payout racing the deletion either lands before (the prize is PAID: refused) or finds no winner.
   */
  'tournaments.delete': async ({ db, found: t, audit }) => db.transaction(async (tx) => {
    const ws = await rowsOf<{ status: string }>(tx, sql`select status from tournament_winners where tournament_id = ${t.id} for update`);
    if (ws.some((w) => w.status === 'PAID')) throw new HttpError(409, [TOURNAMENT_MESSAGES.PAID_NOT_DELETABLE], 'CONFLICT');
    const [entries] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from ${tournamentEntries} where tournament_id = ${t.id}`);
    await tx.delete(tournaments).where(eq(tournaments.id, t.id));
    await audit(tx, {
      before: { title: t.title, opId: t.opId, startsAt: t.startsAt.toISOString(), endsAt: t.endsAt.toISOString(), status: tournamentStatusAt(t.endsAt), entries: entries?.n ?? 0, winners: ws.length },
    });
    return ok({}, [TOURNAMENT_MESSAGES.DELETED]);
  }),

  'tournaments.winners': async (ctx) => {
    await finalizeDue(ctx.db, ctx.scope);
    return ok(await list(ctx, {
      rows: (select) => select({
        w: tournamentWinners, tournamentTitle: tournaments.title, scoring: tournaments.scoring, playerCode: players.playerCode, username: players.username,
        opTitle: operators.title, parentOpTitle: parentOp.title,
      }).from(tournamentWinners)
        .innerJoin(tournaments, eq(tournaments.id, tournamentWinners.tournamentId))
        .innerJoin(players, eq(players.id, tournamentWinners.playerId))
        .leftJoin(operators, eq(operators.opId, tournamentWinners.opId))
        .leftJoin(parentOp, eq(parentOp.opId, operators.parentOpId)),
      scope: tournamentWinners.opId,
      filters: {
        status: match.eq(tournamentWinners.status),
        tournamentId: match.eq(tournamentWinners.tournamentId),
        playerCode: match.eq(players.playerCode),
      },
      sort: { keys: { createdAt: tournamentWinners.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: tournamentWinners.id },
      map: winnerViewOf,
    }));
  },

  'tournaments.winner': async ({ db, found: w }) => ok(await winnerView(db, w.id)),

  /**
   * Winner Prize Payout Confirmation. approve: PENDING → PAID, a CONFIRMED TOURNAMENT_PRIZE
   * transaction and the prize credited to the player's MAIN wallet in their currency (ledger
   * refId = txId); reject: PENDING → REJECTED with the note, no money. One conditional update
   * decides which of racing calls applies.
   */
  'tournaments.payout': async ({ user, body: b, found: w, audit, once }) => once(async (tx) => {
    if (w.status !== 'PENDING') throw alreadyDecided(w.status);
    const now = new Date();
    const approve = b.type === 'approve';
    const txId = approve ? crypto.randomUUID() : null;
    const [row] = await tx.update(tournamentWinners).set({
      status: approve ? 'PAID' : 'REJECTED', note: b.noteForThePlayer || null, decidedBy: user.email, decidedAt: now, txId,
    }).where(and(eq(tournamentWinners.id, w.id), eq(tournamentWinners.status, 'PENDING'))).returning();
    if (!row) {
      const [cur] = await tx.select({ status: tournamentWinners.status }).from(tournamentWinners).where(eq(tournamentWinners.id, w.id)).limit(1);
      throw alreadyDecided(cur?.status ?? w.status);
    }
    let balanceAfter: string | null = null;
    if (approve && txId) {
      const [p] = await tx.select({ opId: players.opId }).from(players).where(eq(players.id, row.playerId)).limit(1);
      const playerOp = p?.opId ?? row.opId;
      const entry = await postEntry(tx, {
        playerId: row.playerId, opId: playerOp, kind: 'MAIN', currency: row.currency, amount: row.prizeAmount, reason: 'TOURNAMENT_PRIZE', refType: 'transaction', refId: txId,
      });
      balanceAfter = entry.balanceAfter;
      await tx.insert(transactions).values({
        txId, opId: playerOp, playerId: row.playerId, transactionType: 'TOURNAMENT_PRIZE', transactionSubType: 'OTHER', status: 'CONFIRMED', walletType: 'MAIN',
        fromAmount: row.prizeAmount, fromCurrency: row.currency, fromAmountInUsd: row.prizeUsd, toAmount: row.prizeAmount, toCurrency: row.currency, toAmountInUsd: row.prizeUsd,
        rateToUsd: row.rateToUsd, balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter, playerNote: b.noteForThePlayer || null,
        extra: { tournamentId: row.tournamentId, winnerId: row.id, rank: row.rank }, createdBy: user.email, confirmedAt: now, confirmedBy: user.email,
      });
    }
    await audit(tx, {
      action: approve ? 'TOURNAMENT_PAYOUT_APPROVE' : 'TOURNAMENT_PAYOUT_REJECT',
      before: { status: 'PENDING' },
      after: { status: row.status, prizeUsd: row.prizeUsd, prizeAmount: row.prizeAmount, currency: row.currency, txId, balanceAfter, note: row.note },
    });
    return { body: ok({ ...(await winnerView(tx, row.id)), balanceAfter }, [approve ? TOURNAMENT_MESSAGES.PAID : TOURNAMENT_MESSAGES.REJECTED]) };
  }),
};
