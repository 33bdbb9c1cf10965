/**
 * Partners: the partner withdraw (balance in the ledger, hold at request, decisions exactly once,
 * refund on reject), settings, the wizard's brand step, the partner list, partner users, channels,
 * active players and the partner dashboard. Each rule: allowed, denied, another operator, and
 * invalid input with its exact message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  NEW_PARTNER_SETTINGS, PARTNER_MESSAGES, PARTNER_OP_ID_MAX, STAFF_MESSAGES, addDec, convertAmount, partnerUserCode as partnerUserCodeOf, reportWindow, roundDec, subDec, toUnits, type PartnerWithdrawRow,
} from '@pitboss/contract';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { DEMO_PARTNER } from '../src/db/seed-partners.js';
import { activities, currencyRates, ledgerEntries, operators, partnerSettings, partnerWithdrawals, players, sessions, users } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/service.js';
import { partnerHolderId } from '../src/modules/partners/balance.js';
import { reconcile } from '../src/modules/wallet/ledger.js';
import { invalidate } from '../src/lib/cache-bus.js';
import { rowsOf } from '../src/lib/query.js';
import { expectError, expectForbidden, makeApp, newKey } from './support.js';
import type { Login, TestApp } from './helpers.js';

const SUPER: Login = 'superadmin@demo.local';
const ADMIN: Login = 'admin@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const PARTNER: Login = 'partner@demo.local';
const OP = DEMO_PARTNER.opId;
const WALLET = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const WITHDRAW = '/api/partners/transactions/withdraw-balance';
const DECIDE = '/api/partners/transactions/withdraw';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const balance = async (as: Login = PARTNER, opId = OP) => {
  const res = await t.call('POST', '/api/partners/balance', { as, body: { opId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { balance: string; pendingAmount: string; minWithdrawAmountInUSD: number };
};
const request = (body: Record<string, unknown>, as: Login = PARTNER, headers = newKey()) =>
  t.call('POST', WITHDRAW, { as, headers, body: { opId: OP, walletAddress: WALLET, currency: 'USDT', network: 'TRON', ...body } });
const requestOk = async (amount: string) => {
  const res = await request({ amount });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().messages).toEqual([PARTNER_MESSAGES.REQUESTED]);
  return res.json().data as PartnerWithdrawRow;
};
const decide = (txId: string, actionType: string, note: string, as: Login = ADMIN, headers = newKey()) =>
  t.call('PUT', DECIDE, { as, headers, body: { txId, actionType, note } });
/** Runs `fn` with a staff account's extra or revoked permission keys, and restores the account's own keys afterwards (whatever happens). */
async function withPermissions(email: string, keys: { extra?: string[]; revoked?: string[] }, fn: () => Promise<void>) {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  const set = async (extraPermissions: string[], revokedPermissions: string[]) => {
    await t.database.db.update(users).set({ extraPermissions, revokedPermissions }).where(eq(users.id, u!.id));
    await invalidate(t.database.db, `user ${u!.id}`);
  };
  await set(keys.extra ?? u!.extraPermissions, keys.revoked ?? u!.revokedPermissions);
  try {
    await fn();
  } finally {
    await set(u!.extraPermissions, u!.revokedPermissions);
  }
}
const signIn = async (email: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return `pitboss_session=${res.cookies.find((c) => c.name === 'pitboss_session')!.value}`;
};

describe('partner balance', () => {
  it('is the PARTNER wallet of the ledger: seeded commissions minus what requests hold', async () => {
    const b = await balance();
    const [sum] = await rowsOf<{ s: string }>(t.database.db, sql`select sum(amount)::text as s from ledger_entries where player_id = ${partnerHolderId(OP)}::uuid`);
    expect(toUnits(b.balance)).toBe(toUnits(sum!.s));
    expect(b).toMatchObject({ pendingAmount: '750.00000000', minWithdrawAmountInUSD: 50 });
    // Staff with the page read it too; another operator's staff and a non-partner operator do not.
    expect((await balance(ADMIN)).balance).toBe(b.balance);
    expectForbidden(await t.call('POST', '/api/partners/balance', { as: OPA, body: { opId: OP } }));
    expectError(await t.call('POST', '/api/partners/balance', { as: PARTNER, body: { opId: 'op-alpha' } }), 404, ['Operator not found, please select an operator.']);
    expectError(await t.call('POST', '/api/partners/balance', { as: ADMIN, body: { opId: 'op-alpha' } }), 404, [PARTNER_MESSAGES.PARTNER_NOT_FOUND]);
  });
});

