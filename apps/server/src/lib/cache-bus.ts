/**
 * In-process caches (sessions, operators) and their invalidation across processes.
 *
 * Every API process keeps small caches of hot, rarely changing rows. A change made by any
 * process must drop them everywhere at once, so invalidations travel on a PostgreSQL
 * channel: each process LISTENs on a dedicated connection (not a pool client) and a change
 * is announced with pg_notify after its commit. Every process acknowledges each
 * announcement once its caches dropped the entry, and the announcing call waits for as many
 * acknowledgements as there are listening processes (counted in pg_stat_activity: the API
 * processes connect as one database role), at most 1 s: when a logout or a block answers,
 * no process serves the old session any more. On the embedded PGlite the server is the
 * only process, so an invalidation is applied locally and nothing is sent.
 *
 * A cache may only serve entries while the bus is live (PGlite: always; PostgreSQL: while
 * the LISTEN connection is up): a process that could miss an invalidation caches nothing.
 * Losing the connection flushes every cache; the bus reconnects by itself.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from './query.js';

export const CACHE_CHANNEL = 'pitboss_cache';
/** The application_name of the LISTEN connections (how the processes count each other). */
const BUS_APPLICATION = 'pitboss-cache-bus';

/**
 * What changed. `session <id>`: a session ended (logout); `user <id>`: a user changed
 * (blocked, role, permissions, timezone, operator); `users`: every user (a role template's
 * permissions); `operators`: the operators table; `*`: everything (local only: bus lost).
 */
export type Invalidation = `session ${string}` | `user ${string}` | 'users' | 'operators' | '*';
type Handler = (msg: Invalidation) => void;

interface Bus {
  /** True while every invalidation of every process reaches this one. */
  live: boolean;
  handlers: Set<Handler>;
  /** Announces to every process (PostgreSQL) and answers how many processes listen; absent on PGlite. */
  send?: (payload: string) => Promise<number>;
  /** Announcements waiting for the processes' acknowledgements. */
  waiting: Map<string, { acks: number; expected: number; done: () => void }>;
  stop: () => Promise<void>;
}

const buses = new WeakMap<object, Bus>();
const localBus = (): Bus => ({ live: true, handlers: new Set(), waiting: new Map(), stop: async () => {} });

function busOf(db: Db): Bus {
  let b = buses.get(db);
  // A database opened without a bus (scripts): single-process semantics, like PGlite.
  if (!b) { b = localBus(); buses.set(db, b); }
  return b;
}

function deliver(b: Bus, msg: Invalidation) {
  for (const h of b.handlers) {
    try { h(msg); } catch { /* a cache handler never throws; keep delivering */ }
  }
}

/** Whether caches of this database may serve entries now. */
export const cacheLive = (db: Db): boolean => busOf(db).live;

/** Registers a cache's invalidation handler (once per cache and database); answers how to remove it. */
export function onInvalidate(db: Db, handler: Handler): () => void {
  const b = busOf(db);
  b.handlers.add(handler);
  return () => { b.handlers.delete(handler); };
}

/**
 * Live announcements (live-events.ts) travel on a channel of their own, on the same LISTEN
 * connection: every process hears every announcement, its own included. Without a bus
 * (PGlite: one process) they are delivered here at once. Announce after the commit.
 */
export const LIVE_CHANNEL = 'pitboss_live';
const liveHandlers = new WeakMap<object, Set<(payload: string) => void>>();

function deliverLive(db: Db, payload: string) {
  for (const h of liveHandlers.get(db) ?? []) {
    try { h(payload); } catch { /* one listener never stops the others */ }
  }
}

export function onLive(db: Db, handler: (payload: string) => void): () => void {
  let set = liveHandlers.get(db);
  if (!set) { set = new Set(); liveHandlers.set(db, set); }
  set.add(handler);
  return () => { set.delete(handler); };
}

/**
 * The announcement as an SQL expression (pg_notify, delivered when its statement commits) for a
 * statement to evaluate itself, saving a round trip; null where announcements do not go through
 * the database (the embedded one: `announceLive` delivers them in this process).
 */
export function announceLiveSql(db: Db, $: (value: unknown, cast?: string) => string, payload: string): string | null {
  return busOf(db).send ? `pg_notify(${$(LIVE_CHANNEL, '::text')}, ${$(payload, '::text')})` : null;
}

