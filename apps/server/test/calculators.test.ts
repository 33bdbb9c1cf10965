/** Affiliate Profit Calculator and LTV Calculator (001 §2, §3): the calls, their access, scope, messages and figures. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CALCULATOR_MESSAGES as C, DEFAULT_AFFILIATE_SETTINGS, MSG, REWARD_SETTINGS_MESSAGES as M, fromUnits, toUnits,
} from '@pitboss/contract';
import { README_AFFILIATE_EXAMPLE } from '../../../packages/contract/src/calculators.example.js';
import { rowsOf } from '../src/lib/query.js';
import { makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const ADMIN: Login = 'admin@demo.local';
const PROFIT = '/api/reports/affiliate/profit/test-calculate';
const LTV = '/api/reports/player/ltv';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const activitiesCount = async () => (await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from activities`))[0]!.n;

describe('Affiliate Profit Calculator: POST /api/reports/affiliate/profit/test-calculate', () => {
  it('reproduces the README worked example and saves nothing; operator staff holding the calculator page may calculate', async () => {
    const before = await activitiesCount();
    for (const as of [ADMIN, 'operator.admin@demo.local'] as const) {
      const r = await t.call('POST', PROFIT, { as, body: README_AFFILIATE_EXAMPLE });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data).toMatchObject({ level: 3, revenueSharePercentage: 20, affiliateProfitInUSD: '1331.77', operatorProfitInUSD: '5767.00' });
      expect(r.json().data.affiliateProfit.map((x: { adjustedAmountInUSD: string }) => x.adjustedAmountInUSD)).toEqual(['39.00', '21.00', '1419.75', '-147.98']);
    }
    expect(await activitiesCount()).toBe(before);
  });
  it('a role without the calculator page is refused (403)', async () => {
    const r = await t.call('POST', PROFIT, { as: 'devops@demo.local', body: README_AFFILIATE_EXAMPLE });
    expect(r.statusCode).toBe(403);
    expect(r.json().messages).toEqual([MSG.NO_PERMISSION]);
  });
  it('invalid input answers 400 with the exact message', async () => {
    const s = README_AFFILIATE_EXAMPLE.referredPlayersStats;
    const bad = async (over: object, msg: string) => {
      const r = await t.call('POST', PROFIT, { as: ADMIN, body: { ...README_AFFILIATE_EXAMPLE, ...over } });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().messages).toEqual([msg]);
    };
    await bad({ referredPlayersStats: { ...s, totalReferredPlayersPlInUSD: '10000000.01' } }, M.AMOUNT_RANGE);
    await bad({ referredPlayersStats: { ...s, totalClaimedBonusAmountInUSD: '12.345' } }, M.AMOUNT_FORMAT);
    await bad({ referredPlayersStats: { ...s, ftdPlayers: -2 } }, C.PLAYERS_COUNT);
    await bad({ general: { ...DEFAULT_AFFILIATE_SETTINGS.general, affiliatesAdminFeePercentage: 101 } }, M.PERCENT_RANGE);
    await bad({ revenueShareSettings: [{ monthlyReferredPlayersTotalWagerInUSD: '0', revenueSharePercentage: 100.5 }] }, M.PERCENT_RANGE);
    await bad({ levelSettings: [{ ...DEFAULT_AFFILIATE_SETTINGS.levelSettings[0]!, requiredWagerInUSD: '100.001' }, DEFAULT_AFFILIATE_SETTINGS.levelSettings[1]] }, M.AMOUNT_FORMAT);
  });
});

describe('LTV Calculator: POST /api/reports/player/ltv', () => {
  let p: { id: string; playerCode: string; opId: string };
  beforeAll(async () => {
    // A player of Alpha with bets and at least one confirmed cost movement, so every figure can be checked.
    [p] = await rowsOf<typeof p>(t.database.db, sql`select p.id, p.player_code as "playerCode", p.op_id as "opId" from players p
      where p.op_id = 'op-alpha'
        and exists (select 1 from ledger_entries l where l.player_id = p.id and l.reason = 'BET')
        and exists (select 1 from transactions t where t.player_id = p.id and t.status = 'CONFIRMED'
          and (t.transaction_type in ('TOURNAMENT_PRIZE', 'REFERRAL_PROFIT') or t.transaction_sub_type in ('AFFILIATE_CPR_COMMISSION', 'AFFILIATE_CPA_COMMISSION')))
        and exists (select 1 from ledger_entries l where l.player_id = p.id and l.reason in ('BONUS_CLAIM', 'CASHBACK_CLAIM'))
      order by p.player_code limit 1`) as [typeof p];
    expect(p).toBeDefined();
  });

  /** The figures summed here in bigint from the player's raw rows (not the server's query). */
  async function expected() {
    const ledger = await rowsOf<{ amount: string; rate: string; reason: string }>(t.database.db, sql`select l.amount::text as amount, l.rate_to_usd::text as rate, l.reason
      from ledger_entries l join wallets w on w.id = l.wallet_id where l.player_id = ${p.id}::uuid and w.kind = 'MAIN'`);
    const txs = await rowsOf<{ usd: string; type: string; sub: string | null; status: string; deleted: boolean }>(t.database.db, sql`select to_amount_in_usd::text as usd,
      transaction_type as type, transaction_sub_type as sub, status, is_deleted as deleted from transactions where player_id = ${p.id}::uuid`);
    const R = 10n ** 12n;
    const rate = (r: string) => { const [i, f = ''] = r.split('.'); return BigInt(i!) * R + BigInt((f + '0'.repeat(12)).slice(0, 12)); };
    /** Exact USD at 20 decimals. */
    const ledgerSum = (reasons: string[]) => ledger.filter((l) => reasons.includes(l.reason)).reduce((a, l) => a + toUnits(l.amount) * rate(l.rate), 0n);
    const txSum = (f: (x: (typeof txs)[number]) => boolean) => txs.filter((x) => x.status === 'CONFIRMED' && !x.deleted && f(x)).reduce((a, x) => a + toUnits(x.usd), 0n) * R;
    const cents = (v20: bigint) => { const c = 10n ** 18n; const q = v20 / c - (v20 % c < 0n ? 1n : 0n); return fromUnits(q * 10n ** 6n, 2); };
    const pl = -ledgerSum(['BET', 'WIN']);
    const costs = {
      bonusesClaimedInUSD: ledgerSum(['BONUS_CLAIM']), cashbackClaimedInUSD: ledgerSum(['CASHBACK_CLAIM']),
      cprInUSD: txSum((x) => x.sub === 'AFFILIATE_CPR_COMMISSION'), cpaInUSD: txSum((x) => x.sub === 'AFFILIATE_CPA_COMMISSION'),
      affCommissionInUSD: txSum((x) => x.type === 'REFERRAL_PROFIT'), tournamentPrizeInUSD: txSum((x) => x.type === 'TOURNAMENT_PRIZE'),
    };
    const out: Record<string, string> = { plInUSD: cents(pl) };
    for (const [k, v] of Object.entries(costs)) out[k] = cents(v);
    return out;
  }
  const minus = (a: string, ...b: string[]) => fromUnits(b.reduce((x, y) => x - toUnits(y), toUnits(a)), 2);

  it("equals the figures summed from the player's own bets, ledger and transactions", async () => {
    const e = await expected();
    const r = await t.call('POST', LTV, { as: ADMIN, body: { playerCode: p.playerCode } });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d).toMatchObject({ playerCode: p.playerCode, ...e });
    expect(d.ltvInUSD).toBe(minus(e.plInUSD!, e.bonusesClaimedInUSD!, e.cashbackClaimedInUSD!, e.cprInUSD!, e.cpaInUSD!, e.affCommissionInUSD!, e.tournamentPrizeInUSD!));
    // Something real on both paths: the player was picked with bets, a claim on the ledger and a confirmed paid transaction.
    expect(toUnits(d.plInUSD)).not.toBe(0n);
    expect(toUnits(d.bonusesClaimedInUSD) + toUnits(d.cashbackClaimedInUSD)).toBeGreaterThan(0n);
    expect(toUnits(d.cprInUSD) + toUnits(d.cpaInUSD) + toUnits(d.affCommissionInUSD) + toUnits(d.tournamentPrizeInUSD)).toBeGreaterThan(0n);
  });

  it('a cost whose flag is off reads 0.00 and is not deducted', async () => {
    const e = await expected();
    const off = { claimedBonuses: false, claimedCashbacks: false, cpr: false, cpa: false, affCommission: false, tournamentPrizes: true };
    const r = await t.call('POST', LTV, { as: ADMIN, body: { playerCode: p.playerCode, ...off } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ bonusesClaimedInUSD: '0.00', cashbackClaimedInUSD: '0.00', cprInUSD: '0.00', cpaInUSD: '0.00', affCommissionInUSD: '0.00',
      tournamentPrizeInUSD: e.tournamentPrizeInUSD, plInUSD: e.plInUSD, ltvInUSD: minus(e.plInUSD!, e.tournamentPrizeInUSD!) });
  });

  it('a period: one covering everything equals no period, one in the future has nothing', async () => {
    const all = (await t.call('POST', LTV, { as: ADMIN, body: { playerCode: p.playerCode } })).json().data;
    const wide = await t.call('POST', LTV, { as: ADMIN, body: { playerCode: p.playerCode, from: '2000-01-01', to: '2099-12-31' } });
    expect(wide.json().data).toEqual(all);
    const future = await t.call('POST', LTV, { as: ADMIN, body: { playerCode: p.playerCode, from: '2099-01-01' } });
    expect(future.statusCode, future.body).toBe(200);
    expect(future.json().data).toMatchObject({ plInUSD: '0.00', bonusesClaimedInUSD: '0.00', tournamentPrizeInUSD: '0.00', ltvInUSD: '0.00' });
  });

  it('operator staff are refused (403); another operator selected answers not found (404)', async () => {
    const denied = await t.call('POST', LTV, { as: 'operator.admin@demo.local', body: { playerCode: p.playerCode } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().messages).toEqual([MSG.NO_PERMISSION]);
    const other = await t.call('POST', LTV, { as: ADMIN, body: { opId: 'op-bravo', playerCode: p.playerCode } });
    expect(other.statusCode).toBe(404);
    expect(other.json().messages).toEqual([MSG.PLAYER_NOT_FOUND]);
  });

  it('invalid input answers 400 with the exact message', async () => {
    for (const [body, msg] of [
      [{ playerCode: '' }, MSG.PLAYER_CODE_REQUIRED],
      [{ playerCode: p.playerCode, from: '2026-02-30' }, C.DATE_FORMAT],
      [{ playerCode: p.playerCode, to: 'yesterday' }, C.DATE_FORMAT],
      [{ playerCode: p.playerCode, from: '2026-03-02', to: '2026-03-01' }, C.DATE_ORDER],
    ] as const) {
      const r = await t.call('POST', LTV, { as: ADMIN, body });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().messages).toEqual([msg]);
    }
  });
});
