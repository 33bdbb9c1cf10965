/** The Player Wallet panels (001 §2): Bonus, Affiliate and Cashback summaries from the player's ledger and wallets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG, cmpDec, operatorRewardSettings, roundDec } from '@pitboss/contract';
import { operators } from '../src/db/schema.js';
import { invalidateOperators } from '../src/lib/scope.js';
import { rowsOf, textArray } from '../src/lib/query.js';
import { makeApp, newKey } from './support.js';
import type { Login, TestApp } from './helpers.js';

const ADMIN: Login = 'admin@demo.local';
const BONUS = '/api/reports/bonus/player/summary';
const AFFILIATE = '/api/reports/affiliate/player/summary';
const CASHBACK = '/api/reports/cashback/player/summary';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

type P = { id: string; playerCode: string; opId: string };
const one = async <T>(q: ReturnType<typeof sql>) => (await rowsOf<T>(t.database.db, q))[0]!;

/** Sums written independently of the server's queries: the player's wallets and ledger entries by reason. */
const wallet = (p: P, kind: string) => one<{ v: string }>(sql`select round(coalesce(sum(balance), 0), 2)::text as v from wallets where player_id = ${p.id} and kind = ${kind}`).then((r) => r.v);
const mainSum = (playerIds: string[], reasons: string[], since?: Date) => one<{ v: string }>(sql`select round(coalesce(sum(l.amount * l.rate_to_usd), 0), 2)::text as v
  from ledger_entries l join wallets w on w.id = l.wallet_id
  where w.kind = 'MAIN' and l.player_id = any(${textArray(playerIds)}::uuid[]) and l.reason = any(${textArray(reasons)}::text[]) ${since ? sql`and l.created_at >= ${since.toISOString()}::timestamptz` : sql``}`).then((r) => r.v);

/** The operator's own affiliate and cashback settings (or the defaults), as the panels read them. */
const settingsOf = async (opId: string) => {
  const [op] = await t.database.db.select({ settings: operators.settings }).from(operators).where(eq(operators.opId, opId));
  return operatorRewardSettings(op!.settings);
};

const post = (url: string, body: unknown, as: Login = ADMIN) => t.call('POST', url, { as, body });

describe('Bonus panel: POST /api/reports/bonus/player/summary', () => {
  it('answers the bonus wallet and the claimed bonuses (BONUS_CLAIM credits of the main wallet)', async () => {
    const p = await one<P>(sql`select p.id, p.player_code as "playerCode", p.op_id as "opId" from players p
      where exists (select 1 from ledger_entries l where l.player_id = p.id and l.reason = 'BONUS_CLAIM')
        and exists (select 1 from wallets w where w.player_id = p.id and w.kind = 'BONUS' and w.balance > 0) order by p.player_code limit 1`);
    const res = await post(BONUS, { playerCode: p.playerCode, opId: p.opId });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toEqual({ playerCode: p.playerCode, bonusWalletBalanceInUSD: await wallet(p, 'BONUS'), totalClaimedBonusesInUSD: await mainSum([p.id], ['BONUS_CLAIM']) });
    expect(cmpDec(d.totalClaimedBonusesInUSD, '0')).toBe(1);
  });

  it('a player with nothing answers zeros', async () => {
    const p = await one<P>(sql`select p.id, p.player_code as "playerCode", p.op_id as "opId" from players p
      where not exists (select 1 from wallets w where w.player_id = p.id and w.kind = 'BONUS')
        and not exists (select 1 from ledger_entries l where l.player_id = p.id and l.reason = 'BONUS_CLAIM') order by p.player_code limit 1`);
    expect((await post(BONUS, { playerCode: p.playerCode })).json().data).toEqual({ playerCode: p.playerCode, bonusWalletBalanceInUSD: '0.00', totalClaimedBonusesInUSD: '0.00' });
  });
});

