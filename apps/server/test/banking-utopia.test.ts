import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BANKING_MESSAGES, MSG, PAYMENT_MESSAGES, PLATFORM_MESSAGES, addDec, cmpDec, fromUnits, subDec, toUnits } from '@pitboss/contract';
import { treasuries, treasuryEntries } from '../src/db/schema.js';
import { reconcile } from '../src/modules/wallet/ledger.js';
import { UTOPIA_SIM_MESSAGES, makeVoucher, redeemVoucher } from '../src/modules/banking/utopia.js';
import { idemKey, makeTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let alphaWallet: string, bravoWallet: string, casinoWallet: string;
const TOPUP = '/api/paymentsV2/withdraw/utopia/wallet/topup';
const WITHDRAW = '/api/paymentsV2/withdraw/utopia/wallet/withdraw';
const TXS = '/api/paymentsV2/withdraw/utopia/wallet/transactions';

const utopiaOf = async (opId: string) =>
  (await t.database.db.select().from(treasuries).where(and(eq(treasuries.opId, opId), eq(treasuries.provider, 'utopia'))).limit(1))[0]!.uuid;
const balance = async (uuid: string) => (await t.database.db.select().from(treasuries).where(eq(treasuries.uuid, uuid)))[0]!.balance;
/** The treasury equals the sum of its entries and is not negative. */
async function treasuryConsistent(uuid: string) {
  const [s] = await t.database.db.select({ sum: sql<string>`coalesce(sum(${treasuryEntries.amount}), 0)::text` }).from(treasuryEntries).where(eq(treasuryEntries.treasuryUuid, uuid));
  const b = await balance(uuid);
  expect(cmpDec(b, s!.sum)).toBe(0);
  expect(cmpDec(b, '0')).toBeGreaterThanOrEqual(0);
}

beforeAll(async () => {
  t = await makeTestApp();
  alphaWallet = await utopiaOf('op-alpha');
  bravoWallet = await utopiaOf('op-bravo');
  const [c] = await t.database.db.insert(treasuries).values({ opId: 'alpha-casino', provider: 'utopia', title: 'Utopia wallet (alpha-casino)', currency: 'UUSD', balance: '0' }).returning();
  casinoWallet = c!.uuid;
});
// pool.end() resolves before the sockets are closed; on PostgreSQL the helper then drops the
// database WITH (FORCE), which kills still-closing connections. Give them a moment first.
afterAll(async () => {
  const close = t.database.close;
  t.database.close = async () => { await close(); await new Promise((r) => setTimeout(r, 300)); };
  await t.close();
});

describe('the Utopia simulator', () => {
  it('is deterministic: amount from characters 10-14, USED refused, invalid refused', () => {
    const v = makeVoucher(250, 'abc');
    expect(v.length).toBeGreaterThanOrEqual(28);
    expect(redeemVoucher(v)).toMatchObject({ ok: true, amount: '250.00000000' });
    expect(redeemVoucher(v)).toEqual(redeemVoucher(v));
    expect(redeemVoucher(`USED${v}`)).toEqual({ ok: false, message: UTOPIA_SIM_MESSAGES.USED });
    expect(redeemVoucher('X'.repeat(30))).toEqual({ ok: false, message: UTOPIA_SIM_MESSAGES.INVALID });
    expect(redeemVoucher(makeVoucher(0, 'zero'))).toEqual({ ok: false, message: UTOPIA_SIM_MESSAGES.EMPTY });
  });
});

describe('treasuries list', () => {
  it('lists the treasuries in scope with balances and the wallet shape', async () => {
    const res = await t.call('POST', '/api/paymentsV2/treasuries/list', { as: 'operator.admin@demo.local', body: { opId: 'op-alpha' } });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { opId: string; provider: string; balance: string; configs: { config: { wallets: { balance: string }[] } } }[];
    expect(items.map((i) => i.provider).sort()).toEqual(['cpg', 'utopia']);
    const u = items.find((i) => i.provider === 'utopia')!;
    expect(u.configs.config.wallets[0]!.balance).toBe(u.balance);
    expect((await t.call('POST', '/api/paymentsV2/treasuries/list', { as: 'operator.admin@demo.local', body: { opId: 'op-bravo' } })).statusCode).toBe(404);
    for (const as of ['devops@demo.local', 'partner@demo.local'] as const) {
      const d = await t.call('POST', '/api/paymentsV2/treasuries/list', { as, body: {} });
      expect(d.statusCode).toBe(403);
      expect(d.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
  });
});

describe('Utopia top-up', () => {
  it('credits the voucher amount, appends an entry with balanceAfter; audited', async () => {
    const before = await balance(alphaWallet);
    const code = makeVoucher(123, 'first');
    const res = await t.call('POST', TOPUP, { headers: idemKey(), as: 'admin@demo.local', body: { uuid: alphaWallet, voucherCode: code } });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([BANKING_MESSAGES.UTOPIA_TOPUP_DONE]);
    expect(cmpDec(await balance(alphaWallet), addDec(before, '123'))).toBe(0);
    const [e] = await t.database.db.select().from(treasuryEntries).where(eq(treasuryEntries.voucherCode, code));
    expect(e).toMatchObject({ transactionType: 'TOPUP', status: 'CONFIRMED', amount: '123.00000000', currency: 'UUSD', balanceAfter: await balance(alphaWallet) });
    expect(await t.lastActivity()).toMatchObject({ action: 'UTOPIA_WALLET_TOPUP', targetId: alphaWallet, actorEmail: 'admin@demo.local' });
    const again = await t.call('POST', TOPUP, { headers: idemKey(), as: 'superadmin@demo.local', body: { uuid: bravoWallet, voucherCode: code } });
    expect(again.statusCode).toBe(409);
    expect(again.json().messages).toEqual([BANKING_MESSAGES.UTOPIA_VOUCHER_REDEEMED]);
  });

  it.each([
    ['short', 'x'.repeat(27), PAYMENT_MESSAGES.UTOPIA_VOUCHER_MIN, 400],
    ['used at Utopia', `USED${makeVoucher(10, 'used')}`, UTOPIA_SIM_MESSAGES.USED, 400],
    ['invalid', 'Z'.repeat(30), UTOPIA_SIM_MESSAGES.INVALID, 400],
  ])('%s voucher → %s', async (_n, voucherCode, message, status) => {
    const before = await balance(alphaWallet);
    const res = await t.call('POST', TOPUP, { headers: idemKey(), as: 'admin@demo.local', body: { uuid: alphaWallet, voucherCode } });
    expect(res.statusCode).toBe(status);
    expect(res.json().messages).toEqual([message]);
    expect(await balance(alphaWallet)).toBe(before);
  });

  it('only SUPER_ADMIN and ADMIN (403), unknown wallet 404', async () => {
    for (const as of ['operator.admin@demo.local', 'devops@demo.local', 'partner@demo.local'] as const) {
      const res = await t.call('POST', TOPUP, { headers: idemKey(), as, body: { uuid: alphaWallet, voucherCode: makeVoucher(5, 'deny') } });
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
    const res = await t.call('POST', TOPUP, { headers: idemKey(), as: 'admin@demo.local', body: { uuid: crypto.randomUUID(), voucherCode: makeVoucher(5, 'nowallet') } });
    expect(res.statusCode).toBe(404);
    expect(res.json().messages).toEqual([BANKING_MESSAGES.WALLET_NOT_FOUND]);
  });

  it('50 concurrent top-ups with the same voucher (each its own key) credit once', async () => {
    const before = await balance(alphaWallet);
    const code = makeVoucher(77, 'race');
    const results = await Promise.all(Array.from({ length: 50 }, () => t.call('POST', TOPUP, { headers: idemKey(), as: 'admin@demo.local', body: { uuid: alphaWallet, voucherCode: code } })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect(cmpDec(await balance(alphaWallet), addDec(before, '77'))).toBe(0);
    await treasuryConsistent(alphaWallet);
  });

  it('without an Idempotency-Key → 400 with the platform message (top-up and withdraw), balance unchanged', async () => {
    const before = await balance(alphaWallet);
    for (const [url, body] of [[TOPUP, { uuid: alphaWallet, voucherCode: makeVoucher(3, 'nokey') }], [WITHDRAW, { uuid: alphaWallet, amount: '1' }]] as const) {
      const res = await t.call('POST', url, { as: 'admin@demo.local', body });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'IDEMPOTENCY_KEY_REQUIRED', messages: [PLATFORM_MESSAGES.IDEMPOTENCY_KEY_REQUIRED] });
    }
    expect(await balance(alphaWallet)).toBe(before);
  });

  it('the same Idempotency-Key replays the answer', async () => {
    const before = await balance(bravoWallet);
    const headers = { 'idempotency-key': 'utopia-topup-key-1' };
    const body = { uuid: bravoWallet, voucherCode: makeVoucher(9, 'idem') };
    const a = await t.call('POST', TOPUP, { as: 'admin@demo.local', body, headers });
    const b = await t.call('POST', TOPUP, { as: 'admin@demo.local', body, headers });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().data.txId).toBe(a.json().data.txId);
    expect(cmpDec(await balance(bravoWallet), addDec(before, '9'))).toBe(0);
  });
});

describe('Utopia withdraw', () => {
  it('withdraws up to the balance; over the balance is refused; audited', async () => {
    const before = await balance(bravoWallet);
    const res = await t.call('POST', WITHDRAW, { headers: idemKey(), as: 'superadmin@demo.local', body: { uuid: bravoWallet, amount: '10.5' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([BANKING_MESSAGES.UTOPIA_WITHDRAW_DONE]);
    expect(cmpDec(await balance(bravoWallet), subDec(before, '10.5'))).toBe(0);
    expect(await t.lastActivity()).toMatchObject({ action: 'UTOPIA_WALLET_WITHDRAW', targetId: bravoWallet });
    const over = await t.call('POST', WITHDRAW, { headers: idemKey(), as: 'admin@demo.local', body: { uuid: bravoWallet, amount: addDec(await balance(bravoWallet), '0.00000001') } });
    expect(over.statusCode).toBe(400);
    expect(over.json().messages).toEqual([PAYMENT_MESSAGES.UTOPIA_OVER_BALANCE]);
    await treasuryConsistent(bravoWallet);
  });

  it.each([
    ['0', 'Amount must be greater than zero.'],
    ['-1', 'Amount must be a decimal number with at most 8 decimals.'],
    ['1.123456789', 'Amount must be a decimal number with at most 8 decimals.'],
  ])('amount %s → 400', async (amount, message) => {
    const res = await t.call('POST', WITHDRAW, { headers: idemKey(), as: 'admin@demo.local', body: { uuid: bravoWallet, amount } });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual([message]);
  });

  it('only SUPER_ADMIN and ADMIN (403)', async () => {
    const res = await t.call('POST', WITHDRAW, { headers: idemKey(), as: 'operator.admin@demo.local', body: { uuid: alphaWallet, amount: '1' } });
    expect(res.statusCode).toBe(403);
  });

  it('50 concurrent withdrawals of a fifth of the balance: at most 5 succeed, never negative', async () => {
    const before = await balance(alphaWallet);
    const fifth = fromUnits(toUnits(before) / 5n);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      t.call('POST', WITHDRAW, { as: 'admin@demo.local', body: { uuid: alphaWallet, amount: fifth }, headers: { 'idempotency-key': `utopia-wd-${i}-key` } })));
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBeLessThanOrEqual(5);
    expect(okCount).toBeGreaterThanOrEqual(1);
    for (const r of results) if (r.statusCode !== 200) expect(r.json().messages).toEqual([PAYMENT_MESSAGES.UTOPIA_OVER_BALANCE]);
    const after = await balance(alphaWallet);
    expect(cmpDec(after, '0')).toBeGreaterThanOrEqual(0);
    expect(toUnits(after)).toBe(toUnits(before) - BigInt(okCount) * toUnits(fifth));
    await treasuryConsistent(alphaWallet);
  });
});

describe('Utopia transactions', () => {
  it('lists the wallet transactions with the spec fields', async () => {
    const res = await t.call('POST', TXS, { as: 'operator.admin@demo.local', body: { uuid: alphaWallet, page: 1, limit: 5 } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.items).toHaveLength(5);
    expect(d.remaining).toBe(true);
    for (const k of ['txId', 'createdAt', 'updatedAt', 'voucherCode', 'customerId', 'amount', 'fee', 'currency', 'transactionSubType', 'status', 'transactionType', 'voucherRefNo', 'confirmedAt']) {
      expect(d.items[0]).toHaveProperty(k);
    }
    expect(d.items[0].currency).toBe('UUSD');
  });

  it('another operator → 404; wrong roles → 403', async () => {
    expect((await t.call('POST', TXS, { as: 'operator.admin@demo.local', body: { uuid: bravoWallet } })).statusCode).toBe(404);
    expect((await t.call('POST', TXS, { as: 'brand.admin@demo.local', body: { uuid: casinoWallet } })).statusCode).toBe(404);
    expect((await t.call('POST', TXS, { as: 'brand.admin@demo.local', body: { uuid: alphaWallet } })).statusCode).toBe(404);
    const res = await t.call('POST', TXS, { as: 'devops@demo.local', body: { uuid: alphaWallet } });
    expect(res.statusCode).toBe(403);
    expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
  });

  it('player wallets still reconcile', async () => {
    const r = await reconcile(t.database.db);
    expect(r.problems).toEqual([]);
  });
});
