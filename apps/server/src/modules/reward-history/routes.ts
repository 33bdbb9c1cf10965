/**
 * The reward history drawers of the Player Wallet panels (contract reward-history.ts): one
 * player's reward transactions of one type, and the players an affiliate referred. The endpoint
 * layer finds the player in the caller's scope (another operator's player is not found); both
 * lists are that player's children, so they need no tenant condition of their own. Both read by
 * index: `tx_player_idx (player_id, created_at)` and `players_ref_idx (ref_id)`.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ReferredPlayerRow, RewardHistoryRow } from '@pitboss/contract';
import { players, transactions } from '../../db/schema.js';
import { ok } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import { operatorTitles } from '../../lib/scope.js';
import { list, match } from '../../platform/list.js';
import type { Handlers } from '../../platform/endpoints.js';

export const rewardHistoryHandlers: Handlers<'reports.playerRewardTransactions' | 'reports.referredPlayers'> = {
  'reports.playerRewardTransactions': async (ctx) => {
    const { db, body: b, found: p } = ctx;
    const mine = and(eq(transactions.playerId, p.id), eq(transactions.transactionType, b.type), eq(transactions.isDeleted, false));
    const page = await list(ctx, {
      rows: (select) => select({ t: transactions }).from(transactions),
      where: () => mine,
      filters: { fromDate: match.from(transactions.createdAt), toDate: match.to(transactions.createdAt) },
      sort: { keys: { createdAt: transactions.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: transactions.txId },
      map: ({ t }): RewardHistoryRow => ({
        txId: t.txId, transactionType: t.transactionType, transactionSubType: t.transactionSubType, status: t.status, walletType: t.walletType,
        amount: t.toAmount, currency: t.toCurrency, amountInUSD: t.toAmountInUsd, createdAt: t.createdAt.toISOString(),
        confirmedAt: t.confirmedAt?.toISOString() ?? null, confirmedBy: t.confirmedBy, rejectedBy: t.rejectedBy, note: t.playerNote ?? t.note,
      }),
    });
    // The total of the whole filter (not the page): one player's transactions of one type, by index.
    const [total] = await rowsOf<{ usd: string; n: number }>(db, sql`select coalesce(sum(to_amount_in_usd), 0)::text as usd, count(*)::int as n
      from transactions where player_id = ${p.id}::uuid and transaction_type = ${b.type} and not is_deleted and status = 'CONFIRMED'
      ${b.fromDate ? sql`and created_at >= ${new Date(b.fromDate)}` : sql``} ${b.toDate ? sql`and created_at <= ${new Date(b.toDate)}` : sql``}`);
    return ok({ ...page, confirmedTotalInUSD: total!.usd, confirmedCount: Number(total!.n) });
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
