import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { MSG, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, PLATFORM_MESSAGES, addDec, cmpDec } from '@pitboss/contract';
import { ledgerEntries, paymentGateways, providerCalls, transactions, wallets } from '../src/db/schema.js';
import { postEntry, reconcile, toUsd } from '../src/modules/wallet/ledger.js';
import { SIM_DESCRIPTIONS } from '../src/integrations/payments/index.js';
import { makeTestApp, type Login, type TestApp } from './helpers.js';
import { newKey } from './support.js';

type Tx = typeof transactions.$inferSelect;
const ADMIN: Login = 'admin@demo.local';
const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino'];
const N = 50;

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.close(); });

const claimed = new Set<string>();
/** A withdrawal (or deposit) of the seeded world no other test touches; `set` adjusts it (provider, amount for a simulator outcome). */
async function pickTx(where: { type?: string; status: string; opIds?: string[] }, set: Partial<typeof transactions.$inferInsert> = {}): Promise<Tx> {
  const db = t.database.db;
  const [row] = await db.select().from(transactions).where(and(
    eq(transactions.transactionType, where.type ?? 'WITHDRAW'), eq(transactions.status, where.status), inArray(transactions.opId, where.opIds ?? ALPHA),
    eq(transactions.isDeleted, false), claimed.size ? notInArray(transactions.txId, [...claimed]) : undefined,
  )).orderBy(asc(transactions.txId)).limit(1);
  if (!row) throw new Error(`no ${where.type ?? 'WITHDRAW'} ${where.status} in ${where.opIds ?? ALPHA}`);
  claimed.add(row.txId);
  if (Object.keys(set).length) await db.update(transactions).set(set).where(eq(transactions.txId, row.txId));
  return getTx(row.txId);
}
/**
 * A fresh withdrawal held the way the demo world holds them: the amount debited from a MAIN
 * wallet (WITHDRAW_HOLD) when requested. `toAmount` picks the simulator outcome by its cents.
 */
async function makeWithdrawal(where: { status: 'PENDING' | 'IN_PROGRESS'; opIds?: string[] }, set: { provider?: string; toAmount?: string } = {}): Promise<Tx> {
  const db = t.database.db;
  const amount = set.toAmount ?? '25.00';
  const [w] = await db.select().from(wallets).where(and(
    inArray(wallets.opId, where.opIds ?? ALPHA), eq(wallets.kind, 'MAIN'), sql`${wallets.balance} >= ${amount}`,
  )).orderBy(asc(wallets.id)).limit(1);
  if (!w) throw new Error(`no wallet in ${where.opIds ?? ALPHA} holds ${amount}`);
  const txId = crypto.randomUUID();
  const provider = set.provider ?? 'cpg';
  await db.transaction(async (tx) => {
    const e = await postEntry(tx as never, { playerId: w.playerId, opId: w.opId, kind: 'MAIN', currency: w.currency, amount: `-${amount}`, reason: 'WITHDRAW_HOLD', refType: 'transaction', refId: txId });
    const usd = toUsd(amount, e.rate);
    await tx.insert(transactions).values({
      txId, opId: w.opId, playerId: w.playerId, transactionType: 'WITHDRAW', status: where.status, fromAmount: amount, fromCurrency: w.currency,
      fromAmountInUsd: usd, toAmount: amount, toCurrency: w.currency, toAmountInUsd: usd, rateToUsd: e.rate, balanceBefore: e.balanceBefore,
      balanceAfter: e.balanceAfter, provider, gateway: provider, destination: { type: 'IBAN', iban: 'TR000000000000000000000001' },
    });
  });
  claimed.add(txId);
  return getTx(txId);
}
async function getTx(txId: string): Promise<Tx> {
  return (await t.database.db.select().from(transactions).where(eq(transactions.txId, txId)))[0]!;
}
async function balance(tx: Tx): Promise<string> {
  const [w] = await t.database.db.select().from(wallets).where(and(eq(wallets.playerId, tx.playerId), eq(wallets.kind, 'MAIN'), eq(wallets.currency, tx.fromCurrency)));
  return w?.balance ?? '0';
}
/** What the withdrawal holds (its WITHDRAW_HOLD entries), as a positive decimal. */
async function held(tx: Tx): Promise<string> {
  const [r] = await t.database.db.select({ v: sql<string>`(-sum(${ledgerEntries.amount}))::text` }).from(ledgerEntries)
    .where(and(eq(ledgerEntries.refId, tx.txId), eq(ledgerEntries.reason, 'WITHDRAW_HOLD')));
  return r!.v;
}
async function callsOf(txId: string) {
  return t.database.db.select().from(providerCalls).where(eq(providerCalls.txId, txId)).orderBy(asc(providerCalls.id));
}
async function refundsOf(txId: string) {
  return t.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, txId), eq(ledgerEntries.reason, 'WITHDRAW_REFUND')));
}
async function auditsOf(txId: string) {
  return t.database.db.execute(sql`select action from activities where target_id = ${txId} order by id`).then((r) => (r as unknown as { rows: { action: string }[] }).rows.map((x) => x.action));
}

