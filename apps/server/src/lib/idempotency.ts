import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { TOPUP_MESSAGES } from '@pitboss/contract';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { HttpError } from './http.js';
import { currentUser } from './context.js';

const stable = (v: unknown): string =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v as object).sort().map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`).join(',')}}`
    : JSON.stringify(v);

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
  if (typeof key !== 'string' || key.length < 8 || key.length > 128) throw new HttpError(400, ['Idempotency-Key must be 8 to 128 characters.']);
  const me = currentUser(req);
  const route = `${req.method} ${req.routeOptions.url}`;
  const hash = createHash('sha256').update(`${route}\n${stable(req.body)}`).digest('hex');
  const replay = (row: typeof idempotencyKeys.$inferSelect) => {
    if (row.requestHash !== hash) throw new HttpError(422, [TOPUP_MESSAGES.IDEMPOTENCY_MISMATCH], 'IDEMPOTENCY_KEY_REUSED');
    reply.header('idempotent-replayed', 'true');
    if (row.statusCode && row.statusCode >= 400) {
      const b = row.response as { messages?: string[]; status?: string; data?: unknown };
      throw new HttpError(row.statusCode, b.messages ?? [], b.status, b.data ?? null);
    }
    if (row.statusCode) reply.status(row.statusCode);
    return row.response as T;
  };
  try {
    return await db.transaction(async (tx) => {
      const inserted = await tx.insert(idempotencyKeys).values({ userId: me.id, key, route, requestHash: hash })
        .onConflictDoNothing().returning({ key: idempotencyKeys.key });
      if (!inserted.length) {
        const [row] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, me.id), eq(idempotencyKeys.key, key))).limit(1);
        if (!row) throw new HttpError(409, ['Request in progress, retry.']);
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
