/**
 * Bonus releases: create and edit (every validation message, tier order, operator scope,
 * permission), the list and details with their tenancy, soft delete with the spec's warning,
 * the report's figures equal to sums over the player releases and its EXPIRED status, and
 * clone to another operator with the spec's conflict message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BONUS_RELEASE_MESSAGES, MSG } from '@pitboss/contract';
import { bonusReleaseDefinitions, playerBonusReleases } from '../src/db/schema.js';
import { rowsOf } from '../src/lib/query.js';
import { expectError, expectForbidden, makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const SUPER: Login = 'superadmin@demo.local';
const ADMIN: Login = 'admin@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';
const PARTNER: Login = 'partner@demo.local';
const DEVOPS: Login = 'devops@demo.local';
const BASE = '/api/bonus/releases';
const LIST = '/api/bonus/releases/list';
const REPORT = '/api/reports/bonus-releases';
const CLONE = '/api/bonus/clone/release';
const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const tiers = [
  { tier: 1, requiredWager: '100', minWinOdds: '1.5', maxBonusAmountInUSD: '10', minBetAmountInUSD: '0.5' },
  { tier: 2, requiredWager: '1000.50', minWinOdds: '2', maxBonusAmountInUSD: '75.25', minBetAmountInUSD: '1' },
];
// Each body names its own game unless told otherwise: two bodies never have the same conditions by accident.
let unique = 0;
const valid = (over: Record<string, unknown> = {}) => ({
  opId: 'op-alpha', title: 'Test release', description: 'A test', schedule: 'WEEKLY', startTime: iso(-DAY), endTime: iso(30 * DAY),
  betType: 'CASINO', gameProviders: ['NetEnt'], games: [`Game ${++unique}`], isActive: true, tiers, ...over,
});
const create = async (over: Record<string, unknown> = {}, as: Login = OPA) => {
  const res = await t.call('POST', BASE, { as, body: valid(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { bonusId: string; opId: string; status: string; tiers: unknown[] };
};
const bravoRelease = async () => {
  const [r] = await rowsOf<{ id: string }>(t.database.db, sql`select id from bonus_release_definitions where op_id = 'op-bravo' and deleted_at is null limit 1`);
  return r!.id;
};

describe('create and edit', () => {
  it('refuses every invalid field with its message, nothing written', async () => {
    const [before] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from bonus_release_definitions`);
    const tier = (over: Record<string, unknown>) => ({ tiers: [{ ...tiers[0], ...over }] });
    const cases: [Record<string, unknown>, string][] = [
      [{ opId: '' }, BONUS_RELEASE_MESSAGES.OPERATOR_REQUIRED],
      [{ title: '' }, BONUS_RELEASE_MESSAGES.TITLE_REQUIRED],
      [{ title: 'x'.repeat(101) }, BONUS_RELEASE_MESSAGES.TITLE_MAX],
      [{ description: 'x'.repeat(1001) }, BONUS_RELEASE_MESSAGES.DESCRIPTION_MAX],
      [{ schedule: 'HOURLY' }, BONUS_RELEASE_MESSAGES.SCHEDULE_INVALID],
      [{ betType: 'POKER' }, BONUS_RELEASE_MESSAGES.BET_TYPE_INVALID],
      [{ startTime: '' }, BONUS_RELEASE_MESSAGES.START_REQUIRED],
      [{ startTime: 'yesterday' }, BONUS_RELEASE_MESSAGES.START_INVALID],
      [{ endTime: '2030-13-01T00:00:00Z' }, BONUS_RELEASE_MESSAGES.END_INVALID],
      [{ startTime: iso(2 * DAY), endTime: iso(DAY) }, BONUS_RELEASE_MESSAGES.PERIOD_INVALID],
      [{ gameProviders: [''] }, BONUS_RELEASE_MESSAGES.ELIGIBLE_INVALID],
      [{ isActive: 'yes' }, BONUS_RELEASE_MESSAGES.IS_ACTIVE_INVALID],
      [{ tiers: [] }, BONUS_RELEASE_MESSAGES.TIERS_REQUIRED],
      [{ tiers: Array.from({ length: 11 }, (_, i) => ({ ...tiers[0], tier: i + 1, requiredWager: String(100 * (i + 1)) })) }, BONUS_RELEASE_MESSAGES.TIERS_MAX],
      [{ tiers: [tiers[0], { ...tiers[1], tier: 3 }] }, BONUS_RELEASE_MESSAGES.TIER_NUMBERS],
      [{ tiers: [tiers[1], { ...tiers[0], tier: 1 }] }, BONUS_RELEASE_MESSAGES.TIER_NUMBERS],
      [{ tiers: [tiers[0], { ...tiers[1], requiredWager: '100.00' }] }, BONUS_RELEASE_MESSAGES.TIER_WAGER_ORDER],
      [{ tiers: [tiers[0], { ...tiers[1], requiredWager: '99.99' }] }, BONUS_RELEASE_MESSAGES.TIER_WAGER_ORDER],
      [tier({ requiredWager: '0' }), BONUS_RELEASE_MESSAGES.REQUIRED_WAGER_INVALID],
      [tier({ requiredWager: '1.005' }), BONUS_RELEASE_MESSAGES.REQUIRED_WAGER_INVALID],
      [tier({ maxBonusAmountInUSD: '-5' }), BONUS_RELEASE_MESSAGES.MAX_BONUS_INVALID],
      [tier({ minBetAmountInUSD: 'abc' }), BONUS_RELEASE_MESSAGES.MIN_BET_INVALID],
      [tier({ minWinOdds: '0.99' }), BONUS_RELEASE_MESSAGES.MIN_WIN_ODDS_INVALID],
      [tier({ minWinOdds: '1000.01' }), BONUS_RELEASE_MESSAGES.MIN_WIN_ODDS_INVALID],
      // The range check never runs on odds that failed their format (it answered 500).
      [tier({ minWinOdds: 'NaN' }), BONUS_RELEASE_MESSAGES.MIN_WIN_ODDS_INVALID],
      [tier({ minWinOdds: '1e3' }), BONUS_RELEASE_MESSAGES.MIN_WIN_ODDS_INVALID],
    ];
    for (const [over, msg] of cases) expectError(await t.call('POST', BASE, { as: OPA, body: valid(over) }), 400, [msg]);
    const [after] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from bonus_release_definitions`);
    expect(after!.n).toBe(before!.n);
  });

  it("creates for the caller's operator with exact amounts; another operator's is not found; a manager may not", async () => {
    const made = await create({ title: 'Alpha exact release' });
    expect(made).toMatchObject({ status: 'ACTIVE', opId: 'op-alpha' });
    expect(made.tiers).toEqual([
      { tier: 1, requiredWager: '100.00', minWinOdds: '1.50', maxBonusAmountInUSD: '10.00', minBetAmountInUSD: '0.50' },
      { tier: 2, requiredWager: '1000.50', minWinOdds: '2.00', maxBonusAmountInUSD: '75.25', minBetAmountInUSD: '1.00' },
    ]);
    const [row] = await t.database.db.select().from(bonusReleaseDefinitions).where(eq(bonusReleaseDefinitions.id, made.bonusId));
    expect(row!.bonusAmountInUsd).toBe('75.25000000');
    const acts = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from activities where action = 'BONUS_RELEASE_CREATE' and target_id = ${made.bonusId}`);
    expect(acts[0]!.n).toBe(1);
    expect((await t.call('POST', BASE, { as: OPA, body: valid({ opId: 'op-bravo' }) })).statusCode).toBe(404);
    expectForbidden(await t.call('POST', BASE, { as: OPM, body: valid() }));
    expectForbidden(await t.call('POST', BASE, { as: PARTNER, body: valid() }));
  });

  it('edits a release (DISABLED when switched off); another operator\'s is not found; a manager may not', async () => {
    const made = await create({ title: 'To edit' });
    const res = await t.call('PUT', BASE, { as: OPA, body: { ...valid({ title: 'Edited', isActive: false }), bonusId: made.bonusId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { title: 'Edited', status: 'DISABLED', isActive: false }, messages: [BONUS_RELEASE_MESSAGES.UPDATED] });
    expectError(await t.call('PUT', BASE, { as: OPA, body: { ...valid(), bonusId: await bravoRelease() } }), 404, [BONUS_RELEASE_MESSAGES.NOT_FOUND]);
    expectForbidden(await t.call('PUT', BASE, { as: OPM, body: { ...valid(), bonusId: made.bonusId } }));
    expectError(await t.call('PUT', BASE, { as: OPA, body: { ...valid({ tiers: [tiers[1], tiers[0]] }), bonusId: made.bonusId } }), 400, [BONUS_RELEASE_MESSAGES.TIER_NUMBERS]);
  });
});

describe('same conditions on create and edit', () => {
  // Fixed instants: the periods' edges meet exactly.
  const now = Date.now();
  const iso = (ms: number) => new Date(now + ms).toISOString();
  const same = { games: ['Twin release game'], gameProviders: ['NetEnt', 'Pragmatic'], startTime: iso(100 * DAY), endTime: iso(110 * DAY) };
  it('an active release with the same conditions overlapping on the operator is refused with the catalogue\'s message; edits too', async () => {
    const first = await create({ ...same, title: 'Twin release one' });
    const [before] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from bonus_release_definitions`);
    expectError(await t.call('POST', BASE, { as: OPA, body: valid({ ...same, gameProviders: ['Pragmatic', 'NetEnt'], title: 'Twin release two', startTime: iso(105 * DAY), endTime: iso(120 * DAY) }) }), 409, [BONUS_RELEASE_MESSAGES.SAME_CONDITIONS]);
    const [after] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from bonus_release_definitions`);
    expect(after!.n).toBe(before!.n);
    // After its period, another schedule, another operator, or disabled: allowed.
    const later = await create({ ...same, title: 'Twin release later', startTime: iso(110 * DAY), endTime: iso(120 * DAY) });
    await create({ ...same, title: 'Twin release daily', schedule: 'DAILY' });
    await create({ ...same, title: 'Twin release brand', opId: 'alpha-bet' });
    const off = await create({ ...same, title: 'Twin release off', isActive: false });
    const edit = (id: string, over: Record<string, unknown>) => t.call('PUT', BASE, { as: OPA, body: { ...valid({ ...same, ...over }), bonusId: id } });
    expectError(await edit(later.bonusId, { title: 'Twin release later', startTime: iso(109 * DAY), endTime: iso(120 * DAY) }), 409, [BONUS_RELEASE_MESSAGES.SAME_CONDITIONS]);
    expectError(await edit(off.bonusId, { title: 'Twin release off', isActive: true }), 409, [BONUS_RELEASE_MESSAGES.SAME_CONDITIONS]);
    expect((await edit(first.bonusId, { title: 'Twin release one, renamed' })).statusCode).toBe(200);
  });

  it('two creates of the same conditions at once: exactly one is written', async () => {
    const body = valid({ ...same, games: ['Race release game'], title: 'Release create race' });
    const answers = await Promise.all([1, 2, 3].map(() => t.call('POST', BASE, { as: OPA, body })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const [n] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from bonus_release_definitions where title = 'Release create race'`);
    expect(n!.n).toBe(1);
  });
});

describe('list and details', () => {
  it("shows an operator's staff only their operators' releases; a manager may read; others are denied", async () => {
    const res = await t.call('POST', LIST, { as: OPM, body: { limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { opId: string; isDeleted: boolean; status: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.opId.startsWith('op-alpha') || i.opId.startsWith('alpha'))).toBe(true);
    expect(items.every((i) => !i.isDeleted && ['ACTIVE', 'DISABLED'].includes(i.status))).toBe(true);
    const deleted = await t.call('POST', LIST, { as: OPM, body: { limit: 100, deleted: 'true' } });
    expect((deleted.json().data.items as { isDeleted: boolean }[]).every((i) => i.isDeleted)).toBe(true);
    expect(deleted.json().data.items.length).toBeGreaterThan(0);
    expectError(await t.call('POST', LIST, { as: OPM, body: { deleted: 'maybe' } }), 400, [BONUS_RELEASE_MESSAGES.DELETED_FILTER_INVALID]);
    expectForbidden(await t.call('POST', LIST, { as: PARTNER, body: {} }));
    expectForbidden(await t.call('POST', LIST, { as: DEVOPS, body: {} }));
    expectError(await t.call('GET', `${BASE}/details/${await bravoRelease()}`, { as: OPM }), 404, [BONUS_RELEASE_MESSAGES.NOT_FOUND]);
    expectError(await t.call('GET', `${BASE}/details/not-a-uuid`, { as: OPM }), 404, [BONUS_RELEASE_MESSAGES.NOT_FOUND]);
  });

  it('details: the report figures equal the sums over its player releases, with the players', async () => {
    const [d] = await rowsOf<{ id: string }>(t.database.db, sql`
      select d.id from bonus_release_definitions d where d.op_id = 'op-alpha' and d.deleted_at is null
        and exists (select 1 from player_bonus_releases p where p.definition_id = d.id and p.claimed_amount_in_usd > 0) limit 1`);
    const res = await t.call('GET', `${BASE}/details/${d!.id}`, { as: OPM });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const [sums] = await rowsOf<{ u: string; w: string; c: string; pu: number; pc: number; n: number }>(t.database.db, sql`
      select sum(unlocked_amount_in_usd)::numeric(30,2)::text as u, sum(wagered_amount_in_usd)::numeric(30,2)::text as w, sum(claimed_amount_in_usd)::numeric(30,2)::text as c,
        (select count(distinct player_id) from player_bonus_release_tiers where definition_id = ${d!.id} and unlocked_at is not null)::int as pu,
        count(*) filter (where claimed_amount_in_usd > 0)::int as pc, count(*)::int as n
      from player_bonus_releases where definition_id = ${d!.id}`);
    expect(data.report).toMatchObject({
      totalUnlockedAmountInUSD: sums!.u, totalWageredAmountInUSD: sums!.w, totalClaimedAmountInUSD: sums!.c,
      totalPlayersUnlocked: sums!.pu, totalClaimedCount: sums!.pc, isDeleted: false,
    });
    expect(data.players.length).toBe(Math.min(50, sums!.n));
    expect(res.json().messages).toEqual([]);
  });
});

describe('delete', () => {
  it('soft-deletes with its player releases; the details then carry the warning; a second delete and an edit are refused', async () => {
    const [d] = await rowsOf<{ id: string }>(t.database.db, sql`
      select d.id from bonus_release_definitions d where d.op_id = 'op-alpha' and d.deleted_at is null
        and exists (select 1 from player_bonus_releases p where p.definition_id = d.id) order by d.created_at limit 1`);
    const id = d!.id;
    expectForbidden(await t.call('DELETE', `${BASE}?bonusId=${id}&opId=op-alpha`, { as: OPM }));
    expectError(await t.call('DELETE', `${BASE}?bonusId=${await bravoRelease()}&opId=op-alpha`, { as: OPA }), 404, [BONUS_RELEASE_MESSAGES.NOT_FOUND]);
    // Selected operator other than the release's: not found.
    expectError(await t.call('DELETE', `${BASE}?bonusId=${id}&opId=op-bravo`, { as: ADMIN }), 404, [BONUS_RELEASE_MESSAGES.NOT_FOUND]);
    const res = await t.call('DELETE', `${BASE}?bonusId=${id}&opId=op-alpha`, { as: OPA });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([BONUS_RELEASE_MESSAGES.DELETED]);
    const left = await t.database.db.select({ d: playerBonusReleases.isDeleted }).from(playerBonusReleases).where(eq(playerBonusReleases.definitionId, id));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((r) => r.d)).toBe(true);
    const details = await t.call('GET', `${BASE}/details/${id}`, { as: OPM });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ data: { isDeleted: true, report: { isDeleted: true } }, messages: ['Please be advised the following Bonus Release is deleted.'] });
    expectError(await t.call('DELETE', `${BASE}?bonusId=${id}&opId=op-alpha`, { as: OPA }), 409, [BONUS_RELEASE_MESSAGES.ALREADY_DELETED]);
    expectError(await t.call('PUT', BASE, { as: OPA, body: { ...valid(), bonusId: id } }), 409, [BONUS_RELEASE_MESSAGES.ALREADY_DELETED]);
    const acts = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from activities where action = 'BONUS_RELEASE_DELETE' and target_id = ${id}`);
    expect(acts[0]!.n).toBe(1);
  });
});

describe('report', () => {
  it('one row per definition (deleted ones too) with sums of its player releases; EXPIRED when active and past its end', async () => {
    const res = await t.call('POST', REPORT, { as: OPM, body: { limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as any[];
    const [n] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from bonus_release_definitions where op_id in ('op-alpha', 'alpha-bet', 'alpha-casino')`);
    expect(items.length).toBe(n!.n);
    expect(items.some((i) => i.isDeleted)).toBe(true);
    for (const i of items) {
      const [s] = await rowsOf<{ u: string; c: string; pu: number; pc: number }>(t.database.db, sql`
        select coalesce((select sum(a) from (select max(amount_in_usd) as a from player_bonus_release_tiers where definition_id = ${i.bonusId} and unlocked_at is not null group by player_release_id) x), 0)::numeric(30,2)::text as u,
          coalesce(sum(claimed_amount_in_usd), 0)::numeric(30,2)::text as c,
          (select count(distinct player_id) from player_bonus_release_tiers where definition_id = ${i.bonusId} and unlocked_at is not null)::int as pu,
          count(*) filter (where claimed_amount_in_usd > 0)::int as pc
        from player_bonus_releases where definition_id = ${i.bonusId}`);
      expect(i, i.bonus.title).toMatchObject({ totalUnlockedAmountInUSD: s!.u, totalClaimedAmountInUSD: s!.c, totalPlayersUnlocked: s!.pu, totalClaimedCount: s!.pc });
      const expected = !i.bonus.isActive ? 'DISABLED' : new Date(i.bonus.endTime).getTime() <= Date.now() ? 'EXPIRED' : 'ACTIVE';
      expect(i.status).toBe(expected);
    }
    expect(items.some((i) => i.status === 'EXPIRED')).toBe(true);
    const expired = await t.call('POST', REPORT, { as: OPM, body: { limit: 100, status: 'EXPIRED' } });
    expect((expired.json().data.items as any[]).every((i) => i.status === 'EXPIRED')).toBe(true);
    expect(expired.json().data.items.length).toBeGreaterThan(0);
    expectError(await t.call('POST', REPORT, { as: OPM, body: { status: 'GONE' } }), 400, [BONUS_RELEASE_MESSAGES.STATUS_INVALID]);
    expectForbidden(await t.call('POST', REPORT, { as: PARTNER, body: {} }));
    // Another operator selected: not found, as everywhere.
    const bravo = await t.call('POST', REPORT, { as: OPM, body: { opId: 'op-bravo' } });
    expect(bravo.statusCode).toBe(404);
  });

  it('a release whose end passes while active turns EXPIRED in the report, stays ACTIVE in the definitions list', async () => {
    const made = await create({ title: 'Ends soon' });
    await t.database.db.update(bonusReleaseDefinitions).set({ startTime: new Date(Date.now() - 2 * DAY), endTime: new Date(Date.now() - 1000) }).where(eq(bonusReleaseDefinitions.id, made.bonusId));
    const report = await t.call('POST', REPORT, { as: SUPER, body: { title: 'Ends soon' } });
    expect(report.json().data.items.map((i: any) => i.status)).toEqual(['EXPIRED']);
    const listed = await t.call('POST', LIST, { as: SUPER, body: { title: 'Ends soon' } });
    expect(listed.json().data.items.map((i: any) => i.status)).toEqual(['ACTIVE']);
  });
});

describe('clone', () => {
  it('clones to another operator with new times; the same conditions there answer the spec\'s conflict', async () => {
    const src = await create({ title: 'Clone source' }, ADMIN);
    const body = { bonusId: src.bonusId, targetOpId: 'op-bravo', startTime: iso(DAY), endTime: iso(10 * DAY) };
    const res = await t.call('POST', CLONE, { as: ADMIN, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { opId: 'op-bravo', title: 'Clone source', startTime: body.startTime, endTime: body.endTime }, messages: [BONUS_RELEASE_MESSAGES.CLONED] });
    expectError(await t.call('POST', CLONE, { as: ADMIN, body }), 409, ['Failed to clone bonus, there is an existing bonus with the same conditions']);
    // Overlapping times conflict too; a period after it does not.
    expectError(await t.call('POST', CLONE, { as: ADMIN, body: { ...body, startTime: iso(5 * DAY), endTime: iso(20 * DAY) } }), 409, [BONUS_RELEASE_MESSAGES.CLONE_CONFLICT]);
    expect((await t.call('POST', CLONE, { as: ADMIN, body: { ...body, startTime: iso(11 * DAY), endTime: iso(20 * DAY) } })).statusCode).toBe(200);
    // The source itself has the same conditions on its own operator.
    expectError(await t.call('POST', CLONE, { as: ADMIN, body: { ...body, targetOpId: 'op-alpha', startTime: iso(0), endTime: iso(DAY) } }), 409, [BONUS_RELEASE_MESSAGES.CLONE_CONFLICT]);
  });

  it("an operator admin clones within their operators only; a manager may not; invalid input has its message", async () => {
    const src = await create({ title: 'Alpha clone source', betType: 'SPORT' });
    const body = { bonusId: src.bonusId, targetOpId: 'alpha-bet', startTime: iso(DAY), endTime: iso(2 * DAY) };
    expectError(await t.call('POST', CLONE, { as: OPA, body: { ...body, targetOpId: 'op-bravo' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await t.call('POST', CLONE, { as: OPA, body: { ...body, bonusId: await bravoRelease() } }), 404, [BONUS_RELEASE_MESSAGES.NOT_FOUND]);
    expectForbidden(await t.call('POST', CLONE, { as: OPM, body }));
    expectError(await t.call('POST', CLONE, { as: OPA, body: { ...body, targetOpId: '' } }), 400, [BONUS_RELEASE_MESSAGES.TARGET_OPERATOR_REQUIRED]);
    expectError(await t.call('POST', CLONE, { as: OPA, body: { ...body, endTime: body.startTime } }), 400, [BONUS_RELEASE_MESSAGES.PERIOD_INVALID]);
    // A clone's end must lie ahead.
    expectError(await t.call('POST', CLONE, { as: OPA, body: { ...body, startTime: iso(-3 * DAY), endTime: iso(-DAY) } }), 400, [BONUS_RELEASE_MESSAGES.END_IN_PAST]);
    const res = await t.call('POST', CLONE, { as: OPA, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.opId).toBe('alpha-bet');
  });
});