/**
 * N identical requests at once, each its own logical request (its own Idempotency-Key): exactly
 * one 200 (or `okStatus`), the rest 409 "already … by …".
 */
async function race(method: 'PUT' | 'POST', url: string, body: unknown, expected: { status: string; by: string }, okStatus = 200) {
  const results = await Promise.all(Array.from({ length: N }, () => t.call(method, url, { as: ADMIN, headers: newKey(), body })));
  const codes = results.map((r) => r.statusCode);
  expect(codes.filter((c) => c === okStatus).length, JSON.stringify(results.find((r) => r.statusCode !== 409)?.json())).toBe(1);
  expect(codes.filter((c) => c === 409).length).toBe(N - 1);
  for (const r of results.filter((x) => x.statusCode === 409)) {
    expect(r.json()).toMatchObject({ success: false, status: 'ALREADY_HANDLED', messages: [PAYMENT_MESSAGES.ALREADY_HANDLED(expected.status, expected.by)] });
  }
  return results.find((r) => r.statusCode === okStatus)!;
}

/** N identical requests with one Idempotency-Key: all answer the same, applied once. */
async function sameKey(method: 'PUT' | 'POST', url: string, body: unknown, key: string) {
  const results = await Promise.all(Array.from({ length: N }, () => t.call(method, url, { as: ADMIN, body, headers: { 'idempotency-key': key } })));
  expect(results.map((r) => r.statusCode)).toEqual(Array(N).fill(results[0]!.statusCode));
  const first = results[0]!.json();
  for (const r of results) expect(r.json()).toEqual(first);
  expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(N - 1);
  return results[0]!;
}

