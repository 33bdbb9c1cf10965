import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { players, transactions } from '../src/db/schema.js';
import { rowsOf } from '../src/lib/query.js';
import { foldTxRollups } from '../src/db/rollups.js';
import { idemKey, makeTestApp, type TestApp } from './helpers.js';
import { newKey } from './support.js';

/**
 * The totals read the roll-up with its pending changes (`tx_totals_now`): after every kind of
 * change (new rows, approvals, rejections, deletes, a player's test flag), folded or not, they
 * must equal the aggregate of the rows.
 */
let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.close(); });

type Filter = { transactionType?: string; status?: string; isTest?: 'true' | 'false'; opId?: string; includeBrands?: boolean };

const pending = async () => Number((await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from tx_rollup_deltas`))[0]!.n);

async function truth(f: Filter): Promise<{ count: number; usd: string }> {
  const ops = f.opId ? (f.includeBrands ? ['op-alpha', 'alpha-bet', 'alpha-casino'] : [f.opId]) : null;
  const [r] = await rowsOf<{ n: number; usd: string }>(t.database.db, sql`
    select count(*)::int as n, coalesce(sum(t.to_amount_in_usd), 0)::text as usd
    from transactions t join players p on p.id = t.player_id
    where not t.is_deleted
      ${f.transactionType ? sql`and t.transaction_type = ${f.transactionType}` : sql``}
      ${f.status ? sql`and t.status = ${f.status}` : sql``}
      ${f.isTest ? sql`and p.is_test = ${f.isTest === 'true'}` : sql``}
      ${ops ? sql`and t.op_id in ${sql.raw(`(${ops.map((o) => `'${o}'`).join(',')})`)}` : sql``}`);
  return { count: Number(r!.n), usd: r!.usd };
}

const FILTERS: Filter[] = [
  {}, { transactionType: 'WITHDRAW' }, { transactionType: 'WITHDRAW', status: 'PENDING' }, { status: 'CONFIRMED', isTest: 'false' },
  { isTest: 'true' }, { opId: 'op-alpha', includeBrands: true }, { opId: 'op-alpha', includeBrands: true, transactionType: 'DEPOSIT', status: 'CONFIRMED' },
];

async function expectTotalsMatch() {
  const { addDec, cmpDec } = await import('@pitboss/contract');
  for (const f of FILTERS) {
    const res = await t.call('POST', '/api/transactions/total', { as: 'superadmin@demo.local', body: f });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.source).toBe('rollup');
    const want = await truth(f);
    expect(d.count, JSON.stringify(f)).toBe(want.count);
    const usd = (d.byStatus as { amountInUSD: string }[]).reduce((sum, r) => addDec(sum, r.amountInUSD), '0');
    expect(cmpDec(usd, want.usd), JSON.stringify(f)).toBe(0);
  }
}

describe('transaction totals from the roll-up', () => {
  it('equal the rows after the seed', expectTotalsMatch);

  it('stay equal after approvals, rejections, deletes, new movements and a test-flag change', async () => {
    const db = t.database.db;
    const [ip] = await db.select().from(transactions).where(and(eq(transactions.transactionType, 'WITHDRAW'), eq(transactions.status, 'IN_PROGRESS'))).limit(2);
    expect((await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: 'admin@demo.local', headers: newKey(), body: { txId: ip!.txId, note: 'ok', status: 'APPROVE' } })).statusCode).toBe(200);
    const [ip2] = await db.select().from(transactions).where(and(eq(transactions.transactionType, 'WITHDRAW'), eq(transactions.status, 'IN_PROGRESS'))).limit(1);
    expect((await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: 'admin@demo.local', headers: newKey(), body: { txId: ip2!.txId, note: 'no', status: 'REJECT' } })).statusCode).toBe(200);
    const [rej] = await db.select().from(transactions).where(and(eq(transactions.status, 'REJECTED'), eq(transactions.isDeleted, false))).limit(1);
    expect((await t.call('DELETE', '/api/transactionsV2', { as: 'admin@demo.local', body: { txId: rej!.txId } })).statusCode).toBe(200);
    const [p] = await db.select().from(players).where(eq(players.opId, 'alpha-bet')).limit(1);
    expect((await t.call('POST', '/api/player/wallet/topup', { headers: idemKey(), as: 'admin@demo.local', body: { playerCode: p!.playerCode, amount: '12.34', currency: 'USD', action: 'INCREASE', reason: 'TEST', note: 'rollup', accept: true } })).statusCode).toBe(200);
    const [withTx] = await rowsOf<{ id: string; is_test: boolean }>(db, sql`select p.id, p.is_test from players p where exists (select 1 from transactions t where t.player_id = p.id) limit 1`);
    await db.update(players).set({ isTest: !withTx!.is_test }).where(eq(players.id, withTx!.id));
    // The changes are pending (no job folds them in this app) and already counted.
    expect(await pending()).toBeGreaterThan(0);
    await expectTotalsMatch();
  });

  it('stay equal once the pending changes are folded, and the roll-up alone then equals the rows', async () => {
    const db = t.database.db;
    const n = await pending();
    expect(await foldTxRollups(db, 7)).toBe(n);
    expect(await pending()).toBe(0);
    await expectTotalsMatch();
    const [r] = await rowsOf<{ n: string; usd: string }>(db, sql`select sum(count)::text as n, sum(amount_in_usd)::numeric(38,8)::text as usd from tx_totals`);
    const want = await truth({});
    expect(Number(r!.n)).toBe(want.count);
    const { cmpDec } = await import('@pitboss/contract');
    expect(cmpDec(r!.usd, want.usd)).toBe(0);
    // Folding nothing changes nothing.
    expect(await foldTxRollups(db)).toBe(0);
  });

  it('folds racing each other (two processes) move each change once', async () => {
    const db = t.database.db;
    const some = await db.select().from(transactions).where(and(eq(transactions.status, 'CONFIRMED'), eq(transactions.isDeleted, false))).limit(30);
    for (const x of some) await db.update(transactions).set({ toAmountInUsd: sql`${transactions.toAmountInUsd} + 1` }).where(eq(transactions.txId, x.txId));
    expect(await pending()).toBe(2 * some.length);
    // On PostgreSQL the three run on three connections at once: one folds, the others find it folding or nothing left.
    const moved = await Promise.all([foldTxRollups(db, 5), foldTxRollups(db, 5), foldTxRollups(db, 5)]);
    const left = await pending();
    expect(moved.reduce((a, b) => a + b, 0) + left).toBe(2 * some.length);
    await foldTxRollups(db);
    expect(await pending()).toBe(0);
    const [r] = await rowsOf<{ n: string; usd: string }>(db, sql`select sum(count)::text as n, sum(amount_in_usd)::numeric(38,8)::text as usd from tx_totals`);
    const want = await truth({});
    expect(Number(r!.n)).toBe(want.count);
    const { cmpDec } = await import('@pitboss/contract');
    expect(cmpDec(r!.usd, want.usd)).toBe(0);
    await expectTotalsMatch();
  });

  it("a movement's change is counted before it is folded, and a change that moves no figure appends nothing", async () => {
    const db = t.database.db;
    // A pending withdrawal: the filter "WITHDRAW, PENDING" sees it go.
    const [tx] = await db.select().from(transactions).where(and(eq(transactions.transactionType, 'WITHDRAW'), eq(transactions.status, 'PENDING'), eq(transactions.isDeleted, false))).limit(1);
    await db.update(transactions).set({ updatedAt: new Date() }).where(eq(transactions.txId, tx!.txId));
    expect(await pending()).toBe(0);
    await db.update(transactions).set({ status: 'CANCELED' }).where(eq(transactions.txId, tx!.txId));
    expect(await pending()).toBe(2);
    await expectTotalsMatch();
  });

  it("a row brought back from deleted counts again under its player's test flag", async () => {
    const db = t.database.db;
    const [row] = await rowsOf<{ tx_id: string }>(db, sql`select t.tx_id from transactions t join players p on p.id = t.player_id
      where p.is_test and not t.is_deleted limit 1`);
    expect(row).toBeDefined();
    await db.update(transactions).set({ isDeleted: true }).where(eq(transactions.txId, row!.tx_id));
    await foldTxRollups(db);
    await db.update(transactions).set({ isDeleted: false }).where(eq(transactions.txId, row!.tx_id));
    // One change: the row counts again (+1), under its player's flags.
    expect(await rowsOf(db, sql`select sign::int as sign, is_test, has_player from tx_rollup_deltas`)).toEqual([{ sign: 1, is_test: true, has_player: true }]);
    await expectTotalsMatch();
  });

  it('uses the rows for filters the roll-up cannot answer', async () => {
    const res = await t.call('POST', '/api/transactions/total', { as: 'superadmin@demo.local', body: { gateway: 'cpg' } });
    expect(res.json().data.source).toBe('rows');
  });
});
