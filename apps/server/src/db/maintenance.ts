import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from '../lib/query.js';

/** Past this share of a table's rows (+50 rows) changed since its last ANALYZE, or dead since its last VACUUM, it is done again. */
const STALE_SHARE = 0.1;

/**
 * VACUUM and ANALYZE the tables that need it, as autovacuum would: ANALYZE a table never
 * analyzed or changed by more than 10 % (+50 rows) since; VACUUM (with ANALYZE) one whose dead
 * row versions exceed 10 % (+50) of its rows. The embedded PGlite runs no autovacuum: without
 * this its planner never learns the tables' sizes (the transactions list then sorts every row in
 * scope instead of walking its index), and the versions an update leaves behind are never
 * removed (the newest rows, those the lists open on, are the ones staff decide: a list's first
 * page then walks their dead versions). On a PostgreSQL server it also runs, at half
 * autovacuum's default share of dead rows, for the same hot tables. Cheap when nothing changed.
 * Returns the tables done. Runs after migrations, after seeding, and as the recurring job
 * `db.analyze` (jobs/workers.ts).
 */
export async function maintainTables(db: Db): Promise<{ analyzed: string[]; vacuumed: string[] }> {
  const stale = sql.raw(`50 + ${STALE_SHARE} * greatest(n_live_tup, 0)`);
  const due = await rowsOf<{ name: string; vacuum: boolean }>(db, sql`select format('%I.%I', schemaname, relname) as name,
      n_dead_tup > ${stale} as vacuum
    from pg_stat_user_tables
    where n_dead_tup > ${stale} or (last_analyze is null and last_autoanalyze is null) or n_mod_since_analyze > ${stale}
    order by 1`);
  const analyzed: string[] = [];
  const vacuumed: string[] = [];
  for (const t of due) {
    // VACUUM runs outside a transaction (each statement here is its own).
    await db.execute(sql.raw(`${t.vacuum ? 'vacuum (analyze)' : 'analyze'} ${t.name}`));
    (t.vacuum ? vacuumed : analyzed).push(t.name);
  }
  return { analyzed, vacuumed };
}
