/**
 * The calls that answered 500 to the hardening probe (issue 7), probed again with bases of real
 * records (a player, pending reward and withdrawal transactions, a pending username request and
 * KYC document, a bank, a gateway), so the junk reaches the handlers and the database rather than
 * stopping at another field's validation (the generated endpoint tests junk one field of a
 * minimal sample). Each field in turn gets NUL bytes, a 300,000- and a 9,999-character string,
 * "NaN", numbers out of range, bad dates and cursors whose parts are not a time or an id, and
 * objects where text is expected: every answer is 4xx with a message (some junk is a valid value
 * of some field, a username or a note: those may answer 2xx), never 5xx.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REPORT_MESSAGES } from '@pitboss/contract';
import { rowsOf } from '../src/lib/query.js';
import { makeApp } from './support.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
type Call = [method: 'POST' | 'PUT', url: string, body: Record<string, unknown>];
let calls: Call[] = [];

const one = async <T>(q: ReturnType<typeof sql>) => (await rowsOf<T>(t.database.db, q))[0];

beforeAll(async () => {
  t = await makeApp();
  const p = (await one<{ id: string; code: string; op: string }>(sql`select id, player_code as code, op_id as op from players where op_id='op-alpha' and not is_deleted limit 1`))!;
  const pend = async (where: ReturnType<typeof sql>, status = 'PENDING') => {
    const r = await one<{ tx: string }>(sql`select tx_id as tx from transactions where status = ${status} and ${where} limit 1`);
    if (!r) throw new Error(`the demo world has no ${status} transaction for ${where.queryChunks.length}`);
    return r.tx;
  };
  const cash = await pend(sql`transaction_type='CASHBACK'`);
  const bonus = await pend(sql`transaction_type='BONUS'`);
  const aff = await pend(sql`transaction_type='AFFILIATE'`);
  const ref = await pend(sql`transaction_type='REFERRAL_PROFIT'`);
  const wd = await pend(sql`transaction_type='WITHDRAW'`);
  const wdip = await pend(sql`transaction_type='WITHDRAW'`, 'IN_PROGRESS');
  const uname = (await one<{ id: string; code: string; u: string }>(sql`select r.id, p.player_code as code, r.username as u from username_requests r join players p on p.id=r.player_id where r.status='PENDING' limit 1`))!;
  const bank = (await one<{ uuid: string; op: string; key: string }>(sql`select uuid, op_id as op, key from banks limit 1`))!;
  const gw = (await one<{ uuid: string }>(sql`select uuid from payment_gateways limit 1`))!;
  const kyc = (await one<{ id: string }>(sql`select id from kyc_records where status='PENDING' and option_type='EMAIL' limit 1`))!;
  const C = '2026-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000';
  const list = { opId: 'op-alpha', includeBrands: true, page: 1, limit: 10 };
  calls = [
    ['POST', '/api/players', { ...list, cursor: C }],
    ['POST', '/api/players/search', { playerCode: p.code, opId: 'op-alpha' }],
    ['POST', '/api/player', { playerCode: p.code }],
    ['POST', '/api/player', { playerId: p.id }],
    ['POST', '/api/player/wallet', { playerCode: p.code }],
    ['POST', '/api/player/wallet', { playerId: p.id }],
    ['POST', '/api/players/balances', { ...list, cursor: C, currency: 'USD', playerCode: p.code }],
    ['POST', '/api/players/usernames/list', { ...list, cursor: C, playerCode: p.code }],
    ['POST', '/api/kyc/list', { ...list, cursor: C, playerCode: p.code }],
    ['POST', '/api/activities/list', { ...list, cursor: '2026-01-01T00:00:00.000Z|123', targetType: 'player', targetId: p.id, action: 'X' }],
    ['POST', '/api/player/wallet/topup/info', { playerCode: p.code }],
    ['POST', '/api/topup/list', { ...list, cursor: C, playerCode: p.code, currency: 'USD' }],
    ['POST', '/api/transactions/list', { ...list, cursor: C, playerCode: p.code, txId: wd, gateway: 'cpg', from: '2025-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' }],
    ['POST', '/api/transactions/total', { ...list, playerCode: p.code, txId: wd, gateway: 'cpg' }],
    ['POST', '/api/transactions/deposit/total-amount', { ...list, playerCode: p.code, txId: wd, gateway: 'cpg' }],
    ['POST', '/api/paymentsV2/withdraw/bank-accounts/list', { ...list, cursor: C, playerCode: p.code }],
    ['POST', '/api/banks/list', { ...list, cursor: `1,abc|${randomUUID()}`, key: 'k' }],
    ['POST', '/api/paymentsV2/gateways/list', { ...list, cursor: C, direction: 'DEPOSIT', provider: 'cpg' }],
    ['POST', '/api/paymentsV2/treasuries/list', { ...list, cursor: C, provider: 'cpg' }],
    ['POST', '/api/settings/login-activity/list', { ...list, cursor: '2026-01-01T00:00:00.000Z|1', email: 'a@b.c' }],
    ['POST', '/api/player/wallet/topup', { playerCode: p.code, amount: '1.00', currency: 'USD', action: 'DECREASE', reason: 'CORRECTION', note: 'probe', accept: false }],
    ['POST', '/api/player/wallet/convert', { playerId: p.id, fromCurrency: 'USD', toCurrency: 'USD' }],
    ['POST', '/api/reports/cashback/claim', { playerCode: 'NO-SUCH', opId: 'op-alpha', totalProfitInUSD: '1' }],
    ['POST', '/api/reports/affiliate/profit/withdraw', { playerCode: 'NO-SUCH', opId: 'op-alpha', totalProfitInUSD: '1' }],
    ['POST', '/api/banks', { opId: bank.op, key: bank.key, bankName: { en: 'Probe' }, order: 1, status: 'Active' }],
    ['PUT', '/api/banks', { uuid: randomUUID(), opId: bank.op, key: 'probe', bankName: { en: 'Probe' }, order: 1 }],
    ['PUT', `/api/paymentsV2/gateways/${randomUUID()}`, { title: { en: 'x' }, currencies: ['USD'], minAmount: '1', maxAmount: '10', feePercentage: '1', isActive: true, order: 1 }],
    ['PUT', `/api/paymentsV2/gateways/${gw.uuid}`, { title: { en: 'x' }, currencies: ['USD'], minAmount: '10', maxAmount: '1', feePercentage: '1', isActive: true, order: 1 }],
    ['PUT', '/api/players/usernames', { playerCode: uname.code, username: uname.u, status: 'PENDING', note: 'x', requestId: uname.id }],
    ['PUT', '/api/players/kyc/v2', { kycId: kyc.id, action: 'edit', details: { email: 'not an email' } }],
    ['PUT', '/api/players/kyc/v2', { kycId: kyc.id, action: 'reject' }],
    ['PUT', '/api/transactions/cashback', { txId: cash, actionType: 'reject', playerCode: 'NO-SUCH' }],
    ['PUT', '/api/transactions/bonus', { txId: bonus, actionType: 'reject', playerCode: 'NO-SUCH' }],
    ['PUT', '/api/transactions/affiliate/withdraw', { txId: aff, actionType: 'reject', playerCode: 'NO-SUCH' }],
    ['PUT', '/api/transactionsV2/referral-claim', { txId: ref, actionType: 'reject', playerCode: 'NO-SUCH' }],
    ['PUT', '/api/transactionsV2/withdraw', { txId: wd, actionType: 'reject' }],
    ['PUT', '/api/transactionsV2/withdraw/cpg', { txId: wd, actionType: 'reject' }],
    ['PUT', '/api/transactionsV2/withdraw/in-progress', { txId: wdip, status: 'REJECT' }],
    ['POST', '/api/players/max-deposit', { opId: 'NO-SUCH', threshold: '1' }],
  ];
});
afterAll(async () => { await t.close(); });

const JUNK: unknown[] = ['a\u0000b', 'x'.repeat(300_000), 'x'.repeat(9_999), 'NaN', '1e999', 'Infinity', '9'.repeat(400),
  '2026-02-30T25:61:00Z', '99999-01-01T00:00:00Z', '2026-13-45T99:99:99Z|00000000-0000-4000-8000-000000000000', 'NaN|NaN', '|',
  '2026-01-01T00:00:00Z|' + '9'.repeat(30), -1, 2 ** 63, 1.5, null, [], { en: 'a\u0000b' }, { 'a\u0000': 'x' }];

const CALLS = ['POST /api/players', 'POST /api/players/search', 'POST /api/player (code)', 'POST /api/player (id)', 'POST /api/player/wallet (code)',
  'POST /api/player/wallet (id)', 'POST /api/players/balances', 'POST /api/players/usernames/list', 'POST /api/kyc/list', 'POST /api/activities/list',
  'POST /api/player/wallet/topup/info', 'POST /api/topup/list', 'POST /api/transactions/list', 'POST /api/transactions/total',
  'POST /api/transactions/deposit/total-amount', 'POST /api/paymentsV2/withdraw/bank-accounts/list', 'POST /api/banks/list',
  'POST /api/paymentsV2/gateways/list', 'POST /api/paymentsV2/treasuries/list', 'POST /api/settings/login-activity/list',
  'POST /api/player/wallet/topup', 'POST /api/player/wallet/convert', 'POST /api/reports/cashback/claim', 'POST /api/reports/affiliate/profit/withdraw',
  'POST /api/banks', 'PUT /api/banks', 'PUT /api/paymentsV2/gateways/{unknown}', 'PUT /api/paymentsV2/gateways/{uuid}', 'PUT /api/players/usernames',
  'PUT /api/players/kyc/v2 (edit)', 'PUT /api/players/kyc/v2 (reject)', 'PUT /api/transactions/cashback', 'PUT /api/transactions/bonus', 'PUT /api/transactions/affiliate/withdraw',
  'PUT /api/transactionsV2/referral-claim', 'PUT /api/transactionsV2/withdraw', 'PUT /api/transactionsV2/withdraw/{suffix}',
  'PUT /api/transactionsV2/withdraw/in-progress', 'POST /api/players/max-deposit'] as const;

describe('junk in each field of the probed calls → 4xx with a message, never 5xx', () => {
  it.each(CALLS.map((c, i) => [c, i] as const))('%s', async (_name, i) => {
    expect(calls).toHaveLength(CALLS.length);
    const [method, url, base] = calls[i]!;
    const cookie = await t.cookie('superadmin@demo.local');
    const payloads: string[] = [];
    for (const f of new Set([...Object.keys(base), 'cursor', 'opId', 'playerCode'])) {
      for (const v of JUNK) payloads.push(JSON.stringify({ ...base, [f]: v }));
      payloads.push(JSON.stringify({ ...base, [f]: 0 }).replace(`"${f}":0`, `"${f}":1e999`));
    }
    for (const payload of payloads) {
      const res = await t.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `junk-${randomUUID()}` } });
      const label = `${method} ${url} ${payload.slice(0, 160)} → ${res.body.slice(0, 200)}`;
      expect(res.statusCode, label).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json().messages?.length, label).toBeGreaterThan(0);
    }
  }, 120_000);
});

describe('a refusal names the field and what it takes (rules without a message of their own)', () => {
  it('answers 400 in the envelope with one staff-worded message per field, and a rule\'s own message as it is', async () => {
    const res = await t.call('POST', '/api/transactions/list', { as: 'superadmin@demo.local', body: { limit: 'x', transactionType: 'POKER' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false, data: null, status: 'VALIDATION_ERROR',
      messages: ['Limit: expected a number.', 'Transaction type: must be one of DEPOSIT, WITHDRAW, TOPUP, BONUS, REFERRAL_PROFIT, AFFILIATE, CASHBACK, TOURNAMENT_PRIZE.'],
    });
    const day = await t.call('POST', '/api/reports/dashboard', { as: 'superadmin@demo.local', body: { from: '2026-10-30T00:00:00.000Z', to: '2026-11-29' } });
    expect(day.statusCode).toBe(400);
    expect(day.json().messages).toEqual([REPORT_MESSAGES.DAY_INVALID]);
  });
});