describe('PUT /api/transactionsV2/withdraw/in-progress', () => {
  it('APPROVE: 50 concurrent → one 200, 49 × 409; CONFIRMED, no money moves, audited', async () => {
    const w = await makeWithdrawal({ status: 'IN_PROGRESS' });
    const before = await balance(w);
    const win = await race('PUT', '/api/transactionsV2/withdraw/in-progress', { txId: w.txId, note: 'Paid by the gateway', status: 'APPROVE' }, { status: 'CONFIRMED', by: ADMIN });
    expect(win.json()).toMatchObject({ success: true, messages: [PAYMENT_MESSAGES.WITHDRAW_CONFIRMED], data: { txId: w.txId, status: 'CONFIRMED', confirmedBy: ADMIN } });
    const after = await getTx(w.txId);
    expect(after).toMatchObject({ status: 'CONFIRMED', confirmedBy: ADMIN, playerNote: 'Paid by the gateway' });
    expect(after.confirmedAt).toBeInstanceOf(Date);
    expect(await balance(w)).toBe(before);
    expect(await t.lastActivity()).toMatchObject({ action: 'WITHDRAW_IN_PROGRESS_APPROVE', actorEmail: ADMIN, targetId: w.txId, opId: w.opId });
    expect(await auditsOf(w.txId)).toEqual(['WITHDRAW_IN_PROGRESS_APPROVE']);
  });

  it('APPROVE and REJECT racing, by one staff member (the claim is theirs for every request): one 200, the rest 409, never a 5xx; money moved once at most', async () => {
    for (let round = 0; round < 3; round++) {
      const w = await makeWithdrawal({ status: 'IN_PROGRESS' });
      const before = await balance(w);
      const amount = await held(w);
      const res = await Promise.all(Array.from({ length: 24 }, (_, i) => t.call('PUT', '/api/transactionsV2/withdraw/in-progress', {
        as: ADMIN, headers: newKey(), body: { txId: w.txId, note: 'race', status: i % 2 ? 'REJECT' : 'APPROVE' },
      })));
      expect(res.map((r) => r.statusCode).sort()).toEqual([200, ...Array(23).fill(409)]);
      const after = await getTx(w.txId);
      expect(cmpDec(await balance(w), after.status === 'REJECTED' ? addDec(before, amount) : before)).toBe(0);
      expect(await refundsOf(w.txId)).toHaveLength(after.status === 'REJECTED' ? 1 : 0);
    }
  });

  it('REJECT: 50 concurrent → one 200; REJECTED and the held amount refunded exactly once', async () => {
    const w = await makeWithdrawal({ status: 'IN_PROGRESS' });
    const before = await balance(w);
    const amount = await held(w);
    const win = await race('PUT', '/api/transactionsV2/withdraw/in-progress', { txId: w.txId, note: 'Refunded: test.', status: 'REJECT' }, { status: 'REJECTED', by: ADMIN });
    expect(win.json()).toMatchObject({ success: true, messages: [PAYMENT_MESSAGES.WITHDRAW_REJECTED], data: { status: 'REJECTED', rejectedBy: ADMIN } });
    expect(cmpDec(await balance(w), addDec(before, amount))).toBe(0);
    const refunds = await refundsOf(w.txId);
    expect(refunds).toHaveLength(1);
    expect(cmpDec(refunds[0]!.amount, amount)).toBe(0);
    expect(await t.lastActivity()).toMatchObject({ action: 'WITHDRAW_IN_PROGRESS_REJECT', targetId: w.txId });
  });

  it('50 concurrent requests with one Idempotency-Key → all 200 with the same answer, refunded once', async () => {
    const w = await makeWithdrawal({ status: 'IN_PROGRESS' });
    const before = await balance(w);
    const amount = await held(w);
    const res = await sameKey('PUT', '/api/transactionsV2/withdraw/in-progress', { txId: w.txId, note: 'Refunded: test.', status: 'REJECT' }, `inprog-${w.txId}`);
    expect(res.statusCode).toBe(200);
    expect(cmpDec(await balance(w), addDec(before, amount))).toBe(0);
    expect(await refundsOf(w.txId)).toHaveLength(1);
    expect(await auditsOf(w.txId)).toEqual(['WITHDRAW_IN_PROGRESS_REJECT']);
  });

  it('APPROVE answers the transaction exactly as its details show it (the answer is built by the database)', async () => {
    const w = await makeWithdrawal({ status: 'IN_PROGRESS' });
    await t.database.db.update(transactions).set({ extra: { bonusExtraData: { eligible: true }, other: 1 }, note: 'n' }).where(eq(transactions.txId, w.txId));
    const res = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: newKey(), body: { txId: w.txId, note: 'Paid', status: 'APPROVE' } });
    expect(res.statusCode).toBe(200);
    const details = await t.call('GET', `/api/transactions/details/${w.txId}`, { as: ADMIN });
    const { providerCalls: _calls, ...view } = details.json().data;
    expect(res.json().data).toEqual(view);
    expect(view).toMatchObject({ status: 'CONFIRMED', playerNote: 'Paid', bonusExtraData: { eligible: true }, destination: { type: 'IBAN' } });
  });

  it('APPROVE with one Idempotency-Key, 50 concurrent → all 200 with the same answer, one activity', async () => {
    const w = await makeWithdrawal({ status: 'IN_PROGRESS' });
    const res = await sameKey('PUT', '/api/transactionsV2/withdraw/in-progress', { txId: w.txId, status: 'APPROVE' }, `inprog-approve-${w.txId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ txId: w.txId, status: 'CONFIRMED', confirmedBy: ADMIN });
    expect(await auditsOf(w.txId)).toEqual(['WITHDRAW_IN_PROGRESS_APPROVE']);
  });

  it('APPROVE: a key already used for another request is refused (422) and changes nothing; a refusal is replayed', async () => {
    const first = await makeWithdrawal({ status: 'IN_PROGRESS' });
    const other = await makeWithdrawal({ status: 'IN_PROGRESS' });
    const key = { 'idempotency-key': `reuse-${first.txId}` };
    expect((await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: key, body: { txId: first.txId, status: 'APPROVE' } })).statusCode).toBe(200);
    const reused = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: key, body: { txId: other.txId, status: 'APPROVE' } });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().status).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await getTx(other.txId)).status).toBe('IN_PROGRESS');
    expect(await auditsOf(other.txId)).toEqual([]);
    // A refusal is the key's answer: the same request again answers it, even once the withdrawal could move.
    const pending = await makeWithdrawal({ status: 'PENDING' });
    const refusedKey = newKey();
    const refused = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: refusedKey, body: { txId: pending.txId, status: 'APPROVE' } });
    expect(refused.statusCode).toBe(400);
    await t.database.db.update(transactions).set({ status: 'IN_PROGRESS' }).where(eq(transactions.txId, pending.txId));
    const again = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: refusedKey, body: { txId: pending.txId, status: 'APPROVE' } });
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(refused.json());
    expect((await getTx(pending.txId)).status).toBe('IN_PROGRESS');
  });

  it('a PENDING withdrawal is not settled here (400), a decided one is 409', async () => {
    const p = await makeWithdrawal({ status: 'PENDING' });
    const res = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: newKey(), body: { txId: p.txId, status: 'APPROVE' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual([PAYMENT_MESSAGES.NOT_IN_PROGRESS]);
    const c = await pickTx({ status: 'CONFIRMED' });
    const again = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: newKey(), body: { txId: c.txId, note: 'Refunded: test.', status: 'REJECT' } });
    expect(again.statusCode).toBe(409);
    expect((await getTx(c.txId)).status).toBe('CONFIRMED');
  });

  it('roles: operator.manager 403 (no approve/reject permission), devops 403, operator.admin 404 on op-bravo, 200 for operator.admin in scope', async () => {
    const w = await makeWithdrawal({ status: 'IN_PROGRESS' });
    for (const status of ['APPROVE', 'REJECT']) {
      const res = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: 'operator.manager@demo.local', headers: newKey(), body: { txId: w.txId, status } });
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
    const dev = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: 'devops@demo.local', headers: newKey(), body: { txId: w.txId, status: 'APPROVE' } });
    expect(dev.statusCode).toBe(403);
    const bravo = await makeWithdrawal({ status: 'IN_PROGRESS', opIds: ['op-bravo', 'bravo-spin', 'bravo-sports'] });
    const foreign = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: 'operator.admin@demo.local', headers: newKey(), body: { txId: bravo.txId, status: 'APPROVE' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().messages).toEqual([PAYMENT_MESSAGES.TX_NOT_FOUND]);
    expect((await getTx(bravo.txId)).status).toBe('IN_PROGRESS');
    const mine = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: 'operator.admin@demo.local', headers: newKey(), body: { txId: w.txId, status: 'APPROVE' } });
    expect(mine.statusCode).toBe(200);
    expect((await getTx(w.txId)).confirmedBy).toBe('operator.admin@demo.local');
  });

  it('invalid input: bad txId, bad status', async () => {
    const bad = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: newKey(), body: { txId: 'not-a-uuid', status: 'APPROVE' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([PAYMENT_MESSAGES.TX_NOT_FOUND]);
    const w = await makeWithdrawal({ status: 'IN_PROGRESS' });
    const status = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: newKey(), body: { txId: w.txId, status: 'MAYBE' } });
    expect(status.statusCode).toBe(400);
    expect(status.json().messages).toEqual(['Status must be APPROVE or REJECT.']);
    const missing = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: newKey(), body: { txId: '00000000-0000-4000-8000-000000000000', status: 'APPROVE' } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('PUT /api/transactionsV2/withdraw/{suffix}', () => {
  it('confirm: 50 concurrent → one provider call, one 200, 49 × 409; CONFIRMED with the provider reference', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'cpg', toAmount: '120.50' });
    const before = await balance(w);
    const win = await race('PUT', '/api/transactionsV2/withdraw/cpg', { txId: w.txId, actionType: 'confirm', playerNote: 'Sent' }, { status: 'CONFIRMED', by: ADMIN });
    expect(win.json()).toMatchObject({ success: true, messages: [PAYMENT_MESSAGES.WITHDRAW_CONFIRMED], data: { status: 1, canForce: false, transaction: { status: 'CONFIRMED' } } });
    const after = await getTx(w.txId);
    expect(after).toMatchObject({ status: 'CONFIRMED', confirmedBy: ADMIN, playerNote: 'Sent' });
    expect(after.externalRef).toMatch(/^SIM-CPG-/);
    expect(await balance(w)).toBe(before);
    const calls = await callsOf(w.txId);
    expect(calls.map((c) => [c.action, c.outcome])).toEqual([['withdraw', 'SUCCESS']]);
    expect(calls[0]!.request).toMatchObject({ txId: w.txId, amount: '120.50000000' });
    expect(await t.lastActivity()).toMatchObject({ action: 'WITHDRAW_CONFIRM', targetId: w.txId });
  });

  it('reject: 50 concurrent → refund once; countsTowardDailyLimit and playerNote stored', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'maldo-pay' });
    const before = await balance(w);
    const amount = await held(w);
    const body = { txId: w.txId, actionType: 'reject', playerNote: 'IBAN does not match your name.', countsTowardDailyLimit: false };
    const win = await race('PUT', '/api/transactionsV2/withdraw/maldo-pay', body, { status: 'REJECTED', by: ADMIN });
    expect(win.json().messages).toEqual([PAYMENT_MESSAGES.WITHDRAW_REJECTED]);
    expect(await getTx(w.txId)).toMatchObject({ status: 'REJECTED', rejectedBy: ADMIN, countsTowardDailyLimit: false, playerNote: body.playerNote });
    expect(cmpDec(await balance(w), addDec(before, amount))).toBe(0);
    expect(await refundsOf(w.txId)).toHaveLength(1);
    expect(await callsOf(w.txId)).toHaveLength(0);
    expect(await t.lastActivity()).toMatchObject({ action: 'WITHDRAW_REJECT', targetId: w.txId });
  });

  it('one Idempotency-Key, 50 concurrent confirms → all 200 with the same answer, one provider call', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'web3', toAmount: '55.00' });
    const res = await sameKey('PUT', '/api/transactionsV2/withdraw/web3', { txId: w.txId, actionType: 'confirm' }, `confirm-${w.txId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe(1);
    expect(await callsOf(w.txId)).toHaveLength(1);
    // The claim (sent to the provider) and the settle (its outcome): one of each.
    expect(await auditsOf(w.txId)).toEqual(['WITHDRAW_CONFIRM_SENT', 'WITHDRAW_CONFIRM']);
  });

  it('one Idempotency-Key, 50 concurrent rejects → refunded once', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'jb' });
    const before = await balance(w);
    const amount = await held(w);
    const res = await sameKey('PUT', '/api/transactionsV2/withdraw/jb', { txId: w.txId, actionType: 'reject', playerNote: 'Refunded: test.', countsTowardDailyLimit: true }, `reject-${w.txId}`);
    expect(res.statusCode).toBe(200);
    expect(cmpDec(await balance(w), addDec(before, amount))).toBe(0);
    expect(await refundsOf(w.txId)).toHaveLength(1);
  });

  it('provider FAILED (.13): 400 with the provider description, stays PENDING, balance unchanged, call logged', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'central-pay', toAmount: '80.13' });
    const before = await balance(w);
    const res = await t.call('PUT', '/api/transactionsV2/withdraw/central-pay', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'confirm' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, status: 'PROVIDER_FAILED', messages: [SIM_DESCRIPTIONS.FAILED], data: { status: 0, canForce: false } });
    expect((await getTx(w.txId)).status).toBe('PENDING');
    expect(await balance(w)).toBe(before);
    expect((await callsOf(w.txId)).map((c) => c.outcome)).toEqual(['FAILED']);
    expect(await t.lastActivity()).toMatchObject({ action: 'WITHDRAW_CONFIRM_FAILED', targetId: w.txId });
  });

  it('JB NEEDS_FORCE (.42): status 0 + canForce, stays PENDING; then 50 concurrent force → one 200, CONFIRMED', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'jb', toAmount: '300.42' });
    const first = await t.call('PUT', '/api/transactionsV2/withdraw/jb', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'confirm', playerNote: '' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 0, canForce: true, description: SIM_DESCRIPTIONS.NEEDS_FORCE });
    expect((await getTx(w.txId)).status).toBe('PENDING');
    const win = await race('PUT', '/api/transactionsV2/withdraw/jb/force', { txId: w.txId, actionType: 'confirm', playerNote: 'Forced' }, { status: 'CONFIRMED', by: ADMIN });
    expect(win.json()).toMatchObject({ messages: [PAYMENT_MESSAGES.WITHDRAW_CONFIRMED], data: { status: 1 } });
    expect(await getTx(w.txId)).toMatchObject({ status: 'CONFIRMED', playerNote: 'Forced' });
    expect((await callsOf(w.txId)).map((c) => [c.action, c.outcome])).toEqual([['withdraw', 'NEEDS_FORCE'], ['withdraw-force', 'SUCCESS']]);
    expect(await t.lastActivity()).toMatchObject({ action: 'WITHDRAW_FORCE_CONFIRM', targetId: w.txId });
  });

  it('NEEDS_FORCE without canForce (.43): status 0, canForce false; forcing changes nothing', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'jb', toAmount: '300.43' });
    const first = await t.call('PUT', '/api/transactionsV2/withdraw/jb', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'confirm' } });
    expect(first.json().data).toMatchObject({ status: 0, canForce: false });
    const forced = await t.call('PUT', '/api/transactionsV2/withdraw/jb/force', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'confirm' } });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().data).toMatchObject({ status: 0, canForce: false });
    expect((await getTx(w.txId)).status).toBe('PENDING');
  });

  it('TIMEOUT (.99): IN_PROGRESS (202); losers see "already in progress"; resend settles it; in-progress is then 409', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'cpg', toAmount: '61.99' });
    const jb = await makeWithdrawal({ status: 'PENDING' }, { provider: 'jb' });
    const before = await balance(w);
    const win = await race('PUT', '/api/transactionsV2/withdraw/cpg', { txId: w.txId, actionType: 'confirm' }, { status: 'IN_PROGRESS', by: '' }, 202);
    expect(win.json()).toMatchObject({ success: true, messages: [PAYMENT_FLOW_MESSAGES.PROVIDER_TIMEOUT_WITHDRAW], data: { transaction: { status: 'IN_PROGRESS' } } });
    expect((await getTx(w.txId)).status).toBe('IN_PROGRESS');
    const wrong = await t.call('POST', '/api/transactionsV2/withdraw/cpg/resend', { as: ADMIN, headers: newKey(), body: { txId: jb.txId } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().messages).toEqual([PAYMENT_MESSAGES.WRONG_PROVIDER]);
    const resent = await t.call('POST', '/api/transactionsV2/withdraw/cpg/resend', { as: ADMIN, headers: newKey(), body: { txId: w.txId } });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toMatchObject({ outcome: 'SUCCESS', transactionStatus: 'CONFIRMED', gatewayResponse: { status: 'PAID', merchantReference: w.txId } });
    expect(await getTx(w.txId)).toMatchObject({ status: 'CONFIRMED', confirmedBy: ADMIN });
    expect(await balance(w)).toBe(before);
    expect(await t.lastActivity()).toMatchObject({ action: 'WITHDRAW_RESEND', targetId: w.txId });
    const late = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: newKey(), body: { txId: w.txId, note: 'Refunded: test.', status: 'REJECT' } });
    expect(late.statusCode).toBe(409);
    expect(await refundsOf(w.txId)).toHaveLength(0);
  });

  it('resend of a refused PENDING withdrawal changes nothing and shows the gateway response', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'zi-charge', toAmount: '10.13' });
    const res = await t.call('POST', '/api/transactionsV2/withdraw/resend', { as: ADMIN, headers: newKey(), body: { txId: w.txId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ messages: [SIM_DESCRIPTIONS.FAILED], data: { outcome: 'FAILED', transactionStatus: 'PENDING', gatewayResponse: { status: 'FAILED' } } });
    const decided = await pickTx({ status: 'REJECTED' });
    expect((await t.call('POST', '/api/transactionsV2/withdraw/resend', { as: ADMIN, headers: newKey(), body: { txId: decided.txId } })).statusCode).toBe(409);
    expect((await t.call('POST', '/api/transactionsV2/withdraw/resend', { as: 'operator.manager@demo.local', headers: newKey(), body: { txId: w.txId } })).statusCode).toBe(403);
  });

  it('without an Idempotency-Key: 400 before anything happens (no claim, no provider call, no refund)', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'cpg', toAmount: '21.00' });
    const before = await balance(w);
    for (const body of [{ txId: w.txId, actionType: 'confirm' }, { txId: w.txId, actionType: 'reject', playerNote: 'Refunded: test.', countsTowardDailyLimit: true }]) {
      const res = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'IDEMPOTENCY_KEY_REQUIRED', messages: [PLATFORM_MESSAGES.IDEMPOTENCY_KEY_REQUIRED] });
    }
    expect((await getTx(w.txId)).status).toBe('PENDING');
    expect(await balance(w)).toBe(before);
    expect(await callsOf(w.txId)).toHaveLength(0);
    expect(await auditsOf(w.txId)).toEqual([]);
  });

  it('validation: unknown suffix 404, wrong provider 400, reject without the daily-limit flag 400, bad txId 400', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'cpg', toAmount: '20.00' });
    const unknown = await t.call('PUT', '/api/transactionsV2/withdraw/no-such-pay', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'confirm' } });
    expect(unknown.statusCode).toBe(404);
    const wrong = await t.call('PUT', '/api/transactionsV2/withdraw/jb', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'confirm' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status: 'WRONG_PROVIDER', messages: [PAYMENT_MESSAGES.WRONG_PROVIDER] });
    const noFlag = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'reject', playerNote: 'Refunded: test.' } });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json().messages).toEqual([PAYMENT_FLOW_MESSAGES.COUNTS_TOWARD_DAILY_LIMIT_REQUIRED]);
    const bad = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, headers: newKey(), body: { txId: '123', actionType: 'confirm' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([PAYMENT_MESSAGES.TX_NOT_FOUND]);
    const action = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'approve' } });
    expect(action.json().messages).toEqual(['actionType must be confirm or reject.']);
    expect((await getTx(w.txId)).status).toBe('PENDING');
    expect(await callsOf(w.txId)).toHaveLength(0);
  });

  it('roles: operator.manager 403 on confirm and reject, devops 403, op-bravo txId 404 for operator.admin', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'cpg', toAmount: '20.00' });
    const m1 = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: 'operator.manager@demo.local', headers: newKey(), body: { txId: w.txId, actionType: 'confirm' } });
    const m2 = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: 'operator.manager@demo.local', headers: newKey(), body: { txId: w.txId, actionType: 'reject', playerNote: 'Refunded: test.', countsTowardDailyLimit: true } });
    const d = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: 'devops@demo.local', headers: newKey(), body: { txId: w.txId, actionType: 'confirm' } });
    for (const r of [m1, m2, d]) { expect(r.statusCode).toBe(403); expect(r.json().messages).toEqual([MSG.NO_PERMISSION]); }
    const bravo = await makeWithdrawal({ status: 'PENDING', opIds: ['op-bravo', 'bravo-spin', 'bravo-sports'] }, { provider: 'cpg' });
    const foreign = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: 'operator.admin@demo.local', headers: newKey(), body: { txId: bravo.txId, actionType: 'confirm' } });
    expect(foreign.statusCode).toBe(404);
    expect((await getTx(bravo.txId)).status).toBe('PENDING');
    expect(await callsOf(bravo.txId)).toHaveLength(0);
  });
});

