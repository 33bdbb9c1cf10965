/** Small shared helpers for the API tests: record pickers over the seeded world, audit reads, multipart bodies, idempotency keys. */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { MSG } from '@pitboss/contract';
import { activities, kycRecords, players, usernameRequests } from '../src/db/schema.js';
import { rowsOf } from '../src/lib/query.js';
import { makeTestApp, type Login, type TestApp, type TestAppOptions } from './helpers.js';

export type Player = typeof players.$inferSelect;
export type Kyc = typeof kycRecords.$inferSelect;
export type Activity = typeof activities.$inferSelect;

/** Everything operator.admin@ (op-alpha) can reach: the operator, its brands and its partner. */
export const ALPHA_SCOPE = ['op-alpha', 'alpha-bet', 'alpha-casino', 'alpha-partner'] as const;
export const ALPHA_PLAYER_OPS = ['op-alpha', 'alpha-bet', 'alpha-casino'] as const;
export const BRAVO_SCOPE = ['op-bravo', 'bravo-spin', 'bravo-sports'] as const;

/** The seven demo logins, one fixture session each (made once in the seeded world, see global-setup.ts). */
export const SA = 'superadmin@demo.local' satisfies Login;
export const ADMIN = 'admin@demo.local' satisfies Login;
/** OPERATOR_ADMIN of Alpha Gaming and its brands. */
export const OPA = 'operator.admin@demo.local' satisfies Login;
/** OPERATOR_MANAGER of Alpha Gaming and its brands. */
export const OPM = 'operator.manager@demo.local' satisfies Login;
/** OPERATOR_ADMIN of the brand AlphaBet only. */
export const BRAND = 'brand.admin@demo.local' satisfies Login;
export const PARTNER = 'partner@demo.local' satisfies Login;
export const DEVOPS = 'devops@demo.local' satisfies Login;

/**
 * makeTestApp, plus a listener for errors of idle PostgreSQL pool clients. helpers.ts close() ends the
 * pool and at once runs DROP DATABASE ... WITH (FORCE); pg-pool's end() resolves before its clients'
 * sockets are closed, so the drop terminates them (57P01) and, with no 'error' listener on the pool,
 * that surfaces as an unhandled error of the test file. Ignoring errors of clients being shut down is safe.
 */
export async function makeApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const t = await makeTestApp(opts);
  const pool = (t.database.db as unknown as { $client?: { on?: (e: string, f: (err: unknown) => void) => void } }).$client;
  if (t.database.kind === 'postgres' && typeof pool?.on === 'function') pool.on('error', () => {});
  return t;
}

/**
 * The header of one logical money request: a fresh Idempotency-Key (a retry of that same request
 * would send the same key again; concurrent requests meant to race each send their own).
 */
export const newKey = (): Record<string, string> => ({ 'idempotency-key': `test-${randomUUID()}` });

/**
 * Ids handed out once per test app (each test file opens its own copy of the seeded world), so two
 * tests never mutate the same record. Keyed by the app's database: test files share a worker's
 * modules (vitest `isolate: false`), never a database.
 */
const claimedBy = new WeakMap<object, Set<string>>();
const claimedOf = (t: TestApp): Set<string> => {
  let s = claimedBy.get(t.database.db);
  if (!s) claimedBy.set(t.database.db, (s = new Set()));
  return s;
};

export async function pickPlayer(t: TestApp, where: { opIds: readonly string[]; isDeleted?: boolean; twoFactorEnabled?: boolean; hasUsername?: boolean }): Promise<Player> {
  const claimed = claimedOf(t);
  const c: (SQL | undefined)[] = [inArray(players.opId, [...where.opIds])];
  if (where.isDeleted !== undefined) c.push(eq(players.isDeleted, where.isDeleted));
  if (where.twoFactorEnabled !== undefined) c.push(eq(players.twoFactorEnabled, where.twoFactorEnabled));
  if (where.hasUsername) c.push(sql`${players.username} is not null`);
  if (claimed.size) c.push(notInArray(players.id, [...claimed]));
  const [p] = await t.database.db.select().from(players).where(and(...c)).orderBy(asc(players.playerCode)).limit(1);
  if (!p) throw new Error(`no player matches ${JSON.stringify(where)}`);
  claimed.add(p.id);
  return p;
}

export async function pickKyc(t: TestApp, where: { opIds: readonly string[]; status?: string; optionType?: string }): Promise<Kyc> {
  const claimed = claimedOf(t);
  const c: (SQL | undefined)[] = [inArray(kycRecords.opId, [...where.opIds])];
  if (where.status) c.push(eq(kycRecords.status, where.status));
  if (where.optionType) c.push(eq(kycRecords.optionType, where.optionType));
  if (claimed.size) c.push(notInArray(kycRecords.id, [...claimed]));
  const [k] = await t.database.db.select().from(kycRecords).where(and(...c)).orderBy(asc(kycRecords.createdAt), asc(kycRecords.id)).limit(1);
  if (!k) throw new Error(`no kyc record matches ${JSON.stringify(where)}`);
  claimed.add(k.id);
  return k;
}

