import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BANKING_MESSAGES, MSG, PAYMENT_MESSAGES, PLATFORM_MESSAGES, cmpDec, mulDec } from '@pitboss/contract';
import type { Db } from '../src/db/client.js';
import { ledgerEntries, players, wallets } from '../src/db/schema.js';
import { postEntry, reconcile } from '../src/modules/wallet/ledger.js';
import { idemKey, makeTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let alpha: typeof players.$inferSelect;
const URL = '/api/player/wallet/convert';

const credit = (currency: string, amount: string, p = alpha) =>
  t.database.db.transaction((tx) => postEntry(tx as unknown as Db, { playerId: p.id, opId: p.opId, kind: 'MAIN', currency, amount, reason: 'TEST_SETUP' }));
async function bal(currency: string, p = alpha): Promise<string> {
  const [w] = await t.database.db.select().from(wallets).where(and(eq(wallets.playerId, p.id), eq(wallets.kind, 'MAIN'), eq(wallets.currency, currency)));
  return w?.balance ?? 'none';
}
async function emptyWallet(currency: string, p = alpha) {
  const b = await bal(currency, p);
  if (b !== 'none' && cmpDec(b, '0') > 0) await credit(currency, `-${b}`, p);
}

beforeAll(async () => {
  t = await makeTestApp();
  [alpha] = await t.database.db.select().from(players).where(eq(players.opId, 'alpha-bet')).limit(1) as [typeof players.$inferSelect];
  for (const c of ['USD', 'EUR', 'TRY']) { await credit(c, '1'); await emptyWallet(c); }
});
// pool.end() resolves before the sockets are closed; on PostgreSQL the helper then drops the
// database WITH (FORCE), which kills still-closing connections. Give them a moment first.
afterAll(async () => {
  const close = t.database.close;
  t.database.close = async () => { await close(); await new Promise((r) => setTimeout(r, 300)); };
  await t.close();
});

describe('Convert Player Balance', () => {
  it('moves the whole balance at the current rates: two ledger entries with one refId; audited', async () => {
    await credit('EUR', '100');
    const usdBefore = await bal('USD');
    const res = await t.call('POST', URL, { headers: idemKey(), as: 'admin@demo.local', body: { playerId: alpha.id, fromCurrency: 'EUR', toCurrency: 'USD' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([PAYMENT_MESSAGES.BALANCE_CONVERTED('EUR', 'USD')]);
    expect(res.json().messages).toEqual(['Balance Converted from EUR to USD!']);
    const d = res.json().data;
    expect(d).toMatchObject({ fromAmount: '100.00000000', toAmount: '108.00000000' });
    expect(await bal('EUR')).toBe('0.00000000');
    expect(cmpDec(await bal('USD'), usdBefore) ).toBe(1);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, d.refId));
    expect(entries.map((e) => [e.reason, e.amount]).sort()).toEqual([['CONVERT_IN', '108.00000000'], ['CONVERT_OUT', '-100.00000000']]);
    expect(await t.lastActivity()).toMatchObject({ action: 'WALLET_CONVERT', targetId: alpha.playerCode, actorEmail: 'admin@demo.local' });
  });

  it('never creates money: the credit is truncated to 8 places', async () => {
    await credit('TRY', '1');
    const res = await t.call('POST', URL, { headers: idemKey(), as: 'superadmin@demo.local', body: { playerId: alpha.id, fromCurrency: 'TRY', toCurrency: 'EUR' } });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.toAmount).toBe('0.02685185'); // 0.029 / 1.08 = 0.0268518518…
    expect(cmpDec(mulDec(d.toAmount, '1.08'), mulDec('1', '0.029'))).toBeLessThanOrEqual(0);
    expect(cmpDec(d.toAmountInUSD, d.fromAmountInUSD)).toBeLessThanOrEqual(0);
  });

  it('a zero balance → 400 Nothing to convert.', async () => {
    const res = await t.call('POST', URL, { headers: idemKey(), as: 'admin@demo.local', body: { playerId: alpha.id, fromCurrency: 'TRY', toCurrency: 'USD' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual([BANKING_MESSAGES.NOTHING_TO_CONVERT]);
  });

  it.each([
    [{ toCurrency: 'BTC' }, PAYMENT_MESSAGES.CONVERT_TO_REQUIRED],
    [{ toCurrency: '' }, PAYMENT_MESSAGES.CONVERT_TO_REQUIRED],
    [{ toCurrency: 'EUR', fromCurrency: 'EUR' }, 'Choose two different currencies.'],
    [{ fromCurrency: 'ETH' }, BANKING_MESSAGES.CONVERT_FROM_REQUIRED],
    [{ playerId: 'abc' }, 'Player not found.'],
  ])('invalid %j → 400 with its message', async (over, message) => {
    await credit('EUR', '5');
    const res = await t.call('POST', URL, { headers: idemKey(), as: 'admin@demo.local', body: { playerId: alpha.id, fromCurrency: 'EUR', toCurrency: 'USD', ...over } });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toContain(message);
  });

  it('unknown player → 404; wrong roles → 403', async () => {
    const nf = await t.call('POST', URL, { headers: idemKey(), as: 'admin@demo.local', body: { playerId: crypto.randomUUID(), fromCurrency: 'EUR', toCurrency: 'USD' } });
    expect(nf.statusCode).toBe(404);
    expect(nf.json().messages).toEqual([MSG.PLAYER_NOT_FOUND]);
    for (const as of ['operator.admin@demo.local', 'brand.admin@demo.local', 'devops@demo.local', 'partner@demo.local'] as const) {
      const res = await t.call('POST', URL, { headers: idemKey(), as, body: { playerId: alpha.id, fromCurrency: 'EUR', toCurrency: 'USD' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
  });

  it('50 concurrent converts with one Idempotency-Key apply once', async () => {
    await emptyWallet('EUR');
    await credit('EUR', '50');
    const usdBefore = await bal('USD');
    const headers = { 'idempotency-key': 'convert-key-0001' };
    const results = await Promise.all(Array.from({ length: 50 }, () =>
      t.call('POST', URL, { as: 'admin@demo.local', body: { playerId: alpha.id, fromCurrency: 'EUR', toCurrency: 'USD' }, headers })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(results.map((r) => r.json().data.refId)).size).toBe(1);
    expect(await bal('EUR')).toBe('0.00000000');
    expect(cmpDec(await bal('USD'), (Number(usdBefore) + 54).toFixed(8))).toBe(0);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, results[0]!.json().data.refId));
    expect(entries).toHaveLength(2);
  });

  it('without an Idempotency-Key → 400 with the platform message, nothing moves', async () => {
    await credit('EUR', '3');
    const eur = await bal('EUR');
    const res = await t.call('POST', URL, { as: 'admin@demo.local', body: { playerId: alpha.id, fromCurrency: 'EUR', toCurrency: 'USD' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, status: 'IDEMPOTENCY_KEY_REQUIRED', messages: [PLATFORM_MESSAGES.IDEMPOTENCY_KEY_REQUIRED] });
    expect(await bal('EUR')).toBe(eur);
  });

  it('50 concurrent converts with distinct keys: one moves the balance, the others find nothing', async () => {
    await credit('EUR', '10');
    const results = await Promise.all(Array.from({ length: 50 }, () =>
      t.call('POST', URL, { headers: idemKey(), as: 'admin@demo.local', body: { playerId: alpha.id, fromCurrency: 'EUR', toCurrency: 'USD' } })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results) if (r.statusCode !== 200) expect(r.json().messages).toEqual([BANKING_MESSAGES.NOTHING_TO_CONVERT]);
  });

  it('reconciliation holds after the conversions', async () => {
    const r = await reconcile(t.database.db);
    expect(r.wallets).toBeGreaterThan(0);
    expect(r.problems).toEqual([]);
  });
});
