import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MSG, NOTE_MAX, PAYMENT_MESSAGES, PLATFORM_MESSAGES, REWARD_MESSAGES, TOPUP_MESSAGES, addDec, cmpDec, subDec } from '@pitboss/contract';
import { ledgerEntries, players, transactions, wallets } from '../src/db/schema.js';
import { postEntry, rateOf, reconcile, toUsd } from '../src/modules/wallet/ledger.js';
import type { Db } from '../src/db/client.js';
import { idemKey, makeTestApp, type Login, type TestApp } from './helpers.js';

type Tx = typeof transactions.$inferSelect;
type Kind = 'MAIN' | 'BONUS' | 'AFFILIATE' | 'CASHBACK';
const ADMIN: Login = 'admin@demo.local';
const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino'];
const BRAVO = ['op-bravo', 'bravo-spin', 'bravo-sports'];
const N = 50;

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.close(); });

const used = new Map<string, number>();
/** A player of `opIds` no earlier test in this file used (each test works on its own wallets). */
async function nextPlayer(opIds: string[]) {
  const key = opIds.join(',');
  const i = used.get(key) ?? 0;
  used.set(key, i + 1);
  const [p] = await t.database.db.select({ id: players.id, opId: players.opId }).from(players)
    .where(and(inArray(players.opId, opIds), eq(players.isDeleted, false))).orderBy(asc(players.id)).offset(i).limit(1);
  if (!p) throw new Error(`no player #${i} in ${key}`);
  return p;
}

/** Earmark money on a side wallet the way the demo world does for pending claims. */
async function fund(p: { id: string; opId: string }, kind: Kind, amount: string, reason = 'TEST_EARNED') {
  await t.database.db.transaction(async (tx) => {
    await postEntry(tx as unknown as Db, { playerId: p.id, opId: p.opId, kind, currency: 'USD', amount, reason, refType: 'test', refId: `test-${crypto.randomUUID()}` });
  });
}

const SOURCE: Record<string, Kind | undefined> = { BONUS_CLAIM: 'BONUS', CASHBACK_CLAIM: 'CASHBACK', AFFILIATE_PROFIT_WITHDRAW: 'AFFILIATE' };

/** A fresh PENDING reward transaction (USD); a claim's side wallet is funded with its amount unless `fundSide` is false. */
async function makePending(type: string, subType: string, o: { opIds?: string[]; amount?: string; fundSide?: boolean } = {}): Promise<Tx> {
  const p = await nextPlayer(o.opIds ?? ALPHA);
  const amount = o.amount ?? '123.45678901';
  const source = SOURCE[subType];
  if (source && o.fundSide !== false) await fund(p, source, amount);
  const db = t.database.db;
  const rate = await rateOf(db as unknown as Db, 'USD');
  const usd = toUsd(amount, rate);
  const txId = crypto.randomUUID();
  await db.insert(transactions).values({
    txId, opId: p.opId, playerId: p.id, transactionType: type, transactionSubType: subType, status: 'PENDING', walletType: source ? 'MAIN' : type === 'REFERRAL_PROFIT' ? 'MAIN' : type,
    fromAmount: amount, fromCurrency: 'USD', fromAmountInUsd: usd, toAmount: amount, toCurrency: 'USD', toAmountInUsd: usd, rateToUsd: rate,
  });
  return getTx(txId);
}
async function getTx(txId: string): Promise<Tx> {
  return (await t.database.db.select().from(transactions).where(eq(transactions.txId, txId)))[0]!;
}
async function bal(playerId: string, kind: Kind): Promise<string> {
  const [w] = await t.database.db.select().from(wallets).where(and(eq(wallets.playerId, playerId), eq(wallets.kind, kind), eq(wallets.currency, 'USD')));
  return w?.balance ?? '0';
}
async function balances(playerId: string) {
  return { MAIN: await bal(playerId, 'MAIN'), BONUS: await bal(playerId, 'BONUS'), AFFILIATE: await bal(playerId, 'AFFILIATE'), CASHBACK: await bal(playerId, 'CASHBACK') };
}
/** Ledger entries a transaction made: [wallet kind, amount, reason]. */
async function entriesOf(txId: string) {
  const rows = await t.database.db.select({ kind: wallets.kind, amount: ledgerEntries.amount, reason: ledgerEntries.reason, currency: ledgerEntries.currency })
    .from(ledgerEntries).innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId)).where(eq(ledgerEntries.refId, txId)).orderBy(asc(ledgerEntries.id));
  return rows.map((r) => [r.kind, r.amount, r.reason, r.currency]);
}
async function auditsOf(txId: string) {
  const r = await t.database.db.execute(sql`select action from activities where target_id = ${txId} order by id`);
  return (r as unknown as { rows: { action: string }[] }).rows.map((x) => x.action);
}
const neg = (a: string) => subDec('0', a);

