/**
 * Live updates (packages/contract/src/live.ts): the platform announces each successful call of
 * an endpoint that declares a `live` topic, and `GET /api/events` streams to each signed-in
 * staff member the events of the topics they hold and the operators they may see.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_HEARTBEAT_MS, LIVE_RETRY_MS, LIVE_TOPICS, hearsTopic, type LiveEvent, type LiveTopic } from '@pitboss/contract';
import type { Db } from '../db/client.js';
import { announceLive, announceLiveSql, onInvalidate, onLive } from './cache-bus.js';
import type { AuthedUser } from './context.js';
import { allowedOperators } from './scope.js';

/** The record an answer (or the record the scope rule loaded) names: what the event points at. */
export function liveRecord(answer: unknown, found: unknown): { id: string; opId: string } | null {
  const pick = (v: unknown) => {
    const r = v as { id?: unknown; txId?: unknown; kycId?: unknown; opId?: unknown } | null | undefined;
    // A record keyed by its own name (a transaction's txId, a document's kycId) names itself by it.
    const id = r?.id ?? r?.txId ?? r?.kycId;
    return r && typeof id === 'string' && typeof r.opId === 'string' ? { id, opId: r.opId } : null;
  };
  return pick((answer as { data?: unknown } | undefined)?.data) ?? pick(found);
}

export async function announce(db: Db, e: LiveEvent): Promise<void> {
  await announceLive(db, JSON.stringify(e));
}

/** `announce` as an expression of the statement that makes the change (null where that cannot be: see announceLiveSql). */
export const announceSql = (db: Db, $: (value: unknown, cast?: string) => string, e: LiveEvent): string | null => announceLiveSql(db, $, JSON.stringify(e));

/** The topics a staff member hears: those whose page permission they hold. */
export const topicsOf = (user: AuthedUser): LiveTopic[] => LIVE_TOPICS.filter((t) => hearsTopic(t, (p) => user.permissionSet.has(p)));

/**
 * Streams the caller's events until the connection closes. The stream ends by itself when the
 * caller's session stops being valid (logout, revoke, block, a change of their account), so a
 * browser reconnects and is asked to sign in again.
 */
export async function streamEvents(db: Db, req: FastifyRequest, reply: FastifyReply, user: AuthedUser, stillValid: () => Promise<boolean>): Promise<void> {
  const topics = new Set(topicsOf(user));
  const ops = await allowedOperators(db, user);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${LIVE_RETRY_MS}\n: connected\n\n`);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(beat);
    offLive();
    offAccount();
    res.end();
  };
  const offLive = onLive(db, (payload) => {
    let e: LiveEvent;
    try { e = JSON.parse(payload) as LiveEvent; } catch { return; }
    if (!topics.has(e.topic) || (ops && !ops.has(e.opId))) return;
    res.write(`event: ${e.topic}\ndata: ${JSON.stringify(e)}\n\n`);
  });
  const recheck = () => { void stillValid().then((ok) => { if (!ok) close(); }, close); };
  const offAccount = onInvalidate(db, (msg) => {
    // Their rights changed: end the stream; the browser reconnects with the new ones.
    if (msg === 'users' || msg === `user ${user.id}`) close();
    else if (msg === '*' || msg.startsWith('session ')) recheck();
  });
  const beat = setInterval(() => { res.write(': ping\n\n'); recheck(); }, LIVE_HEARTBEAT_MS);
  req.raw.on('close', close);
}
