import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES } from '@pitboss/contract';
import { providerCalls, transactions, wallets } from '../src/db/schema.js';
import { postEntry, reconcile, toUsd } from '../src/modules/wallet/ledger.js';
import {
  HttpPaymentClient, PaymentSimulator, SIM_DESCRIPTIONS, providerEnvName, providerFor, simulatedDecision,
} from '../src/integrations/payments/index.js';
import { makeTestApp, type TestApp } from './helpers.js';
import { send, startJsonStub, type JsonStub, type StubRequest } from './json-stub.js';
import { newKey } from './support.js';

/* ---------- A local stub of the documented provider REST API ---------- */

let stub: JsonStub;
let base: string;
let seen: StubRequest[];
const KEY = 'test-key';

beforeAll(async () => {
  stub = await startJsonStub(KEY, { message: 'Invalid API key' }, (req, res) => {
    const { body, url } = req;
    if (req.method === 'POST' && url === '/withdrawals') {
      const cents = String(body!.amount).split('.')[1]?.slice(0, 2);
      const reference = `STUB-${String(body!.reference).slice(0, 8)}`;
      switch (cents) {
        case '13': return send(res, 200, { status: 'FAILED', reference, description: 'Account closed' });
        case '22': return send(res, 422, { message: 'Invalid IBAN' });
        case '42': return send(res, 200, body!.withForce ? { status: 'SUCCESS', reference } : { status: 'NEEDS_FORCE', reference, canForce: true, description: 'Name mismatch' });
        case '50': return send(res, 500, 'Internal Server Error');
        case '66': return send(res, 200, { status: 'PROCESSING', reference });
        case '77': setTimeout(() => send(res, 200, { status: 'SUCCESS', reference }), 4_000); return;
        default: return send(res, 200, { status: 'SUCCESS', reference });
      }
    }
    const status = /^\/withdrawals\/([^/]+)$/.exec(url);
    if (req.method === 'GET' && status) {
      const id = decodeURIComponent(status[1]!);
      const sent = seen.find((x) => x.method === 'POST' && x.url === '/withdrawals' && (x.body as { reference?: string })?.reference === id);
      if (!sent) return send(res, 404, { message: 'No such withdrawal' });
      return send(res, 200, { status: 'SUCCESS', reference: `STUB-${id.slice(0, 8)}` });
    }
    const resend = /^\/withdrawals\/([^/]+)\/resend$/.exec(url);
    if (req.method === 'POST' && resend) return send(res, 200, { status: 'SUCCESS', reference: decodeURIComponent(resend[1]!), resent: true });
    const dep = /^\/deposits\/([^/]+)$/.exec(url);
    if (req.method === 'GET' && dep) {
      const id = decodeURIComponent(dep[1]!);
      if (id === 'ORD-PAID') return send(res, 200, { orderId: id, status: 'PAID', amount: '10.00', currency: 'USD' });
      if (id === 'ORD-MISMATCH') return send(res, 200, { orderId: id, status: 'PAID', amount: '9.99', currency: 'USD' });
      if (id === 'ORD-PENDING') return send(res, 200, { orderId: id, status: 'PENDING' });
      if (id === 'ORD-500') return send(res, 503, { message: 'Maintenance' });
      if (id === 'ORD-SLOW') { setTimeout(() => send(res, 200, { status: 'PAID' }), 4_000); return; }
      return send(res, 404, { message: 'Order not found' });
    }
    return send(res, 404, { message: 'No route' });
  });
  ({ base, seen } = stub);
});
afterAll(async () => { await stub.close(); });

// Timeouts well above a loaded machine's latency and well below the slow stub's delay: the test checks mapping, never speed.
const client = (timeoutMs = 1_000, apiKey = KEY) => new HttpPaymentClient('cpg', { baseUrl: `${base}/`, apiKey, timeoutMs });
const txId = () => crypto.randomUUID();

