/**
 * The games catalogue (README "Games"). The catalogue and its reference lists are global (only
 * global roles reach them, by the table's access rules); an operator's entries are scoped to the
 * caller's operators. Every change writes its activity (before/after) through `ctx.audit` in its
 * transaction; the game activity log is those records (`games.activities`). Bulk enable/disable by
 * aggregator is one statement over every game and operator it names.
 */
import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  ALL_OPERATORS, ALL_PROVIDERS, GAME_ACTIVITY_LABELS, GAME_IMAGE_MAX_BYTES, GAME_LOG_TYPES, IMAGE_MIME, GAME_MESSAGES, MAX_INPUT_STRING,
  OPERATOR_GAME_DEFAULT_ORDER, OPERATOR_GAME_DEFAULT_STATUS, SUGGEST_LIMIT, imageKind, unknownGameReference, type GameActivityView,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { activities, gameCategories, gameImages, gameJurisdictions, gameOriginalProviders, gameTags, games, operatorGames } from '../../db/schema.js';
import { activitySnapshotsFor } from '../../lib/audit.js';
import { HttpError, badRequest, conflict, notFound, ok } from '../../lib/http.js';
import { likeEscape, list, match } from '../../platform/list.js';
import { junkGuard, type Ctx, type Handlers } from '../../platform/endpoints.js';
import { rowsOf } from '../../lib/query.js';
import { operatorTitles, operatorTitlesOrNone } from '../../lib/scope.js';
import { safeFileName } from '../kyc/routes.js';
import { isUuid } from '../players/repo.js';
import {
  assertItemOperator, gameAudit, gameDetails, gameRow, gameViewOf, operatorGameView, operatorGameViewOf, operatorsCount, operatorsNamed, providerJoin, providerName,
} from './service.js';

type Names =
  | 'games.categoriesList' | 'games.categorySave' | 'games.categoryDelete'
  | 'games.tagsList' | 'games.tagSave' | 'games.tagDelete'
  | 'games.jurisdictionsList' | 'games.jurisdictionsSearch' | 'games.jurisdictionSave' | 'games.jurisdictionDelete'
  | 'games.providersList' | 'games.providersSearch' | 'games.providerCreate' | 'games.providerUpdate' | 'games.providerDelete'
  | 'games.list' | 'games.get' | 'games.aggregators' | 'games.update' | 'games.delete' | 'games.imageUpload' | 'games.imageDelete' | 'games.image'
  | 'games.operators' | 'games.cmsEnable' | 'games.cmsDisable' | 'games.cmsEnableAggregator' | 'games.cmsDisableAggregator'
  | 'games.operatorList' | 'games.operatorGame' | 'games.operatorUpdate' | 'games.activities';

/** The environment the game log names (000 §3 "env"). */
const ENV = process.env.NODE_ENV === 'production' ? 'production' : process.env.NODE_ENV === 'test' ? 'test' : 'development';

// ---------------------------------------------------------------------------------------------
// Reference lists: categories, tags (slug) and jurisdictions (code) share one shape.

type RefTable = typeof gameCategories | typeof gameTags;
interface RefKind {
  table: RefTable | typeof gameJurisdictions;
  key: PgColumn;
  keyName: 'slug' | 'code';
  logType: (typeof GAME_LOG_TYPES)[number];
  /** The games' column holding the slugs of this kind. */
  gamesColumn: 'categories' | 'tags' | 'jurisdictions';
  msg: { added: string; updated: string; deleted: string; exists: string; notFound: string };
}
const CATEGORY: RefKind = {
  table: gameCategories, key: gameCategories.slug, keyName: 'slug', logType: 'game_category', gamesColumn: 'categories',
  msg: { added: GAME_MESSAGES.CATEGORY_ADDED, updated: GAME_MESSAGES.CATEGORY_UPDATED, deleted: GAME_MESSAGES.CATEGORY_DELETED, exists: GAME_MESSAGES.CATEGORY_EXISTS, notFound: GAME_MESSAGES.CATEGORY_NOT_FOUND },
};
const TAG: RefKind = {
  table: gameTags, key: gameTags.slug, keyName: 'slug', logType: 'game_tag', gamesColumn: 'tags',
  msg: { added: GAME_MESSAGES.TAG_ADDED, updated: GAME_MESSAGES.TAG_UPDATED, deleted: GAME_MESSAGES.TAG_DELETED, exists: GAME_MESSAGES.TAG_EXISTS, notFound: GAME_MESSAGES.TAG_NOT_FOUND },
};
const JURISDICTION: RefKind = {
  table: gameJurisdictions, key: gameJurisdictions.code, keyName: 'code', logType: 'game_jurisdiction', gamesColumn: 'jurisdictions',
  msg: { added: GAME_MESSAGES.JURISDICTION_ADDED, updated: GAME_MESSAGES.JURISDICTION_UPDATED, deleted: GAME_MESSAGES.JURISDICTION_DELETED, exists: GAME_MESSAGES.JURISDICTION_EXISTS, notFound: GAME_MESSAGES.JURISDICTION_NOT_FOUND },
};

