import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { MSG, PAYMENT_MESSAGES, transactionsListBody } from '@pitboss/contract';
import { players, providerCalls, transactions, txTotals } from '../../db/schema.js';
import { conflict, forbidden, ok } from '../../lib/http.js';
import { currentUser } from '../../lib/context.js';
import { resolveScope } from '../../lib/scope.js';
import { inScope } from '../../lib/query.js';
import { audit } from '../../lib/audit.js';
import { listTransactions, loadVisibleTx, playerJoin, toView, txFilters } from './repo.js';

/** Page permission per transaction type: the deposit and withdraw pages read the same list. */
const listPermission = (type?: string) => (type === 'DEPOSIT' ? 'deposit_list' : type === 'WITHDRAW' ? 'withdraw_list' : 'transactions_list');

export async function transactionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** The transactions list (also the deposit and withdraw lists with a type filter). Keyset-friendly order, no total count. */
  r.post('/api/transactions/list', { schema: { body: transactionsListBody, tags: ['transactions'] }, config: { permission: '' } }, async (req) => {
    const me = currentUser(req);
    const q = req.body;
    if (!me.permissionSet.has(listPermission(q.transactionType))) throw forbidden(MSG.NO_PERMISSION);
    const scope = await resolveScope(db, me, q);
    return ok(await listTransactions(db, q, scope, me.timezone));
  });

  /**
   * Totals of the filtered transactions by status and currency, in USD (POST /api/transactions/total).
   * Filters the roll-up can answer (scope, type, sub-type, status, test flag) read
   * `tx_totals` — no scan of the transactions table; the others (player, gateway, id, time
   * ranges, deleted rows) are selective or time-bounded and aggregate the rows directly.
   */
  const totals = async (req: Parameters<typeof currentUser>[0], q: z.output<typeof transactionsListBody>) => {
    const me = currentUser(req);
    if (!me.permissionSet.has(listPermission(q.transactionType))) throw forbidden(MSG.NO_PERMISSION);
    const scope = await resolveScope(db, me, q);
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
  };
  r.post('/api/transactions/total', { schema: { body: transactionsListBody, tags: ['transactions'] }, config: { permission: '' } }, async (req) => ok(await totals(req, req.body)));
  r.post('/api/transactions/deposit/total-amount', { schema: { body: transactionsListBody, tags: ['transactions'] }, config: { permission: 'deposit_list' } },
    async (req) => ok(await totals(req, { ...req.body, transactionType: 'DEPOSIT' })));

  r.get('/api/transactions/details/:txId', { schema: { params: z.object({ txId: z.string() }), tags: ['transactions'] }, config: { permission: 'transactions_list' } }, async (req) => {
    const t = await loadVisibleTx(db, currentUser(req), req.params.txId);
    const [p] = await db.select(playerJoin).from(players).where(eq(players.id, t.playerId)).limit(1);
    const calls = await db.select().from(providerCalls).where(eq(providerCalls.txId, t.txId)).orderBy(desc(providerCalls.id)).limit(20);
    return ok({ ...toView(t, p!), providerCalls: calls.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })) });
  });

  /** DELETE /api/transactionsV2: a soft delete that never moves money; confirmed movements cannot be deleted. */
  r.delete('/api/transactionsV2', { schema: { body: z.object({ txId: z.string() }), tags: ['transactions'] }, config: { permission: 'transactions_list', roles: ['SUPER_ADMIN', 'ADMIN'] } }, async (req) => {
    const t = await loadVisibleTx(db, currentUser(req), req.body.txId);
    if (t.status === 'CONFIRMED' || t.status === 'IN_PROGRESS') throw conflict(PAYMENT_MESSAGES.TX_NOT_DELETABLE);
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.update(transactions).set({ isDeleted: true, updatedAt: new Date() })
        .where(and(eq(transactions.txId, t.txId), eq(transactions.isDeleted, false), eq(transactions.status, t.status))).returning();
      if (!row) return false;
      await audit(tx, req, { action: 'TRANSACTION_DELETE', targetType: 'transaction', targetId: t.txId, opId: t.opId, before: { isDeleted: false, status: t.status }, after: { isDeleted: true } });
      return true;
    });
    if (!done) throw conflict(PAYMENT_MESSAGES.TX_CHANGED);
    return ok({ txId: t.txId, isDeleted: true }, [PAYMENT_MESSAGES.TX_DELETED]);
  });
}