describe('Cashback panel: POST /api/reports/cashback/player/summary', () => {
  it('answers the net loss, the level from the settings, available, received in total and this month, equal to the ledger', async () => {
    const p = await one<P>(sql`select p.id, p.player_code as "playerCode", p.op_id as "opId" from players p
      where exists (select 1 from ledger_entries l where l.player_id = p.id and l.reason = 'CASHBACK_CLAIM')
      order by (select count(*) from ledger_entries l where l.player_id = p.id and l.reason in ('BET', 'WIN')) desc, p.player_code limit 1`);
    const d = (await post(CASHBACK, { playerCode: p.playerCode, opId: p.opId })).json().data;
    const net = await mainSum([p.id], ['BET', 'WIN']);
    const loss = cmpDec(net, '0') < 0 ? roundDec(net.replace('-', '')) : '0.00';
    const { cashback } = await settingsOf(p.opId);
    const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)); // admin@ works in UTC
    expect(d).toMatchObject({
      playerCode: p.playerCode,
      totalLossInUSD: loss,
      cashbackAvailableToClaimInUSD: await wallet(p, 'CASHBACK'),
      cashbacksClaimedInUSD: await mainSum([p.id], ['CASHBACK_CLAIM']),
      currentMonthCashbacksInUSD: await mainSum([p.id], ['CASHBACK_CLAIM'], month),
      minWithdrawAmountInUSD: roundDec(cashback.minWithdrawAmountInUSD),
    });
    // The level: the last level of the operator's settings whose loss threshold the player reached.
    const reached = cashback.settings.filter((l) => cmpDec(loss, l.lostAmountInUSD) >= 0);
    const current = reached[reached.length - 1];
    expect(d.appliedSettings.currentLevel?.index ?? null).toBe(current?.index ?? null);
    expect(d.appliedSettings.levelPercentage).toBe(current?.percentage ?? 0);
    const next = cashback.settings[reached.length];
    expect(d.appliedSettings.nextLevel?.index ?? null).toBe(next?.index ?? null);
    // The progress from the current level's loss (0 below the first) to the next one's; 100 at the top.
    const from = Number(current?.lostAmountInUSD ?? '0');
    const expected = next ? Math.floor(((Number(loss) - from) / (Number(next.lostAmountInUSD) - from)) * 10_000) / 100 : 100;
    expect(d.appliedSettings.progressPercentage).toBeCloseTo(expected, 1);
  });

  it('after Claim Cashback the available cashback is 0 and the claimed amount is added to the total and this month', async () => {
    const p = await one<P>(sql`select p.id, p.player_code as "playerCode", p.op_id as "opId" from players p
      where exists (select 1 from wallets w where w.player_id = p.id and w.kind = 'CASHBACK' and w.balance > 0)
        and not exists (select 1 from ledger_entries l where l.player_id = p.id and l.reason = 'CASHBACK_CLAIM') order by p.player_code limit 1`);
    const before = (await post(CASHBACK, { playerCode: p.playerCode })).json().data;
    expect(before.cashbacksClaimedInUSD).toBe('0.00');
    const claim = await t.call('POST', '/api/reports/cashback/claim', { as: ADMIN, body: { playerCode: p.playerCode }, headers: newKey() });
    expect(claim.statusCode, claim.body).toBe(200);
    const after = (await post(CASHBACK, { playerCode: p.playerCode })).json().data;
    expect(after).toMatchObject({ cashbackAvailableToClaimInUSD: '0.00', cashbacksClaimedInUSD: before.cashbackAvailableToClaimInUSD, currentMonthCashbacksInUSD: before.cashbackAvailableToClaimInUSD });
  });

  it("levels follow the operator's own cashback settings when it has them", async () => {
    const p = await one<P>(sql`select p.id, p.player_code as "playerCode", p.op_id as "opId" from players p where p.op_id = 'op-charlie' order by p.player_code limit 1`);
    const [op] = await t.database.db.select().from(operators).where(eq(operators.opId, 'op-charlie'));
    await t.database.db.update(operators).set({ settings: { ...(op!.settings as object), cashback: { minWithdrawAmountInUSD: '0.01', autoApproval: true, settings: [{ index: 1, lostAmountInUSD: '0', percentage: 3 }] } } })
      .where(eq(operators.opId, 'op-charlie'));
    await invalidateOperators(t.database.db);
    try {
      const d = (await post(CASHBACK, { playerCode: p.playerCode })).json().data;
      expect(d.minWithdrawAmountInUSD).toBe('0.01');
      expect(d.appliedSettings).toEqual({ currentLevel: { index: 1, lostAmountInUSD: '0.00', percentage: 3 }, nextLevel: null, levelPercentage: 3, progressPercentage: 100 });
    } finally {
      await t.database.db.update(operators).set({ settings: op!.settings }).where(eq(operators.opId, 'op-charlie'));
      await invalidateOperators(t.database.db);
    }
  });
});