type RefRow = { id: string; opId: string; title: Record<string, string>; description: Record<string, string>; createdAt: Date; updatedAt: Date } & Record<string, unknown>;
const refView = (k: RefKind, r: RefRow, opTitle: string | null) => ({
  id: r.id, opId: r.opId, opTitle, [k.keyName]: r[k.keyName] as string, title: r.title, description: r.description,
  createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
});
const itemOpTitle = async (db: Db) => {
  const titleOf = await operatorTitles(db);
  return (opId: string) => (opId === ALL_OPERATORS ? null : titleOf(opId).opTitle);
};

/** `opId` absent or `*`: every item; an operator: its items and those of all operators. */
const opFilter = (col: PgColumn) => (v: string) => (v === ALL_OPERATORS ? undefined : inArray(col, [v, ALL_OPERATORS]));

async function refList(ctx: Ctx<'games.categoriesList'> | Ctx<'games.tagsList'> | Ctx<'games.jurisdictionsList'>, k: RefKind) {
  const t = k.table as typeof gameCategories;
  const key = k.key;
  const title = await itemOpTitle(ctx.db);
  return ok(await list({ ...ctx, scope: null }, {
    rows: (select) => select({ r: t }).from(t),
    filters: {
      opId: opFilter(t.opId),
      search: (v: string) => or(ilike(key, `%${likeEscape(v)}%`), sql`${t.title}->>'en' ilike ${`%${likeEscape(v)}%`}`),
    },
    sort: { keys: { key }, default: 'key', dir: 'asc', tiebreak: t.id },
    map: ({ r }) => refView(k, r as unknown as RefRow, title(r.opId)),
  })) as never;
}

async function refSave(ctx: Ctx<'games.categorySave'> | Ctx<'games.tagSave'> | Ctx<'games.jurisdictionSave'>, k: RefKind) {
  const { db, audit } = ctx;
  const b = ctx.body as unknown as { opId: string; title: Record<string, string>; description: Record<string, string>; isNew: boolean } & Record<'slug' | 'code', string>;
  const slug = b[k.keyName];
  await assertItemOperator(db, b.opId);
  const t = k.table as typeof gameCategories;
  const key = k.key;
  return db.transaction(async (tx) => {
    const [cur] = await tx.select().from(t).where(and(eq(t.opId, b.opId), eq(key, slug))).for('update').limit(1);
    if (b.isNew && cur) throw conflict(k.msg.exists, 'CONFLICT');
    if (!b.isNew && !cur) throw notFound(k.msg.notFound);
    let row: RefRow;
    if (cur) {
      const upd = await tx.update(t).set({ title: b.title, description: b.description, updatedAt: new Date() }).where(eq(t.id, cur.id)).returning();
      row = upd[0] as unknown as RefRow;
    } else {
      // A racing creation of the same slug answers "exists" (the unique index), not 500.
      const ins = await tx.insert(t).values({ opId: b.opId, [k.keyName]: slug, title: b.title, description: b.description } as never).onConflictDoNothing().returning();
      if (!ins[0]) throw conflict(k.msg.exists, 'CONFLICT');
      row = ins[0] as unknown as RefRow;
    }
    const action = `${k.logType === 'game_category' ? 'GAME_CATEGORY' : k.logType === 'game_tag' ? 'GAME_TAG' : 'GAME_JURISDICTION'}_${cur ? 'UPDATE' : 'CREATE'}`;
    const keep = (r: RefRow) => ({ opId: r.opId, [k.keyName]: r[k.keyName], title: r.title, description: r.description });
    await audit(tx, { action, targetType: k.logType, targetId: slug, opId: b.opId === ALL_OPERATORS ? null : b.opId, before: cur ? keep(cur as unknown as RefRow) : null, after: keep(row) });
    return ok(refView(k, row, (await itemOpTitle(tx))(row.opId)), [cur ? k.msg.updated : k.msg.added]);
  }) as never;
}

