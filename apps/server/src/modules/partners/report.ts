/**
 * The partner dashboard's figures: a partner's players are those who came through its link
 * (`players.aff_id` = the partner's opId, read through the index `players_aff_created_idx`), so
 * every query below starts from them and is bounded by them — never a count of a whole table.
 * Buckets are the period's hours, days or months in the user's timezone (contract
 * partner-report.ts); the current and the previous period are read together. Activity and
 * profit are the ledger's play entries (BET, WIN): the house's profit from the players is minus their sum.
 */
import { sql } from 'drizzle-orm';
import { BUCKET_SQL_FORMAT, addDec, fromUnits, reportWindow, toUnits, type PartnerDashboard, type PartnerFigures, type ReportPeriod } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/query.js';

type Bucket = { k: string; registered: number; deposits: number; amount: string; ftd: number; ftdAmount: string; active: number; profit: string };

export async function partnerDashboard(db: Db, op: { opId: string; title: string }, period: ReportPeriod, timeZone: string, now = new Date()): Promise<PartnerDashboard> {
  const w = reportWindow(period, now, timeZone);
  const unit = w.unit;
  const fmt = BUCKET_SQL_FORMAT[unit];
  const from = w.previous.from.toISOString();
  const to = w.current.to.toISOString();
  const cur = w.current.from.toISOString();
  const bucket = (col: string) => sql.raw(`to_char(date_trunc('${unit}', ${col} at time zone `);
  const close = sql`${timeZone}), ${fmt})`;

  const [registered, deposits, play, active] = await Promise.all([
    rowsOf<{ k: string; n: number }>(db, sql`select ${bucket('p.created_at')}${close} as k, count(*)::int as n
      from players p where p.aff_id = ${op.opId} and p.created_at >= ${from}::timestamptz and p.created_at < ${to}::timestamptz group by 1`),
    rowsOf<{ k: string; deposits: number; amount: string; ftd: number; ftd_amount: string }>(db, sql`select ${bucket('t.created_at')}${close} as k,
        count(*)::int as deposits, coalesce(sum(t.to_amount_in_usd), 0)::text as amount,
        (count(*) filter (where t.is_ftd))::int as ftd, coalesce(sum(t.to_amount_in_usd) filter (where t.is_ftd), 0)::text as ftd_amount
      from players p join transactions t on t.player_id = p.id
      where p.aff_id = ${op.opId} and t.transaction_type = 'DEPOSIT' and t.status = 'CONFIRMED' and not t.is_deleted
        and t.created_at >= ${from}::timestamptz and t.created_at < ${to}::timestamptz group by 1`),
    rowsOf<{ k: string; active: number; profit: string }>(db, sql`select ${bucket('l.created_at')}${close} as k,
        count(distinct l.player_id)::int as active, round(coalesce(-sum(l.amount * l.rate_to_usd), 0), 8)::text as profit
      from players p join wallets w on w.player_id = p.id join ledger_entries l on l.wallet_id = w.id
      where p.aff_id = ${op.opId} and l.reason in ('BET', 'WIN') and l.created_at >= ${from}::timestamptz and l.created_at < ${to}::timestamptz
      group by 1`),
    // Active players of each whole period (a player active on several days counts once).
    rowsOf<{ cur: boolean; n: number }>(db, sql`select l.created_at >= ${cur}::timestamptz as cur, count(distinct l.player_id)::int as n
      from players p join wallets w on w.player_id = p.id join ledger_entries l on l.wallet_id = w.id
      where p.aff_id = ${op.opId} and l.reason in ('BET', 'WIN') and l.created_at >= ${from}::timestamptz and l.created_at < ${to}::timestamptz
      group by 1`),
  ]);

  const byKey = new Map<string, Bucket>();
  const at = (k: string) => {
    let b = byKey.get(k);
    if (!b) { b = { k, registered: 0, deposits: 0, amount: '0', ftd: 0, ftdAmount: '0', active: 0, profit: '0' }; byKey.set(k, b); }
    return b;
  };
  for (const r of registered) at(r.k).registered = r.n;
  for (const r of deposits) Object.assign(at(r.k), { deposits: r.deposits, amount: dec(r.amount), ftd: r.ftd, ftdAmount: dec(r.ftd_amount) });
  for (const r of play) Object.assign(at(r.k), { active: r.active, profit: dec(r.profit) });

  const span = (keys: string[]) => keys.map((k) => byKey.get(k) ?? at(k));
  const current = span(w.current.keys);
  const previous = span(w.previous.keys);
  const figures = (bs: Bucket[], activePlayers: number): PartnerFigures => ({
    registered: bs.reduce((s, b) => s + b.registered, 0),
    ftd: bs.reduce((s, b) => s + b.ftd, 0),
    ftdAmountInUSD: bs.reduce((s, b) => addDec(s, b.ftdAmount), '0'),
    deposits: bs.reduce((s, b) => s + b.deposits, 0),
    depositAmountInUSD: bs.reduce((s, b) => addDec(s, b.amount), '0'),
    activePlayers,
    profitInUSD: bs.reduce((s, b) => addDec(s, b.profit), '0'),
  });
  const pair = <T>(f: (b: Bucket) => T) => ({ current: current.map(f), previous: previous.map(f) });
  return {
    opId: op.opId, title: op.title, period,
    labels: w.current.labels, previousLabels: w.previous.labels,
    from: w.current.from.toISOString(), to: w.current.to.toISOString(),
    current: figures(current, active.find((a) => a.cur)?.n ?? 0),
    previous: figures(previous, active.find((a) => !a.cur)?.n ?? 0),
    series: {
      registered: pair((b) => b.registered),
      ftd: pair((b) => b.ftd),
      depositAmountInUSD: pair((b) => b.amount),
      activePlayers: pair((b) => b.active),
      profitInUSD: pair((b) => b.profit),
    },
  };
}

/** A database sum as an 8-decimal string. */
const dec = (s: string) => fromUnits(toUnits(s));
