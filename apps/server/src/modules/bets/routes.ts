/**
 * Bets (001 §2, §7). A bet's stake left the player's MAIN wallet through the ledger when it was
 * written (BET, refId = betId); Settle Open Bet credits the win (WIN) in the same transaction as
 * a conditional update from OPEN, so of racing settles exactly one applies (the others: 409).
 * The GGR roll-up (`bet_ggr_daily`) follows every write of `bets` by trigger.
 */
import { and, asc, eq, gte, ilike, like, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BET_MESSAGES, SUGGEST_LIMIT, cmpDec, type DataOf } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { betGames, bets, ledgerEntries, operators, players } from '../../db/schema.js';
import { HttpError, ok } from '../../lib/http.js';
import { inScope, rowsOf } from '../../lib/query.js';
import type { Handlers } from '../../platform/endpoints.js';
import { likeEscape, list, match } from '../../platform/list.js';
import { postEntry, toUsd } from '../wallet/ledger.js';

type BetRow = typeof bets.$inferSelect;
const parent = alias(operators, 'parent_op');

export function betViewOf(b: BetRow, f: { playerCode: string; opTitle: string; parentOpTitle: string | null }): Omit<DataOf<'bets.details'>, 'ledger'> {
  return {
    id: b.id, betId: b.betId, opId: b.opId, opTitle: f.opTitle, parentOpTitle: f.parentOpTitle, playerId: b.playerId, playerCode: f.playerCode,
    betType: b.betType, gameTitle: b.gameTitle, provider: b.provider, isSingle: b.isSingle, event: b.event, tournament: b.tournament,
    sportType: b.sportType, selections: b.selections ?? null, stake: b.stake, win: b.win, currency: b.currency, rateToUsd: b.rateToUsd,
    stakeInUSD: b.stakeInUsd, winInUSD: b.winInUsd, status: b.status, placedAt: b.placedAt.toISOString(),
    settledAt: b.settledAt?.toISOString() ?? null, settledBy: b.settledBy, cancelNote: b.cancelNote,
  };
}

const rowsOfList = (select: Parameters<Parameters<typeof list>[1]['rows']>[0]) =>
  select({ b: bets, playerCode: players.playerCode, opTitle: operators.title, parentOpTitle: parent.title })
    .from(bets).innerJoin(players, eq(players.id, bets.playerId)).innerJoin(operators, eq(operators.opId, bets.opId))
    .leftJoin(parent, eq(parent.opId, operators.parentOpId));

// Within several operators, each one's newest bets by bets_op_placed_idx, merged (platform/list.ts).
/** The bets filters read only `bets` (the player filter by a subquery): the per-operator key scan joins nothing. */
const keysOfList = (select: Parameters<Parameters<typeof list>[1]['rows']>[0]) => select({}).from(bets);
const SORT = { keys: { placedAt: bets.placedAt }, default: 'placedAt' as const, dir: 'desc' as const, tiebreak: bets.id, perOperator: ['placedAt'] as const };
const playerFilter = (v: string) => sql`${bets.playerId} = (select id from ${players} where player_code = ${v})`;
const betIdFilter = match.contains(bets.betId);
/** A settle that finds the bet no longer OPEN. */
const notOpen = (status: string) => new HttpError(409, [BET_MESSAGES.NOT_OPEN], 'ALREADY_HANDLED', { status });

async function viewOne(db: Db, b: BetRow) {
  const [f] = await db.select({ playerCode: players.playerCode, opTitle: operators.title, parentOpTitle: parent.title })
    .from(players).innerJoin(operators, eq(operators.opId, b.opId)).leftJoin(parent, eq(parent.opId, operators.parentOpId))
    .where(eq(players.id, b.playerId)).limit(1);
  // A bet always has its player and operator (the bets list joins them the same way).
  if (!f) throw new Error(`bet ${b.id}: its player or operator is missing`);
  return betViewOf(b, f);
}

async function detailsOf(db: Db, b: BetRow) {
  const ledger = await db.select({
    id: ledgerEntries.id, amount: ledgerEntries.amount, balanceAfter: ledgerEntries.balanceAfter, currency: ledgerEntries.currency,
    reason: ledgerEntries.reason, createdAt: ledgerEntries.createdAt,
  }).from(ledgerEntries).where(and(eq(ledgerEntries.refId, b.betId), eq(ledgerEntries.playerId, b.playerId))).orderBy(asc(ledgerEntries.id)); // a bet has a few entries: its stake and its outcome
  return { ...(await viewOne(db, b)), ledger: ledger.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })) };
}

