/**
 * Staff flows around a player: every list a player links to filters by the player; a withdrawal
 * reject needs the note for the player; the demo world's KYC images are real image files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { KYC_IMAGE_FIELDS, PAYMENT_MESSAGES } from '@pitboss/contract';
import { kycRecords, transactions, wallets } from '../src/db/schema.js';
import { postEntry, toUsd } from '../src/modules/wallet/ledger.js';
import { rowsOf, textArray } from '../src/lib/query.js';
import { makeApp, newKey } from './support.js';
import type { Login, TestApp } from './helpers.js';

const ADMIN: Login = 'admin@demo.local';
const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino'];

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

describe('from a player to everything about them: each list filters by the player', () => {
  /** A player with rows in every list: transactions of both directions, a bank account, KYC documents and activities. */
  async function busyPlayer() {
    const [p] = await rowsOf<{ code: string; id: string }>(t.database.db, sql`select p.player_code as code, p.id from players p
      where exists (select 1 from transactions x where x.player_id = p.id and x.transaction_type = 'DEPOSIT')
        and exists (select 1 from transactions x where x.player_id = p.id and x.transaction_type = 'WITHDRAW')
        and exists (select 1 from bank_accounts b where b.player_id = p.id)
        and exists (select 1 from kyc_records k where k.player_id = p.id)
      order by p.player_code limit 1`);
    return p!;
  }

  it('transactions, deposits, withdrawals, bank accounts and KYC answer only that player\'s rows (all of them)', async () => {
    const p = await busyPlayer();
    const count = async (q: ReturnType<typeof sql>) => Number((await rowsOf<{ n: number }>(t.database.db, q))[0]!.n);
    const cases: [string, Record<string, unknown>, (item: never) => string, number][] = [
      ['/api/transactions/list', {}, (x: { player: { playerCode: string } }) => x.player.playerCode as never,
        await count(sql`select count(*)::int as n from transactions where player_id = ${p.id} and not is_deleted`)],
      ['/api/transactions/list', { transactionType: 'DEPOSIT' }, (x: { player: { playerCode: string } }) => x.player.playerCode as never,
        await count(sql`select count(*)::int as n from transactions where player_id = ${p.id} and not is_deleted and transaction_type = 'DEPOSIT'`)],
      ['/api/transactions/list', { transactionType: 'WITHDRAW' }, (x: { player: { playerCode: string } }) => x.player.playerCode as never,
        await count(sql`select count(*)::int as n from transactions where player_id = ${p.id} and not is_deleted and transaction_type = 'WITHDRAW'`)],
      ['/api/paymentsV2/withdraw/bank-accounts/list', {}, (x: { playerCode: string }) => x.playerCode as never,
        await count(sql`select count(*)::int as n from bank_accounts where player_id = ${p.id}`)],
      ['/api/kyc/list', {}, (x: { playerCode: string }) => x.playerCode as never, await count(sql`select count(*)::int as n from kyc_records where player_id = ${p.id}`)],
    ];
    for (const [url, extra, codeOf, expected] of cases) {
      const res = await t.call('POST', url, { as: ADMIN, body: { playerCode: p.code, limit: 100, ...extra } });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      const items = res.json().data.items as never[];
      expect(items.map(codeOf), url).toEqual(items.map(() => p.code));
      expect(items.length, `${url} ${JSON.stringify(extra)}`).toBe(expected);
      expect(expected).toBeGreaterThan(0);
    }
  });

  it('the player activity log answers the activities of that player (targetId = player code)', async () => {
    const p = await busyPlayer();
    expect((await t.call('POST', '/api/players/2fa', { as: ADMIN, body: { playerId: p.id, playerCode: p.code } })).statusCode).toBe(200);
    const res = await t.call('POST', '/api/activities/list', { as: ADMIN, body: { log: 'player', targetId: p.code } });
    const items = res.json().data.items as { targetId: string; action: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((a) => a.targetId === p.code)).toBe(true);
    expect(items.map((a) => a.action)).toContain('PLAYER_2FA_RESET');
  });
});

