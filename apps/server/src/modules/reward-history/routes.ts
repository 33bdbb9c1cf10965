/**
 * The reward history drawers of the Player Wallet panels (contract reward-history.ts): one
 * player's reward transactions of one type, and the players an affiliate referred. The endpoint
 * layer finds the player in the caller's scope (another operator's player is not found); both
 * lists are that player's children, so they need no tenant condition of their own. Both read by
 * index: `tx_player_idx (player_id, created_at)` and `players_ref_idx (ref_id)`.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PROFIT_HISTORY_TYPES, TX_STATUSES, type ParsedBodyOf, type ProfitHistoryRow, type ProfitHistoryTotal, type ReferredPlayerRow, type RewardHistoryRow, type TxStatus } from '@pitboss/contract';
import { players, transactions, txTotalsNow } from '../../db/schema.js';
import { ok } from '../../lib/http.js';
import { inScope, rowsOf } from '../../lib/query.js';
import { operatorTitles } from '../../lib/scope.js';
import { list, match } from '../../platform/list.js';
import type { Handlers } from '../../platform/endpoints.js';
import type { Db } from '../../db/client.js';

/** A reward transaction as both lists show it (the player's drawer and /profit-history). */
const rewardRow = (t: typeof transactions.$inferSelect): RewardHistoryRow => ({
  txId: t.txId, transactionType: t.transactionType, transactionSubType: t.transactionSubType, status: t.status, walletType: t.walletType,
  amount: t.toAmount, currency: t.toCurrency, amountInUSD: t.toAmountInUsd, createdAt: t.createdAt.toISOString(),
  confirmedAt: t.confirmedAt?.toISOString() ?? null, confirmedBy: t.confirmedBy, rejectedBy: t.rejectedBy, note: t.playerNote ?? t.note,
});

type ProfitQ = ParsedBodyOf<'reports.profitHistory'>;

/** The conditions of /profit-history that are not the scope: the types, deleted rows out, and each filter sent. */
function profitConditions(q: ProfitQ): SQL[] {
  const c: SQL[] = [inArray(transactions.transactionType, q.type ? [q.type] : [...PROFIT_HISTORY_TYPES]), eq(transactions.isDeleted, false)];
  if (q.status) c.push(eq(transactions.status, q.status));
  if (q.fromDate) c.push(sql`${transactions.createdAt} >= ${new Date(q.fromDate)}`);
  if (q.toDate) c.push(sql`${transactions.createdAt} <= ${new Date(q.toDate)}`);
  return c;
}

const statusOrder = (s: string) => { const i = TX_STATUSES.indexOf(s as TxStatus); return i < 0 ? TX_STATUSES.length : i; };

/**
 * The totals of /profit-history's whole filter, one per status (CONFIRMED first): confirmed money
 * is never added to rejected or pending money. Without a player or a date range they read the
 * `tx_totals` roll-up (scope, type, status, test flag: no scan of the transactions); with one the
 * rows are aggregated, which the player (`tx_player_idx`) or the range keeps bounded.
 */
async function profitTotals(db: Db, scope: string[] | null, q: ProfitQ): Promise<ProfitHistoryTotal[]> {
  const types = q.type ? [q.type] : [...PROFIT_HISTORY_TYPES];
  const testOnly = q.isTest === 'true' || q.isTest === 'false' ? q.isTest === 'true' : undefined;
  let rows: { status: string; count: number; amountInUSD: string }[];
  if (!q.playerCode && !q.fromDate && !q.toDate) {
    const d = txTotalsNow;
    rows = await db.select({ status: d.status, count: sql<number>`sum(${d.count})::int`, amountInUSD: sql<string>`coalesce(sum(${d.amountInUsd}), 0)::text` })
      .from(d).where(and(inScope(d.opId, scope), inArray(d.transactionType, types), q.status ? eq(d.status, q.status) : undefined,
        testOnly === undefined ? undefined : eq(d.isTest, testOnly)))
      .groupBy(d.status).having(sql`sum(${d.count}) <> 0`).orderBy(asc(d.status));
  } else {
    rows = await db.select({ status: transactions.status, count: sql<number>`count(*)::int`, amountInUSD: sql<string>`coalesce(sum(${transactions.toAmountInUsd}), 0)::text` })
      .from(transactions).innerJoin(players, eq(players.id, transactions.playerId))
      .where(and(inScope(transactions.opId, scope), ...profitConditions(q), q.playerCode ? eq(players.playerCode, q.playerCode) : undefined,
        testOnly === undefined ? undefined : eq(players.isTest, testOnly)))
      .groupBy(transactions.status).orderBy(asc(transactions.status));
  }
  return rows.map((r) => ({ status: r.status, count: Number(r.count), amountInUSD: r.amountInUSD })).sort((a, b) => statusOrder(a.status) - statusOrder(b.status));
}

