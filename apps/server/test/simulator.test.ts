import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BET_MESSAGES, addDec, kycImageKind, subDec, toUnits } from '@pitboss/contract';
import { bets, kycRecords, ledgerEntries, playerBonusReleases, transactions } from '../src/db/schema.js';
import { simulateOnce, type SimEvent } from '../src/modules/simulator/activity.js';
import { reconcile } from '../src/modules/wallet/ledger.js';
import { makeTestApp, type TestApp } from './helpers.js';
import { betRollupVsRows, newKey } from './support.js';

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.close(); });

/** Deterministic PRNG for the run. */
const lcg = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

describe('activity simulator', () => {
  it('creates every kind of event, holds withdrawal amounts in the ledger and keeps reconciliation', async () => {
    const rand = lcg(7);
    const seen = new Map<SimEvent, string[]>();
    for (let i = 0; i < 120; i++) {
      const r = await simulateOnce(t.database.db, rand);
      if (r) seen.set(r.event, [...(seen.get(r.event) ?? []), r.ref]);
    }
    for (const e of ['REGISTRATION', 'DEPOSIT_ORDER', 'WITHDRAW_REQUEST', 'KYC_SUBMISSION', 'USERNAME_REQUEST', 'RELEASE_CLAIM'] as const) expect(seen.get(e)?.length, e).toBeGreaterThan(0);
    // A claimed period has nothing left to claim, and its credit is a BONUS_RELEASE transaction.
    for (const id of seen.get('RELEASE_CLAIM')!) {
      const [r] = await t.database.db.select().from(playerBonusReleases).where(eq(playerBonusReleases.id, id));
      expect(r!.claimedAmountInUsd).toBe(r!.unlockedAmountInUsd);
      const [tx] = await t.database.db.select().from(transactions).where(sql`${transactions.extra}->>'playerReleaseId' = ${id}`);
      expect(tx).toMatchObject({ transactionType: 'BONUS', transactionSubType: 'BONUS_RELEASE', status: 'CONFIRMED' });
    }
    for (const txId of seen.get('WITHDRAW_REQUEST')!) {
      const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.txId, txId));
      expect(tx).toMatchObject({ transactionType: 'WITHDRAW', status: 'PENDING' });
      const [hold] = await t.database.db.select({ s: sql<string>`sum(${ledgerEntries.amount})::text` }).from(ledgerEntries)
        .where(and(eq(ledgerEntries.refId, txId), eq(ledgerEntries.reason, 'WITHDRAW_HOLD')));
      expect(hold!.s).toBe(`-${tx!.toAmount}`);
    }
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });

  it('a simulated image document comes with a real image, served to staff', async () => {
    const rand = lcg(23);
    let doc: typeof kycRecords.$inferSelect | undefined;
    for (let i = 0; i < 400 && !doc; i++) {
      const r = await simulateOnce(t.database.db, rand);
      if (r?.event !== 'KYC_SUBMISSION') continue;
      const [k] = await t.database.db.select().from(kycRecords).where(eq(kycRecords.id, r.ref));
      if (k && (k.data.imageUrl || k.data.frontImageUrl)) doc = k;
    }
    expect(doc).toBeDefined();
    const url = doc!.data.imageUrl ?? doc!.data.frontImageUrl!;
    expect(url).toMatch(/^\/api\/files\//);
    const res = await t.call('GET', url, { as: 'superadmin@demo.local' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(kycImageKind(res.rawPayload)).toBe('png');
  });

  it('a simulated withdrawal request can be approved by staff like any other', async () => {
    let txId: string | undefined;
    const rand = lcg(11);
    for (let i = 0; i < 40 && !txId; i++) {
      const r = await simulateOnce(t.database.db, rand);
      if (r?.event === 'WITHDRAW_REQUEST') txId = r.ref;
    }
    expect(txId).toBeDefined();
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.txId, txId!));
    const noSuffix = !tx!.provider || tx!.provider === 'witcher' || tx!.provider === 'tomani';
    const url = noSuffix ? '/api/transactionsV2/withdraw' : `/api/transactionsV2/withdraw/${tx!.provider}`;
    const res = await t.call('PUT', url, { as: 'admin@demo.local', headers: newKey(), body: { txId, actionType: 'reject', playerNote: 'Simulated: rejected', countsTowardDailyLimit: false } });
    expect(res.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(transactions).where(eq(transactions.txId, txId!));
    expect(after!.status).toBe('REJECTED');
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });

  it('places casino rounds (settled at once) and open sport bets, each stake and win posted through the ledger; reconciliation and the roll-up hold', async () => {
    const rand = lcg(5);
    const placed: { event: SimEvent; ref: string }[] = [];
    for (let i = 0; i < 200 && (!placed.some((p) => p.event === 'CASINO_ROUND') || !placed.some((p) => p.event === 'SPORT_BET')); i++) {
      const r = await simulateOnce(t.database.db, rand);
      if (r?.event === 'CASINO_ROUND' || r?.event === 'SPORT_BET') placed.push(r);
    }
    expect(placed.some((p) => p.event === 'CASINO_ROUND')).toBe(true);
    expect(placed.some((p) => p.event === 'SPORT_BET')).toBe(true);
    for (const p of placed) {
      const [b] = await t.database.db.select().from(bets).where(eq(bets.betId, p.ref));
      expect(b!.betType).toBe(p.event === 'CASINO_ROUND' ? 'CASINO' : 'SPORT');
      expect(b!.status).toMatch(p.event === 'CASINO_ROUND' ? /^(WON|LOST)$/ : /^OPEN$/);
      const entries = await t.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, b!.betId), eq(ledgerEntries.playerId, b!.playerId)));
      expect(entries.map((e) => e.reason)).toEqual(b!.status === 'WON' && toUnits(b!.win) > 0n ? ['BET', 'WIN'] : ['BET']);
      // The stake left the wallet and the win came back: the entries sum to win − stake.
      const sum = entries.reduce((a, e) => addDec(a, e.amount), '0');
      expect(toUnits(sum)).toBe(toUnits(subDec(b!.win, b!.stake)));
    }
    expect((await reconcile(t.database.db)).problems).toEqual([]);
    expect(await betRollupVsRows(t.database.db)).toBe(0);
    // A simulated sport bet is an open bet staff can cancel: the stake comes back.
    const sport = placed.find((p) => p.event === 'SPORT_BET')!;
    const res = await t.call('PUT', '/api/bets/cancel', { as: 'admin@demo.local', headers: newKey(), body: { betId: sport.ref, note: 'Simulated: event abandoned' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([BET_MESSAGES.CANCELED]);
    expect((await reconcile(t.database.db)).problems).toEqual([]);
    expect(await betRollupVsRows(t.database.db)).toBe(0);
  });
});
