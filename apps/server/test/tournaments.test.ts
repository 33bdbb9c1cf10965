/**
 * Tournaments: create (every validation message, operator scope, permission), the list and its
 * tenancy, the leaderboard equal to the bets as bets arrive, settle and cancel, the winners fixed
 * once at the end, Winner Prize Payout Confirmation (approve, reject with a note, 50 concurrent
 * payouts applying once, reconciliation), and deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BET_MESSAGES, DEMO_GAME_PROVIDERS, TOURNAMENT_MESSAGES, addDec, toUnits } from '@pitboss/contract';
import { bets, ledgerEntries, tournamentEntries, tournamentWinners, tournaments, transactions } from '../src/db/schema.js';
import { reconcile } from '../src/modules/wallet/ledger.js';
import { simulateOnce } from '../src/modules/simulator/activity.js';
import { rowsOf } from '../src/lib/query.js';
import { ALPHA_SCOPE, BRAVO_SCOPE, expectError, expectForbidden, makeApp, newKey } from './support.js';
import type { Login, TestApp } from './helpers.js';

const ADMIN: Login = 'admin@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';
const CREATE = '/api/tournament';
const LIST = '/api/tournament/list';
const WINNERS = '/api/tournament/winners/list';
const PAYOUT = '/api/tournament/payouts';
const HOUR = 3_600_000;

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const valid = (over: Record<string, unknown> = {}) => ({
  opId: 'op-alpha', title: 'Test Race', startsAt: iso(-10 * 24 * HOUR), endsAt: iso(24 * HOUR), scoring: 'TOTAL_WAGER',
  providers: ['Pragmatic Play'], games: ['Crazy Time'], prizes: [{ rank: 1, amountUsd: '100' }, { rank: 2, amountUsd: '50' }], ...over,
});
const create = async (over: Record<string, unknown> = {}, as: Login = OPA) => {
  const res = await t.call('POST', CREATE, { as, body: valid(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; status: string; prizePoolUsd: string };
};

/** Entries of the unfinished tournaments that differ from the same figures computed from the bets. */
const leaderboardVsBets = async () => {
  const [r] = await rowsOf<{ diff: number }>(t.database.db, sql`
    with rows as (
      select t.id as tid, b.player_id,
        case when t.scoring = 'TOTAL_WAGER' then sum(b.stake_in_usd) else max(case when b.stake > 0 then round(b.win / b.stake, 8) else 0 end) end::numeric(30, 8) as score,
        count(*)::int as n
      from tournaments t join operators o on o.op_id = t.op_id or o.parent_op_id = t.op_id
      join bets b on b.op_id = o.op_id and b.placed_at >= t.starts_at and b.placed_at < t.ends_at and b.status <> 'CANCELED'
        and (b.provider = any (t.providers) or b.game_title = any (t.games))
      where t.finalized_at is null group by 1, 2, t.scoring),
    ent as (select e.tournament_id as tid, e.player_id, e.score, e.bets_count as n from tournament_entries e join tournaments t on t.id = e.tournament_id where t.finalized_at is null)
    select count(*)::int as diff from ((select * from rows except select * from ent) union all (select * from ent except select * from rows)) x`);
  return r!.diff;
};

const mainBalance = async (playerId: string, currency: string) => {
  const [w] = await rowsOf<{ b: string }>(t.database.db, sql`select balance::text as b from wallets where player_id = ${playerId} and kind = 'MAIN' and currency = ${currency}`);
  return w?.b ?? '0';
};

/** A tournament of `opId` ended a moment ago with a leaderboard (its end moved into the past), winners fixed by the next read. */
async function endedTournament(opId: string, as: Login, over: Record<string, unknown> = {}): Promise<{ id: string; winners: any[] }> {
  const res = await t.call('POST', CREATE, { as: ADMIN, body: valid({ opId, title: `Ended ${Math.random()}`, providers: ['Pragmatic Play', 'Evolution', 'NetEnt', "Play'n GO"], ...over }) });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as string;
  await t.database.db.update(tournaments).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(tournaments.id, id));
  const d = await t.call('GET', `/api/tournament/details/${id}`, { as });
  expect(d.statusCode, d.body).toBe(200);
  return { id, winners: d.json().data.winners };
}

