import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { TOPUP_MESSAGES, PLATFORM_MESSAGES } from '@pitboss/contract';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { HttpError } from './http.js';
import { isUniqueViolation } from './db-errors.js';
import { currentUser } from './context.js';
import { params, rawRowsByKey } from './query.js';

const stable = (v: unknown): string =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v as object).sort().map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`).join(',')}}`
    : JSON.stringify(v);

type KeyRow = typeof idempotencyKeys.$inferSelect;
const IN_PROGRESS = (): HttpError => new HttpError(409, [PLATFORM_MESSAGES.REQUEST_IN_PROGRESS], 'REQUEST_IN_PROGRESS');

/** The stored answer of a key (a refusal is thrown again), or 422 when the key came with another request. */
function replayOf<T>(row: KeyRow, hash: string, reply: FastifyReply): T {
  if (row.requestHash !== hash) throw new HttpError(422, [TOPUP_MESSAGES.IDEMPOTENCY_MISMATCH], 'IDEMPOTENCY_KEY_REUSED');
  if (row.statusCode === null) throw IN_PROGRESS();
  reply.header('idempotent-replayed', 'true');
  if (row.statusCode >= 400) {
    const b = row.response as { messages?: string[]; status?: string; data?: unknown };
    throw new HttpError(row.statusCode, b.messages ?? [], b.status, b.data ?? null);
  }
  reply.status(row.statusCode);
  return row.response as T;
}

/** The accepted length of an Idempotency-Key (the platform message names the same bounds). */
export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 128;

function keyOf(req: FastifyRequest): { key: string; userId: string; route: string; hash: string } | null {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX) throw new HttpError(400, [PLATFORM_MESSAGES.IDEMPOTENCY_KEY_INVALID]);
  const route = `${req.method} ${req.routeOptions.url}`;
  return { key, userId: currentUser(req).id, route, hash: createHash('sha256').update(`${route}\n${stable(req.body)}`).digest('hex') };
}

/**
 * A reserved key of a claim → call → settle mutation. Once the mutation's claim commits it sets
 * `claimed`: from then on the answer belongs to the claim's settle (the request's, or the job's
 * when the request never settles), written with `storeAnswer` in the settle transaction.
 */
export interface IdempotencySlot { userId: string; key: string; claimed: boolean }

/** Store the answer of a reserved key, unless one is stored already (first settle wins). */
export async function storeAnswer(db: Db, slot: { userId: string; key: string } | null, answer: { statusCode?: number; body: unknown }): Promise<void> {
  if (!slot) return;
  await db.update(idempotencyKeys).set({ statusCode: answer.statusCode ?? 200, response: answer.body as never })
    .where(and(eq(idempotencyKeys.userId, slot.userId), eq(idempotencyKeys.key, slot.key), isNull(idempotencyKeys.statusCode)));
}

/** Requests of this process that own a reserved key: a duplicate waits for them instead of polling. */
const owners = new Map<string, Promise<void>>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `idempotent` for mutations that call an outside service, where no transaction may stay open
 * across the call (claim → call → settle). The key row is reserved first, in its own statement;
 * `fn` runs with the reservation (`slot`, null without the header) and its settle stores the
 * answer with `storeAnswer`. A concurrent request with the same key waits (up to `waitMs`) for
 * that answer and replays it, or answers 409 "Request in progress, retry."; the same key with
 * another body is refused (422). A refusal (4xx) is stored as the answer; an unexpected error
 * before the claim frees the key (a retry runs again), after it leaves the answer to the settle.
 */