async function refDelete(ctx: Ctx<'games.categoryDelete'> | Ctx<'games.tagDelete'> | Ctx<'games.jurisdictionDelete'>, k: RefKind) {
  const { db, audit } = ctx;
  const q = ctx.query as unknown as { opId: string } & Record<'slug' | 'code', string>;
  const slug = q[k.keyName];
  const t = k.table as typeof gameCategories;
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(t).where(and(eq(t.opId, q.opId), eq(k.key, slug))).returning();
    if (!gone) throw notFound(k.msg.notFound);
    // The games drop the slug once no operator's item of it remains.
    const [left] = await tx.select({ id: t.id }).from(t).where(eq(k.key, slug)).limit(1);
    let games_ = 0;
    if (!left) {
      const col = sql.identifier(k.gamesColumn === 'categories' ? 'categories' : k.gamesColumn);
      const rows = await rowsOf<{ n: number }>(tx, sql`with u as (update games set ${col} = array_remove(${col}, ${slug}), updated_at = now() where ${slug} = any(${col}) returning 1) select count(*)::int as n from u`);
      games_ = rows[0]?.n ?? 0;
      if (k.gamesColumn === 'categories') await tx.execute(sql`update games set sub_categories = array_remove(sub_categories, ${slug}) where ${slug} = any(sub_categories)`);
    }
    const action = `${k.logType === 'game_category' ? 'GAME_CATEGORY' : k.logType === 'game_tag' ? 'GAME_TAG' : 'GAME_JURISDICTION'}_DELETE`;
    await audit(tx, { action, targetType: k.logType, targetId: slug, opId: q.opId === ALL_OPERATORS ? null : q.opId, before: { opId: gone.opId, [k.keyName]: slug, title: gone.title, description: gone.description }, after: { gamesUpdated: games_ } });
    return ok({}, [k.msg.deleted]);
  }) as never;
}

// ---------------------------------------------------------------------------------------------
// Original providers

type ProviderRow = typeof gameOriginalProviders.$inferSelect;
const providerView = (r: ProviderRow, opTitle: string | null) => ({
  id: r.id, opId: r.opId, opTitle, slug: r.slug, aliases: r.aliases, displayName: r.displayName, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
});
const providerKeep = (r: ProviderRow) => ({ opId: r.opId, slug: r.slug, aliases: r.aliases, displayName: r.displayName });

async function checkReferences(db: Db, b: { categories: string[]; subCategories: string[]; tags: string[]; jurisdictions: string[] }): Promise<void> {
  const known = async (t: typeof gameCategories | typeof gameTags, col: PgColumn, values: string[]) => {
    if (!values.length) return new Set<string>();
    return new Set((await db.selectDistinct({ v: col }).from(t).where(inArray(col, values))).map((r) => r.v as string));
  };
  const problems: string[] = [];
  const cats = await known(gameCategories, gameCategories.slug, [...new Set([...b.categories, ...b.subCategories])]);
  for (const s of new Set([...b.categories, ...b.subCategories])) if (!cats.has(s)) problems.push(unknownGameReference('category', s));
  const tags = await known(gameTags, gameTags.slug, b.tags);
  for (const s of new Set(b.tags)) if (!tags.has(s)) problems.push(unknownGameReference('tag', s));
  const jur = await known(gameJurisdictions as unknown as typeof gameCategories, gameJurisdictions.code, b.jurisdictions);
  for (const s of new Set(b.jurisdictions)) if (!jur.has(s)) problems.push(unknownGameReference('jurisdiction', s));
  if (problems.length) throw new HttpError(400, problems, 'VALIDATION_ERROR');
}

/** The operators an activity of operator entries names: one operator, or none for all (`*`). */
const logOp = (opId: string) => (opId === ALL_OPERATORS ? null : opId);

/** Upsert of entries as ACTIVE (or inserting defaults): one statement over the games and operators named. */
async function setOperatorGames(tx: Db, o: { gameIds?: SQL; opIds: string[]; status: 'ACTIVE' | 'DISABLED' | 'ADD' }): Promise<number> {
  if (!o.opIds.length) return 0;
  const games_ = o.gameIds ?? sql`true`;
  const ids = sql`array[${sql.join(o.opIds.map((id) => sql`${id}`), sql`, `)}]::text[]`;
  if (o.status === 'DISABLED') {
    const [r] = await rowsOf<{ n: number }>(tx, sql`with u as (
      update operator_games og set status = 'DISABLED', updated_at = now() from games g
      where g.id = og.game_id and ${games_} and og.op_id = any(${ids}) and og.status <> 'DISABLED' returning 1)
      select count(*)::int as n from u`);
    return r?.n ?? 0;
  }
  if (o.status === 'ADD') {
    const [r] = await rowsOf<{ n: number }>(tx, sql`with u as (
      insert into operator_games (op_id, game_id, status, "order")
      select o.op_id, g.id, ${OPERATOR_GAME_DEFAULT_STATUS}::text, ${OPERATOR_GAME_DEFAULT_ORDER}::int from games g cross join unnest(${ids}) as o(op_id)
      where ${games_} on conflict (op_id, game_id) do nothing returning 1)
      select count(*)::int as n from u`);
    return r?.n ?? 0;
  }
  const [r] = await rowsOf<{ n: number }>(tx, sql`with u as (
    insert into operator_games (op_id, game_id, status, "order")
    select o.op_id, g.id, 'ACTIVE', ${OPERATOR_GAME_DEFAULT_ORDER}::int from games g cross join unnest(${ids}) as o(op_id)
    where ${games_}
    on conflict (op_id, game_id) do update set status = 'ACTIVE', updated_at = now() where operator_games.status <> 'ACTIVE' returning 1)
    select count(*)::int as n from u`);
  return r?.n ?? 0;
}

