import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MSG, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, addDec, cmpDec } from '@pitboss/contract';
import { ledgerEntries, players, providerCalls, transactions, wallets } from '../src/db/schema.js';
import { reconcile } from '../src/modules/wallet/ledger.js';
import { SIM_DESCRIPTIONS } from '../src/integrations/payments/index.js';
import { makeTestApp, type Login, type TestApp } from './helpers.js';
import { newKey } from './support.js';

type Tx = typeof transactions.$inferSelect;
const ADMIN: Login = 'admin@demo.local';
const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino'];
const BRAVO = ['op-bravo', 'bravo-spin', 'bravo-sports'];
const N = 50;
const REASON = 'The payment never reached the gateway account.';

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.close(); });

const usedPlayers = new Set<string>();
/** A player of `opIds` (with or without a confirmed deposit) that no other test of this file uses. */
async function pickPlayer(opIds: string[], hasConfirmedDeposit: boolean) {
  const rows = await t.database.db.select({ id: players.id, opId: players.opId }).from(players).where(and(
    inArray(players.opId, opIds),
    sql`${hasConfirmedDeposit ? sql`` : sql`not`} exists (select 1 from transactions x where x.player_id = ${players.id} and x.transaction_type = 'DEPOSIT' and x.status = 'CONFIRMED')`,
  )).orderBy(asc(players.playerCode)).limit(200);
  const p = rows.find((r) => !usedPlayers.has(r.id));
  if (!p) throw new Error('no player left');
  usedPlayers.add(p.id);
  return p;
}

/** A fresh PENDING deposit order (no ledger entry yet, as in the demo world). The cents pick the simulator outcome. */
async function makeDeposit(opts: { amount?: string; opIds?: string[]; hasConfirmedDeposit?: boolean; provider?: string } = {}): Promise<Tx> {
  const p = await pickPlayer(opts.opIds ?? ALPHA, opts.hasConfirmedDeposit ?? true);
  const amount = opts.amount ?? '40.00';
  const txId = crypto.randomUUID();
  await t.database.db.insert(transactions).values({
    txId, opId: p.opId, playerId: p.id, transactionType: 'DEPOSIT', status: 'PENDING', fromAmount: amount, fromCurrency: 'USD', fromAmountInUsd: amount,
    toAmount: amount, toCurrency: 'USD', toAmountInUsd: amount, rateToUsd: '1', provider: opts.provider ?? 'cpg', gateway: opts.provider ?? 'cpg',
    externalRef: `ORD-${txId.slice(0, 8)}`,
  });
  return getTx(txId);
}
async function getTx(txId: string): Promise<Tx> {
  return (await t.database.db.select().from(transactions).where(eq(transactions.txId, txId)))[0]!;
}
async function usd(tx: Tx): Promise<string> {
  const [w] = await t.database.db.select().from(wallets).where(and(eq(wallets.playerId, tx.playerId), eq(wallets.kind, 'MAIN'), eq(wallets.currency, 'USD')));
  return w?.balance ?? '0';
}
const depositEntries = (txId: string) => t.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, txId), eq(ledgerEntries.reason, 'DEPOSIT')));
const callsOf = (txId: string) => t.database.db.select().from(providerCalls).where(eq(providerCalls.txId, txId)).orderBy(asc(providerCalls.id));

/** N identical requests at once, each its own logical request (its own Idempotency-Key): they race on the transaction. */
async function race(url: string, body: unknown, expected: { status: string; by: string }) {
  const results = await Promise.all(Array.from({ length: N }, () => t.call('POST', url, { as: ADMIN, headers: newKey(), body })));
  expect(results.filter((r) => r.statusCode === 200).length, JSON.stringify(results.find((r) => r.statusCode !== 409)?.json())).toBe(1);
  expect(results.filter((r) => r.statusCode === 409).length).toBe(N - 1);
  for (const r of results.filter((x) => x.statusCode === 409)) {
    expect(r.json()).toMatchObject({ success: false, status: 'ALREADY_HANDLED', messages: [PAYMENT_MESSAGES.ALREADY_HANDLED(expected.status, expected.by)] });
  }
  return results.find((r) => r.statusCode === 200)!;
}

