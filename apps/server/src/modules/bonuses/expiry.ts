/**
 * Deposit bonuses expire (designed; README "Deposit bonus definitions"): an ACTIVE player deposit
 * bonus whose definition's period has ended (end time passed) becomes EXPIRED. The job
 * `bonuses.expire-due` runs this every BONUSES_EXPIRE_SECONDS. It is one conditional update from
 * ACTIVE, so a second sweep, or two at once, change nothing more; a bonus COMPLETED before the end
 * stays COMPLETED. Wagering already counts only on ACTIVE bonuses whose definition has not ended
 * (wagering.ts), so a bet placed between the end and the next sweep counts for nothing either.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/query.js';

/** Expire every ACTIVE deposit bonus whose definition ended at or before `now`; answers their ids. */
export async function expireDepositBonuses(db: Db, now: Date = new Date()): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(db, sql`update player_deposit_bonuses pdb set status = 'EXPIRED'
    from bonus_definitions d
    where pdb.bonus_id = d.id and pdb.status = 'ACTIVE' and d.ends_at <= ${now}
    returning pdb.id`);
  return rows.map((r) => r.id);
}
