/**
 * Bets: the list and its filters (with the exact messages of bad input), tenancy, details, Settle
 * Open Bet (only OPEN, the win credited once under 50 concurrent settles, reconciliation holds),
 * and the GGR roll-up equal to the rows after inserts, settles and cancellations.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { BET_MESSAGES, DEMO_GAME_PROVIDERS, MSG, SUGGEST_LIMIT, addDec, betSelection, toUnits } from '@pitboss/contract';
import { bets, ledgerEntries, players } from '../src/db/schema.js';
import { reconcile } from '../src/modules/wallet/ledger.js';
import { rowsOf } from '../src/lib/query.js';
import { ALPHA_SCOPE, BRAVO_SCOPE, betRollupVsRows, expectError, expectForbidden, makeApp, newKey } from './support.js';
import type { Login, TestApp } from './helpers.js';

const ADMIN: Login = 'admin@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';
const LIST = '/api/bets/list';
const SETTLE = '/api/v2/bets/settle';
const CANCEL = '/api/bets/cancel';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const listOf = async (body: Record<string, unknown>, as: Login = ADMIN) => {
  const res = await t.call('POST', LIST, { as, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: any[]; remaining: boolean; nextCursor: string | null };
};
const openBet = async (opIds: readonly string[]) => {
  const [b] = await t.database.db.select().from(bets).where(and(eq(bets.status, 'OPEN'), inArray(bets.opId, [...opIds]))).limit(1);
  if (!b) throw new Error('no open bet');
  return b;
};
const rollupVsRows = () => betRollupVsRows(t.database.db);

describe('bets list', () => {
  it('lists seeded casino and sport bets newest first, keyset pages without overlap', async () => {
    const first = await listOf({ limit: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.remaining).toBe(true);
    const second = await listOf({ limit: 20, cursor: first.nextCursor });
    const ids = new Set(first.items.map((b) => b.id));
    expect(second.items.some((b) => ids.has(b.id))).toBe(false);
    expect(second.items[0].placedAt <= first.items[19].placedAt).toBe(true);
    expect(new Set(first.items.concat(second.items).map((b) => b.betType))).toEqual(new Set(['CASINO', 'SPORT']));
  });

  it("an operator's pages (its brands merged per operator) are its newest bets in order, by cursor and by offset, filtered or not", async () => {
    const expected = async (betType?: string) => (await t.database.db.select({ id: bets.id }).from(bets)
      .where(and(inArray(bets.opId, [...ALPHA_SCOPE]), betType ? eq(bets.betType, betType) : undefined))
      .orderBy(desc(bets.placedAt), desc(bets.id)).limit(30)).map((r) => r.id);
    const ids = (d: { items: { id: string }[] }) => d.items.map((x) => x.id);
    for (const betType of [undefined, 'CASINO']) {
      const want = await expected(betType);
      expect(want.length).toBe(30);
      const body = { opId: 'op-alpha', includeBrands: true, limit: 10, ...(betType ? { betType } : {}) };
      const p1 = await listOf(body, OPA);
      const k2 = await listOf({ ...body, cursor: p1.nextCursor }, OPA);
      const k3 = await listOf({ ...body, cursor: k2.nextCursor }, OPA);
      const p3 = await listOf({ ...body, page: 3 }, OPA);
      expect([...ids(p1), ...ids(k2), ...ids(k3)]).toEqual(want);
      expect(ids(p3)).toEqual(want.slice(20));
      expect(new Set([...p1.items, ...k2.items, ...k3.items].map((x) => x.opId)).size).toBeGreaterThan(1);
    }
    // The quick list reads the same way.
    const q1 = await t.call('POST', '/api/betsV2/list', { as: OPA, body: { opId: 'op-alpha', includeBrands: true, limit: 10 } });
    expect(q1.statusCode, q1.body).toBe(200);
    expect(ids(q1.json().data)).toEqual((await expected()).slice(0, 10));
  });

  it('filters by bet type, status, game and provider (casino), and single bet mode (event, tournament, sport type)', async () => {
    const casino = await listOf({ betType: 'CASINO', provider: 'Evolution', limit: 50 });
    expect(casino.items.length).toBeGreaterThan(0);
    expect(casino.items.every((b) => b.betType === 'CASINO' && b.provider === 'Evolution')).toBe(true);
    const game = await listOf({ gameTitle: 'starburst', limit: 50 });
    expect(game.items.length).toBeGreaterThan(0);
    expect(game.items.every((b) => b.gameTitle === 'Starburst')).toBe(true);
    const single = await listOf({ betType: 'SPORT', singleBet: true, sportType: 'Tennis', tournament: 'Wimbledon', limit: 50 });
    expect(single.items.length).toBeGreaterThan(0);
    expect(single.items.every((b) => b.isSingle && b.sportType === 'Tennis' && b.event === 'Djokovic vs Alcaraz')).toBe(true);
    // Sport hides the game filters: a game title sent with SPORT narrows nothing.
    const sport = await listOf({ betType: 'SPORT', gameTitle: 'Starburst', limit: 5 });
    expect(sport.items.length).toBe(5);
    const open = await listOf({ status: 'OPEN', limit: 50 });
    expect(open.items.length).toBeGreaterThan(0);
    expect(open.items.every((b) => b.status === 'OPEN')).toBe(true);
  });

  it('filters by Bet ID part, player code and period', async () => {
    const [any] = (await listOf({ betType: 'SPORT', limit: 1 })).items;
    const byId = await listOf({ betId: any.betId });
    expect(byId.items.map((b) => b.id)).toContain(any.id);
    const byPlayer = await listOf({ playerCode: any.playerCode, limit: 100 });
    expect(byPlayer.items.map((b) => b.id)).toContain(any.id);
    expect(byPlayer.items.every((b) => b.playerCode === any.playerCode)).toBe(true);
    const at = any.placedAt;
    const period = await listOf({ from: at, to: at, limit: 100 });
    expect(period.items.map((b) => b.id)).toContain(any.id);
    expect(period.items.every((b) => b.placedAt === at)).toBe(true);
  });

  it('refuses a Bet ID with other characters, a period whose from exceeds its to, an unknown type or status', async () => {
    for (const betId of ['ab c', 'x%', "a'b", 'a.b']) {
      expectError(await t.call('POST', LIST, { as: ADMIN, body: { betId } }), 400, [BET_MESSAGES.BET_ID_INVALID]);
    }
    expect((await t.call('POST', LIST, { as: ADMIN, body: { betId: 'SB/2026-a_b' } })).statusCode).toBe(200);
    expectError(await t.call('POST', LIST, { as: ADMIN, body: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } }), 400, [MSG.DATE_RANGE_INVALID]);
    expectError(await t.call('POST', LIST, { as: ADMIN, body: { betType: 'POKER' } }), 400, [BET_MESSAGES.BET_TYPE_INVALID]);
    expectError(await t.call('POST', LIST, { as: ADMIN, body: { status: 'PENDING' } }), 400, [BET_MESSAGES.BET_STATUS_INVALID]);
    expectError(await t.call('POST', LIST, { as: ADMIN, body: { betType: 'SPORT', singleBet: true, sportType: 'Chess' } }), 400, [BET_MESSAGES.SPORT_TYPE_INVALID]);
    expectError(await t.call('POST', '/api/betsV2/list', { as: ADMIN, body: { betType: 'POKER' } }), 400, [BET_MESSAGES.BET_TYPE_INVALID]);
  });

  it("shows an operator's staff only their operators' bets; another operator's bet is not found", async () => {
    const mine = await listOf({ limit: 100 }, OPA);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((b) => (ALPHA_SCOPE as readonly string[]).includes(b.opId))).toBe(true);
    const bravo = await openBet(BRAVO_SCOPE);
    expectError(await t.call('GET', `/api/bets/details/${bravo.id}`, { as: OPA }), 404, [BET_MESSAGES.BET_NOT_FOUND]);
    expectError(await t.call('GET', `/api/betsV2/details/${encodeURIComponent(bravo.betId)}`, { as: OPA }), 404, [BET_MESSAGES.BET_NOT_FOUND]);
    expectError(await t.call('POST', SETTLE, { as: OPA, headers: newKey(), body: { betId: bravo.betId, winAmount: '1' } }), 404, [BET_MESSAGES.BET_NOT_FOUND]);
  });

  it('quick bets filters: Bet ID part, player code, status and bet type, each alone and together; bad input refused', async () => {
    const QUICK = '/api/betsV2/list';
    const quick = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', QUICK, { as: OPM, body: { limit: 100, ...body } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items as { id: string; betId: string; playerCode: string; status: string; betType: string }[];
    };
    const [open] = await quick({ status: 'OPEN', betType: 'SPORT', limit: 1 });
    expect(open).toMatchObject({ status: 'OPEN', betType: 'SPORT' });
    const byStatus = await quick({ status: 'OPEN' });
    expect(byStatus.length).toBeGreaterThan(0);
    for (const b of byStatus) expect(b.status).toBe('OPEN');
    const byType = await quick({ betType: 'CASINO' });
    expect(byType.length).toBeGreaterThan(0);
    for (const b of byType) expect(b.betType).toBe('CASINO');
    const byPlayer = await quick({ playerCode: open!.playerCode });
    expect(byPlayer.map((b) => b.id)).toContain(open!.id);
    for (const b of byPlayer) expect(b.playerCode).toBe(open!.playerCode);
    const part = open!.betId.slice(3, 14); // a part of the Bet ID matches
    const byId = await quick({ betId: part });
    expect(byId.map((b) => b.id)).toContain(open!.id);
    for (const b of byId) expect(b.betId).toContain(part);
    const all = await quick({ betId: open!.betId, playerCode: open!.playerCode, status: 'OPEN', betType: 'SPORT' });
    expect(all.map((b) => b.id)).toEqual([open!.id]);
    expect(await quick({ betId: open!.betId, status: 'WON' })).toEqual([]);
    expect(await quick({ betId: open!.betId, betType: 'CASINO' })).toEqual([]);
    expectError(await t.call('POST', QUICK, { as: OPM, body: { betId: 'a b' } }), 400, [BET_MESSAGES.BET_ID_INVALID]);
    expectError(await t.call('POST', QUICK, { as: OPM, body: { status: 'PENDING' } }), 400, [BET_MESSAGES.BET_STATUS_INVALID]);
  });

  it("a sport bet's selections answer in the contract's selection shape; a casino round has none and a demo provider", async () => {
    const [sport] = (await listOf({ betType: 'SPORT', singleBet: false, limit: 1 })).items;
    expect(Array.isArray(sport.selections)).toBe(true);
    expect(sport.selections.length).toBeGreaterThan(0);
    for (const s of sport.selections) expect(betSelection.strict().parse(s)).toEqual(s);
    const [casino] = (await listOf({ betType: 'CASINO', limit: 1 })).items;
    expect(casino.selections).toBeNull();
    expect(DEMO_GAME_PROVIDERS).toContain(casino.provider);
  });

  it('quick bets list and details by Bet ID, with the ledger entries of the bet', async () => {
    const res = await t.call('POST', '/api/betsV2/list', { as: OPM, body: { limit: 5 } });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data.items[0];
    const d = await t.call('GET', `/api/betsV2/details/${encodeURIComponent(b.betId)}`, { as: OPM });
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json().data).toMatchObject({ id: b.id, betId: b.betId });
    expect(d.json().data.ledger[0]).toMatchObject({ reason: 'BET', amount: `-${b.stake}` });
    const byId = await t.call('GET', `/api/bets/details/${b.id}`, { as: OPM });
    expect(byId.json().data.betId).toBe(b.betId);
  });
});

describe('bets filters autocomplete', () => {
  const SUGGEST = '/api/bets/suggest';
  const suggest = async (body: Record<string, unknown>, as: Login = ADMIN) => {
    const res = await t.call('POST', SUGGEST, { as, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as string[];
  };
  /** Settled copies of a seeded bet with their own Bet ID and game title (the game catalogue follows by trigger). */
  const copyBet = async (opIds: readonly string[], betId: string, gameTitle: string) => {
    const [b] = await t.database.db.select().from(bets).where(and(eq(bets.betType, 'CASINO'), inArray(bets.opId, [...opIds]))).limit(1);
    await t.database.db.insert(bets).values({ ...b!, id: undefined, betId, gameTitle, status: 'LOST', win: '0', winInUsd: '0' } as never);
  };
  beforeAll(async () => {
    await copyBet(ALPHA_SCOPE, 'QZALPHA-1', 'Qz Alpha Fortune');
    await copyBet(ALPHA_SCOPE, 'QZALPHA-2', 'Qz Alpha Fortune');
    await copyBet(BRAVO_SCOPE, 'QZBRAVO-1', 'Qz Bravo Treasure');
  });

  it("suggests Bet IDs, player codes and game titles from 2 characters, never another operator's", async () => {
    // Typed in lower case: Bet IDs and player codes are stored in upper case.
    expect(await suggest({ field: 'betId', q: 'qz' }, OPA)).toEqual(['QZALPHA-1', 'QZALPHA-2']);
    expect(await suggest({ field: 'betId', q: 'QZ' })).toEqual(['QZALPHA-1', 'QZALPHA-2', 'QZBRAVO-1']);
    expect(await suggest({ field: 'betId', q: 'QZB' }, OPA)).toEqual([]);
    expect(await suggest({ field: 'gameTitle', q: 'qz' }, OPA)).toEqual(['Qz Alpha Fortune']);
    expect(await suggest({ field: 'gameTitle', q: 'qz a' })).toEqual(['Qz Alpha Fortune']);
    expect(await suggest({ field: 'gameTitle', q: 'Qz' })).toEqual(['Qz Alpha Fortune', 'Qz Bravo Treasure']);
    expect(await suggest({ field: 'gameTitle', q: 'qz', opId: 'op-bravo', includeBrands: true })).toEqual(['Qz Bravo Treasure']);
    const codes = await suggest({ field: 'playerCode', q: 'p1' }, OPA);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => c.startsWith('P1'))).toBe(true);
    const owners = await t.database.db.select({ opId: players.opId }).from(players).where(inArray(players.playerCode, codes));
    expect(owners.every((o) => (ALPHA_SCOPE as readonly string[]).includes(o.opId))).toBe(true);
    const bravoCodes = await suggest({ field: 'playerCode', q: 'P1' }, 'bravo.admin@demo.local' as Login);
    expect(bravoCodes.length).toBeGreaterThan(0);
    expect(bravoCodes.some((c) => codes.includes(c))).toBe(false);
  });

  it('answers at most the limit, sorted and distinct; wildcards are plain characters', async () => {
    const many = await suggest({ field: 'playerCode', q: 'P1' });
    expect(many).toHaveLength(SUGGEST_LIMIT);
    expect([...many].sort()).toEqual(many);
    expect(await suggest({ field: 'betId', q: '%%' })).toEqual([]);
    expect(await suggest({ field: 'gameTitle', q: '__' })).toEqual([]);
  });

  it('refuses fewer than 2 characters (spaces do not count), an unknown field, and a role without the bets pages', async () => {
    for (const q of ['Q', ' Q ', '']) expectError(await t.call('POST', SUGGEST, { as: ADMIN, body: { field: 'betId', q } }), 400, [MSG.SEARCH_TOO_SHORT]);
    expect((await t.call('POST', SUGGEST, { as: ADMIN, body: { field: 'event', q: 'QZ' } })).statusCode).toBe(400);
    expectForbidden(await t.call('POST', SUGGEST, { as: 'partner@demo.local', body: { field: 'betId', q: 'QZ' } }));
  });
});

