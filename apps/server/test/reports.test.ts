/**
 * Dashboards and reports (README "Reports"): exact figures on players, bets, transactions and bank
 * accounts written here on days the demo world leaves empty, the roll-ups following every change
 * (a canceled bet, a rejected deposit, a test flag), roles, tenancy and messages.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG, REPORT_DEFS, REPORT_MESSAGES, type ReportId } from '@pitboss/contract';
import { bankAccounts, bets, players, transactions } from '../src/db/schema.js';
import { rowsOf } from '../src/lib/query.js';
import { foldTxRollups } from '../src/db/rollups.js';
import { expectError, makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const OP = 'alpha-bet';
const DAY1 = '2020-03-01';
const DAY2 = '2020-03-02';
const at = (day: string, h = 12) => new Date(`${day}T${String(h).padStart(2, '0')}:00:00Z`);

let t: TestApp;
const post = (url: string, body: unknown, as: Login = 'admin@demo.local') => t.call('POST', url, { as, body });
const report = (report: ReportId, extra: Record<string, unknown> = {}, as: Login = 'admin@demo.local') =>
  post('/api/reports/table', { report, from: DAY1, to: DAY2, ...extra }, as);
const col = (id: ReportId, key: string) => REPORT_DEFS[id].columns.findIndex((c) => c.key === key);

const tag = `RP${Date.now().toString(36).toUpperCase()}`;
const ids: Record<string, string> = {};
async function player(key: string, o: { day?: string; isTest?: boolean; refId?: string; opId?: string; affId?: string; channelId?: string } = {}) {
  const [p] = await t.database.db.insert(players).values({
    playerCode: `${tag}-${key}`, opId: o.opId ?? OP, username: `${tag.toLowerCase()}_${key}`, isTest: o.isTest ?? false, refId: o.refId ?? null,
    affId: o.affId ?? null, channelId: o.channelId ?? null,
    createdAt: at(o.day ?? DAY1),
  }).returning({ id: players.id });
  ids[key] = p!.id;
  return p!.id;
}
let betN = 0;
const bet = (playerId: string, stake: string, win: string, day: string, o: { status?: string; game?: string; provider?: string; opId?: string } = {}) =>
  t.database.db.insert(bets).values({
    betId: `${tag}-bet-${++betN}`, opId: o.opId ?? OP, playerId, betType: 'CASINO', gameTitle: o.game ?? `${tag} Slots`, provider: o.provider ?? `${tag}Prov`,
    stake, win, currency: 'USD', rateToUsd: '1', stakeInUsd: stake, winInUsd: win, status: o.status ?? 'LOST', placedAt: at(day),
  }).returning({ id: bets.id });
const tx = (playerId: string, type: string, amount: string, day: string, o: { status?: string; isFtd?: boolean; subType?: string } = {}) =>
  t.database.db.insert(transactions).values({
    opId: OP, playerId, transactionType: type, transactionSubType: o.subType ?? null, status: o.status ?? 'CONFIRMED',
    fromAmount: amount, fromCurrency: 'USD', fromAmountInUsd: amount, toAmount: amount, toCurrency: 'USD', toAmountInUsd: amount, rateToUsd: '1',
    isFtd: o.isFtd ?? false, createdAt: at(day),
  }).returning({ txId: transactions.txId });

let canceledBet = '';
let rejectLater = '';
beforeAll(async () => {
  t = await makeApp();
  const a = await player('A');
  const b = await player('B', { refId: `${tag}-A` });
  await player('C', { day: DAY2 });
  const test = await player('T', { isTest: true });
  await bet(a, '100', '40', DAY1);
  await bet(b, '50', '0', DAY1);
  await bet(a, '10', '25', DAY2);
  canceledBet = (await bet(a, '999', '0', DAY2))[0]!.id;
  await bet(test, '1000', '0', DAY1);
  await tx(a, 'DEPOSIT', '200', DAY1, { isFtd: true });
  await tx(b, 'DEPOSIT', '80', DAY2, { isFtd: true });
  rejectLater = (await tx(b, 'DEPOSIT', '30', DAY2))[0]!.txId;
  await tx(a, 'WITHDRAW', '70', DAY2);
  await tx(a, 'WITHDRAW', '15', DAY2, { status: 'REJECTED' });
  await tx(test, 'DEPOSIT', '5000', DAY1, { isFtd: true });
  await tx(a, 'BONUS', '12', DAY1, { subType: 'MANUAL_BONUS' });
  await tx(a, 'AFFILIATE', '7', DAY2, { subType: 'AFFILIATE_CPA_COMMISSION' });
  // One card held by two players of the operator, one by one player only, one of another operator held twice.
  await t.database.db.insert(bankAccounts).values([
    { playerId: a, opId: OP, cardNumber: `${tag}0001`, status: 'approved' },
    { playerId: b, opId: OP, cardNumber: `${tag}0001`, status: 'pending' },
    { playerId: a, opId: OP, cardNumber: `${tag}5598`, status: 'approved' },
  ]);
  const bravo = await player('BRAVO', { opId: 'bravo-spin' });
  const bravo2 = await player('BRAVO2', { opId: 'bravo-spin' });
  await t.database.db.insert(bankAccounts).values([
    { playerId: bravo, opId: 'bravo-spin', cardNumber: `${tag}0002`, status: 'approved' },
    { playerId: bravo2, opId: 'bravo-spin', cardNumber: `${tag}0002`, status: 'approved' },
  ]);
});
afterAll(async () => { await t.close(); });

describe('table reports read the roll-ups', () => {
  it('games: stakes, wins, GGR and RTP of the period, test players and canceled bets left out', async () => {
    await t.database.db.update(bets).set({ status: 'CANCELED' }).where(eq(bets.id, canceledBet));
    const res = await report('games', { opId: OP });
    expect(res.statusCode).toBe(200);
    const row = res.json().data.rows.find((r: { label: string }) => r.label === `${tag} Slots (${tag}Prov)`);
    expect(row.values).toEqual(['3', '160.00', '65.00', '95.00', '40.62']);
    const withTest = (await report('games', { opId: OP, includeTest: true })).json().data.rows.find((r: { label: string }) => r.label.startsWith(tag));
    expect(withTest.values[col('games', 'stake')]).toBe('1160.00');
  });

  it('registration: sign-ups and first-time deposits per UTC day with conversion; totals recomputed from the sums', async () => {
    const d = (await report('registration', { opId: OP })).json().data;
    expect(d.rows.map((r: { key: string }) => r.key)).toEqual([DAY1, DAY2]);
    expect(d.rows[0].values).toEqual(['2', '1', '200.00', '50.00']);
    expect(d.rows[1].values).toEqual(['1', '1', '80.00', '100.00']);
    expect(d.totals).toEqual(['3', '2', '280.00', '66.66']);
  });

  it('transactions follow a status change: a rejected deposit leaves the confirmed sums and shows apart in V2', async () => {
    const before = (await report('transactions', { opId: OP })).json().data;
    expect(before.rows[1].values[col('transactions', 'deposits')]).toBe('110.00');
    await t.database.db.update(transactions).set({ status: 'REJECTED' }).where(eq(transactions.txId, rejectLater));
    const after = (await report('transactions', { opId: OP })).json().data;
    expect(after.rows[1].values[col('transactions', 'deposits')]).toBe('80.00');
    expect(after.rows[1].values[col('transactions', 'netDeposits')]).toBe('10.00');
    const v2 = (await report('transactionsV2', { opId: OP, transactionType: 'DEPOSIT' })).json().data;
    expect(v2.rows.map((r: { key: string; values: string[] }) => [r.key, r.values[0], r.values[1]])).toEqual([
      ['DEPOSIT||CONFIRMED', '2', '280.00'], ['DEPOSIT||REJECTED', '1', '30.00'],
    ]);
  });

  it('operator: registrations, deposits, GGR and NGR (GGR − bonuses − cashback) of the operator', async () => {
    const d = (await report('operator', { opId: OP })).json().data;
    expect(d.rows).toHaveLength(1);
    const v = d.rows[0].values;
    expect(v[col('operator', 'registrations')]).toBe('3');
    expect(v[col('operator', 'deposits')]).toBe('280.00');
    expect(v[col('operator', 'ggr')]).toBe('95.00');
    expect(v[col('operator', 'ngr')]).toBe('83.00');
  });

  it('top affiliates: the referring player by the GGR of the players they referred', async () => {
    const d = (await report('top-affiliates', { opId: OP })).json().data;
    const row = d.rows.find((r: { key: string }) => r.key === `${tag}-A`);
    expect(row.values).toEqual(['1', '1', '80.00', '50.00', '50.00']);
  });

  it('top affiliates: a referring player of the user\'s operators is named by username beside the code; others by the code alone', async () => {
    const [referrer] = await t.database.db.select().from(players).where(sql`${players.username} is not null and ${players.opId} = 'op-bravo' and not ${players.isTest}`).limit(1);
    // Referred on a day of its own (the other reports of this file read DAY1 and DAY2).
    const DAY3 = '2020-04-01';
    await player('N', { refId: referrer!.playerCode, day: DAY3 });
    for (const [as, named] of [['admin@demo.local', true], ['operator.admin@demo.local', false]] as const) {
      const d = (await report('top-affiliates', { from: DAY3, to: DAY3 }, as)).json().data;
      const rows = d.rows as { key: string; label: string }[];
      if (!named) { expect(rows.find((r) => r.key === referrer!.playerCode)?.label).toBe(referrer!.playerCode); continue; }
      expect(rows.find((r) => r.key === referrer!.playerCode)?.label).toBe(`${referrer!.username} (${referrer!.playerCode})`);
    }
  });

  it("top channels: a partner's channels by its players' GGR; a referring player's own link is not a partner channel", async () => {
    const DAY4 = '2020-05-01';
    const viaPartner = await player('CP', { affId: 'alpha-partner', channelId: 'ch-2', day: DAY4 });
    const viaReferrer = await player('CR', { refId: `${tag}-A`, channelId: 'ch-9', day: DAY4 });
    await bet(viaPartner, '30', '10', DAY4);
    await bet(viaReferrer, '70', '0', DAY4);
    const d = (await report('top-channels', { from: DAY4, to: DAY4 })).json().data;
    expect(d.rows.map((r: { key: string; label: string }) => [r.key, r.label])).toEqual([['alpha-partner|ch-2', 'ch-2 — Telegram channel (Alpha Partners (Alpha Gaming))']]);
    expect(d.rows[0].values[col('top-channels', 'ggr')]).toBe('20.00');
  });

  it("a test flag set later moves the player's figures out of the reports", async () => {
    await t.database.db.update(players).set({ isTest: true }).where(eq(players.id, ids.B!));
    const d = (await report('registration', { opId: OP })).json().data;
    expect(d.totals).toEqual(['2', '1', '200.00', '50.00']);
    await t.database.db.update(players).set({ isTest: false }).where(eq(players.id, ids.B!));
    expect((await report('registration', { opId: OP })).json().data.totals).toEqual(['3', '2', '280.00', '66.66']);
  });

  it('answers only the caller\'s operators: another operator is not found, its rows never appear', async () => {
    expectError(await report('operator', { opId: 'op-bravo' }, 'operator.admin@demo.local'), 404, [MSG.OPERATOR_NOT_FOUND]);
    const d = (await report('game-operator', {}, 'bravo.admin@demo.local')).json().data;
    expect(d.rows.some((r: { key: string }) => r.key === OP)).toBe(false);
    const own = (await report('game-operator', {}, 'operator.admin@demo.local')).json().data;
    expect(own.rows.some((r: { key: string }) => r.key === OP)).toBe(true);
  });

  it('refuses bad periods and unknown reports with their messages; DEV_OPS holds no money report', async () => {
    expectError(await post('/api/reports/table', { report: 'games', from: DAY2, to: DAY1 }), 400, [REPORT_MESSAGES.DATE_RANGE_INVALID]);
    expectError(await post('/api/reports/table', { report: 'games', from: '2020-01-01', to: '2021-06-01' }), 400, [REPORT_MESSAGES.RANGE_TOO_LONG]);
    expectError(await post('/api/reports/table', { report: 'games', from: '01/03/2020' }), 400, [REPORT_MESSAGES.DAY_INVALID]);
    expectError(await post('/api/reports/table', { report: 'nope' }), 400, [REPORT_MESSAGES.REPORT_INVALID]);
    expect((await report('operator', {}, 'devops@demo.local')).statusCode).toBe(403);
    expect((await post('/api/reports/dashboard', {}, 'devops@demo.local')).statusCode).toBe(403);
    expect((await report('operator', {}, 'partner@demo.local')).statusCode).toBe(403);
  });
});

describe('dashboards', () => {
  it('dashboard: the period against the one before, with a series per day', async () => {
    const d = (await post('/api/reports/dashboard', { opId: OP, from: DAY2, to: DAY2 })).json().data;
    expect(d.previousFrom).toBe(DAY1);
    expect(d.current.registrations).toBe(1);
    expect(d.previous.registrations).toBe(2);
    expect(d.previous.ggr).toBe('110.00');
    expect(d.current.withdrawals).toBe('70.00');
    expect(d.series.labels).toEqual([DAY2]);
    expect(d.series.ggr).toEqual(['-15.00']);
  });

  it('bets chart needs dashboard_bets_chart beside the dashboard page', async () => {
    const ok = await post('/api/reports/dashboard/bets', { opId: OP, from: DAY1, to: DAY2 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.casinoBets).toEqual([2, 1]);
    expect((await post('/api/reports/dashboard/bets', { opId: OP }, 'operator.manager@demo.local')).statusCode).toBe(403);
  });

  it("quick dashboard: today's figures follow a deposit made now", async () => {
    const before = (await post('/api/reports/quick-dashboard', { opId: OP })).json().data;
    await t.database.db.insert(transactions).values({
      opId: OP, playerId: ids.A!, transactionType: 'DEPOSIT', status: 'CONFIRMED', fromAmount: '25', fromCurrency: 'USD', fromAmountInUsd: '25',
      toAmount: '25', toCurrency: 'USD', toAmountInUsd: '25', rateToUsd: '1',
    });
    const after = (await post('/api/reports/quick-dashboard', { opId: OP })).json().data;
    expect(after.current.depositCount).toBe(before.current.depositCount + 1);
    expect(Number(after.current.deposits) - Number(before.current.deposits)).toBeCloseTo(25, 2);
  });
});

describe('risk management: cards of more than one player', () => {
  const cards = async (as: Login, body: Record<string, unknown> = {}) => (await post('/api/reports/risk-management/cards', { limit: 100, ...body }, as)).json().data.items as { id: string; card: string; players: number; opId: string }[];

  it('lists a shared card masked to its last 4, with its players and their deposits and withdrawals', async () => {
    const mine = (await cards('operator.admin@demo.local', { last4: '0001' })).find((c) => c.opId === OP && c.players === 2);
    expect(mine?.card).toBe('•••• 0001');
    const users = (await post('/api/reports/risk-management/card-users', { filters: { cardId: mine!.id }, page: 1, limit: 50 }, 'operator.manager@demo.local')).json().data;
    expect(users.items.map((u: { playerCode: string }) => u.playerCode).sort()).toEqual([`${tag}-A`, `${tag}-B`]);
    expect(users.remaining).toBe(false);
    const all = (await post('/api/reports/risk-management/card-transactions', { filters: { cardId: mine!.id } })).json().data;
    const decided = (await post('/api/reports/risk-management/card-transactions', { filters: { cardId: mine!.id, statuses: ['CONFIRMED', 'REJECTED'] } })).json().data;
    expect(all.items.length).toBeGreaterThanOrEqual(decided.items.length);
    expect(decided.items.every((x: { status: string }) => x.status === 'CONFIRMED' || x.status === 'REJECTED')).toBe(true);
    expect(decided.items.some((x: { status: string; amountInUSD: string }) => x.status === 'REJECTED')).toBe(true);
  });

  it("another operator's card is not found; a one-player card is not listed; the drawers are not DEV_OPS's", async () => {
    const bravo = (await cards('bravo.admin@demo.local', { last4: '0002' })).find((c) => c.players === 2);
    expect(bravo).toBeDefined();
    expectError(await post('/api/reports/risk-management/card-users', { filters: { cardId: bravo!.id } }, 'operator.admin@demo.local'), 404, [REPORT_MESSAGES.CARD_NOT_FOUND]);
    expect((await cards('operator.admin@demo.local', { last4: '0002' })).some((c) => c.id === bravo!.id)).toBe(false);
    expect((await cards('admin@demo.local', { last4: '5598' })).some((c) => c.opId === OP && c.players === 1)).toBe(false);
    expect((await post('/api/reports/risk-management/card-users', { filters: { cardId: bravo!.id } }, 'devops@demo.local')).statusCode).toBe(403);
  });
});

describe('the roll-ups equal the rows they summarize', () => {
  // Read as the reports read them (a roll-up and its pending changes), then folded, from the tables alone.
  const matches = async () => {
    await matchesIn('_now');
    expect(await foldTxRollups(t.database.db)).toBeGreaterThanOrEqual(0);
    expect((await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from tx_rollup_deltas`))[0]!.n).toBe(0);
    await matchesIn('');
  };
  const matchesIn = async (now: '_now' | '') => {
    const db = t.database.db;
    const one = async (q: ReturnType<typeof sql>) => (await rowsOf<Record<string, string>>(db, q))[0]!;
    const cmp = async (truth: ReturnType<typeof sql>, rollup: ReturnType<typeof sql>) => expect(await one(rollup)).toEqual(await one(truth));
    await cmp(
      sql`select count(*)::text as n, coalesce(sum(to_amount_in_usd), 0)::numeric(38,8)::text as usd,
                 count(*) filter (where is_ftd and transaction_type = 'DEPOSIT' and status = 'CONFIRMED')::text as ftd
          from transactions where not is_deleted`,
      sql`select coalesce(sum(count), 0)::text as n, coalesce(sum(amount_in_usd), 0)::numeric(38,8)::text as usd, coalesce(sum(ftd_count), 0)::text as ftd from ${sql.raw(`report_tx_daily${now}`)}`,
    );
    await cmp(
      sql`select count(*)::text as n, sum(stake_in_usd)::numeric(38,8)::text as stake, sum(win_in_usd)::numeric(38,8)::text as win from bets where status <> 'CANCELED'`,
      sql`select sum(count)::text as n, sum(stake_in_usd)::numeric(38,8)::text as stake, sum(win_in_usd)::numeric(38,8)::text as win from report_bet_daily`,
    );
    await cmp(
      sql`select (select count(*) from players where not is_test)::text as reg,
                 (select count(*) from transactions t join players p on p.id = t.player_id where not t.is_deleted and t.status = 'CONFIRMED' and t.transaction_type = 'DEPOSIT' and not p.is_test)::text as dep,
                 (select coalesce(sum(b.stake_in_usd), 0) from bets b join players p on p.id = b.player_id where b.status <> 'CANCELED' and not p.is_test)::numeric(38,8)::text as stake`,
      sql`select sum(registrations)::text as reg, sum(deposit_count)::text as dep, sum(stake_in_usd)::numeric(38,8)::text as stake from ${sql.raw(`report_player_daily${now}`)} where not is_test`,
    );
    await cmp(
      sql`select count(*)::text as cards from (select op_id, regexp_replace(card_number, '[^0-9A-Za-z]', '', 'g') from bank_accounts
          where not is_deleted and coalesce(card_number, '') <> '' group by 1, 2 having count(distinct player_id) > 1) x`,
      sql`select count(*)::text as cards from risk_cards where players > 1`,
    );
  };

  it('after the seed and every change above: transactions, bets, players and shared cards', matches);

  it("the migration's backfill rebuilds the same roll-ups from the rows", async () => {
    const db = t.database.db;
    const migration = readFileSync(new URL('../drizzle/0031_reports.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').map((x) => x.trim()).filter((x) => /^INSERT INTO (report_|risk_)/.test(x));
    expect(backfill).toHaveLength(5);
    await db.transaction(async (tx) => {
      for (const table of ['report_tx_daily', 'report_bet_daily', 'report_player_daily', 'risk_card_players', 'risk_cards', 'tx_rollup_deltas']) await tx.execute(sql.raw(`delete from ${table}`));
      for (const q of backfill) await tx.execute(sql.raw(q));
    });
    await matches();
  });
});
