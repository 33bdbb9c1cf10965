import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { MSG, PAYMENT_MESSAGES, TX_STATUSES, TX_TYPES } from '@pitboss/contract';
import { transactions } from '../src/db/schema.js';
import { makeTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.close(); });

const firstTx = async (where: Parameters<typeof and>) =>
  (await t.database.db.select().from(transactions).where(and(...where)).limit(1))[0]!;

describe('POST /api/transactions/list', () => {
  it('filters by type and status, pages without a total count', async () => {
    const res = await t.call('POST', '/api/transactions/list', { as: 'admin@demo.local', body: { transactionType: 'WITHDRAW', status: 'PENDING', limit: 5 } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.items.length).toBeGreaterThan(0);
    expect(d.items.every((x: { transactionType: string; status: string }) => x.transactionType === 'WITHDRAW' && x.status === 'PENDING')).toBe(true);
    const p2 = (await t.call('POST', '/api/transactions/list', { as: 'admin@demo.local', body: { limit: 5, page: 2 } })).json().data;
    const p1 = (await t.call('POST', '/api/transactions/list', { as: 'admin@demo.local', body: { limit: 5, page: 1 } })).json().data;
    expect(p1.remaining).toBe(true);
    const ids1 = new Set(p1.items.map((x: { txId: string }) => x.txId));
    expect(p2.items.some((x: { txId: string }) => ids1.has(x.txId))).toBe(false);
  });

  it('keyset cursor pages match offset pages', async () => {
    const p1 = (await t.call('POST', '/api/transactions/list', { as: 'admin@demo.local', body: { limit: 7 } })).json().data;
    const p2 = (await t.call('POST', '/api/transactions/list', { as: 'admin@demo.local', body: { limit: 7, page: 2 } })).json().data;
    const k2 = (await t.call('POST', '/api/transactions/list', { as: 'admin@demo.local', body: { limit: 7, cursor: p1.nextCursor } })).json().data;
    expect(p1.nextCursor).toMatch(/\|/);
    expect(k2.items.map((x: { txId: string }) => x.txId)).toEqual(p2.items.map((x: { txId: string }) => x.txId));
    const bad = await t.call('POST', '/api/transactions/list', { as: 'admin@demo.local', body: { cursor: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['Invalid cursor.']);
  });

  it("an operator's pages (its brands merged) are its newest rows in order, by offset and by cursor, filtered or not", async () => {
    const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino'];
    const expected = async (type?: string) => (await t.database.db.select({ txId: transactions.txId }).from(transactions)
      .where(and(inArray(transactions.opId, ALPHA), eq(transactions.isDeleted, false), type ? eq(transactions.transactionType, type) : undefined))
      .orderBy(desc(transactions.createdAt), desc(transactions.txId)).limit(30)).map((r) => r.txId);
    const ids = (d: { items: { txId: string }[] }) => d.items.map((x) => x.txId);
    for (const type of [undefined, 'DEPOSIT']) {
      const want = await expected(type);
      expect(want.length).toBe(30);
      const body = { opId: 'op-alpha', includeBrands: true, limit: 10, ...(type ? { transactionType: type } : {}) };
      const list = (extra: Record<string, unknown>) => t.call('POST', '/api/transactions/list', { as: 'operator.admin@demo.local', body: { ...body, ...extra } }).then((r) => r.json().data);
      const p1 = await list({});
      const p3 = await list({ page: 3 });
      const k2 = await list({ cursor: p1.nextCursor });
      const k3 = await list({ cursor: k2.nextCursor });
      expect([...ids(p1), ...ids(k2), ...ids(k3)]).toEqual(want);
      expect(ids(p3)).toEqual(want.slice(20));
      // Of several operators, not of one alone.
      expect(new Set(p1.items.concat(k2.items, k3.items).map((x: { opId: string }) => x.opId)).size).toBeGreaterThan(1);
    }
  });

  it.each(TX_TYPES.map((x) => [x]))('lists type %s', async (type) => {
    const res = await t.call('POST', '/api/transactions/list', { as: 'superadmin@demo.local', body: { transactionType: type, limit: 3 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.every((x: { transactionType: string }) => x.transactionType === type)).toBe(true);
  });

  it('scopes an operator admin to its operator and brands', async () => {
    const res = await t.call('POST', '/api/transactions/list', { as: 'operator.admin@demo.local', body: { limit: 100 } });
    const ops = new Set(res.json().data.items.map((x: { opId: string }) => x.opId));
    for (const op of ops) expect(['op-alpha', 'alpha-bet', 'alpha-casino']).toContain(op);
    const other = await t.call('POST', '/api/transactions/list', { as: 'operator.admin@demo.local', body: { opId: 'op-bravo' } });
    expect(other.statusCode).toBe(404);
  });

  it("super roles filter by operator ID (exactly that operator) and gateway (a payment provider); others are refused the operator ID", async () => {
    const rows = async (as: string, body: Record<string, unknown>) => {
      const res = await t.call('POST', '/api/transactions/list', { as, body: { limit: 100, ...body } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items as { opId: string; gateway: string | null; transactionType: string }[];
    };
    const brand = await rows('superadmin@demo.local', { operatorId: 'alpha-bet' });
    expect(brand.length).toBeGreaterThan(0);
    expect(new Set(brand.map((x) => x.opId))).toEqual(new Set(['alpha-bet']));
    // Within the selected operator and its brands only; an unknown one lists nothing.
    expect(await rows('admin@demo.local', { operatorId: 'alpha-bet', opId: 'op-bravo', includeBrands: true })).toEqual([]);
    expect(await rows('admin@demo.local', { operatorId: 'no-such-op' })).toEqual([]);
    const jb = await rows('admin@demo.local', { transactionType: 'WITHDRAW', gateway: 'jb', operatorId: 'op-alpha' });
    expect(jb.length).toBeGreaterThan(0);
    expect(jb.every((x) => x.gateway === 'jb' && x.opId === 'op-alpha' && x.transactionType === 'WITHDRAW')).toBe(true);
    // The totals read the same filter.
    const totals = (await t.call('POST', '/api/transactions/total', { as: 'superadmin@demo.local', body: { operatorId: 'alpha-bet' } })).json().data;
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(and(eq(transactions.opId, 'alpha-bet'), eq(transactions.isDeleted, false)));
    expect(totals.count).toBe(n!.n);
    for (const as of ['operator.admin@demo.local', 'operator.manager@demo.local']) {
      for (const url of ['/api/transactions/list', '/api/transactions/total', '/api/transactions/deposit/total-amount']) {
        const res = await t.call('POST', url, { as, body: { operatorId: 'alpha-bet' } });
        expect(res.statusCode, `${as} ${url}`).toBe(403);
        expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
      }
    }
  });

  it('is denied without the page permission', async () => {
    const res = await t.call('POST', '/api/transactions/list', { as: 'devops@demo.local', body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
  });

  it('refuses a from date after the to date', async () => {
    const res = await t.call('POST', '/api/transactions/list', { as: 'admin@demo.local', body: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual(['From date cannot exceed to date.']);
  });
});

describe('totals', () => {
  it('sums the filtered transactions exactly', async () => {
    const res = await t.call('POST', '/api/transactions/total', { as: 'admin@demo.local', body: { transactionType: 'DEPOSIT', status: 'CONFIRMED', opId: 'op-alpha' } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    const rows = await t.database.db.select().from(transactions).where(and(eq(transactions.transactionType, 'DEPOSIT'), eq(transactions.status, 'CONFIRMED'), eq(transactions.opId, 'op-alpha'), eq(transactions.isDeleted, false)));
    expect(d.count).toBe(rows.length);
    const { addDec, cmpDec } = await import('@pitboss/contract');
    expect(d.byStatus).toHaveLength(1);
    expect(d.byStatus[0]).toMatchObject({ status: 'CONFIRMED', count: rows.length });
    expect(cmpDec(d.byStatus[0].amountInUSD, rows.reduce((s, r) => addDec(s, r.toAmountInUsd), '0'))).toBe(0);
    const dep = await t.call('POST', '/api/transactions/deposit/total-amount', { as: 'admin@demo.local', body: { status: 'CONFIRMED', opId: 'op-alpha' } });
    expect(dep.json().data.byStatus).toEqual(d.byStatus);
  });

  it('are per status, never one total adding rejected or canceled money to confirmed money', async () => {
    const { addDec, cmpDec } = await import('@pitboss/contract');
    for (const body of [{ transactionType: 'DEPOSIT', opId: 'op-alpha' }, { transactionType: 'DEPOSIT', opId: 'op-alpha', quickTime: 'THIS_MONTH' }]) {
      const res = await t.call('POST', '/api/transactions/total', { as: 'admin@demo.local', body });
      expect(res.statusCode).toBe(200);
      const d = res.json().data;
      expect(d).not.toHaveProperty('totalInUSD');
      const statuses = (d.byStatus as { status: string }[]).map((r) => r.status);
      expect(new Set(statuses).size).toBe(statuses.length);
      // Confirmed first, in the contract's order of statuses.
      expect(statuses).toEqual([...statuses].sort((a, b) => TX_STATUSES.indexOf(a as never) - TX_STATUSES.indexOf(b as never)));
      for (const s of d.byStatus as { status: string; count: number; amountInUSD: string }[]) {
        const of = (d.byStatusAndCurrency as { status: string; count: number; amountInUSD: string }[]).filter((r) => r.status === s.status);
        expect(s.count).toBe(of.reduce((n, r) => n + r.count, 0));
        expect(cmpDec(s.amountInUSD, of.reduce((sum, r) => addDec(sum, r.amountInUSD), '0'))).toBe(0);
      }
      expect(d.count).toBe((d.byStatus as { count: number }[]).reduce((n, r) => n + r.count, 0));
    }
  });
});

describe('details and delete', () => {
  it('shows a transaction with its player, 404 for another operator', async () => {
    const tx = await firstTx([eq(transactions.opId, 'op-bravo')]);
    const ok = await t.call('GET', `/api/transactions/details/${tx.txId}`, { as: 'admin@demo.local' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ txId: tx.txId, transactionType: tx.transactionType, player: { playerId: tx.playerId } });
    const denied = await t.call('GET', `/api/transactions/details/${tx.txId}`, { as: 'operator.admin@demo.local' });
    expect(denied.statusCode).toBe(404);
    expect(denied.json().messages).toEqual([PAYMENT_MESSAGES.TX_NOT_FOUND]);
    expect((await t.call('GET', '/api/transactions/details/not-a-uuid', { as: 'admin@demo.local' })).statusCode).toBe(404);
  });

  it('deletes a non-confirmed transaction once, audited; refuses confirmed ones and other roles', async () => {
    const tx = await firstTx([eq(transactions.status, 'REJECTED'), eq(transactions.opId, 'op-alpha')]);
    expect((await t.call('DELETE', '/api/transactionsV2', { as: 'operator.admin@demo.local', body: { txId: tx.txId } })).statusCode).toBe(403);
    const [a, b] = await Promise.all([
      t.call('DELETE', '/api/transactionsV2', { as: 'admin@demo.local', body: { txId: tx.txId } }),
      t.call('DELETE', '/api/transactionsV2', { as: 'admin@demo.local', body: { txId: tx.txId } }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const deleted = a!.statusCode === 200 ? a! : b!;
    expect(deleted.json().messages).toEqual([PAYMENT_MESSAGES.TX_DELETED]);
    const act = await t.lastActivity();
    expect(act).toMatchObject({ action: 'TRANSACTION_DELETE', targetId: tx.txId, actorEmail: 'admin@demo.local' });
    const confirmed = await firstTx([eq(transactions.status, 'CONFIRMED'), ne(transactions.isDeleted, true)]);
    const res = await t.call('DELETE', '/api/transactionsV2', { as: 'admin@demo.local', body: { txId: confirmed.txId } });
    expect(res.statusCode).toBe(409);
  });

  it('refuses to delete a pending withdrawal (its amount is held): the hold stays rejectable and returns on rejection', async () => {
    const w = await firstTx([eq(transactions.status, 'PENDING'), eq(transactions.transactionType, 'WITHDRAW'), eq(transactions.provider, 'cpg'), eq(transactions.isDeleted, false)]);
    const del = await t.call('DELETE', '/api/transactionsV2', { as: 'admin@demo.local', body: { txId: w.txId } });
    expect(del.statusCode).toBe(409);
    expect(del.json().messages).toEqual([PAYMENT_MESSAGES.TX_HOLD_NOT_DELETABLE]);
    expect((await firstTx([eq(transactions.txId, w.txId)])).isDeleted).toBe(false);
    // Rejected (the amount back in the wallet), it may be deleted.
    const reject = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', {
      as: 'admin@demo.local', headers: { 'idempotency-key': crypto.randomUUID() }, body: { txId: w.txId, actionType: 'reject', playerNote: 'Refunded.', countsTowardDailyLimit: true },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect((await t.call('DELETE', '/api/transactionsV2', { as: 'admin@demo.local', body: { txId: w.txId } })).statusCode).toBe(200);
  });
});

describe('badges', () => {
  it('count pending withdrawals, deposits and bank accounts within scope', async () => {
    const res = await t.call('GET', '/api/admin/badges?opId=op-alpha&includeBrands=true', { as: 'admin@demo.local' });
    const b = res.json().data;
    for (const k of ['withdraw', 'deposit', 'bankAccounts', 'kyc', 'playerUsernames']) expect(typeof b[k]).toBe('number');
    expect(b.withdraw).toBeGreaterThan(0);
    const partner = await t.call('GET', '/api/admin/badges', { as: 'partner@demo.local' });
    expect(partner.json().data).toEqual({});
  });
});
