/**
 * Reads of the report roll-ups (report_tx_daily, report_bet_daily, report_player_daily; migration
 * `reports`). The transaction figures are read through the views `report_tx_daily_now` and
 * `report_player_daily_now`: the roll-up plus the changes not folded yet (`tx_rollup_deltas`).
 * Every query is bounded by the caller's operators and a span of UTC days, and groups a few rows
 * per operator and day: no request reads the movements themselves.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/query.js';

export interface Window {
  scope: string[] | null;
  from: string;
  to: string;
  includeTest: boolean;
}

const opIn = (scope: string[] | null): SQL =>
  scope === null ? sql`true` : scope.length === 0 ? sql`false` : sql`op_id in (${sql.join(scope.map((s) => sql`${s}`), sql`, `)})`;

const where = (w: Window): SQL => sql`${opIn(w.scope)} and day between ${w.from} and ${w.to} ${w.includeTest ? sql`` : sql`and not is_test`}`;

export interface TxGroup { g: string; g2: string; type: string; sub: string; status: string; n: number; usd: string; ftd: number; ftdUsd: string }

/** Transactions grouped by `g` (and `g2`) with type, sub-type and status; CONFIRMED only unless `allStatuses`. */
export async function txGroups(db: Db, w: Window, g: SQL, g2: SQL = sql`''`, opts: { allStatuses?: boolean; type?: string; status?: string } = {}): Promise<TxGroup[]> {
  const rows = await rowsOf<TxGroup>(db, sql`
    select ${g}::text as g, ${g2}::text as g2, transaction_type as type, transaction_sub_type as sub, status,
           sum(count)::bigint::int as n, sum(amount_in_usd)::text as usd, sum(ftd_count)::bigint::int as ftd, sum(ftd_amount_in_usd)::text as "ftdUsd"
    from report_tx_daily_now
    where ${where(w)}
      ${opts.allStatuses ? sql`` : sql`and status = 'CONFIRMED'`}
      ${opts.type ? sql`and transaction_type = ${opts.type}` : sql``}
      ${opts.status ? sql`and status = ${opts.status}` : sql``}
    group by 1, 2, 3, 4, 5`);
  return rows.map((r) => ({ ...r, n: Number(r.n), ftd: Number(r.ftd) }));
}

export interface BetGroup { g: string; g2: string; betType: string; n: number; stake: string; win: string; stakeUsd: string; winUsd: string; games: number }

/** Bets grouped by `g` (and `g2`) and bet type: count, stakes and wins (own currency and USD), distinct games. */
export async function betGroups(db: Db, w: Window, g: SQL, g2: SQL = sql`''`, betType?: string): Promise<BetGroup[]> {
  const rows = await rowsOf<BetGroup>(db, sql`
    select ${g}::text as g, ${g2}::text as g2, bet_type as "betType", sum(count)::bigint::int as n, sum(stake)::text as stake, sum(win)::text as win,
           sum(stake_in_usd)::text as "stakeUsd", sum(win_in_usd)::text as "winUsd", count(distinct game_title)::int as games
    from report_bet_daily
    where ${where(w)} ${betType ? sql`and bet_type = ${betType}` : sql``}
    group by 1, 2, 3`);
  return rows.map((r) => ({ ...r, n: Number(r.n), games: Number(r.games) }));
}

export interface PlayerGroup {
  g: string; g2: string; registrations: number; ftd: number; ftdUsd: string; depositCount: number; depositUsd: string;
  withdrawCount: number; withdrawUsd: string; bets: number; stakeUsd: string; winUsd: string;
}

/** Player figures grouped by `g` (and `g2`), optionally only rows matching `filter` (an acquisition condition). */
export async function playerGroups(db: Db, w: Window, g: SQL, g2: SQL = sql`''`, filter: SQL = sql`true`): Promise<PlayerGroup[]> {
  const rows = await rowsOf<PlayerGroup>(db, sql`
    select ${g}::text as g, ${g2}::text as g2, sum(registrations)::bigint::int as registrations, sum(ftd_count)::bigint::int as ftd,
           sum(ftd_in_usd)::text as "ftdUsd", sum(deposit_count)::bigint::int as "depositCount", sum(deposit_in_usd)::text as "depositUsd",
           sum(withdraw_count)::bigint::int as "withdrawCount", sum(withdraw_in_usd)::text as "withdrawUsd", sum(bet_count)::bigint::int as bets,
           sum(stake_in_usd)::text as "stakeUsd", sum(win_in_usd)::text as "winUsd"
    from report_player_daily_now
    where ${where(w)} and ${filter}
    group by 1, 2`);
  return rows.map((r) => ({
    ...r, registrations: Number(r.registrations), ftd: Number(r.ftd), depositCount: Number(r.depositCount), withdrawCount: Number(r.withdrawCount), bets: Number(r.bets),
  }));
}
