import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MSG, PLATFORM_MESSAGES, REWARD_MESSAGES, addDec, cmpDec, subDec } from '@pitboss/contract';
import { ledgerEntries, players, transactions, wallets } from '../src/db/schema.js';
import { postEntry, reconcile } from '../src/modules/wallet/ledger.js';
import type { Db } from '../src/db/client.js';
import { idemKey, makeTestApp, type Login, type TestApp } from './helpers.js';

type Kind = 'MAIN' | 'AFFILIATE' | 'CASHBACK';
const ADMIN: Login = 'admin@demo.local';
const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino'];
const N = 50;
const CASHBACK = '/api/reports/cashback/claim';
const AFFILIATE = '/api/reports/affiliate/profit/withdraw';

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.close(); });

let nth = 0;
/** A player no earlier test in this file used. */
async function nextPlayer(opIds = ALPHA) {
  const [p] = await t.database.db.select({ id: players.id, opId: players.opId, playerCode: players.playerCode }).from(players)
    .where(and(inArray(players.opId, opIds), eq(players.isDeleted, false))).orderBy(asc(players.id)).offset(nth++).limit(1);
  if (!p) throw new Error('no player left');
  return p;
}
async function bal(playerId: string, kind: Kind): Promise<string> {
  const [w] = await t.database.db.select().from(wallets).where(and(eq(wallets.playerId, playerId), eq(wallets.kind, kind), eq(wallets.currency, 'USD')));
  return w?.balance ?? '0';
}
/** Set a side wallet to exactly `amount` through ledger entries (so the ledger reconciles). */
async function setSide(p: { id: string; opId: string }, kind: Kind, amount: string) {
  const current = await bal(p.id, kind);
  const delta = subDec(amount, current);
  if (cmpDec(delta, '0') === 0) return;
  await t.database.db.transaction(async (tx) => {
    await postEntry(tx as unknown as Db, { playerId: p.id, opId: p.opId, kind, currency: 'USD', amount: delta, reason: 'TEST_EARNED', refType: 'test', refId: `test-${crypto.randomUUID()}` });
  });
}
async function entriesOf(txId: string) {
  const rows = await t.database.db.select({ kind: wallets.kind, amount: ledgerEntries.amount, reason: ledgerEntries.reason })
    .from(ledgerEntries).innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId)).where(eq(ledgerEntries.refId, txId)).orderBy(asc(ledgerEntries.id));
  return rows;
}
async function claimsOf(playerId: string, subType: string) {
  return t.database.db.select().from(transactions).where(and(eq(transactions.playerId, playerId), eq(transactions.transactionSubType, subType), eq(transactions.createdBy, ADMIN)));
}

const CASES = [
  { url: CASHBACK, kind: 'CASHBACK' as const, type: 'CASHBACK', subType: 'CASHBACK_CLAIM', message: REWARD_MESSAGES.CASHBACK_CLAIMED, action: 'CASHBACK_CLAIM' },
  { url: AFFILIATE, kind: 'AFFILIATE' as const, type: 'AFFILIATE', subType: 'AFFILIATE_PROFIT_WITHDRAW', message: REWARD_MESSAGES.AFFILIATE_WITHDRAWN, action: 'AFFILIATE_PROFIT_WITHDRAW' },
];

