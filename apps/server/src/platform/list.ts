/**
 * The list builder: every list endpoint is a configuration of `list()` — its rows (a select with
 * its joins), the tenant scope column, the filters of its list schema, the allowed sorts and the
 * answer's row mapping — never a query of its own.
 *
 * - Scope: `scope` is the column holding the operator of a row; `ctx.scope` (null: every
 *   operator) becomes a condition on it (`inScope`).
 * - Filters: list-schema field → condition, applied when the call sends a value (helpers below:
 *   `match.eq`, contains, prefix, from/to, since, bool, isTest, oneOf; any function returning SQL works).
 * - Sort: one of the declared keys (the call's `sortBy`, else the default), in the call's
 *   `sort` direction (else the declared one), ALWAYS completed with a unique tiebreak column,
 *   so rows with equal sort values keep one stable order across pages.
 * - Paging: `limit + 1` rows are read (the extra row only tells `remaining`; no COUNT, ever).
 *   With a `cursor` (a previous answer's `nextCursor`: `<sortValue>|<tiebreak>`) the page starts
 *   after that row by a row comparison `(sort…, id) < (v…, id)` (`>` ascending), without OFFSET;
 *   without one, `page` pages by OFFSET (deep links), as the console's first visit does.
 *
 * The cursor codec (`encodeCursor` / `decodeCursor`) and the page shaping (`pageOf`) are shared
 * with the hand-written player and transaction list queries.
 */
import { isDeepStrictEqual } from 'node:util';
import * as drizzle from 'drizzle-orm';
import { Column, SQL, Subquery, and, asc, desc, eq, getTableName, gte, ilike, inArray, is, lte, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgSelectBuilder, SelectedFields } from 'drizzle-orm/pg-core';
import { MSG, quickTimeRange, type ListAnswer, type QuickTimeFilter } from '@pitboss/contract';
import type { Db } from '../db/client.js';
import { HttpError } from '../lib/http.js';
import { inScope, keepsPlan, keyDbOf, statementName, textArray } from '../lib/query.js';

// ---------------------------------------------------------------------------------------------
// Cursor codec

/** How a cursor value is checked and compared: the kind of the column it comes from. */
export type CursorKind = 'timestamp' | 'uuid' | 'int' | 'text';

const cursorInvalid = () => new HttpError(400, [MSG.CURSOR_INVALID], 'VALIDATION_ERROR');

/** `%`, `|` and `,` are escaped inside a value (`|` ends the values, `,` separates them). */
const escapeValue = (v: string) => v.replace(/[%|,]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const unescapeValue = (v: string) => v.replace(/%(25|7C|2C)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT8_MAX = 9223372036854775807n;
/** ISO 8601 as JavaScript and `to_char` write it, or PostgreSQL's own timestamptz text (`2026-01-02 03:04:05.123456+00`). */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2}){0,2})?$/;

function validValue(kind: CursorKind, v: string): boolean {
  switch (kind) {
    case 'text': return true;
    case 'uuid': return UUID.test(v);
    case 'int': {
      if (!/^-?\d{1,19}$/.test(v)) return false;
      const n = BigInt(v);
      return n <= INT8_MAX && n >= -INT8_MAX - 1n;
    }
    case 'timestamp': {
      const m = TIMESTAMP.exec(v);
      if (!m) return false;
      const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
      const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
      return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth && h < 24 && mi < 60 && s < 60;
    }
  }
}

/** A row's position in a sort: its sort value(s) (as text) and its unique tiebreak value. */
export function encodeCursor(values: readonly string[], tiebreak: string): string {
  return `${values.map(escapeValue).join(',')}|${tiebreak}`;
}

/**
 * The sort values and tiebreak of a cursor, each checked against the kind of its column; a cursor
 * that does not fit (wrong count, bad escape, not a time / uuid / number) answers 400 with the
 * contract's message.
 */
