import { createHash } from 'node:crypto';
import { inArray, sql, type SQL, type Column } from 'drizzle-orm';
import { PAGE_SIZES } from '@pitboss/contract';
import type { Db } from '../db/client.js';

/** A `col IN (...)` condition for a scope; null scope = every operator (no condition). */
export function inScope(col: Column, scope: string[] | null): SQL | undefined {
  if (scope === null) return undefined;
  if (scope.length === 0) return sql`false`;
  return inArray(col, scope);
}

/** Badge counts stop at this cap (the contract's: the console shows "999+"): a bounded count, never a full scan of a huge table. */
export { BADGE_COUNT_CAP } from '@pitboss/contract';

/** Rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: { execute: (q: SQL) => Promise<unknown> }, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as { rows: T[] }).rows;
}

type RawClient = { query(q: string | { name: string; text: string; values: unknown[] }, values?: unknown[]): Promise<{ rows: unknown[] }> };
const statementNames = new Map<string, string>();

/**
 * Runs hand-written SQL on the driver itself (no ORM building or mapping). On PostgreSQL it is
 * a named prepared statement, parsed once per connection (planned per call: the pool runs
 * with plan_cache_mode=force_custom_plan, so each scope gets its own plan).
 */
export async function rawRows<T>(db: Db, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: RawClient & { totalCount?: number } }).$client;
  if (typeof client.totalCount === 'number') return (await client.query({ name: statementName(text), text, values })).rows as T[];
  return (await client.query(text, values)).rows as T[];
}

/** The pool whose connections keep generic plans (`rawRowsByKey`), per database (PostgreSQL only), and the ORM over it. */
const genericPools = new WeakMap<Db, RawClient>();
const keyDbs = new WeakMap<Db, Db>();
/** Registers the generic-plan pool of a database and the ORM over it (db/client.ts). */
export const setGenericPool = (db: Db, pool: RawClient, keyDb: Db): void => { genericPools.set(db, pool); keyDbs.set(db, keyDb); };
/**
 * The database to prepare a lookup by primary or unique key on (outside any transaction): on
 * PostgreSQL the generic-plan pool (see `rawRowsByKey`), elsewhere `db` itself.
 */
export const keyDbOf = (db: Db): Db => keyDbs.get(db) ?? db;

/**
 * `rawRows` for a statement outside any transaction whose plan cannot depend on its values: every
 * table it reads or changes is reached by primary key or unique key (a one-statement money
 * movement). On PostgreSQL it runs on a pool that keeps the statement's generic plan (the main
 * pool plans every call for its scope: for a statement of ten CTEs that planning cost more than
 * its execution, 1.2 ms of a 2.9 ms APPROVE). Elsewhere (PGlite, a transaction): `rawRows`.
 */
export async function rawRowsByKey<T>(db: Db, text: string, values: unknown[]): Promise<T[]> {
  const pool = genericPools.get(db);
  if (!pool) return rawRows<T>(db, text, values);
  return (await pool.query({ name: statementName(text), text, values })).rows as T[];
}

/**
 * `rawRows` for a list page whose best plan does not depend on its values: the newest rows of a
 * scope by its index, no filter whose selectivity could change the plan, the page size written
 * into the text (one of `PAGE_SIZES`; a generic plan of `limit $n` guesses a tenth of the table
 * and sorts it: 445 ms where the custom plan takes 1). On PostgreSQL it runs on the pool that keeps
 * plans (planned once per connection: planning this page cost as much as running it, about
 * 0.6 ms of database CPU per call); elsewhere `rawRows`. Callers keep filtered and OFFSET pages
 * on `rawRows`, planned for their values.
 */
export async function rawRowsPlanned<T>(db: Db, text: string, values: unknown[]): Promise<T[]> {
  return rawRowsByKey<T>(db, text, values);
}

/**
 * Whether a list page keeps its plan (`rawRowsPlanned`): unfiltered (`plain`, the list's own
 * judgment: only the scope, deleted rows and a cursor), from the first row or a cursor (no
 * OFFSET), and one of the page sizes (written into the text, at most four statements a shape).
 */
export const keepsPlan = (page: { limit: number; offset: number; plain: boolean }): boolean =>
  page.plain && page.offset === 0 && (PAGE_SIZES as readonly number[]).includes(page.limit);

/** The name of a statement prepared by its text (parsed once per connection). */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `pitboss_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (statementNames.size < 1000) statementNames.set(text, name);
  }
  return name;
}

/** A timestamp column as text the way JavaScript's toISOString() writes it (milliseconds, UTC), whatever the driver. */
export const isoText = (col: string): string => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Positional parameters of a hand-written statement: `$(value, '::uuid')` adds one and answers its placeholder. */
export function params(): { values: unknown[]; $: (value: unknown, cast?: string) => string } {
  const values: unknown[] = [];
  return { values, $: (value, cast = '') => { values.push(value); return `$${values.length}${cast}`; } };
}

/**
 * A list as ONE parameter of a raw `sql` query (`= any(${textArray(ids)}::uuid[])`): drizzle's
 * template spreads a JavaScript array into a list of parameters, so it is sent as a PostgreSQL
 * array literal (each element quoted) and cast by the query.
 */
export const textArray = (xs: readonly string[]): string => `{${xs.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
