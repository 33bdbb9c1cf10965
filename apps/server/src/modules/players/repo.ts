import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { quickTimeRange, type PlayerRow, playersListBody } from '@pitboss/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { currencyRates, kycRecords, players, wallets } from '../../db/schema.js';
import { inScope, isoText, keepsPlan, rawRowsPlanned, rowsOf } from '../../lib/query.js';
import { loadOperators } from '../../lib/scope.js';
import { decodeCursor, encodeCursor, likeEscape, pageOf, perOperatorKeys } from '../../platform/list.js';

type ListQ = z.output<typeof playersListBody>;
type P = typeof players.$inferSelect;

/** The player columns a PlayerRow shows (timestamps as ISO text), from the page's rows `p`. */
const playerColumns = sql.raw(`p.id, p.player_code, p.username, p.op_id, p.aff_id, p.ref_id, p.channel_id, p.sub_channel_id, p.email,
  p.active_currency, p.is_test, p.is_verified, p.is_blocked, p.chat_is_blocked, p.is_deleted, p.two_factor_enabled, p.total_bet_count,
  p.total_deposit_count, p.total_withdraw_count, p.total_top_up_increase_count,
  ${['created_at', 'updated_at', 'last_activity_at'].map((c) => `${isoText(`p.${c}`)} as ${c}`).join(', ')}`);

interface PlayerPageRow {
  id: string; player_code: string; username: string | null; op_id: string; aff_id: string | null; ref_id: string | null;
  channel_id: string | null; sub_channel_id: string | null; email: string | null; active_currency: string; is_test: boolean;
  is_verified: boolean; is_blocked: boolean; chat_is_blocked: boolean; is_deleted: boolean; two_factor_enabled: boolean;
  total_bet_count: number; total_deposit_count: number; total_withdraw_count: number; total_top_up_increase_count: number;
  created_at: string; updated_at: string; last_activity_at: string | null; sort_key: string | null;
  by_currency: Record<string, { balance: string }> | null; usd: string; kyc: { status: string; count: number }[] | null;
}

/**
 * Players with their MAIN balances (by currency and in USD) and KYC counts by status, in
 * one query: `page` selects the players' rows (its own filter, order and limit: rows skipped
 * by OFFSET cost nothing more); lateral joins add the per-player aggregates to those rows only.
 * Timestamps as JavaScript's toISOString() writes them (both truncate to milliseconds).
 */
const withAggregates = (page: SQL, order: SQL) => sql`select ${playerColumns}, p.sort_value::text as sort_key, w.by_currency, w.usd, k.kyc from (${page}) p
  left join lateral (
    select json_object_agg(w.currency, json_build_object('balance', w.balance::text) order by w.currency) as by_currency,
           round(coalesce(sum(w.balance * coalesce(r.rate_to_usd, 0)), 0), 2)::text as usd
    from ${wallets} w left join ${currencyRates} r on r.currency = w.currency
    where w.player_id = p.id and w.kind = 'MAIN'
  ) w on true
  left join lateral (
    select json_agg(json_build_object('status', s.status, 'count', s.n) order by s.status) as kyc
    from (select k.status, count(*)::int as n from ${kycRecords} k where k.player_id = p.id group by k.status) s
  ) k on true
  order by ${order}`;

async function toRows(db: Db, rows: PlayerPageRow[]): Promise<PlayerRow[]> {
  if (rows.length === 0) return [];
  const { byId } = await loadOperators(db);
  return rows.map((p) => {
    const op = byId.get(p.op_id);
    const parent = op?.parentOpId ? byId.get(op.parentOpId) : undefined;
    return {
      playerId: p.id, playerCode: p.player_code, username: p.username, opId: p.op_id, opTitle: op?.title ?? p.op_id,
      parentOpId: op?.parentOpId ?? null, parentOpTitle: parent?.title ?? null,
      affId: p.aff_id, refId: p.ref_id, channelId: p.channel_id, subChannelId: p.sub_channel_id, email: p.email,
      activeCurrency: p.active_currency, isTest: p.is_test, isVerified: p.is_verified, isBlocked: p.is_blocked,
      chatIsBlocked: p.chat_is_blocked, isDeleted: p.is_deleted, twoFactorEnabled: p.two_factor_enabled,
      wallet: { inUSD: { balance: p.usd }, byCurrency: p.by_currency ?? {} },
      playerStats: {
        totalBetCount: p.total_bet_count, totalDepositCount: p.total_deposit_count,
        totalWithdrawCount: p.total_withdraw_count, totalTopUpIncreaseCount: p.total_top_up_increase_count,
      },
      kyc: { verifications: p.kyc ?? [] },
      createdAt: p.created_at, updatedAt: p.updated_at, lastActivityAt: p.last_activity_at,
    };
  });
}

