/**
 * Tournaments: views, and fixing the winners when a tournament ends (by the job
 * `tournaments.finalize-due`, reads as a fallback). The leaderboard itself is
 * kept by the trigger on `bets` (migration `tournaments`); nothing here scans the bets but the
 * one-time rebuild of a tournament created with a start in the past.
 */
import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LEADERBOARD_SIZE, convertAmount, currencyDecimals, roundDec, tournamentStatusAt, type TournamentPrize, type TournamentView, type WinnerView } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { currencyRates, operators, players, tournamentEntries, tournamentWinners, tournaments } from '../../db/schema.js';
import { inScope } from '../../lib/query.js';

export type TournamentRow = typeof tournaments.$inferSelect;
export type WinnerRow = typeof tournamentWinners.$inferSelect;

export const parentOp = alias(operators, 'tournament_parent_op');

export function tournamentViewOf(t: TournamentRow, f: { opTitle: string | null; parentOpTitle: string | null }, now = Date.now()): TournamentView {
  return {
    id: t.id, opId: t.opId, opTitle: f.opTitle ?? t.opId, parentOpTitle: f.parentOpTitle, title: t.title, status: tournamentStatusAt(t.endsAt, now),
    startsAt: t.startsAt.toISOString(), endsAt: t.endsAt.toISOString(), scoring: t.scoring, providers: t.providers, games: t.games,
    prizes: t.prizes as TournamentPrize[], prizePoolUsd: t.prizePoolUsd, finalizedAt: t.finalizedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(), createdBy: t.createdBy,
  };
}

export async function tournamentView(db: Db, t: TournamentRow): Promise<TournamentView> {
  const [f] = await db.select({ opTitle: operators.title, parentOpTitle: parentOp.title }).from(operators)
    .leftJoin(parentOp, eq(parentOp.opId, operators.parentOpId)).where(eq(operators.opId, t.opId)).limit(1);
  return tournamentViewOf(t, f ?? { opTitle: null, parentOpTitle: null });
}

/** The best entries of a tournament (by the leaderboard index: score, then who reached it first). */
export async function leaderboardOf(db: Db, tournamentId: string) {
  const rows = await db.select({ e: tournamentEntries, playerCode: players.playerCode, username: players.username })
    .from(tournamentEntries).innerJoin(players, eq(players.id, tournamentEntries.playerId))
    .where(eq(tournamentEntries.tournamentId, tournamentId))
    .orderBy(desc(tournamentEntries.score), asc(tournamentEntries.reachedAt), asc(tournamentEntries.playerId)).limit(LEADERBOARD_SIZE);
  return rows.map((r, i) => ({
    rank: i + 1, playerId: r.e.playerId, playerCode: r.playerCode, username: r.username, score: r.e.score, betsCount: r.e.betsCount,
    updatedAt: r.e.reachedAt.toISOString(),
  }));
}

/** Winners with their tournament, player and operator names. */
export const winnerRows = (db: Db) => db.select({
  w: tournamentWinners, tournamentTitle: tournaments.title, scoring: tournaments.scoring, playerCode: players.playerCode, username: players.username,
  opTitle: operators.title, parentOpTitle: parentOp.title,
}).from(tournamentWinners)
  .innerJoin(tournaments, eq(tournaments.id, tournamentWinners.tournamentId))
  .innerJoin(players, eq(players.id, tournamentWinners.playerId))
  .leftJoin(operators, eq(operators.opId, tournamentWinners.opId))
  .leftJoin(parentOp, eq(parentOp.opId, operators.parentOpId));

type WinnerJoined = { w: WinnerRow; tournamentTitle: string; scoring: string; playerCode: string; username: string | null; opTitle: string | null; parentOpTitle: string | null };

export function winnerViewOf(x: WinnerJoined): WinnerView {
  const w = x.w;
  return {
    id: w.id, tournamentId: w.tournamentId, tournamentTitle: x.tournamentTitle, opId: w.opId, opTitle: x.opTitle ?? w.opId, parentOpTitle: x.parentOpTitle,
    rank: w.rank, playerId: w.playerId, playerCode: x.playerCode, username: x.username, score: w.score, scoring: x.scoring,
    prizeUsd: w.prizeUsd, prizeAmount: w.prizeAmount, currency: w.currency, status: w.status, noteForThePlayer: w.note,
    decidedBy: w.decidedBy, decidedAt: w.decidedAt?.toISOString() ?? null, txId: w.txId, createdAt: w.createdAt.toISOString(),
  };
}