export async function getPlayer(t: TestApp, id: string): Promise<Player> {
  const [p] = await t.database.db.select().from(players).where(eq(players.id, id));
  return p!;
}

export async function getKyc(t: TestApp, id: string): Promise<Kyc> {
  const [k] = await t.database.db.select().from(kycRecords).where(eq(kycRecords.id, id));
  return k!;
}

/** A fresh PENDING username request for a player (the seed has only a few). */
export async function addUsernameRequest(t: TestApp, p: Player, username: string) {
  const [u] = await t.database.db.insert(usernameRequests)
    .values({ playerId: p.id, opId: p.opId, username, originalUsername: p.username, status: 'PENDING' }).returning();
  return u!;
}

export async function getUsernameRequest(t: TestApp, id: string) {
  const [u] = await t.database.db.select().from(usernameRequests).where(eq(usernameRequests.id, id));
  return u!;
}

/** Audit rows about one target, newest first. */
export async function activitiesOf(t: TestApp, targetId: string): Promise<Activity[]> {
  return t.database.db.select().from(activities).where(eq(activities.targetId, targetId)).orderBy(desc(activities.id));
}

export async function activityCount(t: TestApp): Promise<number> {
  const [r] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(activities);
  return Number(r!.n);
}

/** Asserts the deny answer of the spec: 403 with exactly the no-permission message. */
export function expectForbidden(res: { statusCode: number; json(): any }): void {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ success: false, messages: [MSG.NO_PERMISSION] });
}

export function expectError(res: { statusCode: number; json(): any }, status: number, messages: string[]): void {
  expect({ status: res.statusCode, messages: res.json().messages, success: res.json().success }).toEqual({ status, messages, success: false });
}

/** A tiny valid PNG (1×1). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64',
);

/** A tiny valid JPEG (8×8, made by Chromium's canvas encoder). */
export const JPEG_BYTES = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAA' +
  'ABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1' +
  'AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAP' +
  'KnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/' +
  '2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKCh' +
  'MoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAA' +
  'AAAAAAAAAAAAAAAAAAT/xAAdEAABAgcAAAAAAAAAAAAAAAAAERcmM1Nmg5Pw/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABsRAAICAwEAAAAAAA' +
  'AAAAAAAAIRASEAEjHw/9oADAMBAAIRAxEAPwCmDm1u7NW1y+UAC4A0dzLl37mHiLZVn//Z', 'base64',
);

/**
 * An image of exactly `size` bytes: a real PNG or JPEG's header, then filler (enough for the
 * upload's content check, which reads the signature; for size limits).
 */
export function imageOfSize(kind: 'png' | 'jpeg', size: number): Buffer {
  const head = kind === 'png' ? PNG_BYTES : JPEG_BYTES;
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 7)]).subarray(0, size);
}

/** A multipart KYC upload body: text fields then one file. */
export function uploadForm(fields: Record<string, string>, file?: { name: string; type: string; bytes: Uint8Array }): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return fd;
}

/** Every item of a paged list call, walking pages of 100 until `remaining` is false. */
export async function allPages<T = any>(t: TestApp, url: string, as: Login, body: Record<string, unknown>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page < 100; page++) {
    const res = await t.call('POST', url, { as, body: { ...body, page, limit: 100 } });
    if (res.statusCode !== 200) throw new Error(`${url} page ${page}: ${res.statusCode} ${res.body}`);
    const data = res.json().data;
    items.push(...data.items);
    if (!data.remaining) return items;
  }
  throw new Error('too many pages');
}

/** Poll (no fixed sleeps in assertions) until `check` holds, or fail after `ms`. */
export async function until<T>(what: string, read: () => Promise<T>, check: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (check(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The completed runs of a queued job, once there is at least one: the queue marks a run completed
 * a moment after its work commits, so a test that saw the work waits for the mark.
 */
export async function completedRuns(db: TestApp['database']['db'], job: string, ms = 10_000): Promise<number> {
  const read = async () => (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from pgboss.job where name = ${job} and state = 'completed'`))[0]!.n;
  return until(`a completed run of ${job}`, read, (n) => n > 0, ms);
}

/** How many (operator, day, bet type, currency) groups of the bets GGR roll-up differ from the same figures aggregated from the rows (0: equal). */
export async function betRollupVsRows(db: TestApp['database']['db']): Promise<number> {
  const [r] = await rowsOf<{ diff: number }>(db, sql`
    with rows as (
      select op_id, to_char(placed_at at time zone 'UTC', 'YYYY-MM-DD') as day, bet_type, currency,
        count(*)::bigint as count, sum(stake) as stakes, sum(win) as wins, sum(stake_in_usd) as su, sum(win_in_usd) as wu
      from bets where status <> 'CANCELED' group by 1, 2, 3, 4),
    roll as (select op_id, day, bet_type, currency, count, stakes, wins, stakes_in_usd as su, wins_in_usd as wu from bet_ggr_daily where count <> 0)
    select count(*)::int as diff from ((select * from rows except select * from roll) union all (select * from roll except select * from rows)) x`);
  return r!.diff;
}
