import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, TX_STATUSES, addDec, isDestinationSecret, maskDestination, transactionDeleteRefusal, type ParsedBodyOf, type TxStatus } from '@pitboss/contract';
import { providerCalls, transactions, txTotalsNow } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, ok } from '../../lib/http.js';
import type { AuthedUser } from '../../lib/context.js';
import { inScope } from '../../lib/query.js';
import type { Handlers } from '../../platform/endpoints.js';
import { listTransactions, txFilters, viewOfRow } from './repo.js';
import { approvalOf, approvalView, thresholdFor } from '../four-eyes/service.js';

type ListQ = ParsedBodyOf<'transactions.list'>;

/** One row of the totals: a status and currency, with its count, its amount and that amount in USD. */
type TotalRow = { status: string; currency: string; count: number; amount: string; amountInUSD: string };

/**
 * The totals answer from its rows by status and currency: also by status in USD (summed
 * exactly), and the count over every status. No sum over every status: confirmed money is
 * never added to rejected or canceled money.
 */
function totalsOf(rows: TotalRow[], source: 'rollup' | 'rows') {
  const byStatus = new Map<string, { status: string; count: number; amountInUSD: string }>();
  for (const r of rows) {
    const s = byStatus.get(r.status) ?? { status: r.status, count: 0, amountInUSD: '0' };
    byStatus.set(r.status, { status: r.status, count: s.count + r.count, amountInUSD: addDec(s.amountInUSD, r.amountInUSD) });
  }
  // The order staff read: what was paid first, then what waits, then what did not happen.
  const order = (s: string) => { const i = TX_STATUSES.indexOf(s as TxStatus); return i < 0 ? TX_STATUSES.length : i; };
  return {
    byStatusAndCurrency: rows,
    byStatus: [...byStatus.values()].sort((a, b) => order(a.status) - order(b.status)),
    count: rows.reduce((n, r) => n + r.count, 0),
    source,
  };
}

/**
 * Totals of the filtered transactions by status and currency, in USD. Filters the roll-up can
 * answer (scope, type, sub-type, status, test flag) read `tx_totals` — no scan of the
 * transactions table; the others (player, gateway, id, time ranges, deleted rows) are
 * selective or time-bounded and aggregate the rows directly. One query either way.
 */
async function totals(db: Db, me: AuthedUser, scope: string[] | null, q: ListQ) {
  const rollup = !q.gateway && !q.playerCode && !q.txId && !q.quickTime && !q.from && !q.to && !q.includeDeleted && !q.cursor;
  if (rollup) {
    const d = txTotalsNow;
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
    return totalsOf(rows, 'rollup');
  }
  const rows = await db.select({
    status: transactions.status, currency: transactions.toCurrency, count: sql<number>`count(*)::int`,
    amount: sql<string>`sum(${transactions.toAmount})::text`, amountInUSD: sql<string>`sum(${transactions.toAmountInUsd})::text`,
  }).from(transactions).where(and(...txFilters(q, scope, me.timezone))).groupBy(transactions.status, transactions.toCurrency)
    .orderBy(asc(transactions.status), asc(transactions.toCurrency));
  return totalsOf(rows, 'rows');
}

export const transactionHandlers: Handlers<'transactions.list' | 'transactions.total' | 'transactions.depositTotal' | 'transactions.details' | 'transactions.destinationReveal' | 'transactions.delete'> = {
  /** The transactions list (also the deposit and withdraw lists with a type filter). Keyset-friendly order, no total count. */
  'transactions.list': async ({ db, user, scope, body: q }) => ok(await listTransactions(db, q, scope, user.timezone, user.id)),
  'transactions.total': async ({ db, user, scope, body }) => ok(await totals(db, user, scope, body)),
  'transactions.depositTotal': async ({ db, user, scope, body }) => ok(await totals(db, user, scope, { ...body, transactionType: 'DEPOSIT' })),

  'transactions.details': async ({ db, found: t }) => {
    const calls = await db.select().from(providerCalls).where(eq(providerCalls.txId, t.txId)).orderBy(desc(providerCalls.id)).limit(20);
    // What was sent to the provider holds the destination too: masked like the transaction's.
    const masked = (request: unknown) => (request && typeof request === 'object' && 'destination' in request
      ? { ...request, destination: maskDestination((request as { destination: unknown }).destination) } : request);
    // A pending withdrawal: the threshold that applies and a first approval awaiting its second (its Approve dialog).
    let fourEyes = {};
    if (t.transactionType === 'WITHDRAW' && t.status === 'PENDING') {
      const a = await approvalOf(db, 'WITHDRAWAL', t.txId);
      fourEyes = { fourEyes: { thresholdInUSD: await thresholdFor(db, t.opId), firstApproval: a?.status === 'AWAITING_SECOND_APPROVAL' ? approvalView(a) : null } };
    }
    return ok({ ...(await viewOfRow(db, t)), providerCalls: calls.map((c) => ({ ...c, request: masked(c.request), createdAt: c.createdAt.toISOString() })), ...fourEyes });
  },

  /**
   * A withdrawal's full destination, on purpose: the reveal and its reason are an activity record
   * (the numbers themselves are not logged). Every other answer shows them masked.
   */
  'transactions.destinationReveal': async ({ db, body, found: t, audit }) => {
    if (t.transactionType !== 'WITHDRAW') throw badRequest(PAYMENT_FLOW_MESSAGES.NOT_A_WITHDRAWAL);
    const d = t.destination;
    const revealed = d && typeof d === 'object' && !Array.isArray(d) ? Object.keys(d).filter(isDestinationSecret) : [];
    await db.transaction(async (tx) => { await audit(tx, { before: null, after: { revealed, reason: body.reason } }); });
    return ok({ txId: t.txId, destination: d });
  },

  /**
   * A soft delete that never moves money (`transactionDeleteRefusal`): a deleted pending
   * withdrawal could be neither confirmed nor rejected, and its held amount would never return.
   */
  'transactions.delete': async ({ db, found: t, audit }) => {
    const refusal = transactionDeleteRefusal(t);
    if (refusal) throw conflict(refusal);
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