for (const c of CASES) {
  describe(`POST ${c.url}`, () => {
    it('moves the whole side wallet to MAIN as a CONFIRMED transaction, exact, audited', async () => {
      const p = await nextPlayer();
      await setSide(p, c.kind, '1234.56789012');
      const mainBefore = await bal(p.id, 'MAIN');
      const res = await t.call('POST', c.url, { headers: idemKey(), as: ADMIN, body: { playerCode: p.playerCode, opId: p.opId } });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(res.json()).toMatchObject({
        success: true, messages: [c.message],
        data: { transactionType: c.type, transactionSubType: c.subType, status: 'CONFIRMED', createdBy: ADMIN, confirmedBy: ADMIN, toCurrency: 'USD', player: { playerCode: p.playerCode } },
      });
      expect(cmpDec(data.toAmount, '1234.56789012')).toBe(0);
      expect(cmpDec(await bal(p.id, c.kind), '0')).toBe(0);
      expect(cmpDec(await bal(p.id, 'MAIN'), addDec(mainBefore, '1234.56789012'))).toBe(0);
      expect(cmpDec(data.balanceBefore, mainBefore)).toBe(0);
      expect(cmpDec(data.balanceAfter, addDec(mainBefore, '1234.56789012'))).toBe(0);
      const entries = await entriesOf(data.txId);
      expect(entries.map((e) => [e.kind, e.reason])).toEqual([[c.kind, `${c.subType}_OUT`], ['MAIN', c.subType]]);
      expect(cmpDec(entries[0]!.amount, '-1234.56789012')).toBe(0);
      expect(cmpDec(entries[1]!.amount, '1234.56789012')).toBe(0);
      expect(await t.lastActivity()).toMatchObject({ action: c.action, targetType: 'transaction', targetId: data.txId, actorEmail: ADMIN, opId: p.opId });
    });

    it('zero balance → 400 NOTHING_TO_CLAIM, no transaction', async () => {
      const p = await nextPlayer();
      await setSide(p, c.kind, '0');
      const res = await t.call('POST', c.url, { headers: idemKey(), as: ADMIN, body: { playerCode: p.playerCode } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, messages: [REWARD_MESSAGES.NOTHING_TO_CLAIM] });
      expect(await claimsOf(p.id, c.subType)).toHaveLength(0);
    });

    it('50 concurrent claims of one player (each its own key) → one 200 moves the whole balance, 49 × 400 NOTHING_TO_CLAIM', async () => {
      const p = await nextPlayer();
      await setSide(p, c.kind, '99.99999999');
      const mainBefore = await bal(p.id, 'MAIN');
      const results = await Promise.all(Array.from({ length: N }, () => t.call('POST', c.url, { headers: idemKey(), as: ADMIN, body: { playerCode: p.playerCode } })));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((x) => x === 200).length, JSON.stringify(results.find((r) => r.statusCode !== 400)?.json())).toBe(1);
      expect(codes.filter((x) => x === 400).length).toBe(N - 1);
      for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().messages).toEqual([REWARD_MESSAGES.NOTHING_TO_CLAIM]);
      expect(cmpDec(await bal(p.id, c.kind), '0')).toBe(0);
      expect(cmpDec(await bal(p.id, 'MAIN'), addDec(mainBefore, '99.99999999'))).toBe(0);
      expect(await claimsOf(p.id, c.subType)).toHaveLength(1);
    });

    it('50 concurrent claims with one Idempotency-Key → all 200 with the same answer, moved once', async () => {
      const p = await nextPlayer();
      await setSide(p, c.kind, '5.5');
      const mainBefore = await bal(p.id, 'MAIN');
      const results = await Promise.all(Array.from({ length: N }, () =>
        t.call('POST', c.url, { as: ADMIN, body: { playerCode: p.playerCode }, headers: { 'idempotency-key': `claim-${c.kind}-${p.id}` } })));
      expect(results.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
      const first = results[0]!.json();
      for (const r of results) expect(r.json()).toEqual(first);
      expect(cmpDec(await bal(p.id, 'MAIN'), addDec(mainBefore, '5.5'))).toBe(0);
      expect(await claimsOf(p.id, c.subType)).toHaveLength(1);
    });

    it('roles: operator.admin, operator.manager, partner and devops 403; superadmin allowed', async () => {
      const p = await nextPlayer();
      await setSide(p, c.kind, '3.00');
      for (const as of ['operator.admin@demo.local', 'operator.manager@demo.local', 'partner@demo.local', 'devops@demo.local'] as const) {
        const res = await t.call('POST', c.url, { headers: idemKey(), as, body: { playerCode: p.playerCode } });
        expect(res.statusCode, as).toBe(403);
        expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
      }
      expect(cmpDec(await bal(p.id, c.kind), '3')).toBe(0);
      const ok = await t.call('POST', c.url, { headers: idemKey(), as: 'superadmin@demo.local', body: { playerCode: p.playerCode } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.confirmedBy).toBe('superadmin@demo.local');
    });

    it('without an Idempotency-Key → 400 with the platform message, nothing moves', async () => {
      const p = await nextPlayer();
      await setSide(p, c.kind, '2.00');
      const res = await t.call('POST', c.url, { as: ADMIN, body: { playerCode: p.playerCode, totalProfitInUSD: '2' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'IDEMPOTENCY_KEY_REQUIRED', messages: [PLATFORM_MESSAGES.IDEMPOTENCY_KEY_REQUIRED] });
      expect(cmpDec(await bal(p.id, c.kind), '2')).toBe(0);
      expect(await claimsOf(p.id, c.subType)).toHaveLength(0);
    });

    it('invalid input: missing playerCode 400, unknown player 404, player of another operator than opId 404', async () => {
      const missing = await t.call('POST', c.url, { headers: idemKey(), as: ADMIN, body: {} });
      expect(missing.statusCode).toBe(400);
      const unknown = await t.call('POST', c.url, { headers: idemKey(), as: ADMIN, body: { playerCode: 'NO-SUCH-PLAYER' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().messages).toEqual([MSG.PLAYER_NOT_FOUND]);
      const p = await nextPlayer();
      await setSide(p, c.kind, '1');
      const wrongOp = await t.call('POST', c.url, { headers: idemKey(), as: ADMIN, body: { playerCode: p.playerCode, opId: 'op-bravo' } });
      expect(wrongOp.statusCode).toBe(404);
      expect(cmpDec(await bal(p.id, c.kind), '1')).toBe(0);
    });
  });
}

describe(`POST ${AFFILIATE}: totalProfitInUSD`, () => {
  it('equal to the balance (any spelling) → withdrawn', async () => {
    const p = await nextPlayer();
    await setSide(p, 'AFFILIATE', '12.5');
    const res = await t.call('POST', AFFILIATE, { headers: idemKey(), as: ADMIN, body: { playerCode: p.playerCode, totalProfitInUSD: '12.50' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(cmpDec(await bal(p.id, 'AFFILIATE'), '0')).toBe(0);
  });

  it('stale amount → 409 STALE_AMOUNT, nothing changes', async () => {
    const p = await nextPlayer();
    await setSide(p, 'AFFILIATE', '12.50000001');
    const mainBefore = await bal(p.id, 'MAIN');
    const res = await t.call('POST', AFFILIATE, { headers: idemKey(), as: ADMIN, body: { playerCode: p.playerCode, totalProfitInUSD: '12.5' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, messages: [REWARD_MESSAGES.STALE_AMOUNT] });
    expect(cmpDec(await bal(p.id, 'AFFILIATE'), '12.50000001')).toBe(0);
    expect(await bal(p.id, 'MAIN')).toBe(mainBefore);
    expect(await claimsOf(p.id, 'AFFILIATE_PROFIT_WITHDRAW')).toHaveLength(0);
    const bad = await t.call('POST', AFFILIATE, { headers: idemKey(), as: ADMIN, body: { playerCode: p.playerCode, totalProfitInUSD: '12.5.0' } });
    expect(bad.statusCode).toBe(400);
  });

  it('50 concurrent withdraws with the shown amount → one 200, the rest 400 NOTHING_TO_CLAIM', async () => {
    const p = await nextPlayer();
    await setSide(p, 'AFFILIATE', '40');
    const results = await Promise.all(Array.from({ length: N }, () => t.call('POST', AFFILIATE, { headers: idemKey(), as: ADMIN, body: { playerCode: p.playerCode, totalProfitInUSD: '40' } })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(N - 1);
    expect(await claimsOf(p.id, 'AFFILIATE_PROFIT_WITHDRAW')).toHaveLength(1);
  });
});

describe('ledger', () => {
  it('reconciles after every claim above', async () => {
    expect((await reconcile(t.database.db)).problems).toEqual([]);
    const [n] = (await t.database.db.execute(sql`select count(*)::int as n from wallets where balance < 0`) as unknown as { rows: { n: number }[] }).rows;
    expect(n!.n).toBe(0);
  });
});