interface RouteCase {
  url: string; type: string; prefix: string; confirm: string; reject: string;
  /** A claim sub-type (side wallet → MAIN) and its confirm message. */
  claim?: { subType: string; from: Kind; message: string };
  /** Sub-types that credit a wallet on confirm. */
  credits: { subType: string; to: Kind; message: string }[];
  otherType: string;
  /** Role review: OPERATOR_MANAGER may not decide these (affiliate withdrawals). */
  managerDenied?: boolean;
}

const ROUTES: RouteCase[] = [
  {
    url: '/api/transactions/cashback', type: 'CASHBACK', prefix: 'CASHBACK', confirm: REWARD_MESSAGES.CASHBACK_CONFIRMED, reject: REWARD_MESSAGES.CASHBACK_REJECTED,
    claim: { subType: 'CASHBACK_CLAIM', from: 'CASHBACK', message: REWARD_MESSAGES.CASHBACK_CONFIRMED }, credits: [], otherType: 'BONUS',
  },
  {
    url: '/api/transactions/bonus', type: 'BONUS', prefix: 'BONUS', confirm: REWARD_MESSAGES.BONUS_CONFIRMED, reject: REWARD_MESSAGES.BONUS_REJECTED,
    claim: { subType: 'BONUS_CLAIM', from: 'BONUS', message: REWARD_MESSAGES.BONUS_CONFIRMED },
    credits: ['DEPOSIT_BONUS', 'MANUAL_BONUS', 'REGISTRATION_BONUS'].map((subType) => ({ subType, to: 'BONUS' as Kind, message: REWARD_MESSAGES.BONUS_CONFIRMED })),
    otherType: 'CASHBACK',
  },
  {
    url: '/api/transactions/affiliate/withdraw', type: 'AFFILIATE', prefix: 'AFFILIATE', confirm: REWARD_MESSAGES.AFFILIATE_WITHDRAWN, reject: TOPUP_MESSAGES.DONE,
    claim: { subType: 'AFFILIATE_PROFIT_WITHDRAW', from: 'AFFILIATE', message: REWARD_MESSAGES.AFFILIATE_WITHDRAWN },
    credits: ['AFFILIATE_CPA_COMMISSION', 'AFFILIATE_CPR_COMMISSION'].map((subType) => ({ subType, to: 'AFFILIATE' as Kind, message: TOPUP_MESSAGES.DONE })),
    otherType: 'REFERRAL_PROFIT', managerDenied: true,
  },
  {
    url: '/api/transactionsV2/referral-claim', type: 'REFERRAL_PROFIT', prefix: 'REFERRAL_CLAIM', confirm: REWARD_MESSAGES.REFERRAL_APPROVED, reject: TOPUP_MESSAGES.DONE,
    credits: [{ subType: 'OTHER', to: 'MAIN', message: REWARD_MESSAGES.REFERRAL_APPROVED }], otherType: 'AFFILIATE',
  },
];

/** The sub-type the generic tests of a route use (its claim when it has one). */
const mainSub = (rc: RouteCase) => rc.claim?.subType ?? rc.credits[0]!.subType;

describe('seeded pending rewards', () => {
  // First: later tests drain side wallets of some players.
  it('a seeded pending claim of every kind confirms from its funded side wallet', async () => {
    for (const [subType, url] of [['BONUS_CLAIM', '/api/transactions/bonus'], ['CASHBACK_CLAIM', '/api/transactions/cashback'], ['AFFILIATE_PROFIT_WITHDRAW', '/api/transactions/affiliate/withdraw']] as const) {
      const [p] = await t.database.db.select().from(transactions).where(and(eq(transactions.transactionSubType, subType), eq(transactions.status, 'PENDING'))).orderBy(asc(transactions.txId)).limit(1);
      expect(p, subType).toBeDefined();
      if (!p) continue;
      const res = await t.call('PUT', url, { headers: idemKey(), as: 'superadmin@demo.local', body: { txId: p.txId, actionType: 'confirm' } });
      expect(res.statusCode, `${subType}: ${res.body}`).toBe(200);
      expect(await entriesOf(p.txId)).toHaveLength(2);
    }
  });
});