describe('partner withdraw request', () => {
  it('holds the amount from the balance at once, through the ledger, and writes the activity', async () => {
    const before = await balance();
    const w = await requestOk('100.50');
    expect(w).toMatchObject({ status: 'PENDING', fromAmount: '100.50000000', fromCurrency: 'USD', toCurrency: 'USDT', toAmount: '100.50000000', network: 'TRON', destinationAddress: WALLET, requestedBy: PARTNER, opTitle: 'Alpha Partners', parentOpTitle: 'Alpha Gaming' });
    const after = await balance();
    expect(after.balance).toBe(subDec(before.balance, '100.5'));
    expect(after.pendingAmount).toBe(addDec(before.pendingAmount, '100.5'));
    const [hold] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, w.txId));
    expect(hold).toMatchObject({ amount: '-100.50000000', reason: 'PARTNER_WITHDRAW_HOLD', opId: OP });
    expect(await t.lastActivity()).toMatchObject({ action: 'PARTNER_WITHDRAW_REQUEST', targetType: 'partnerWithdrawal', targetId: w.txId, opId: OP, actorEmail: PARTNER });
  });

  it('pays out in USDT at its USD rate (the contract conversion), and records what that is worth in USD', async () => {
    const [usdt] = await t.database.db.select().from(currencyRates).where(eq(currencyRates.currency, 'USDT'));
    await t.database.db.update(currencyRates).set({ rateToUsd: '0.998' }).where(eq(currencyRates.currency, 'USDT'));
    try {
      const w = await requestOk('99.80');
      expect(w).toMatchObject({ fromAmount: '99.80000000', fromAmountInUSD: '99.80000000', toAmount: '100.00000000', toCurrency: 'USDT', toAmountInUSD: '99.80000000' });
      expect(w.toAmount).toBe(convertAmount('99.80', '1', '0.998'));
      expect((await decide(w.txId, 'reject', 'Returned for the next tests.')).statusCode).toBe(200);
    } finally {
      await t.database.db.update(currencyRates).set({ rateToUsd: usdt!.rateToUsd }).where(eq(currencyRates.currency, 'USDT'));
    }
  });

  it('a retry with the same Idempotency-Key holds once', async () => {
    const before = await balance();
    const key = newKey();
    const a = await request({ amount: '60' }, PARTNER, key);
    const b = await request({ amount: '60' }, PARTNER, key);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect((await balance()).balance).toBe(subDec(before.balance, '60'));
  });

  it('refuses more than the balance, less than the minimum withdraw, and other currencies or networks, with their messages', async () => {
    const b = await balance();
    expectError(await request({ amount: roundDec(addDec(b.balance, '0.01'), 2) }), 400, [PARTNER_MESSAGES.AMOUNT_OVER_BALANCE]);
    expectError(await request({ amount: '49.99' }), 400, [PARTNER_MESSAGES.amountBelowMin(50)]);
    expectError(await request({ amount: '60', currency: 'BTC' }), 400, [PARTNER_MESSAGES.CURRENCY_ONLY]);
    expectError(await request({ amount: '60', network: 'ETH' }), 400, [PARTNER_MESSAGES.CURRENCY_ONLY]);
    expectError(await request({ amount: '60', walletAddress: '' }), 400, [PARTNER_MESSAGES.WALLET_REQUIRED]);
    expectError(await request({ amount: '60', walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' }), 400, [PARTNER_MESSAGES.WALLET_INVALID]);
    expectError(await request({ amount: '0' }), 400, [PARTNER_MESSAGES.AMOUNT_POSITIVE]);
    expectError(await request({ amount: '1.234' }), 400, [PARTNER_MESSAGES.AMOUNT_FORMAT]);
    expectError(await request({ amount: 'ten' }), 400, [PARTNER_MESSAGES.AMOUNT_FORMAT]);
    expectError(await request({ amount: '-60' }), 400, [PARTNER_MESSAGES.AMOUNT_FORMAT]);
    expectError(await request({ amount: undefined }), 400, [PARTNER_MESSAGES.AMOUNT_FORMAT]);
    const noKey = await t.call('POST', WITHDRAW, { as: PARTNER, body: { opId: OP, amount: '60', walletAddress: WALLET, currency: 'USDT', network: 'TRON' } });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().status).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await balance()).balance).toBe(b.balance);
  });

  it('an inactive partner requests nothing: 409 with its message, no hold, no activity; active again, it requests', async () => {
    const before = await balance();
    const holds = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(and(eq(ledgerEntries.opId, OP), eq(ledgerEntries.reason, 'PARTNER_WITHDRAW_HOLD'))))[0]!.n;
    const holdsBefore = await holds();
    const lastBefore = await t.lastActivity();
    await t.database.db.update(partnerSettings).set({ isActive: false }).where(eq(partnerSettings.opId, OP));
    try {
      expect((await t.call('POST', '/api/partners/balance', { as: PARTNER, body: { opId: OP } })).json().data).toMatchObject({ isActive: false });
      const res = await request({ amount: '60' });
      expectError(res, 409, [PARTNER_MESSAGES.WITHDRAW_INACTIVE]);
      expect(res.json().status).toBe('PARTNER_INACTIVE');
      // Every other rule still answers first where it comes first: the role, the operator, the idempotency key.
      expectForbidden(await request({ amount: '60' }, SUPER));
      expectError(await request({ amount: '60', opId: 'op-bravo' }), 404, ['Operator not found, please select an operator.']);
      expect((await balance()).balance).toBe(before.balance);
      expect(await holds()).toBe(holdsBefore);
      expect(await t.lastActivity()).toEqual(lastBefore);
    } finally {
      await t.database.db.update(partnerSettings).set({ isActive: true }).where(eq(partnerSettings.opId, OP));
    }
    const w = await requestOk('60');
    expect((await decide(w.txId, 'reject', 'Returned for the next tests.')).statusCode).toBe(200);
    expect((await balance()).balance).toBe(before.balance);
  });

  it('only the partner requests, for its own operator', async () => {
    expectForbidden(await request({ amount: '60' }, SUPER));
    expectForbidden(await request({ amount: '60' }, OPA));
    expectError(await request({ amount: '60', opId: 'op-alpha' }), 404, ['Operator not found, please select an operator.']);
    expectError(await request({ amount: '60', opId: 'op-bravo' }), 404, ['Operator not found, please select an operator.']);
  });

  it('two concurrent requests cannot both spend the balance', async () => {
    const b = await balance();
    const all = toUnits(b.balance);
    const more = (all / 2n + 100_000_000n) / 1_000_000n; // a bit over half, in cents
    const amount = `${more / 100n}.${String(more % 100n).padStart(2, '0')}`;
    const res = await Promise.all([request({ amount }), request({ amount })]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(res.find((r) => r.statusCode === 400)!.json().messages).toEqual([PARTNER_MESSAGES.AMOUNT_OVER_BALANCE]);
    const ok = res.find((r) => r.statusCode === 200)!.json().data as PartnerWithdrawRow;
    // Give it back for the tests below.
    expect((await decide(ok.txId, 'reject', 'Returned for the next tests.')).statusCode).toBe(200);
    expect((await balance()).balance).toBe(b.balance);
  });
});