describe('simulator', () => {
  it('decides by the cents of the decimal amount (the documented table)', () => {
    expect(['1.13', '2.42', '3.43', '4.99', '5.00', '6.1', '7', '8.13000000'].map(simulatedDecision))
      .toEqual(['FAILED', 'NEEDS_FORCE', 'NEEDS_FORCE_NO', 'TIMEOUT', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'FAILED']);
  });

  it('is idempotent per txId, force completes a forcible NEEDS_FORCE only, resend completes a TIMEOUT', async () => {
    const s = new PaymentSimulator('jb', { latencyMs: 0 });
    const a = txId();
    const first = await s.withdraw({ txId: a, amount: '10.00', currency: 'USD' });
    expect(first).toMatchObject({ outcome: 'SUCCESS', status: 1 });
    const again = await s.withdraw({ txId: a, amount: '10.13', currency: 'USD' });
    expect(again).toMatchObject({ outcome: 'SUCCESS', reference: first.reference, raw: { replayed: true } });
    const f = txId();
    expect(await s.withdraw({ txId: f, amount: '1.42', currency: 'USD' })).toMatchObject({ outcome: 'NEEDS_FORCE', status: 0, canForce: true, description: SIM_DESCRIPTIONS.NEEDS_FORCE });
    expect(await s.withdraw({ txId: f, amount: '1.42', currency: 'USD' })).toMatchObject({ outcome: 'NEEDS_FORCE' });
    expect(await s.withdraw({ txId: f, amount: '1.42', currency: 'USD', withForce: true })).toMatchObject({ outcome: 'SUCCESS', status: 1 });
    const n = txId();
    await s.withdraw({ txId: n, amount: '1.43', currency: 'USD' });
    expect(await s.withdraw({ txId: n, amount: '1.43', currency: 'USD', withForce: true })).toMatchObject({ outcome: 'NEEDS_FORCE', canForce: false });
    const to = txId();
    expect(await s.withdraw({ txId: to, amount: '1.99', currency: 'USD' })).toMatchObject({ outcome: 'TIMEOUT' });
    expect(await s.withdraw({ txId: to, amount: '1.99', currency: 'USD' })).toMatchObject({ outcome: 'TIMEOUT' });
    expect(await s.resend({ txId: to, amount: '1.99', currency: 'USD' })).toMatchObject({ outcome: 'SUCCESS', raw: { status: 'PAID' } });
    expect(await s.verifyDeposit({ txId: txId(), amount: '5.13', currency: 'USD' })).toMatchObject({ outcome: 'FAILED', description: SIM_DESCRIPTIONS.DEPOSIT_FAILED });
    expect(await s.verifyDeposit({ txId: txId(), amount: '5.99', currency: 'USD' })).toMatchObject({ outcome: 'TIMEOUT' });
    expect(await s.verifyDeposit({ txId: txId(), orderId: 'O-1', amount: '5.00', currency: 'USD' })).toMatchObject({ outcome: 'SUCCESS', reference: 'O-1' });
  });

  it('providerFor: the simulator by default (one per provider), the HTTP client when PAYMENTS_<PROVIDER>_URL is set', () => {
    expect(providerEnvName('perfect-money')).toBe('PERFECT_MONEY');
    const sim = providerFor('jb', {});
    expect(sim.kind).toBe('simulator');
    expect(providerFor('jb', {})).toBe(sim);
    const real = providerFor('perfect-money', { PAYMENTS_PERFECT_MONEY_URL: base, PAYMENTS_PERFECT_MONEY_KEY: KEY });
    expect(real.kind).toBe('http');
    expect(real.provider).toBe('perfect-money');
  });
});

