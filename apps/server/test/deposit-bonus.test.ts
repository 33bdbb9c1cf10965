/**
 * A confirmed deposit earns the operator's matching ACTIVE deposit bonus: the player's deposit bonus,
 * a BONUS / DEPOSIT_BONUS transaction and the BONUS wallet's ledger entry, in the deposit's
 * transaction, exactly once (replays and racing confirmations included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { cmpDec } from '@pitboss/contract';
import { activities, bonusDefinitions, ledgerEntries, playerBonusReleases, playerDepositBonuses, players, transactions, wallets } from '../src/db/schema.js';
import { postEntry, reconcile } from '../src/modules/wallet/ledger.js';
import { DEMO_GAMES, placeBet, type BetDraw } from '../src/modules/bets/place.js';
import { depositBonusOf } from '../src/modules/bonuses/deposit-bonus.js';
import type { Login, TestApp } from './helpers.js';
import { makeApp, newKey } from './support.js';

const ADMIN: Login = 'admin@demo.local';
const VERIFY = '/api/transactionsV2/deposit/verify';
const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino'];
const SERVER = process.env.TEST_DATABASE_URL;
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let t: TestApp;
const db = () => t.database.db;
let reload: string; // op-alpha: 40 %, at most 30 USD, from 25 USD, any currency, wager ×30
let eurOnly: string; // op-alpha: 90 %, EUR deposits only
let brandOnly: string; // alpha-casino: 10 %, from 5 USD

async function define(body: Record<string, unknown>): Promise<string> {
  const res = await t.call('POST', '/api/bonus/deposit', {
    as: ADMIN,
    body: { description: '', status: 'ACTIVE', startTime: at(-1), endTime: at(30), wagerMultiplier: 30, betType: 'CASINO', providers: [], games: [], currencies: [], ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.bonusId as string;
}

beforeAll(async () => {
  t = await makeApp();
  // The seeded definitions of Alpha's operators off: only this file's definitions apply.
  await db().update(bonusDefinitions).set({ status: 'DEACTIVE' }).where(inArray(bonusDefinitions.opId, ALPHA));
  reload = await define({ opId: 'op-alpha', title: 'Test reload 40%', percentage: '40', maxBonusInUSD: '30', minDepositInUSD: '25' });
  eurOnly = await define({ opId: 'op-alpha', title: 'EUR only 90%', percentage: '90', maxBonusInUSD: '500', minDepositInUSD: '10', currencies: ['EUR'] });
  brandOnly = await define({ opId: 'alpha-casino', title: 'Casino brand 10%', percentage: '10', maxBonusInUSD: '100', minDepositInUSD: '5' });
});
afterAll(async () => { await t.close(); });

const used = new Set<string>();
/** A player of `opIds` this file has not used, without a deposit bonus yet. */
async function freshPlayer(opIds: string[]) {
  const rows = await db().select({ id: players.id, opId: players.opId, playerCode: players.playerCode }).from(players).where(and(
    inArray(players.opId, opIds), eq(players.isDeleted, false),
    sql`not exists (select 1 from player_deposit_bonuses b where b.player_id = ${players.id})`,
  )).orderBy(asc(players.playerCode)).limit(100);
  const p = rows.find((r) => !used.has(r.id))!;
  used.add(p.id);
  return p;
}
/** A PENDING deposit order of the player (the simulator verifies amounts ending in .00). */
async function deposit(p: { id: string; opId: string }, amount: string, currency = 'USD', usd = amount) {
  const txId = crypto.randomUUID();
  await db().insert(transactions).values({
    txId, opId: p.opId, playerId: p.id, transactionType: 'DEPOSIT', status: 'PENDING', fromAmount: amount, fromCurrency: currency, fromAmountInUsd: usd,
    toAmount: amount, toCurrency: currency, toAmountInUsd: usd, rateToUsd: '1', provider: 'cpg', gateway: 'cpg', externalRef: `ORD-${txId.slice(0, 8)}`,
  });
  return txId;
}
const verify = (txId: string, headers: Record<string, string> = newKey()) => t.call('POST', VERIFY, { as: ADMIN, headers, body: { txId } });
const bonusesOfDeposit = (txId: string) => db().select().from(playerDepositBonuses).where(eq(playerDepositBonuses.depositTxId, txId));
async function bonusWallet(playerId: string) {
  const [w] = await db().select().from(wallets).where(and(eq(wallets.playerId, playerId), eq(wallets.kind, 'BONUS'), eq(wallets.currency, 'USD')));
  return w?.balance ?? '0';
}
const bonusTxs = (playerId: string) => db().select().from(transactions).where(and(eq(transactions.playerId, playerId), eq(transactions.transactionSubType, 'DEPOSIT_BONUS')));

