/**
 * The games catalogue: reference lists (categories, tags, jurisdictions, original providers) with
 * their exact messages and activities; the catalogue list, game update and delete; images (bytes
 * checked, served with nosniff); enabling for operators (one game, by aggregator over every
 * operator in one statement); an operator's games with their scope (operator staff see and order
 * their own, another operator's are not found); the game activity log; the roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { GAME_MESSAGES, MSG, unknownGameReference } from '@pitboss/contract';
import { activities, games, operatorGames } from '../src/db/schema.js';
import { rowsOf } from '../src/lib/query.js';
import { ALPHA_SCOPE, BRAVO_SCOPE, JPEG_BYTES, PNG_BYTES, expectError, expectForbidden, makeApp, uploadForm } from './support.js';
import type { Login, TestApp } from './helpers.js';

const SA: Login = 'superadmin@demo.local';
const ADMIN: Login = 'admin@demo.local';
const DEVOPS: Login = 'devops@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';
const PARTNER: Login = 'partner@demo.local';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const gameByTitle = async (title: string) => (await t.database.db.select().from(games).where(eq(games.title, title)).limit(1))[0]!;

describe('reference lists', () => {
  it('categories: list 100 per page, new, edit, delete with the spec toasts and activities', async () => {
    const list = await t.call('POST', '/api/gamesV2/categories/list', { as: SA, body: { opId: '*', page: 1 } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.limit).toBe(100);
    expect(list.json().data.items.map((c: { slug: string }) => c.slug)).toContain('slots');

    const body = { opId: '*', slug: 'fishing-games', title: { en: 'Fishing Games', tr: 'Balık Oyunları' }, description: { en: 'Shoot the fish' }, isNew: true };
    const created = await t.call('POST', '/api/gamesV2/categories', { as: DEVOPS, body });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().messages).toEqual([GAME_MESSAGES.CATEGORY_ADDED]);
    expect(await t.lastActivity()).toMatchObject({ action: 'GAME_CATEGORY_CREATE', targetType: 'game_category', targetId: 'fishing-games', actorEmail: DEVOPS, before: null });
    expectError(await t.call('POST', '/api/gamesV2/categories', { as: SA, body }), 409, [GAME_MESSAGES.CATEGORY_EXISTS]);

    const edited = await t.call('POST', '/api/gamesV2/categories', { as: SA, body: { ...body, title: { en: 'Fish Games' }, isNew: false } });
    expect(edited.json().messages).toEqual([GAME_MESSAGES.CATEGORY_UPDATED]);
    expect(edited.json().data.title).toEqual({ en: 'Fish Games' });
    expect(await t.lastActivity()).toMatchObject({ action: 'GAME_CATEGORY_UPDATE', before: { title: { en: 'Fishing Games', tr: 'Balık Oyunları' } }, after: { title: { en: 'Fish Games' } } });

    const del = await t.call('DELETE', '/api/gamesV2/categories?opId=*&slug=fishing-games', { as: SA });
    expect(del.statusCode).toBe(200);
    expect(del.json().messages).toEqual([GAME_MESSAGES.CATEGORY_DELETED]);
    expectError(await t.call('DELETE', '/api/gamesV2/categories?opId=*&slug=fishing-games', { as: SA }), 404, [GAME_MESSAGES.CATEGORY_NOT_FOUND]);
  });

  it('descriptions per language (000 §3): a save carries every language as the form does, blank ones dropped; the body is the whole item (a language not sent is removed)', async () => {
    const body = { opId: '*', slug: 'river-games', title: { en: 'River Games', tr: 'Nehir Oyunları' }, description: { en: 'By the river', tr: 'Nehir kenarında', de: '' }, isNew: true };
    const made = await t.call('POST', '/api/gamesV2/tags', { as: SA, body });
    expect(made.json().data.description).toEqual({ en: 'By the river', tr: 'Nehir kenarında' });
    // The console's edit of the Turkish text sends every language back: the English one stays.
    const edited = await t.call('POST', '/api/gamesV2/tags', { as: SA, body: { ...body, isNew: false, description: { en: 'By the river', tr: 'Nehrin kıyısında', de: '' } } });
    expect(edited.json().data.description).toEqual({ en: 'By the river', tr: 'Nehrin kıyısında' });
    expect(await t.lastActivity()).toMatchObject({ action: 'GAME_TAG_UPDATE', before: { description: { tr: 'Nehir kenarında' } }, after: { description: { tr: 'Nehrin kıyısında' } } });
    // A save with English alone replaces the texts: Turkish is gone (as a blanked field in the form).
    const enOnly = await t.call('POST', '/api/gamesV2/tags', { as: SA, body: { ...body, isNew: false, description: { en: 'By the river' } } });
    expect(enOnly.json().data.description).toEqual({ en: 'By the river' });
    const listed = (await t.call('POST', '/api/gamesV2/tags/list', { as: SA, body: { search: 'river-games' } })).json().data.items;
    expect(listed).toEqual([expect.objectContaining({ slug: 'river-games', description: { en: 'By the river' } })]);
    expectError(await t.call('POST', '/api/gamesV2/tags', { as: SA, body: { ...body, isNew: false, description: { xx: 'Nope' } } }), 400, [GAME_MESSAGES.LANGUAGE_INVALID]);
    expectError(await t.call('POST', '/api/gamesV2/tags', { as: SA, body: { ...body, isNew: false, description: 'By the river' } }), 400, [GAME_MESSAGES.TEXTS_INVALID]);
  });

  it('slugs and codes: lowercase letters and dashes only; English title required', async () => {
    for (const slug of ['Slots', 'live_casino', 'slots2', '-x', 'a--b']) {
      expectError(await t.call('POST', '/api/gamesV2/tags', { as: SA, body: { opId: '*', slug, title: { en: 'X' }, isNew: true } }), 400, [GAME_MESSAGES.SLUG_INVALID]);
    }
    expectError(await t.call('POST', '/api/gamesV2/jurisdictions', { as: SA, body: { opId: '*', code: 'MGA', title: { en: 'X' }, isNew: true } }), 400, [GAME_MESSAGES.SLUG_INVALID]);
    expectError(await t.call('POST', '/api/gamesV2/tags', { as: SA, body: { opId: '*', slug: 'summer', title: { tr: 'Yaz' }, isNew: true } }), 400, [GAME_MESSAGES.TITLE_EN_REQUIRED]);
    expectError(await t.call('POST', '/api/gamesV2/tags', { as: SA, body: { opId: 'op-nowhere', slug: 'summer', title: { en: 'Summer' }, isNew: true } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    const ok = await t.call('POST', '/api/gamesV2/tags', { as: SA, body: { opId: 'op-alpha', slug: 'summer', title: { en: 'Summer' }, isNew: true } });
    expect(ok.json().messages).toEqual([GAME_MESSAGES.TAG_ADDED]);
    expect(ok.json().data).toMatchObject({ opId: 'op-alpha', opTitle: 'Alpha Gaming', slug: 'summer' });
    // An edit of a tag that does not exist is not found (never a silent creation).
    expectError(await t.call('POST', '/api/gamesV2/tags', { as: SA, body: { opId: '*', slug: 'winter', title: { en: 'Winter' } } }), 404, [GAME_MESSAGES.TAG_NOT_FOUND]);
    const j = await t.call('POST', '/api/gamesV2/jurisdictions', { as: ADMIN, body: { opId: '*', code: 'malta-two', title: { en: 'Malta 2' }, isNew: true } });
    expect(j.json().messages).toEqual([GAME_MESSAGES.JURISDICTION_ADDED]);
    const j2 = await t.call('POST', '/api/gamesV2/jurisdictions', { as: ADMIN, body: { opId: '*', code: 'malta-two', title: { en: 'Malta II' } } });
    expect(j2.json().messages).toEqual([GAME_MESSAGES.JURISDICTION_UPDATED]);
  });

  it('original providers: created, updated by id, searched from 2 characters, deleted', async () => {
    expectError(await t.call('POST', '/api/gamesV2/original-providers', { as: SA, body: { opId: '*', slug: 'pg-soft', displayName: { tr: 'PG' } } }), 400, [GAME_MESSAGES.PROVIDER_NAME_REQUIRED]);
    expectError(await t.call('POST', '/api/gamesV2/original-providers', { as: SA, body: { opId: '*', slug: 'pg-soft', aliases: ['PG', ' '], displayName: { en: 'PG Soft' } } }), 400, [GAME_MESSAGES.ALIAS_EMPTY]);
    const c = await t.call('POST', '/api/gamesV2/original-providers', { as: SA, body: { opId: '*', slug: 'pg-soft', aliases: ['PGS'], displayName: { en: 'PG Soft' } } });
    expect(c.json().messages).toEqual([GAME_MESSAGES.PROVIDER_CREATED]);
    const id = c.json().data.id as string;
    expectError(await t.call('POST', '/api/gamesV2/original-providers', { as: SA, body: { opId: '*', slug: 'pg-soft', displayName: { en: 'Again' } } }), 409, [GAME_MESSAGES.PROVIDER_EXISTS]);
    const u = await t.call('PUT', '/api/gamesV2/original-providers', { as: SA, body: { id, opId: '*', slug: 'pg-soft', aliases: ['PGS', 'POCKET'], displayName: { en: 'Pocket Games Soft' } } });
    expect(u.json().messages).toEqual([GAME_MESSAGES.PROVIDER_UPDATED]);
    expect(await t.lastActivity()).toMatchObject({ action: 'GAME_PROVIDER_UPDATE', targetType: 'game_original_provider', before: { displayName: { en: 'PG Soft' } }, after: { aliases: ['PGS', 'POCKET'] } });
    expectError(await t.call('POST', '/api/gamesV2/original-providers/search', { as: SA, body: { q: 'p' } }), 400, [GAME_MESSAGES.SEARCH_MIN]);
    const s = await t.call('POST', '/api/gamesV2/original-providers/search', { as: SA, body: { q: 'pocket' } });
    expect(s.json().data).toEqual([{ value: 'pg-soft', label: 'Pocket Games Soft' }]);
    const js = await t.call('POST', '/api/gamesV2/jurisdictions/search', { as: SA, body: { q: 'uk' } });
    expect(js.json().data).toEqual([{ value: 'ukgc', label: 'UK Gambling Commission' }]);
    const d = await t.call('DELETE', `/api/gamesV2/original-providers?opId=*&id=${id}`, { as: SA });
    expect(d.json().messages).toEqual([GAME_MESSAGES.PROVIDER_DELETED]);
  });

  it('original provider slugs take digits ("1x2gaming"), not capitals, underscores or loose dashes; category slugs still do not', async () => {
    const made = await t.call('POST', '/api/gamesV2/original-providers', { as: SA, body: { opId: '*', slug: '1x2gaming', displayName: { en: '1X2 Gaming' } } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ messages: [GAME_MESSAGES.PROVIDER_CREATED], data: { slug: '1x2gaming' } });
    const renamed = await t.call('PUT', '/api/gamesV2/original-providers', { as: SA, body: { id: made.json().data.id, opId: '*', slug: '1x2-gaming', displayName: { en: '1X2 Gaming' } } });
    expect(renamed.json()).toMatchObject({ messages: [GAME_MESSAGES.PROVIDER_UPDATED], data: { slug: '1x2-gaming' } });
    for (const slug of ['1X2gaming', '1x2_gaming', '-1x2', '1x2--gaming']) {
      expectError(await t.call('POST', '/api/gamesV2/original-providers', { as: SA, body: { opId: '*', slug, displayName: { en: 'X' } } }), 400, [GAME_MESSAGES.PROVIDER_SLUG_INVALID]);
    }
    expectError(await t.call('POST', '/api/gamesV2/categories', { as: SA, body: { opId: '*', slug: '1x2gaming', title: { en: 'X' }, isNew: true } }), 400, [GAME_MESSAGES.SLUG_INVALID]);
  });

  it('operator staff and partners cannot reach the catalogue; DEV_OPS edits it', async () => {
    for (const as of [OPA, OPM, PARTNER]) {
      expectForbidden(await t.call('POST', '/api/gamesV2/categories/list', { as, body: {} }));
      expectForbidden(await t.call('POST', '/api/gamesV2/categories', { as, body: { opId: '*', slug: 'x', title: { en: 'X' }, isNew: true } }));
      expectForbidden(await t.call('POST', '/api/gamesV2/list', { as, body: {} }));
      expectForbidden(await t.call('POST', '/api/gamesV2/activities/list', { as, body: {} }));
    }
    expect((await t.call('POST', '/api/gamesV2/list', { as: DEVOPS, body: {} })).statusCode).toBe(200);
  });
});

describe('the catalogue', () => {
  it('lists a few hundred games by title with paging, filters and the bet games', async () => {
    const p1 = await t.call('POST', '/api/gamesV2/list', { as: SA, body: { limit: 100 } });
    expect(p1.json().data.items).toHaveLength(100);
    expect(p1.json().data.remaining).toBe(true);
    const titles = p1.json().data.items.map((g: { title: string }) => g.title);
    expect([...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(titles);
    const p2 = await t.call('POST', '/api/gamesV2/list', { as: SA, body: { limit: 100, cursor: p1.json().data.nextCursor } });
    expect(p2.json().data.items[0].title >= titles[99]).toBe(true);
    const evo = await t.call('POST', '/api/gamesV2/list', { as: SA, body: { search: 'crazy time' } });
    expect(evo.json().data.items[0]).toMatchObject({ title: 'Crazy Time', provider: 'evolution', providerName: 'Evolution', aggregator: 'hub88' });
    const live = await t.call('POST', '/api/gamesV2/list', { as: SA, body: { category: 'live-casino', limit: 100 } });
    expect(live.json().data.items.every((g: { categories: string[] }) => g.categories.includes('live-casino'))).toBe(true);
    const aggs = await t.call('GET', '/api/gamesV2/aggregators', { as: OPA });
    expect(aggs.json().data.map((a: { aggregator: string }) => a.aggregator)).toEqual(['everymatrix', 'hub88', 'slotegrator', 'softswiss']);
  });

  it('update game: references must exist, RTP and countries checked, activity before/after', async () => {
    const g = await gameByTitle('Starburst');
    const base = { id: g.id, status: 'MAINTENANCE', order: 3, categories: ['slots'], subCategories: ['classic'], tags: ['hot'], jurisdictions: ['mga'], tag: 'NEW', displayRTP: '96.09', restrictedCountries: ['TR', 'GB'] };
    expectError(await t.call('PUT', '/api/gamesV2', { as: DEVOPS, body: { ...base, categories: ['slots', 'nope'] } }), 400, [unknownGameReference('category', 'nope')]);
    expectError(await t.call('PUT', '/api/gamesV2', { as: DEVOPS, body: { ...base, displayRTP: '101' } }), 400, [GAME_MESSAGES.RTP_INVALID]);
    expectError(await t.call('PUT', '/api/gamesV2', { as: DEVOPS, body: { ...base, restrictedCountries: ['XX'] } }), 400, [GAME_MESSAGES.COUNTRY_INVALID]);
    expectError(await t.call('PUT', '/api/gamesV2', { as: DEVOPS, body: { ...base, status: 'GONE' } }), 400, [GAME_MESSAGES.STATUS_INVALID]);
    expectError(await t.call('PUT', '/api/gamesV2', { as: DEVOPS, body: { ...base, tag: 'COOL' } }), 400, [GAME_MESSAGES.BADGE_INVALID]);
    const res = await t.call('PUT', '/api/gamesV2', { as: DEVOPS, body: base });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([GAME_MESSAGES.GAME_UPDATED]);
    expect(res.json().data).toMatchObject({ status: 'MAINTENANCE', order: 3, tag: 'NEW', displayRTP: '96.09', restrictedCountries: ['GB', 'TR'] });
    expect(await t.lastActivity()).toMatchObject({ action: 'GAME_UPDATE', targetType: 'game', targetId: g.id, before: { status: 'ACTIVE' }, after: { status: 'MAINTENANCE', restrictedCountries: ['GB', 'TR'] } });
    expectForbidden(await t.call('PUT', '/api/gamesV2', { as: OPA, body: base }));
  });

  it('images: only real images (by their bytes), served with nosniff; deleted', async () => {
    const g = await gameByTitle('Book of Dead');
    const up = (as: Login, fields: Record<string, string>, file?: { name: string; type: string; bytes: Uint8Array }) => t.call('POST', '/api/gamesV2/image', { as, body: uploadForm(fields, file) });
    expectError(await up(SA, { gameId: g.id }, { name: 'cover.png', type: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') }), 400, [GAME_MESSAGES.IMAGE_ONLY]);
    expectError(await up(SA, { gameId: g.id }, { name: 'cover.html', type: 'text/html', bytes: Buffer.from('<html></html>') }), 400, [GAME_MESSAGES.IMAGE_ONLY]);
    expectError(await up(SA, { gameId: g.id }), 400, [GAME_MESSAGES.IMAGE_REQUIRED]);
    expectError(await t.call('POST', '/api/gamesV2/image', { as: SA, body: { gameId: g.id } }), 400, [GAME_MESSAGES.IMAGE_REQUIRED]);
    expectForbidden(await up(OPA, { gameId: g.id }, { name: 'c.png', type: 'image/png', bytes: PNG_BYTES }));
    // A JPEG declared as PNG is stored and served as what its bytes are.
    const res = await up(DEVOPS, { gameId: g.id }, { name: 'cover.png', type: 'image/png', bytes: JPEG_BYTES });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([GAME_MESSAGES.IMAGE_UPDATED]);
    const { imageId, imageUrl, images } = res.json().data as { imageId: string; imageUrl: string; images: { id: string; mime: string }[] };
    expect(images[0]).toMatchObject({ id: imageId, mime: 'image/jpeg' });
    expect(await t.lastActivity()).toMatchObject({ action: 'GAME_IMAGE_UPLOAD', targetType: 'game', targetId: g.id, after: { imageId } });
    const file = await t.call('GET', imageUrl, { as: OPA });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(file.rawPayload).equals(JPEG_BYTES)).toBe(true);
    expectForbidden(await t.call('GET', imageUrl, { as: PARTNER }));
    const del = await t.call('DELETE', `/api/gamesV2/image?gameId=${g.id}&blobName=${imageId}`, { as: SA });
    expect(del.json().messages).toEqual([GAME_MESSAGES.IMAGE_DELETED]);
    expect(del.json().data.imageId).not.toBe(imageId);
    expectError(await t.call('GET', imageUrl, { as: SA }), 404, [GAME_MESSAGES.IMAGE_NOT_FOUND]);
  });

  it('delete game (aggregator, aggregatorGameId) removes its operator entries', async () => {
    const [g] = await t.database.db.select().from(games).where(eq(games.aggregator, 'softswiss')).limit(1);
    const q = `aggregator=${g!.aggregator}&aggregatorGameId=${encodeURIComponent(g!.aggregatorGameId)}`;
    expectForbidden(await t.call('DELETE', `/api/gamesV2?${q}`, { as: OPA }));
    const res = await t.call('DELETE', `/api/gamesV2?${q}`, { as: SA });
    expect(res.json().messages).toEqual([GAME_MESSAGES.GAME_DELETED]);
    expect(await t.database.db.select().from(operatorGames).where(eq(operatorGames.gameId, g!.id))).toEqual([]);
    expectError(await t.call('DELETE', `/api/gamesV2?${q}`, { as: SA }), 404, [GAME_MESSAGES.GAME_NOT_FOUND]);
  });
});

describe('enabling games for operators', () => {
  it('Enable Operators: added DISABLED at order 1, then disabled; SUPER_ADMIN and ADMIN only', async () => {
    const [g] = await t.database.db.select().from(games).where(sql`not exists (select 1 from operator_games og where og.game_id = ${games.id} and og.op_id = 'op-delta')`).limit(1);
    const body = { gameId: g!.id, opIds: ['op-delta'], action: 'enable' };
    expectForbidden(await t.call('PUT', '/api/gamesV2/operators', { as: DEVOPS, body }));
    expectForbidden(await t.call('PUT', '/api/gamesV2/operators', { as: OPA, body }));
    expectError(await t.call('PUT', '/api/gamesV2/operators', { as: ADMIN, body: { ...body, opIds: ['alpha-partner'] } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    const res = await t.call('PUT', '/api/gamesV2/operators', { as: ADMIN, body });
    expect(res.json().messages).toEqual([GAME_MESSAGES.GAME_ADDED_FOR_OPERATOR]);
    expect(res.json().data.operators.find((o: { opId: string }) => o.opId === 'op-delta')).toMatchObject({ status: 'DISABLED', order: 1, opTitle: 'Delta Bets' });
    const off = await t.call('PUT', '/api/gamesV2/operators', { as: SA, body: { ...body, action: 'disable' } });
    expect(off.json().messages).toEqual([GAME_MESSAGES.GAME_DISABLED_FOR_OPERATOR]);
  });

  it('by aggregator over all operators (opId *, providerId ALL): one statement, every entry ACTIVE, then DISABLED', async () => {
    const db = t.database.db;
    const aggGames = await db.select({ id: games.id }).from(games).where(eq(games.aggregator, 'everymatrix'));
    expect(aggGames.length).toBeGreaterThan(50);
    const res = await t.call('POST', '/api/games-cms/enable-games-by-aggregator', { as: SA, body: { aggregator: 'everymatrix', providerId: 'ALL', opId: '*' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([GAME_MESSAGES.ACTION_COMPLETED]);
    expect(res.json().data.affected).toBeGreaterThan(100);
    const [left] = await rowsOf<{ missing: number; notActive: number }>(db, sql`
      select (select count(*)::int from games g cross join operators o where g.aggregator = 'everymatrix' and o.kind in ('OPERATOR', 'BRAND')
        and not exists (select 1 from operator_games og where og.game_id = g.id and og.op_id = o.op_id)) as "missing",
        (select count(*)::int from operator_games og join games g on g.id = og.game_id where g.aggregator = 'everymatrix' and og.status <> 'ACTIVE') as "notActive"`);
    expect(left).toEqual({ missing: 0, notActive: 0 });
    expect(await t.lastActivity()).toMatchObject({ action: 'OPERATOR_GAMES_ENABLE_AGGREGATOR', targetType: 'operator_game', targetId: 'everymatrix', opId: null });
    // Again: nothing more to change.
    const again = await t.call('POST', '/api/games-cms/enable-games-by-aggregator', { as: SA, body: { aggregator: 'everymatrix', providerId: 'ALL', opId: '*' } });
    expect(again.json().data.affected).toBe(0);
    // One provider, one operator.
    const off = await t.call('POST', '/api/games-cms/disable-games-by-aggregator', { as: ADMIN, body: { aggregator: 'everymatrix', providerId: 'spribe', opId: 'op-bravo' } });
    const [spribe] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from operator_games og join games g on g.id = og.game_id where g.aggregator = 'everymatrix' and g.provider = 'spribe' and og.op_id = 'op-bravo' and og.status = 'DISABLED'`);
    expect(off.json().data.affected).toBe(spribe!.n);
    const [others] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from operator_games og join games g on g.id = og.game_id where g.aggregator = 'everymatrix' and og.status = 'DISABLED'`);
    expect(others!.n).toBe(spribe!.n);
    expectError(await t.call('POST', '/api/games-cms/disable-games-by-aggregator', { as: ADMIN, body: { aggregator: 'nobody', opId: '*' } }), 404, [GAME_MESSAGES.BULK_NONE]);
    expectForbidden(await t.call('POST', '/api/games-cms/enable-games-by-aggregator', { as: DEVOPS, body: { aggregator: 'everymatrix', opId: '*' } }));
  });

  it('enable-game and disable-game for one operator', async () => {
    const g = await gameByTitle('Sweet Bonanza');
    const off = await t.call('POST', '/api/games-cms/disable-game', { as: SA, body: { gameId: g.id, opId: 'alpha-bet' } });
    expect(off.json()).toMatchObject({ data: { affected: 1 }, messages: [GAME_MESSAGES.ACTION_COMPLETED] });
    const [row] = await t.database.db.select().from(operatorGames).where(and(eq(operatorGames.gameId, g.id), eq(operatorGames.opId, 'alpha-bet')));
    expect(row!.status).toBe('DISABLED');
    const on = await t.call('POST', '/api/games-cms/enable-game', { as: SA, body: { gameId: g.id, opId: 'alpha-bet' } });
    expect(on.json().data.affected).toBe(1);
  });
});

describe("an operator's games", () => {
  it('operator staff see their operators\' games only; another operator is not found', async () => {
    const mine = await t.call('POST', '/api/games/list', { as: OPM, body: { limit: 100 } });
    expect(mine.statusCode).toBe(200);
    const ops = new Set(mine.json().data.items.map((r: { opId: string }) => r.opId));
    expect([...ops].every((o) => (ALPHA_SCOPE as readonly string[]).includes(o as string))).toBe(true);
    expectError(await t.call('POST', '/api/games/list', { as: OPA, body: { opId: 'op-bravo' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    const [bravo] = await t.database.db.select().from(operatorGames).where(inArray(operatorGames.opId, [...BRAVO_SCOPE])).limit(1);
    expectError(await t.call('GET', `/api/games-cms/operator-games/${bravo!.id}`, { as: OPA }), 404, [GAME_MESSAGES.OPERATOR_GAME_NOT_FOUND]);
    const one = await t.call('GET', `/api/games-cms/operator-games/${bravo!.id}`, { as: ADMIN });
    expect(one.json().data).toMatchObject({ id: bravo!.id, opId: bravo!.opId });
    expectForbidden(await t.call('POST', '/api/games/list', { as: PARTNER, body: {} }));
  });

  it('PUT /api/games/update: an operator admin orders its game; the manager sees but does not change', async () => {
    const [e] = await t.database.db.select().from(operatorGames).where(eq(operatorGames.opId, 'op-alpha')).limit(1);
    const body = { opId: 'op-alpha', gameTitle: 'x', dto: { gameId: e!.gameId, order: 7, status: 'MAINTENANCE' } };
    expectForbidden(await t.call('PUT', '/api/games/update', { as: OPM, body }));
    expectError(await t.call('PUT', '/api/games/update', { as: OPA, body: { ...body, dto: { ...body.dto, order: 0 } } }), 400, [GAME_MESSAGES.ORDER_INVALID]);
    expectError(await t.call('PUT', '/api/games/update', { as: OPA, body: { ...body, opId: 'op-bravo' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    const res = await t.call('PUT', '/api/games/update', { as: OPA, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([GAME_MESSAGES.GAME_UPDATED_FOR_OPERATOR]);
    expect(res.json().data).toMatchObject({ id: e!.id, order: 7, status: 'MAINTENANCE', opTitle: 'Alpha Gaming' });
    expect(await t.lastActivity()).toMatchObject({ action: 'OPERATOR_GAME_UPDATE', targetType: 'operator_game', targetId: e!.id, opId: 'op-alpha', before: { order: e!.order, status: e!.status }, after: { order: 7, status: 'MAINTENANCE' } });
    // A game the operator does not offer.
    const [notOffered] = await t.database.db.select({ id: games.id }).from(games)
      .where(sql`not exists (select 1 from operator_games og where og.game_id = ${games.id} and og.op_id = 'op-alpha')`).limit(1);
    expectError(await t.call('PUT', '/api/games/update', { as: OPA, body: { ...body, dto: { ...body.dto, gameId: notOffered!.id } } }), 404, [GAME_MESSAGES.OPERATOR_GAME_NOT_FOUND]);
  });
});

describe('the game activity log', () => {
  it('lists catalogue changes only, newest first, with before/after', async () => {
    await t.call('POST', '/api/gamesV2/tags', { as: SA, body: { opId: '*', slug: 'log-check', title: { en: 'Log check' }, isNew: true } });
    const res = await t.call('POST', '/api/gamesV2/activities/list', { as: DEVOPS, body: { limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { type: string; subtype: string; message: string; targetTitle: string | null; logMeta: { after: { slug?: string } } }[];
    expect(items[0]).toMatchObject({ type: 'game_tag', subtype: 'GAME_TAG_CREATE', message: 'Game tag added', logMeta: { after: { slug: 'log-check' } } });
    expect(items.every((i) => ['game', 'operator_game', 'game_category', 'game_tag', 'game_jurisdiction', 'game_original_provider'].includes(i.type))).toBe(true);
    const [other] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(activities).where(sql`target_type not like 'game%' and target_type <> 'operator_game'`);
    expect(other!.n).toBeGreaterThan(0);
    const tags = await t.call('POST', '/api/gamesV2/activities/list', { as: SA, body: { type: 'game_tag' } });
    expect(tags.json().data.items.every((i: { type: string }) => i.type === 'game_tag')).toBe(true);
    // A game's record is named by its title (its id stays the record's id); a slug needs no title.
    const updates = (await t.call('POST', '/api/gamesV2/activities/list', { as: SA, body: { type: 'game' } })).json().data.items as { targetId: string; targetTitle: string | null }[];
    let named = 0;
    for (const u of updates) {
      const [g] = await t.database.db.select({ title: games.title }).from(games).where(sql`${games.id}::text = ${u.targetId}`);
      expect(u.targetTitle, u.targetId).toBe(g?.title ?? null);
      if (g) named++;
    }
    expect(named).toBeGreaterThan(0);
    expect(items.filter((i) => i.type === 'game_tag').every((i) => i.targetTitle === null)).toBe(true);
  });
});