describe('HTTP client against a local stub of the documented API', () => {
  it('withdraw: SUCCESS with the bearer key and the txId as Idempotency-Key', async () => {
    const id = txId();
    const res = await client().withdraw({ txId: id, amount: '10.00', currency: 'USD', destination: { iban: 'X' } });
    expect(res).toMatchObject({ outcome: 'SUCCESS', status: 1, reference: `STUB-${id.slice(0, 8)}` });
    const req = seen.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', url: '/withdrawals', body: { reference: id, amount: '10.00', currency: 'USD', destination: { iban: 'X' } } });
    expect(req.headers['idempotency-key']).toBe(id);
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('maps FAILED, 4xx, NEEDS_FORCE/force, PROCESSING, 500, 401, a slow answer and a refused connection', async () => {
    expect(await client().withdraw({ txId: txId(), amount: '1.13', currency: 'USD' })).toMatchObject({ outcome: 'FAILED', status: 0, description: 'Account closed' });
    expect(await client().withdraw({ txId: txId(), amount: '1.22', currency: 'USD' })).toMatchObject({ outcome: 'FAILED', description: 'Invalid IBAN', raw: { httpStatus: 422 } });
    const f = txId();
    expect(await client().withdraw({ txId: f, amount: '1.42', currency: 'USD' })).toMatchObject({ outcome: 'NEEDS_FORCE', status: 0, canForce: true, description: 'Name mismatch' });
    expect(await client().withdraw({ txId: f, amount: '1.42', currency: 'USD', withForce: true })).toMatchObject({ outcome: 'SUCCESS' });
    expect(seen.at(-1)!.headers['idempotency-key']).toBe(`${f}:force`);
    expect(await client().withdraw({ txId: txId(), amount: '1.66', currency: 'USD' })).toMatchObject({ outcome: 'TIMEOUT' });
    expect(await client().withdraw({ txId: txId(), amount: '1.50', currency: 'USD' })).toMatchObject({ outcome: 'TIMEOUT', description: 'HTTP 500 Internal Server Error', raw: { httpStatus: 500 } });
    expect(await client(1_000, 'wrong').withdraw({ txId: txId(), amount: '1.00', currency: 'USD' })).toMatchObject({ outcome: 'FAILED', description: 'Invalid API key', raw: { httpStatus: 401 } });
    const t0 = Date.now();
    expect(await client(150).withdraw({ txId: txId(), amount: '1.77', currency: 'USD' })).toMatchObject({ outcome: 'TIMEOUT', description: 'No answer within 150 ms.' });
    expect(Date.now() - t0).toBeLessThan(900);
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const refused = await new HttpPaymentClient('cpg', { baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY, timeoutMs: 500 }).withdraw({ txId: txId(), amount: '1.00', currency: 'USD' });
    expect(refused).toMatchObject({ outcome: 'FAILED', raw: { error: 'unreachable' } });
  });

  it('withdrawalStatus: GET /withdrawals/{txId}; a withdrawal the provider never received is NOT_FOUND', async () => {
    const id = txId();
    await client().withdraw({ txId: id, amount: '10.00', currency: 'USD' });
    expect(await client().withdrawalStatus({ txId: id })).toMatchObject({ outcome: 'SUCCESS', reference: `STUB-${id.slice(0, 8)}` });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: `/withdrawals/${id}` });
    expect(await client().withdrawalStatus({ txId: txId() })).toMatchObject({ outcome: 'NOT_FOUND', description: 'No such withdrawal' });
    const sim = new PaymentSimulator('jb', { latencyMs: 0 });
    expect(await sim.withdrawalStatus({ txId: id })).toMatchObject({ outcome: 'NOT_FOUND' });
    await sim.withdraw({ txId: id, amount: '10.99', currency: 'USD' });
    expect(await sim.withdrawalStatus({ txId: id })).toMatchObject({ outcome: 'TIMEOUT', raw: { status: 'PROCESSING' } });
  });

  it('resend posts to /withdrawals/{reference}/resend; deposits are read with GET /deposits/{orderId}', async () => {
    const id = txId();
    expect(await client().resend({ txId: id, reference: 'REF 1', amount: '1.00', currency: 'USD' })).toMatchObject({ outcome: 'SUCCESS', raw: { resent: true, reference: 'REF 1' } });
    expect(seen.at(-1)!.url).toBe('/withdrawals/REF%201/resend');
    const v = (orderId: string, amount = '10.00') => client().verifyDeposit({ txId: id, orderId, amount, currency: 'USD' });
    expect(await v('ORD-PAID')).toMatchObject({ outcome: 'SUCCESS', reference: 'ORD-PAID' });
    expect(await v('ORD-PAID', '10.01')).toMatchObject({ outcome: 'FAILED' });
    expect(await v('ORD-MISMATCH')).toMatchObject({ outcome: 'FAILED', description: 'The provider reports a paid amount of 9.99, not 10.00.' });
    expect(await v('ORD-PENDING')).toMatchObject({ outcome: 'FAILED' });
    expect(await v('ORD-UNKNOWN')).toMatchObject({ outcome: 'FAILED', description: 'Order not found' });
    expect(await v('ORD-500')).toMatchObject({ outcome: 'TIMEOUT', description: 'Maintenance' });
    expect(await v('ORD-SLOW')).toMatchObject({ outcome: 'TIMEOUT' });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/deposits/ORD-SLOW' });
  });
});