describe('create', () => {
  it('refuses every invalid field with its message, nothing written', async () => {
    const [before] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from tournaments`);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, TOURNAMENT_MESSAGES.TITLE_REQUIRED],
      [{ title: 'x'.repeat(101) }, TOURNAMENT_MESSAGES.TITLE_MAX],
      [{ opId: '' }, TOURNAMENT_MESSAGES.OPERATOR_REQUIRED],
      [{ startsAt: '' }, TOURNAMENT_MESSAGES.STARTS_REQUIRED],
      [{ startsAt: 'tomorrow' }, TOURNAMENT_MESSAGES.STARTS_INVALID],
      [{ endsAt: '2026-13-01T00:00:00Z' }, TOURNAMENT_MESSAGES.ENDS_INVALID],
      [{ startsAt: iso(48 * HOUR), endsAt: iso(24 * HOUR) }, TOURNAMENT_MESSAGES.PERIOD_INVALID],
      [{ startsAt: iso(-48 * HOUR), endsAt: iso(-24 * HOUR) }, TOURNAMENT_MESSAGES.ENDS_IN_PAST],
      [{ scoring: 'MOST_SPINS' }, TOURNAMENT_MESSAGES.SCORING_INVALID],
      [{ providers: [], games: [] }, TOURNAMENT_MESSAGES.ELIGIBLE_REQUIRED],
      [{ providers: [''] }, TOURNAMENT_MESSAGES.ELIGIBLE_INVALID],
      [{ prizes: [] }, TOURNAMENT_MESSAGES.PRIZES_REQUIRED],
      [{ prizes: [{ rank: 1, amountUsd: '10' }, { rank: 3, amountUsd: '5' }] }, TOURNAMENT_MESSAGES.PRIZE_RANKS],
      [{ prizes: [{ rank: 1, amountUsd: '10' }, { rank: 2, amountUsd: '20' }] }, TOURNAMENT_MESSAGES.PRIZE_ORDER],
      [{ prizes: [{ rank: 1, amountUsd: '0' }] }, TOURNAMENT_MESSAGES.PRIZE_AMOUNT_INVALID],
      [{ prizes: [{ rank: 1, amountUsd: '1.005' }] }, TOURNAMENT_MESSAGES.PRIZE_AMOUNT_INVALID],
      [{ prizes: [{ rank: 1, amountUsd: '-5' }] }, TOURNAMENT_MESSAGES.PRIZE_AMOUNT_INVALID],
    ];
    for (const [over, msg] of cases) expectError(await t.call('POST', CREATE, { as: OPA, body: valid(over) }), 400, [msg]);
    const [after] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from tournaments`);
    expect(after!.n).toBe(before!.n);
  });

  it("creates for the caller's operator only; another operator's is not found; a manager may not create", async () => {
    const made = await create({ title: 'Alpha Spring Race' });
    expect(made).toMatchObject({ status: 'ACTIVE', prizePoolUsd: '150.00000000' });
    const acts = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from activities where action = 'TOURNAMENT_CREATE' and target_id = ${made.id}`);
    expect(acts[0]!.n).toBe(1);
    const res = await t.call('POST', CREATE, { as: OPA, body: valid({ opId: 'op-bravo' }) });
    expect(res.statusCode).toBe(404);
    expectForbidden(await t.call('POST', CREATE, { as: OPM, body: valid() }));
  });

  it('a tournament that started already gets its leaderboard from the bets written so far', async () => {
    const made = await create({ title: 'Backfilled', scoring: 'BEST_MULTIPLIER' });
    const d = await t.call('GET', `/api/tournament/details/${made.id}`, { as: OPM });
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json().data.leaderboard.length).toBeGreaterThan(0);
    expect(await leaderboardVsBets()).toBe(0);
  });
});

describe('list and details', () => {
  it("shows an operator's staff only their operators' tournaments, by status; another operator's is not found", async () => {
    const res = await t.call('POST', LIST, { as: OPM, body: { limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as any[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((x) => (ALPHA_SCOPE as readonly string[]).includes(x.opId))).toBe(true);
    const expired = (await t.call('POST', LIST, { as: OPM, body: { status: 'EXPIRED' } })).json().data.items as any[];
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.every((x) => x.status === 'EXPIRED' && x.finalizedAt !== null)).toBe(true);
    const active = (await t.call('POST', LIST, { as: OPM, body: { status: 'ACTIVE' } })).json().data.items as any[];
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((x) => x.status === 'ACTIVE' && new Date(x.endsAt).getTime() > Date.now())).toBe(true);
    expectError(await t.call('POST', LIST, { as: OPM, body: { status: 'DONE' } }), 400, [TOURNAMENT_MESSAGES.STATUS_INVALID]);
    expectError(await t.call('POST', WINNERS, { as: OPM, body: { status: 'WON' } }), 400, ['Status must be one of PENDING, PAID, REJECTED.']);
    expectError(await t.call('POST', WINNERS, { as: OPM, body: { tournamentId: 'nope' } }), 400, [TOURNAMENT_MESSAGES.TOURNAMENT_NOT_FOUND]);
    const [bravo] = await t.database.db.select().from(tournaments).where(inArray(tournaments.opId, [...BRAVO_SCOPE])).limit(1);
    expectError(await t.call('GET', `/api/tournament/details/${bravo!.id}`, { as: OPA }), 404, [TOURNAMENT_MESSAGES.TOURNAMENT_NOT_FOUND]);
    expectError(await t.call('DELETE', `${CREATE}?id=${bravo!.id}`, { as: OPA }), 404, [TOURNAMENT_MESSAGES.TOURNAMENT_NOT_FOUND]);
    const [bw] = await t.database.db.select().from(tournamentWinners).where(inArray(tournamentWinners.opId, [...BRAVO_SCOPE])).limit(1);
    expectError(await t.call('GET', `/api/tournament/winners/details/${bw!.id}`, { as: OPA }), 404, [TOURNAMENT_MESSAGES.WINNER_NOT_FOUND]);
    expectError(await t.call('POST', PAYOUT, { as: OPA, headers: newKey(), body: { id: bw!.id, type: 'approve' } }), 404, [TOURNAMENT_MESSAGES.WINNER_NOT_FOUND]);
    const winners = (await t.call('POST', WINNERS, { as: OPM, body: { limit: 100 } })).json().data.items as any[];
    expect(winners.length).toBeGreaterThan(0);
    expect(winners.every((w) => (ALPHA_SCOPE as readonly string[]).includes(w.opId))).toBe(true);
  });

  it('the seeded active tournament shows a leaderboard ordered by score', async () => {
    const [row] = await t.database.db.select().from(tournaments).where(and(eq(tournaments.opId, 'op-alpha'), eq(tournaments.title, 'Weekly Slots Race')));
    const d = (await t.call('GET', `/api/tournament/details/${row!.id}`, { as: OPM })).json().data;
    expect(d.status).toBe('ACTIVE');
    const board = d.leaderboard as { rank: number; score: string }[];
    expect(board.length).toBeGreaterThan(1);
    for (let i = 1; i < board.length; i++) expect(toUnits(board[i - 1]!.score) >= toUnits(board[i]!.score)).toBe(true);
    expect(board.map((e) => e.rank)).toEqual(board.map((_, i) => i + 1));
  });
});

describe('leaderboard follows the bets', () => {
  it('equals the bets after new bets, a settle, a cancellation and a deletion (both scorings)', async () => {
    expect(await leaderboardVsBets()).toBe(0);
    const db = t.database.db;
    const [tpl] = await db.select().from(bets).where(and(inArray(bets.opId, [...ALPHA_SCOPE]), eq(bets.provider, 'Evolution'), eq(bets.status, 'LOST'))).limit(1);
    const mult = await create({ title: 'Hunt', scoring: 'BEST_MULTIPLIER', providers: ['Evolution'], games: [] });
    const wager = await create({ title: 'Race', providers: ['Evolution'], games: [] });
    const entry = async (tid: string) => (await db.select().from(tournamentEntries).where(and(eq(tournamentEntries.tournamentId, tid), eq(tournamentEntries.playerId, tpl!.playerId))))[0];
    const before = await entry(wager.id);
    const base = { ...tpl!, id: undefined, placedAt: new Date(), settledAt: null, settledBy: null } as never as typeof bets.$inferInsert;
    await db.insert(bets).values({ ...base, betId: `${tpl!.betId}-t1`, stake: '10', stakeInUsd: '10', win: '0', winInUsd: '0', status: 'OPEN', currency: 'USD', rateToUsd: '1' });
    expect(await leaderboardVsBets()).toBe(0);
    expect((await entry(wager.id))!.score).toBe(addDec(before?.score ?? '0', '10'));
    await db.update(bets).set({ status: 'WON', win: '1234', winInUsd: '1234' }).where(eq(bets.betId, `${tpl!.betId}-t1`));
    expect(await leaderboardVsBets()).toBe(0);
    expect((await entry(mult.id))!.score).toBe('123.40000000');
    await db.update(bets).set({ status: 'CANCELED' }).where(eq(bets.betId, `${tpl!.betId}-t1`));
    expect(await leaderboardVsBets()).toBe(0);
    expect(toUnits((await entry(mult.id))?.score ?? '0') < toUnits('123.4')).toBe(true);
    await db.insert(bets).values({ ...base, betId: `${tpl!.betId}-t2`, stake: '2', stakeInUsd: '2', win: '3', winInUsd: '3', status: 'WON', currency: 'USD', rateToUsd: '1' });
    await db.delete(bets).where(eq(bets.betId, `${tpl!.betId}-t2`));
    expect(await leaderboardVsBets()).toBe(0);
    // A bet of another provider, or outside the period, counts nowhere.
    await db.insert(bets).values({ ...base, betId: `${tpl!.betId}-t3`, provider: 'Unknown Studio', gameTitle: 'Nothing', stake: '5', stakeInUsd: '5', win: '0', winInUsd: '0', status: 'LOST' });
    await db.insert(bets).values({ ...base, betId: `${tpl!.betId}-t4`, placedAt: new Date(Date.now() + 5 * 24 * HOUR), stake: '5', stakeInUsd: '5', win: '0', winInUsd: '0', status: 'LOST' });
    expect(await leaderboardVsBets()).toBe(0);
    await db.delete(bets).where(sql`${bets.betId} like ${`${tpl!.betId}-t%`}`);
    expect(await leaderboardVsBets()).toBe(0);
  });
});

describe('leaderboard follows live bets', () => {
  it('equals the bets after simulated casino rounds and a staff cancel of an open round', async () => {
    const db = t.database.db;
    const race = await create({ title: 'Live race', providers: [...DEMO_GAME_PROVIDERS], games: [] });
    let seed = 3;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    let rounds = 0;
    for (let i = 0; i < 300 && rounds < 5; i++) {
      const r = await simulateOnce(db, rand);
      if (r?.event !== 'CASINO_ROUND') continue;
      const [b] = await db.select().from(bets).where(eq(bets.betId, r.ref));
      if ((ALPHA_SCOPE as readonly string[]).includes(b!.opId)) rounds++;
    }
    expect(rounds).toBeGreaterThan(0);
    expect(await leaderboardVsBets()).toBe(0);
    const [open] = await db.select().from(bets).where(and(inArray(bets.opId, [...ALPHA_SCOPE]), eq(bets.betType, 'CASINO'), eq(bets.status, 'OPEN'), sql`${bets.placedAt} >= now() - interval '9 days'`)).limit(1);
    expect(open).toBeDefined();
    const entryOf = async () => (await db.select().from(tournamentEntries).where(and(eq(tournamentEntries.tournamentId, race.id), eq(tournamentEntries.playerId, open!.playerId))))[0];
    const before = await entryOf();
    expect(before!.betsCount).toBeGreaterThan(0);
    const res = await t.call('PUT', '/api/bets/cancel', { as: OPA, headers: newKey(), body: { betId: open!.betId, note: 'Round voided by the provider' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([BET_MESSAGES.CANCELED]);
    expect(await leaderboardVsBets()).toBe(0);
    expect((await entryOf())?.betsCount ?? 0).toBe(before!.betsCount - 1);
    expect((await reconcile(db)).problems).toEqual([]);
  });
});

describe('winners', () => {
  it('the winners list reads one tournament\'s winners by rank, newest tournament first', async () => {
    const prizes = [1, 2, 3, 4, 5, 6].map((rank) => ({ rank, amountUsd: String(70 - rank * 10) }));
    const { id, winners } = await endedTournament('op-alpha', OPM, { prizes });
    expect(winners.length).toBeGreaterThanOrEqual(4);
    const items = (await t.call('POST', WINNERS, { as: OPM, body: { limit: 100 } })).json().data.items as { tournamentId: string; rank: number }[];
    const ranks = items.filter((w) => w.tournamentId === id).map((w) => w.rank);
    expect(ranks).toEqual(winners.map((_, i) => i + 1));
    // Its winners are the first rows (the newest fixed) and follow one another.
    expect(items.slice(0, ranks.length).every((w) => w.tournamentId === id)).toBe(true);
  });

  it('are fixed once at the end from the leaderboard, prizes by rank in USD and the player currency', async () => {
    const { id, winners } = await endedTournament('op-alpha', OPM);
    expect(winners.map((w) => w.rank)).toEqual([1, 2]);
    expect(winners.map((w) => w.prizeUsd)).toEqual(['100.00000000', '50.00000000']);
    expect(winners.every((w) => w.status === 'PENDING')).toBe(true);
    expect(toUnits(winners[0].score) >= toUnits(winners[1].score)).toBe(true);
    const board = await t.database.db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, id)).orderBy(sql`score desc, reached_at, player_id`).limit(2);
    expect(winners.map((w) => w.playerId)).toEqual(board.map((e) => e.playerId));
    // Further reads, also at once, fix nothing again; bets after the end change nothing.
    await Promise.all(Array.from({ length: 5 }, () => t.call('POST', LIST, { as: OPM, body: {} })));
    const rows = await t.database.db.select().from(tournamentWinners).where(eq(tournamentWinners.tournamentId, id));
    expect(rows).toHaveLength(2);
  });
});

describe('payout', () => {
  it('a manager may not decide; reject needs a note; the type is approve or reject', async () => {
    const { winners } = await endedTournament('op-alpha', OPA);
    const w = winners[0];
    expectForbidden(await t.call('POST', PAYOUT, { as: OPM, headers: newKey(), body: { id: w.id, type: 'approve' } }));
    expectError(await t.call('POST', PAYOUT, { as: OPA, headers: newKey(), body: { id: w.id, type: 'reject' } }), 400, [TOURNAMENT_MESSAGES.NOTE_REQUIRED]);
    expectError(await t.call('POST', PAYOUT, { as: OPA, headers: newKey(), body: { id: w.id, type: 'maybe' } }), 400, [TOURNAMENT_MESSAGES.PAYOUT_TYPE_INVALID]);
    expectError(await t.call('POST', PAYOUT, { as: OPA, headers: newKey(), body: { id: w.id, type: 'reject', noteForThePlayer: 'x'.repeat(201) } }), 400, [TOURNAMENT_MESSAGES.NOTE_MAX]);
    const balance = await mainBalance(w.playerId, w.currency);
    const res = await t.call('POST', PAYOUT, { as: OPA, headers: newKey(), body: { id: w.id, type: 'reject', noteForThePlayer: 'Bonus abuse found.' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ messages: [TOURNAMENT_MESSAGES.REJECTED], data: { status: 'REJECTED', noteForThePlayer: 'Bonus abuse found.', decidedBy: OPA, txId: null } });
    expect(await mainBalance(w.playerId, w.currency)).toBe(balance);
    expectError(await t.call('POST', PAYOUT, { as: OPA, headers: newKey(), body: { id: w.id, type: 'approve' } }), 409, [TOURNAMENT_MESSAGES.ALREADY_DECIDED]);
  });

  it("pays the prize to the player's main wallet exactly once under 50 concurrent payouts; reconciliation holds", async () => {
    const { winners } = await endedTournament('op-alpha', OPA);
    const w = winners[0];
    const before = await mainBalance(w.playerId, w.currency);
    const results = await Promise.all(Array.from({ length: 50 }, () =>
      t.call('POST', PAYOUT, { as: OPA, headers: newKey(), body: { id: w.id, type: 'approve', noteForThePlayer: 'Congratulations!' } })));
    const okOnes = results.filter((r) => r.statusCode === 200);
    expect(okOnes).toHaveLength(1);
    expect(okOnes[0]!.json()).toMatchObject({ success: true, messages: [TOURNAMENT_MESSAGES.PAID], data: { status: 'PAID', decidedBy: OPA } });
    for (const r of results.filter((x) => x.statusCode !== 200)) expectError(r, 409, [TOURNAMENT_MESSAGES.ALREADY_DECIDED]);
    const txId = okOnes[0]!.json().data.txId as string;
    const [tx] = await t.database.db.select().from(transactions).where(eq(transactions.txId, txId));
    expect(tx).toMatchObject({ transactionType: 'TOURNAMENT_PRIZE', status: 'CONFIRMED', toAmount: w.prizeAmount, toCurrency: w.currency, toAmountInUsd: w.prizeUsd, playerId: w.playerId });
    const credits = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, txId));
    expect(credits).toHaveLength(1);
    expect(toUnits(await mainBalance(w.playerId, w.currency))).toBe(toUnits(addDec(before, w.prizeAmount)));
    expect((await reconcile(t.database.db)).problems).toEqual([]);
    const acts = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from activities where action = 'TOURNAMENT_PAYOUT_APPROVE' and target_id = ${w.id}`);
    expect(acts[0]!.n).toBe(1);
  });
});

