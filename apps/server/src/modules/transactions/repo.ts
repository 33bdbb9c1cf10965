import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { DESTINATION_SECRET_KEYS, PAYMENT_MESSAGES, maskDestination, quickTimeRange, type RecordHolder, type TxStatus, transactionsListBody } from '@pitboss/contract';
import { holderOf } from '../../platform/claims.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { players, transactions } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http.js';
import { inScope, isoText as iso, keepsPlan, rawRows, rawRowsPlanned, rowsOf } from '../../lib/query.js';
import { operatorTitles } from '../../lib/scope.js';
import { decodeCursor, encodeCursor, pageOf } from '../../platform/list.js';
import { isUuid } from '../players/repo.js';

export type TxRow = typeof transactions.$inferSelect;

const txColumns = Object.entries(getTableColumns(transactions));

/** A raw row of `transactions` (database column names, driver values) as the ORM maps it. */
function mapTxRow(raw: Record<string, unknown>): TxRow {
  const row: Record<string, unknown> = {};
  for (const [key, col] of txColumns) {
    const v = raw[col.name];
    row[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return row as TxRow;
}

/** What a transaction's view shows besides the row: its player's fields and its operator's titles. */
export type ViewFields = { playerCode: string; username: string | null; email: string | null; opTitle: string; parentOpTitle: string | null };
const fieldsOfRow = new WeakMap<TxRow, ViewFields>();

/**
 * The view fields of a row: those its statement read, else one query (the player and the
 * operator titles by primary key). A missing player reads as blanks, an unknown operator as its id.
 */
export async function viewFieldsOf(db: Db, row: TxRow): Promise<ViewFields> {
  const known = fieldsOfRow.get(row);
  if (known) return known;
  const [f] = await rowsOf<ViewFields>(db, sql`select p.player_code as "playerCode", p.username, p.email,
      coalesce(o.title, ${row.opId}) as "opTitle", po.title as "parentOpTitle"
    from (select 1) x left join ${players} p on p.id = ${row.playerId}
      left join operators o on o.op_id = ${row.opId} left join operators po on po.op_id = o.parent_op_id`);
  return { playerCode: f?.playerCode ?? '', username: f?.username ?? null, email: f?.email ?? null, opTitle: f?.opTitle ?? row.opId, parentOpTitle: f?.parentOpTitle ?? null };
}

/** A transaction with its view fields: the view every answer about one transaction gives. */
export const viewOfRow = async (db: Db, row: TxRow): Promise<TxView> => toView(row, await viewFieldsOf(db, row));

const SECRET_KEYS_SQL = `array[${DESTINATION_SECRET_KEYS.map((k) => `'${k}'`).join(', ')}]::text[]`;
/** `maskTail` in SQL: "•••• " and the last 4 characters without spaces ("••••" for 4 or fewer). */
const maskTailSql = (text: string) => `case when length(regexp_replace(${text}, '\\s', '', 'g')) <= 4 then '••••'
  else '•••• ' || right(regexp_replace(${text}, '\\s', '', 'g'), 4) end`;
/**
 * `maskDestination` in SQL, for answers the database writes: the destination's card numbers,
 * IBANs and account numbers (top-level keys, any case) masked; anything else as it is.
 */
export const maskedDestinationSql = (col: string) => `(case when jsonb_typeof(${col}) = 'object' then (
    select coalesce(jsonb_object_agg(e.key, case when lower(e.key) = any(${SECRET_KEYS_SQL}) and jsonb_typeof(e.value) in ('string', 'number')
        and (e.value #>> '{}') ~ '\\S' then to_jsonb(${maskTailSql("(e.value #>> '{}')")}) else e.value end), '{}'::jsonb)
    from jsonb_each(${col}) e)
  else ${col} end)`;

/** Prepared once per database: a transaction by id. */
/** `update transactions set <shape> ...` texts by the set's columns (a handful of shapes). */
const transitionTexts = new Map<string, string[]>();

/**
 * Conditional status change: applies only while the row is still in one of `from`.
 * Returns the updated row, or null when another request changed it first. One statement
 * that also reads the player fields of the row's view (no query per view), built without
 * the ORM's query builder (this is every money movement's hot path).
 */
export async function transition(tx: Db, txId: string, from: readonly TxStatus[], set: Partial<typeof transactions.$inferInsert>): Promise<TxRow | null> {
  const values = { ...set, updatedAt: new Date() } as Record<string, unknown>;
  const cols = txColumns.filter(([key]) => values[key] !== undefined);
  const shape = cols.map(([key]) => key).join(',');
  let pieces = transitionTexts.get(shape);
  if (!pieces) {
    // Text pieces between the parameters: set values..., tx_id, statuses.
    pieces = [`with u as (update "transactions" set "${cols[0]![1].name}" = `,
      ...cols.slice(1).map(([, c]) => `, "${c.name}" = `),
      ` where "tx_id" = `, ` and "status" = any(`, `::text[]) and "is_deleted" = false returning *)
        select u.*, p.player_code as "pitboss_player_code", p.username as "pitboss_username", p.email as "pitboss_email",
          coalesce(o.title, u.op_id) as "pitboss_op_title", po.title as "pitboss_parent_op_title"
        from u left join "players" p on p.id = u.player_id left join "operators" o on o.op_id = u.op_id left join "operators" po on po.op_id = o.parent_op_id`];
    transitionTexts.set(shape, pieces);
  }
  const params: unknown[] = [...cols.map(([key, col]) => (values[key] === null ? null : col.mapToDriverValue(values[key]))), txId, [...from]];
  const chunks: SQL[] = [];
  pieces.forEach((piece, i) => { chunks.push(sql.raw(piece)); if (i < params.length) chunks.push(sql`${sql.param(params[i])}`); });
  const [raw] = await rowsOf<Record<string, unknown>>(tx, sql.join(chunks));
  if (!raw) return null;
  const row = mapTxRow(raw);
  if (raw.pitboss_player_code !== null && raw.pitboss_player_code !== undefined) {
    fieldsOfRow.set(row, {
      playerCode: raw.pitboss_player_code as string, username: raw.pitboss_username as string | null, email: raw.pitboss_email as string | null,
      opTitle: raw.pitboss_op_title as string, parentOpTitle: raw.pitboss_parent_op_title as string | null,
    });
  }
  return row;
}

/**
 * The conditional status change of `transition` as the text of a statement's CTE
 * (`update ... returning *`, no row when the transaction is no longer in one of `from`, or when
 * `also`, a further condition as SQL text, does not hold); `$` adds the values as parameters.
 */
export function transitionUpdate($: (value: unknown, cast?: string) => string, txId: string, from: readonly TxStatus[], set: Partial<typeof transactions.$inferInsert>, also = 'true'): string {
  const values = { ...set, updatedAt: new Date() } as Record<string, unknown>;
  const cols = txColumns.filter(([key]) => values[key] !== undefined);
  const assignments = cols.map(([key, col]) => `"${col.name}" = ${$(values[key] === null ? null : col.mapToDriverValue(values[key]))}`);
  return `update "transactions" set ${assignments.join(', ')}
    where "tx_id" = ${$(txId, '::uuid')} and "status" = any(${$([...from], '::text[]')}) and "is_deleted" = false and ${also} returning *`;
}

/**
 * A transaction's view (`toView`, field for field) built by the database as jsonb, from the
 * row `t` and its player `p` (left-joined: a missing player reads as `toView`'s blanks); the
 * operator titles by primary key and the destination masked, in the same statement.
 * For answers written by the same statement as the change they report.
 */
export const txViewJson = (t: string, p: string) => `jsonb_build_object(
  'txId', ${t}.tx_id, 'opId', ${t}.op_id,
  'opTitle', coalesce((select o.title from operators o where o.op_id = ${t}.op_id), ${t}.op_id),
  'parentOpTitle', (select po.title from operators o join operators po on po.op_id = o.parent_op_id where o.op_id = ${t}.op_id),
  'transactionType', ${t}.transaction_type, 'transactionSubType', ${t}.transaction_sub_type,
  'status', ${t}.status, 'walletType', ${t}.wallet_type, 'fromAmount', ${t}.from_amount::text, 'fromCurrency', ${t}.from_currency,
  'fromAmountInUSD', ${t}.from_amount_in_usd::text, 'toAmount', ${t}.to_amount::text, 'toCurrency', ${t}.to_currency,
  'toAmountInUSD', ${t}.to_amount_in_usd::text, 'rateToUsd', ${t}.rate_to_usd::text, 'balanceBefore', ${t}.balance_before::text,
  'balanceAfter', ${t}.balance_after::text, 'gateway', ${t}.gateway, 'gatewayUuid', ${t}.gateway_uuid, 'provider', ${t}.provider,
  'isFTD', ${t}.is_ftd, 'isDeleted', ${t}.is_deleted, 'note', ${t}.note, 'reason', ${t}.reason, 'playerNote', ${t}.player_note,
  'rejectReason', ${t}.reject_reason, 'countsTowardDailyLimit', ${t}.counts_toward_daily_limit, 'destination', ${maskedDestinationSql(`${t}.destination`)},
  'extra', ${t}.extra, 'bonusExtraData', coalesce(${t}.extra -> 'bonusExtraData', 'null'::jsonb),
  'createdAt', ${iso(`${t}.created_at`)}, 'updatedAt', ${iso(`${t}.updated_at`)}, 'confirmedAt', ${iso(`${t}.confirmed_at`)},
  'confirmedBy', ${t}.confirmed_by, 'rejectedAt', ${iso(`${t}.rejected_at`)}, 'rejectedBy', ${t}.rejected_by, 'createdBy', ${t}.created_by,
  'player', jsonb_build_object('playerId', ${t}.player_id, 'playerCode', coalesce(${p}.player_code, ''), 'nickName', ${p}.username,
    'profile', jsonb_build_object('email', jsonb_build_object('address', ${p}.email))))`;

/** The loser of a race learns who won: "This transaction is already confirmed by X." */
export async function alreadyHandled(db: Db, txId: string): Promise<HttpError> {
  const [t] = await db.select().from(transactions).where(eq(transactions.txId, txId)).limit(1);
  if (!t) return notFound(PAYMENT_MESSAGES.TX_NOT_FOUND);
  const by = t.status === 'REJECTED' ? t.rejectedBy : t.status === 'IN_FLIGHT' ? t.claimedBy : t.confirmedBy;
  return new HttpError(409, [PAYMENT_MESSAGES.ALREADY_HANDLED(t.status, by)], 'ALREADY_HANDLED', { status: t.status });
}

type ListQ = z.output<typeof transactionsListBody>;

export function txFilters(q: ListQ, scope: string[] | null, timeZone: string): SQL[] {
  const c: (SQL | undefined)[] = [inScope(transactions.opId, scope)];
  if (!q.includeDeleted) c.push(eq(transactions.isDeleted, false));
  if (q.transactionType) c.push(eq(transactions.transactionType, q.transactionType));
  if (q.transactionSubType) c.push(eq(transactions.transactionSubType, q.transactionSubType));
  if (q.status) c.push(eq(transactions.status, q.status));
  if (q.gateway) c.push(eq(transactions.gateway, q.gateway));
  if (q.txId) c.push(isUuid(q.txId) ? eq(transactions.txId, q.txId) : sql`false`);
  if (q.playerCode) c.push(sql`${transactions.playerId} = (select id from ${players} where player_code = ${q.playerCode})`);
  if (q.isTest === 'true' || q.isTest === 'false') c.push(sql`exists (select 1 from ${players} p where p.id = ${transactions.playerId} and p.is_test = ${q.isTest === 'true'})`);
  if (q.quickTime) {
    const { from, to } = quickTimeRange(q.quickTime, new Date(), timeZone);
    c.push(sql`${transactions.createdAt} between ${from.toISOString()} and ${to.toISOString()}`);
  }
  if (q.from) c.push(sql`${transactions.createdAt} >= ${q.from}`);
  if (q.to) c.push(sql`${transactions.createdAt} <= ${q.to}`);
  return c.filter((x): x is SQL => !!x);
}

export interface TxView {
  txId: string; opId: string; opTitle: string; parentOpTitle: string | null; transactionType: string; transactionSubType: string | null; status: string; walletType: string;
  fromAmount: string; fromCurrency: string; fromAmountInUSD: string; toAmount: string; toCurrency: string; toAmountInUSD: string;
  rateToUsd: string; balanceBefore: string | null; balanceAfter: string | null; gateway: string | null; gatewayUuid: string | null;
  provider: string | null; isFTD: boolean; isDeleted: boolean; note: string | null; reason: string | null; playerNote: string | null;
  rejectReason: string | null; countsTowardDailyLimit: boolean; destination: unknown; extra: unknown; bonusExtraData: { eligible: boolean } | null;
  createdAt: string; updatedAt: string; confirmedAt: string | null; confirmedBy: string | null; rejectedAt: string | null; rejectedBy: string | null;
  createdBy: string | null; player: { playerId: string; playerCode: string; nickName: string | null; profile: { email: { address: string | null } } };
  /** The list's "Claimed by" of a withdrawal (list rows only). */
  holder?: RecordHolder;
}

/** A transaction as answers show it: its player and operator by name, its destination masked. */
export function toView(t: TxRow, p: ViewFields): TxView {
  const extra = (t.extra ?? {}) as { bonusExtraData?: { eligible: boolean } };
  return {
    txId: t.txId, opId: t.opId, opTitle: p.opTitle, parentOpTitle: p.parentOpTitle, transactionType: t.transactionType, transactionSubType: t.transactionSubType, status: t.status, walletType: t.walletType,
    fromAmount: t.fromAmount, fromCurrency: t.fromCurrency, fromAmountInUSD: t.fromAmountInUsd, toAmount: t.toAmount, toCurrency: t.toCurrency,
    toAmountInUSD: t.toAmountInUsd, rateToUsd: t.rateToUsd, balanceBefore: t.balanceBefore, balanceAfter: t.balanceAfter, gateway: t.gateway,
    gatewayUuid: t.gatewayUuid, provider: t.provider, isFTD: t.isFtd, isDeleted: t.isDeleted, note: t.note, reason: t.reason, playerNote: t.playerNote,
    rejectReason: t.rejectReason, countsTowardDailyLimit: t.countsTowardDailyLimit, destination: maskDestination(t.destination), extra: t.extra,
    bonusExtraData: extra.bonusExtraData ?? null,
    createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(), confirmedAt: t.confirmedAt?.toISOString() ?? null,
    confirmedBy: t.confirmedBy, rejectedAt: t.rejectedAt?.toISOString() ?? null, rejectedBy: t.rejectedBy, createdBy: t.createdBy,
    player: { playerId: t.playerId, playerCode: p.playerCode, nickName: p.username, profile: { email: { address: p.email } } },
  };
}


/**
 * The columns of a list row, every one already in its answer form (amounts as their numeric
 * text, times as ISO text), read by the driver itself: no ORM building or row mapping.
 */
const TX_LIST_COLUMNS = `t.created_at::text as at, t.tx_id, t.op_id, t.transaction_type, t.transaction_sub_type, t.status, t.wallet_type,
  t.from_amount::text as from_amount, t.from_currency, t.from_amount_in_usd::text as from_amount_in_usd, t.to_amount::text as to_amount, t.to_currency,
  t.to_amount_in_usd::text as to_amount_in_usd, t.rate_to_usd::text as rate_to_usd, t.balance_before::text as balance_before,
  t.balance_after::text as balance_after, t.gateway, t.gateway_uuid::text as gateway_uuid, t.provider, t.is_ftd, t.is_deleted, t.note, t.reason,
  t.player_note, t.reject_reason, t.counts_toward_daily_limit, t.destination, t.extra, ${iso('t.created_at')} as created_at,
  ${iso('t.updated_at')} as updated_at, ${iso('t.confirmed_at')} as confirmed_at, t.confirmed_by, ${iso('t.rejected_at')} as rejected_at,
  t.rejected_by, t.created_by, t.player_id::text as player_id, t.player_code, t.username, t.email`;
interface TxListRow {
  at: string; tx_id: string; op_id: string; transaction_type: string; transaction_sub_type: string | null; status: string; wallet_type: string;
  from_amount: string; from_currency: string; from_amount_in_usd: string; to_amount: string; to_currency: string; to_amount_in_usd: string;
  rate_to_usd: string; balance_before: string | null; balance_after: string | null; gateway: string | null; gateway_uuid: string | null;
  provider: string | null; is_ftd: boolean; is_deleted: boolean; note: string | null; reason: string | null; player_note: string | null;
  reject_reason: string | null; counts_toward_daily_limit: boolean; destination: unknown; extra: unknown; created_at: string; updated_at: string;
  confirmed_at: string | null; confirmed_by: string | null; rejected_at: string | null; rejected_by: string | null; created_by: string | null;
  player_id: string; player_code: string; username: string | null; email: string | null;
  holder_name: string | null; holder_mine: boolean | null; holder_until: string | null;
}
/** A list row as `toView` answers it, field for field (the destination masked, the operator by name). */
const listRowView = (t: TxListRow, titles: (opId: string) => { opTitle: string; parentOpTitle: string | null }): TxView => ({
  txId: t.tx_id, opId: t.op_id, ...titles(t.op_id), transactionType: t.transaction_type, transactionSubType: t.transaction_sub_type, status: t.status, walletType: t.wallet_type,
  fromAmount: t.from_amount, fromCurrency: t.from_currency, fromAmountInUSD: t.from_amount_in_usd, toAmount: t.to_amount, toCurrency: t.to_currency,
  toAmountInUSD: t.to_amount_in_usd, rateToUsd: t.rate_to_usd, balanceBefore: t.balance_before, balanceAfter: t.balance_after, gateway: t.gateway,
  gatewayUuid: t.gateway_uuid, provider: t.provider, isFTD: t.is_ftd, isDeleted: t.is_deleted, note: t.note, reason: t.reason, playerNote: t.player_note,
  rejectReason: t.reject_reason, countsTowardDailyLimit: t.counts_toward_daily_limit, destination: maskDestination(t.destination), extra: t.extra,
  bonusExtraData: ((t.extra ?? {}) as { bonusExtraData?: { eligible: boolean } }).bonusExtraData ?? null,
  createdAt: t.created_at, updatedAt: t.updated_at, confirmedAt: t.confirmed_at, confirmedBy: t.confirmed_by, rejectedAt: t.rejected_at,
  rejectedBy: t.rejected_by, createdBy: t.created_by,
  player: { playerId: t.player_id, playerCode: t.player_code, nickName: t.username, profile: { email: { address: t.email } } },
  holder: t.holder_name && t.holder_until ? { name: t.holder_name, mine: t.holder_mine === true, until: t.holder_until } : null,
});

/**
 * The transactions list: one parameterized statement per filter shape, its columns already
 * in answer form. Newest first by (created_at, tx_id), limit + 1 rows (no count), keyset
 * cursor `created_at|tx_id` or OFFSET paging.
 */
export async function listTransactions(db: Db, q: ListQ, scope: string[] | null, timeZone: string, me?: string) {
  const { text, values, planned } = transactionsPage(q, scope, timeZone, me);
  const rows = await (planned ? rawRowsPlanned : rawRows)<TxListRow>(db, text, values);
  const page = pageOf(rows, q, (r) => encodeCursor([r.at], r.tx_id));
  const titles = await operatorTitles(db);
  return { ...page, items: page.items.map((r) => listRowView(r, titles)) };
}

/**
 * The statement of a transactions list page: its text, values, and whether its plan is the same
 * for any values (`planned`: run where plans are kept, `rawRowsPlanned`).
 */
export function transactionsPage(q: ListQ, scope: string[] | null, timeZone: string, me?: string): { text: string; values: unknown[]; planned: boolean } {
  const values: unknown[] = [];
  const $ = (v: unknown, cast = '') => { values.push(v); return `$${values.length}${cast}`; };
  const where: string[] = [];
  // Within operators: the page of each operator is read from its own index range (op_id,
  // created_at, tx_id) and the pages are merged (below), so one operator's first page never walks
  // the newer rows of others (a brand among busier operators would scan all of theirs).
  const ops = scope === null ? null : [...new Set(scope)];
  const perOp = ops !== null && ops.length > 0;
  if (ops !== null) where.push(ops.length ? 't.op_id = s.op' : 'false');
  if (!q.includeDeleted) where.push('t.is_deleted = false');
  /** The conditions that leave the plan as it is (the scope, deleted rows, the cursor): any other is a filter. */
  const plain = new Set(where);
  if (q.transactionType) where.push(`t.transaction_type = ${$(q.transactionType)}`);
  if (q.transactionSubType) where.push(`t.transaction_sub_type = ${$(q.transactionSubType)}`);
  if (q.status) where.push(`t.status = ${$(q.status)}`);
  if (q.gateway) where.push(`t.gateway = ${$(q.gateway)}`);
  if (q.txId) where.push(isUuid(q.txId) ? `t.tx_id = ${$(q.txId, '::uuid')}` : 'false');
  if (q.playerCode) where.push(`t.player_id = (select id from players where player_code = ${$(q.playerCode)})`);
  if (q.isTest === 'true' || q.isTest === 'false') where.push(`p.is_test = ${$(q.isTest === 'true')}`);
  if (q.quickTime) {
    const { from, to } = quickTimeRange(q.quickTime, new Date(), timeZone);
    where.push(`t.created_at between ${$(from.toISOString(), '::timestamptz')} and ${$(to.toISOString(), '::timestamptz')}`);
  }
  if (q.from) where.push(`t.created_at >= ${$(q.from, '::timestamptz')}`);
  if (q.to) where.push(`t.created_at <= ${$(q.to, '::timestamptz')}`);
  if (q.cursor) {
    const { values: [cursorAt], tiebreak: cursorId } = decodeCursor(q.cursor, ['timestamp'], 'uuid');
    const after = `${$(cursorAt, '::timestamptz')}, ${$(cursorId, '::uuid')}`;
    // Within an operator, the cursor is a range of its own index (operator, time, id).
    where.push(perOp ? `(t.op_id, t.created_at, t.tx_id) < (s.op, ${after})` : `(t.created_at, t.tx_id) < (${after})`);
    plain.add(where.at(-1)!);
  }
  // The page first (rows skipped by OFFSET cost no formatting), then its rows' answer columns.
  // A withdrawal's live claim (its "Claimed by"), read for the page's rows only: one primary-key probe each.
  const offset = q.cursor ? 0 : (q.page - 1) * q.limit;
  // The newest rows of the scope, unfiltered, from the first row or a cursor: the same plan for
  // any scope and cursor, so it is planned once per connection (`rawRowsPlanned`), its page size
  // in the text. Filtered and OFFSET pages are planned for their values.
  const planned = keepsPlan({ limit: q.limit, offset, plain: where.every((w) => plain.has(w)) });
  const n = (v: number) => (planned ? String(v) : $(v, '::int'));
  const order = 'order by t.created_at desc, t.tx_id desc';
  const rowsOfScope = `select t.*, p.player_code, p.username, p.email from transactions t join players p on p.id = t.player_id
      ${where.length ? `where ${where.join(' and ')}` : ''} ${order}`;
  // Merged, each operator's candidates are only their keys (a deep OFFSET page sorts narrow
  // rows, and joins its player only for the rows it answers), in the order of the operator's
  // index (the operator first: the same order within one), which no other index gives: a plan
  // made for no particular operator still reads each one's own range (ordered by time alone, the
  // generic plan of a cursor page walked every operator's rows: 978 ms instead of 2).
  const keysOfScope = `select t.tx_id, t.created_at from transactions t${q.isTest === 'true' || q.isTest === 'false' ? ' join players p on p.id = t.player_id' : ''}
      ${where.length ? `where ${where.join(' and ')}` : ''} order by t.op_id desc, t.created_at desc, t.tx_id desc`;
  const pageSql = ops === null || ops.length === 0
    ? `${rowsOfScope} limit ${n(q.limit + 1)} offset ${n(offset)}`
    : `select t.*, p.player_code, p.username, p.email from (
        select t.tx_id from unnest(${$(ops, '::text[]')}) as s(op) cross join lateral (${keysOfScope} limit ${n(offset + q.limit + 1)}) t
        ${order} limit ${n(q.limit + 1)} offset ${n(offset)}
      ) k join transactions t on t.tx_id = k.tx_id join players p on p.id = t.player_id`;
  const text = `select ${TX_LIST_COLUMNS}, h.holder_name, h.holder_mine, h.holder_until from (
      ${pageSql}
    ) t left join lateral (${holderOf('withdrawal', 't.tx_id::text', $(me ?? null, '::uuid'))} and t.transaction_type = 'WITHDRAW') h on true
    order by t.created_at desc, t.tx_id desc`;
  return { text, values, planned };
}