describe('approval routes switched to the real client by configuration', () => {
  let t: TestApp;
  const saved: Record<string, string | undefined> = {};
  const ENV = { PAYMENTS_CPG_URL: '', PAYMENTS_CPG_KEY: KEY, PAYMENTS_TIMEOUT_MS: '1000' };
  beforeAll(async () => {
    t = await makeTestApp();
    for (const [k, v] of Object.entries({ ...ENV, PAYMENTS_CPG_URL: base })) { saved[k] = process.env[k]; process.env[k] = v; }
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
    await t.close();
  });

  async function makeWithdrawal(amount: string) {
    const db = t.database.db;
    const [w] = await db.select().from(wallets).where(and(inArray(wallets.opId, ['op-alpha', 'alpha-bet']), eq(wallets.kind, 'MAIN'), sql`${wallets.balance} >= ${amount}`)).orderBy(asc(wallets.id)).limit(1);
    const id = crypto.randomUUID();
    await db.transaction(async (tx) => {
      const e = await postEntry(tx as never, { playerId: w!.playerId, opId: w!.opId, kind: 'MAIN', currency: w!.currency, amount: `-${amount}`, reason: 'WITHDRAW_HOLD', refType: 'transaction', refId: id });
      const usd = toUsd(amount, e.rate);
      await tx.insert(transactions).values({
        txId: id, opId: w!.opId, playerId: w!.playerId, transactionType: 'WITHDRAW', status: 'PENDING', fromAmount: amount, fromCurrency: w!.currency,
        fromAmountInUsd: usd, toAmount: amount, toCurrency: w!.currency, toAmountInUsd: usd, rateToUsd: e.rate, provider: 'cpg', gateway: 'cpg',
      });
    });
    return id;
  }
  const status = async (id: string) => (await t.database.db.select().from(transactions).where(eq(transactions.txId, id)))[0]!.status;
  const calls = (id: string) => t.database.db.select().from(providerCalls).where(eq(providerCalls.txId, id));

  it('SUCCESS from the provider confirms; the call is logged with the HTTP client', async () => {
    const id = await makeWithdrawal('15.00');
    const res = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: 'admin@demo.local', headers: newKey(), body: { txId: id, actionType: 'confirm' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([PAYMENT_MESSAGES.WITHDRAW_CONFIRMED]);
    expect(await status(id)).toBe('CONFIRMED');
    const [c] = await calls(id);
    expect(c).toMatchObject({ provider: 'cpg', action: 'withdraw', outcome: 'SUCCESS', response: { client: 'http', reference: `STUB-${id.slice(0, 8)}` } });
    expect(seen.at(-1)!.headers['idempotency-key']).toBe(id);
  });

  it('a provider 500 and a slow provider leave the withdrawal IN_PROGRESS (money possibly at the provider)', async () => {
    for (const amount of ['15.50', '15.77']) {
      const id = await makeWithdrawal(amount);
      const res = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: 'admin@demo.local', headers: newKey(), body: { txId: id, actionType: 'confirm' } });
      expect(res.statusCode).toBe(202);
      expect(res.json().messages).toEqual([PAYMENT_FLOW_MESSAGES.PROVIDER_TIMEOUT_WITHDRAW]);
      expect(await status(id)).toBe('IN_PROGRESS');
      expect((await calls(id)).map((c) => c.outcome)).toEqual(['TIMEOUT']);
    }
  });

  it('a 4xx refusal keeps it PENDING with the provider message', async () => {
    const id = await makeWithdrawal('15.22');
    const res = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: 'admin@demo.local', headers: newKey(), body: { txId: id, actionType: 'confirm' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual(['Invalid IBAN']);
    expect(await status(id)).toBe('PENDING');
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });
});
