/**
 * Provider calls run with no database transaction open (claim → call → settle): unrelated calls
 * are not held up by calls in flight, racing approvals still apply once, and claims whose answer
 * never came (a crash between claim and settle, a provider timeout) are settled by the job queue.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, addDec, cmpDec } from '@pitboss/contract';
import { activities, idempotencyKeys, ledgerEntries, players, providerCalls, transactions, wallets } from '../src/db/schema.js';
import { postEntry, reconcile, toUsd } from '../src/modules/wallet/ledger.js';
import { claimMovement, requestOf, type ClaimContext } from '../src/modules/payments/claims.js';
import { providerFor, simulatorControl, type SimulatorLatch, type WithdrawRequest } from '../src/integrations/payments/index.js';
import { makeApp, newKey, until } from './support.js';
import type { Login, TestApp } from './helpers.js';

type Tx = typeof transactions.$inferSelect;
const ADMIN: Login = 'admin@demo.local';
const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino'];

let t: TestApp;
let latch: SimulatorLatch | null = null;
beforeAll(async () => { t = await makeApp({ jobs: true, env: { PAYMENTS_CLAIM_STALE_SECONDS: '60', PAYMENTS_CHECK_SECONDS: '30' } }); });
afterEach(() => { latch?.release(); latch = null; simulatorControl.processingMs = undefined; });
afterAll(async () => { await t.close(); });

const db = () => t.database.db;
const getTx = async (txId: string): Promise<Tx> => (await db().select().from(transactions).where(eq(transactions.txId, txId)))[0]!;
const callsOf = (txId: string) => db().select().from(providerCalls).where(eq(providerCalls.txId, txId)).orderBy(asc(providerCalls.id));
const actionsOf = async (txId: string) => (await db().select({ action: activities.action }).from(activities).where(eq(activities.targetId, txId)).orderBy(asc(activities.id))).map((a) => a.action);
const lastActivityOf = async (txId: string) => (await db().select().from(activities).where(eq(activities.targetId, txId)).orderBy(sql`${activities.id} desc`).limit(1))[0]!;


/** A fresh PENDING withdrawal holding `amount` (WITHDRAW_HOLD), through `provider`. */
async function makeWithdrawal(amount = '25.00', provider = 'cpg'): Promise<Tx> {
  const [w] = await db().select().from(wallets).where(and(inArray(wallets.opId, ALPHA), eq(wallets.kind, 'MAIN'), sql`${wallets.balance} >= ${amount}`))
    .orderBy(sql`random()`).limit(1);
  const txId = crypto.randomUUID();
  await db().transaction(async (tx) => {
    const e = await postEntry(tx as never, { playerId: w!.playerId, opId: w!.opId, kind: 'MAIN', currency: w!.currency, amount: `-${amount}`, reason: 'WITHDRAW_HOLD', refType: 'transaction', refId: txId });
    const usd = toUsd(amount, e.rate);
    await tx.insert(transactions).values({
      txId, opId: w!.opId, playerId: w!.playerId, transactionType: 'WITHDRAW', status: 'PENDING', fromAmount: amount, fromCurrency: w!.currency,
      fromAmountInUsd: usd, toAmount: amount, toCurrency: w!.currency, toAmountInUsd: usd, rateToUsd: e.rate, balanceBefore: e.balanceBefore,
      balanceAfter: e.balanceAfter, provider, gateway: provider, destination: { type: 'IBAN', iban: 'TR000000000000000000000002' },
    });
  });
  return getTx(txId);
}

async function makeDeposit(amount = '30.00'): Promise<Tx> {
  const [p] = await db().select({ id: players.id, opId: players.opId }).from(players).where(and(inArray(players.opId, ALPHA), eq(players.isDeleted, false))).orderBy(sql`random()`).limit(1);
  const txId = crypto.randomUUID();
  await db().insert(transactions).values({
    txId, opId: p!.opId, playerId: p!.id, transactionType: 'DEPOSIT', status: 'PENDING', fromAmount: amount, fromCurrency: 'USD', fromAmountInUsd: amount,
    toAmount: amount, toCurrency: 'USD', toAmountInUsd: amount, rateToUsd: '1', provider: 'cpg', gateway: 'cpg', externalRef: `ORD-${txId.slice(0, 8)}`,
  });
  return getTx(txId);
}

