/**
 * What staff see in the answers: withdrawal destinations masked (with a deliberate, logged
 * reveal), operators by name beside their ids, and a demo world whose money and dates read true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BANKING_MESSAGES, CURRENCY_DECIMALS, MSG, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, cmpDec, maskDestination, maskTail, mulDec, type Currency,
} from '@pitboss/contract';
import { transactions } from '../src/db/schema.js';
import { rowsOf } from '../src/lib/query.js';
import { maskedDestinationSql } from '../src/modules/transactions/repo.js';
import { makeApp, newKey, ADMIN, ALPHA_SCOPE, BRAVO_SCOPE, OPA } from './support.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const REVEAL = '/api/transactionsV2/withdraw/destination/reveal';
const CARD = '4111222233334444';
const IBAN = 'TR33 0006 1005 1978 6457 8413 26';

/** A fresh pending withdrawal of an Alpha brand paid to a card and an IBAN (the seed's shapes). */
async function withdrawalTo(destination: Record<string, unknown>, opIds: readonly string[] = ALPHA_SCOPE, status = 'PENDING') {
  const [base] = await t.database.db.select().from(transactions)
    .where(and(eq(transactions.transactionType, 'WITHDRAW'), inArray(transactions.opId, [...opIds]))).limit(1);
  const [row] = await t.database.db.insert(transactions).values({
    ...base!, txId: crypto.randomUUID(), status, destination, createdAt: new Date(), updatedAt: new Date(), extra: {},
    confirmedAt: null, confirmedBy: null, rejectedAt: null, rejectedBy: null,
  }).returning();
  return row!;
}

