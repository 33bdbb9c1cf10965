// `npx tsx apps/server/bench/profile.ts list|approve|players|bets [seconds]`: the server's thread
// under a CPU profile while the bench's client (a worker thread) sends one kind of call, on
// the bench's database (BENCH_DB, built by `npm run bench`). Writes PROFILE_OUT (a .cpuprofile
// for Chrome DevTools) and prints the functions and packages that took the most time.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPostgres } from '../src/db/client.js';
import { DEMO_PASSWORD } from '../src/db/seed.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const u = new URL(adminUrl);
u.pathname = `/${process.env.BENCH_DB ?? 'pitboss_bench'}`;
const url = u.toString();
const mode = process.argv[2] ?? 'list';
const seconds = Number(process.argv[3] ?? 5);
const out = process.env.PROFILE_OUT ?? `/tmp/pitboss-${mode}.cpuprofile`;

async function main() {
  const database = await openPostgres(url);
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const worker = new Worker(new URL('./load-client.mjs', import.meta.url), { workerData: { base, dbUrl: url } });
  let next = 0;
  const pending = new Map<number, (v: unknown) => void>();
  await new Promise<void>((resolve) => worker.on('message', (m: { ready?: boolean; id?: number; result?: unknown; error?: string }) => {
    if (m.ready) return resolve();
    if (m.error) console.error(m.error);
    pending.get(m.id!)?.(m.result);
  }));
  const run = <T>(task: string, args?: unknown) => new Promise<T>((r) => { const id = next++; pending.set(id, r as never); worker.postMessage({ id, task, args }); });
  const login = async (email: string) => {
    const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
    return r.headers.get('set-cookie')!.split(';')[0]!;
  };
  const cookie = await login(mode === 'approve' ? 'admin@demo.local' : 'operator.admin@demo.local');
  let load: () => Promise<unknown>;
  if (mode === 'approve') {
    const direct = new pg.Client({ connectionString: url });
    await direct.connect();
    const n = Number(process.env.PROFILE_N ?? 1500);
    const ids = (await direct.query(`
      with w as (select id, player_id, op_id, balance from wallets where kind = 'MAIN' and currency = 'USD' and op_id = 'op-alpha' and balance >= 10 order by id limit ${n}),
      t as (insert into transactions (op_id, player_id, transaction_type, status, from_amount, from_currency, from_amount_in_usd, to_amount, to_currency,
          to_amount_in_usd, rate_to_usd, gateway, provider)
        select op_id, player_id, 'WITHDRAW', 'IN_PROGRESS', 10, 'USD', 10, 10, 'USD', 10, 1, 'cpg', 'cpg' from w returning tx_id, player_id),
      l as (insert into ledger_entries (wallet_id, player_id, op_id, amount, balance_after, currency, rate_to_usd, reason, ref_type, ref_id)
        select w.id, w.player_id, w.op_id, -10, w.balance - 10, 'USD', 1, 'WITHDRAW_HOLD', 'transaction', t.tx_id from w join t on t.player_id = w.player_id returning 1)
      select t.tx_id from t`)).rows.map((r) => r.tx_id as string);
    await direct.query(`update wallets w set balance = s.sum, updated_at = now() from (select wallet_id, sum(amount) sum from ledger_entries group by wallet_id) s
      where s.wallet_id = w.id and w.kind = 'MAIN' and w.op_id = 'op-alpha' and w.balance <> s.sum`);
    await direct.end();
    const status = process.env.PROFILE_STATUS ?? 'APPROVE';
    load = () => run('burst', { conc: 8, requests: ids.map((txId) => ({ method: 'PUT', path: '/api/transactionsV2/withdraw/in-progress', body: { txId, note: 'bench', status }, cookie, idempotencyKey: crypto.randomUUID() })) });
  } else {
    const path = mode === 'players' ? '/api/players' : mode === 'bets' ? '/api/bets/list' : '/api/transactions/list';
    const request = { path, body: { opId: 'op-alpha', includeBrands: true, limit: 50 }, cookie };
    await run('throughput', { request, seconds: 1, conc: 1 });
    load = () => run('throughput', { request, seconds, conc: Number(process.env.PROFILE_CONC ?? 1) });
  }
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const t0 = performance.now();
  const result = await load();
  const ms = performance.now() - t0;
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(out, JSON.stringify(profile));
  console.log(mode, JSON.stringify(result), `${ms.toFixed(0)} ms`, '->', out);
  summarize(profile as unknown as Profile);
  await run('close');
  await worker.terminate();
  await app.close();
  await database.close();
}

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[] }
function summarize(p: Profile) {
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFn = new Map<string, number>();
  const byPkg = new Map<string, number>();
  for (const n of p.nodes) {
    const t = self.get(n.id) ?? 0;
    const f = n.callFrame;
    const file = f.url.replace(/^file:\/\//, '').replace(/.*\/node_modules\//, 'nm:').replace(/.*\/wt\/perf\//, '');
    const key = `${f.functionName || '(anon)'} ${file}:${f.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + t);
    const pkg = f.url === '' ? (f.functionName || '(vm)') : file.startsWith('nm:') ? file.split('/').slice(0, file.startsWith('nm:@') ? 2 : 1).join('/') : file.startsWith('node:') ? 'node:' + file.slice(5).split('/')[0] : file.split('/').slice(0, 4).join('/');
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
  }
  const show = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n)
    .forEach(([k, v]) => console.log(`${(v / 1000).toFixed(0).padStart(7)} ms ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`));
  console.log(`total sampled ${(total / 1000).toFixed(0)} ms; by package:`);
  show(byPkg, 25);
  console.log('by function (self):');
  show(byFn, 45);
}

main().catch((e) => { console.error(e); process.exit(1); });