/** PlayerRow objects for players already loaded (one query for their balances and KYC counts). */
export async function toPlayerRows(db: Db, rows: P[]): Promise<PlayerRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((p) => p.id);
  const page = sql`select ${players}.*, null::text as sort_value from ${players} where ${inArray(players.id, ids)}`;
  const found = await rowsOf<PlayerPageRow>(db, withAggregates(page, sql`p.id`));
  const byId = new Map(found.map((r) => [r.id, r]));
  return toRows(db, ids.map((id) => byId.get(id)).filter((r): r is PlayerPageRow => !!r));
}

export function playerFilters(q: ListQ, scope: string[] | null, timeZone: string, isSuper: boolean): SQL[] {
  const c: (SQL | undefined)[] = [inScope(players.opId, scope)];
  if (q.isTest === 'true') c.push(eq(players.isTest, true));
  if (q.isTest === 'false') c.push(eq(players.isTest, false));
  if (q.playerCode) c.push(ilike(players.playerCode, `${likeEscape(q.playerCode)}%`));
  // Anywhere in the name, case-insensitive ("smith" finds "johnsmith12").
  if (q.username) c.push(ilike(players.username, `%${likeEscape(q.username)}%`));
  switch (q.status) {
    case 'active': c.push(sql`${players.isBlocked} = false and ${players.isDeleted} = false`); break;
    case 'blocked': c.push(eq(players.isBlocked, true)); break;
    case 'deleted': c.push(eq(players.isDeleted, true)); break;
    case 'chatBlocked': c.push(eq(players.chatIsBlocked, true)); break;
    case 'verified': c.push(eq(players.isVerified, true)); break;
    case 'unverified': c.push(eq(players.isVerified, false)); break;
  }
  if (q.kycStatus === 'NOT_SUBMITTED') c.push(sql`not exists (select 1 from ${kycRecords} k where k.player_id = ${players.id})`);
  else if (q.kycStatus) c.push(sql`exists (select 1 from ${kycRecords} k where k.player_id = ${players.id} and k.status = ${q.kycStatus})`);
  if (q.currency) c.push(eq(players.activeCurrency, q.currency));
  if (q.quickTime) {
    const { from, to } = quickTimeRange(q.quickTime, new Date(), timeZone);
    c.push(sql`${players.createdAt} between ${from.toISOString()} and ${to.toISOString()}`);
  }
  if (q.from) c.push(sql`${players.createdAt} >= ${q.from}`);
  if (q.to) c.push(sql`${players.createdAt} <= ${q.to}`);
  // The extra filters of SUPER_ADMIN and ADMIN (the endpoint table refuses them from other roles; `isSuper` keeps
  // them off any other caller of these filters). Exact: Player UID the player's UUID; Player ID the player's
  // number, the digits of its code (a value that names no player of that form lists nothing).
  if (isSuper && q.playerUid) c.push(isUuid(q.playerUid) ? eq(players.id, q.playerUid) : sql`false`);
  if (isSuper && q.playerId) {
    const n = /^P?(\d{1,18})$/i.exec(q.playerId);
    c.push(n ? eq(players.playerCode, `P${n[1]!.replace(/^0+(?=\d)/, '')}`) : sql`false`);
  }
  return c.filter((x): x is SQL => !!x);
}

const sortCols = { createdAt: players.createdAt, updatedAt: players.updatedAt, lastActivityAt: players.lastActivityAt, playerCode: players.playerCode } as const;

