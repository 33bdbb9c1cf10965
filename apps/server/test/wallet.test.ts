import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { MSG, PLATFORM_MESSAGES, TOPUP_MESSAGES, addDec, cmpDec, fromUnits, toUnits } from '@pitboss/contract';
import { players, wallets, ledgerEntries, operators } from '../src/db/schema.js';
import { reconcile } from '../src/modules/wallet/ledger.js';
import { invalidateOperators } from '../src/lib/scope.js';
import { idemKey, makeTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let alphaCode: string;
let bravoCode: string;
beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  alphaCode = (await db.select().from(players).where(eq(players.opId, 'alpha-bet')).limit(1))[0]!.playerCode;
  bravoCode = (await db.select().from(players).where(eq(players.opId, 'op-bravo')).limit(1))[0]!.playerCode;
  await db.update(operators).set({ dailyTopupLimitInUsd: '100000000' });
});
afterAll(async () => { await t.close(); });

const body = (over: Record<string, unknown> = {}) => ({
  playerCode: alphaCode, amount: '10.25', currency: 'USD', action: 'INCREASE', reason: 'COMPENSATION', note: 'Goodwill credit', accept: true, ...over,
});

async function usdBalance(code: string, kind = 'MAIN', currency = 'USD'): Promise<string> {
  const db = t.database.db;
  const [p] = await db.select().from(players).where(eq(players.playerCode, code));
  const [w] = await db.select().from(wallets).where(and(eq(wallets.playerId, p!.id), eq(wallets.kind, kind), eq(wallets.currency, currency)));
  return w?.balance ?? '0';
}