describe('partner withdraw decisions', () => {
  it('50 concurrent approvals apply once; the others answer who decided; no money moves on approval', async () => {
    const w = await requestOk('75');
    const b = await balance();
    const res = await Promise.all(Array.from({ length: 50 }, () => decide(w.txId, 'confirm', 'Paid to your TRON wallet.')));
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of res.filter((x) => x.statusCode === 409)) expect(r.json().messages).toEqual([PARTNER_MESSAGES.alreadyDecided('CONFIRMED', ADMIN)]);
    const ok = res.find((r) => r.statusCode === 200)!.json();
    expect(ok).toMatchObject({ messages: [PARTNER_MESSAGES.CONFIRMED], data: { status: 'CONFIRMED', confirmedBy: ADMIN, note: 'Paid to your TRON wallet.' } });
    expect((await balance()).balance).toBe(b.balance);
    const acts = await t.database.db.select().from(activities).where(and(eq(activities.targetId, w.txId), eq(activities.action, 'PARTNER_WITHDRAW_CONFIRM')));
    expect(acts).toHaveLength(1);
    // A second decision is refused.
    expectError(await decide(w.txId, 'reject', 'Too late.'), 409, [PARTNER_MESSAGES.alreadyDecided('CONFIRMED', ADMIN)]);
  });

  it('rejecting returns the amount to the partner balance, once, even under 50 concurrent rejections', async () => {
    const before = await balance();
    const w = await requestOk('120.25');
    expect((await balance()).balance).toBe(subDec(before.balance, '120.25'));
    const res = await Promise.all(Array.from({ length: 50 }, () => decide(w.txId, 'reject', 'The wallet is not whitelisted.', SUPER)));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(res.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect((await balance()).balance).toBe(before.balance);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, w.txId));
    expect(entries.map((e) => [e.reason, e.amount]).sort()).toEqual([['PARTNER_WITHDRAW_HOLD', '-120.25000000'], ['PARTNER_WITHDRAW_REFUND', '120.25000000']]);
    expect(await t.lastActivity()).toMatchObject({ action: 'PARTNER_WITHDRAW_REJECT', targetType: 'partnerWithdrawal', targetId: w.txId, opId: OP, after: { status: 'REJECTED', refunded: '120.25000000' } });
    expectError(await decide(w.txId, 'confirm', 'Changed my mind.'), 409, [PARTNER_MESSAGES.alreadyDecided('REJECTED', SUPER)]);
  });

  it('a decision retried with its Idempotency-Key is replayed (one refund); the key for another decision is refused (422) and changes nothing', async () => {
    const before = await balance();
    const w = await requestOk('53.10');
    const other = await requestOk('51');
    const key = newKey();
    const first = await decide(w.txId, 'reject', 'Wrong network.', ADMIN, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await decide(w.txId, 'reject', 'Wrong network.', ADMIN, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, w.txId));
    expect(entries.map((e) => e.reason).sort()).toEqual(['PARTNER_WITHDRAW_HOLD', 'PARTNER_WITHDRAW_REFUND']);
    // The same key for another request's decision.
    const reused = await decide(other.txId, 'confirm', 'Paid.', ADMIN, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().status).toBe('IDEMPOTENCY_KEY_REUSED');
    const [still] = await t.database.db.select().from(partnerWithdrawals).where(eq(partnerWithdrawals.txId, other.txId));
    expect(still).toMatchObject({ status: 'PENDING', confirmedBy: null, note: null });
    expect(await t.database.db.select().from(activities).where(eq(activities.targetId, other.txId))).toHaveLength(1); // its request only
    expect((await balance()).balance).toBe(subDec(before.balance, '51'));
  });

  it('an unknown request is not found, a malformed id refused, with the same message', async () => {
    expectError(await decide(crypto.randomUUID(), 'confirm', 'Paid.'), 404, [PARTNER_MESSAGES.WITHDRAWAL_NOT_FOUND]);
    expectError(await decide('not-a-request', 'confirm', 'Paid.'), 400, [PARTNER_MESSAGES.WITHDRAWAL_NOT_FOUND]);
  });

  it('needs a note, and the approve or reject permission', async () => {
    const w = await requestOk('55');
    expectError(await decide(w.txId, 'confirm', '   '), 400, [PARTNER_MESSAGES.NOTE_REQUIRED]);
    expectError(await decide(w.txId, 'approve', 'x'), 400, [PARTNER_MESSAGES.ACTION_TYPE]);
    // The partner holds the page but neither decision permission; an operator admin lacks the page.
    expectForbidden(await decide(w.txId, 'confirm', 'Self-approved.', PARTNER));
    expectForbidden(await decide(w.txId, 'confirm', 'Mine now.', OPA));
    // An admin without the approve permission may still reject.
    await withPermissions('ops.admin@demo.local', { revoked: ['transactions_withdraw_approve'] }, async () => {
      const cookie = await signIn('ops.admin@demo.local');
      const as = (actionType: string) => t.app.inject({ method: 'PUT', url: DECIDE, headers: { cookie, ...newKey() }, payload: { txId: w.txId, actionType, note: 'Checked.' } });
      expectForbidden(await as('confirm'));
      expect((await as('reject')).statusCode).toBe(200);
    });
    const [row] = await t.database.db.select().from(partnerWithdrawals).where(eq(partnerWithdrawals.txId, w.txId));
    expect(row).toMatchObject({ status: 'REJECTED', rejectedBy: 'ops.admin@demo.local', note: 'Checked.' });
    const [opsAdmin] = await t.database.db.select().from(users).where(eq(users.email, 'ops.admin@demo.local'));
    expect(opsAdmin!.revokedPermissions).toEqual([]);
  });

  it("another operator's staff with the withdraw page and the approve permission cannot reach a partner's request (404)", async () => {
    const [bravo] = await t.database.db.insert(partnerWithdrawals).values({
      opId: 'op-bravo', fromAmount: '10', fromCurrency: 'USD', fromAmountInUsd: '10', toAmount: '10', toCurrency: 'USDT', toAmountInUsd: '10',
      network: 'TRON', destinationAddress: WALLET, requestedBy: 'someone@bravo.test',
    }).returning();
    const res = await t.call('POST', '/api/partners/transactions/withdraw-history', { as: PARTNER, body: { limit: 100 } });
    const mine = res.json().data.items as PartnerWithdrawRow[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((x) => x.txId === bravo!.txId)).toBe(false);
    const w = await requestOk('52');
    await withPermissions(OPA, { extra: ['partners_withdraw', 'transactions_withdraw_approve'] }, async () => {
      // Bravo's request is not found for Alpha's admin, whatever the permissions; Alpha's partner's request is theirs to decide.
      expectError(await decide(bravo!.txId, 'confirm', 'Not mine.', OPA), 404, [PARTNER_MESSAGES.WITHDRAWAL_NOT_FOUND]);
      const own = await decide(w.txId, 'confirm', 'Paid by the operator.', OPA);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data).toMatchObject({ txId: w.txId, status: 'CONFIRMED', confirmedBy: OPA });
    });
    const [still] = await t.database.db.select().from(partnerWithdrawals).where(eq(partnerWithdrawals.txId, bravo!.txId));
    expect(still).toMatchObject({ status: 'PENDING', confirmedBy: null });
    // Without the keys again, Alpha's admin is refused before anything is looked up.
    expectForbidden(await decide(bravo!.txId, 'confirm', 'x', OPA));
  });

  it('the ledger still reconciles', async () => {
    const r = await reconcile(t.database.db);
    expect(r.problems).toEqual([]);
  });
});