describe('settle open bet', () => {
  it('needs SUPER_ADMIN, ADMIN or OPERATOR_ADMIN', async () => {
    const b = await openBet(ALPHA_SCOPE);
    expectForbidden(await t.call('POST', SETTLE, { as: OPM, headers: newKey(), body: { betId: b.betId, winAmount: '1' } }));
  });

  it('refuses a negative, empty or malformed win amount and a malformed Bet ID with the exact message', async () => {
    const b = await openBet(ALPHA_SCOPE);
    expectError(await t.call('POST', SETTLE, { as: ADMIN, headers: newKey(), body: { betId: b.betId, winAmount: '-1' } }), 400, [BET_MESSAGES.WIN_AMOUNT_INVALID]);
    expectError(await t.call('POST', SETTLE, { as: ADMIN, headers: newKey(), body: { betId: b.betId, winAmount: '' } }), 400, [BET_MESSAGES.WIN_AMOUNT_REQUIRED]);
    expectError(await t.call('POST', SETTLE, { as: ADMIN, headers: newKey(), body: { betId: b.betId, winAmount: '1.123456789' } }), 400, [BET_MESSAGES.WIN_AMOUNT_INVALID]);
    // At most 14 integer digits, like every amount staff type (a larger win would not fit the balance columns).
    expectError(await t.call('POST', SETTLE, { as: ADMIN, headers: newKey(), body: { betId: b.betId, winAmount: '123456789012345' } }), 400, [BET_MESSAGES.WIN_AMOUNT_INVALID]);
    expectError(await t.call('POST', SETTLE, { as: ADMIN, headers: newKey(), body: { betId: '', winAmount: '1' } }), 400, [BET_MESSAGES.BET_ID_REQUIRED]);
    expectError(await t.call('POST', SETTLE, { as: ADMIN, headers: newKey(), body: { betId: 'a b', winAmount: '1' } }), 400, [BET_MESSAGES.BET_ID_INVALID]);
    expectError(await t.call('POST', SETTLE, { as: ADMIN, headers: newKey(), body: { betId: 'NO-SUCH-BET', winAmount: '1' } }), 404, [BET_MESSAGES.BET_NOT_FOUND]);
    const [still] = await t.database.db.select().from(bets).where(eq(bets.id, b.id));
    expect(still!.status).toBe('OPEN');
  });

  it('credits the win exactly once under 50 concurrent settles; a settled bet does not settle again', async () => {
    const b = await openBet(ALPHA_SCOPE);
    const before = await rowsOf<{ b: string }>(t.database.db, sql`select balance::text as b from wallets where player_id = ${b.playerId} and kind = 'MAIN' and currency = ${b.currency}`);
    const win = '2.5';
    const results = await Promise.all(Array.from({ length: 50 }, () =>
      t.call('POST', SETTLE, { as: OPA, headers: newKey(), body: { betId: b.betId, winAmount: win } })));
    const okOnes = results.filter((r) => r.statusCode === 200);
    expect(okOnes).toHaveLength(1);
    expect(okOnes[0]!.json()).toMatchObject({ success: true, messages: [BET_MESSAGES.SETTLED], data: { status: 'WON', win: '2.50000000' } });
    for (const r of results.filter((x) => x.statusCode !== 200)) expectError(r, 409, [BET_MESSAGES.NOT_OPEN]);
    const wins = await t.database.db.select().from(ledgerEntries).where(sql`${ledgerEntries.refId} = ${b.betId} and ${ledgerEntries.reason} = 'WIN'`);
    expect(wins).toHaveLength(1);
    const after = await rowsOf<{ b: string }>(t.database.db, sql`select balance::text as b from wallets where player_id = ${b.playerId} and kind = 'MAIN' and currency = ${b.currency}`);
    expect(toUnits(after[0]!.b)).toBe(toUnits(addDec(before[0]!.b, win)));
    expect((await reconcile(t.database.db)).problems).toEqual([]);
    const acts = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from activities where action = 'BET_SETTLE' and target_id = ${b.betId}`);
    expect(acts[0]!.n).toBe(1);
    expectError(await t.call('POST', SETTLE, { as: ADMIN, headers: newKey(), body: { betId: b.betId, winAmount: '0' } }), 409, [BET_MESSAGES.NOT_OPEN]);
  });

  it('settles with 0 as LOST without a ledger entry', async () => {
    const b = await openBet(ALPHA_SCOPE);
    const res = await t.call('POST', SETTLE, { as: ADMIN, headers: newKey(), body: { betId: b.betId, winAmount: '0' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'LOST', win: '0.00000000' });
    const wins = await t.database.db.select().from(ledgerEntries).where(sql`${ledgerEntries.refId} = ${b.betId} and ${ledgerEntries.reason} = 'WIN'`);
    expect(wins).toHaveLength(0);
  });
});

const mainBalance = async (b: { playerId: string; currency: string }) =>
  (await rowsOf<{ b: string }>(t.database.db, sql`select balance::text as b from wallets where player_id = ${b.playerId} and kind = 'MAIN' and currency = ${b.currency}`))[0]!.b;

describe('cancel open bet', () => {
  it('refunds the stake once through the ledger, audited with the note; the bet then refuses settle and cancel', async () => {
    const b = await openBet(ALPHA_SCOPE);
    const before = await mainBalance(b);
    const res = await t.call('PUT', CANCEL, { as: OPA, headers: newKey(), body: { betId: b.betId, note: '  Event abandoned  ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, messages: [BET_MESSAGES.CANCELED], data: { betId: b.betId, status: 'CANCELED', settledBy: OPA, cancelNote: 'Event abandoned' } });
    // The note is kept on the bet: the details (drawer and page) and the lists answer it.
    const [stored] = await t.database.db.select({ cancelNote: bets.cancelNote }).from(bets).where(eq(bets.id, b.id));
    expect(stored!.cancelNote).toBe('Event abandoned');
    expect((await t.call('GET', `/api/bets/details/${b.id}`, { as: OPA })).json().data.cancelNote).toBe('Event abandoned');
    expect((await t.call('GET', `/api/betsV2/details/${encodeURIComponent(b.betId)}`, { as: OPA })).json().data.cancelNote).toBe('Event abandoned');
    expect((await listOf({ betId: b.betId })).items.find((x) => x.id === b.id)?.cancelNote).toBe('Event abandoned');
    expect(toUnits(res.json().data.balanceAfter)).toBe(toUnits(addDec(before, b.stake)));
    expect(toUnits(await mainBalance(b))).toBe(toUnits(addDec(before, b.stake)));
    const refunds = await t.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, b.betId), eq(ledgerEntries.reason, 'BET_REFUND')));
    expect(refunds.map((e) => toUnits(e.amount))).toEqual([toUnits(b.stake)]);
    expect(await t.lastActivity()).toMatchObject({ action: 'BET_CANCEL', targetId: b.betId, actorEmail: OPA, opId: b.opId });
    expect(JSON.stringify((await t.lastActivity())!.after)).toContain('Event abandoned');
    expectError(await t.call('PUT', CANCEL, { as: ADMIN, headers: newKey(), body: { betId: b.betId, note: 'again' } }), 409, [BET_MESSAGES.NOT_OPEN_CANCEL]);
    expectError(await t.call('POST', SETTLE, { as: ADMIN, headers: newKey(), body: { betId: b.betId, winAmount: '1' } }), 409, [BET_MESSAGES.NOT_OPEN]);
    expect(await rollupVsRows()).toBe(0);
    expect((await reconcile(t.database.db)).problems).toEqual([]);
  });

  it('a bet canceled before the note column existed gets its note from the audit record (migration bet_cancel_note)', async () => {
    const b = await openBet(ALPHA_SCOPE);
    expect((await t.call('PUT', CANCEL, { as: OPA, headers: newKey(), body: { betId: b.betId, note: 'Before the column' } })).statusCode).toBe(200);
    await t.database.db.update(bets).set({ cancelNote: null }).where(eq(bets.id, b.id));
    const file = fs.readFileSync(new URL('../drizzle/0026_bet_cancel_note.sql', import.meta.url), 'utf8');
    const backfill = file.split('--> statement-breakpoint').map((x) => x.trim()).find((x) => x.includes('UPDATE'))!;
    await t.database.db.execute(sql.raw(backfill));
    const [row] = await t.database.db.select({ cancelNote: bets.cancelNote }).from(bets).where(eq(bets.id, b.id));
    expect(row!.cancelNote).toBe('Before the column');
  });

  it('a settled bet refuses cancel with its message and nothing moves', async () => {
    const b = await openBet(ALPHA_SCOPE);
    expect((await t.call('POST', SETTLE, { as: ADMIN, headers: newKey(), body: { betId: b.betId, winAmount: '0' } })).statusCode).toBe(200);
    const before = await mainBalance(b);
    expectError(await t.call('PUT', CANCEL, { as: ADMIN, headers: newKey(), body: { betId: b.betId, note: 'Too late' } }), 409, [BET_MESSAGES.NOT_OPEN_CANCEL]);
    expect(await mainBalance(b)).toBe(before);
    const [still] = await t.database.db.select().from(bets).where(eq(bets.id, b.id));
    expect(still!.status).toBe('LOST');
    expect(still!.cancelNote).toBeNull();
  });

  it('refunds exactly once under 50 concurrent cancels; reconciliation and the roll-up hold', async () => {
    const b = await openBet(ALPHA_SCOPE);
    const before = await mainBalance(b);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      t.call('PUT', CANCEL, { as: i % 2 ? OPA : ADMIN, headers: newKey(), body: { betId: b.betId, note: `Race ${i}` } })));
    const okOnes = results.filter((r) => r.statusCode === 200);
    expect(okOnes).toHaveLength(1);
    // The bet keeps the note of the cancel that applied.
    const [kept] = await t.database.db.select({ cancelNote: bets.cancelNote }).from(bets).where(eq(bets.id, b.id));
    expect(kept!.cancelNote).toBe(okOnes[0]!.json().data.cancelNote);
    expect(kept!.cancelNote).toMatch(/^Race \d+$/);
    for (const r of results.filter((x) => x.statusCode !== 200)) expectError(r, 409, [BET_MESSAGES.NOT_OPEN_CANCEL]);
    const refunds = await t.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, b.betId), eq(ledgerEntries.reason, 'BET_REFUND')));
    expect(refunds).toHaveLength(1);
    expect(toUnits(await mainBalance(b))).toBe(toUnits(addDec(before, b.stake)));
    const acts = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from activities where action = 'BET_CANCEL' and target_id = ${b.betId}`);
    expect(acts[0]!.n).toBe(1);
    expect((await reconcile(t.database.db)).problems).toEqual([]);
    expect(await rollupVsRows()).toBe(0);
  });

  it('settles and cancels racing on one bet (25 of each): exactly one applies, its money moves once; reconciliation and the roll-up hold', async () => {
    const b = await openBet(ALPHA_SCOPE);
    const before = await mainBalance(b);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2
      ? t.call('PUT', CANCEL, { as: OPA, headers: newKey(), body: { betId: b.betId, note: `Race ${i}` } })
      : t.call('POST', SETTLE, { as: ADMIN, headers: newKey(), body: { betId: b.betId, winAmount: '3' } }))));
    const okOnes = results.filter((r) => r.statusCode === 200);
    expect(okOnes).toHaveLength(1);
    const status = okOnes[0]!.json().data.status as string;
    expect(['WON', 'CANCELED']).toContain(status);
    for (const [i, r] of results.entries()) {
      if (r.statusCode !== 200) expectError(r, 409, [i % 2 ? BET_MESSAGES.NOT_OPEN_CANCEL : BET_MESSAGES.NOT_OPEN]);
    }
    const moves = await t.database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.refId, b.betId), inArray(ledgerEntries.reason, ['WIN', 'BET_REFUND'])));
    expect(moves.map((m) => m.reason)).toEqual([status === 'WON' ? 'WIN' : 'BET_REFUND']);
    expect(toUnits(await mainBalance(b))).toBe(toUnits(addDec(before, status === 'WON' ? '3' : b.stake)));
    const [row] = await t.database.db.select().from(bets).where(eq(bets.id, b.id));
    expect(row!.status).toBe(status);
    expect(row!.cancelNote === null).toBe(status === 'WON');
    expect((await reconcile(t.database.db)).problems).toEqual([]);
    expect(await rollupVsRows()).toBe(0);
  });

  it('needs SUPER_ADMIN, ADMIN or OPERATOR_ADMIN; another operator\'s bet is not found', async () => {
    const b = await openBet(ALPHA_SCOPE);
    expectForbidden(await t.call('PUT', CANCEL, { as: OPM, headers: newKey(), body: { betId: b.betId, note: 'No right' } }));
    const other = await openBet(BRAVO_SCOPE);
    expectError(await t.call('PUT', CANCEL, { as: OPA, headers: newKey(), body: { betId: other.betId, note: 'Not mine' } }), 404, [BET_MESSAGES.BET_NOT_FOUND]);
    for (const x of [b, other]) {
      const [still] = await t.database.db.select().from(bets).where(eq(bets.id, x.id));
      expect(still!.status).toBe('OPEN');
    }
  });

  it('refuses a missing or too long note and a malformed Bet ID with the exact message', async () => {
    const b = await openBet(ALPHA_SCOPE);
    expectError(await t.call('PUT', CANCEL, { as: ADMIN, headers: newKey(), body: { betId: b.betId, note: '   ' } }), 400, [BET_MESSAGES.CANCEL_NOTE_REQUIRED]);
    expectError(await t.call('PUT', CANCEL, { as: ADMIN, headers: newKey(), body: { betId: b.betId, note: 'x'.repeat(201) } }), 400, [BET_MESSAGES.CANCEL_NOTE_TOO_LONG]);
    expectError(await t.call('PUT', CANCEL, { as: ADMIN, headers: newKey(), body: { betId: '', note: 'Why' } }), 400, [BET_MESSAGES.BET_ID_REQUIRED]);
    expectError(await t.call('PUT', CANCEL, { as: ADMIN, headers: newKey(), body: { betId: 'a b', note: 'Why' } }), 400, [BET_MESSAGES.BET_ID_INVALID]);
    expectError(await t.call('PUT', CANCEL, { as: ADMIN, headers: newKey(), body: { betId: 'NO-SUCH-BET', note: 'Why' } }), 404, [BET_MESSAGES.BET_NOT_FOUND]);
    const [untouched] = await t.database.db.select().from(bets).where(eq(bets.id, b.id));
    expect(untouched!.cancelNote).toBeNull();
    expect((await t.call('PUT', CANCEL, { as: ADMIN, headers: newKey(), body: { betId: b.betId, note: 'x'.repeat(200) } })).statusCode).toBe(200);
    const [done] = await t.database.db.select().from(bets).where(eq(bets.id, b.id));
    expect(done!.cancelNote).toBe('x'.repeat(200));
  });
});

