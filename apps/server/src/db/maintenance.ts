import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from '../lib/query.js';

/**
 * ANALYZE the tables whose statistics are stale, as autovacuum would: never analyzed, or
 * changed by more than 10 % (+50 rows) since. The embedded PGlite runs no autovacuum, so
 * without this its planner never learns the tables' sizes (the transactions list then
 * sorts every row in scope instead of walking its index). Cheap when nothing changed.
 * Returns the tables analyzed. Runs after migrations, after seeding, and as the recurring job `db.analyze` (jobs/workers.ts).
 */
export async function analyzeTables(db: Db): Promise<string[]> {
  const stale = await rowsOf<{ name: string }>(db, sql`select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables
    where last_analyze is null and last_autoanalyze is null or n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)`);
  for (const t of stale) await db.execute(sql.raw(`analyze ${t.name}`));
  return stale.map((t) => t.name);
}