export async function idempotentSteps<T>(
  db: Db, req: FastifyRequest, reply: FastifyReply,
  fn: (slot: IdempotencySlot | null) => Promise<{ statusCode?: number; body: T }>,
  opts: { waitMs?: number } = {},
): Promise<T> {
  const k = keyOf(req);
  if (!k) {
    const res = await fn(null);
    if (res.statusCode) reply.status(res.statusCode);
    return res.body;
  }
  const where = and(eq(idempotencyKeys.userId, k.userId), eq(idempotencyKeys.key, k.key));
  const id = `${k.userId}:${k.key}`;
  const deadline = Date.now() + (opts.waitMs ?? 15_000);
  for (;;) {
    const inserted = await db.insert(idempotencyKeys).values({ userId: k.userId, key: k.key, route: k.route, requestHash: k.hash })
      .onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (inserted.length) break;
    const [row] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!row) continue; // freed meanwhile: reserve it again
    if (row.requestHash !== k.hash || row.statusCode !== null) return replayOf<T>(row, k.hash, reply);
    const left = deadline - Date.now();
    if (left <= 0) throw IN_PROGRESS();
    const owner = owners.get(id);
    await (owner ? Promise.race([owner, sleep(left)]) : sleep(Math.min(100, left)));
  }
  const slot: IdempotencySlot = { userId: k.userId, key: k.key, claimed: false };
  let done: () => void = () => {};
  owners.set(id, new Promise<void>((r) => { done = r; }));
  try {
    const res = await fn(slot);
    await storeAnswer(db, slot, res);
    if (res.statusCode) reply.status(res.statusCode);
    return res.body;
  } catch (e) {
    if (e instanceof HttpError && e.statusCode < 500) {
      await storeAnswer(db, slot, { statusCode: e.statusCode, body: { success: false, data: e.data, messages: e.messages, status: e.status } });
    } else if (!slot.claimed) {
      await db.delete(idempotencyKeys).where(and(where, isNull(idempotencyKeys.statusCode)));
    }
    throw e;
  } finally {
    owners.delete(id);
    done();
  }
}

/**
 * Run a money-moving mutation at most once per `Idempotency-Key` header (per user). The key
 * row is inserted in the mutation's own transaction: a concurrent request with the same key
 * waits on the row, then replays the stored answer; the same key with another body is refused.
 * Without the header the mutation simply runs (each call is a new movement).
 */
export async function idempotent<T>(
  db: Db, req: FastifyRequest, reply: FastifyReply,
  fn: (tx: Db) => Promise<{ statusCode?: number; body: T }>,
): Promise<T> {
  const key = req.headers['idempotency-key'];
  if (key === undefined) {
    const res = await db.transaction(async (tx) => fn(tx as unknown as Db));
    if (res.statusCode) reply.status(res.statusCode);
    return res.body;
  }
  if (typeof key !== 'string' || key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX) throw new HttpError(400, [PLATFORM_MESSAGES.IDEMPOTENCY_KEY_INVALID]);
  const me = currentUser(req);
  const route = `${req.method} ${req.routeOptions.url}`;
  const hash = createHash('sha256').update(`${route}\n${stable(req.body)}`).digest('hex');
  const replay = (row: typeof idempotencyKeys.$inferSelect) => replayOf<T>(row, hash, reply);
  try {
    return await db.transaction(async (tx) => {
      const inserted = await tx.insert(idempotencyKeys).values({ userId: me.id, key, route, requestHash: hash })
        .onConflictDoNothing().returning({ key: idempotencyKeys.key });
      if (!inserted.length) {
        const [row] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, me.id), eq(idempotencyKeys.key, key))).limit(1);
        if (!row) throw new HttpError(409, [PLATFORM_MESSAGES.REQUEST_IN_PROGRESS]);
        return replay(row);
      }
      const res = await fn(tx as unknown as Db);
      await tx.update(idempotencyKeys).set({ statusCode: res.statusCode ?? 200, response: res.body as never })
        .where(and(eq(idempotencyKeys.userId, me.id), eq(idempotencyKeys.key, key)));
      if (res.statusCode) reply.status(res.statusCode);
      return res.body;
    });
  } catch (e) {
    // A refused movement (4xx) is remembered too, so a retry answers the same refusal.
    if (e instanceof HttpError && e.statusCode < 500 && e.status !== 'IDEMPOTENCY_KEY_REUSED' && !reply.getHeader('idempotent-replayed')) {
      await db.insert(idempotencyKeys).values({
        userId: me.id, key, route, requestHash: hash, statusCode: e.statusCode,
        response: { success: false, data: e.data, messages: e.messages, status: e.status } as never,
      }).onConflictDoNothing();
    }
    throw e;
  }
}

