/**
 * Staff sessions as their owner and the admins see them. A session's public `id` is the first
 * characters of its key (the sha256 of its cookie token): enough to name it, never the token.
 */
import { and, desc, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import { SESSION_HANDLE_LENGTH, type SessionRow } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { loginChallenges, sessions } from '../../db/schema.js';

export const sessionHandle = (sid: string): string => sid.slice(0, SESSION_HANDLE_LENGTH);
const byHandle = (handle: string) => sql`left(${sessions.id}, ${SESSION_HANDLE_LENGTH}) = ${handle}`;

/** The account's unexpired sessions, most recently used first (`current`: the caller's own session). */
export async function sessionsOf(db: Db, userId: string, currentSid: string | null): Promise<SessionRow[]> {
  const rows = await db.select().from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.createdAt));
  return rows.map((r) => ({
    id: sessionHandle(r.id), createdAt: r.createdAt.toISOString(), lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    expiresAt: r.expiresAt.toISOString(), ip: r.ip, userAgent: r.userAgent, current: r.id === currentSid,
  }));
}

/**
 * Ends sessions of one account (never another's, whatever handle is sent): the one named by
 * `handle`, or all of them; `keep` is never ended (the caller's own). Answers what ended.
 */
export async function endSessions(db: Db, userId: string, o: { handle?: string; keep?: string | null }): Promise<{ ip: string | null; userAgent: string | null }[]> {
  const where: (SQL | undefined)[] = [eq(sessions.userId, userId)];
  if (o.handle) where.push(byHandle(o.handle));
  if (o.keep) where.push(ne(sessions.id, o.keep));
  const gone = await db.delete(sessions).where(and(...where)).returning({ ip: sessions.ip, userAgent: sessions.userAgent });
  // A sign-in waiting for its code would start a session after this: it ends too when all do.
  if (!o.handle) await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  return gone;
}
