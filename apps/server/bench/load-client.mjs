// The bench's client, in its own thread (as a separate client would be): it sends the HTTP
// calls and runs the direct SQL, so the server's thread only serves. Requests from bench.ts
// arrive as { id, task, args } messages; each answer is { id, result } or { id, error }.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const { base, dbUrl } = workerData;
const direct = new pg.Client({ connectionString: dbUrl });
await direct.connect();

const call = async ({ method = 'POST', path, origin = base, body, cookie, idempotencyKey }) => {
  const headers = {};
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { ok: r.ok, status: r.status, text };
};

const tasks = {
  /** `n` times: the call, then the same SQL run directly; times in ms (after a few unmeasured rounds). */
  async compare({ request, sql, n }) {
    const callMs = [];
    const sqlMs = [];
    for (let i = 0; i < 5; i++) { await call(request); await direct.query(sql.text, sql.values); }
    for (let i = 0; i < n; i++) {
      let t0 = performance.now();
      const r = await call(request);
      JSON.parse(r.text);
      if (!r.ok) throw new Error(`${request.path}: ${r.status} ${r.text.slice(0, 200)}`);
      callMs.push(performance.now() - t0);
      t0 = performance.now();
      await direct.query(sql.text, sql.values);
      sqlMs.push(performance.now() - t0);
    }
    return { callMs, sqlMs };
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
    const t0 = performance.now();
    await Promise.all(Array.from({ length: conc }, async (_, w) => {
      const cl = await pool.connect();
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
