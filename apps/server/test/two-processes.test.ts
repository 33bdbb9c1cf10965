/**
 * Two API servers (each its own pool, caches and LISTEN connection, as two processes would
 * have) on one PostgreSQL database: money races split across both apply once, and a logout or
 * a block on one ends the session on the other at once, session cache or not.
 * PostgreSQL only: the embedded PGlite is one process by design.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MSG, PARTNER_MESSAGES, PAYMENT_MESSAGES, addDec, cmpDec, subDec } from '@pitboss/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPostgres, type Database } from '../src/db/client.js';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { DEMO_PARTNER } from '../src/db/seed-partners.js';
import { activities, ledgerEntries, partnerWithdrawals, sessions, transactions, users, wallets } from '../src/db/schema.js';
import { postEntry, reconcile, toUsd } from '../src/modules/wallet/ledger.js';
import { invalidateSession, SESSION_CACHE_TTL_MS } from '../src/modules/auth/service.js';
import { createHash } from 'node:crypto';
import { makeApp, ADMIN } from './support.js';
import type { TestApp } from './helpers.js';

const SERVER = process.env.TEST_DATABASE_URL;
const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino'];
const N = 20;

type Answer = { status: number; json: any };
interface Server { base: string; call(method: string, path: string, opts?: { cookie?: string; body?: unknown; headers?: Record<string, string> }): Promise<Answer> }

function server(app: FastifyInstance): Server {
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.cookie) headers.cookie = opts.cookie;
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      const r = await fetch(`${base}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), redirect: 'manual' });
      const text = await r.text();
      return { status: r.status, json: text ? JSON.parse(text) : null };
    },
  };
}

if (!SERVER) console.info('two-processes.test.ts skipped: it needs TEST_DATABASE_URL (a PostgreSQL server); PGlite is one process by design.');

describe.skipIf(!SERVER)('two API processes on one PostgreSQL database (runs only with TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let second: { app: FastifyInstance; database: Database };
  let A: Server;
  let B: Server;

  beforeAll(async () => {
    t = await makeApp();
    // The second server: the same database through its own pool, caches and LISTEN connection.
    const [{ db }] = (await t.database.db.execute(sql`select current_database() as db`) as unknown as { rows: { db: string }[] }).rows as [{ db: string }];
    const url = new URL(SERVER!);
    url.pathname = `/${db}`;
    const database = await openPostgres(url.toString());
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), database);
    second = { app, database };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    A = server(t.app);
    B = server(app);
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  const login = async (email: string, on: Server = A) => {
    const r = await fetch(`${on.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
    expect(r.status).toBe(200);
    return r.headers.get('set-cookie')!.split(';')[0]!;
  };
  const sessionId = (cookie: string) => createHash('sha256').update(cookie.split('=')[1]!).digest('hex');

  /** A fresh in-progress withdrawal held the way the demo world holds them (WITHDRAW_HOLD on a MAIN wallet). */
  async function makeWithdrawal(amount = '25.00') {
    const db = t.database.db;
    const [w] = await db.select().from(wallets).where(and(inArray(wallets.opId, ALPHA), eq(wallets.kind, 'MAIN'), sql`${wallets.balance} >= ${amount}`))
      .orderBy(asc(wallets.id)).limit(1);
    const txId = crypto.randomUUID();
    await db.transaction(async (tx) => {
      const e = await postEntry(tx as never, { playerId: w!.playerId, opId: w!.opId, kind: 'MAIN', currency: w!.currency, amount: `-${amount}`, reason: 'WITHDRAW_HOLD', refType: 'transaction', refId: txId });
      const usd = toUsd(amount, e.rate);
      await tx.insert(transactions).values({
        txId, opId: w!.opId, playerId: w!.playerId, transactionType: 'WITHDRAW', status: 'IN_PROGRESS', fromAmount: amount, fromCurrency: w!.currency,
        fromAmountInUsd: usd, toAmount: amount, toCurrency: w!.currency, toAmountInUsd: usd, rateToUsd: e.rate, balanceBefore: e.balanceBefore,
        balanceAfter: e.balanceAfter, provider: 'cpg', gateway: 'cpg',
      });
    });
    return { txId, wallet: w! };
  }
  const balanceOf = async (walletId: string) => (await t.database.db.select().from(wallets).where(eq(wallets.id, walletId)))[0]!.balance;

  /** N identical requests at once, alternating between the two servers. */
  const split = (cookie: string, body: unknown, headers?: Record<string, string>) =>
    // Distinct Idempotency-Keys (a money call requires one) unless the caller shares one: they still race.
    Promise.all(Array.from({ length: N }, (_, i) => (i % 2 ? B : A).call('PUT', '/api/transactionsV2/withdraw/in-progress', {
      cookie, body, headers: headers ?? { 'idempotency-key': `two-servers-${randomUUID()}` },
    })));

  it(`APPROVE: ${N} concurrent approvals split across both servers → one 200, ${N - 1} × 409`, async () => {
    const cookie = await login(ADMIN);
    const { txId, wallet } = await makeWithdrawal();
    const before = await balanceOf(wallet.id);
    const results = await split(cookie, { txId, note: 'Paid', status: 'APPROVE' });
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = results.filter((r) => r.status === 409);
    expect(losers).toHaveLength(N - 1);
    for (const r of losers) expect(r.json).toMatchObject({ success: false, status: 'ALREADY_HANDLED', messages: [PAYMENT_MESSAGES.ALREADY_HANDLED('CONFIRMED', ADMIN)] });
    expect((await t.database.db.select().from(transactions).where(eq(transactions.txId, txId)))[0]).toMatchObject({ status: 'CONFIRMED', confirmedBy: ADMIN });
    expect(await balanceOf(wallet.id)).toBe(before);
  });

  it(`REJECT: ${N} concurrent rejections split across both servers → refunded exactly once`, async () => {
    const cookie = await login(ADMIN, B);
    const { txId, wallet } = await makeWithdrawal('31.00');
    const before = await balanceOf(wallet.id);
    const results = await split(cookie, { txId, note: 'Refunded: test.', status: 'REJECT' });
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.json).toMatchObject({ status: 'ALREADY_HANDLED', messages: [PAYMENT_MESSAGES.ALREADY_HANDLED('REJECTED', ADMIN)] });
    const refunds = await t.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, txId), eq(ledgerEntries.reason, 'WITHDRAW_REFUND')));
    expect(refunds).toHaveLength(1);
    expect(cmpDec(await balanceOf(wallet.id), addDec(before, '31.00'))).toBe(0);
  });

  it(`one Idempotency-Key, ${N} concurrent rejections split across both servers → all the same answer, refunded once`, async () => {
    const cookie = await login(ADMIN);
    const { txId } = await makeWithdrawal('12.00');
    const results = await split(cookie, { txId, note: 'Refunded: test.', status: 'REJECT' }, { 'idempotency-key': `two-servers-${txId}` });
    expect(results.map((r) => r.status)).toEqual(Array(N).fill(200));
    for (const r of results) expect(r.json).toEqual(results[0]!.json);
    const refunds = await t.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, txId), eq(ledgerEntries.reason, 'WITHDRAW_REFUND')));
    expect(refunds).toHaveLength(1);
    const rec = await reconcile(t.database.db);
    expect(rec.problems).toEqual([]);
  });

  /** A partner withdraw request of the demo partner (held from its balance at once), made on server A. */
  const PARTNER = 'partner@demo.local';
  const partnerBalance = async (cookie: string) => (await A.call('POST', '/api/partners/balance', { cookie, body: { opId: DEMO_PARTNER.opId } })).json.data.balance as string;
  async function partnerRequest(cookie: string, amount: string) {
    const r = await A.call('POST', '/api/partners/transactions/withdraw-balance', {
      cookie, headers: { 'idempotency-key': `two-servers-${randomUUID()}` },
      body: { opId: DEMO_PARTNER.opId, amount, walletAddress: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', currency: 'USDT', network: 'TRON' },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.data.txId as string;
  }
  /** N decisions of one partner request at once, alternating between the two servers. */
  const splitPartner = (cookie: string, body: (i: number) => unknown) =>
    Promise.all(Array.from({ length: N }, (_, i) => (i % 2 ? B : A).call('PUT', '/api/partners/transactions/withdraw', {
      cookie, body: body(i), headers: { 'idempotency-key': `two-servers-${randomUUID()}` },
    })));
  const partnerEntries = (txId: string) => t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, txId));

  it(`partner withdraw APPROVE: ${N} concurrent approvals split across both servers → one 200, ${N - 1} × 409, no money moves`, async () => {
    const partner = await login(PARTNER);
    const before = await partnerBalance(partner);
    const txId = await partnerRequest(partner, '75');
    expect(cmpDec(await partnerBalance(partner), subDec(before, '75'))).toBe(0);
    const cookie = await login(ADMIN, B);
    const results = await splitPartner(cookie, () => ({ txId, actionType: 'confirm', note: 'Paid to your TRON wallet.' }));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = results.filter((r) => r.status === 409);
    expect(losers).toHaveLength(N - 1);
    for (const r of losers) expect(r.json).toMatchObject({ success: false, messages: [PARTNER_MESSAGES.alreadyDecided('CONFIRMED', ADMIN)] });
    expect((await t.database.db.select().from(partnerWithdrawals).where(eq(partnerWithdrawals.txId, txId)))[0]).toMatchObject({ status: 'CONFIRMED', confirmedBy: ADMIN });
    expect((await partnerEntries(txId)).map((e) => e.reason)).toEqual(['PARTNER_WITHDRAW_HOLD']);
    expect(await t.database.db.select().from(activities).where(and(eq(activities.targetId, txId), eq(activities.action, 'PARTNER_WITHDRAW_CONFIRM')))).toHaveLength(1);
    expect(cmpDec(await partnerBalance(partner), subDec(before, '75'))).toBe(0);
  });

  it(`partner withdraw REJECT: ${N} concurrent rejections split across both servers → the amount returns exactly once`, async () => {
    const partner = await login(PARTNER);
    const before = await partnerBalance(partner);
    const txId = await partnerRequest(partner, '60.50');
    const cookie = await login(ADMIN);
    const results = await splitPartner(cookie, () => ({ txId, actionType: 'reject', note: 'The wallet is not whitelisted.' }));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.json).toMatchObject({ messages: [PARTNER_MESSAGES.alreadyDecided('REJECTED', ADMIN)] });
    const entries = await partnerEntries(txId);
    expect(entries.map((e) => [e.reason, e.amount]).sort()).toEqual([['PARTNER_WITHDRAW_HOLD', '-60.50000000'], ['PARTNER_WITHDRAW_REFUND', '60.50000000']]);
    expect(cmpDec(await partnerBalance(partner), before)).toBe(0);
  });

  it(`partner withdraw, one Idempotency-Key: ${N} concurrent rejections split across both servers → all the same answer, the amount returns once`, async () => {
    const partner = await login(PARTNER);
    const before = await partnerBalance(partner);
    const txId = await partnerRequest(partner, '50.25');
    const cookie = await login(ADMIN, B);
    const headers = { 'idempotency-key': `two-servers-${txId}` };
    const results = await Promise.all(Array.from({ length: N }, (_, i) => (i % 2 ? B : A).call('PUT', '/api/partners/transactions/withdraw', {
      cookie, headers, body: { txId, actionType: 'reject', note: 'Refunded: test.' },
    })));
    expect(results.map((r) => r.status)).toEqual(Array(N).fill(200));
    for (const r of results) expect(r.json).toEqual(results[0]!.json);
    expect((await partnerEntries(txId)).map((e) => e.reason).sort()).toEqual(['PARTNER_WITHDRAW_HOLD', 'PARTNER_WITHDRAW_REFUND']);
    expect(await t.database.db.select().from(activities).where(and(eq(activities.targetId, txId), eq(activities.action, 'PARTNER_WITHDRAW_REJECT')))).toHaveLength(1);
    expect(cmpDec(await partnerBalance(partner), before)).toBe(0);
  });

  it(`partner withdraw approve against reject: ${N} mixed decisions split across both servers → one wins, the money follows it once`, async () => {
    const partner = await login(PARTNER);
    const before = await partnerBalance(partner);
    const txId = await partnerRequest(partner, '55');
    const cookie = await login(ADMIN, B);
    const results = await splitPartner(cookie, (i) => ({ txId, actionType: i % 4 < 2 ? 'confirm' : 'reject', note: 'Decided under a race.' }));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(N - 1);
    const [row] = await t.database.db.select().from(partnerWithdrawals).where(eq(partnerWithdrawals.txId, txId));
    const refunds = (await partnerEntries(txId)).filter((e) => e.reason === 'PARTNER_WITHDRAW_REFUND');
    if (row!.status === 'REJECTED') {
      expect(refunds).toHaveLength(1);
      expect(cmpDec(await partnerBalance(partner), before)).toBe(0);
    } else {
      expect(row!.status).toBe('CONFIRMED');
      expect(refunds).toHaveLength(0);
      expect(cmpDec(await partnerBalance(partner), subDec(before, '55'))).toBe(0);
    }
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });

  it('a logout on one server ends the session on the other at once', async () => {
    const cookie = await login('operator.admin@demo.local');
    // Both servers now hold the session in their caches.
    expect((await A.call('GET', '/api/users/me/check', { cookie })).status).toBe(200);
    expect((await B.call('GET', '/api/users/me/check', { cookie })).status).toBe(200);
    expect((await A.call('POST', '/api/auth/logout', { cookie })).status).toBe(200);
    const res = await B.call('GET', '/api/users/me/check', { cookie });
    expect(res.status).toBe(401);
    expect(res.json.messages).toEqual([MSG.UNAUTHENTICATED]);
    expect((await A.call('GET', '/api/users/me/check', { cookie })).status).toBe(401);
  });

  it('the session cache serves a session until its invalidation, which reaches the other server', async () => {
    const cookie = await login('devops@demo.local', B);
    expect((await B.call('GET', '/api/users/me/check', { cookie })).status).toBe(200);
    const t0 = Date.now();
    // A change nobody announces (a manual SQL edit) is seen within the cache's few seconds...
    await t.database.db.delete(sessions).where(eq(sessions.id, sessionId(cookie)));
    const cached = await B.call('GET', '/api/users/me/check', { cookie });
    if (Date.now() - t0 < SESSION_CACHE_TTL_MS - 500) expect(cached.status).toBe(200);
    // ...and an announced one at once, from the other server.
    await invalidateSession(t.database.db, sessionId(cookie));
    expect((await B.call('GET', '/api/users/me/check', { cookie })).status).toBe(401);
  });

  it('blocking a user on one server (the block call) refuses the next call on the other at once', async () => {
    const email = 'operator.manager@demo.local';
    const cookie = await login(email);
    expect((await A.call('GET', '/api/users/me/check', { cookie })).status).toBe(200);
    expect((await B.call('GET', '/api/users/me/check', { cookie })).status).toBe(200);
    const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const admin = await login('superadmin@demo.local');
    const block = await A.call('POST', '/api/users/block', { cookie: admin, body: { adminId: u!.id, action: 'BLOCK', adminEmail: email } });
    expect(block.status).toBe(200);
    // The block ended the session; server B had it cached and drops it at once (the table's `invalidates: 'user'`).
    const res = await B.call('GET', '/api/users/me/check', { cookie });
    expect(res.status).toBe(401);
    expect(res.json.messages).toEqual([MSG.UNAUTHENTICATED]);
    expect((await B.call('POST', '/api/users/block', { cookie: admin, body: { adminId: u!.id, action: 'UNBLOCK' } })).status).toBe(200);
    expect((await A.call('GET', '/api/users/me/check', { cookie: await login(email, B) })).status).toBe(200);
  });
});