export function decodeCursor(cursor: string, kinds: readonly CursorKind[], tiebreak: CursorKind): { values: string[]; tiebreak: string } {
  const bar = cursor.lastIndexOf('|');
  if (bar <= 0) throw cursorInvalid();
  const parts = cursor.slice(0, bar).split(',');
  const id = cursor.slice(bar + 1);
  if (parts.length !== kinds.length || !validValue(tiebreak, id)) throw cursorInvalid();
  const values = parts.map((p, i) => {
    const v = unescapeValue(p);
    if (escapeValue(v) !== p || !validValue(kinds[i]!, v)) throw cursorInvalid();
    return v;
  });
  return { values, tiebreak: id };
}

// ---------------------------------------------------------------------------------------------
// Page shaping

/**
 * One page from `limit + 1` rows: the extra row only tells that another page follows
 * (`remaining`), so no total is ever counted; `nextCursor` is the last row's position (null when
 * nothing remains, or when the sort cannot page by keyset). Items are the rows as read: map them.
 */
export function pageOf<R>(rows: readonly R[], q: { page: number; limit: number }, cursorOf: ((row: R) => string) | null): ListAnswer<R> {
  const items = rows.slice(0, q.limit);
  const remaining = rows.length > q.limit;
  const last = items[items.length - 1];
  return {
    items, count: items.length, remaining, page: q.page, limit: q.limit,
    nextCursor: remaining && cursorOf && last !== undefined ? cursorOf(last) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Filters

/** What a filter may need besides the call's parameters. */
export interface ListEnv { timeZone: string; now: Date }

/** A list parameter's value (sent, not blank) → a condition, or none. */
export type Filter<V, Q = unknown> = (value: V, q: Q, env: ListEnv) => SQL | undefined;

/** The text as a LIKE pattern's literal part (%, _ and \\ escaped). */
export const likeEscape = (s: string) => s.replace(/[%_\\]/g, '\\$&');

/** Filter helpers: each takes the column and answers the condition for a value. */
export const match = {
  /** Equal to the value. */
  eq: (col: PgColumn): Filter<string | number | boolean> => (v) => eq(col, v),
  /** Contains the text, case-insensitive (in any of the columns, when several are given). */
  contains: (col: PgColumn, ...more: PgColumn[]): Filter<string> => (v) => {
    const like = `%${likeEscape(v)}%`;
    return more.length ? or(ilike(col, like), ...more.map((c) => ilike(c, like))) : ilike(col, like);
  },
  /** Starts with the text, case-insensitive (an index on the column can serve it). */
  prefix: (col: PgColumn): Filter<string> => (v) => ilike(col, `${likeEscape(v)}%`),
  /** From this instant on (inclusive). */
  from: (col: PgColumn): Filter<string | Date> => (v) => gte(col, typeof v === 'string' ? new Date(v) : v),
  /** Up to this instant (inclusive). */
  to: (col: PgColumn): Filter<string | Date> => (v) => lte(col, typeof v === 'string' ? new Date(v) : v),
  /** A quick time filter (last hour, today… in the user's timezone): from its start on. */
  since: (col: PgColumn): Filter<QuickTimeFilter> => (v, _q, env) => gte(col, quickTimeRange(v, env.now, env.timeZone).from),
  /** A boolean, sent as one or as "true" / "false". */
  bool: (col: PgColumn): Filter<boolean | 'true' | 'false'> => (v) => eq(col, v === true || v === 'true'),
  /** The shared `isTest` parameter: "true", "false" or "all" (no condition). */
  isTest: (col: PgColumn): Filter<'true' | 'false' | 'all'> => (v) => (v === 'all' ? undefined : eq(col, v === 'true')),
  /** One of the values (an empty set matches nothing). */
  oneOf: (col: PgColumn): Filter<readonly (string | number)[]> => (v) => (v.length ? inArray(col, [...v]) : sql`false`),
};

// ---------------------------------------------------------------------------------------------
// The builder

/** The paging parameters every list schema has (and the sort ones some have). */
export interface ListQuery { page: number; limit: number; cursor?: string; sortBy?: string; sort?: 'asc' | 'desc' }

/** What `list()` reads from the handler's context (a handler passes its `ctx`). */
export interface ListCtx<Q> { db: Db; scope: string[] | null; body: Q; user: { timezone: string } }

export interface ListSort<K extends string = string> {
  /** The allowed sort keys: each one NOT NULL column, or several compared in order. */
  keys: Record<K, PgColumn | readonly PgColumn[]>;
  /** The key when the call sends no (known) `sortBy`. */
  default: NoInfer<K>;
  /** The direction when the call sends no `sort`. */
  dir: 'asc' | 'desc';
  /** A unique NOT NULL column (id, uuid) completing every sort: equal sort values keep one order. */
  tiebreak: PgColumn;
  /**
   * The keys with an index on (scope column, key…, tiebreak): within several operators such a
   * page is read from each operator's own index range and merged (see `list`), so an operator's
   * first page never walks the newer rows of busier operators.
   */
  perOperator?: readonly NoInfer<K>[];
}

/**
 * The fields the builder adds to the rows' selection: the row's sort values and tiebreak, each as
 * text (`__listKey0`, `__listKey1`…), read from the page's last row only (its cursor).
 */
const KEY_PREFIX = '__listKey';
type KeyName = `${typeof KEY_PREFIX}${number}`;
type KeyFields = { [K in KeyName]: SQL<string> };
/** `db.select(fields)` with the builder's key fields added: a list's `rows` selects through it. */
export type ListSelect = <F extends SelectedFields>(fields: F) => PgSelectBuilder<F & KeyFields>;
/** A row of the list's select, without the builder's key fields. */
type RowOf<S> = S extends { _: { result: (infer R)[] } } ? Omit<R, KeyName> : never;

export interface ListSpec<Q, S, T, K extends string = string> {
  /** The rows: `select(fields).from(table)` plus joins, without where, order or limit. */
  rows: (select: ListSelect) => S;
  /**
   * The rows a per-operator key scan reads (`sort.perOperator`; default: `rows`): the list's
   * table alone when no filter or condition reads a joined table, so the scan joins nothing.
   */
  keyRows?: (select: ListSelect) => unknown;
  /** The column holding the row's operator, matched against `ctx.scope`. Omitted: the list is not tenant-scoped here (a record endpoint's children). */
  scope?: PgColumn;
  /** Conditions by list-schema field, applied when the call sends a value. */
  filters?: { [F in keyof Q]?: Filter<NonNullable<Q[F]>, Q> };
  /** Conditions that do not come from one field (always applied). */
  where?: (q: Q, env: ListEnv) => SQL | undefined;
  sort: ListSort<K>;
  /** A row as the answer shows it. */
  map: (row: RowOf<S>) => T;
}

/**
 * Several operators' rows in one sort, read from each operator's own index range: `ofOperator`
 * reads one operator's first rows (the operator is `s.op`; ordered and limited by its index), the
 * candidates of all operators are ordered again (`order`, over `k`) and cut to the page. An
 * operator's first page then never walks the newer rows of busier operators. Answers `key` of
 * the page's rows (the list builder and the players list; the transactions list writes the same
 * statement by hand, modules/transactions/repo.ts).
 */
export const perOperatorKeys = (ops: readonly string[], key: SQL, ofOperator: SQLWrapper, order: SQL, limit: number | SQL, offset?: number): SQL =>
  sql`select ${key} from unnest(${textArray(ops)}::text[]) as s(op) cross join lateral (${ofOperator}) k
    order by ${order} limit ${limit}${offset === undefined ? sql`` : sql` offset ${offset}`}`;

interface SortColumn { col: PgColumn; kind: CursorKind; cast: SQL; text: SQL }

const sortColumns = new WeakMap<PgColumn, SortColumn>();

/** A column a list may sort by: NOT NULL, of a kind a cursor can carry (checked once, when first used). */
function sortColumn(col: PgColumn): SortColumn {
  const known = sortColumns.get(col);
  if (known) return known;
  const type = col.getSQLType();
  const kind: CursorKind | null = type === 'uuid' ? 'uuid'
    : /^(smallint|integer|bigint|smallserial|serial|bigserial)$/.test(type) ? 'int'
      : type === 'text' || /^(varchar|character varying)/.test(type) ? 'text'
        : /^timestamp\s*(\(\d\))?\s*with time zone$/.test(type) ? 'timestamp' : null;
  if (!kind) throw new Error(`list: cannot sort by ${col.name} (${type})`);
  if (!col.notNull) throw new Error(`list: cannot sort by ${col.name}: it may be empty (keyset paging needs NOT NULL)`);
  const cast = sql.raw({ timestamp: 'timestamptz', uuid: 'uuid', int: 'bigint', text: 'text' }[kind]);
  // Timestamps to the microsecond (a Date would drop them): rows of one millisecond still page apart.
  const text = kind === 'timestamp' ? sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql`${col}::text`;
  const c = { col, kind, cast, text };
  sortColumns.set(col, c);
  return c;
}

/**
 * One page of a list: `{ items, count, remaining, page, limit, nextCursor }`. The handler's
 * context gives the database, the scope, the parsed list parameters and the user's timezone.
 */
export async function list<Q extends ListQuery, S, T, K extends string>(ctx: ListCtx<Q>, spec: ListSpec<Q, S, T, K>): Promise<ListAnswer<T>> {
  const q = ctx.body;
  const env: ListEnv = { timeZone: ctx.user.timezone, now: new Date() };

  // The sort: the key's columns, then the tiebreak (once, when the key already ends with it).
  const { sort } = spec;
  const key: K = q.sortBy !== undefined && Object.hasOwn(sort.keys, q.sortBy) ? q.sortBy as K : sort.default;
  const keyCols = ([] as PgColumn[]).concat(sort.keys[key]).map(sortColumn);
  const tie = sortColumn(sort.tiebreak);
  const cols = keyCols[keyCols.length - 1]?.col === tie.col ? keyCols : [...keyCols, tie];
  const dir = q.sort ?? sort.dir;
  const order = dir === 'asc' ? asc : desc;

  const conditions: (SQL | undefined)[] = [];
  // Within several operators, by a key each operator's index orders: the page's rows are chosen
  // among each operator's own first rows (merged below), not by walking every operator's rows.
  const ops = ctx.scope === null ? null : [...new Set(ctx.scope)];
  // (A deep page by OFFSET walks as before: merged, each operator would read the whole offset.)
  const firstRows = !!q.cursor || q.page === 1;
  const merged = spec.scope && ops !== null && ops.length > 1 && firstRows && sort.perOperator?.includes(key) ? spec.scope : null;
  if (spec.scope && !merged) conditions.push(inScope(spec.scope, ctx.scope));
  for (const [field, filter] of Object.entries(spec.filters ?? {}) as [string, Filter<unknown, Q> | undefined][]) {
    const v = (q as Record<string, unknown>)[field];
    if (filter && v !== undefined && v !== null && v !== '') conditions.push(filter(v, q, env));
  }
  conditions.push(spec.where?.(q, env));
  // The first rows of several operators merged, unfiltered, from the first row or a cursor, in
  // one of the page sizes: one best plan for any scope and cursor (each operator's own index
  // range, which `perOperator` keys have), so the statement runs where plans are kept
  // (lib/query.ts `rawRowsPlanned`), its page size in the text. Every other page is planned for
  // its values: filtered and OFFSET pages, a single operator's (a plan made for no operator in
  // particular may prefer the key's own index to the operator's) and every operator's (the
  // builder does not know whether the key alone has an index: such a page may scan, and the
  // plan-keeping pool also carries the money movements).
  const planned = keepsPlan({ limit: q.limit, offset: q.cursor ? 0 : (q.page - 1) * q.limit, plain: merged !== null && conditions.every((c) => c === undefined) });
  const limit = planned ? sql.raw(String(q.limit + 1)) : q.limit + 1;
  if (q.cursor) {
    const c = decodeCursor(q.cursor, keyCols.map((k) => k.kind), tie.kind);
    const values = cols === keyCols ? c.values : [...c.values, c.tiebreak];
    // Within an operator (merged), the cursor is a range of the operator's own index, operator first.
    const lhs = sql.join([...(merged ? [merged] : []), ...cols.map((k) => k.col)], sql`, `);
    const rhs = sql.join([...(merged ? [sql`s.op`] : []), ...cols.map((k, i) => sql`${values[i]}::${k.cast}`)], sql`, `);
    conditions.push(dir === 'asc' ? sql`(${lhs}) > (${rhs})` : sql`(${lhs}) < (${rhs})`);
  }

  const db = planned ? keyDbOf(ctx.db) : ctx.db;
  const keyTexts = Object.fromEntries([...keyCols, tie].map((k, i) => [`${KEY_PREFIX}${i}`, sql<string>`${k.text}`]));
  const select: ListSelect = (fields) => db.select({ ...fields, ...keyTexts }) as never;
  let where = and(...conditions);
  let pageOffset = q.cursor ? 0 : (q.page - 1) * q.limit;
  if (merged && ops) {
    // Each operator's first limit + 1 keys (the same rows, joins and conditions, its own
    // operator), merged and cut to the page: the page's rows are then read by their tiebreak.
    // Ordered as the operator's index is (operator first: the same order within one), an order
    // no other index gives, so no plan walks every operator's rows by the key's own index.
    const keyFields = Object.fromEntries(cols.map((k, i) => [`k${i}`, sql`${k.col}`.as(`pitboss_k${i}`)]));
    const ofOperator = ((spec.keyRows ?? spec.rows)(((_fields: SelectedFields) => db.select(keyFields)) as never) as unknown as PgSelect)
      .where(and(sql`${merged} = s.op`, ...conditions))
      .orderBy(order(merged), ...cols.map((k) => order(k.col)))
      .limit(limit as never);
    const mergedOrder = sql.join(cols.map((_, i) => sql`${sql.raw(`k.pitboss_k${i}`)} ${sql.raw(dir === 'asc' ? 'asc' : 'desc')}`), sql`, `);
    where = sql`${tie.col} in (${perOperatorKeys(ops, sql.raw(`k.pitboss_k${cols.length - 1}`), ofOperator, mergedOrder, limit)})`;
    pageOffset = 0;
  }
  const built = (spec.rows(select) as unknown as PgSelect)
    .where(where)
    .orderBy(...cols.map((k) => order(k.col)))
    .limit(limit as never)
    .offset(pageOffset);
  const { rows, plan } = await runSelect(built);
  if (plan.keys.length !== keyCols.length + 1) throw new Error('list: the rows were not selected through the builder\'s select');

  const page = pageOf(rows, q, (r) => {
    const texts = plan.keys.map((i) => r[i] as string);
    return encodeCursor(texts.slice(0, -1), texts[texts.length - 1]!);
  });
  return { ...page, items: page.items.map((r) => spec.map(mapRow(plan, r) as RowOf<S>)) };
}

// ---------------------------------------------------------------------------------------------
// Running a list's select
//
// A list's select runs on the driver with drizzle's own statement and type parsers, but its rows
// stay arrays until the page is cut: only the page's rows are made objects (not the extra row),
// by a plan of the selection made once per call (drizzle's mapResultRow classifies every field
// of every row again: on a 50-row page of a three-table join that was most of the ORM's cost),
// and the sort keys are read from the last row alone. On PostgreSQL the statement is prepared by
// name (parsed once per connection, planned per call as the pool plans). Under the test runner
// every page is also mapped by drizzle itself and the two must be equal.

/** drizzle's selection order and row mapping (exported at run time, internal in its types). */
interface Selected { path: string[]; field: unknown }
const { orderSelectedFields, mapResultRow } = drizzle as unknown as {
  orderSelectedFields: (fields: Record<string, unknown>) => Selected[];
  mapResultRow: (columns: Selected[], row: unknown[], joinsNotNullableMap: Record<string, boolean> | undefined) => Record<string, unknown>;
};
interface Decoder { mapFromDriverValue(value: unknown): unknown }

/** How a row (an array, in selection order) becomes the object drizzle would answer. */
export interface RowPlan {
  /** The fields, without the builder's keys: where in the row, the path in the object, the decoder. */
  fields: { at: number; path: string[]; decoder: Decoder }[];
  /**
   * The joined tables' objects drizzle answers as null when the table had no row (a left join):
   * the object, and the field whose null says so (its first; see `mapResultRow`).
   */
  nullWhen: { object: string; at: number }[];
  /** Where the builder's sort keys are in the row, in order. */
  keys: number[];
  /** The selection and joins, for the test runner's comparison with drizzle's own mapping. */
  selected: Selected[];
  joins: Record<string, boolean> | undefined;
}

type Decoded = { decoder: Decoder };
const decoderOf = (field: unknown): Decoder =>
  is(field, Column) ? field
    : ((is(field, SQL) ? field : is(field, Subquery) ? field._.sql : (field as SQL.Aliased).sql) as unknown as Decoded).decoder;

/**
 * The plan of a selection: drizzle's `mapResultRow` made static. Its nulling rule: a two-level
 * path's object is answered as null when its first column is null, every column of it comes from
 * that column's table, and that table may have no row (`joinsNotNullableMap`).
 */
function rowPlan(selected: Selected[], joins: Record<string, boolean> | undefined): RowPlan {
  const fields: RowPlan['fields'] = [];
  const keys: { i: number; at: number }[] = [];
  const objects = new Map<string, { at: number; table: string; mixed: boolean }>();
  selected.forEach(({ path, field }, at) => {
    const k = path.length === 1 && path[0]!.startsWith(KEY_PREFIX) ? Number(path[0]!.slice(KEY_PREFIX.length)) : NaN;
    if (Number.isInteger(k)) { keys.push({ i: k, at }); return; }
    fields.push({ at, path, decoder: decoderOf(field) });
    if (joins && is(field, Column) && path.length === 2) {
      const table = getTableName(field.table);
      const o = objects.get(path[0]!);
      if (!o) objects.set(path[0]!, { at, table, mixed: false });
      else if (o.table !== table) o.mixed = true;
    }
  });
  const nullWhen = [...objects].filter(([, o]) => !o.mixed && !joins![o.table]).map(([object, o]) => ({ object, at: o.at }));
  return { fields, nullWhen, keys: keys.sort((x, y) => x.i - y.i).map((x) => x.at), selected, joins };
}

/** A row as drizzle answers it, by its plan. */
export function mapRow(plan: RowPlan, row: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { at, path, decoder } of plan.fields) {
    const raw = row[at];
    const value = raw === null ? null : decoder.mapFromDriverValue(raw);
    let node = out;
    const last = path.length - 1;
    for (let i = 0; i < last; i++) node = (node[path[i]!] ??= {}) as Record<string, unknown>;
    node[path[last]!] = value;
  }
  for (const { object, at } of plan.nullWhen) if (row[at] === null) out[object] = null;
  return out;
}

type Built = {
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: Selected[], name: string | undefined, arrayMode: boolean, mapper: (rows: unknown[][]) => unknown): { execute(): Promise<unknown> } };
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap: Record<string, boolean> | undefined;
};

