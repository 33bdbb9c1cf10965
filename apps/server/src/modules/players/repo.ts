import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { quickTimeRange, type PlayerRow, playersListBody } from '@pitboss/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { currencyRates, kycRecords, operators, players, wallets } from '../../db/schema.js';
import { inScope } from '../../lib/query.js';

type ListQ = z.output<typeof playersListBody>;
type P = typeof players.$inferSelect;

/** Build PlayerRow objects for a page of players with two batched queries (no query per row). */
export async function toPlayerRows(db: Db, rows: P[]): Promise<PlayerRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((p) => p.id);
  const ws = await db
    .select({ playerId: wallets.playerId, currency: wallets.currency, balance: wallets.balance, rate: currencyRates.rateToUsd })
    .from(wallets).leftJoin(currencyRates, eq(currencyRates.currency, wallets.currency))
    .where(and(inArray(wallets.playerId, ids), eq(wallets.kind, 'MAIN')));
  const usd = await db
    .select({ playerId: wallets.playerId, v: sql<string>`round(coalesce(sum(${wallets.balance} * coalesce(${currencyRates.rateToUsd}, 0)), 0), 2)::text` })
    .from(wallets).leftJoin(currencyRates, eq(currencyRates.currency, wallets.currency))
    .where(and(inArray(wallets.playerId, ids), eq(wallets.kind, 'MAIN'))).groupBy(wallets.playerId);
  const kyc = await db.select({ playerId: kycRecords.playerId, status: kycRecords.status, n: sql<number>`count(*)::int` })
    .from(kycRecords).where(inArray(kycRecords.playerId, ids)).groupBy(kycRecords.playerId, kycRecords.status);
  const opIds = [...new Set(rows.map((p) => p.opId))];
  const ops = await db.select().from(operators).where(inArray(operators.opId, opIds));
  const parentIds = [...new Set(ops.map((o) => o.parentOpId).filter((x): x is string => !!x))];
  const parents = parentIds.length ? await db.select().from(operators).where(inArray(operators.opId, parentIds)) : [];
  const opById = new Map([...ops, ...parents].map((o) => [o.opId, o]));
  return rows.map((p) => {
    const op = opById.get(p.opId);
    const parent = op?.parentOpId ? opById.get(op.parentOpId) : undefined;
    const byCurrency: Record<string, { balance: string }> = {};
    for (const w of ws) if (w.playerId === p.id) byCurrency[w.currency] = { balance: w.balance };
    return {
      playerId: p.id, playerCode: p.playerCode, username: p.username, opId: p.opId, opTitle: op?.title ?? p.opId,
      parentOpId: op?.parentOpId ?? null, parentOpTitle: parent?.title ?? null,
      affId: p.affId, refId: p.refId, channelId: p.channelId, subChannelId: p.subChannelId, email: p.email,
      activeCurrency: p.activeCurrency, isTest: p.isTest, isVerified: p.isVerified, isBlocked: p.isBlocked,
      chatIsBlocked: p.chatIsBlocked, isDeleted: p.isDeleted, twoFactorEnabled: p.twoFactorEnabled,
      wallet: { inUSD: { balance: usd.find((u) => u.playerId === p.id)?.v ?? '0.00' }, byCurrency },
      playerStats: {
        totalBetCount: p.totalBetCount, totalDepositCount: p.totalDepositCount,
        totalWithdrawCount: p.totalWithdrawCount, totalTopUpIncreaseCount: p.totalTopUpIncreaseCount,
      },
      kyc: { verifications: kyc.filter((k) => k.playerId === p.id).map((k) => ({ status: k.status, count: k.n })) },
      createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString(),
      lastActivityAt: p.lastActivityAt ? p.lastActivityAt.toISOString() : null,
    };
  });
}

export function playerFilters(q: ListQ, scope: string[] | null, timeZone: string, isSuper: boolean): SQL[] {
  const c: (SQL | undefined)[] = [inScope(players.opId, scope)];
  if (q.isTest === 'true') c.push(eq(players.isTest, true));
  if (q.isTest === 'false') c.push(eq(players.isTest, false));
  if (q.playerCode) c.push(ilike(players.playerCode, `${q.playerCode.replace(/[%_\\]/g, '\\$&')}%`));
  if (q.username) c.push(ilike(players.username, `${q.username.replace(/[%_\\]/g, '\\$&')}%`));
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
  if (isSuper && q.playerId) c.push(eq(players.id, q.playerId));
  if (isSuper && q.playerUid) c.push(eq(players.playerCode, q.playerUid));
  return c.filter((x): x is SQL => !!x);
}

const sortCols = { createdAt: players.createdAt, updatedAt: players.updatedAt, lastActivityAt: players.lastActivityAt, playerCode: players.playerCode } as const;

export async function listPlayers(db: Db, q: ListQ, scope: string[] | null, timeZone: string, isSuper: boolean) {
  const dir = q.sort === 'asc' ? asc : desc;
  const col = sortCols[q.sortBy];
  // Keyset paging on the sort column and id (lastActivityAt may be empty: it pages by OFFSET).
  const keysetOk = q.sortBy !== 'lastActivityAt';
  const [cv, cid] = q.cursor && keysetOk ? q.cursor.split('|') : [];
  const cast = q.sortBy === 'playerCode' ? sql`${cv}` : sql`${cv}::timestamptz`;
  const keyset = cv && cid ? (q.sort === 'asc' ? sql`(${col}, ${players.id}) > (${cast}, ${cid}::uuid)` : sql`(${col}, ${players.id}) < (${cast}, ${cid}::uuid)`) : undefined;
  const rows = await db.select({ p: players, key: sql<string>`${col}::text` }).from(players)
    .where(and(...playerFilters(q, scope, timeZone, isSuper), keyset))
    .orderBy(dir(col), dir(players.id))
    .limit(q.limit + 1).offset(keyset ? 0 : (q.page - 1) * q.limit);
  const remaining = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: await toPlayerRows(db, page.map((r) => r.p)), count: page.length, remaining, page: q.page, limit: q.limit,
    nextCursor: remaining && keysetOk && last ? `${last.key}|${last.p.id}` : null,
  };
}

/** uuid check: a malformed id must answer 404, not a database error. */
export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

export async function findPlayer(db: Db, by: { playerId?: string; playerCode?: string }): Promise<P | undefined> {
  if (by.playerId) {
    if (!isUuid(by.playerId)) return undefined;
    return (await db.select().from(players).where(eq(players.id, by.playerId)).limit(1))[0];
  }
  if (by.playerCode) return (await db.select().from(players).where(eq(players.playerCode, by.playerCode)).limit(1))[0];
  return undefined;
}
