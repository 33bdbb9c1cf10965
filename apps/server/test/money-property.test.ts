import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { addDec, cmpDec, mulDec, subDec } from '@pitboss/contract';
import { currencyRates, operators, players, transactions, wallets } from '../src/db/schema.js';
import { postEntry, reconcile, toUsd } from '../src/modules/wallet/ledger.js';
import type { Db } from '../src/db/client.js';
import { idemKey, makeTestApp, type TestApp } from './helpers.js';
import { newKey } from './support.js';

/**
 * Random interleavings of top-ups, withdrawal requests, approvals, rejections and
 * conversions on one player, run in concurrent batches. Afterwards: every wallet equals its
 * ledger, nothing is negative, and the player's USD value equals the model's (conversions
 * may only lose truncation dust, never create money).
 */
let t: TestApp;
let player: { id: string; playerCode: string; opId: string };
let rates: Record<string, string>;
beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  const [p] = await db.select().from(players).where(eq(players.opId, 'alpha-bet')).limit(1);
  player = { id: p!.id, playerCode: p!.playerCode, opId: p!.opId };
  // Both wallets exist, so conversions between them are allowed.
  for (const currency of ['USD', 'EUR']) {
    await db.transaction(async (tx) => { await postEntry(tx as unknown as Db, { playerId: p!.id, opId: p!.opId, kind: 'MAIN', currency, amount: '500', reason: 'TEST_FUNDING' }); });
  }
  rates = Object.fromEntries((await db.select().from(currencyRates)).map((r) => [r.currency, r.rateToUsd]));
  // The operator's daily top-up limit is its own rule (tested with the wallet calls): here the
  // random increases of every run add up over one day, so it is lifted out of the way.
  await db.update(operators).set({ dailyTopupLimitInUsd: '1000000000' }).where(eq(operators.opId, p!.opId));
});
afterAll(async () => { await t.close(); });

async function usdValue(): Promise<string> {
  const ws = await t.database.db.select().from(wallets).where(and(eq(wallets.playerId, player.id), eq(wallets.kind, 'MAIN')));
  let v = '0';
  for (const w of ws) {
    expect(cmpDec(w.balance, '0')).toBeGreaterThanOrEqual(0);
    v = addDec(v, toUsd(w.balance, rates[w.currency]!));
  }
  return v;
}

/** A player's withdrawal request: debits the wallet (WITHDRAW_HOLD) and leaves it IN_PROGRESS at the provider. */
async function requestWithdrawal(amount: string): Promise<string | null> {
  const txId = crypto.randomUUID();
  try {
    await t.database.db.transaction(async (tx) => {
      const e = await postEntry(tx as unknown as Db, { playerId: player.id, opId: player.opId, kind: 'MAIN', currency: 'USD', amount: `-${amount}`, reason: 'WITHDRAW_HOLD', refType: 'transaction', refId: txId });
      await tx.insert(transactions).values({
        txId, opId: player.opId, playerId: player.id, transactionType: 'WITHDRAW', status: 'IN_PROGRESS', fromAmount: amount, fromCurrency: 'USD',
        fromAmountInUsd: amount, toAmount: amount, toCurrency: 'USD', toAmountInUsd: amount, rateToUsd: '1', provider: 'cpg', gateway: 'cpg',
        balanceBefore: e.balanceBefore, balanceAfter: e.balanceAfter,
      });
    });
    return txId;
  } catch {
    return null; // not enough balance: refused, nothing applied
  }
}

type Cmd =
  | { k: 'inc' | 'dec' | 'withdraw'; cents: number }
  | { k: 'approve' | 'reject'; pick: number }
  | { k: 'convert'; toUsd: boolean };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ k: fc.constantFrom('inc' as const, 'dec' as const, 'withdraw' as const), cents: fc.integer({ min: 1, max: 40_000 }) }),
  fc.record({ k: fc.constantFrom('approve' as const, 'reject' as const), pick: fc.nat() }),
  fc.record({ k: fc.constant('convert' as const), toUsd: fc.boolean() }),
);

describe('money conservation under random interleavings', () => {
  it('holds for top-ups, withdrawals, approvals, rejections and conversions', async () => {
    const open: string[] = [];
    await fc.assert(fc.asyncProperty(fc.array(fc.array(cmd, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), async (batches) => {
      let expected = await usdValue();
      let converts = 0;
      for (const batch of batches) {
        // allSettled: a failing command must not leave others in flight while fast-check shrinks.
        const settled = await Promise.allSettled(batch.map(async (c): Promise<string> => {
          const amount = 'cents' in c ? (c.cents / 100).toFixed(2) : '0';
          switch (c.k) {
            case 'inc':
            case 'dec': {
              const r = await t.call('POST', '/api/player/wallet/topup', { as: 'admin@demo.local', headers: idemKey(), body: {
                playerCode: player.playerCode, amount, currency: 'USD', action: c.k === 'inc' ? 'INCREASE' : 'DECREASE', reason: 'CORRECTION', note: 'property', accept: true,
              } });
              if (r.statusCode !== 200) { expect(r.json().messages).toEqual(['The balance cannot go below zero.']); return '0'; }
              return c.k === 'inc' ? amount : `-${amount}`;
            }
            case 'withdraw': {
              const id = await requestWithdrawal(amount);
              if (!id) return '0';
              open.push(id);
              return `-${amount}`;
            }
            case 'approve':
            case 'reject': {
              if (!open.length) return '0';
              const txId = open[c.pick % open.length]!;
              const r = await t.call('PUT', '/api/transactionsV2/withdraw/in-progress', { as: 'admin@demo.local', headers: newKey(), body: { txId, note: 'property', status: c.k === 'approve' ? 'APPROVE' : 'REJECT' } });
              if (r.statusCode !== 200) { expect(r.statusCode).toBe(409); return '0'; }
              const i = open.indexOf(txId);
              if (i >= 0) open.splice(i, 1);
              if (c.k === 'approve') return '0';
              const [row] = await t.database.db.select().from(transactions).where(eq(transactions.txId, txId));
              return row!.toAmount; // the refund returns what was held
            }
            case 'convert': {
              const r = await t.call('POST', '/api/player/wallet/convert', { as: 'admin@demo.local', headers: idemKey(), body: {
                playerId: player.id, fromCurrency: c.toUsd ? 'EUR' : 'USD', toCurrency: c.toUsd ? 'USD' : 'EUR',
              } });
              if (r.statusCode === 200) converts++;
              else expect(r.statusCode).toBe(400);
              return '0';
            }
          }
        }));
        const failed = settled.find((x): x is PromiseRejectedResult => x.status === 'rejected');
        if (failed) throw failed.reason;
        for (const d of settled as PromiseFulfilledResult<string>[]) expected = addDec(expected, d.value);
      }
      const actual = await usdValue();
      // Conversions truncate to 8 places: each may lose at most a few millionths of a cent, never add.
      expect(cmpDec(actual, expected)).toBeLessThanOrEqual(0);
      expect(cmpDec(subDec(expected, actual), mulDec('0.000001', String(converts + 1)))).toBeLessThanOrEqual(0);
      const rec = await reconcile(t.database.db);
      expect(rec.problems).toEqual([]);
    }), { numRuns: 12 });
  });
});
