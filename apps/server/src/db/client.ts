import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { MIGRATIONS_DIR } from '../lib/paths.js';
import { attachPgBus, detachBus } from '../lib/cache-bus.js';
import { setGenericPool } from '../lib/query.js';
import { syncPermissionCatalogue } from '../modules/staff/catalogue.js';
import { LeanClient } from './pg-rows.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The PGlite instance when embedded (tests snapshot it). */
  pglite?: PGlite;
  /** The server's URL when on PostgreSQL (the job queue opens its own pool there). */
  url?: string;
}


export async function openPglite(dataDir: string | PGlite): Promise<Database> {
  const client = typeof dataDir === 'string' ? await PGlite.create(dataDir) : dataDir;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

export async function openPostgres(url: string): Promise<Database> {
  // Named prepared statements (the hot list queries) are parsed once per connection but planned
  // per call: a plan for one operator's scope must not serve another's.
  // Their clients read rows through one object literal per row shape (db/pg-rows.ts).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c plan_cache_mode=force_custom_plan', Client: LeanClient });
  // An idle client dropped by the server (restart, DROP DATABASE) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // One-statement money movements, the scoped record lookups and the lists' unfiltered pages have
  // one best plan for any values: their connections use generic plans (lib/query.ts rawRowsByKey,
  // keyDbOf, rawRowsPlanned), planned once per connection instead of at every call. Forced: left
  // to itself (`auto`) PostgreSQL kept planning a list page for its values, its estimate of the
  // generic plan being higher although that plan ran faster (1.57 against 2.04 ms a call).
  const generic = new pg.Pool({ connectionString: url, max: 6, options: '-c plan_cache_mode=force_generic_plan', Client: LeanClient });
  generic.on('error', () => {});
  setGenericPool(db, generic, drizzlePg(generic, { schema }) as unknown as Db);
  // Cache invalidations from the other API processes (lib/cache-bus.ts): a dedicated LISTEN connection.
  await attachPgBus(db, url);
  return { db, kind: 'postgres', url, close: async () => { await detachBus(db); await pool.end(); await generic.end(); } };
}

export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  else await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  // Reference data that follows the code: the built-in keys of the permission catalogue.
  await syncPermissionCatalogue(database.db);
}