export async function listPlayers(db: Db, q: ListQ, scope: string[] | null, timeZone: string, isSuper: boolean) {
  const dir = q.sort === 'asc' ? sql`asc` : sql`desc`;
  const col = sortCols[q.sortBy];
  // Keyset paging on the sort column and id (lastActivityAt may be empty: it pages by OFFSET).
  const keysetOk = q.sortBy !== 'lastActivityAt';
  const [cv, cid] = q.cursor && keysetOk ? cursorOf(q.cursor, q.sortBy) : [];
  const cast = q.sortBy === 'playerCode' ? sql`${cv}` : sql`${cv}::timestamptz`;
  const ops = scope === null ? null : [...new Set(scope)];
  // By registration within several operators: each operator's keys from its own index range
  // (op_id, created_at, id), merged, then the page's rows (as the transactions list: an
  // operator's first page never walks the newer players of others). Ordered and bounded as that
  // index is, operator first (the same order within one), an order no other index gives.
  const merged = ops !== null && ops.length > 1 && q.sortBy === 'createdAt';
  const than = q.sort === 'asc' ? sql`>` : sql`<`;
  const keyset = cv && cid
    ? (merged ? sql`(${players.opId}, ${col}, ${players.id}) ${than} (s.op, ${cast}, ${cid}::uuid)` : sql`(${col}, ${players.id}) ${than} (${cast}, ${cid}::uuid)`)
    : undefined;
  // One round trip: the page (index-ordered, limit + 1) with its balances and KYC counts.
  const offset = keyset ? 0 : (q.page - 1) * q.limit;
  // The newest (or oldest) players of several operators merged, or of every operator, by
  // registration, unfiltered, from the first row or a cursor, in one of the page sizes: one best
  // plan for any scope and cursor, so it runs where plans are kept (`rawRowsPlanned`), its page
  // size in the text. Filtered, OFFSET and single-operator pages are planned for their values.
  const planned = keepsPlan({
    limit: q.limit, offset, plain: q.sortBy === 'createdAt' && (merged || ops === null) && playerFilters(q, null, timeZone, isSuper).length === 0,
  });
  const n = (v: number) => (planned ? sql.raw(String(v)) : sql`${v}`);
  const page = merged
    ? sql`select ${players}.*, ${players.createdAt} as sort_value from (${perOperatorKeys(ops, sql`k.id`,
        sql`select ${players.id} as id, ${players.createdAt} as created_at from ${players}
          where ${and(sql`${players.opId} = s.op`, ...playerFilters(q, null, timeZone, isSuper), keyset)}
          order by ${players.opId} ${dir}, ${col} ${dir}, ${players.id} ${dir} limit ${n(offset + q.limit + 1)}`,
        sql`k.created_at ${dir}, k.id ${dir}`, planned ? n(q.limit + 1) : q.limit + 1, planned ? undefined : offset)}) k join ${players} on ${players.id} = k.id`
    : sql`select ${players}.*, ${col} as sort_value from ${players}
    where ${and(...playerFilters(q, scope, timeZone, isSuper), keyset) ?? sql`true`}
    order by ${col} ${dir}, ${players.id} ${dir} limit ${n(q.limit + 1)} offset ${n(offset)}`;
  const statement = withAggregates(page, sql`p.sort_value ${dir}, p.id ${dir}`);
  const rows = planned
    ? await rawRowsPlanned<PlayerPageRow>(db, ...textOf(db, statement))
    : await rowsOf<PlayerPageRow>(db, statement);
  const shaped = pageOf(rows, q, keysetOk ? (r) => encodeCursor([r.sort_key!], r.id) : null);
  return { ...shaped, items: await toRows(db, shaped.items) };
}

/** A statement's text and values as the driver takes them. */
const textOf = (db: Db, statement: SQL): [string, unknown[]] => {
  const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(statement);
  return [text, params];
};

/** A cursor's sort value and player id, checked against the sort column (400 otherwise). */
function cursorOf(cursor: string, sortBy: ListQ['sortBy']): [string, string] {
  const { values, tiebreak } = decodeCursor(cursor, [sortBy === 'playerCode' ? 'text' : 'timestamp'], 'uuid');
  return [values[0]!, tiebreak];
}

/** uuid check: a malformed id must answer 404, not a database error. */
export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