describe('rejecting a withdrawal needs the note for the player', () => {
  async function pendingWithdrawal(status: 'PENDING' | 'IN_PROGRESS') {
    const db = t.database.db;
    const [w] = await db.select().from(wallets).where(and(inArray(wallets.opId, ALPHA), eq(wallets.kind, 'MAIN'), sql`${wallets.balance} >= 30`))
      .orderBy(asc(wallets.updatedAt), asc(wallets.id)).limit(1);
    const txId = crypto.randomUUID();
    await db.transaction(async (tx) => {
      const e = await postEntry(tx as never, { playerId: w!.playerId, opId: w!.opId, kind: 'MAIN', currency: w!.currency, amount: '-30.00', reason: 'WITHDRAW_HOLD', refType: 'transaction', refId: txId });
      const usd = toUsd('30.00', e.rate);
      await tx.insert(transactions).values({
        txId, opId: w!.opId, playerId: w!.playerId, transactionType: 'WITHDRAW', status, fromAmount: '30.00', fromCurrency: w!.currency, fromAmountInUsd: usd,
        toAmount: '30.00', toCurrency: w!.currency, toAmountInUsd: usd, rateToUsd: e.rate, provider: 'cpg', gateway: 'cpg',
      });
    });
    return txId;
  }
  const statusOf = async (txId: string) => (await t.database.db.select().from(transactions).where(eq(transactions.txId, txId)))[0]!.status;

  it('provider route: reject without a note (or a blank one) → 400 "Note for the player is required", nothing changes; with one → rejected', async () => {
    const txId = await pendingWithdrawal('PENDING');
    for (const playerNote of [undefined, '', '   ']) {
      const res = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, headers: newKey(), body: { txId, actionType: 'reject', countsTowardDailyLimit: true, ...(playerNote === undefined ? {} : { playerNote }) } });
      expect(res.statusCode).toBe(400);
      expect(res.json().messages).toEqual([PAYMENT_MESSAGES.NOTE_REQUIRED]);
    }
    expect(await statusOf(txId)).toBe('PENDING');
    const ok = await t.call('PUT', '/api/transactionsV2/withdraw/cpg', { as: ADMIN, headers: newKey(), body: { txId, actionType: 'reject', countsTowardDailyLimit: true, playerNote: 'The IBAN is not in your name.' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusOf(txId)).toBe('REJECTED');
  });

  it('no-suffix route and the in-progress route: the same rule; approving needs no note', async () => {
    const a = await pendingWithdrawal('PENDING');
    const noSuffix = await t.call('PUT', '/api/transactionsV2/withdraw', { as: ADMIN, headers: newKey(), body: { txId: a, actionType: 'reject', countsTowardDailyLimit: true } });
    expect(noSuffix.json().messages).toEqual([PAYMENT_MESSAGES.NOTE_REQUIRED]);
    const b = await pendingWithdrawal('IN_PROGRESS');
    const inProgress = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: newKey(), body: { txId: b, status: 'REJECT' } });
    expect(inProgress.statusCode).toBe(400);
    expect(inProgress.json().messages).toEqual([PAYMENT_MESSAGES.NOTE_REQUIRED]);
    expect(await statusOf(b)).toBe('IN_PROGRESS');
    const approve = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: ADMIN, headers: newKey(), body: { txId: b, status: 'APPROVE' } });
    expect(approve.statusCode, approve.body).toBe(200);
  });
});

describe("the demo world's KYC images", () => {
  it('every image a seeded document names is a stored file; they load as real PNG images', async () => {
    const docs = await t.database.db.select({ id: kycRecords.id, data: kycRecords.data }).from(kycRecords)
      .where(inArray(kycRecords.optionType, ['PASSPORT_COPY', 'CARD_COPY']));
    const urls = docs.flatMap((d) => KYC_IMAGE_FIELDS.map((f) => d.data[f]).filter((u): u is string => !!u));
    expect(urls.length).toBeGreaterThan(50);
    const ids = urls.map((u) => u.replace('/api/files/', ''));
    const [stored] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from files where id = any(${textArray(ids)}::uuid[]) and kyc_id is not null`);
    expect(stored!.n).toBe(new Set(ids).size);
    for (const url of urls.slice(0, 12)) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: await t.cookie(ADMIN) } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const png = res.rawPayload;
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(png.readUInt32BE(16)).toBeGreaterThan(0); // width from IHDR
      expect(png.subarray(png.length - 8, png.length - 4).toString('ascii')).toBe('IEND');
    }
  });
});