describe('Tomani', () => {
  it('GET gateways: active Tomani withdraw gateways of the operator; another operator is 404', async () => {
    const res = await t.call('GET', '/api/transactionsV2/withdraw/tomani/gateways?opId=op-alpha', { as: 'operator.admin@demo.local' });
    expect(res.statusCode).toBe(200);
    const active = await t.database.db.select().from(paymentGateways).where(and(eq(paymentGateways.opId, 'op-alpha'), eq(paymentGateways.provider, 'tomani'), eq(paymentGateways.direction, 'WITHDRAW'), eq(paymentGateways.isActive, true)));
    expect(res.json().data).toHaveLength(active.length);
    expect(res.json().data[0]).toEqual({ uuid: expect.any(String), provider: 'tomani', title: { en: expect.stringContaining('Tomani') } });
    const foreign = await t.call('GET', '/api/transactionsV2/withdraw/tomani/gateways?opId=op-bravo', { as: 'operator.admin@demo.local' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().messages).toEqual([MSG.OPERATOR_NOT_FOUND]);
  });

  async function tomaniGateway(opId: string) {
    const [g] = await t.database.db.select().from(paymentGateways).where(and(eq(paymentGateways.opId, opId), eq(paymentGateways.provider, 'tomani'), eq(paymentGateways.direction, 'WITHDRAW'))).orderBy(desc(paymentGateways.order)).limit(1);
    await t.database.db.update(paymentGateways).set({ isActive: true }).where(eq(paymentGateways.uuid, g!.uuid));
    return g!;
  }

  it('confirm: 50 concurrent → one 200 (status 1), 49 × 409; CONFIRMED with the gateway stored', async () => {
    const w = await makeWithdrawal({ status: 'PENDING', opIds: ['op-alpha'] }, { provider: 'tomani', toAmount: '75.00' });
    const gw = await tomaniGateway('op-alpha');
    const win = await race('PUT', '/api/transactionsV2/withdraw/tomani', { txId: w.txId, gatewayUuid: gw.uuid, provider: 'tomani', noteForThePlayer: 'Paid via Tomani' }, { status: 'CONFIRMED', by: ADMIN });
    expect(win.json()).toMatchObject({ success: true, data: { status: 1, description: null, canForce: false } });
    expect(await getTx(w.txId)).toMatchObject({ status: 'CONFIRMED', gatewayUuid: gw.uuid, playerNote: 'Paid via Tomani' });
    expect(await callsOf(w.txId)).toHaveLength(1);
    expect(await t.lastActivity()).toMatchObject({ action: 'WITHDRAW_TOMANI_CONFIRM', targetId: w.txId });
  });

  it('status 0 with canForce, then withForce confirms; a gateway of another operator is refused', async () => {
    const w = await makeWithdrawal({ status: 'PENDING', opIds: ['op-alpha'] }, { provider: 'tomani', toAmount: '75.42' });
    const gw = await tomaniGateway('op-alpha');
    const other = await tomaniGateway('op-bravo');
    const refused = await t.call('PUT', '/api/transactionsV2/withdraw/tomani', { as: ADMIN, headers: newKey(), body: { txId: w.txId, gatewayUuid: other.uuid, provider: 'tomani' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages).toEqual([PAYMENT_MESSAGES.GATEWAY_REQUIRED]);
    const first = await t.call('PUT', '/api/transactionsV2/withdraw/tomani', { as: ADMIN, headers: newKey(), body: { txId: w.txId, gatewayUuid: gw.uuid, provider: 'tomani' } });
    expect(first.json().data).toMatchObject({ status: 0, canForce: true, description: SIM_DESCRIPTIONS.NEEDS_FORCE });
    expect((await getTx(w.txId)).status).toBe('PENDING');
    const forced = await t.call('PUT', '/api/transactionsV2/withdraw/tomani', { as: ADMIN, headers: newKey(), body: { txId: w.txId, gatewayUuid: gw.uuid, provider: 'tomani', withForce: true } });
    expect(forced.json().data).toMatchObject({ status: 1 });
    expect((await getTx(w.txId)).status).toBe('CONFIRMED');
  });

  it('a refusal answers status 0 without force and keeps the withdrawal PENDING', async () => {
    const w = await makeWithdrawal({ status: 'PENDING', opIds: ['op-alpha'] }, { provider: 'tomani', toAmount: '75.13' });
    const gw = await tomaniGateway('op-alpha');
    const before = await balance(w);
    const res = await t.call('PUT', '/api/transactionsV2/withdraw/tomani', { as: ADMIN, headers: newKey(), body: { txId: w.txId, gatewayUuid: gw.uuid, provider: 'tomani' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 0, canForce: false, description: SIM_DESCRIPTIONS.FAILED });
    expect((await getTx(w.txId)).status).toBe('PENDING');
    expect(await balance(w)).toBe(before);
  });
});

describe('PUT /api/transactionsV2/withdraw (Witcher, no suffix)', () => {
  it('confirm: 50 concurrent → one 200 with the no-automation warning; no provider call', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'witcher' });
    const win = await race('PUT', '/api/transactionsV2/withdraw', { txId: w.txId, actionType: 'confirm', playerNote: '' }, { status: 'CONFIRMED', by: ADMIN });
    expect(win.json()).toMatchObject({ success: true, warnings: [PAYMENT_FLOW_MESSAGES.WITCHER_NO_AUTOMATION], data: { status: 'CONFIRMED' } });
    expect(await callsOf(w.txId)).toHaveLength(0);
  });

  it('reject refunds; a suffix provider is refused here; Tomani confirm needs a gateway', async () => {
    const w = await makeWithdrawal({ status: 'PENDING' }, { provider: 'tomani' });
    const noGw = await t.call('PUT', '/api/transactionsV2/withdraw', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'confirm' } });
    expect(noGw.json().messages).toEqual([PAYMENT_FLOW_MESSAGES.TOMANI_NEEDS_GATEWAY]);
    const before = await balance(w);
    const amount = await held(w);
    const rej = await t.call('PUT', '/api/transactionsV2/withdraw', { as: ADMIN, headers: newKey(), body: { txId: w.txId, actionType: 'reject', countsTowardDailyLimit: true, playerNote: 'No' } });
    expect(rej.statusCode).toBe(200);
    expect(cmpDec(await balance(w), addDec(before, amount))).toBe(0);
    const s = await makeWithdrawal({ status: 'PENDING' }, { provider: 'cpg' });
    const wrong = await t.call('PUT', '/api/transactionsV2/withdraw', { as: ADMIN, headers: newKey(), body: { txId: s.txId, actionType: 'confirm' } });
    expect(wrong.json().messages).toEqual([PAYMENT_MESSAGES.WRONG_PROVIDER]);
  });
});

describe('ledger', () => {
  it('reconciles after all of the above', async () => {
    const r = await reconcile(t.database.db);
    expect(r.problems).toEqual([]);
    expect(r.wallets).toBeGreaterThan(0);
  });
});