describe('GGR roll-up', () => {
  it('equals the rows after the seed, inserts, settles and cancellations', async () => {
    expect(await rollupVsRows()).toBe(0);
    const [row] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from bet_ggr_daily`);
    expect(row!.n).toBeGreaterThan(0);
    const db = t.database.db;
    const b = await openBet(BRAVO_SCOPE);
    await db.insert(bets).values({ ...b, id: undefined, betId: `${b.betId}-copy`, placedAt: new Date('2025-03-01T23:59:59Z') } as never);
    await db.insert(bets).values({ ...b, id: undefined, betId: `${b.betId}-copy2`, betType: 'CASINO', placedAt: new Date('2025-03-02T00:00:00Z') } as never);
    expect(await rollupVsRows()).toBe(0);
    await db.update(bets).set({ status: 'WON', win: '7', winInUsd: '7' }).where(eq(bets.betId, `${b.betId}-copy`));
    expect(await rollupVsRows()).toBe(0);
    await db.update(bets).set({ status: 'CANCELED' }).where(eq(bets.betId, `${b.betId}-copy2`));
    await db.update(bets).set({ status: 'CANCELED' }).where(eq(bets.betId, `${b.betId}-copy`));
    expect(await rollupVsRows()).toBe(0);
    await db.delete(bets).where(sql`${bets.betId} like ${`${b.betId}-copy%`}`);
    expect(await rollupVsRows()).toBe(0);
  });
});