/** The games of an aggregator (and provider, or ALL) as a condition on `g`. */
const aggregatorGames = (aggregator: string, providerId: string) =>
  (providerId === ALL_PROVIDERS ? sql`g.aggregator = ${aggregator}` : sql`g.aggregator = ${aggregator} and g.provider = ${providerId}`);

export const gameHandlers: Handlers<Names> = {
  'games.categoriesList': (ctx) => refList(ctx, CATEGORY),
  'games.categorySave': (ctx) => refSave(ctx, CATEGORY),
  'games.categoryDelete': (ctx) => refDelete(ctx, CATEGORY),
  'games.tagsList': (ctx) => refList(ctx, TAG),
  'games.tagSave': (ctx) => refSave(ctx, TAG),
  'games.tagDelete': (ctx) => refDelete(ctx, TAG),
  'games.jurisdictionsList': (ctx) => refList(ctx, JURISDICTION),
  'games.jurisdictionSave': (ctx) => refSave(ctx, JURISDICTION),
  'games.jurisdictionDelete': (ctx) => refDelete(ctx, JURISDICTION),

  'games.jurisdictionsSearch': async ({ db, body }) => {
    const like = `${likeEscape(body.q)}%`;
    const rows = await db.select({ code: gameJurisdictions.code, title: gameJurisdictions.title }).from(gameJurisdictions)
      .where(or(ilike(gameJurisdictions.code, like), sql`${gameJurisdictions.title}->>'en' ilike ${`%${likeEscape(body.q)}%`}`))
      .orderBy(asc(gameJurisdictions.code)).limit(SUGGEST_LIMIT);
    const seen = new Set<string>();
    return ok(rows.filter((r) => !seen.has(r.code) && seen.add(r.code)).map((r) => ({ value: r.code, label: r.title.en ?? r.code })));
  },

  'games.providersList': async (ctx) => {
    const title = await itemOpTitle(ctx.db);
    const t = gameOriginalProviders;
    return ok(await list({ ...ctx, scope: null }, {
      rows: (select) => select({ r: t }).from(t),
      filters: {
        opId: opFilter(t.opId),
        search: (v: string) => or(ilike(t.slug, `%${likeEscape(v)}%`), sql`${t.displayName}->>'en' ilike ${`%${likeEscape(v)}%`}`),
      },
      sort: { keys: { slug: t.slug }, default: 'slug', dir: 'asc', tiebreak: t.id },
      map: ({ r }) => providerView(r, title(r.opId)),
    }));
  },

  'games.providersSearch': async ({ db, body }) => {
    const t = gameOriginalProviders;
    const like = `%${likeEscape(body.q)}%`;
    const rows = await db.select({ slug: t.slug, name: t.displayName }).from(t)
      .where(or(ilike(t.slug, like), sql`${t.displayName}->>'en' ilike ${like}`, sql`exists (select 1 from unnest(${t.aliases}) a where a ilike ${like})`))
      .orderBy(asc(t.slug)).limit(SUGGEST_LIMIT);
    const seen = new Set<string>();
    return ok(rows.filter((r) => !seen.has(r.slug) && seen.add(r.slug)).map((r) => ({ value: r.slug, label: r.name.en ?? r.slug })));
  },

  'games.providerCreate': async ({ db, body: b, audit }) => {
    await assertItemOperator(db, b.opId);
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(gameOriginalProviders).values({ opId: b.opId, slug: b.slug, aliases: [...new Set(b.aliases)], displayName: b.displayName }).onConflictDoNothing().returning();
      if (!row) throw conflict(GAME_MESSAGES.PROVIDER_EXISTS, 'CONFLICT');
      await audit(tx, { targetType: 'game_original_provider', targetId: row.slug, opId: logOp(row.opId), after: providerKeep(row) });
      return ok(providerView(row, (await itemOpTitle(tx))(row.opId)), [GAME_MESSAGES.PROVIDER_CREATED]);
    });
  },

  'games.providerUpdate': async ({ db, body: b, audit }) => {
    if (!b.id) throw notFound(GAME_MESSAGES.PROVIDER_NOT_FOUND);
    const id = b.id;
    await assertItemOperator(db, b.opId);
    return db.transaction(async (tx) => {
      const [cur] = await tx.select().from(gameOriginalProviders).where(eq(gameOriginalProviders.id, id)).for('update').limit(1);
      if (!cur) throw notFound(GAME_MESSAGES.PROVIDER_NOT_FOUND);
      const [clash] = await tx.select({ id: gameOriginalProviders.id }).from(gameOriginalProviders)
        .where(and(eq(gameOriginalProviders.opId, b.opId), eq(gameOriginalProviders.slug, b.slug), ne(gameOriginalProviders.id, id))).limit(1);
      if (clash) throw conflict(GAME_MESSAGES.PROVIDER_EXISTS, 'CONFLICT');
      const [row] = await tx.update(gameOriginalProviders).set({ opId: b.opId, slug: b.slug, aliases: [...new Set(b.aliases)], displayName: b.displayName, updatedAt: new Date() })
        .where(eq(gameOriginalProviders.id, id)).returning();
      // Games name their provider by slug: a renamed slug follows (one statement).
      if (cur.slug !== row!.slug && cur.opId === ALL_OPERATORS) await tx.update(games).set({ provider: row!.slug }).where(eq(games.provider, cur.slug));
      await audit(tx, { targetType: 'game_original_provider', targetId: row!.slug, opId: logOp(row!.opId), before: providerKeep(cur), after: providerKeep(row!) });
      return ok(providerView(row!, (await itemOpTitle(tx))(row!.opId)), [GAME_MESSAGES.PROVIDER_UPDATED]);
    });
  },

  'games.providerDelete': async ({ db, query: q, audit }) => db.transaction(async (tx) => {
    const [gone] = await tx.delete(gameOriginalProviders).where(and(eq(gameOriginalProviders.id, q.id), eq(gameOriginalProviders.opId, q.opId))).returning();
    if (!gone) throw notFound(GAME_MESSAGES.PROVIDER_NOT_FOUND);
    await audit(tx, { targetType: 'game_original_provider', targetId: gone.slug, opId: logOp(gone.opId), before: providerKeep(gone) });
    return ok({}, [GAME_MESSAGES.PROVIDER_DELETED]);
  }),

  // -------------------------------------------------------------------------------------------
  // The catalogue

  'games.list': async (ctx) => ok(await list({ ...ctx, scope: null }, {
    rows: (select) => select({ g: games, providerName, operatorsCount }).from(games).leftJoin(gameOriginalProviders, providerJoin),
    filters: {
      search: match.contains(games.title, games.aggregatorGameId),
      aggregator: match.eq(games.aggregator),
      provider: match.eq(games.provider),
      status: match.eq(games.status),
      category: (v: string) => sql`${v} = any(${games.categories})`,
      offeredTo: (v: string) => sql`exists (select 1 from operator_games og where og.game_id = ${games.id} and og.op_id = ${v})`,
    },
    sort: { keys: { title: games.title, order: games.order, createdAt: games.createdAt }, default: 'title', dir: 'asc', tiebreak: games.id },
    map: (r) => gameViewOf(r.g, r),
  })),

  'games.get': async ({ db, params }) => {
    if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw notFound(GAME_MESSAGES.GAME_NOT_FOUND);
    return ok(await gameDetails(db, params.id));
  },

  'games.aggregators': async ({ db }) => {
    const rows = await rowsOf<{ aggregator: string; provider: string; name: string | null; n: number }>(db, sql`
      select g.aggregator, g.provider, p.display_name->>'en' as name, count(*)::int as n from games g
      left join game_original_providers p on p.slug = g.provider and p.op_id = '*'
      group by g.aggregator, g.provider, p.display_name order by g.aggregator, g.provider`);
    const by = new Map<string, { aggregator: string; games: number; providers: { slug: string; name: string; games: number }[] }>();
    for (const r of rows) {
      const a = by.get(r.aggregator) ?? { aggregator: r.aggregator, games: 0, providers: [] };
      a.games += r.n;
      a.providers.push({ slug: r.provider, name: r.name ?? r.provider, games: r.n });
      by.set(r.aggregator, a);
    }
    return ok([...by.values()]);
  },

  'games.update': async ({ db, body: b, audit }) => {
    await checkReferences(db, b);
    await db.transaction(async (tx) => {
      const [cur] = await tx.select().from(games).where(eq(games.id, b.id)).for('update').limit(1);
      if (!cur) throw notFound(GAME_MESSAGES.GAME_NOT_FOUND);
      const [row] = await tx.update(games).set({
        status: b.status, order: b.order, categories: [...new Set(b.categories)], subCategories: [...new Set(b.subCategories)], tags: [...new Set(b.tags)],
        jurisdictions: [...new Set(b.jurisdictions)], tag: b.tag, displayRtp: b.displayRTP, restrictedCountries: [...new Set(b.restrictedCountries)].sort(), updatedAt: new Date(),
      }).where(eq(games.id, b.id)).returning();
      await audit(tx, { targetType: 'game', targetId: cur.id, before: gameAudit(cur), after: gameAudit(row!) });
    });
    return ok(await gameDetails(db, b.id), [GAME_MESSAGES.GAME_UPDATED]);
  },

  'games.delete': async ({ db, query: q, audit }) => db.transaction(async (tx) => {
    const [g] = await tx.select().from(games).where(and(eq(games.aggregator, q.aggregator), eq(games.aggregatorGameId, q.aggregatorGameId))).for('update').limit(1);
    if (!g) throw notFound(GAME_MESSAGES.GAME_NOT_FOUND);
    const [entries] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from operator_games where game_id = ${g.id}`);
    await tx.delete(games).where(eq(games.id, g.id));
    await audit(tx, { targetType: 'game', targetId: g.id, before: { aggregator: g.aggregator, aggregatorGameId: g.aggregatorGameId, ...gameAudit(g), operatorEntries: entries?.n ?? 0 } });
    return ok({}, [GAME_MESSAGES.GAME_DELETED]);
  }),

  /**
   * Multipart (gameId, image): the bytes must be an image (PNG, JPEG, GIF or WebP by their
   * signature, whatever the name or declared type say), at most 2 MB; stored and made the game's image.
   */
  'games.imageUpload': async ({ db, req, user, audit }) => {
    if (!req.isMultipart()) throw badRequest(GAME_MESSAGES.IMAGE_REQUIRED);
    const fields: Record<string, string> = {};
    let file: { name: string; buf: Buffer; truncated: boolean } | null = null;
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const buf = await part.toBuffer().catch((e: { code?: string }) => {
          if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(GAME_MESSAGES.IMAGE_TOO_LARGE);
          throw e;
        });
        file = { name: part.filename, buf, truncated: part.file.truncated };
      } else fields[part.fieldname] = String(part.value);
    }
    const junk = junkGuard(fields, MAX_INPUT_STRING) ?? (file ? junkGuard(file.name, 255) : null);
    if (junk) throw new HttpError(400, [junk], 'VALIDATION_ERROR');
    if (!file || file.buf.length === 0) throw badRequest(GAME_MESSAGES.IMAGE_REQUIRED);
    if (file.truncated || file.buf.length > GAME_IMAGE_MAX_BYTES) throw badRequest(GAME_MESSAGES.IMAGE_TOO_LARGE);
    const kind = imageKind(file.buf);
    if (!kind) throw badRequest(GAME_MESSAGES.IMAGE_ONLY);
    const gameId = fields.gameId ?? '';
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(gameId)) throw notFound(GAME_MESSAGES.GAME_NOT_FOUND);
    const f = file;
    await db.transaction(async (tx) => {
      const [cur] = await tx.select().from(games).where(eq(games.id, gameId)).for('update').limit(1);
      if (!cur) throw notFound(GAME_MESSAGES.GAME_NOT_FOUND);
      const [img] = await tx.insert(gameImages).values({
        gameId, name: safeFileName(f.name, kind === 'jpeg' ? 'jpeg' : 'png').replace(/\.(png|jpg)$/, `.${kind === 'jpeg' ? 'jpg' : kind}`),
        mime: IMAGE_MIME[kind], size: f.buf.length, contentBase64: f.buf.toString('base64'), uploadedBy: user.email,
      }).returning({ id: gameImages.id });
      await tx.update(games).set({ imageId: img!.id, updatedAt: new Date() }).where(eq(games.id, gameId));
      await audit(tx, { targetType: 'game', targetId: gameId, before: { imageId: cur.imageId }, after: { imageId: img!.id, mime: IMAGE_MIME[kind], size: f.buf.length } });
    });
    return ok(await gameDetails(db, gameId), [GAME_MESSAGES.IMAGE_UPDATED]);
  },

  'games.imageDelete': async ({ db, query: q, audit }) => {
    await db.transaction(async (tx) => {
      const [cur] = await tx.select().from(games).where(eq(games.id, q.gameId)).for('update').limit(1);
      if (!cur) throw notFound(GAME_MESSAGES.GAME_NOT_FOUND);
      const [gone] = await tx.delete(gameImages).where(and(eq(gameImages.id, q.blobName), eq(gameImages.gameId, q.gameId))).returning({ id: gameImages.id, name: gameImages.name });
      if (!gone) throw notFound(GAME_MESSAGES.IMAGE_NOT_FOUND);
      // The game shows its latest remaining image, or none.
      const [next] = await tx.select({ id: gameImages.id }).from(gameImages).where(eq(gameImages.gameId, q.gameId)).orderBy(sql`${gameImages.createdAt} desc`).limit(1);
      const imageId = cur.imageId === gone.id ? next?.id ?? null : cur.imageId;
      await tx.update(games).set({ imageId, updatedAt: new Date() }).where(eq(games.id, q.gameId));
      await audit(tx, { targetType: 'game', targetId: q.gameId, before: { imageId: cur.imageId, deleted: gone.id, name: gone.name }, after: { imageId } });
    });
    return ok(await gameDetails(db, q.gameId), [GAME_MESSAGES.IMAGE_DELETED]);
  },

  /** A game image, served as the type its bytes are (checked again), never sniffed, inline under a safe name. */
  'games.image': async ({ db, reply, params }) => {
    const [img] = await db.select().from(gameImages).where(eq(gameImages.id, params.id)).limit(1);
    if (!img) throw notFound(GAME_MESSAGES.IMAGE_NOT_FOUND);
    const bytes = Buffer.from(img.contentBase64, 'base64');
    const kind = imageKind(bytes);
    if (!kind) throw notFound(GAME_MESSAGES.IMAGE_NOT_FOUND);
    reply.header('content-type', IMAGE_MIME[kind])
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${img.name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('cache-control', 'private, max-age=3600')
      .send(bytes);
  },

  /** Enable Operators: add the game for operators (DISABLED, order 1, 000 §4) or disable it for them. */
  'games.operators': async ({ db, body: b, audit }) => {
    const opIds = await operatorsNamed(db, b.opIds);
    await db.transaction(async (tx) => {
      const g = await gameRow(tx, b.gameId);
      const n = await setOperatorGames(tx, { gameIds: sql`g.id = ${g.id}`, opIds, status: b.action === 'enable' ? 'ADD' : 'DISABLED' });
      await audit(tx, { targetType: 'game', targetId: g.id, before: null, after: { action: b.action, opIds, changed: n } });
    });
    return ok(await gameDetails(db, b.gameId), [b.action === 'enable' ? GAME_MESSAGES.GAME_ADDED_FOR_OPERATOR : GAME_MESSAGES.GAME_DISABLED_FOR_OPERATOR]);
  },

  'games.cmsEnable': async ({ db, body: b, audit }) => {
    const opIds = await operatorsNamed(db, [b.opId]);
    return db.transaction(async (tx) => {
      const g = await gameRow(tx, b.gameId);
      const affected = await setOperatorGames(tx, { gameIds: sql`g.id = ${g.id}`, opIds, status: 'ACTIVE' });
      await audit(tx, { targetType: 'operator_game', targetId: g.id, opId: logOp(b.opId), after: { gameId: g.id, title: g.title, opId: b.opId, status: 'ACTIVE', affected } });
      return ok({ affected }, [GAME_MESSAGES.ACTION_COMPLETED]);
    });
  },

  'games.cmsDisable': async ({ db, body: b, audit }) => {
    const opIds = await operatorsNamed(db, [b.opId]);
    return db.transaction(async (tx) => {
      const g = await gameRow(tx, b.gameId);
      const affected = await setOperatorGames(tx, { gameIds: sql`g.id = ${g.id}`, opIds, status: 'DISABLED' });
      await audit(tx, { targetType: 'operator_game', targetId: g.id, opId: logOp(b.opId), after: { gameId: g.id, title: g.title, opId: b.opId, status: 'DISABLED', affected } });
      return ok({ affected }, [GAME_MESSAGES.ACTION_COMPLETED]);
    });
  },

  /** Every game of the aggregator (and provider, or ALL) ACTIVE for the operator(s): one statement, whatever the number of rows. */
  'games.cmsEnableAggregator': async ({ db, body: b, audit }) => {
    const opIds = await operatorsNamed(db, [b.opId]);
    return db.transaction(async (tx) => {
      const [some] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from games g where ${aggregatorGames(b.aggregator, b.providerId)}`);
      if (!some?.n) throw notFound(GAME_MESSAGES.BULK_NONE);
      const affected = await setOperatorGames(tx, { gameIds: aggregatorGames(b.aggregator, b.providerId), opIds, status: 'ACTIVE' });
      await audit(tx, { targetType: 'operator_game', targetId: b.aggregator, opId: logOp(b.opId), after: { aggregator: b.aggregator, providerId: b.providerId, opId: b.opId, status: 'ACTIVE', games: some.n, affected } });
      return ok({ affected }, [GAME_MESSAGES.ACTION_COMPLETED]);
    });
  },

  'games.cmsDisableAggregator': async ({ db, body: b, audit }) => {
    const opIds = await operatorsNamed(db, [b.opId]);
    return db.transaction(async (tx) => {
      const [some] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from games g where ${aggregatorGames(b.aggregator, b.providerId)}`);
      if (!some?.n) throw notFound(GAME_MESSAGES.BULK_NONE);
      const affected = await setOperatorGames(tx, { gameIds: aggregatorGames(b.aggregator, b.providerId), opIds, status: 'DISABLED' });
      await audit(tx, { targetType: 'operator_game', targetId: b.aggregator, opId: logOp(b.opId), after: { aggregator: b.aggregator, providerId: b.providerId, opId: b.opId, status: 'DISABLED', games: some.n, affected } });
      return ok({ affected }, [GAME_MESSAGES.ACTION_COMPLETED]);
    });
  },

  // -------------------------------------------------------------------------------------------
  // An operator's games

  'games.operatorList': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    return ok(await list(ctx, {
      rows: (select) => select({ og: operatorGames, g: games, providerName }).from(operatorGames)
        .innerJoin(games, eq(games.id, operatorGames.gameId)).leftJoin(gameOriginalProviders, providerJoin),
      scope: operatorGames.opId,
      filters: {
        search: match.contains(games.title),
        status: match.eq(operatorGames.status),
        aggregator: match.eq(games.aggregator),
        provider: match.eq(games.provider),
      },
      sort: { keys: { order: operatorGames.order, title: games.title }, default: 'order', dir: 'asc', tiebreak: operatorGames.id },
      map: (r) => operatorGameViewOf(r, titleOf),
    }));
  },

  'games.operatorGame': async ({ db, found }) => ok(await operatorGameView(db, found.id)),

  /** PUT /api/games/update: the operator's order and status of a game it offers ("Game updated for operator!"). */
  'games.operatorUpdate': async ({ db, body: b, found: op, audit }) => {
    const id = await db.transaction(async (tx) => {
      const [cur] = await tx.select().from(operatorGames).where(and(eq(operatorGames.opId, op.opId), eq(operatorGames.gameId, b.dto.gameId))).for('update').limit(1);
      if (!cur) throw notFound(GAME_MESSAGES.OPERATOR_GAME_NOT_FOUND);
      await tx.update(operatorGames).set({ order: b.dto.order, status: b.dto.status, updatedAt: new Date() }).where(eq(operatorGames.id, cur.id));
      await audit(tx, {
        targetType: 'operator_game', targetId: cur.id, opId: op.opId,
        before: { gameId: cur.gameId, gameTitle: b.gameTitle ?? null, order: cur.order, status: cur.status }, after: { gameId: cur.gameId, gameTitle: b.gameTitle ?? null, order: b.dto.order, status: b.dto.status },
      });
      return cur.id;
    });
    return ok(await operatorGameView(db, id), [GAME_MESSAGES.GAME_UPDATED_FOR_OPERATOR]);
  },

  // -------------------------------------------------------------------------------------------
  // The game activity log: the platform's activity records of catalogue changes.

  'games.activities': async (ctx) => {
    const titleOf = await operatorTitlesOrNone(ctx.db);
    const page = await list({ ...ctx, scope: null }, {
      rows: (select) => select({ a: activities }).from(activities),
      filters: { type: match.eq(activities.targetType), targetId: match.eq(activities.targetId) },
      where: () => inArray(activities.targetType, [...GAME_LOG_TYPES]),
      sort: { keys: { createdAt: activities.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: activities.id },
      map: ({ a }): GameActivityView => ({
        uuid: String(a.id), timestamp: a.createdAt.toISOString(), env: ENV, message: GAME_ACTIVITY_LABELS[a.action] ?? a.action,
        type: a.targetType, subtype: a.action, targetId: a.targetId, targetTitle: null, opId: a.opId, opTitle: titleOf(a.opId).opTitle,
        actorEmail: a.actorEmail, actorRole: a.actorRole,
        logData: { action: a.action, targetType: a.targetType, targetId: a.targetId, opId: a.opId, actor: a.actorEmail, ip: a.ip },
        logMeta: (({ before, after }) => ({ before: before ?? null, after: after ?? null }))(activitySnapshotsFor(ctx.user.role, a)),
      }),
    });
    // The page's games by title (a game's record, or an operator's entry of a game), in one query.
    const ids = [...new Set(page.items.filter((a) => (a.type === 'game' || a.type === 'operator_game') && a.targetId && isUuid(a.targetId)).map((a) => a.targetId!))];
    if (ids.length) {
      const titles = await rowsOf<{ id: string; title: string }>(ctx.db, sql`select g.id::text as id, g.title from ${games} g where g.id in ${ids}
        union all select og.id::text, g.title from ${operatorGames} og join ${games} g on g.id = og.game_id where og.id in ${ids}`);
      const byId = new Map(titles.map((x) => [x.id, x.title]));
      for (const a of page.items) a.targetTitle = (a.targetId && byId.get(a.targetId)) ?? null;
    }
    return ok(page);
  },
};