describe('the bonus a deposit earns (the rule, exact decimals)', () => {
  const d = { percentage: '33.33', maxBonusInUsd: '50', minDepositInUsd: '10', currencies: [] as string[] };
  it('percentage of the USD deposit rounded down to the cent, at most the maximum; below the minimum or in another currency: none', () => {
    expect(depositBonusOf(d, '10.00', 'USD')).toBe('3.33'); // 3.333
    expect(depositBonusOf(d, '99.99', 'USD')).toBe('33.32'); // 33.326667
    expect(depositBonusOf(d, '1000', 'USD')).toBe('50.00');
    expect(depositBonusOf(d, '9.99', 'USD')).toBeNull();
    expect(depositBonusOf({ ...d, currencies: ['EUR'] }, '100', 'USD')).toBeNull();
    expect(depositBonusOf({ ...d, currencies: ['EUR'] }, '100', 'EUR')).toBe('33.33');
    expect(depositBonusOf({ ...d, percentage: '0.01', minDepositInUsd: '0' }, '1', 'USD')).toBeNull(); // 0.0001 → 0.00: no bonus
  });
});

describe('deposit confirmation → deposit bonus', () => {
  it('credits the matching bonus once: the player bonus, a CONFIRMED DEPOSIT_BONUS transaction, the BONUS wallet through the ledger, in the deposit\'s activity', async () => {
    const p = await freshPlayer(['op-alpha']);
    const before = await bonusWallet(p.id);
    const txId = await deposit(p, '40.00');
    const res = await verify(txId);
    expect(res.statusCode, res.body).toBe(200);
    const [b] = await bonusesOfDeposit(txId);
    expect(b).toMatchObject({ bonusId: reload, playerId: p.id, opId: 'op-alpha', status: 'ACTIVE' });
    expect(cmpDec(b!.bonusAmountInUsd, '16')).toBe(0); // 40 × 40 %
    expect(cmpDec(b!.wagerRequiredInUsd, '480')).toBe(0); // 16 × 30
    expect(cmpDec(b!.depositAmountInUsd, '40')).toBe(0);
    expect(cmpDec(await bonusWallet(p.id), (Number(before) + 16).toFixed(2))).toBe(0);
    const [bt] = await bonusTxs(p.id);
    expect(bt).toMatchObject({ transactionType: 'BONUS', transactionSubType: 'DEPOSIT_BONUS', status: 'CONFIRMED', walletType: 'BONUS', toCurrency: 'USD', confirmedBy: ADMIN, note: 'Test reload 40%' });
    expect(cmpDec(bt!.toAmount, '16')).toBe(0);
    const entries = await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, bt!.txId), eq(ledgerEntries.reason, 'DEPOSIT_BONUS')));
    expect(entries).toHaveLength(1);
    expect(cmpDec(entries[0]!.amount, '16')).toBe(0);
    const [act] = await db().select().from(activities).where(and(eq(activities.targetId, txId), eq(activities.action, 'DEPOSIT_VERIFY')));
    expect(act!.after).toMatchObject({ status: 'CONFIRMED', depositBonus: { bonusId: reload, title: 'Test reload 40%', txId: bt!.txId } });
    // The /bonus/list page shows it.
    const list = await t.call('POST', '/api/bonus/deposit/players/list', { as: ADMIN, body: { bonusId: reload, limit: 50 } });
    expect(list.json().data.items.map((x: { depositTxId: string }) => x.depositTxId)).toContain(txId);

    // The same definition is not earned again by the next deposit; a deposit in USD does not match the EUR-only one.
    const next = await deposit(p, '100.00');
    expect((await verify(next)).statusCode).toBe(200);
    expect(await bonusesOfDeposit(next)).toHaveLength(0);
    expect(await bonusTxs(p.id)).toHaveLength(1);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('caps at the maximum; below the minimum earns nothing; a brand\'s player gets the larger of its brand\'s and its parent\'s', async () => {
    const big = await freshPlayer(['op-alpha']);
    const tx1 = await deposit(big, '100.00');
    expect((await verify(tx1)).statusCode).toBe(200);
    expect(cmpDec((await bonusesOfDeposit(tx1))[0]!.bonusAmountInUsd, '30')).toBe(0); // 40 capped at 30

    const small = await freshPlayer(['op-alpha']);
    const tx2 = await deposit(small, '20.00');
    expect((await verify(tx2)).statusCode).toBe(200);
    expect(await bonusesOfDeposit(tx2)).toHaveLength(0);
    expect(await bonusTxs(small.id)).toHaveLength(0);

    // alpha-casino: its own 10 % (5.00) against the parent's 40 % (20.00): the parent's; under the parent's minimum: the brand's.
    const brand = await freshPlayer(['alpha-casino']);
    const tx3 = await deposit(brand, '50.00');
    expect((await verify(tx3)).statusCode).toBe(200);
    expect((await bonusesOfDeposit(tx3))[0]).toMatchObject({ bonusId: reload, opId: 'alpha-casino' });
    const brand2 = await freshPlayer(['alpha-casino']);
    const tx4 = await deposit(brand2, '20.00');
    expect((await verify(tx4)).statusCode).toBe(200);
    const [b4] = await bonusesOfDeposit(tx4);
    expect(b4).toMatchObject({ bonusId: brandOnly });
    expect(cmpDec(b4!.bonusAmountInUsd, '2')).toBe(0);
    // Another brand's player (alpha-bet) does not get alpha-casino's.
    const bet = await freshPlayer(['alpha-bet']);
    const tx5 = await deposit(bet, '20.00');
    expect((await verify(tx5)).statusCode).toBe(200);
    expect(await bonusesOfDeposit(tx5)).toHaveLength(0);
    // A EUR deposit: the EUR-only definition (90 % of its USD value, 21.60) beats the reload (40 %: 9.60).
    const eur = await freshPlayer(['op-alpha']);
    const tx6 = await deposit(eur, '20.00', 'EUR', '24.00');
    expect((await verify(tx6)).statusCode).toBe(200);
    expect((await bonusesOfDeposit(tx6))[0]).toMatchObject({ bonusId: eurOnly });
    expect(cmpDec((await bonusesOfDeposit(tx6))[0]!.bonusAmountInUsd, '21.6')).toBe(0);
  });

  it('a replay of the Idempotency-Key credits nothing more', async () => {
    const p = await freshPlayer(['op-alpha']);
    const txId = await deposit(p, '30.00');
    const key = { 'idempotency-key': `bonus-${txId}` };
    const answers = await Promise.all([verify(txId, key), verify(txId, key), verify(txId, key)]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await bonusesOfDeposit(txId)).toHaveLength(1);
    expect(await bonusTxs(p.id)).toHaveLength(1);
    expect(cmpDec(await bonusWallet(p.id), '12')).toBe(0);
  });

  it("a player's bonus keeps the definition's version and prize type of its award (001 §3 Player bonus), and lists them with its unique ID, title and type", async () => {
    const one = await freshPlayer(['op-alpha']);
    const tx1 = await deposit(one, '30.00');
    expect((await verify(tx1)).statusCode).toBe(200);
    // An edit of the definition is its next version; the bonus awarded before keeps the earlier one.
    const def = (await t.call('GET', `/api/bonus/deposit/details/${reload}`, { as: ADMIN })).json().data;
    const edit = await t.call('PUT', '/api/bonus/deposit', { as: ADMIN, body: {
      bonusId: reload, opId: def.opId, title: def.title, description: def.description, status: def.status, startTime: def.startTime, endTime: def.endTime,
      percentage: def.percentage, maxBonusInUSD: '30', minDepositInUSD: '25', wagerMultiplier: def.wagerMultiplier,
      betType: def.betType, providers: def.providers, games: def.games, currencies: def.currencies,
    } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.version).toBe(def.version + 1);
    const two = await freshPlayer(['op-alpha']);
    const tx2 = await deposit(two, '30.00');
    expect((await verify(tx2)).statusCode).toBe(200);
    const rows = (await t.call('POST', '/api/bonus/deposit/players/list', { as: ADMIN, body: { bonusId: reload, limit: 100 } })).json().data.items as Record<string, unknown>[];
    const [b1] = await bonusesOfDeposit(tx1);
    const r1 = rows.find((r) => r.depositTxId === tx1)!;
    const r2 = rows.find((r) => r.depositTxId === tx2)!;
    expect(r1).toMatchObject({ id: b1!.id, uniuqeId: b1!.id, bonusId: reload, title: 'Test reload 40%', type: 'DEPOSIT_BONUS', prizeType: 'LOCKED', version: def.version });
    expect(r2).toMatchObject({ type: 'DEPOSIT_BONUS', prizeType: 'LOCKED', version: def.version + 1 });
    expect(cmpDec(r1.bonusAmountInUSD as string, '12')).toBe(0);
  });

  it('a definition switched off earns nothing', async () => {
    await db().update(bonusDefinitions).set({ status: 'DEACTIVE' }).where(eq(bonusDefinitions.id, brandOnly));
    const p = await freshPlayer(['alpha-casino']);
    const txId = await deposit(p, '20.00');
    expect((await verify(txId)).statusCode).toBe(200);
    expect(await bonusesOfDeposit(txId)).toHaveLength(0);
    await db().update(bonusDefinitions).set({ status: 'ACTIVE' }).where(eq(bonusDefinitions.id, brandOnly));
  });
});