/** A select's plan: its fields in the order drizzle selects them, and which joined tables may have no row. */
export const planOfSelect = (built: PgSelect): RowPlan => {
  const b = built as unknown as Built;
  return rowPlan(orderSelectedFields(b.config.fields), b.joinsNotNullableMap);
};

/** A row as drizzle's own mapping answers it, without the builder's keys (the test runner's check). */
export function drizzleRow(plan: RowPlan, row: readonly unknown[]): Record<string, unknown> {
  const theirs = mapResultRow(plan.selected, [...row], plan.joins);
  for (const k of Object.keys(theirs)) if (k.startsWith(KEY_PREFIX)) delete theirs[k];
  return theirs;
}

/** Runs a list's select: its rows as arrays, and the plan that makes one an object. */
async function runSelect(built: PgSelect): Promise<{ rows: unknown[][]; plan: RowPlan }> {
  const b = built as unknown as Built;
  const plan = planOfSelect(built);
  const query = b.dialect.sqlToQuery(built.getSQL());
  const rows = (await b.session.prepareQuery(query, plan.selected, statementName(query.sql), true, (r) => r).execute()) as unknown[][];
  if (process.env.VITEST) {
    for (const row of rows) {
      const [ours, theirs] = [mapRow(plan, row), drizzleRow(plan, row)];
      if (!isDeepStrictEqual(ours, theirs)) throw new Error(`list: a row mapped apart from drizzle's mapping: ${JSON.stringify(ours)} vs ${JSON.stringify(theirs)}`);
    }
  }
  return { rows, plan };
}