type Params = ReturnType<typeof params>;

/**
 * What the endpoint layer adds to a one-statement movement: expressions evaluated once with the
 * answer's row, so only when the movement applied (the live announcement's pg_notify, sent at
 * commit; whether the record had a claim to drop), their values answered as `also`.
 */
export interface StatementAlso {
  selects?: ($: Params['$']) => string[];
}

const keyRowOf = async (db: Db, k: { userId: string; key: string }) =>
  (await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, k.userId), eq(idempotencyKeys.key, k.key))).limit(1))[0];

/** A unique violation (the Idempotency-Key row another request committed first), from either driver. */

/**
 * A money movement made by ONE statement (data-modifying CTEs), with `idempotent`'s guarantees
 * and one database round trip instead of a transaction's six or more: the movement, its
 * activity record and the Idempotency-Key row holding the answer are written by the same
 * statement, so they commit together or not at all.
 *
 * `build` answers the movement's CTEs and the name of the one whose row carries the answer
 * body (`answer`, jsonb, built by the database) when the movement applied; it has no row when
 * the movement's condition no longer held. The key row is inserted from that row, with no
 * ON CONFLICT: when a request with the same key committed first, the unique violation undoes
 * the whole statement and its stored answer is replayed (the same key with another request is
 * refused, 422). When nothing applied, a stored answer of the key is replayed, else
 * `refusal()` tells why (a 4xx is stored as the key's answer, as `idempotent` does).
 */
export async function idempotentStatement<T>(
  db: Db, req: FastifyRequest, reply: FastifyReply,
  build: (p: Params) => { ctes: string[]; answer: string },
  refusal: () => Promise<HttpError>,
  also: StatementAlso = {},
): Promise<{ body: T; applied: boolean; also: unknown[] }> {
  const k = keyOf(req);
  const p = params();
  const { ctes, answer } = build(p);
  const all = [...ctes];
  if (k) {
    all.push(`pitboss_key as (insert into idempotency_keys (user_id, key, route, request_hash, status_code, response)
      select ${p.$(k.userId, '::uuid')}, ${p.$(k.key, '::text')}, ${p.$(k.route, '::text')}, ${p.$(k.hash, '::text')}, 200, answer from ${answer})`);
  }
  const selects = also.selects?.(p.$) ?? [];
  const extra = selects.map((x, i) => `, ${x} as pitboss_also_${i}`).join('');
  let rows: ({ answer: T } & Record<string, unknown>)[];
  try {
    rows = await rawRowsByKey<{ answer: T } & Record<string, unknown>>(db, `with ${all.join(',\n')}\nselect answer${extra} from ${answer}`, p.values);
  } catch (e) {
    if (!k || !isUniqueViolation(e)) throw e;
    const row = await keyRowOf(db, k);
    if (!row) throw IN_PROGRESS();
    return { body: replayOf<T>(row, k.hash, reply), applied: false, also: [] };
  }
  if (rows[0]) { const r = rows[0]; return { body: r.answer, applied: true, also: selects.map((_, i) => r[`pitboss_also_${i}`]) }; }
  if (k) {
    const row = await keyRowOf(db, k);
    if (row) return { body: replayOf<T>(row, k.hash, reply), applied: false, also: [] };
  }
  const e = await refusal();
  if (k && e.statusCode < 500) {
    await db.insert(idempotencyKeys).values({
      userId: k.userId, key: k.key, route: k.route, requestHash: k.hash, statusCode: e.statusCode,
      response: { success: false, data: e.data, messages: e.messages, status: e.status } as never,
    }).onConflictDoNothing();
  }
  throw e;
}