describe('withdraw history', () => {
  it('a partner sees its own requests (when, the note; not which staff member decided); staff every partner, by status, with who decided', async () => {
    const mine = await t.call('POST', '/api/partners/transactions/withdraw-history', { as: PARTNER, body: { itemsPerPage: 50, page: 1 } });
    expect(mine.statusCode, mine.body).toBe(200);
    const items = mine.json().data.items as PartnerWithdrawRow[];
    expect(items.length).toBeGreaterThan(3);
    expect(items.every((i) => i.opId === OP)).toBe(true);
    expect(mine.json().data.limit).toBe(50);
    const rejected = items.find((i) => i.status === 'REJECTED' && i.note?.startsWith('The wallet address'));
    expect(rejected!.rejectedAt).not.toBeNull();
    // Staff e-mails are staff's: the partner's answer names no decider (the endpoint's fieldAccess).
    expect(items.every((i) => !('rejectedBy' in i) && !('confirmedBy' in i))).toBe(true);
    expect(mine.body).not.toContain('superadmin@demo.local');
    const all = await t.call('POST', '/api/partners/transactions/withdraw-history', { as: ADMIN, body: { limit: 100 } });
    expect((all.json().data.items as PartnerWithdrawRow[]).find((i) => i.txId === rejected!.txId)).toMatchObject({ rejectedBy: 'superadmin@demo.local' });
    const pending = await t.call('POST', '/api/partners/transactions/withdraw-history', { as: ADMIN, body: { status: 'PENDING', limit: 100 } });
    const rows = pending.json().data.items as PartnerWithdrawRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'PENDING')).toBe(true);
    expect(rows.some((r) => r.opId === 'op-bravo')).toBe(true);
    expectError(await t.call('POST', '/api/partners/transactions/withdraw-history', { as: ADMIN, body: { status: 'PAID' } }), 400, [PARTNER_MESSAGES.WITHDRAW_STATUS_INVALID]);
    expectForbidden(await t.call('POST', '/api/partners/transactions/withdraw-history', { as: OPA, body: {} }));
    expectError(await t.call('POST', '/api/partners/transactions/withdraw-history', { as: PARTNER, body: { opId: 'op-alpha' } }), 404, ['Operator not found, please select an operator.']);
  });
});

describe('partner settings', () => {
  const valid = { opId: OP, ...NEW_PARTNER_SETTINGS, isActive: true, casinoSharePercentage: 40, minWithdrawAmountInUSD: 25 };
  it('saves whole percentages 1–100 and a minimum withdraw ≥ 1 USD, with the activity', async () => {
    const res = await t.call('POST', '/api/partners/settings', { as: ADMIN, body: valid });
    expect(res.json()).toMatchObject({ success: true, messages: [PARTNER_MESSAGES.SETTINGS_UPDATED], data: { opId: OP, isActive: true, casinoSharePercentage: 40, sportSharePercentage: 1, minWithdrawAmountInUSD: 25, domain: DEMO_PARTNER.domain } });
    expect(await t.lastActivity()).toMatchObject({ action: 'PARTNER_SETTINGS_UPDATE', targetType: 'operator', targetId: OP, before: { casinoSharePercentage: 35 }, after: { casinoSharePercentage: 40 } });
    expect((await balance()).minWithdrawAmountInUSD).toBe(25);
  });

  it('refuses other values with the rule messages', async () => {
    for (const v of [0, 101, 1.5, 'ten']) {
      expectError(await t.call('POST', '/api/partners/settings', { as: ADMIN, body: { ...valid, sportSharePercentage: v } }), 400, [PARTNER_MESSAGES.PERCENT]);
    }
    for (const v of [0, 2.5, -3]) {
      expectError(await t.call('POST', '/api/partners/settings', { as: ADMIN, body: { ...valid, minWithdrawAmountInUSD: v } }), 400, [PARTNER_MESSAGES.MIN_WITHDRAW]);
    }
    expectError(await t.call('POST', '/api/partners/settings', { as: ADMIN, body: { ...valid, domain: 'https://alpha.example' } }), 400, [PARTNER_MESSAGES.DOMAIN_NO_PROTOCOL]);
    expectError(await t.call('POST', '/api/partners/settings', { as: ADMIN, body: { ...valid, domain: 'alpha partners.example' } }), 400, [PARTNER_MESSAGES.DOMAIN_INVALID]);
    expectError(await t.call('POST', '/api/partners/settings', { as: ADMIN, body: { ...valid, domain: `${'a'.repeat(60)}.com` } }), 400, [PARTNER_MESSAGES.DOMAIN_INVALID]);
    expect((await t.call('POST', '/api/partners/settings', { as: ADMIN, body: { ...valid, domain: `${'a'.repeat(59)}.com` } })).statusCode).toBe(200);
    await t.call('POST', '/api/partners/settings', { as: ADMIN, body: { ...valid, domain: DEMO_PARTNER.domain } });
  });

  it('needs SUPER_ADMIN or ADMIN, and a partner', async () => {
    expectForbidden(await t.call('POST', '/api/partners/settings', { as: PARTNER, body: valid }));
    expectForbidden(await t.call('POST', '/api/partners/settings', { as: OPA, body: valid }));
    expectError(await t.call('POST', '/api/partners/settings', { as: ADMIN, body: { ...valid, opId: 'op-alpha' } }), 404, [PARTNER_MESSAGES.PARTNER_NOT_FOUND]);
    expectError(await t.call('POST', '/api/partners/settings', { as: ADMIN, body: { ...valid, opId: 'nobody' } }), 404, ['Operator not found, please select an operator.']);
  });
});