export async function winnerView(db: Db, id: string): Promise<WinnerView> {
  const [x] = await winnerRows(db).where(eq(tournamentWinners.id, id)).limit(1);
  // A winner always has its tournament and player (deleting a tournament deletes its winners).
  if (!x) throw new Error(`tournament winner ${id}: its tournament or player is missing`);
  return winnerViewOf(x);
}

/**
 * Fix the winners of one ended tournament, once: the conditional update of `finalized_at` makes
 * this call the only one writing them (a racing call finds it set and does nothing). One winner
 * per prize rank from the leaderboard (score above 0; equal scores: who reached it first), the
 * prize converted from USD to the player's currency at the current rate.
 */
export async function finalizeOne(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [t] = await tx.update(tournaments).set({ finalizedAt: new Date() })
      .where(and(eq(tournaments.id, id), isNull(tournaments.finalizedAt), lte(tournaments.endsAt, sql`now()`))).returning();
    if (!t) return false;
    const prizes = t.prizes as TournamentPrize[];
    if (!prizes.length) return true;
    const top = await tx.select({ playerId: tournamentEntries.playerId, score: tournamentEntries.score, currency: players.activeCurrency, rate: currencyRates.rateToUsd })
      .from(tournamentEntries).innerJoin(players, eq(players.id, tournamentEntries.playerId))
      .leftJoin(currencyRates, eq(currencyRates.currency, players.activeCurrency))
      .where(and(eq(tournamentEntries.tournamentId, id), sql`${tournamentEntries.score} > 0`))
      .orderBy(desc(tournamentEntries.score), asc(tournamentEntries.reachedAt), asc(tournamentEntries.playerId)).limit(prizes.length);
    // The winners list is newest first: rank n is written n − 1 ms before rank 1, so one
    // tournament's winners read in rank order there (the time shown is to the second).
    const fixedAt = Date.now();
    const rows = top.map((e, i) => {
      const prize = prizes[i]!;
      // A currency without a rate (none in practice) is paid in USD.
      const currency = e.rate ? e.currency : 'USD';
      const rate = e.rate ?? '1';
      return {
        tournamentId: id, opId: t.opId, rank: prize.rank, playerId: e.playerId, score: e.score, prizeUsd: prize.amountUsd,
        prizeAmount: roundDec(convertAmount(prize.amountUsd, '1', rate), currencyDecimals(currency)), currency, rateToUsd: rate,
        createdAt: new Date(fixedAt - (prize.rank - 1)),
      };
    });
    if (rows.length) await tx.insert(tournamentWinners).values(rows).onConflictDoNothing();
    return true;
  });
}

/**
 * Fix the winners of every ended tournament in scope not fixed yet; answers the ids it fixed.
 * The job `tournaments.finalize-due` runs it for every operator every TOURNAMENTS_FINALIZE_SECONDS,
 * so the winners exist without anyone reading the tournament. The reads (the lists, a tournament)
 * still run it for their scope, only as a fallback for the seconds between the end and the next
 * sweep (or a process without the job queue): cheap when there is nothing to do, one query on
 * the partial index of unfinished tournaments. A sweep takes 50 at a time and loops until none
 * is left, so a backlog (the queue was down) clears in one run.
 */
export async function finalizeDue(db: Db, scope: string[] | null): Promise<string[]> {
  const fixed: string[] = [];
  for (;;) {
    const due = await db.select({ id: tournaments.id }).from(tournaments)
      .where(and(isNull(tournaments.finalizedAt), lte(tournaments.endsAt, sql`now()`), inScope(tournaments.opId, scope))).limit(50);
    const before = fixed.length;
    for (const d of due) if (await finalizeOne(db, d.id)) fixed.push(d.id);
    if (due.length < 50 || fixed.length === before) return fixed;
  }
}