const mainBalance = async (tx: Tx) => (await db().select().from(wallets).where(and(eq(wallets.playerId, tx.playerId), eq(wallets.kind, 'MAIN'), eq(wallets.currency, tx.toCurrency))))[0]?.balance ?? '0';
const adminActor = async () => {
  const me = await t.call('GET', '/api/users/me', { as: ADMIN });
  return { id: me.json().data.user.id as string, email: ADMIN, role: 'ADMIN', ip: '127.0.0.1' };
};

/** Leave a claim as a process killed between claim and settle would: IN_FLIGHT, claimed long ago. */
async function crashedClaim(txId: string, ctx: Omit<ClaimContext, 'from' | 'actor'>): Promise<string> {
  const row = await claimMovement(db(), txId, ['PENDING'], { ...ctx, actor: await adminActor() });
  expect(row).not.toBeNull();
  await db().update(transactions).set({ claimedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(transactions.txId, txId));
  return row!.claimId;
}

describe('no transaction open during a provider call', () => {
  it('an unrelated GET /api/users/me answers while 20 provider confirmations are held at the provider', async () => {
    const ws = await Promise.all(Array.from({ length: 20 }, () => makeWithdrawal('12.00')));
    latch = simulatorControl.hold();
    const finished: string[] = [];
    const confirms = ws.map((w) => t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'confirm' } })
      .then((r) => { finished.push(w.txId); return r; }));
    // All 20 are at the provider at once: each claimed and committed before calling.
    await until('20 calls at the provider', async () => latch!.waiting(), (n) => n === 20);
    const inFlight = await db().select({ n: sql<number>`count(*)::int` }).from(transactions).where(and(inArray(transactions.txId, ws.map((w) => w.txId)), eq(transactions.status, 'IN_FLIGHT')));
    expect(Number(inFlight[0]!.n)).toBe(20);
    const me = await t.call('GET', '/api/users/me', { as: ADMIN });
    expect(me.statusCode).toBe(200);
    expect(finished).toEqual([]); // the unrelated call completed before any provider call was released
    latch.release();
    const results = await Promise.all(confirms);
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    for (const w of ws) expect(await getTx(w.txId)).toMatchObject({ status: 'CONFIRMED', confirmedBy: ADMIN, claimId: null, claim: null, claimedBy: ADMIN });
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('while one approval is in flight: the others wait and get "already confirmed by", one provider call; delete and in-progress are refused', async () => {
    const w = await makeWithdrawal('40.00');
    latch = simulatorControl.hold();
    const first = t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'confirm', playerNote: 'Sent' } });
    await until('the call at the provider', async () => latch!.waiting(), (n) => n === 1);
    expect(await getTx(w.txId)).toMatchObject({ status: 'IN_FLIGHT', claimedBy: ADMIN, claim: { kind: 'withdraw', from: 'PENDING', provider: 'cpg' } });
    const racers = Array.from({ length: 10 }, () => t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'confirm' } }));
    // Nobody else can act on it meanwhile.
    const del = await t.call('DELETE', '/api/transactionsV2', { as: 'superadmin@demo.local', body: { txId: w.txId } });
    expect(del.statusCode).toBe(409);
    expect(del.json().messages).toEqual([PAYMENT_MESSAGES.TX_NOT_DELETABLE]);
    const reject = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'reject', playerNote: 'Refunded: test.', countsTowardDailyLimit: true } });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().messages).toEqual([PAYMENT_MESSAGES.ALREADY_HANDLED('IN_FLIGHT', ADMIN)]);
    expect(reject.json().messages).toEqual([`This transaction is already being sent to the payment provider by ${ADMIN}.`]);
    latch.release();
    const win = await first;
    expect(win.statusCode).toBe(200);
    const losers = await Promise.all(racers);
    for (const r of losers) {
      expect(r.statusCode).toBe(409);
      expect(r.json().messages).toEqual([PAYMENT_MESSAGES.ALREADY_HANDLED('CONFIRMED', ADMIN)]);
    }
    expect((await callsOf(w.txId)).map((c) => c.action)).toEqual(['withdraw']);
    expect(await actionsOf(w.txId)).toEqual(['WITHDRAW_CONFIRM_SENT', 'WITHDRAW_CONFIRM']);
    expect(await refundsOf(w.txId)).toHaveLength(0);
  });

  it('the same Idempotency-Key while the first is in flight waits for its answer and replays it', async () => {
    const w = await makeWithdrawal('41.00');
    latch = simulatorControl.hold();
    const key = `inflight-${w.txId}`;
    const first = t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, body: { txId: w.txId, actionType: 'confirm' }, headers: { 'idempotency-key': key } });
    await until('the call at the provider', async () => latch!.waiting(), (n) => n === 1);
    const [reserved] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(reserved).toMatchObject({ statusCode: null, response: null });
    const second = t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, body: { txId: w.txId, actionType: 'confirm' }, headers: { 'idempotency-key': key } });
    latch.release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    expect(await callsOf(w.txId)).toHaveLength(1);
  });
});