describe('payout races', () => {
  it('approves and rejects racing on one prize (25 of each): exactly one decides; paid once or rejected with nothing moved', async () => {
    const { winners } = await endedTournament('op-alpha', OPA);
    const w = winners[0];
    const before = await mainBalance(w.playerId, w.currency);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => t.call('POST', PAYOUT, {
      as: i % 3 ? OPA : ADMIN, headers: newKey(),
      body: i % 2 ? { id: w.id, type: 'reject', noteForThePlayer: `Not eligible ${i}` } : { id: w.id, type: 'approve', noteForThePlayer: 'Congratulations!' },
    })));
    const okOnes = results.filter((r) => r.statusCode === 200);
    expect(okOnes).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expectError(r, 409, [TOURNAMENT_MESSAGES.ALREADY_DECIDED]);
    const decided = okOnes[0]!.json().data as { status: string; txId: string | null };
    const [row] = await t.database.db.select().from(tournamentWinners).where(eq(tournamentWinners.id, w.id));
    expect(row!.status).toBe(decided.status);
    const prizes = await t.database.db.select().from(transactions)
      .where(and(eq(transactions.playerId, w.playerId), eq(transactions.transactionType, 'TOURNAMENT_PRIZE'), sql`${transactions.extra}->>'winnerId' = ${w.id}`));
    if (decided.status === 'PAID') {
      expect(prizes).toHaveLength(1);
      expect(toUnits(await mainBalance(w.playerId, w.currency))).toBe(toUnits(addDec(before, w.prizeAmount)));
    } else {
      expect(decided.status).toBe('REJECTED');
      expect(prizes).toHaveLength(0);
      expect(await mainBalance(w.playerId, w.currency)).toBe(before);
    }
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });
});