for (const rc of ROUTES) {
  describe(`PUT ${rc.url}`, () => {
    if (rc.claim) {
      const claim = rc.claim;
      it(`confirm ${claim.subType}: moves the amount ${claim.from} → MAIN exactly, ledger entries, balances stored, audited`, async () => {
        const p = await makePending(rc.type, claim.subType);
        const before = await balances(p.playerId);
        const res = await t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body: { txId: p.txId, actionType: 'confirm', noteForThePlayer: '  Enjoy  ' } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ success: true, messages: [claim.message], data: { txId: p.txId, status: 'CONFIRMED', confirmedBy: ADMIN, playerNote: 'Enjoy' } });
        const after = await balances(p.playerId);
        expect(cmpDec(after[claim.from], subDec(before[claim.from], p.toAmount))).toBe(0);
        expect(cmpDec(after.MAIN, addDec(before.MAIN, p.toAmount))).toBe(0);
        const row = await getTx(p.txId);
        expect(row).toMatchObject({ status: 'CONFIRMED', confirmedBy: ADMIN, playerNote: 'Enjoy', rejectedAt: null });
        expect(row.confirmedAt).toBeInstanceOf(Date);
        expect(cmpDec(row.balanceBefore!, before.MAIN)).toBe(0);
        expect(cmpDec(row.balanceAfter!, after.MAIN)).toBe(0);
        const entries = await entriesOf(p.txId);
        expect(entries).toHaveLength(2);
        expect(entries[0]!.slice(0, 1).concat(entries[0]!.slice(2))).toEqual([claim.from, `${claim.subType}_OUT`, 'USD']);
        expect(cmpDec(entries[0]![1]!, neg(p.toAmount))).toBe(0);
        expect(entries[1]!.slice(0, 1).concat(entries[1]!.slice(2))).toEqual(['MAIN', claim.subType, 'USD']);
        expect(cmpDec(entries[1]![1]!, p.toAmount)).toBe(0);
        expect(await t.lastActivity()).toMatchObject({ action: `${rc.prefix}_CONFIRM`, targetType: 'transaction', targetId: p.txId, actorEmail: ADMIN, opId: p.opId });
      });

      it(`confirm ${claim.subType} when the ${claim.from} wallet lacks the amount → 400 INSUFFICIENT_SOURCE, nothing changes`, async () => {
        const p = await makePending(rc.type, claim.subType, { amount: '50.00' });
        const held = await bal(p.playerId, claim.from);
        // Leave 49.99999999 of the 50 needed.
        await fund({ id: p.playerId, opId: p.opId }, claim.from, subDec('49.99999999', held), 'TEST_DRAIN');
        const before = await balances(p.playerId);
        const res = await t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body: { txId: p.txId, actionType: 'confirm' } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, messages: [REWARD_MESSAGES.INSUFFICIENT_SOURCE] });
        expect(await balances(p.playerId)).toEqual(before);
        expect(await getTx(p.txId)).toMatchObject({ status: 'PENDING', confirmedBy: null, confirmedAt: null, balanceAfter: null });
        expect(await entriesOf(p.txId)).toEqual([]);
        expect(await auditsOf(p.txId)).toEqual([]);
      });
    }

    for (const c of rc.credits) {
      it(`confirm ${c.subType}: credits the ${c.to} wallet exactly`, async () => {
        const p = await makePending(rc.type, c.subType, { amount: '0.00000001' });
        const before = await balances(p.playerId);
        const res = await t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body: { txId: p.txId, actionType: 'confirm' } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ success: true, messages: [c.message], data: { status: 'CONFIRMED', confirmedBy: ADMIN, playerNote: null } });
        const after = await balances(p.playerId);
        for (const k of ['MAIN', 'BONUS', 'AFFILIATE', 'CASHBACK'] as const) {
          expect(cmpDec(after[k], k === c.to ? addDec(before[k], '0.00000001') : before[k]), k).toBe(0);
        }
        const row = await getTx(p.txId);
        expect(cmpDec(row.balanceBefore!, before[c.to])).toBe(0);
        expect(cmpDec(row.balanceAfter!, after[c.to])).toBe(0);
        const entries = await entriesOf(p.txId);
        expect(entries).toHaveLength(1);
        expect(entries[0]![0]).toBe(c.to);
        expect(cmpDec(entries[0]![1]!, '0.00000001')).toBe(0);
        expect(entries[0]![2]).toBe(`${rc.type}_CREDIT`);
        expect(await t.lastActivity()).toMatchObject({ action: `${rc.prefix}_CONFIRM`, targetType: 'transaction', targetId: p.txId });
      });
    }

    it('reject: REJECTED with the note, no money moves, audited', async () => {
      const p = await makePending(rc.type, mainSub(rc));
      const before = await balances(p.playerId);
      const res = await t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body: { txId: p.txId, actionType: 'reject', noteForThePlayer: 'Not eligible.' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, messages: [rc.reject], data: { status: 'REJECTED', rejectedBy: ADMIN, playerNote: 'Not eligible.' } });
      const row = await getTx(p.txId);
      expect(row).toMatchObject({ status: 'REJECTED', rejectedBy: ADMIN, playerNote: 'Not eligible.', confirmedAt: null });
      expect(row.rejectedAt).toBeInstanceOf(Date);
      expect(await balances(p.playerId)).toEqual(before);
      expect(await entriesOf(p.txId)).toEqual([]);
      expect(await t.lastActivity()).toMatchObject({ action: `${rc.prefix}_REJECT`, targetType: 'transaction', targetId: p.txId, opId: p.opId });
      const again = await t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body: { txId: p.txId, actionType: 'confirm' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().messages).toEqual([PAYMENT_MESSAGES.ALREADY_HANDLED('REJECTED', ADMIN)]);
      expect(await entriesOf(p.txId)).toEqual([]);
    });

    it('50 concurrent identical confirms (each its own key) → one 200, 49 × 409 "already confirmed by …", money moved once', async () => {
      const p = await makePending(rc.type, mainSub(rc), { amount: '10.01' });
      const before = await balances(p.playerId);
      const body = { txId: p.txId, actionType: 'confirm' };
      const results = await Promise.all(Array.from({ length: N }, () => t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body })));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200).length, JSON.stringify(results.find((r) => r.statusCode !== 409)?.json())).toBe(1);
      expect(codes.filter((c) => c === 409).length).toBe(N - 1);
      for (const r of results.filter((x) => x.statusCode === 409)) {
        expect(r.json()).toMatchObject({ success: false, status: 'ALREADY_HANDLED', messages: [PAYMENT_MESSAGES.ALREADY_HANDLED('CONFIRMED', ADMIN)] });
      }
      const after = await balances(p.playerId);
      expect(cmpDec(after.MAIN, addDec(before.MAIN, rc.claim || rc.credits[0]!.to === 'MAIN' ? '10.01' : '0'))).toBe(0);
      expect(await entriesOf(p.txId)).toHaveLength(rc.claim ? 2 : 1);
      expect(await auditsOf(p.txId)).toEqual([`${rc.prefix}_CONFIRM`]);
    });

    it('50 concurrent confirms with one Idempotency-Key → all 200 with the same answer, applied once', async () => {
      const p = await makePending(rc.type, mainSub(rc), { amount: '7.77' });
      const before = await balances(p.playerId);
      const results = await Promise.all(Array.from({ length: N }, () =>
        t.call('PUT', rc.url, { as: ADMIN, body: { txId: p.txId, actionType: 'confirm' }, headers: { 'idempotency-key': `reward-${p.txId}` } })));
      expect(results.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
      const first = results[0]!.json();
      for (const r of results) expect(r.json()).toEqual(first);
      expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(N - 1);
      const after = await balances(p.playerId);
      const to = rc.claim ? 'MAIN' : rc.credits[0]!.to;
      expect(cmpDec(after[to], addDec(before[to], '7.77'))).toBe(0);
      expect(await entriesOf(p.txId)).toHaveLength(rc.claim ? 2 : 1);
      expect(await auditsOf(p.txId)).toEqual([`${rc.prefix}_CONFIRM`]);
    });

    it(`roles: devops and partner 403, operator.admin 404 on an op-bravo transaction, operator.manager in scope ${rc.managerDenied ? '403' : '200'}`, async () => {
      const p = await makePending(rc.type, mainSub(rc));
      for (const as of ['devops@demo.local', 'partner@demo.local'] as const) {
        const res = await t.call('PUT', rc.url, { headers: idemKey(), as, body: { txId: p.txId, actionType: 'confirm' } });
        expect(res.statusCode, as).toBe(403);
        expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
      }
      const bravo = await makePending(rc.type, mainSub(rc), { opIds: BRAVO });
      const foreign = await t.call('PUT', rc.url, { headers: idemKey(), as: 'operator.admin@demo.local', body: { txId: bravo.txId, actionType: 'confirm' } });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().messages).toEqual([PAYMENT_MESSAGES.TX_NOT_FOUND]);
      expect((await getTx(bravo.txId)).status).toBe('PENDING');
      expect(await entriesOf(bravo.txId)).toEqual([]);
      expect((await getTx(p.txId)).status).toBe('PENDING');
      if (rc.managerDenied) {
        // OPERATOR_MANAGER holds the page but, per the role review, does not decide affiliate withdrawals.
        for (const actionType of ['confirm', 'reject'] as const) {
          const denied = await t.call('PUT', rc.url, { headers: idemKey(), as: 'operator.manager@demo.local', body: { txId: p.txId, actionType } });
          expect(denied.statusCode, actionType).toBe(403);
          expect(denied.json().messages).toEqual([MSG.NO_PERMISSION]);
        }
        expect((await getTx(p.txId)).status).toBe('PENDING');
        expect(await entriesOf(p.txId)).toEqual([]);
        expect(await auditsOf(p.txId)).toEqual([]);
        const admin = await t.call('PUT', rc.url, { headers: idemKey(), as: 'operator.admin@demo.local', body: { txId: p.txId, actionType: 'reject' } });
        expect(admin.statusCode, admin.body).toBe(200);
        return;
      }
      // OPERATOR_MANAGER's default template holds the reward pages (permissions.ts), so it may decide in its scope.
      const mine = await t.call('PUT', rc.url, { headers: idemKey(), as: 'operator.manager@demo.local', body: { txId: p.txId, actionType: 'reject' } });
      expect(mine.statusCode, mine.body).toBe(200);
      expect((await getTx(p.txId)).rejectedBy).toBe('operator.manager@demo.local');
    });

    it('without an Idempotency-Key → 400 with the platform message, unchanged', async () => {
      const p = await makePending(rc.type, mainSub(rc));
      const before = await balances(p.playerId);
      const res = await t.call('PUT', rc.url, { as: ADMIN, body: { txId: p.txId, actionType: 'confirm' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: 'IDEMPOTENCY_KEY_REQUIRED', messages: [PLATFORM_MESSAGES.IDEMPOTENCY_KEY_REQUIRED] });
      expect(await getTx(p.txId)).toMatchObject({ status: 'PENDING' });
      expect(await balances(p.playerId)).toEqual(before);
      expect(await auditsOf(p.txId)).toEqual([]);
    });

    it('invalid body: bad txId, note over 200, bad actionType, unknown txId, playerCode of another player', async () => {
      const bad = await t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body: { txId: 'nope', actionType: 'confirm' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().messages).toEqual([PAYMENT_MESSAGES.TX_NOT_FOUND]);
      const p = await makePending(rc.type, mainSub(rc));
      const long = await t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body: { txId: p.txId, actionType: 'reject', noteForThePlayer: 'x'.repeat(NOTE_MAX + 1) } });
      expect(long.statusCode).toBe(400);
      expect(long.json().messages).toEqual([PAYMENT_MESSAGES.NOTE_MAX]);
      const action = await t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body: { txId: p.txId, actionType: 'approve' } });
      expect(action.statusCode).toBe(400);
      expect(action.json().messages).toEqual(['actionType must be confirm or reject.']);
      const missing = await t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body: { txId: '00000000-0000-4000-8000-000000000000', actionType: 'confirm' } });
      expect(missing.statusCode).toBe(404);
      const otherPlayer = await t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body: { txId: p.txId, actionType: 'confirm', playerCode: 'NO-SUCH-PLAYER' } });
      expect(otherPlayer.statusCode).toBe(404);
      expect(await getTx(p.txId)).toMatchObject({ status: 'PENDING' });
      expect(await entriesOf(p.txId)).toEqual([]);
    });

    it('a transaction of another type → 400 WRONG_TYPE, unchanged', async () => {
      const other = ROUTES.find((x) => x.type === rc.otherType)!;
      const p = await makePending(other.type, mainSub(other));
      const res = await t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body: { txId: p.txId, actionType: 'confirm' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().messages).toEqual([REWARD_MESSAGES.WRONG_TYPE]);
      const [w] = await t.database.db.select().from(transactions).where(and(eq(transactions.transactionType, 'WITHDRAW'), eq(transactions.status, 'PENDING'), inArray(transactions.opId, ALPHA))).limit(1);
      const wd = await t.call('PUT', rc.url, { headers: idemKey(), as: ADMIN, body: { txId: w!.txId, actionType: 'reject' } });
      expect(wd.statusCode).toBe(400);
      expect(wd.json().messages).toEqual([REWARD_MESSAGES.WRONG_TYPE]);
      expect((await getTx(p.txId)).status).toBe('PENDING');
      expect((await getTx(w!.txId)).status).toBe('PENDING');
    });
  });
}

describe('ledger', () => {
  it('reconciles after every movement above', async () => {
    const r = await reconcile(t.database.db);
    expect(r.problems).toEqual([]);
  });
});
