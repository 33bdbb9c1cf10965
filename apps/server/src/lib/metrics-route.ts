import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { prometheusText, recordRequest, type Gauge } from './metrics.js';

const isLoopback = (ip: string) => {
  const a = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return a === '::1' || (net.isIPv4(a) && a.startsWith('127.'));
};

const sameToken = (given: string, want: string) => {
  const a = Buffer.from(given); const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Whether a /metrics caller is allowed: the METRICS_TOKEN bearer when set, else a caller on this machine (the client address after TRUST_PROXY, so a forwarded outside caller is refused). */
export function metricsAllowed(config: Pick<Config, 'METRICS_TOKEN'>, ip: string, authorization: string | undefined): boolean {
  if (config.METRICS_TOKEN) return !!authorization && sameToken(authorization, `Bearer ${config.METRICS_TOKEN}`);
  return isLoopback(ip);
}

/** Job queue depth (queued and retrying jobs by name) and, on PostgreSQL, the API pool's use. */
async function gauges(database: Database): Promise<Gauge[]> {
  const out: Gauge[] = [];
  try {
    const r = await database.db.execute(sql`select name, count(*)::int as n from pgboss.job where state in ('created', 'retry') group by name order by name`);
    const rows = ((r as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])) as { name: string; n: number }[];
    out.push({ name: 'job_queue_depth', help: 'Jobs waiting to run (queued or to retry), by job name.', values: rows.map((x) => ({ labels: { name: x.name }, value: Number(x.n) })) });
  } catch {
    out.push({ name: 'job_queue_available', help: 'Whether the job queue tables could be read (0: no queue in this database yet).', values: [{ value: 0 }] });
  }
  const pool = (database.db as unknown as { $client?: { totalCount?: number; idleCount?: number; waitingCount?: number; options?: { max?: number } } }).$client;
  if (database.kind === 'postgres' && pool && typeof pool.totalCount === 'number') {
    out.push(
      { name: 'db_pool_connections', help: 'Connections of the API pool, by state.', values: [
        { labels: { state: 'total' }, value: pool.totalCount }, { labels: { state: 'idle' }, value: pool.idleCount ?? 0 },
        { labels: { state: 'busy' }, value: pool.totalCount - (pool.idleCount ?? 0) }] },
      { name: 'db_pool_waiting', help: 'Queries waiting for a pool connection.', values: [{ value: pool.waitingCount ?? 0 }] },
      { name: 'db_pool_max', help: 'Largest size of the API pool.', values: [{ value: pool.options?.max ?? 0 }] },
    );
  }
  return out;
}

export function registerMetrics(app: FastifyInstance, config: Config, database: Database): void {
  app.addHook('onResponse', (req, reply, done) => {
    // The route pattern, never the raw URL (ids would make a series per record); unmatched URLs share one.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') recordRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', async (req, reply) => {
    if (!metricsAllowed(config, req.ip, req.headers.authorization)) {
      return reply.status(403).header('content-type', 'text/plain; charset=utf-8').send('Forbidden\n');
    }
    return reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8').header('cache-control', 'no-store').send(prometheusText(await gauges(database)));
  });
}
