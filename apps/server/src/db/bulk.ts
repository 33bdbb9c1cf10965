import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { rowsOf } from '../lib/query.js';

const defaultsCache = new WeakMap<Db, Map<string, Map<string, string>>>();

/** Each column's default expression, as the database has it (`now()`, `gen_random_uuid()`, `nextval(...)`, `'MAIN'::text`). */
async function columnDefaults(db: Db, table: string): Promise<Map<string, string>> {
  let perDb = defaultsCache.get(db);
  if (!perDb) { perDb = new Map(); defaultsCache.set(db, perDb); }
  let d = perDb.get(table);
  if (!d) {
    const rows = await rowsOf<{ name: string; expr: string }>(db, sql`select a.attname as name, pg_get_expr(d.adbin, d.adrelid) as expr
      from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum where d.adrelid = ${table}::regclass`);
    d = new Map(rows.map((r) => [r.name, r.expr]));
    perDb.set(table, d);
  }
  return d;
}

/**
 * Inserts many rows with one bound parameter per chunk: the rows travel as one JSON document
 * that `json_populate_recordset` turns back into table rows, in order. A key a row does not
 * have takes the column's default, as an ORM insert would (no column of these tables is
 * nullable with a default, so a missing key and a null differ nowhere). Far cheaper than
 * building and binding one parameter per value. Values are what JSON.stringify writes:
 * Dates as ISO text, decimal strings, objects for json/jsonb columns.
 */
export async function bulkInsert<T extends PgTable>(db: Db, table: T, rows: readonly T['$inferInsert'][], chunkSize = 5_000): Promise<void> {
  if (rows.length === 0) return;
  const name = getTableName(table);
  const columns = Object.entries(getTableColumns(table)) as [string, { name: string }][];
  const defaults = await columnDefaults(db, `"${name}"`);
  const list = columns.map(([, c]) => `"${c.name}"`).join(', ');
  const select = columns.map(([, c]) => {
    const d = defaults.get(c.name);
    return d ? `coalesce(x."${c.name}", ${d})` : `x."${c.name}"`;
  }).join(', ');
  const text = `insert into "${name}" (${list}) select ${select} from json_populate_recordset(null::"${name}", `;
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize).map((r) => {
      const o: Record<string, unknown> = {};
      for (const [key, c] of columns) {
        const v = (r as Record<string, unknown>)[key];
        if (v !== undefined) o[c.name] = v;
      }
      return o;
    });
    await db.execute(sql`${sql.raw(text)}${JSON.stringify(chunk)}::json) x`);
  }
}
