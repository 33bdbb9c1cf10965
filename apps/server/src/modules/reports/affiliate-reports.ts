import { sql, type SQL } from 'drizzle-orm';
import { affiliateReportLabels, type AffiliateReportPeriod } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import type { Handlers } from '../../platform/endpoints.js';

/**
 * The Affiliate panel's Reports and its channels (contract affiliate-reports.ts defines every
 * figure). Every query is bounded to one affiliate and two periods: the referred players are read
 * through `players_ref_idx` (ref_id), their bets through `bets_player_placed_idx` (player_id,
 * placed_at) and their transactions through `tx_player_idx` (player_id, created_at); nothing
 * scans a whole table. The day-level roll-ups (bet_ggr_daily, tx_totals) are per operator, not
 * per player, so they cannot answer for one affiliate's referred players.
 */

const UNIT: Record<AffiliateReportPeriod, string> = { TODAY: 'day', THIS_WEEK: 'week', THIS_MONTH: 'month', THIS_YEAR: 'year' };
/** The chart bucket of a time in the staff member's zone (0-based): hour, ISO weekday, day of month, month. */
const BUCKET: Record<AffiliateReportPeriod, string> = { TODAY: 'hour', THIS_WEEK: 'isodow', THIS_MONTH: 'day', THIS_YEAR: 'month' };
const bucketOf = (period: AffiliateReportPeriod, col: SQL, tz: string) =>
  sql`(extract(${sql.raw(BUCKET[period])} from (${col} at time zone ${tz}))::int - ${period === 'TODAY' ? 0 : 1})`;

type Bounds = { prev: number; cur: number; end: number; curDays: number; prevDays: number };

/** The period's bounds [prev, cur) and [cur, end) as epoch seconds, and the days of this and the previous month. */
async function boundsOf(db: Db, period: AffiliateReportPeriod, tz: string): Promise<Bounds> {
  const unit = sql.raw(`interval '1 ${UNIT[period]}'`);
  const [b] = await rowsOf<Bounds>(db, sql`with n as (select date_trunc(${UNIT[period]}, now() at time zone ${tz}) as s)
    select extract(epoch from ((s - ${unit}) at time zone ${tz}))::float8 as prev,
      extract(epoch from (s at time zone ${tz}))::float8 as cur,
      extract(epoch from ((s + ${unit}) at time zone ${tz}))::float8 as "end",
      extract(day from (date_trunc('month', s) + interval '1 month' - interval '1 day'))::int as "curDays",
      extract(day from (date_trunc('month', s) - interval '1 day'))::int as "prevDays"
    from n`);
  return { prev: Number(b!.prev), cur: Number(b!.cur), end: Number(b!.end), curDays: Number(b!.curDays), prevDays: Number(b!.prevDays) };
}

const at = (epoch: number) => sql`to_timestamp(${epoch}::float8)`;
const iso = (epoch: number) => new Date(epoch * 1000).toISOString();

