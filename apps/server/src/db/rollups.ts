import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from '../lib/query.js';

/** Changes moved per fold statement (one transaction each): a few hundred milliseconds at most. */
export const FOLD_BATCH = 20_000;

/**
 * Move the transaction roll-ups' pending changes (`tx_rollup_deltas`) into `tx_totals`,
 * `report_tx_daily` and `report_player_daily`, batch by batch, until none is left or another
 * process is folding (it takes the rest). Totals are exact either way: they read the `*_now`
 * views, a roll-up plus its pending changes; folding keeps the pending part small. Runs as the
 * recurring job `reports.fold-rollups`, after seeding and before maintenance. Returns the changes
 * moved.
 */
export async function foldTxRollups(db: Db, batch = FOLD_BATCH): Promise<number> {
  let moved = 0;
  for (;;) {
    const [r] = await rowsOf<{ n: number }>(db, sql`select fold_tx_rollups(${batch}::int) as n`);
    const n = Number(r!.n);
    if (n <= 0) return moved;
    moved += n;
    if (n < batch) return moved;
  }
}
