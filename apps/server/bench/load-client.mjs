// The bench's client, in its own thread (as a separate client would be): it sends the HTTP
// calls and runs the direct SQL, so the server's thread only serves. Requests from bench.ts
// arrive as { id, task, args } messages; each answer is { id, result } or { id, error }.
//
// The calls go through Node's own HTTP client on kept-alive connections (`BENCH_HTTP_CLIENT=fetch`
// sends them through fetch instead, whose own work adds about 0.3 ms to every call: the client's
// cost, not the server's).
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const { base, dbUrl } = workerData;
// Planned per call as the server's main pool plans them (db/client.ts), or, for a statement the
// server ran on its pool that keeps plans (`planned`), on a connection that keeps them too.
const direct = new pg.Client({ connectionString: dbUrl, options: '-c plan_cache_mode=force_custom_plan' });
await direct.connect();
const keeping = new pg.Client({ connectionString: dbUrl, options: '-c plan_cache_mode=force_generic_plan' });
await keeping.connect();
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const viaFetch = process.env.BENCH_HTTP_CLIENT === 'fetch';

const call = async ({ method = 'POST', path, origin = base, body, cookie, idempotencyKey }) => {
  const headers = {};
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (viaFetch) {
    const r = await fetch(`${origin}${path}`, { method, headers, body: payload });
    const text = await r.text();
    return { ok: r.ok, status: r.status, text };
  }
  if (payload !== undefined) headers['content-length'] = Buffer.byteLength(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ ok: res.statusCode >= 200 && res.statusCode < 300, status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
};

/**
 * The SQL of a call run directly: one statement `{ text, values }` or the statements the server
 * sent for it, in order, each run as the server runs it (a named one prepared once on this
 * connection, as the server's pool does).
 */
const runSql = async (sql) => {
  for (const st of Array.isArray(sql) ? sql : [sql]) {
    await (st.planned ? keeping : direct).query(st.name ? { name: st.name, text: st.text, values: st.values } : st.text, st.name ? undefined : st.values);
  }
};

const tasks = {
  /**
   * `n` times: the call, then the same SQL run directly (and, given `floor`, the same answer from
   * a bare HTTP server: the call's HTTP hop and parse alone); times in ms (after a few unmeasured rounds).
   */
  async compare({ request, sql, n, floor }) {
    const callMs = [];
    const sqlMs = [];
    const floorMs = [];
    const timed = async (f) => { const t0 = performance.now(); await f(); return performance.now() - t0; };
    const callOnce = async (req) => {
      const r = await call(req);
      JSON.parse(r.text);
      if (!r.ok) throw new Error(`${req.path}: ${r.status} ${r.text.slice(0, 200)}`);
    };
    for (let i = 0; i < 5; i++) { await call(request); await runSql(sql); if (floor) await call(floor); }
    for (let i = 0; i < n; i++) {
      callMs.push(await timed(() => callOnce(request)));
      sqlMs.push(await timed(() => runSql(sql)));
      if (floor) floorMs.push(await timed(() => callOnce(floor)));
    }
    return { callMs, sqlMs, floorMs };
  },
  /** One call's answer (JSON). */
  async json(request) {
    const r = await call(request);
    return JSON.parse(r.text);
  },
  /** Calls per second with `conc` connections for `seconds`. */
  async throughput({ request, seconds, conc }) {
    let n = 0;
    let failed = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(Array.from({ length: conc }, async () => {
      while (performance.now() < until) { const r = await call(request); if (r.ok) n++; else failed++; }
    }));
    return { perSec: n / seconds, failed };
  },
  /** Each request once, `conc` at a time; requests per second, how many answered 2xx, and the first refusal. */
  async burst({ requests, conc }) {
    let okN = 0;
    let refusal = null;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: conc }, async (_, w) => {
      for (let i = w; i < requests.length; i += conc) {
        const r = await call(requests[i]);
        if (r.ok) okN++;
        else refusal ??= `${r.status} ${r.text.slice(0, 200)}`;
      }
    }));
    return { perSec: requests.length / ((performance.now() - t0) / 1000), okN, refusal };
  },
  /** The raw money movement: BEGIN; lock two wallet rows; two UPDATEs; COMMIT — `m` times, `conc` at a time. */
  async rawTransfers({ ids, m, conc }) {
    const pool = new pg.Pool({ connectionString: dbUrl, max: conc });
    // Connected before the clock starts (the server's pool is long connected too).
    const clients = await Promise.all(Array.from({ length: conc }, () => pool.connect()));
    const t0 = performance.now();
    await Promise.all(clients.map(async (cl, w) => {
      for (let i = w; i < m; i += conc) {
        const a = ids[i % ids.length];
        const b = ids[(i + 1) % ids.length];
        await cl.query('begin');
        await cl.query('select id from wallets where id = any($1) order by id for update', [[a, b]]);
        await cl.query('update wallets set balance = balance - 1 where id = $1', [a]);
        await cl.query('update wallets set balance = balance + 1 where id = $1', [b]);
        await cl.query('commit');
      }
      cl.release();
    }));
    const perSec = m / ((performance.now() - t0) / 1000);
    await pool.end();
    return { perSec };
  },
  async close() {
    agent.destroy();
    await direct.end();
    return null;
  },
};

parentPort.on('message', async ({ id, task, args }) => {
  try {
    parentPort.postMessage({ id, result: await tasks[task](args) });
  } catch (e) {
    parentPort.postMessage({ id, error: String(e?.stack ?? e) });
  }
});
parentPort.postMessage({ ready: true });