export const rewardHistoryHandlers: Handlers<'reports.playerRewardTransactions' | 'reports.referredPlayers' | 'reports.profitHistory'> = {
  'reports.playerRewardTransactions': async (ctx) => {
    const { db, body: b, found: p } = ctx;
    const mine = and(eq(transactions.playerId, p.id), eq(transactions.transactionType, b.type), eq(transactions.isDeleted, false));
    const page = await list(ctx, {
      rows: (select) => select({ t: transactions }).from(transactions),
      where: () => mine,
      filters: { fromDate: match.from(transactions.createdAt), toDate: match.to(transactions.createdAt) },
      sort: { keys: { createdAt: transactions.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: transactions.txId },
      map: ({ t }) => rewardRow(t),
    });
    // The total of the whole filter (not the page): one player's transactions of one type, by index.
    const [total] = await rowsOf<{ usd: string; n: number }>(db, sql`select coalesce(sum(to_amount_in_usd), 0)::text as usd, count(*)::int as n
      from transactions where player_id = ${p.id}::uuid and transaction_type = ${b.type} and not is_deleted and status = 'CONFIRMED'
      ${b.fromDate ? sql`and created_at >= ${new Date(b.fromDate)}` : sql``} ${b.toDate ? sql`and created_at <= ${new Date(b.toDate)}` : sql``}`);
    return ok({ ...page, confirmedTotalInUSD: total!.usd, confirmedCount: Number(total!.n) });
  },

  /**
   * /profit-history: the same reward transactions for every player of the caller's (selected)
   * operators, by the list builder (keyset on created_at, txId), with the player and operator by
   * name, and the totals of the whole filter per status.
   */
  'reports.profitHistory': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    const page = await list(ctx, {
      rows: (select) => select({ t: transactions, playerCode: players.playerCode, username: players.username, firstName: players.firstName, lastName: players.lastName })
        .from(transactions).innerJoin(players, eq(players.id, transactions.playerId)),
      scope: transactions.opId,
      where: (q) => and(...profitConditions(q)),
      filters: { playerCode: match.eq(players.playerCode), isTest: match.isTest(players.isTest) },
      sort: { keys: { createdAt: transactions.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: transactions.txId, perOperator: ['createdAt'] },
      map: (x): ProfitHistoryRow => ({
        ...rewardRow(x.t), playerId: x.t.playerId, playerCode: x.playerCode, username: x.username,
        playerName: [x.firstName, x.lastName].filter(Boolean).join(' ') || null, opId: x.t.opId, ...titleOf(x.t.opId),
      }),
    });
    return ok({ ...page, totals: await profitTotals(ctx.db, ctx.scope, ctx.body) });
  },

  'reports.referredPlayers': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    return ok(await list(ctx, {
      rows: (select) => select({ p: players }).from(players),
      where: () => eq(players.refId, ctx.found.playerCode),
      sort: {
        keys: { createdAt: players.createdAt, playerCode: players.playerCode, totalBetCount: players.totalBetCount, totalDepositCount: players.totalDepositCount },
        default: 'createdAt', dir: 'desc', tiebreak: players.id,
      },
      map: ({ p }): ReferredPlayerRow => ({
        playerId: p.id, playerCode: p.playerCode, username: p.username, playerName: [p.firstName, p.lastName].filter(Boolean).join(' ') || null,
        opId: p.opId, ...titleOf(p.opId), channelId: p.channelId, subChannelId: p.subChannelId, isTest: p.isTest, isBlocked: p.isBlocked,
        totalBetCount: p.totalBetCount, totalDepositCount: p.totalDepositCount, createdAt: p.createdAt.toISOString(),
      }),
    }));
  },
};