describe('partner wizard, step 1: the brand', () => {
  const NEW = '/api/operators/brands/new/v3';
  it('creates an operator of kind PARTNER under an ACTIVE parent, with the new-partner settings (inactive, each value 1)', async () => {
    const res = await t.call('POST', NEW, { as: SUPER, body: { parentOpId: 'op-bravo', title: 'Lucky Affiliates Co', domain: 'Lucky-Aff.example' } });
    expect(res.statusCode, res.body).toBe(200);
    const { opId } = res.json().data as { opId: string };
    expect(res.json()).toMatchObject({ messages: [PARTNER_MESSAGES.INITIALIZED], data: { title: 'Lucky Affiliates Co', parentOpId: 'op-bravo', domain: 'lucky-aff.example' } });
    expect(opId).toBe('lucky-affi');
    expect(opId.length).toBeLessThanOrEqual(PARTNER_OP_ID_MAX);
    const [op] = await t.database.db.select().from(operators).where(eq(operators.opId, opId));
    expect(op).toMatchObject({ kind: 'PARTNER', parentOpId: 'op-bravo', status: 'ACTIVE', title: 'Lucky Affiliates Co' });
    const [s] = await t.database.db.select().from(partnerSettings).where(eq(partnerSettings.opId, opId));
    expect(s).toMatchObject({ isActive: false, casinoSharePercentage: 1, sportSharePercentage: 1, affiliateFeePercentage: 1, bonusFeePercentage: 1, cashbackFeePercentage: 1, depositFeePercentage: 1, withdrawFeePercentage: 1, minWithdrawAmountInUsd: 1, settingsUpdatedAt: null, domain: 'lucky-aff.example' });
    expect(await t.lastActivity()).toMatchObject({ action: 'PARTNER_CREATE', targetType: 'operator', targetId: opId, opId, actorEmail: SUPER });
    // The same name again: a numbered opId.
    const again = await t.call('POST', NEW, { as: ADMIN, body: { parentOpId: 'op-bravo', title: 'Lucky Affiliates Co', domain: 'lucky2.example' } });
    expect(again.json().data.opId).toBe('lucky-a-2');
    // The new partner is in the operators of the session at once (the operators cache dropped).
    const me = await t.call('GET', '/api/users/me', { as: SUPER });
    expect(JSON.stringify(me.json().data)).toContain('lucky-affi');
  });

  it('refuses a missing or inactive parent, a brand or a partner as parent, and a bad name or domain', async () => {
    expectError(await t.call('POST', NEW, { as: SUPER, body: { title: 'X Partners', domain: 'x.example' } }), 400, [PARTNER_MESSAGES.PARENT_REQUIRED]);
    expectError(await t.call('POST', NEW, { as: SUPER, body: { parentOpId: 'alpha-bet', title: 'X Partners', domain: 'x.example' } }), 400, [PARTNER_MESSAGES.PARENT_NOT_OPERATOR]);
    expectError(await t.call('POST', NEW, { as: SUPER, body: { parentOpId: OP, title: 'X Partners', domain: 'x.example' } }), 400, [PARTNER_MESSAGES.PARENT_NOT_OPERATOR]);
    await t.database.db.update(operators).set({ status: 'INACTIVE' }).where(eq(operators.opId, 'op-charlie'));
    expectError(await t.call('POST', NEW, { as: SUPER, body: { parentOpId: 'op-charlie', title: 'X Partners', domain: 'x.example' } }), 400, [PARTNER_MESSAGES.PARENT_INACTIVE]);
    await t.database.db.update(operators).set({ status: 'ACTIVE' }).where(eq(operators.opId, 'op-charlie'));
    expectError(await t.call('POST', NEW, { as: SUPER, body: { parentOpId: 'op-alpha', title: '', domain: 'x.example' } }), 400, [PARTNER_MESSAGES.NAME_REQUIRED]);
    expectError(await t.call('POST', NEW, { as: SUPER, body: { parentOpId: 'op-alpha', title: 'A'.repeat(21), domain: 'x.example' } }), 400, [PARTNER_MESSAGES.NAME_MAX]);
    expectError(await t.call('POST', NEW, { as: SUPER, body: { parentOpId: 'op-alpha', title: 'X Partners', domain: '' } }), 400, [PARTNER_MESSAGES.DOMAIN_REQUIRED]);
    expectError(await t.call('POST', NEW, { as: SUPER, body: { parentOpId: 'op-alpha', title: 'X Partners', domain: 'http://x.example' } }), 400, [PARTNER_MESSAGES.DOMAIN_NO_PROTOCOL]);
    expectError(await t.call('POST', NEW, { as: SUPER, body: { parentOpId: 'op-alpha', title: 'X Partners', domain: 'x_y.example' } }), 400, [PARTNER_MESSAGES.DOMAIN_INVALID]);
    expect((await t.database.db.select().from(operators).where(eq(operators.title, 'X Partners')))).toEqual([]);
  });

  it('needs SUPER_ADMIN or ADMIN', async () => {
    expectForbidden(await t.call('POST', NEW, { as: OPA, body: { parentOpId: 'op-alpha', title: 'Mine', domain: 'mine.example' } }));
    expectForbidden(await t.call('POST', NEW, { as: PARTNER, body: { parentOpId: 'op-alpha', title: 'Mine', domain: 'mine.example' } }));
  });
});

