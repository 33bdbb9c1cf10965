import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type ParsedBodyOf } from '@pitboss/contract';
import { players, providerCalls, transactions, txTotals } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { conflict, ok } from '../../lib/http.js';
import type { AuthedUser } from '../../lib/context.js';
import { inScope } from '../../lib/query.js';
import type { Handlers } from '../../platform/endpoints.js';
import { listTransactions, playerJoin, toView, txFilters } from './repo.js';

type ListQ = ParsedBodyOf<'transactions.list'>;

/**
 * Totals of the filtered transactions by status and currency, in USD. Filters the roll-up can
 * answer (scope, type, sub-type, status, test flag) read `tx_totals` — no scan of the
 * transactions table; the others (player, gateway, id, time ranges, deleted rows) are
 * selective or time-bounded and aggregate the rows directly.
 */
async function totals(db: Db, me: AuthedUser, scope: string[] | null, q: ListQ) {
  const rollup = !q.gateway && !q.playerCode && !q.txId && !q.quickTime && !q.from && !q.to && !q.includeDeleted && !q.cursor;
  if (rollup) {
    const d = txTotals;
    const where = and(
      inScope(d.opId, scope),
      q.transactionType ? eq(d.transactionType, q.transactionType) : undefined,
      q.transactionSubType ? eq(d.transactionSubType, q.transactionSubType) : undefined,
      q.status ? eq(d.status, q.status) : undefined,
      q.isTest === 'true' || q.isTest === 'false' ? eq(d.isTest, q.isTest === 'true') : undefined,
    );
    const rows = await db.select({
      status: d.status, currency: d.currency, count: sql<number>`sum(${d.count})::int`,
      amount: sql<string>`sum(${d.amount})::text`, amountInUSD: sql<string>`sum(${d.amountInUsd})::text`,
    }).from(d).where(where).groupBy(d.status, d.currency).having(sql`sum(${d.count}) <> 0`).orderBy(asc(d.status), asc(d.currency));
    const [sum] = await db.select({ v: sql<string>`coalesce(sum(${d.amountInUsd}), 0)::text`, n: sql<number>`coalesce(sum(${d.count}), 0)::int` }).from(d).where(where);
    return { byStatusAndCurrency: rows, totalInUSD: sum?.v ?? '0', count: sum?.n ?? 0, source: 'rollup' as const };
  }
  const rows = await db.select({
    status: transactions.status, currency: transactions.toCurrency, count: sql<number>`count(*)::int`,
    amount: sql<string>`sum(${transactions.toAmount})::text`, amountInUSD: sql<string>`sum(${transactions.toAmountInUsd})::text`,
  }).from(transactions).where(and(...txFilters(q, scope, me.timezone))).groupBy(transactions.status, transactions.toCurrency)
    .orderBy(asc(transactions.status), asc(transactions.toCurrency));
  const [sum] = await db.select({ v: sql<string>`coalesce(sum(${transactions.toAmountInUsd}), 0)::text`, n: sql<number>`count(*)::int` })
    .from(transactions).where(and(...txFilters(q, scope, me.timezone)));
  return { byStatusAndCurrency: rows, totalInUSD: sum?.v ?? '0', count: sum?.n ?? 0, source: 'rows' as const };
}

export const transactionHandlers: Handlers<'transactions.list' | 'transactions.total' | 'transactions.depositTotal' | 'transactions.details' | 'transactions.delete'> = {
  /** The transactions list (also the deposit and withdraw lists with a type filter). Keyset-friendly order, no total count. */
  'transactions.list': async ({ db, user, scope, body: q }) => ok(await listTransactions(db, q, scope, user.timezone)),
  'transactions.total': async ({ db, user, scope, body }) => ok(await totals(db, user, scope, body)),
  'transactions.depositTotal': async ({ db, user, scope, body }) => ok(await totals(db, user, scope, { ...body, transactionType: 'DEPOSIT' })),

  'transactions.details': async ({ db, found: t }) => {
    const [p] = await db.select(playerJoin).from(players).where(eq(players.id, t.playerId)).limit(1);
    const calls = await db.select().from(providerCalls).where(eq(providerCalls.txId, t.txId)).orderBy(desc(providerCalls.id)).limit(20);
    return ok({ ...toView(t, p!), providerCalls: calls.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })) });
  },

  /** A soft delete that never moves money; confirmed movements cannot be deleted. */
  'transactions.delete': async ({ db, found: t, audit }) => {
    if (t.status === 'CONFIRMED' || t.status === 'IN_PROGRESS' || t.status === 'IN_FLIGHT') throw conflict(PAYMENT_MESSAGES.TX_NOT_DELETABLE);
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.update(transactions).set({ isDeleted: true, updatedAt: new Date() })
        .where(and(eq(transactions.txId, t.txId), eq(transactions.isDeleted, false), eq(transactions.status, t.status))).returning();
      if (!row) return false;
      await audit(tx, { before: { isDeleted: false, status: t.status }, after: { isDeleted: true } });
      return true;
    });
    if (!done) throw conflict(PAYMENT_MESSAGES.TX_CHANGED);
    return ok({ txId: t.txId, isDeleted: true as const }, [PAYMENT_MESSAGES.TX_DELETED]);
  },
};