describe('Affiliate panel: POST /api/reports/affiliate/player/summary', () => {
  it("answers the referred players' wager, the level and its progress, the estimated balance and minimum withdraw", async () => {
    const p = await one<P>(sql`select p.id, p.player_code as "playerCode", p.op_id as "opId" from players p
      where exists (select 1 from players r join ledger_entries l on l.player_id = r.id and l.reason = 'BET' where r.ref_id = p.player_code)
      order by p.player_code limit 1`);
    const referred = (await rowsOf<{ id: string }>(t.database.db, sql`select id from players where ref_id = ${p.playerCode}`)).map((r) => r.id);
    const d = (await post(AFFILIATE, { playerCode: p.playerCode, opId: p.opId })).json().data;
    const { affiliates } = await settingsOf(p.opId);
    const wager = roundDec((await mainSum(referred, ['BET'])).replace('-', ''));
    // The level (001 §5 row rules): a level's required wager completes it, the last level is open-ended.
    const levels = [...affiliates.levelSettings].sort((a, b) => a.level - b.level);
    const open = levels.findIndex((l, i) => i < levels.length - 1 && cmpDec(wager, l.requiredWagerInUSD) < 0);
    const at = open === -1 ? levels.length - 1 : open;
    const top = at === levels.length - 1;
    const current = levels[at]!;
    expect(d).toMatchObject({
      playerCode: p.playerCode,
      referredPlayers: referred.length,
      estimatedBalanceInUSD: await wallet(p, 'AFFILIATE'),
      withdrawMinimumAmountInUSD: roundDec(affiliates.general.minWithdrawableAmountInUSD),
      affiliateLevel: { currentLevel: current.level, referredPlayersWagerInUSD: wager, nextLevelRequiredWagerInUSD: top ? null : roundDec(current.requiredWagerInUSD) },
    });
    expect(cmpDec(wager, '0')).toBe(1);
    const from = at > 0 ? levels[at - 1]!.requiredWagerInUSD : '0'; // level 1 counts from 0
    const expected = top ? 100 : Math.floor(((Number(wager) - Number(from)) / (Number(current.requiredWagerInUSD) - Number(from))) * 10_000) / 100;
    expect(d.affiliateLevel.currentLevelPercentage).toBeCloseTo(expected, 1);
  });
});

describe('the panels: access, operator and input', () => {
  const alphaPlayer = () => one<P>(sql`select id, player_code as "playerCode", op_id as "opId" from players where op_id = 'alpha-bet' order by player_code limit 1`);

  it.each([BONUS, AFFILIATE, CASHBACK])('%s: SUPER_ADMIN and ADMIN only; OPERATOR_MANAGER and OPERATOR_ADMIN are refused', async (url) => {
    const p = await alphaPlayer();
    for (const as of ['superadmin@demo.local', 'admin@demo.local'] as const) expect((await post(url, { playerCode: p.playerCode }, as)).statusCode).toBe(200);
    for (const as of ['operator.manager@demo.local', 'operator.admin@demo.local', 'partner@demo.local', 'devops@demo.local'] as const) {
      const res = await post(url, { playerCode: p.playerCode }, as);
      expect(res.statusCode).toBe(403);
      expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
    }
  });

  it.each([BONUS, AFFILIATE, CASHBACK])("%s: another operator's player is not found; the player's own operator or its parent is", async (url) => {
    const p = await alphaPlayer();
    const other = await post(url, { playerCode: p.playerCode, opId: 'op-bravo' });
    expect(other.statusCode).toBe(404);
    expect(other.json().messages).toEqual([MSG.PLAYER_NOT_FOUND]);
    expect((await post(url, { playerCode: p.playerCode, opId: 'alpha-casino' })).statusCode).toBe(404);
    expect((await post(url, { playerCode: p.playerCode, opId: 'alpha-bet' })).statusCode).toBe(200);
    expect((await post(url, { playerCode: p.playerCode, opId: 'op-alpha' })).statusCode).toBe(200);
    expect((await post(url, { playerCode: 'P999999999' })).json().messages).toEqual([MSG.PLAYER_NOT_FOUND]);
  });

  it.each([BONUS, AFFILIATE, CASHBACK])('%s: the player code is required', async (url) => {
    for (const body of [{}, { playerCode: '  ' }]) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().messages).toEqual([MSG.PLAYER_CODE_REQUIRED]);
    }
  });
});