describe('POST /api/player/wallet/topup', () => {
  it('credits the wallet exactly, appends a ledger entry and an audit record', async () => {
    const before = await usdBalance(alphaCode);
    const res = await t.call('POST', '/api/player/wallet/topup', { headers: idemKey(), as: 'admin@demo.local', body: body() });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(cmpDec(d.balanceAfter, addDec(before, '10.25'))).toBe(0);
    expect(cmpDec(await usdBalance(alphaCode), d.balanceAfter)).toBe(0);
    const [entry] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, d.txId));
    expect(entry!.amount).toBe('10.25000000');
    const a = await t.lastActivity();
    expect(a).toMatchObject({ action: 'WALLET_TOPUP_INCREASE', actorEmail: 'admin@demo.local', targetId: alphaCode });
  });

  it('refuses a decrease below zero and changes nothing', async () => {
    const before = await usdBalance(alphaCode);
    const res = await t.call('POST', '/api/player/wallet/topup', { headers: idemKey(), as: 'admin@demo.local', body: body({ action: 'DECREASE', amount: addDec(before, '0.01') }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual([TOPUP_MESSAGES.BELOW_ZERO]);
    expect(await usdBalance(alphaCode)).toBe(before);
  });

  it.each([
    [{ amount: '0' }, 'Amount must not be zero.'],
    [{ amount: '1.5e3' }, 'Amount must be a decimal number with at most 8 decimals.'],
    [{ note: '' }, TOPUP_MESSAGES.NOTE_REQUIRED],
    [{ note: 'x'.repeat(201) }, TOPUP_MESSAGES.NOTE_MAX],
    [{ reason: undefined }, TOPUP_MESSAGES.REASON_REQUIRED],
    [{ accept: false }, TOPUP_MESSAGES.ACCEPT_REQUIRED],
    // alpha-bet tops up in USD plus its additional top-up currencies EUR and TRY (001 §9).
    [{ currency: 'BTC' }, TOPUP_MESSAGES.CURRENCY_NOT_TOPUP('BTC', ['USD', 'EUR', 'TRY'])],
  ])('invalid input %j → 400 with its message', async (over, message) => {
    const res = await t.call('POST', '/api/player/wallet/topup', { headers: idemKey(), as: 'admin@demo.local', body: body(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toContain(message);
  });

  it('is denied to operator roles (403)', async () => {
    const res = await t.call('POST', '/api/player/wallet/topup', { headers: idemKey(), as: 'operator.admin@demo.local', body: body() });
    expect(res.statusCode).toBe(403);
    expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
  });

  it('answers 404 for a player outside the scope', async () => {
    const login = await t.call('POST', '/api/player/wallet/topup', { headers: idemKey(), as: 'admin@demo.local', body: body({ playerCode: 'P999999' }) });
    expect(login.statusCode).toBe(404);
  });

  it('refuses a top-up above the operator daily limit with TOP_UP_LIMIT_HAS_BEEN_EXCEEDED', async () => {
    await t.database.db.update(operators).set({ dailyTopupLimitInUsd: '50' }).where(eq(operators.opId, 'op-bravo'));
    const before = await usdBalance(bravoCode);
    const ok = await t.call('POST', '/api/player/wallet/topup', { headers: idemKey(), as: 'admin@demo.local', body: body({ playerCode: bravoCode, amount: '40' }) });
    expect(ok.statusCode).toBe(200);
    const res = await t.call('POST', '/api/player/wallet/topup', { headers: idemKey(), as: 'admin@demo.local', body: body({ playerCode: bravoCode, amount: '10.01' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'TOP_UP_LIMIT_HAS_BEEN_EXCEEDED', messages: [TOPUP_MESSAGES.LIMIT_EXCEEDED] });
    expect(cmpDec(await usdBalance(bravoCode), addDec(before, '40'))).toBe(0);
    const info = await t.call('POST', '/api/player/wallet/topup/info', { as: 'admin@demo.local', body: { playerCode: bravoCode } });
    expect(info.json().data.stats.todayTotalTopupInUSD).toBe('40.00000000');
    await t.database.db.update(operators).set({ dailyTopupLimitInUsd: '100000000' }).where(eq(operators.opId, 'op-bravo'));
  });
});

describe('top-up currencies: USD plus the operator\'s additionalTopupCurrencies (001 §3, §9)', () => {
  const info = async (playerCode: string) => {
    const res = await t.call('POST', '/api/player/wallet/topup/info', { as: 'admin@demo.local', body: { playerCode } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { currencies: string[]; extraData: { additionalTopupCurrencies: string[] } };
  };
  const casinoPlayer = async () => (await t.database.db.select().from(players).where(eq(players.opId, 'alpha-casino')).limit(1))[0]!;

  it('the Topup Player dialog reads them: the seeded Alpha brands', async () => {
    expect(await info(alphaCode)).toMatchObject({ currencies: ['USD', 'EUR', 'TRY'], extraData: { additionalTopupCurrencies: ['EUR', 'TRY'] } });
    // alpha-casino allows USD, USDT and BTC; it tops up in USD and USDT.
    expect(await info((await casinoPlayer()).playerCode)).toMatchObject({ currencies: ['USD', 'USDT'], extraData: { additionalTopupCurrencies: ['USDT'] } });
    const bravoSpin = (await t.database.db.select().from(players).where(eq(players.opId, 'bravo-spin')).limit(1))[0]!;
    expect(await info(bravoSpin.playerCode)).toMatchObject({ currencies: ['USD'], extraData: { additionalTopupCurrencies: [] } });
  });

  it('an allowed currency outside them is refused with its message, nothing moves; once added it is a top-up currency; one no longer allowed is not', async () => {
    const p = await casinoPlayer();
    const before = await usdBalance(p.playerCode, 'MAIN', 'BTC');
    const refused = await t.call('POST', '/api/player/wallet/topup', { headers: idemKey(), as: 'admin@demo.local', body: body({ playerCode: p.playerCode, currency: 'BTC', amount: '0.001' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages).toEqual([TOPUP_MESSAGES.CURRENCY_NOT_TOPUP('BTC', ['USD', 'USDT'])]);
    expect(await usdBalance(p.playerCode, 'MAIN', 'BTC')).toBe(before);

    const save = await t.call('PUT', '/api/operators/topup-currencies', { as: 'operator.admin@demo.local', body: { opId: 'alpha-casino', additionalTopupCurrencies: ['USDT', 'BTC'] } });
    expect(save.statusCode, save.body).toBe(200);
    expect((await info(p.playerCode)).currencies).toEqual(['USD', 'USDT', 'BTC']);
    const done = await t.call('POST', '/api/player/wallet/topup', { headers: idemKey(), as: 'admin@demo.local', body: body({ playerCode: p.playerCode, currency: 'BTC', amount: '0.001' }) });
    expect(done.statusCode, done.body).toBe(200);
    expect(cmpDec(await usdBalance(p.playerCode, 'MAIN', 'BTC'), addDec(before, '0.001'))).toBe(0);

    // The operator no longer allows BTC (its list still names it): it is not offered, and refused.
    const db = t.database.db;
    await db.update(operators).set({ allowedCurrencies: ['USD', 'USDT'] }).where(eq(operators.opId, 'alpha-casino'));
    await invalidateOperators(db);
    try {
      expect(await info(p.playerCode)).toMatchObject({ currencies: ['USD', 'USDT'], extraData: { additionalTopupCurrencies: ['USDT', 'BTC'] } });
      const gone = await t.call('POST', '/api/player/wallet/topup', { headers: idemKey(), as: 'admin@demo.local', body: body({ playerCode: p.playerCode, currency: 'BTC', amount: '0.001' }) });
      expect(gone.json().messages).toEqual([TOPUP_MESSAGES.CURRENCY_NOT_TOPUP('BTC', ['USD', 'USDT'])]);
    } finally {
      await db.update(operators).set({ allowedCurrencies: ['USD', 'USDT', 'BTC'], additionalTopupCurrencies: ['USDT'] }).where(eq(operators.opId, 'alpha-casino'));
      await invalidateOperators(db);
    }
  });
});

describe('exactly once', () => {
  it('without an Idempotency-Key → 400 with the platform message, nothing moves', async () => {
    const before = await usdBalance(alphaCode);
    const bonusBefore = await usdBalance(alphaCode, 'BONUS');
    for (const [url, b] of [
      ['/api/player/wallet/topup', body()],
      ['/api/player/wallet/topup-bonus', { playerCode: alphaCode, amount: '5', note: 'no key', accept: true }],
    ] as const) {
      const res = await t.call('POST', url, { as: 'admin@demo.local', body: b });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'IDEMPOTENCY_KEY_REQUIRED', messages: [PLATFORM_MESSAGES.IDEMPOTENCY_KEY_REQUIRED] });
    }
    expect(await usdBalance(alphaCode)).toBe(before);
    expect(await usdBalance(alphaCode, 'BONUS')).toBe(bonusBefore);
  });

  it('50 concurrent requests with one Idempotency-Key apply once and replay the same answer', async () => {
    const before = await usdBalance(alphaCode);
    const headers = { 'idempotency-key': 'same-key-0001' };
    const results = await Promise.all(Array.from({ length: 50 }, () =>
      t.call('POST', '/api/player/wallet/topup', { as: 'admin@demo.local', body: body({ amount: '1.10' }), headers })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json().data.txId)).size).toBe(1);
    expect(cmpDec(await usdBalance(alphaCode), addDec(before, '1.10'))).toBe(0);
  });

  it('50 concurrent requests with distinct keys apply 50 times', async () => {
    const before = await usdBalance(alphaCode);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      t.call('POST', '/api/player/wallet/topup', { as: 'admin@demo.local', body: body({ amount: '0.01' }), headers: { 'idempotency-key': `distinct-key-${i}` } })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(cmpDec(await usdBalance(alphaCode), addDec(before, '0.50'))).toBe(0);
  });

  it('the same key with another body is refused', async () => {
    const headers = { 'idempotency-key': 'reused-key-0001' };
    expect((await t.call('POST', '/api/player/wallet/topup', { as: 'admin@demo.local', body: body({ amount: '2' }), headers })).statusCode).toBe(200);
    const res = await t.call('POST', '/api/player/wallet/topup', { as: 'admin@demo.local', body: body({ amount: '3' }), headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().messages).toEqual([TOPUP_MESSAGES.IDEMPOTENCY_MISMATCH]);
  });

  it('50 concurrent decreases never drive the wallet negative', async () => {
    const bal = await usdBalance(bravoCode);
    // Each takes a fifth of the balance, rounded up: at most four can succeed.
    const fifth = fromUnits(toUnits(bal) / 5n + 1n);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      t.call('POST', '/api/player/wallet/topup', { as: 'admin@demo.local', body: body({ playerCode: bravoCode, action: 'DECREASE', amount: fifth }), headers: { 'idempotency-key': `dec-key-${i}` } })));
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBe(4);
    expect(cmpDec(await usdBalance(bravoCode), '0')).toBeGreaterThanOrEqual(0);
  });
});

describe('bonus top-up', () => {
  it('accepts ±100,000,000 and refuses beyond', async () => {
    const ok = await t.call('POST', '/api/player/wallet/topup-bonus', { headers: idemKey(), as: 'superadmin@demo.local', body: { playerCode: alphaCode, amount: '100000000', note: 'max', accept: true } });
    expect(ok.statusCode).toBe(200);
    const res = await t.call('POST', '/api/player/wallet/topup-bonus', { headers: idemKey(), as: 'superadmin@demo.local', body: { playerCode: alphaCode, amount: '100000000.01', note: 'too much', accept: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual([TOPUP_MESSAGES.BONUS_RANGE]);
    expect((await t.lastActivity())!.action).toBe('WALLET_TOPUP_BONUS');
  });
});

describe('conservation (property)', () => {
  it('random interleavings of increases and decreases keep sum = ledger and nothing negative', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ inc: fc.boolean(), cents: fc.integer({ min: 1, max: 50_000 }) }), { minLength: 1, maxLength: 12 }),
      async (ops) => {
        const before = await usdBalance(alphaCode);
        let expected = before;
        const res = await Promise.all(ops.map((o) => t.call('POST', '/api/player/wallet/topup', {
          as: 'admin@demo.local', headers: idemKey(), body: body({ action: o.inc ? 'INCREASE' : 'DECREASE', amount: (o.cents / 100).toFixed(2) }),
        })));
        for (let i = 0; i < ops.length; i++) {
          if (res[i]!.statusCode === 200) expected = addDec(expected, `${ops[i]!.inc ? '' : '-'}${(ops[i]!.cents / 100).toFixed(2)}`);
          else expect(res[i]!.json().messages).toEqual([TOPUP_MESSAGES.BELOW_ZERO]);
        }
        expect(cmpDec(await usdBalance(alphaCode), expected)).toBe(0);
      },
    ), { numRuns: 15 });
  });

  it('reconciliation holds after the money tests', async () => {
    const r = await reconcile(t.database.db);
    expect(r.wallets).toBeGreaterThan(0);
    expect(r.problems).toEqual([]);
  });
});

describe('the seeded demo world', () => {
  it('has transactions of every type, sub-type and status, and reconciles', async () => {
    const { transactions } = await import('../src/db/schema.js');
    const { TX_TYPES, TX_SUB_TYPES, TX_STATUSES } = await import('@pitboss/contract');
    const rows = await t.database.db.selectDistinct({ type: transactions.transactionType, sub: transactions.transactionSubType, status: transactions.status }).from(transactions);
    for (const x of TX_TYPES) expect(rows.some((r) => r.type === x), x).toBe(true);
    for (const x of TX_SUB_TYPES) expect(rows.some((r) => r.sub === x), x).toBe(true);
    // IN_FLIGHT lasts while a provider call is out: transient, never seeded.
    for (const x of TX_STATUSES.filter((s) => s !== 'IN_FLIGHT')) expect(rows.some((r) => r.status === x), x).toBe(true);
  });
});
