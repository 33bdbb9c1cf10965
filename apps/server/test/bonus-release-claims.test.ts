/**
 * Claiming a bonus release period (README "Bonus releases"): the unlocked, unclaimed amount is
 * credited to the player's BONUS wallet through the ledger once — replays answer the first claim,
 * a second claim finds nothing, racing claims credit once — and never from a deleted release,
 * another operator's period or without `bonus_release_manage`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BONUS_RELEASE_MESSAGES, MSG, PLATFORM_MESSAGES } from '@pitboss/contract';
import { bonusReleaseDefinitions, ledgerEntries, playerBonusReleases, transactions, wallets } from '../src/db/schema.js';
import { reconcile } from '../src/modules/wallet/ledger.js';
import { ALPHA_PLAYER_OPS, BRAVO_SCOPE, makeApp, newKey } from './support.js';
import type { Login, TestApp } from './helpers.js';

const ADMIN: Login = 'admin@demo.local';
const OP_ADMIN: Login = 'operator.admin@demo.local';
const MANAGER: Login = 'operator.manager@demo.local';
let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const taken = new Set<string>();
/** A live period of an op-alpha player with `unlocked` unlocked and `claimed` claimed (set here). */
async function period(unlocked: string, claimed: string, ops: readonly string[] = ALPHA_PLAYER_OPS) {
  const rows = await db().select({ id: playerBonusReleases.id, playerId: playerBonusReleases.playerId, definitionId: playerBonusReleases.definitionId })
    .from(playerBonusReleases).innerJoin(bonusReleaseDefinitions, eq(bonusReleaseDefinitions.id, playerBonusReleases.definitionId))
    .where(and(inArray(playerBonusReleases.opId, [...ops]), eq(playerBonusReleases.isDeleted, false), sql`${bonusReleaseDefinitions.deletedAt} is null`));
  const r = rows.find((x) => !taken.has(x.id));
  if (!r) throw new Error('no player release left');
  taken.add(r.id);
  await db().update(playerBonusReleases).set({ unlockedAmountInUsd: unlocked, claimedAmountInUsd: claimed }).where(eq(playerBonusReleases.id, r.id));
  return r;
}
const bonusBalance = async (playerId: string) => {
  const [w] = await db().select({ b: wallets.balance }).from(wallets).where(and(eq(wallets.playerId, playerId), eq(wallets.kind, 'BONUS'), eq(wallets.currency, 'USD')));
  return Number(w?.b ?? 0);
};
const claim = (releaseId: string, as: Login = ADMIN, headers = newKey()) => t.call('POST', '/api/bonus/releases/player/claim', { as, body: { releaseId }, headers });

describe('claiming a bonus release period', () => {
  it('credits the unclaimed part of the unlocked amount once, through the ledger, with its transaction and activity', async () => {
    const r = await period('25', '10');
    const before = await bonusBalance(r.playerId);
    const key = newKey();
    const res = await claim(r.id, OP_ADMIN, key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.messages).toEqual([BONUS_RELEASE_MESSAGES.CLAIMED]);
    expect(body.data.amountInUSD).toBe('15.00');
    expect(body.data.release.claimedAmountInUSD).toBe('25.00');
    expect(await bonusBalance(r.playerId)).toBeCloseTo(before + 15, 8);
    const [tx] = await db().select().from(transactions).where(eq(transactions.txId, body.data.txId));
    expect(tx).toMatchObject({ transactionType: 'BONUS', transactionSubType: 'BONUS_RELEASE', status: 'CONFIRMED', walletType: 'BONUS', toCurrency: 'USD' });
    expect(Number(tx!.toAmount)).toBe(15);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.refId, body.data.txId));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.reason).toBe('BONUS_RELEASE');
    const act = await t.lastActivity();
    expect(act).toMatchObject({ action: 'BONUS_RELEASE_CLAIM', targetType: 'playerBonusRelease', targetId: r.id });

    // The same request again (its key) replays the first answer; a new claim finds nothing left.
    const replay = await claim(r.id, OP_ADMIN, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.txId).toBe(body.data.txId);
    const again = await claim(r.id, OP_ADMIN);
    expect(again.statusCode).toBe(409);
    expect(again.json().messages).toEqual([BONUS_RELEASE_MESSAGES.NOTHING_TO_CLAIM]);
    expect(await bonusBalance(r.playerId)).toBeCloseTo(before + 15, 8);
  });

  it('a higher tier unlocked after a claim leaves only the difference to claim', async () => {
    const r = await period('10', '10');
    expect((await claim(r.id)).statusCode).toBe(409);
    await db().update(playerBonusReleases).set({ unlockedAmountInUsd: '40' }).where(eq(playerBonusReleases.id, r.id));
    const res = await claim(r.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.amountInUSD).toBe('30.00');
  });

  it('racing claims of one period credit it once', async () => {
    const r = await period('12.5', '0');
    const before = await bonusBalance(r.playerId);
    const answers = await Promise.all(Array.from({ length: 12 }, () => claim(r.id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(11);
    expect(await bonusBalance(r.playerId)).toBeCloseTo(before + 12.5, 8);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('refuses a deleted release, nothing unlocked, another operator\'s period, a manager and a call without a key', async () => {
    const deleted = await period('5', '0');
    await db().update(playerBonusReleases).set({ isDeleted: true }).where(eq(playerBonusReleases.id, deleted.id));
    const d = await claim(deleted.id);
    expect(d.statusCode).toBe(409);
    expect(d.json().messages).toEqual([BONUS_RELEASE_MESSAGES.ALREADY_DELETED]);

    const none = await period('0', '0');
    expect((await claim(none.id)).json().messages).toEqual([BONUS_RELEASE_MESSAGES.NOTHING_TO_CLAIM]);

    const bravo = await period('5', '0', BRAVO_SCOPE);
    const other = await claim(bravo.id, OP_ADMIN);
    expect(other.statusCode).toBe(404);
    expect(other.json().messages).toEqual([BONUS_RELEASE_MESSAGES.PLAYER_RELEASE_NOT_FOUND]);

    const open = await period('5', '0');
    const manager = await claim(open.id, MANAGER);
    expect(manager.statusCode).toBe(403);
    expect(manager.json().messages).toEqual([MSG.NO_PERMISSION]);
    const noKey = await t.call('POST', '/api/bonus/releases/player/claim', { as: ADMIN, body: { releaseId: open.id } });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().messages).toEqual([PLATFORM_MESSAGES.IDEMPOTENCY_KEY_REQUIRED]);
    const [row] = await db().select({ c: playerBonusReleases.claimedAmountInUsd }).from(playerBonusReleases).where(eq(playerBonusReleases.id, open.id));
    expect(Number(row!.c)).toBe(0);
  });
});