describe('wagering from bets', () => {
  const bet = (p: { id: string; opId: string }, stake: string, o: Partial<BetDraw['row']> = {}): BetDraw => {
    const g = DEMO_GAMES[4];
    const now = new Date();
    return {
      row: {
        betId: `WAGER-${crypto.randomUUID()}`, opId: p.opId, playerId: p.id, stake, currency: 'USD', rateToUsd: '1', stakeInUsd: stake, placedAt: now,
        betType: 'CASINO', gameTitle: g.gameTitle, provider: g.provider, isSingle: true, win: '0', winInUsd: '0', status: 'LOST', settledAt: now, ...o,
      },
      moves: [{ amount: `-${stake}`, reason: 'BET', at: now }, ...(o.status === 'CANCELED' ? [{ amount: stake, reason: 'BET_REFUND', at: now }] : [])],
    };
  };
  const place = (d: BetDraw) => db().transaction((tx) => placeBet(tx as never, d));

  it("a bet's stake advances the player's active deposit bonus (matching bet type) until it is COMPLETED, and the operator's bonus releases", async () => {
    const release = await t.call('POST', '/api/bonus/releases', {
      as: ADMIN,
      body: {
        opId: 'op-alpha', title: 'Wager test release', description: '', schedule: 'WEEKLY', startTime: at(-1), endTime: at(30), betType: 'CASINO', gameProviders: [], games: [], isActive: true,
        tiers: [{ tier: 1, requiredWager: '1000', minWinOdds: '1.5', maxBonusAmountInUSD: '10', minBetAmountInUSD: '5' }],
      },
    });
    expect(release.statusCode, release.body).toBe(200);
    const releaseId = release.json().data.bonusId as string;
    const p = await freshPlayer(['op-alpha']);
    const txId = await deposit(p, '30.00'); // 12.00 bonus, 360.00 to wager
    expect((await verify(txId)).statusCode).toBe(200);
    await db().transaction((tx) => postEntry(tx as never, { playerId: p.id, opId: p.opId, kind: 'MAIN', currency: 'USD', amount: '1000', reason: 'TEST_CREDIT' }));
    const mine = async () => (await bonusesOfDeposit(txId))[0]!;
    const releaseRow = async () => (await db().select().from(playerBonusReleases).where(and(eq(playerBonusReleases.definitionId, releaseId), eq(playerBonusReleases.playerId, p.id))))[0];

    await place(bet(p, '100.25'));
    expect(cmpDec((await mine()).wageredInUsd, '100.25')).toBe(0);
    expect(cmpDec((await releaseRow())!.wageredAmountInUsd, '100.25')).toBe(0);
    // A cancelled bet, a sport bet (the definitions are CASINO) and, for the release, a stake under the first tier's minimum bet: nothing.
    await place(bet(p, '50', { status: 'CANCELED' }));
    await place(bet(p, '50', { betType: 'SPORT', gameTitle: null, provider: null }));
    expect(cmpDec((await mine()).wageredInUsd, '100.25')).toBe(0);
    await place(bet(p, '4.99'));
    expect(cmpDec((await mine()).wageredInUsd, '105.24')).toBe(0);
    expect(cmpDec((await releaseRow())!.wageredAmountInUsd, '100.25')).toBe(0);
    // Reaching the wager required completes it; later bets leave it.
    await place(bet(p, '300'));
    expect(await mine()).toMatchObject({ status: 'COMPLETED' });
    expect(cmpDec((await mine()).wageredInUsd, '405.24')).toBe(0);
    expect((await mine()).completedAt).not.toBeNull();
    await place(bet(p, '10'));
    expect(cmpDec((await mine()).wageredInUsd, '405.24')).toBe(0);
    expect(cmpDec((await releaseRow())!.wageredAmountInUsd, '410.25')).toBe(0);
    expect((await reconcile(db())).problems).toEqual([]);
  });
});

if (!SERVER) console.info('deposit-bonus.test.ts: the racing confirmations are skipped; they need TEST_DATABASE_URL (a PostgreSQL server).');

describe.skipIf(!SERVER)('racing confirmations on PostgreSQL', () => {
  it('20 confirmations of one deposit at once, and two deposits of one player at once: one bonus each deposit at most, one per definition and player', async () => {
    const p = await freshPlayer(['op-alpha']);
    const txId = await deposit(p, '50.00');
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(txId)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await bonusesOfDeposit(txId)).toHaveLength(1);

    const q = await freshPlayer(['op-alpha']);
    const [d1, d2] = [await deposit(q, '60.00'), await deposit(q, '70.00')];
    const both = await Promise.all([verify(d1), verify(d2)]);
    expect(both.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await bonusTxs(q.id)).toHaveLength(1);
    const rows = await db().select().from(playerDepositBonuses).where(eq(playerDepositBonuses.playerId, q.id));
    expect(rows).toHaveLength(1);
    expect((await reconcile(db())).problems).toEqual([]);
  });
});