describe('partner wizard, the three calls in a row', () => {
  it('brand, then its PARTNER user (code `{opId}-NNNN`), then its settings: the user signs in and sees its own partner only', async () => {
    const brand = await t.call('POST', '/api/operators/brands/new/v3', { as: ADMIN, body: { parentOpId: 'op-alpha', title: 'Star Partners', domain: 'star.example' } });
    const opId = brand.json().data.opId as string;
    const userCode = partnerUserCodeOf(opId);
    expect(userCode).toMatch(new RegExp(`^${opId}-[1-9]\\d{3}$`));
    const user = await t.call('POST', '/api/users', { as: ADMIN, body: { email: 'star@demo.local', nickname: 'star partner', password: 'Star-Pass-2026', role: 'PARTNER', opId, userCode } });
    expect(user.statusCode, user.body).toBe(200);
    expect(user.json().data).toMatchObject({ role: 'PARTNER', opId, opTitle: 'Star Partners', parentOpTitle: 'Alpha Gaming' });
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'star@demo.local'));
    expect(u!.userCode).toBe(userCode);
    // Until step 3 the new partner has the new-partner settings (inactive): no withdrawal request.
    const early = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'star@demo.local', password: 'Star-Pass-2026' } });
    const earlyCookie = `pitboss_session=${early.cookies.find((c) => c.name === 'pitboss_session')!.value}`;
    expect((await t.app.inject({ method: 'POST', url: '/api/partners/balance', headers: { cookie: earlyCookie }, payload: { opId } })).json().data).toMatchObject({ isActive: false });
    const refused = await t.app.inject({ method: 'POST', url: WITHDRAW, headers: { cookie: earlyCookie, ...newKey() }, payload: { opId, amount: '5', walletAddress: WALLET, currency: 'USDT', network: 'TRON' } });
    expectError(refused, 409, [PARTNER_MESSAGES.WITHDRAW_INACTIVE]);
    const settings = await t.call('POST', '/api/partners/settings', { as: ADMIN, body: { opId, ...NEW_PARTNER_SETTINGS, isActive: true } });
    expect(settings.json().messages).toEqual([PARTNER_MESSAGES.SETTINGS_UPDATED]);
    // A PARTNER account is never made for an operator that is not a partner.
    expectError(await t.call('POST', '/api/users', { as: ADMIN, body: { email: 'wrong@demo.local', nickname: 'wrong one', password: 'Star-Pass-2026', role: 'PARTNER', opId: 'op-alpha' } }), 400, [STAFF_MESSAGES.PARTNER_NEEDS_PARTNER_OPERATOR]);

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'star@demo.local', password: 'Star-Pass-2026' } });
    const cookie = `pitboss_session=${res.cookies.find((c) => c.name === 'pitboss_session')!.value}`;
    const own = await t.app.inject({ method: 'POST', url: '/api/partners/dashboard', headers: { cookie }, payload: { opId, period: 'TODAY' } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ opId, title: 'Star Partners', current: { registered: 0, deposits: 0 } });
    const other = await t.app.inject({ method: 'POST', url: '/api/partners/dashboard', headers: { cookie }, payload: { opId: OP, period: 'TODAY' } });
    expect(other.statusCode).toBe(404);
    const balanceOf = await t.app.inject({ method: 'POST', url: '/api/partners/balance', headers: { cookie }, payload: { opId } });
    expect(balanceOf.json().data).toMatchObject({ balance: '0.00000000', isActive: true });
    // With no balance there is nothing to withdraw.
    const w = await t.app.inject({ method: 'POST', url: WITHDRAW, headers: { cookie, ...newKey() }, payload: { opId, amount: '5', walletAddress: WALLET, currency: 'USDT', network: 'TRON' } });
    expect(w.json().messages).toEqual([PARTNER_MESSAGES.AMOUNT_OVER_BALANCE]);
  });
});