export async function announceLive(db: Db, payload: string): Promise<void> {
  if (!busOf(db).send) { deliverLive(db, payload); return; }
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

const ACK_WAIT_MS = 1_000;

/**
 * Announces a change: applied to this process's caches at once, then to every other
 * process's. Call it after the change committed. Resolves when every listening process
 * acknowledged it (or after 1 s: a process that stopped answering has lost its LISTEN
 * connection, and then serves nothing from its caches, or is stuck).
 */
export async function invalidate(db: Db, msg: Exclude<Invalidation, '*'>): Promise<void> {
  const b = busOf(db);
  deliver(b, msg);
  if (!b.send) return;
  const nonce = randomBytes(6).toString('hex');
  let timer: NodeJS.Timeout | undefined;
  const w = { acks: 0, expected: Number.POSITIVE_INFINITY, done: () => {} };
  const acked = new Promise<void>((resolve) => {
    w.done = resolve;
    timer = setTimeout(resolve, ACK_WAIT_MS);
  });
  b.waiting.set(nonce, w);
  try {
    w.expected = Math.max(1, await b.send(`${nonce} ${msg}`));
    if (w.acks >= w.expected) w.done();
    if (b.live) await acked;
  } finally {
    clearTimeout(timer);
    b.waiting.delete(nonce);
  }
}

/**
 * PostgreSQL: LISTEN on a dedicated connection; reconnects with a back-off while the
 * database is open. Resolves once listening (or after the first failure: the caches then
 * stay off until the connection is back).
 */
export async function attachPgBus(db: Db, url: string): Promise<void> {
  const b = busOf(db);
  b.live = false;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;
  b.send = async (payload) => {
    const [r] = await rowsOf<{ n: number }>(db, sql`select pg_notify(${CACHE_CHANNEL}, ${payload}),
      (select count(*)::int from pg_stat_activity where datname = current_database() and application_name = ${BUS_APPLICATION}) as n`);
    return r?.n ?? 1;
  };

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    b.live = false;
    deliver(b, '*');
    c.end().catch(() => {});
    if (!stopped) {
      retry = setTimeout(() => { void connect(); }, delay);
      delay = Math.min(delay * 2, 10_000);
    }
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, application_name: BUS_APPLICATION });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (n.channel === LIVE_CHANNEL && n.payload) { deliverLive(db, n.payload); return; }
      if (n.channel !== CACHE_CHANNEL || !n.payload) return;
      const sp = n.payload.indexOf(' ');
      const head = n.payload.slice(0, sp);
      const rest = n.payload.slice(sp + 1);
      if (head === 'ack') {
        const w = b.waiting.get(rest);
        if (w && ++w.acks >= w.expected) w.done();
        return;
      }
      deliver(b, rest as Invalidation);
      // Dropped here: tell the announcer.
      c.query('select pg_notify($1, $2)', [CACHE_CHANNEL, `ack ${head}`]).catch(() => {});
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${CACHE_CHANNEL}`);
      await c.query(`LISTEN ${LIVE_CHANNEL}`);
      if (stopped || client !== c) { await c.end().catch(() => {}); return; }
      delay = 250;
      // Anything loaded while the bus was down may be stale.
      deliver(b, '*');
      b.live = true;
    } catch {
      lost(c);
    }
  };
  b.stop = async () => {
    stopped = true;
    clearTimeout(retry);
    b.live = false;
    deliver(b, '*');
    const c = client;
    client = null;
    if (c) await c.end().catch(() => {});
  };
  await connect();
}

/** Ends the LISTEN connection (database close). */
export async function detachBus(db: Db): Promise<void> {
  const b = buses.get(db);
  if (b) await b.stop();
}

/**
 * A small cache of one database's entries, with a time to live, dropped by invalidations.
 * `load` results are stored only when no invalidation arrived while loading (a change
 * committed meanwhile could otherwise be hidden by the stale row).
 */
export class LiveCache<K, V> {
  private readonly entries = new Map<K, { v: V; until: number }>();
  /** Bumped by every invalidation: a load that started before it is not stored. */
  generation = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly max: number,
    onMessage: (cache: LiveCache<K, V>, msg: Invalidation) => void,
  ) {
    onInvalidate(db, (msg) => { this.generation++; onMessage(this, msg); });
  }

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= Date.now() || !cacheLive(this.db)) { this.entries.delete(key); return undefined; }
    return e.v;
  }

  /** Stores `v` if the cache is live and nothing was invalidated since `generation` was read. */
  set(key: K, v: V, generation: number, ttlMs = this.ttlMs): void {
    if (generation !== this.generation || !cacheLive(this.db) || ttlMs <= 0) return;
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { v, until: Date.now() + ttlMs });
  }

  delete(key: K): void { this.entries.delete(key); }
  deleteWhere(pred: (v: V, k: K) => boolean): void { for (const [k, e] of this.entries) if (pred(e.v, k)) this.entries.delete(k); }
  clear(): void { this.entries.clear(); }
  get size(): number { return this.entries.size; }
}
