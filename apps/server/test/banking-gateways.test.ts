import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BANKING_MESSAGES, MSG, NAME_MAX, PAYMENT_MESSAGES } from '@pitboss/contract';
import { paymentGateways } from '../src/db/schema.js';
import { makeTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const gw = async (opId: string, direction: string, provider: string) =>
  (await t.database.db.select().from(paymentGateways).where(and(eq(paymentGateways.opId, opId), eq(paymentGateways.direction, direction), eq(paymentGateways.provider, provider))).limit(1))[0]!;
let alphaCpgDeposit: string, alphaJbDeposit: string, alphaWithdraw: string, bravoDeposit: string, casinoDeposit: string;

beforeAll(async () => {
  t = await makeTestApp();
  alphaCpgDeposit = (await gw('op-alpha', 'DEPOSIT', 'cpg')).uuid;
  alphaJbDeposit = (await gw('op-alpha', 'DEPOSIT', 'jb')).uuid;
  alphaWithdraw = (await gw('op-alpha', 'WITHDRAW', 'cpg')).uuid;
  bravoDeposit = (await gw('op-bravo', 'DEPOSIT', 'cpg')).uuid;
  casinoDeposit = (await gw('alpha-casino', 'DEPOSIT', 'cpg')).uuid;
});
// pool.end() resolves before the sockets are closed; on PostgreSQL the helper then drops the
// database WITH (FORCE), which kills still-closing connections. Give them a moment first.
afterAll(async () => {
  const close = t.database.close;
  t.database.close = async () => { await close(); await new Promise((r) => setTimeout(r, 300)); };
  await t.close();
});

describe('gateway list and detail', () => {
  it('lists one direction in scope, V1 and V2 pages alike', async () => {
    const res = await t.call('POST', '/api/paymentsV2/gateways/list', { as: 'operator.admin@demo.local', body: { direction: 'WITHDRAW', opId: 'op-alpha', limit: 100 } });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { opId: string; direction: string; minAmount: string }[];
    expect(items.length).toBeGreaterThan(10);
    expect(items.every((i) => i.opId === 'op-alpha' && i.direction === 'WITHDRAW')).toBe(true);
    expect(typeof items[0]!.minAmount).toBe('string');
    const brands = await t.call('POST', '/api/paymentsV2/gateways/list', { as: 'operator.admin@demo.local', body: { direction: 'DEPOSIT', opId: 'op-alpha', includeBrands: true, limit: 100 } });
    expect(new Set(brands.json().data.items.map((i: { opId: string }) => i.opId))).toEqual(new Set(['op-alpha', 'alpha-bet', 'alpha-casino']));
  });

  it('invalid direction → 400; another operator → 404; wrong roles → 403', async () => {
    const bad = await t.call('POST', '/api/paymentsV2/gateways/list', { as: 'admin@demo.local', body: { direction: 'SIDEWAYS' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['Direction must be DEPOSIT or WITHDRAW.']);
    expect((await t.call('POST', '/api/paymentsV2/gateways/list', { as: 'operator.admin@demo.local', body: { direction: 'DEPOSIT', opId: 'op-bravo' } })).statusCode).toBe(404);
    for (const as of ['devops@demo.local', 'partner@demo.local'] as const) {
      const res = await t.call('POST', '/api/paymentsV2/gateways/list', { as, body: { direction: 'DEPOSIT' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
  });

  it('detail: in scope 200, outside 404', async () => {
    expect((await t.call('GET', `/api/paymentsV2/gateways/${alphaCpgDeposit}`, { as: 'operator.admin@demo.local' })).json().data.provider).toBe('cpg');
    expect((await t.call('GET', `/api/paymentsV2/gateways/${bravoDeposit}`, { as: 'operator.admin@demo.local' })).statusCode).toBe(404);
    const casino = await t.call('GET', `/api/paymentsV2/gateways/${casinoDeposit}`, { as: 'brand.admin@demo.local' });
    expect(casino.statusCode).toBe(404);
    expect(casino.json().messages).toEqual([BANKING_MESSAGES.GATEWAY_NOT_FOUND]);
    expect((await t.call('GET', `/api/paymentsV2/gateways/${alphaCpgDeposit}`, { as: 'devops@demo.local' })).statusCode).toBe(403);
  });
});

describe('gateway edit', () => {
  const url = () => `/api/paymentsV2/gateways/${alphaWithdraw}`;
  it('updates limits, fee, currencies, state and order; audited', async () => {
    const res = await t.call('PUT', url(), { as: 'operator.admin@demo.local', body: { title: { en: 'CPG payouts' }, currencies: ['USD', 'EUR'], minAmount: '20.5', maxAmount: '1000', feePercentage: '2.25', isActive: false, order: 4 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: { en: 'CPG payouts' }, currencies: ['USD', 'EUR'], minAmount: '20.50000000', maxAmount: '1000.00000000', feePercentage: '2.2500', isActive: false, order: 4 });
    expect(await t.lastActivity()).toMatchObject({ action: 'GATEWAY_UPDATE', targetId: alphaWithdraw, opId: 'op-alpha' });
  });

  it.each([
    [{ minAmount: '10', maxAmount: '5' }, BANKING_MESSAGES.GATEWAY_MIN_MAX],
    [{ minAmount: '5000' }, BANKING_MESSAGES.GATEWAY_MIN_MAX],
    [{ feePercentage: '100.01' }, BANKING_MESSAGES.GATEWAY_FEE],
    [{ feePercentage: '-1' }, BANKING_MESSAGES.GATEWAY_FEE],
    [{ minAmount: '1e3' }, 'Minimum amount must be a decimal number with at most 8 decimals.'],
    [{ minAmount: 5 }, 'Minimum amount must be a decimal number with at most 8 decimals.'],
    // The min/max comparison never runs on values that failed their own format check (it answered 500).
    [{ minAmount: 'NaN', maxAmount: '10' }, 'Minimum amount must be a decimal number with at most 8 decimals.'],
    [{ minAmount: '1', maxAmount: 'NaN' }, 'Maximum amount must be a decimal number with at most 8 decimals.'],
    [{ minAmount: '1e999', maxAmount: 'Infinity' }, 'Maximum amount must be a decimal number with at most 8 decimals.'],
    [{ currencies: ['IRR'] }, BANKING_MESSAGES.GATEWAY_CURRENCY_NOT_ALLOWED('IRR')],
    [{ title: { tr: 'x' } }, 'English title is required.'],
    [{ title: { en: 'x'.repeat(NAME_MAX + 1) } }, BANKING_MESSAGES.GATEWAY_TITLE_MAX],
  ])('invalid %j → 400 with its message', async (body, message) => {
    const res = await t.call('PUT', url(), { as: 'admin@demo.local', body });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toContain(message);
  });

  it('fee 100 is accepted', async () => {
    expect((await t.call('PUT', url(), { as: 'admin@demo.local', body: { feePercentage: '100' } })).statusCode).toBe(200);
  });

  it('another operator → 404; wrong roles → 403', async () => {
    expect((await t.call('PUT', `/api/paymentsV2/gateways/${bravoDeposit}`, { as: 'operator.admin@demo.local', body: { isActive: false } })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/paymentsV2/gateways/${casinoDeposit}`, { as: 'brand.admin@demo.local', body: { isActive: false } })).statusCode).toBe(404);
    const res = await t.call('PUT', url(), { as: 'partner@demo.local', body: { isActive: false } });
    expect(res.statusCode).toBe(403);
    expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
  });
});

describe('role review: OPERATOR_MANAGER does not change payment configuration', () => {
  it('reads gateways but may not edit or delete one (403), nothing changes', async () => {
    const OPM = 'operator.manager@demo.local';
    expect((await t.call('GET', `/api/paymentsV2/gateways/${alphaCpgDeposit}`, { as: OPM })).statusCode).toBe(200);
    const [before] = await t.database.db.select().from(paymentGateways).where(eq(paymentGateways.uuid, alphaCpgDeposit));
    const edit = await t.call('PUT', `/api/paymentsV2/gateways/${alphaCpgDeposit}`, { as: OPM, body: { isActive: false, feePercentage: '9' } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().messages).toEqual([MSG.NO_PERMISSION]);
    for (const url of ['/api/paymentsV2/deposit', '/api/paymentsV2/withdraw']) {
      const del = await t.call('DELETE', url, { as: OPM, body: { uuid: url.endsWith('deposit') ? alphaCpgDeposit : alphaWithdraw } });
      expect(del.statusCode, url).toBe(403);
      expect(del.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
    const [after] = await t.database.db.select().from(paymentGateways).where(eq(paymentGateways.uuid, alphaCpgDeposit));
    expect(after).toEqual(before);
  });
});

describe('gateway delete', () => {
  it('soft-deletes a deposit gateway: Gateway Deleted!, audited, gone from the list', async () => {
    const res = await t.call('DELETE', '/api/paymentsV2/deposit', { as: 'operator.admin@demo.local', body: { uuid: alphaJbDeposit, provider: 'jb', title: { en: 'x' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([PAYMENT_MESSAGES.GATEWAY_DELETED]);
    expect(await t.lastActivity()).toMatchObject({ action: 'GATEWAY_DELETE', targetId: alphaJbDeposit });
    const [row] = await t.database.db.select().from(paymentGateways).where(eq(paymentGateways.uuid, alphaJbDeposit));
    expect(row!.isDeleted).toBe(true);
    const list = await t.call('POST', '/api/paymentsV2/gateways/list', { as: 'admin@demo.local', body: { direction: 'DEPOSIT', opId: 'op-alpha', limit: 100 } });
    expect(list.json().data.items.some((i: { uuid: string }) => i.uuid === alphaJbDeposit)).toBe(false);
    expect((await t.call('DELETE', '/api/paymentsV2/deposit', { as: 'admin@demo.local', body: { uuid: alphaJbDeposit } })).statusCode).toBe(404);
  });

  it('the wrong direction, another operator → 404; wrong roles → 403', async () => {
    expect((await t.call('DELETE', '/api/paymentsV2/deposit', { as: 'admin@demo.local', body: { uuid: alphaWithdraw } })).statusCode).toBe(404);
    expect((await t.call('DELETE', '/api/paymentsV2/withdraw', { as: 'admin@demo.local', body: { uuid: alphaCpgDeposit } })).statusCode).toBe(404);
    expect((await t.call('DELETE', '/api/paymentsV2/deposit', { as: 'operator.admin@demo.local', body: { uuid: bravoDeposit } })).statusCode).toBe(404);
    expect((await t.call('DELETE', '/api/paymentsV2/deposit', { as: 'brand.admin@demo.local', body: { uuid: casinoDeposit } })).statusCode).toBe(404);
    const res = await t.call('DELETE', '/api/paymentsV2/withdraw', { as: 'devops@demo.local', body: { uuid: alphaWithdraw } });
    expect(res.statusCode).toBe(403);
    expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    const bad = await t.call('DELETE', '/api/paymentsV2/withdraw', { as: 'admin@demo.local', body: { uuid: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([BANKING_MESSAGES.GATEWAY_NOT_FOUND]);
  });

  it('deletes a withdraw gateway', async () => {
    const res = await t.call('DELETE', '/api/paymentsV2/withdraw', { as: 'admin@demo.local', body: { uuid: alphaWithdraw } });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual([PAYMENT_MESSAGES.GATEWAY_DELETED]);
  });
});

describe('exchange rates and Test Your Settings', () => {
  it('maps each wallet currency to exact rates from currency_rates', async () => {
    const res = await t.call('POST', '/api/paymentsV2/deposit/exchange-rates', { as: 'operator.admin@demo.local', body: { playerWalletCurrencies: ['EUR', 'USD', 'XYZ'], gatewayCurrencies: ['TRY', 'USD'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      EUR: { autoRate: true, rates: { TRY: '37.241379310344', USD: '1.080000000000' } },
      USD: { autoRate: true, rates: { TRY: '34.482758620689', USD: '1.000000000000' } },
      XYZ: { autoRate: false, rates: {} },
    });
    const denied = await t.call('POST', '/api/paymentsV2/deposit/exchange-rates', { as: 'devops@demo.local', body: { playerWalletCurrencies: [], gatewayCurrencies: [] } });
    expect(denied.statusCode).toBe(403);
  });

  it('computes fee, amount after fee, USD value and limits', async () => {
    const res = await t.call('POST', '/api/paymentsV2/deposit/test-settings', { as: 'operator.admin@demo.local', body: { gatewayUuid: alphaCpgDeposit, amount: '100', currency: 'EUR' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ fee: '1.50000000', amountAfterFee: '98.50000000', amountInUSD: '108.00000000', amountAfterFeeInUSD: '106.38000000', withinLimits: true, message: BANKING_MESSAGES.GATEWAY_WITHIN_LIMITS });
    const low = await t.call('POST', '/api/paymentsV2/deposit/test-settings', { as: 'operator.admin@demo.local', body: { gatewayUuid: alphaCpgDeposit, amount: '1', currency: 'USD' } });
    expect(low.json().data).toMatchObject({ withinLimits: false, message: BANKING_MESSAGES.GATEWAY_BELOW_MIN('5.00000000') });
    const high = await t.call('POST', '/api/paymentsV2/deposit/test-settings', { as: 'operator.admin@demo.local', body: { gatewayUuid: alphaCpgDeposit, amount: '20000.01', currency: 'USD' } });
    expect(high.json().data.message).toBe(BANKING_MESSAGES.GATEWAY_ABOVE_MAX('20000.00000000'));
  });

  it('refuses a currency the gateway does not accept, bad amounts, another operator, wrong roles', async () => {
    const cur = await t.call('POST', '/api/paymentsV2/deposit/test-settings', { as: 'admin@demo.local', body: { gatewayUuid: alphaCpgDeposit, amount: '10', currency: 'BTC' } });
    expect(cur.statusCode).toBe(400);
    expect(cur.json().messages).toEqual([BANKING_MESSAGES.GATEWAY_CURRENCY_NOT_ACCEPTED('BTC')]);
    const zero = await t.call('POST', '/api/paymentsV2/deposit/test-settings', { as: 'admin@demo.local', body: { gatewayUuid: alphaCpgDeposit, amount: '0', currency: 'USD' } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().messages).toEqual(['Amount must be greater than zero.']);
    expect((await t.call('POST', '/api/paymentsV2/deposit/test-settings', { as: 'operator.admin@demo.local', body: { gatewayUuid: bravoDeposit, amount: '10', currency: 'USD' } })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/paymentsV2/deposit/test-settings', { as: 'partner@demo.local', body: { gatewayUuid: alphaCpgDeposit, amount: '10', currency: 'USD' } })).statusCode).toBe(403);
  });
});