describe('delete', () => {
  it('deletes a tournament with its leaderboard ("Tournament Deleted!"); a manager may not; one with a paid prize stays', async () => {
    const made = await create({ title: 'To delete' });
    expectForbidden(await t.call('DELETE', `${CREATE}?id=${made.id}`, { as: OPM }));
    const res = await t.call('DELETE', `${CREATE}?id=${made.id}`, { as: OPA });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([TOURNAMENT_MESSAGES.DELETED]);
    expectError(await t.call('GET', `/api/tournament/details/${made.id}`, { as: OPA }), 404, [TOURNAMENT_MESSAGES.TOURNAMENT_NOT_FOUND]);
    expect(await t.database.db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, made.id))).toHaveLength(0);
    const acts = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from activities where action = 'TOURNAMENT_DELETE' and target_id = ${made.id}`);
    expect(acts[0]!.n).toBe(1);

    const { id, winners } = await endedTournament('op-alpha', OPA);
    const paid = await t.call('POST', PAYOUT, { as: OPA, headers: newKey(), body: { id: winners[0].id, type: 'approve' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expectError(await t.call('DELETE', `${CREATE}?id=${id}`, { as: OPA }), 409, [TOURNAMENT_MESSAGES.PAID_NOT_DELETABLE]);
    expect(await t.database.db.select().from(tournamentWinners).where(eq(tournamentWinners.tournamentId, id))).toHaveLength(2);
  });
});