/**
 * Prefix conditions on a text column that a btree index answers under any collation: a range from
 * the prefix to the prefix followed by the highest code point, rechecked by LIKE. Bet IDs and
 * player codes are stored in upper case, so the text is also tried in upper case.
 */
function prefixOf(col: Parameters<typeof match.eq>[0], q: string) {
  const forms = [...new Set([q, q.toUpperCase()])];
  return or(...forms.map((f) => and(gte(col, f), lt(col, `${f}\u{10FFFF}`), like(col, `${likeEscape(f)}%`))));
}

/** Distinct values in code point order, at most SUGGEST_LIMIT. */
const firstDistinct = (values: string[]) => [...new Set(values)].sort().slice(0, SUGGEST_LIMIT);

/** A cancel that finds the bet no longer OPEN. */
const notOpenToCancel = (status: string) => new HttpError(409, [BET_MESSAGES.NOT_OPEN_CANCEL], 'ALREADY_HANDLED', { status });

export const betHandlers: Handlers<'bets.list' | 'bets.quickList' | 'bets.suggest' | 'bets.details' | 'bets.quickDetails' | 'bets.settle' | 'bets.cancel'> = {
  /** Bets newest first by keyset; single bet mode narrows to single sport bets and their event, tournament and sport type. */
  'bets.list': async (ctx) => ok(await list(ctx, {
    rows: rowsOfList,
    keyRows: keysOfList,
    scope: bets.opId,
    filters: {
      betType: match.eq(bets.betType),
      singleBet: (v) => (v === true ? and(eq(bets.betType, 'SPORT'), eq(bets.isSingle, true)) : undefined),
      event: (v, q) => (q.singleBet ? match.contains(bets.event)(v, q, undefined as never) : undefined),
      tournament: (v, q) => (q.singleBet ? match.contains(bets.tournament)(v, q, undefined as never) : undefined),
      sportType: (v, q) => (q.singleBet ? eq(bets.sportType, v) : undefined),
      // Sport bets have no game: the casino filters apply unless the list is sport-only.
      gameTitle: (v, q) => (q.betType === 'SPORT' ? undefined : match.contains(bets.gameTitle)(v, q, undefined as never)),
      provider: (v, q) => (q.betType === 'SPORT' ? undefined : eq(bets.provider, v)),
      betId: betIdFilter,
      playerCode: playerFilter,
      status: match.eq(bets.status),
      from: match.from(bets.placedAt),
      to: match.to(bets.placedAt),
    },
    sort: SORT,
    map: (x) => betViewOf(x.b, x),
  })),

  'bets.quickList': async (ctx) => ok(await list(ctx, {
    rows: rowsOfList,
    keyRows: keysOfList,
    scope: bets.opId,
    filters: { betId: betIdFilter, playerCode: playerFilter, status: match.eq(bets.status), betType: match.eq(bets.betType) },
    sort: SORT,
    map: (x) => betViewOf(x.b, x),
  })),

  /**
   * The bets filters' autocomplete (001 §6, from 2 characters): each field one indexed query,
   * within the caller's operators and LIMITed. Bet IDs by the (op_id, bet_id) index (the unique
   * bet_id index for global roles), player codes by the unique player_code index, game titles from
   * the per-operator catalogue `bet_games` (kept by trigger) instead of a DISTINCT over bets. No
   * ORDER BY on the big tables: the scan stops at the limit and the few values are sorted here.
   */
  'bets.suggest': async ({ db, scope, body }) => {
    const q = body.q;
    if (body.field === 'betId') {
      const rows = await db.select({ v: bets.betId }).from(bets).where(and(inScope(bets.opId, scope), prefixOf(bets.betId, q))).limit(SUGGEST_LIMIT);
      return ok(firstDistinct(rows.map((r) => r.v)));
    }
    if (body.field === 'playerCode') {
      const rows = await db.select({ v: players.playerCode }).from(players).where(and(inScope(players.opId, scope), prefixOf(players.playerCode, q))).limit(SUGGEST_LIMIT);
      return ok(firstDistinct(rows.map((r) => r.v)));
    }
    const rows = await db.selectDistinct({ v: betGames.gameTitle }).from(betGames)
      .where(and(inScope(betGames.opId, scope), ilike(betGames.gameTitle, `${likeEscape(q)}%`))).orderBy(betGames.gameTitle).limit(SUGGEST_LIMIT);
    return ok(rows.map((r) => r.v));
  },

  'bets.details': async ({ db, found }) => ok(await detailsOf(db, found)),
  'bets.quickDetails': async ({ db, found }) => ok(await detailsOf(db, found)),

  /**
   * Settle an OPEN bet: WON with a positive win (credited to the MAIN wallet, WIN), LOST with 0.
   * The status moves by a conditional update from OPEN in the same transaction as the credit.
   */
  'bets.settle': async ({ user, body, found: b, audit, once }) => once(async (tx) => {
    if (b.status !== 'OPEN') throw notOpen(b.status);
    const win = body.winAmount;
    const won = cmpDec(win, '0') > 0;
    const now = new Date();
    const [row] = await tx.update(bets).set({
      status: won ? 'WON' : 'LOST', win, winInUsd: toUsd(win, b.rateToUsd), settledAt: now, settledBy: user.email,
    }).where(and(eq(bets.id, b.id), eq(bets.status, 'OPEN'))).returning();
    if (!row) {
      const [cur] = await tx.select({ status: bets.status }).from(bets).where(eq(bets.id, b.id)).limit(1);
      throw notOpen(cur?.status ?? b.status);
    }
    let balanceAfter: string | null = null;
    if (won) {
      balanceAfter = (await postEntry(tx, {
        playerId: row.playerId, opId: row.opId, kind: 'MAIN', currency: row.currency, amount: win, reason: 'WIN', refType: 'bet', refId: row.betId,
      })).balanceAfter;
    }
    await audit(tx, { before: { status: 'OPEN', win: b.win }, after: { status: row.status, win, currency: row.currency, balanceAfter } });
    const [w] = balanceAfter === null
      ? await rowsOf<{ b: string }>(tx, sql`select balance::text as b from wallets where player_id = ${row.playerId} and kind = 'MAIN' and currency = ${row.currency}`)
      : [{ b: balanceAfter }];
    return { body: ok({ ...(await viewOne(tx, row)), balanceAfter: w?.b ?? '0' }, [BET_MESSAGES.SETTLED]) };
  }),

  /**
   * Cancel Open Bet (designed): the status moves OPEN → CANCELED by a conditional update and the
   * stake goes back to the MAIN wallet (BET_REFUND, refId = betId) in the same transaction, so of
   * racing cancels (or a cancel racing a settle) exactly one applies; the others answer 409. The
   * canceled bet leaves the GGR roll-up and the tournament leaderboards by their triggers. The
   * note is stored on the bet (`cancelNote`, shown in Bet Details) and in the audit trail;
   * `settledAt`/`settledBy` say when and by whom it was closed.
   */
  'bets.cancel': async ({ user, body, found: b, audit, once }) => once(async (tx) => {
    if (b.status !== 'OPEN') throw notOpenToCancel(b.status);
    const [row] = await tx.update(bets).set({ status: 'CANCELED', win: '0', winInUsd: '0', settledAt: new Date(), settledBy: user.email, cancelNote: body.note })
      .where(and(eq(bets.id, b.id), eq(bets.status, 'OPEN'))).returning();
    if (!row) {
      const [cur] = await tx.select({ status: bets.status }).from(bets).where(eq(bets.id, b.id)).limit(1);
      throw notOpenToCancel(cur?.status ?? b.status);
    }
    const { balanceAfter } = await postEntry(tx, {
      playerId: row.playerId, opId: row.opId, kind: 'MAIN', currency: row.currency, amount: row.stake, reason: 'BET_REFUND', refType: 'bet', refId: row.betId,
    });
    await audit(tx, { before: { status: 'OPEN' }, after: { status: 'CANCELED', refund: row.stake, currency: row.currency, balanceAfter, note: body.note } });
    return { body: ok({ ...(await viewOne(tx, row)), balanceAfter }, [BET_MESSAGES.CANCELED]) };
  }),
};