describe('partner list and partner users', () => {
  it('lists partners by name with the parent operator, settings and users; filters by status and name', async () => {
    const res = await t.call('POST', '/api/partners/list', { as: ADMIN, body: { limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { opId: string; title: string; parentOpTitle: string; settings: { isActive: boolean }; users: { email: string }[] }[];
    const titles = items.map((i) => i.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(items.find((i) => i.opId === OP)).toMatchObject({ title: 'Alpha Partners', parentOpTitle: 'Alpha Gaming', settings: { isActive: true }, users: [{ email: PARTNER }] });
    // The partners the wizard made above keep the new-partner settings (inactive); the demo partner is active.
    const inactive = (await t.call('POST', '/api/partners/list', { as: ADMIN, body: { status: 'inactive', limit: 100 } })).json().data.items as { opId: string; settings: { isActive: boolean } }[];
    expect(inactive.map((i) => i.opId)).toEqual(expect.arrayContaining(['lucky-affi', 'lucky-a-2']));
    expect(inactive.map((i) => i.opId)).not.toContain(OP);
    expect(inactive.filter((i) => i.settings.isActive)).toEqual([]);
    const active = (await t.call('POST', '/api/partners/list', { as: ADMIN, body: { status: 'active', limit: 100 } })).json().data.items as { opId: string; settings: { isActive: boolean } }[];
    expect(active.map((i) => i.opId)).toContain(OP);
    expect(active.filter((i) => !i.settings.isActive)).toEqual([]);
    const search = await t.call('POST', '/api/partners/list', { as: ADMIN, body: { search: 'alpha' } });
    expect(search.json().data.items.map((i: { opId: string }) => i.opId)).toEqual([OP]);
    const bravo = (await t.call('POST', '/api/partners/list', { as: ADMIN, body: { opId: 'op-bravo', includeBrands: true } })).json().data.items as { opId: string; parentOpId: string }[];
    expect(bravo.map((i) => i.opId).sort()).toEqual(['lucky-a-2', 'lucky-affi']);
    expect(bravo.map((i) => i.parentOpId)).toEqual(['op-bravo', 'op-bravo']);
    expectError(await t.call('POST', '/api/partners/list', { as: ADMIN, body: { status: 'paused' } }), 400, [PARTNER_MESSAGES.STATUS_INVALID]);
    expectForbidden(await t.call('POST', '/api/partners/list', { as: OPA, body: {} }));
    expectForbidden(await t.call('POST', '/api/partners/list', { as: PARTNER, body: {} }));
  });

  it("the wizard's partner lookup (002 §7, §9): the admin list by the partner's opId, role PARTNER, limit 50, page 1", async () => {
    const lookup = (as: Login, opId: string) => t.call('POST', '/api/users/list', { as, body: { opId, role: 'PARTNER', limit: 50, page: 1 } });
    const res = await lookup(ADMIN, OP);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { email: string; role: string; opId: string; isBlocked: boolean }[];
    expect(items.map((u) => u.email)).toEqual([PARTNER]);
    expect(items[0]).toMatchObject({ role: 'PARTNER', opId: OP, isBlocked: false });
    // A partner with no user yet answers none (Complete Setup then leaves the user step empty).
    expect((await lookup(SUPER, 'lucky-affi')).json().data.items).toEqual([]);
    // Operator staff reach their own partner only; another operator's partner is not found.
    expect((await lookup(OPA, OP)).json().data.items.map((u: { email: string }) => u.email)).toEqual([PARTNER]);
    expect((await lookup(OPA, 'lucky-affi')).statusCode).toBe(404);
    // Over the page size of the list is refused with the list's message; a partner user has no admin list.
    expect((await t.call('POST', '/api/users/list', { as: ADMIN, body: { opId: OP, role: 'PARTNER', limit: 100_000 } })).statusCode).toBe(400);
    expectForbidden(await lookup(PARTNER, OP));
  });

  it("deletes a partner's user (type-to-confirm), never another kind of account", async () => {
    const [u] = await t.database.db.insert(users).values({ email: 'second.partner@demo.local', passwordHash: await hashPassword(DEMO_PASSWORD), nickname: 'second partner', role: 'PARTNER', opId: OP }).returning();
    const cookie = await signIn('second.partner@demo.local');
    expectError(await t.call('POST', '/api/affiliates/delete', { as: ADMIN, body: { adminId: u!.id, adminEmail: 'wrong@demo.local' } }), 400, [PARTNER_MESSAGES.AFFILIATE_DELETE_CONFIRM]);
    const res = await t.call('POST', '/api/affiliates/delete', { as: ADMIN, body: { adminId: u!.id, adminEmail: 'second.partner@demo.local' } });
    expect(res.json()).toEqual({ success: true, data: { id: u!.id, deleted: true }, messages: [PARTNER_MESSAGES.AFFILIATE_DELETED] });
    expect(await t.database.db.select().from(users).where(eq(users.id, u!.id))).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u!.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
    expect(await t.lastActivity()).toMatchObject({ action: 'AFFILIATE_DELETE', targetType: 'user', targetId: 'second.partner@demo.local', opId: OP });
    const [opm] = await t.database.db.select().from(users).where(eq(users.email, 'operator.manager@demo.local'));
    expectError(await t.call('POST', '/api/affiliates/delete', { as: ADMIN, body: { adminId: opm!.id, adminEmail: 'operator.manager@demo.local' } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    const [p] = await t.database.db.select().from(users).where(eq(users.email, PARTNER));
    expectForbidden(await t.call('POST', '/api/affiliates/delete', { as: OPA, body: { adminId: p!.id, adminEmail: PARTNER } }));
  });
});

describe('channels', () => {
  it('a partner creates its own channel (no partner select); the link points at its domain with aff and ch', async () => {
    const res = await t.call('POST', '/api/partners/channels', { as: PARTNER, body: { channelId: 'spring_promo', description: 'Spring promo' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ messages: [PARTNER_MESSAGES.CHANNEL_CREATED], data: { opId: OP, channelId: 'spring_promo', trackingLink: `https://${DEMO_PARTNER.domain}/?aff=${OP}&ch=spring_promo`, players: 0 } });
    expect(await t.lastActivity()).toMatchObject({ action: 'CHANNEL_CREATE', targetType: 'partnerChannel', targetId: `${OP}/spring_promo`, opId: OP });
    expectError(await t.call('POST', '/api/partners/channels', { as: PARTNER, body: { channelId: 'spring_promo', description: 'Again' } }), 409, [PARTNER_MESSAGES.CHANNEL_EXISTS]);
    expectError(await t.call('POST', '/api/partners/channels', { as: PARTNER, body: { channelId: 'x', description: 'Too short' } }), 400, [PARTNER_MESSAGES.CHANNEL_ID_INVALID]);
    expectError(await t.call('POST', '/api/partners/channels', { as: PARTNER, body: { channelId: 'has space', description: 'Bad' } }), 400, [PARTNER_MESSAGES.CHANNEL_ID_INVALID]);
    expectError(await t.call('POST', '/api/partners/channels', { as: PARTNER, body: { channelId: 'ok-id', description: '' } }), 400, [PARTNER_MESSAGES.CHANNEL_NAME_INVALID]);
    expectError(await t.call('POST', '/api/partners/channels', { as: PARTNER, body: { opId: 'op-bravo', channelId: 'ok-id', description: 'Theirs' } }), 404, ['Operator not found, please select an operator.']);
  });

  it('SUPER_ADMIN and ADMIN must choose the partner; operator staff cannot create channels', async () => {
    expectError(await t.call('POST', '/api/partners/channels', { as: SUPER, body: { channelId: 'admin-made', description: 'By admin' } }), 400, [PARTNER_MESSAGES.PARTNER_REQUIRED]);
    const res = await t.call('POST', '/api/partners/channels', { as: SUPER, body: { opId: OP, channelId: 'admin-made', description: 'By admin' } });
    expect(res.json().data).toMatchObject({ opId: OP, createdBy: SUPER });
    expectError(await t.call('POST', '/api/partners/channels', { as: ADMIN, body: { opId: 'op-alpha', channelId: 'admin-made2', description: 'Not a partner' } }), 404, [PARTNER_MESSAGES.PARTNER_NOT_FOUND]);
    expectForbidden(await t.call('POST', '/api/partners/channels', { as: OPA, body: { opId: OP, channelId: 'opa', description: 'x' } }));
  });

  it('a partner without a domain has no tracking link until one is set or given', async () => {
    await t.database.db.insert(operators).values({ opId: 'nodomain-p', title: 'No Domain Partners', parentOpId: 'op-bravo', kind: 'PARTNER', allowedCurrencies: ['USD'], status: 'ACTIVE' });
    await t.database.db.insert(partnerSettings).values({ opId: 'nodomain-p', domain: null });
    await invalidate(t.database.db, 'operators');
    expectError(await t.call('POST', '/api/partners/channels', { as: ADMIN, body: { opId: 'nodomain-p', channelId: 'first', description: 'First' } }), 400, [PARTNER_MESSAGES.NO_DOMAIN]);
    const res = await t.call('POST', '/api/partners/channels', { as: ADMIN, body: { opId: 'nodomain-p', channelId: 'first', description: 'First', domain: 'given.example' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ opId: 'nodomain-p', domain: 'given.example', trackingLink: 'https://given.example/?aff=nodomain-p&ch=first' });
  });

  it("lists channels with the players each brought; a partner sees its own", async () => {
    const res = await t.call('POST', '/api/partners/channels/list', { as: PARTNER, body: { limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { opId: string; channelId: string; players: number }[];
    expect(items.map((i) => i.channelId)).toEqual(expect.arrayContaining(['ch-1', 'ch-2', 'ch-3', 'spring_promo', 'admin-made']));
    expect(items.filter((i) => i.opId !== OP)).toEqual([]);
    // Search by the channel ID or name, the text as typed (_ is no wildcard).
    const search = async (text: string) => ((await t.call('POST', '/api/partners/channels/list', { as: PARTNER, body: { search: text } })).json().data.items as { channelId: string }[]).map((i) => i.channelId);
    expect(await search('telegram')).toEqual(['ch-2']);
    expect(await search('_')).toEqual(['spring_promo']);
    expect(await search('ch-')).toEqual(expect.arrayContaining(['ch-1', 'ch-2', 'ch-3']));
    const [ch1] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from players where aff_id = ${OP} and channel_id = 'ch-1'`);
    expect(items.find((i) => i.channelId === 'ch-1')!.players).toBe(ch1!.n);
    expect(ch1!.n).toBeGreaterThan(0);
    // Who added a channel is staff's: the partner's answer names no one; staff read it.
    expect(items.every((i) => !('createdBy' in i))).toBe(true);
    // Operator staff read their partners' channels; another operator is not theirs.
    const staff = await t.call('POST', '/api/partners/channels/list', { as: OPA, body: {} });
    expect(staff.statusCode).toBe(200);
    expect((staff.json().data.items as { channelId: string; createdBy?: string }[]).find((i) => i.channelId === 'admin-made')?.createdBy).toMatch(/@demo\.local$/);
    expectError(await t.call('POST', '/api/partners/channels/list', { as: OPA, body: { opId: 'op-bravo' } }), 404, ['Operator not found, please select an operator.']);
  });
});

describe('reports', () => {
  it("active players: the partner's players with activity in the last 30 days, with their count", async () => {
    const res = await t.call('POST', '/api/reports/affiliate/active-players', { as: PARTNER, body: { opId: OP, page: 1, limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const [n] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from players where aff_id = ${OP} and not is_deleted and last_activity_at >= now() - interval '30 days'`);
    expect(res.json().data.count).toBe(n!.n);
    expect(n!.n).toBeGreaterThan(0);
    expect(res.json().data.items.length).toBe(Math.min(100, n!.n));
    expectForbidden(await t.call('POST', '/api/reports/affiliate/active-players', { as: OPA, body: { opId: OP } }));
    expectError(await t.call('POST', '/api/reports/affiliate/active-players', { as: PARTNER, body: { opId: 'op-alpha' } }), 404, ['Operator not found, please select an operator.']);
  });

  it("the dashboard's figures come from the partner's players, the transactions and the ledger", async () => {
    const res = await t.call('POST', '/api/partners/dashboard', { as: PARTNER, body: { opId: OP, period: 'THIS_YEAR' } });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    const w = reportWindow('THIS_YEAR', new Date(), 'UTC');
    expect(d.labels).toHaveLength(12);
    const [reg] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${players} where aff_id = ${OP} and created_at >= ${w.current.from.toISOString()}::timestamptz`);
    expect(d.current.registered).toBe(reg!.n);
    expect(d.series.registered.current.reduce((a: number, b: number) => a + b, 0)).toBe(reg!.n);
    const [dep] = await rowsOf<{ n: number; s: string; f: number }>(t.database.db, sql`select count(*)::int as n, coalesce(sum(t.to_amount_in_usd), 0)::text as s, (count(*) filter (where t.is_ftd))::int as f
      from transactions t join players p on p.id = t.player_id where p.aff_id = ${OP} and t.transaction_type = 'DEPOSIT' and t.status = 'CONFIRMED' and not t.is_deleted
      and t.created_at >= ${w.current.from.toISOString()}::timestamptz`);
    expect(d.current.deposits).toBe(dep!.n);
    expect(toUnits(d.current.depositAmountInUSD)).toBe(toUnits(dep!.s));
    expect(d.current.ftd).toBe(dep!.f);
    expect(reg!.n + dep!.n).toBeGreaterThan(0);
    for (const p of ['TODAY', 'THIS_WEEK', 'THIS_MONTH']) {
      const r = await t.call('POST', '/api/partners/dashboard', { as: ADMIN, body: { opId: OP, period: p } });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.series.registered.current).toHaveLength(r.json().data.labels.length);
    }
    expectForbidden(await t.call('POST', '/api/partners/dashboard', { as: OPA, body: { opId: OP } }));
    expectError(await t.call('POST', '/api/partners/dashboard', { as: PARTNER, body: { opId: 'op-alpha' } }), 404, ['Operator not found, please select an operator.']);
    expectError(await t.call('POST', '/api/partners/dashboard', { as: PARTNER, body: { opId: OP, period: 'FOREVER' } }), 400, [PARTNER_MESSAGES.PERIOD_INVALID]);
    expectError(await t.call('POST', '/api/partners/dashboard', { as: PARTNER, body: { opId: OP, period: 'this_year' } }), 400, [PARTNER_MESSAGES.PERIOD_INVALID]);
  });
});

// Players of the demo partner are Alpha Gaming's only.
it('the demo partner brings players to its parent operator only', async () => {
  const rows = await t.database.db.select({ op: players.opId }).from(players).where(eq(players.affId, OP)).groupBy(players.opId);
  expect(rows.map((r) => r.op).sort()).toEqual(['alpha-bet', 'alpha-casino', 'op-alpha']);
});