const refundsOf = (txId: string) => db().select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, txId), eq(ledgerEntries.reason, 'WITHDRAW_REFUND')));

describe('claims whose answer never came are settled by the job queue', () => {
  it('the provider paid before the crash → the job asks it and confirms, in the name of who sent it, once', async () => {
    const w = await makeWithdrawal('33.00');
    const before = await mainBalance(w);
    const claimId = await crashedClaim(w.txId, { kind: 'withdraw', provider: 'cpg', action: 'WITHDRAW_CONFIRM', answer: 'withdraw-error', playerNote: 'Paid', idem: null });
    // The request reached the provider; its answer was lost with the process.
    await providerFor('cpg').withdraw(requestOf(await getTx(w.txId), { kind: 'withdraw' }) as WithdrawRequest);
    await t.jobs!.send('payments.sweep', {});
    const after = await until('the claim settled', () => getTx(w.txId), (x) => x.status !== 'IN_FLIGHT');
    expect(after).toMatchObject({ status: 'CONFIRMED', confirmedBy: ADMIN, playerNote: 'Paid', claimId: null });
    expect(after.externalRef).toMatch(/^SIM-CPG-/);
    expect(claimId).toBeTruthy();
    expect((await callsOf(w.txId)).map((c) => [c.action, c.outcome])).toEqual([['withdraw-status', 'SUCCESS']]);
    expect(await lastActivityOf(w.txId)).toMatchObject({ action: 'WITHDRAW_CONFIRM', actorEmail: ADMIN, after: { status: 'CONFIRMED', settledBy: 'job' } });
    expect(await mainBalance(w)).toBe(before);
    // Another sweep finds nothing to do.
    await t.jobs!.send('payments.sweep', {});
    await new Promise((r) => setTimeout(r, 1500));
    expect(await callsOf(w.txId)).toHaveLength(1);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('the request never reached the provider → back to PENDING; a reject then refunds once', async () => {
    const w = await makeWithdrawal('34.00');
    const before = await mainBalance(w);
    await crashedClaim(w.txId, { kind: 'withdraw', provider: 'cpg', action: 'WITHDRAW_CONFIRM', answer: 'withdraw-error', idem: null });
    await t.jobs!.send('payments.sweep', {});
    const after = await until('the claim settled', () => getTx(w.txId), (x) => x.status !== 'IN_FLIGHT');
    expect(after.status).toBe('PENDING');
    expect((await callsOf(w.txId)).map((c) => [c.action, c.outcome])).toEqual([['withdraw-status', 'NOT_FOUND']]);
    expect(await lastActivityOf(w.txId)).toMatchObject({ action: 'WITHDRAW_CONFIRM_FAILED', after: { status: 'PENDING', settledBy: 'job' } });
    const rej = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'reject', playerNote: 'Refunded: test.', countsTowardDailyLimit: false } });
    expect(rej.statusCode).toBe(200);
    expect(cmpDec(await mainBalance(w), addDec(before, '34.00'))).toBe(0);
    expect(await refundsOf(w.txId)).toHaveLength(1);
  });

  it('a deposit verification left in flight is verified again by the job and credited once; its Idempotency-Key replays the answer', async () => {
    const d = await makeDeposit('30.00');
    const before = await mainBalance(d);
    const actor = await adminActor();
    const key = `crash-${d.txId}`;
    // The request had reserved its key and claimed, then the process died.
    const route = 'POST /api/transactionsV2/deposit/verify';
    const requestHash = createHash('sha256').update(`${route}\n{"txId":${JSON.stringify(d.txId)}}`).digest('hex');
    await db().insert(idempotencyKeys).values({ userId: actor.id, key, route, requestHash });
    await crashedClaim(d.txId, { kind: 'deposit-verify', provider: 'cpg', action: 'DEPOSIT_VERIFY', answer: 'deposit-verify', idem: { userId: actor.id, key } });
    await t.jobs!.send('payments.sweep', {});
    const after = await until('the claim settled', () => getTx(d.txId), (x) => x.status !== 'IN_FLIGHT');
    expect(after).toMatchObject({ status: 'CONFIRMED', confirmedBy: ADMIN });
    expect(cmpDec(await mainBalance(d), addDec(before, '30.00'))).toBe(0);
    expect(await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, d.txId), eq(ledgerEntries.reason, 'DEPOSIT')))).toHaveLength(1);
    const [k] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(k).toMatchObject({ statusCode: 200, response: { success: true, messages: [PAYMENT_FLOW_MESSAGES.DEPOSIT_VERIFIED], data: { txId: d.txId, status: 'CONFIRMED' } } });
    const retry = await t.call('POST', '/api/transactionsV2/deposit/verify', { as: ADMIN, body: { txId: d.txId }, headers: { 'idempotency-key': key } });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(k!.response);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('a claim this process is still calling for is left alone by the sweep', async () => {
    const w = await makeWithdrawal('35.00');
    latch = simulatorControl.hold();
    const pending = t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'confirm' } });
    await until('the call at the provider', async () => latch!.waiting(), (n) => n === 1);
    await db().update(transactions).set({ claimedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(transactions.txId, w.txId));
    await t.jobs!.send('payments.sweep', {});
    await new Promise((r) => setTimeout(r, 2000));
    expect((await getTx(w.txId)).status).toBe('IN_FLIGHT');
    latch.release();
    expect((await pending).statusCode).toBe(200);
    expect((await callsOf(w.txId)).map((c) => c.action)).toEqual(['withdraw']);
  });

  it('a provider timeout (.99) → IN_PROGRESS; the check job asks again later and confirms once the provider paid', async () => {
    const w = await makeWithdrawal('36.99');
    const res = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'confirm' } });
    expect(res.statusCode).toBe(202);
    const inProgress = await getTx(w.txId);
    expect(inProgress.status).toBe('IN_PROGRESS');
    expect(inProgress.providerCheckAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Still processing at the provider: asked again later (the next check further away).
    await db().update(transactions).set({ providerCheckAt: new Date(Date.now() - 1000) }).where(eq(transactions.txId, w.txId));
    await t.jobs!.send('payments.sweep', {});
    const again = await until('one check', () => getTx(w.txId), (x) => x.providerChecks === 1);
    expect(again.status).toBe('IN_PROGRESS');
    expect(again.providerCheckAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // The provider has paid now.
    simulatorControl.processingMs = 0;
    await db().update(transactions).set({ providerCheckAt: new Date(Date.now() - 1000) }).where(eq(transactions.txId, w.txId));
    await t.jobs!.send('payments.sweep', {});
    const done = await until('confirmed', () => getTx(w.txId), (x) => x.status === 'CONFIRMED');
    expect(done).toMatchObject({ confirmedBy: ADMIN, providerCheckAt: null });
    expect((await callsOf(w.txId)).map((c) => [c.action, c.outcome])).toEqual([['withdraw', 'TIMEOUT'], ['withdraw-status', 'TIMEOUT'], ['withdraw-status', 'SUCCESS']]);
    expect(await lastActivityOf(w.txId)).toMatchObject({ action: 'WITHDRAW_PROVIDER_CONFIRMED', actorRole: 'SYSTEM', after: { status: 'CONFIRMED' } });
    expect(await refundsOf(w.txId)).toHaveLength(0);
    expect((await reconcile(db())).problems).toEqual([]);
  });
});