export const affiliateReportHandlers: Handlers<'reports.affiliateReport' | 'reports.affiliateChannels'> = {
  'reports.affiliateReport': async ({ db, user, body, found: p }) => {
    const tz = user.timezone;
    const b = await boundsOf(db, body.period, tz);
    const filters = sql.join([
      body.channelType === 'CHANNEL' ? sql` and channel_id is not null` : body.channelType === 'DIRECT' ? sql` and channel_id is null` : sql``,
      body.channelId ? sql` and channel_id = ${body.channelId}` : sql``,
      body.subChannelId ? sql` and sub_channel_id = ${body.subChannelId}` : sql``,
    ]);
    const referred = sql`select id from players where ref_id = ${p.playerCode}${filters}`;
    const [cur, prev, end] = [at(b.cur), at(b.prev), at(b.end)];
    const txSum = (col: SQL, type: string, extra = sql``) => sql`(select round(coalesce(sum(${col}), 0), 2)::text from transactions t
      where t.player_id in (${referred}) and t.transaction_type = ${type} and t.status = 'CONFIRMED' and not t.is_deleted
        and t.created_at >= ${cur} and t.created_at < ${end} ${extra})`;
    const [c] = await rowsOf<{ registered: number; profit: string; withdraw: string; deposit: string; active: number; ftd: string; ftdCount: number }>(db, sql`select
      (select count(*) from players where ref_id = ${p.playerCode}${filters} and created_at >= ${cur} and created_at < ${end})::int as registered,
      (select round(coalesce(sum(t.to_amount_in_usd), 0), 2)::text from transactions t
        where t.player_id = ${p.id}::uuid and t.status = 'CONFIRMED' and not t.is_deleted
          and (t.transaction_type = 'REFERRAL_PROFIT' or t.transaction_sub_type in ('AFFILIATE_CPR_COMMISSION', 'AFFILIATE_CPA_COMMISSION'))
          and t.created_at >= ${cur} and t.created_at < ${end}) as profit,
      ${txSum(sql`t.from_amount_in_usd`, 'WITHDRAW')} as withdraw,
      ${txSum(sql`t.to_amount_in_usd`, 'DEPOSIT')} as deposit,
      (select count(distinct b.player_id) from bets b where b.player_id in (${referred}) and b.status <> 'CANCELED'
        and b.placed_at >= ${cur} and b.placed_at < ${end})::int as active,
      ${txSum(sql`t.to_amount_in_usd`, 'DEPOSIT', sql`and t.is_ftd`)} as ftd,
      (select count(*) from transactions t where t.player_id in (${referred}) and t.transaction_type = 'DEPOSIT' and t.status = 'CONFIRMED'
        and not t.is_deleted and t.is_ftd and t.created_at >= ${cur} and t.created_at < ${end})::int as "ftdCount"`);

    const days = Math.max(b.curDays, b.prevDays);
    const labels = affiliateReportLabels(body.period, days);
    const chart = async (rows: SQL) => {
      const counts = await rowsOf<{ current: boolean; k: number; n: number }>(db, rows);
      const current = labels.map(() => 0);
      const previous = labels.map(() => 0);
      for (const r of counts) {
        const k = Number(r.k);
        if (k >= 0 && k < labels.length) (r.current ? current : previous)[k] = Number(r.n);
      }
      return { currentPeriod: { labels, values: current }, previousPeriod: { labels, values: previous } };
    };
    const bets = await chart(sql`select b.placed_at >= ${cur} as current, ${bucketOf(body.period, sql`b.placed_at`, tz)} as k, count(*)::int as n
      from bets b where b.player_id in (${referred}) and b.status <> 'CANCELED' and b.placed_at >= ${prev} and b.placed_at < ${end} group by 1, 2`);
    const registrations = await chart(sql`select created_at >= ${cur} as current, ${bucketOf(body.period, sql`created_at`, tz)} as k, count(*)::int as n
      from players where ref_id = ${p.playerCode}${filters} and created_at >= ${prev} and created_at < ${end} group by 1, 2`);

    return ok({
      playerCode: p.playerCode,
      period: body.period,
      currentPeriod: { from: iso(b.cur), to: iso(b.end) },
      previousPeriod: { from: iso(b.prev), to: iso(b.cur) },
      cards: {
        registered: Number(c!.registered),
        affiliateProfitInUSD: c!.profit,
        refPlayersWithdrawInUSD: c!.withdraw,
        refPlayersDepositInUSD: c!.deposit,
        activePlayers: Number(c!.active),
        refPlayersFTDInUSD: c!.ftd,
        refPlayersFTDCount: Number(c!.ftdCount),
      },
      charts: { bets, registrations },
    });
  },

  'reports.affiliateChannels': async ({ db, body, found: p }) => {
    const offset = (body.page - 1) * body.limit;
    const rows = await rowsOf<{ channelId: string; description: string | null; subChannels: string[] | null; n: number }>(db, sql`
      select r.channel_id as "channelId", pc.description,
        array_remove(array_agg(distinct r.sub_channel_id), null) as "subChannels", count(*)::int as n
      from players r left join partner_channels pc on pc.op_id = ${p.opId} and pc.channel_id = r.channel_id
      where r.ref_id = ${p.playerCode} and r.channel_id is not null
      group by r.channel_id, pc.description
      order by r.channel_id limit ${body.limit} offset ${offset}`);
    const [t] = await rowsOf<{ total: number }>(db, sql`select count(distinct channel_id)::int as total from players where ref_id = ${p.playerCode} and channel_id is not null`);
    return ok({
      items: rows.map((r) => ({ channelId: r.channelId, channelType: 'CHANNEL' as const, description: r.description ?? null, subChannels: [...(r.subChannels ?? [])].sort(), referredPlayers: Number(r.n) })),
      total: Number(t!.total),
      page: body.page,
      limit: body.limit,
    });
  },
};