describe('POST /api/transactionsV2/deposit/verify', () => {
  it('50 concurrent → one 200, 49 × 409; CONFIRMED, credited exactly once, balances stored, audited', async () => {
    const d = await makeDeposit({ amount: '40.25' });
    const before = await usd(d);
    const win = await race('/api/transactionsV2/deposit/verify', { txId: d.txId }, { status: 'CONFIRMED', by: ADMIN });
    const expectedAfter = addDec(before, '40.25');
    expect(win.json()).toMatchObject({ success: true, messages: [PAYMENT_FLOW_MESSAGES.DEPOSIT_VERIFIED], data: { txId: d.txId, status: 'CONFIRMED', confirmedBy: ADMIN, isFTD: false } });
    expect(cmpDec(win.json().data.balanceBefore, before)).toBe(0);
    expect(cmpDec(win.json().data.balanceAfter, expectedAfter)).toBe(0);
    expect(cmpDec(await usd(d), expectedAfter)).toBe(0);
    const entries = await depositEntries(d.txId);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.amount).toBe('40.25000000');
    expect((await callsOf(d.txId)).map((c) => [c.action, c.outcome])).toEqual([['deposit-verify', 'SUCCESS']]);
    expect(await t.lastActivity()).toMatchObject({ action: 'DEPOSIT_VERIFY', actorEmail: ADMIN, targetId: d.txId, opId: d.opId });
  });

  it('first deposit of a player is FTD; the next one is not', async () => {
    const first = await makeDeposit({ hasConfirmedDeposit: false });
    const r1 = await t.call('POST', '/api/transactionsV2/deposit/verify', { as: ADMIN, headers: newKey(), body: { txId: first.txId } });
    expect(r1.json().data.isFTD).toBe(true);
    const txId = crypto.randomUUID();
    await t.database.db.insert(transactions).values({ ...first, txId, status: 'PENDING', isFtd: false, confirmedAt: null, confirmedBy: null, balanceBefore: null, balanceAfter: null, createdAt: new Date(), updatedAt: new Date() });
    const r2 = await t.call('POST', '/api/transactionsV2/deposit/verify', { as: ADMIN, headers: newKey(), body: { txId } });
    expect(r2.statusCode).toBe(200);
    expect(r2.json().data.isFTD).toBe(false);
  });

  it('50 concurrent with one Idempotency-Key → all 200 with the same answer, credited once', async () => {
    const d = await makeDeposit({ amount: '12.00' });
    const before = await usd(d);
    const results = await Promise.all(Array.from({ length: N }, () =>
      t.call('POST', '/api/transactionsV2/deposit/verify', { as: ADMIN, body: { txId: d.txId }, headers: { 'idempotency-key': `verify-${d.txId}` } })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    for (const r of results) expect(r.json()).toEqual(results[0]!.json());
    expect(cmpDec(await usd(d), addDec(before, '12.00'))).toBe(0);
    expect(await depositEntries(d.txId)).toHaveLength(1);
  });

  it('provider FAILED (.13): 400 with the provider message, stays PENDING, nothing credited, call logged', async () => {
    const d = await makeDeposit({ amount: '40.13' });
    const before = await usd(d);
    const res = await t.call('POST', '/api/transactionsV2/deposit/verify', { as: ADMIN, headers: newKey(), body: { txId: d.txId } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, status: 'VERIFY_FAILED', messages: [SIM_DESCRIPTIONS.DEPOSIT_FAILED] });
    expect((await getTx(d.txId)).status).toBe('PENDING');
    expect(await usd(d)).toBe(before);
    expect(await depositEntries(d.txId)).toHaveLength(0);
    expect((await callsOf(d.txId)).map((c) => c.outcome)).toEqual(['FAILED']);
    expect(await t.lastActivity()).toMatchObject({ action: 'DEPOSIT_VERIFY_FAILED', targetId: d.txId });
  });

  it('provider TIMEOUT (.99): 400 PROVIDER_TIMEOUT, stays PENDING', async () => {
    const d = await makeDeposit({ amount: '40.99' });
    const res = await t.call('POST', '/api/transactionsV2/deposit/verify', { as: ADMIN, headers: newKey(), body: { txId: d.txId } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'PROVIDER_TIMEOUT', messages: [PAYMENT_FLOW_MESSAGES.PROVIDER_TIMEOUT_DEPOSIT] });
    expect((await getTx(d.txId)).status).toBe('PENDING');
  });

  it('roles and scope: devops 403, partner 403, operator.admin 404 on op-bravo, bad txId 400, a withdrawal 400', async () => {
    const d = await makeDeposit();
    for (const as of ['devops@demo.local', 'partner@demo.local'] as const) {
      const res = await t.call('POST', '/api/transactionsV2/deposit/verify', { as, headers: newKey(), body: { txId: d.txId } });
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
    const bravo = await makeDeposit({ opIds: BRAVO });
    const foreign = await t.call('POST', '/api/transactionsV2/deposit/verify', { as: 'operator.admin@demo.local', headers: newKey(), body: { txId: bravo.txId } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().messages).toEqual([PAYMENT_MESSAGES.TX_NOT_FOUND]);
    expect((await getTx(bravo.txId)).status).toBe('PENDING');
    const bad = await t.call('POST', '/api/transactionsV2/deposit/verify', { as: ADMIN, headers: newKey(), body: { txId: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([PAYMENT_MESSAGES.TX_NOT_FOUND]);
    const [w] = await t.database.db.select().from(transactions).where(and(eq(transactions.transactionType, 'WITHDRAW'), inArray(transactions.opId, ALPHA))).limit(1);
    const notDeposit = await t.call('POST', '/api/transactionsV2/deposit/verify', { as: ADMIN, headers: newKey(), body: { txId: w!.txId } });
    expect(notDeposit.statusCode).toBe(400);
    expect(notDeposit.json().messages).toEqual([PAYMENT_FLOW_MESSAGES.NOT_A_DEPOSIT]);
    const mine = await t.call('POST', '/api/transactionsV2/deposit/verify', { as: 'operator.manager@demo.local', headers: newKey(), body: { txId: d.txId } });
    expect(mine.statusCode).toBe(200);
  });
});

describe('POST /api/transactionsV2/deposit/reject-deposit-order', () => {
  it('50 concurrent → one 200, 49 × 409; REJECTED with the reason, no money moves', async () => {
    const d = await makeDeposit();
    const before = await usd(d);
    const win = await race('/api/transactionsV2/deposit/reject-deposit-order', { txId: d.txId, rejectReason: REASON }, { status: 'REJECTED', by: ADMIN });
    expect(win.json()).toMatchObject({ success: true, messages: [PAYMENT_FLOW_MESSAGES.DEPOSIT_ORDER_REJECTED], data: { status: 'REJECTED', rejectReason: REASON, rejectedBy: ADMIN } });
    expect(await getTx(d.txId)).toMatchObject({ status: 'REJECTED', rejectReason: REASON });
    expect(await usd(d)).toBe(before);
    expect(await t.lastActivity()).toMatchObject({ action: 'DEPOSIT_ORDER_REJECT', targetId: d.txId });
    const verify = await t.call('POST', '/api/transactionsV2/deposit/verify', { as: ADMIN, headers: newKey(), body: { txId: d.txId } });
    expect(verify.statusCode).toBe(409);
    expect(await depositEntries(d.txId)).toHaveLength(0);
  });

  it('50 concurrent with one Idempotency-Key → all 200, same answer, one audit', async () => {
    const d = await makeDeposit();
    const results = await Promise.all(Array.from({ length: N }, () =>
      t.call('POST', '/api/transactionsV2/deposit/reject-deposit-order', { as: ADMIN, body: { txId: d.txId, rejectReason: REASON }, headers: { 'idempotency-key': `reject-${d.txId}` } })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    for (const r of results) expect(r.json()).toEqual(results[0]!.json());
    const audits = await t.database.db.execute(sql`select count(*)::int as n from activities where target_id = ${d.txId}`);
    expect((audits as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('a reason of 19 characters → 400 with the exact message; nothing changes', async () => {
    const d = await makeDeposit();
    const res = await t.call('POST', '/api/transactionsV2/deposit/reject-deposit-order', { as: ADMIN, headers: newKey(), body: { txId: d.txId, rejectReason: 'x'.repeat(19) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual([PAYMENT_MESSAGES.REJECT_REASON_MIN]);
    expect((await getTx(d.txId)).status).toBe('PENDING');
    const twenty = await t.call('POST', '/api/transactionsV2/deposit/reject-deposit-order', { as: ADMIN, headers: newKey(), body: { txId: d.txId, rejectReason: 'x'.repeat(20) } });
    expect(twenty.statusCode).toBe(200);
  });

  it('devops 403; operator.admin 404 on op-bravo', async () => {
    const bravo = await makeDeposit({ opIds: BRAVO });
    expect((await t.call('POST', '/api/transactionsV2/deposit/reject-deposit-order', { as: 'devops@demo.local', headers: newKey(), body: { txId: bravo.txId, rejectReason: REASON } })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/transactionsV2/deposit/reject-deposit-order', { as: 'operator.admin@demo.local', headers: newKey(), body: { txId: bravo.txId, rejectReason: REASON } })).statusCode).toBe(404);
    expect((await getTx(bravo.txId)).status).toBe('PENDING');
  });
});

describe('POST /api/deposit/orders/status', () => {
  it('shows the transaction, the provider view and canConfirm only while PENDING', async () => {
    const d = await makeDeposit();
    const res = await t.call('POST', '/api/deposit/orders/status', { as: 'operator.admin@demo.local', body: { txId: d.txId } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ canConfirm: true, transaction: { txId: d.txId, status: 'PENDING' }, order: { provider: 'cpg', orderId: d.externalRef, paid: true, gatewayResponse: { status: 'PAID' } } });
    await t.call('POST', '/api/transactionsV2/deposit/verify', { as: ADMIN, headers: newKey(), body: { txId: d.txId } });
    const after = await t.call('POST', '/api/deposit/orders/status', { as: ADMIN, body: { txId: d.txId } });
    expect(after.json().data).toMatchObject({ canConfirm: false, transaction: { status: 'CONFIRMED' } });
    const bravo = await makeDeposit({ opIds: BRAVO });
    expect((await t.call('POST', '/api/deposit/orders/status', { as: 'operator.admin@demo.local', body: { txId: bravo.txId } })).statusCode).toBe(404);
  });
});

describe('ledger', () => {
  it('reconciles after all of the above', async () => {
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });
});