describe('withdrawal destinations are masked to the last 4', () => {
  it('in the list, the details (the JSON tab shows the same answer) and the provider calls', async () => {
    const w = await withdrawalTo({ type: 'CARD', cardNumber: CARD, iban: IBAN, accountNumber: '0012345678', holder: 'P-HOLDER' });
    const list = await t.call('POST', '/api/transactions/list', { as: 'admin@demo.local', body: { txId: w.txId } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items[0].destination).toEqual({ type: 'CARD', cardNumber: '•••• 4444', iban: '•••• 1326', accountNumber: '•••• 5678', holder: 'P-HOLDER' });
    expect(list.body).not.toContain(CARD);
    expect(list.body).not.toContain('413 26');

    await t.database.db.execute(sql`insert into provider_calls (tx_id, provider, action, request, response, outcome)
      values (${w.txId}, 'cpg', 'withdraw', ${JSON.stringify({ amount: '1', destination: { cardNumber: CARD } })}::jsonb, '{}'::jsonb, 'FAILED')`);
    const one = await t.call('GET', `/api/transactions/details/${w.txId}`, { as: 'superadmin@demo.local' });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.destination).toMatchObject({ cardNumber: '•••• 4444', iban: '•••• 1326' });
    expect(one.json().data.providerCalls[0].request.destination).toEqual({ cardNumber: '•••• 4444' });
    expect(one.body).not.toContain(CARD);
  });

  it('in the answer the database writes in one statement (in-progress APPROVE)', async () => {
    const w = await withdrawalTo({ type: 'CARD', cardNumber: CARD }, ['alpha-bet'], 'IN_PROGRESS');
    const res = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: 'admin@demo.local', headers: newKey(), body: { txId: w.txId, status: 'APPROVE' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CONFIRMED', destination: { type: 'CARD', cardNumber: '•••• 4444' }, opTitle: 'AlphaBet', parentOpTitle: 'Alpha Gaming' });
    expect(res.body).not.toContain(CARD);
  });

  it('the SQL mask and the contract mask agree', async () => {
    const samples: unknown[] = [
      { cardNumber: CARD, IBAN: IBAN, Account: 12345678, pan: ' 12 ', account: '', holder: 'x', nested: { iban: 'kept' } },
      { iban: null, type: 'IBAN' }, null, 'text', [1, 2],
    ];
    for (const d of samples) {
      const [r] = await rowsOf<{ m: unknown }>(t.database.db, sql.raw(`select ${maskedDestinationSql(`'${JSON.stringify(d)}'::jsonb`)} as m`));
      expect(r!.m, JSON.stringify(d)).toEqual(maskDestination(d));
    }
    expect(maskDestination({ iban: IBAN })).toEqual({ iban: maskTail(IBAN) });
  });
});

describe('POST /api/transactionsV2/withdraw/destination/reveal', () => {
  it('answers the full destination and writes an activity with the reason (not the numbers)', async () => {
    const w = await withdrawalTo({ type: 'CARD', cardNumber: CARD, holder: 'P-HOLDER' });
    const res = await t.call('POST', REVEAL, { as: 'operator.admin@demo.local', body: { txId: w.txId, reason: 'Paying out by hand at the bank' } });
    expect(res.statusCode).toBe(200);
    // The numbers are never kept by a browser or a proxy.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual({ txId: w.txId, destination: { type: 'CARD', cardNumber: CARD, holder: 'P-HOLDER' } });
    const a = await t.lastActivity();
    expect(a).toMatchObject({
      action: 'WITHDRAW_DESTINATION_REVEAL', actorEmail: 'operator.admin@demo.local', targetType: 'transaction', targetId: w.txId, opId: w.opId,
      after: { revealed: ['cardNumber'], reason: 'Paying out by hand at the bank' },
    });
    expect(JSON.stringify(a)).not.toContain(CARD);
  });

  it('needs a reason of 5 to 500 characters', async () => {
    const w = await withdrawalTo({ cardNumber: CARD });
    for (const reason of [undefined, 'abc', ' '.repeat(9), 'x'.repeat(501)]) {
      const res = await t.call('POST', REVEAL, { as: 'admin@demo.local', body: { txId: w.txId, reason } });
      expect(res.statusCode).toBe(400);
      expect(res.json().messages).toEqual([BANKING_MESSAGES.REVEAL_REASON]);
    }
  });

  it('is refused to a role without the approve permission, for another operator\'s withdrawal and for a non-withdrawal', async () => {
    const w = await withdrawalTo({ cardNumber: CARD });
    const before = await t.lastActivity();
    const manager = await t.call('POST', REVEAL, { as: 'operator.manager@demo.local', body: { txId: w.txId, reason: 'Just looking at it' } });
    expect(manager.statusCode).toBe(403);
    expect(manager.json().messages).toEqual([MSG.NO_PERMISSION]);
    const bravo = await withdrawalTo({ cardNumber: CARD }, BRAVO_SCOPE);
    const other = await t.call('POST', REVEAL, { as: 'operator.admin@demo.local', body: { txId: bravo.txId, reason: 'Not my operator' } });
    expect(other.statusCode).toBe(404);
    expect(other.json().messages).toEqual([PAYMENT_MESSAGES.TX_NOT_FOUND]);
    expect(other.body).not.toContain(CARD);
    const [deposit] = await t.database.db.select().from(transactions).where(and(eq(transactions.transactionType, 'DEPOSIT'), eq(transactions.opId, 'op-alpha'))).limit(1);
    const notW = await t.call('POST', REVEAL, { as: 'admin@demo.local', body: { txId: deposit!.txId, reason: 'A deposit has none' } });
    expect(notW.statusCode).toBe(400);
    expect(notW.json().messages).toEqual([PAYMENT_FLOW_MESSAGES.NOT_A_WITHDRAWAL]);
    expect((await t.lastActivity())?.id).toBe(before?.id);
  });
});

describe('operators by name', () => {
  it('transactions answer the operator and its parent by title', async () => {
    const w = await withdrawalTo({ iban: IBAN }, ['alpha-casino']);
    const list = await t.call('POST', '/api/transactions/list', { as: 'admin@demo.local', body: { txId: w.txId } });
    expect(list.json().data.items[0]).toMatchObject({ opId: 'alpha-casino', opTitle: 'Alpha Casino', parentOpTitle: 'Alpha Gaming' });
    const one = await t.call('GET', `/api/transactions/details/${w.txId}`, { as: 'admin@demo.local' });
    expect(one.json().data).toMatchObject({ opTitle: 'Alpha Casino', parentOpTitle: 'Alpha Gaming' });
    const [parent] = await t.database.db.select().from(transactions).where(eq(transactions.opId, 'op-alpha')).limit(1);
    const top = await t.call('GET', `/api/transactions/details/${parent!.txId}`, { as: 'admin@demo.local' });
    expect(top.json().data).toMatchObject({ opTitle: 'Alpha Gaming', parentOpTitle: null });
  });
});

describe('operators by name in every list that shows them', () => {
  const TITLES: Record<string, { title: string; parent: string | null }> = {
    'op-alpha': { title: 'Alpha Gaming', parent: null }, 'alpha-bet': { title: 'AlphaBet', parent: 'Alpha Gaming' },
    'alpha-casino': { title: 'Alpha Casino', parent: 'Alpha Gaming' }, 'alpha-partner': { title: 'Alpha Partners', parent: 'Alpha Gaming' },
  };
  it.each([
    ['/api/players/balances', {}],
    ['/api/topup/list', {}],
    ['/api/paymentsV2/gateways/list', { direction: 'WITHDRAW' }],
    ['/api/banks/list', {}],
    ['/api/paymentsV2/treasuries/list', {}],
    ['/api/players/usernames/list', {}],
    ['/api/activities/list', { log: 'all' }],
    ['/api/settings/login-activity/list', {}],
  ] as const)('%s', async (url, body) => {
    if (url === '/api/activities/list') {
      // An activity of a brand: a reveal on a brand's withdrawal.
      const w = await withdrawalTo({ iban: IBAN }, ['alpha-bet']);
      await t.call('POST', REVEAL, { as: 'admin@demo.local', body: { txId: w.txId, reason: 'Checking the IBAN' } });
    }
    if (url === '/api/settings/login-activity/list') {
      // A sign-in attempt on a brand's account.
      await t.call('POST', '/api/auth/login', { body: { email: 'brand.admin@demo.local', password: 'not-the-password-1' } });
    }
    if (url === '/api/topup/list') {
      const [p] = await rowsOf<{ player_code: string }>(t.database.db, sql`select player_code from players where op_id = 'alpha-casino' and is_deleted = false limit 1`);
      const res = await t.call('POST', '/api/player/wallet/topup', { as: 'admin@demo.local', headers: newKey(), body: {
        playerCode: p!.player_code, amount: '12.50', currency: 'USD', action: 'INCREASE', reason: 'COMPENSATION', note: 'Titles test', accept: true,
      } });
      expect(res.statusCode).toBe(200);
    }
    const res = await t.call('POST', url, { as: 'superadmin@demo.local', body: { ...body, opId: 'op-alpha', includeBrands: true, limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { opId: string | null; opTitle: string | null; parentOpTitle: string | null }[];
    expect(items.length, url).toBeGreaterThan(0);
    for (const i of items) {
      if (i.opId === null) { expect(i.opTitle).toBeNull(); continue; }
      expect({ opTitle: i.opTitle, parentOpTitle: i.parentOpTitle }, url).toEqual({ opTitle: TITLES[i.opId]!.title, parentOpTitle: TITLES[i.opId]!.parent });
    }
  });
});

describe('the players list username filter', () => {
  it('matches anywhere in the name, case-insensitive', async () => {
    const [p] = await rowsOf<{ username: string }>(t.database.db, sql`select username from players where username is not null and length(username) > 8 and op_id = 'alpha-bet' limit 1`);
    const middle = p!.username.slice(3, 8).toUpperCase();
    const res = await t.call('POST', '/api/players', { as: 'admin@demo.local', body: { username: middle, limit: 100, opId: 'alpha-bet' } });
    expect(res.statusCode).toBe(200);
    const names = (res.json().data.items as { username: string }[]).map((x) => x.username);
    expect(names).toContain(p!.username);
    expect(names.every((n) => n.toLowerCase().includes(middle.toLowerCase()))).toBe(true);
  });
});

describe('the demo world reads true', () => {
  /** What a movement or a balance of the demo world may be worth at most, in USD. */
  const MAX_USD = '100000';

  it('balances and movements are realistic per currency, with the currency\'s decimals', async () => {
    const db = t.database.db;
    const wallets = await rowsOf<{ currency: string; balance: string; rate: string }>(db, sql`select w.currency, w.balance::text as balance, round(r.rate_to_usd, 8)::text as rate
      from wallets w join currency_rates r on r.currency = w.currency`);
    expect(wallets.length).toBeGreaterThan(100);
    for (const w of wallets) {
      expect(cmpDec(mulDec(w.balance, w.rate), MAX_USD), `${w.balance} ${w.currency}`).toBeLessThanOrEqual(0);
    }
    const btc = wallets.filter((w) => w.currency === 'BTC');
    expect(btc.length).toBeGreaterThan(0);
    expect(btc.every((w) => cmpDec(w.balance, '2') < 0)).toBe(true);

    const txs = await rowsOf<{ currency: string; amount: string; usd: string }>(db, sql`select to_currency as currency, to_amount::text as amount,
      to_amount_in_usd::text as usd from transactions`);
    for (const x of txs) {
      expect(cmpDec(x.usd, MAX_USD), `${x.amount} ${x.currency}`).toBeLessThanOrEqual(0);
      const decimals = CURRENCY_DECIMALS[x.currency as Currency] ?? 8;
      const frac = x.amount.split('.')[1] ?? '';
      expect(frac.replace(/0+$/, '').length, `${x.amount} ${x.currency}`).toBeLessThanOrEqual(decimals);
    }
  });

  it('has no dates in the future', async () => {
    const db = t.database.db;
    const cols = await rowsOf<{ table_name: string; column_name: string }>(db, sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type like 'timestamp%'`);
    expect(cols.length).toBeGreaterThan(10);
    // Times that are meant to lie ahead: a session's end, a sign-in lock, a provider check scheduled, a ticket's reply due and claim,
    // a running tournament's or bonus's end.
    const AHEAD = new Set(['expires_at', 'locked_until', 'provider_check_at', 'sla_due_at', 'first_reply_due_at', 'next_reply_due_at', 'claimed_until', 'tournaments.ends_at',
      'bonus_definitions.ends_at', 'bonus_release_definitions.end_time',
      // A staff notice scheduled ahead (the demo's maintenance notice).
      'staff_notices.starts_at', 'staff_notices.ends_at']);
    const late: string[] = [];
    for (const c of cols.filter((x) => !AHEAD.has(x.column_name) && !AHEAD.has(`${x.table_name}.${x.column_name}`))) {
      const [r] = await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from "${c.table_name}" where "${c.column_name}" > now()`));
      if (r!.n > 0) late.push(`${c.table_name}.${c.column_name}: ${r!.n}`);
    }
    expect(late).toEqual([]);
  });
});

describe('the demo world\'s staff work', () => {
  /** Each staff account's operators (null: every operator). */
  const scopeOf = async (): Promise<Map<string, string[] | null>> => {
    const rows = await rowsOf<{ email: string; op: string | null; ops: string[] | null }>(t.database.db, sql`select u.email, u.op_id as op,
      (select array_agg(o.op_id) from operators o where o.op_id = u.op_id or o.parent_op_id = u.op_id) as ops from users u`);
    return new Map(rows.map((r) => [r.email, r.op === null ? null : r.ops ?? [r.op]]));
  };

  it('is in the activity log from the first start: documents, players, transactions, support and CMS', async () => {
    const db = t.database.db;
    const byAction = await rowsOf<{ action: string; n: number }>(db, sql`select action, count(*)::int as n from activities group by action`);
    const n = Object.fromEntries(byAction.map((r) => [r.action, r.n]));
    for (const a of ['KYC_APPROVE', 'KYC_REJECT', 'PLAYER_DELETE', 'TICKET_REPLY', 'TICKET_STATUS', 'CMS_SECTION_SAVE',
      'WITHDRAW_CONFIRM', 'WITHDRAW_REJECT', 'DEPOSIT_ORDER_REJECT', 'WALLET_TOPUP_INCREASE', 'WALLET_TOPUP_BONUS']) expect(n[a] ?? 0, a).toBeGreaterThan(0);
    // One record per decided document, per agent reply.
    const [k] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from kyc_records where status in ('CONFIRMED', 'REJECTED')`);
    expect((n.KYC_APPROVE ?? 0) + (n.KYC_REJECT ?? 0)).toBe(k!.n);
    const [r] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from support_messages where author_type = 'STAFF'`);
    expect(n.TICKET_REPLY).toBe(r!.n);
    // Each withdrawal a staff member decided has its record; the system's decisions have none.
    const unlogged = await rowsOf<{ tx_id: string }>(db, sql`select tx_id from transactions t where transaction_type = 'WITHDRAW'
      and ((status = 'CONFIRMED' and confirmed_by like '%@%') or (status = 'REJECTED' and rejected_by like '%@%'))
      and not exists (select 1 from activities a where a.target_type = 'transaction' and a.target_id = t.tx_id::text)`);
    expect(unlogged).toEqual([]);
    // A manual bonus is a staff member's top-up, applied at once (the top-ups list shows who and the balances).
    const [odd] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from transactions where transaction_sub_type = 'MANUAL_BONUS'
      and (status <> 'CONFIRMED' or created_by not like '%@%' or created_by is null or balance_after is null)`);
    expect(odd!.n).toBe(0);
    const [sys] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from activities where actor_email is null or actor_email not like '%@%'`);
    expect(sys!.n).toBe(0);
    // Each log page lists them, an operator's staff only their own operators' records.
    for (const log of ['kyc', 'player', 'transaction', 'ticket', 'cms']) {
      const all = await t.call('POST', '/api/activities/list', { as: ADMIN, body: { log, limit: 50 } });
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().data.items.length, log).toBeGreaterThan(0);
      const own = await t.call('POST', '/api/activities/list', { as: OPA, body: { log, limit: 50 } });
      expect(own.statusCode, own.body).toBe(200);
      expect((own.json().data.items as { opId: string }[]).every((a) => (ALPHA_SCOPE as readonly string[]).includes(a.opId)), log).toBe(true);
    }
  });

  it('names no actor who could not see the record: KYC, payment, bonus request and free bet decisions, ticket replies, forms, definitions and flows', async () => {
    const scope = await scopeOf();
    const rows = await rowsOf<{ who: string; op: string }>(t.database.db, sql`
      select approved_by as who, op_id as op from kyc_records where approved_by is not null
      union all select rejected_by, op_id from kyc_records where rejected_by is not null
      union all select m.author_email, t.op_id from support_messages m join support_tickets t on t.id = m.ticket_id where m.author_type = 'STAFF'
      union all select actor_email, op_id from activities where actor_email is not null and op_id is not null
      union all select rejected_by, op_id from transactions where rejected_by like '%@%'
      union all select confirmed_by, op_id from transactions where confirmed_by like '%@%'
      union all select created_by, op_id from bonus_requests union all select decided_by, op_id from bonus_requests where decided_by is not null
      union all select created_by, op_id from bonus_forms union all select created_by, op_id from bonus_definitions
      union all select created_by, op_id from flows union all select granted_by, op_id from sport_freebet_grants`);
    expect(rows.length).toBeGreaterThan(100);
    const outside = rows.filter((x) => { const s = scope.get(x.who); return s === undefined || (s !== null && !s.includes(x.op)); });
    expect(outside.slice(0, 5)).toEqual([]);
    expect(rows.some((x) => x.who === 'bravo.admin@demo.local')).toBe(true);
  });
});
