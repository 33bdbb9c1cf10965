// `npm run bench`: builds (or reuses) a large data set on a PostgreSQL server and measures the
// transactions and players list calls against the same SQL run directly, at the first page and a
// deep page, the floor of such a call (the same answer from a bare HTTP server), the database
// round trips of one call, calls per second under 8 connections, and money movements per
// second against a raw two-row-lock transfer. Numbers, not assertions.
// The server runs in this thread; its client (HTTP calls and the direct SQL) in a worker thread.
//
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: the bench creates
//   and keeps the database BENCH_DB, default `pitboss_bench`, there), BENCH_PLAYERS (default
//   1,000,000), BENCH_TX (default 10,000,000), BENCH_REBUILD=1 to drop and regenerate.
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate, openPostgres } from '../src/db/client.js';
import { DEMO_OPERATORS, DEMO_PASSWORD, seedDemo } from '../src/db/seed.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const TX = Number(process.env.BENCH_TX ?? 10_000_000);
const DB = process.env.BENCH_DB ?? 'pitboss_bench';
/** Bets generated on the server (the issue asks 50,000,000: `BENCH_BETS=50000000`; the default is modest). */
const BETS = Number(process.env.BENCH_BETS ?? 2_000_000);

const log = (...a: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!; };
const fmt = (xs: number[]) => `median ${pct(xs, 50).toFixed(2)} ms, p95 ${pct(xs, 95).toFixed(2)} ms`;

async function ensureData(url: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DB])).rowCount === 1;
  if (exists && process.env.BENCH_REBUILD === '1') await admin.query(`drop database ${DB} with (force)`);
  if (!exists || process.env.BENCH_REBUILD === '1') await admin.query(`create database ${DB}`);
  await admin.end();
  const database = await openPostgres(url);
  await migrate(database);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const have = Number((await c.query(`select count(*)::int n from players where player_code like 'B%'`)).rows[0].n);
  if ((await c.query('select count(*)::int n from users')).rows[0].n === 0) await seedDemo(database.db, { players: 0 });
  // A data set already there is kept unless its size is asked for: a run without BENCH_PLAYERS
  // never replaces a smaller set with the default one (generating that takes about 15 minutes).
  if (have > 0 && have < PLAYERS && process.env.BENCH_PLAYERS === undefined) {
    log(`using the data set already in ${DB} (${have.toLocaleString()} players; BENCH_PLAYERS=${PLAYERS} or BENCH_REBUILD=1 regenerates it)`);
  } else if (have < PLAYERS) {
    log(`generating ${PLAYERS.toLocaleString()} players and ${TX.toLocaleString()} transactions (once; kept in database ${DB})...`);
    const ops = DEMO_OPERATORS.filter((o) => o.kind === 'OPERATOR' || o.kind === 'BRAND').map((o) => `'${o.opId}'`).join(',');
    await c.query(`delete from players where player_code like 'B%'`);
    await c.query('set maintenance_work_mem = \'1GB\'');
    let t0 = performance.now();
    await c.query(`insert into players (id, player_code, op_id, username, email, is_test, is_verified, created_at, updated_at, last_activity_at)
      select gen_random_uuid(), 'B' || g, (array[${ops}])[1 + g % 9], 'user' || g, 'user' || g || '@bench.local', g % 10 = 0, g % 3 = 0,
             now() - (g % 500000) * interval '1 minute', now(), now()
      from generate_series(1, ${PLAYERS}) g`);
    log(`players: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    t0 = performance.now();
    await c.query(`with w as (
        insert into wallets (player_id, op_id, kind, currency, balance) select id, op_id, 'MAIN', 'USD', 1000 from players where player_code like 'B%'
        returning id, player_id, op_id)
      insert into ledger_entries (wallet_id, player_id, op_id, amount, balance_after, currency, rate_to_usd, reason)
      select id, player_id, op_id, 1000, 1000, 'USD', 1, 'BENCH_OPENING' from w`);
    await c.query('analyze players, wallets, ledger_entries');
    log(`wallets + ledger: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    t0 = performance.now();
    // The roll-ups' change trigger would append a row per generated row: off while generating,
    // then the rows' figures are appended in one statement (by the trigger's own writer, tx_rollup_append) and folded in one pass.
    await c.query('alter table transactions disable trigger tx_rollup_insert');
    await c.query(`create temp table pmap as select row_number() over () as rn, id, op_id from players where player_code like 'B%'`);
    await c.query('create index on pmap (rn)');
    const step = 1_000_000;
    for (let from = 1; from <= TX; from += step) {
      const to = Math.min(TX, from + step - 1);
      await c.query(`insert into transactions (op_id, player_id, transaction_type, status, from_amount, from_currency, from_amount_in_usd,
          to_amount, to_currency, to_amount_in_usd, rate_to_usd, gateway, created_at, updated_at)
        select p.op_id, p.id, (array['DEPOSIT','WITHDRAW','TOPUP','BONUS','CASHBACK'])[1 + g % 5],
               (array['CONFIRMED','CONFIRMED','CONFIRMED','REJECTED','PENDING','IN_PROGRESS','CANCELED'])[1 + g % 7],
               (g % 100000) / 100.0, 'USD', (g % 100000) / 100.0, (g % 100000) / 100.0, 'USD', (g % 100000) / 100.0, 1,
               (array['cpg','jb','tomani','witcher'])[1 + g % 4], now() - (g % 5000000) * interval '5 second', now()
        from generate_series(${from}, ${to}) g join pmap p on p.rn = 1 + (g % ${PLAYERS})`);
      log(`transactions ${to.toLocaleString()}`);
    }
    await c.query('alter table transactions enable trigger tx_rollup_insert');
    await c.query(`do $$ begin perform tx_rollup_append(1, t, p) from transactions t join players p on p.id = t.player_id
      where not t.is_deleted and p.player_code like 'B%'; end $$`);
    await c.query('select fold_tx_rollups(2147483647)');
    log(`transactions: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // Fresh statistics and visibility map before measuring (autovacuum would take its time).
    t0 = performance.now();
    await c.query('vacuum analyze');
    log(`vacuum analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const haveBets = Number((await c.query(`select count(*)::bigint n from bets where bet_id like 'BB%'`)).rows[0].n);
  if (haveBets > 0 && haveBets < BETS && process.env.BENCH_BETS === undefined) {
    log(`using the bets already in ${DB} (${haveBets.toLocaleString()}; BENCH_BETS=${BETS} generates them again)`);
  } else if (haveBets < BETS) {
    log(`generating ${BETS.toLocaleString()} bets over the last year (once; kept in database ${DB})...`);
    const t0 = performance.now();
    await c.query(`delete from bets where bet_id like 'BB%'`);
    // As for transactions: the roll-up trigger is off while generating, then rebuilt from the rows in one pass.
    await c.query('alter table bets disable trigger bet_ggr_bet');
    // The leaderboard trigger too; the tournaments whose period the generated bets fall into are rebuilt once after.
    await c.query('alter table bets disable trigger tournament_bet');
    // And the game catalogue of the game title autocomplete, filled once after from the rows.
    await c.query('alter table bets disable trigger bet_games_bet');
    // The secondary indexes go while the rows are written and are built once after (each is one
    // sort instead of 50 million random inserts: at this scale the inserts slow to minutes per
    // million). Their definitions are kept in a table first, so a run stopped midway rebuilds them.
    await c.query('create table if not exists bench_dropped_indexes (name text primary key, def text not null)');
    await c.query(`insert into bench_dropped_indexes (name, def) select indexname, indexdef from pg_indexes
      where schemaname = 'public' and tablename = 'bets' and indexname not in (select conname from pg_constraint where conrelid = 'bets'::regclass)
      on conflict do nothing`);
    for (const r of (await c.query('select name from bench_dropped_indexes')).rows) await c.query(`drop index if exists "${r.name}"`);
    await c.query(`create temp table if not exists bmap as select row_number() over () as rn, id, op_id from players where player_code like 'B%'`);
    await c.query('create index if not exists bmap_rn on bmap (rn)');
    const n = Number((await c.query('select count(*)::bigint n from bmap')).rows[0].n);
    const step = 1_000_000;
    for (let from = 1; from <= BETS; from += step) {
      const to = Math.min(BETS, from + step - 1);
      await c.query(`insert into bets (bet_id, op_id, player_id, bet_type, game_title, provider, is_single, event, tournament, sport_type,
          stake, win, currency, rate_to_usd, stake_in_usd, win_in_usd, status, placed_at, settled_at)
        select 'BB' || g, p.op_id, p.id, case when g % 5 < 3 then 'CASINO' else 'SPORT' end,
               case when g % 5 < 3 then (array['Gates of Olympus','Sweet Bonanza','Crazy Time','Starburst'])[1 + g % 4] end,
               case when g % 5 < 3 then (array['Pragmatic Play','Pragmatic Play','Evolution','NetEnt'])[1 + g % 4] end,
               g % 3 <> 0,
               case when g % 5 >= 3 and g % 3 <> 0 then (array['Real Madrid vs Barcelona','Lakers vs Celtics','Djokovic vs Alcaraz'])[1 + g % 3] end,
               case when g % 5 >= 3 and g % 3 <> 0 then (array['La Liga','NBA','Wimbledon'])[1 + g % 3] end,
               case when g % 5 >= 3 and g % 3 <> 0 then (array['Football','Basketball','Tennis'])[1 + g % 3] end,
               (1 + g % 10000) / 100.0, case when g % 7 < 3 then (1 + g % 10000) / 50.0 else 0 end, 'USD', 1,
               (1 + g % 10000) / 100.0, case when g % 7 < 3 then (1 + g % 10000) / 50.0 else 0 end,
               (array['WON','WON','WON','LOST','LOST','OPEN','CANCELED'])[1 + g % 7],
               now() - (g::float8 / ${BETS}) * interval '365 days',
               -- an OPEN bet is not settled yet (settled_at null), as the seed and Settle Open Bet write it
               case when 1 + g % 7 = 6 then null else now() end
        from generate_series(${from}, ${to}) g join bmap p on p.rn = 1 + (g % ${n})`);
      log(`bets ${to.toLocaleString()}`);
    }
    await c.query(`set maintenance_work_mem = '1GB'`);
    for (const r of (await c.query('select name, def from bench_dropped_indexes')).rows) {
      const t1 = performance.now();
      await c.query(r.def);
      await c.query('delete from bench_dropped_indexes where name = $1', [r.name]);
      log(`index ${r.name}: ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    }
    await c.query('alter table bets enable trigger bet_ggr_bet');
    await c.query('alter table bets enable trigger tournament_bet');
    await c.query('alter table bets enable trigger bet_games_bet');
    await c.query('insert into bet_games (op_id, game_title) select distinct op_id, game_title from bets where game_title is not null on conflict do nothing');
    await c.query('select tournament_rebuild(id) from tournaments where finalized_at is null');
    await c.query('delete from bet_ggr_daily');
    await c.query(`insert into bet_ggr_daily (op_id, day, bet_type, currency, count, stakes, wins, stakes_in_usd, wins_in_usd)
      select op_id, to_char(placed_at at time zone 'UTC', 'YYYY-MM-DD'), bet_type, currency, count(*), sum(stake), sum(win), sum(stake_in_usd), sum(win_in_usd)
      from bets where status <> 'CANCELED' group by 1, 2, 3, 4`);
    await c.query('vacuum analyze bets, bet_ggr_daily');
    log(`bets: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  // Indexes a stopped run left dropped (its rows were all written) are built now.
  await c.query('create table if not exists bench_dropped_indexes (name text primary key, def text not null)');
  for (const r of (await c.query('select name, def from bench_dropped_indexes')).rows) {
    await c.query(r.def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    await c.query('delete from bench_dropped_indexes where name = $1', [r.name]);
    log(`index ${r.name} rebuilt`);
  }
  await c.end();
  return database;
}

/**
 * CPU time spent from now until the answer's call, per operation: this process (the server and
 * its client thread) and the PostgreSQL server's processes (read from /proc: a server on this
 * machine, as the bench's default is).
 */
function cpuMeter() {
  const TICK_MS = 10; // USER_HZ 100
  const pgMs = () => {
    let ticks = 0;
    try {
      for (const d of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(d)) continue;
        try {
          const st = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
          if (!st.includes('(postgres)')) continue;
          const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
          ticks += Number(f[11]) + Number(f[12]);
        } catch { /* ended meanwhile */ }
      }
    } catch { return NaN; }
    return ticks * TICK_MS;
  };
  // The machine's busy time (every process, those that ended meanwhile too: a pool's backends).
  const busyMs = () => {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return (f[0]! + f[1]! + f[2]! + f[5]! + f[6]!) * TICK_MS;
  };
  const pg0 = pgMs();
  const busy0 = busyMs();
  const me0 = process.cpuUsage();
  return (ops: number) => {
    const me = process.cpuUsage(me0);
    const per = (ms: number) => (ms / ops).toFixed(2);
    return `machine ${per(busyMs() - busy0)} ms: Node ${per((me.user + me.system) / 1000)} ms (server and client), PostgreSQL ${per(pgMs() - pg0)} ms (its lasting processes)`;
  };
}

/** The bench's client thread (load-client.mjs): its calls take no CPU from the server's thread. */
async function startClient(base: string, dbUrl: string) {
  const worker = new Worker(new URL('./load-client.mjs', import.meta.url), { workerData: { base, dbUrl } });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: { ready?: boolean; id?: number; result?: unknown; error?: string }) => {
      if (m.ready) { resolve(); return; }
      const p = pending.get(m.id!);
      pending.delete(m.id!);
      if (m.error) p?.reject(new Error(m.error)); else p?.resolve(m.result);
    });
  });
  const run = <T>(task: string, args?: unknown) => new Promise<T>((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    worker.postMessage({ id, task, args });
  });
  return { run, close: async () => { await run('close'); await worker.terminate(); } };
}

async function main() {
  const u = new URL(adminUrl);
  u.pathname = `/${DB}`;
  const url = u.toString();
  const database = await ensureData(url);
  const direct = new pg.Client({ connectionString: url });
  await direct.connect();
  const sizes = (await direct.query(`select (select count(*) from players)::bigint players, (select count(*) from transactions)::bigint transactions, (select count(*) from bets)::bigint bets,
    pg_size_pretty(pg_database_size(current_database())) size`)).rows[0];
  log(`data set: ${Number(sizes.players).toLocaleString()} players, ${Number(sizes.transactions).toLocaleString()} transactions, ${Number(sizes.bets).toLocaleString()} bets, ${sizes.size}`);
  // The bench's server runs no job queue: the roll-ups' pending changes are folded here, as the job would have.
  const { foldTxRollups } = await import('../src/db/rollups.js');
  log(`roll-up changes folded before measuring: ${(await foldTxRollups(database.db)).toLocaleString()}`);

  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const client = await startClient(base, url);
  const login = async (email: string) => {
    const r = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
    return r.headers.get('set-cookie')!.split(';')[0]!;
  };
  const cookie = await login('operator.admin@demo.local');
  const adminCookie = await login('admin@demo.local');
  const N = Number(process.env.BENCH_N ?? 100);
  const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino', 'alpha-partner'];
  const txList = (extra: Record<string, unknown> = {}) => ({ path: '/api/transactions/list', body: { opId: 'op-alpha', includeBrands: true, limit: 50, ...extra }, cookie });
  const playersList = (extra: Record<string, unknown> = {}) => ({ path: '/api/players', body: { opId: 'op-alpha', includeBrands: true, limit: 50, ...extra }, cookie });

  // The statements the server's pg clients send while one call runs (text, values and, for a
  // prepared one, its name), in order: a call's own SQL, to run directly beside it.
  // `planned`: sent on the server's pool that keeps plans (not planned per call), run so directly too.
  type Statement = { name?: string; text: string; values: unknown[]; planned?: boolean };
  /** A call's answer, its text as the server sends it uncompressed. */
  const answerOf = async (request: { path: string; body: unknown; cookie: string }) =>
    (await fetch(`${base}${request.path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: request.cookie }, body: JSON.stringify(request.body) })).text();
  const statementsOf = async (request: { path: string; body: unknown }, c = cookie) => {
    const sent: Statement[] = [];
    const clientQuery = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [q, v] = args as [string | Statement, unknown[] | undefined];
      const planned = !String((this as unknown as { connectionParameters: { options?: string } }).connectionParameters.options ?? '').includes('force_custom_plan');
      sent.push(typeof q === 'string' ? { text: q, values: v ?? [], planned } : { name: q.name, text: q.text, values: q.values ?? v ?? [], planned });
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as never;
    try {
      await answerOf({ ...request, cookie: c });
    } finally {
      pg.Client.prototype.query = clientQuery;
    }
    return sent;
  };

  // `BENCH_ONLY=approvals`: the money movements alone (the list calls, totals, bets and throughput are skipped);
  // `BENCH_ONLY=lists`: the calls without the money movements.
  const only = process.env.BENCH_ONLY;
  if (only !== 'approvals') {
  // Database round trips of one call: every query the server's pg clients send while it runs.
  for (const [label, request] of [['players list (operator + brands)', playersList()], ['transactions list (operator + brands)', txList()]] as const) {
    const c = await login('operator.admin@demo.local'); // a new session: its first call looks the session up
    const first = (await statementsOf(request, c)).length;
    log(`round trips of one call, ${label}: ${(await statementsOf(request, c)).length} (${first} on the first call of a session)`);
  }

  const compare = async (label: string, request: unknown, sqlText: string | Statement[], values: unknown[] = [], n = N) => {
    const sql = typeof sqlText === 'string' ? { text: sqlText, values } : sqlText;
    const { callMs, sqlMs } = await client.run<{ callMs: number[]; sqlMs: number[] }>('compare', { request, sql, n });
    log(`${label}: call ${fmt(callMs)} | ${typeof sqlText === 'string' ? 'same SQL direct' : `its ${sqlText.length} statement(s) direct, prepared as the server's`} ${fmt(sqlMs)} | call/SQL medians ${(pct(callMs, 50) / pct(sqlMs, 50)).toFixed(2)}`);
  };
  /** An HTTP server on this thread that answers `body` to every request and does nothing else: a call's floor. */
  const bareServer = async (body: string) => {
    const server = http.createServer((req, res) => { req.resume(); req.on('end', () => { res.setHeader('content-type', 'application/json; charset=utf-8'); res.end(body); }); });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => server.close() };
  };
  /**
   * A call against the statements it sent itself (captured from a call made just before, its
   * session already cached), and against its floor: the same answer's bytes from a bare HTTP
   * server on this thread (the HTTP hop and the client's parse, nothing else). What the call costs
   * above its floor and its SQL is the server's own work.
   */
  const compareOwn = async (label: string, request: { path: string; body: unknown; cookie: string }) => {
    await statementsOf(request);
    const sql = await statementsOf(request);
    const answer = await answerOf(request);
    const bare = await bareServer(answer);
    const floor = { origin: bare.origin, path: '/', body: request.body };
    const { callMs, sqlMs, floorMs } = await client.run<{ callMs: number[]; sqlMs: number[]; floorMs: number[] }>('compare', { request, sql, n: N, floor });
    bare.close();
    const [c, q, f] = [pct(callMs, 50), pct(sqlMs, 50), pct(floorMs, 50)];
    const kept = sql.filter((st) => st.planned).length;
    log(`${label}: call ${fmt(callMs)} | its ${sql.length} statement(s) direct, prepared as the server's${kept ? ` (${kept} on a connection keeping plans, as the server's)` : ''} ${fmt(sqlMs)} | call/SQL medians ${(c / q).toFixed(2)}`
      + ` | floor (its ${(answer.length / 1024).toFixed(0)} kB from a bare HTTP server) ${fmt(floorMs)}: (call − floor)/SQL ${((c - f) / q).toFixed(2)}, server's own work ${(c - f - q).toFixed(2)} ms`);
  };

  // Each operator's newest rows from its own index range, merged (as the call reads them).
  const txSql = (keyset: boolean) => `select t.*, p.player_code, p.username, p.email from (
      select k.tx_id, k.created_at from unnest($1::text[]) as s(op) cross join lateral (
        select t.tx_id, t.created_at from transactions t
        where t.op_id = s.op and t.is_deleted = false ${keyset ? 'and (t.created_at, t.tx_id) < ($2::timestamptz, $3::uuid)' : ''}
        order by t.created_at desc, t.tx_id desc limit ${keyset ? '51' : '51 + $2::int'}) k
      order by k.created_at desc, k.tx_id desc limit 51 ${keyset ? '' : 'offset $2'}
    ) k join transactions t on t.tx_id = k.tx_id join players p on p.id = t.player_id order by t.created_at desc, t.tx_id desc`;
  for (const [label, page] of [['first page', 1], ['deep page (200)', 200]] as const) {
    await compare(`transactions list, ${label}`, txList({ page }), txSql(false), [ALPHA, (page - 1) * 50]);
    await compareOwn(`transactions list, ${label}, against its own statements`, txList({ page }));
  }
  // The floor of any call: the same first-page answer (its bytes, headers aside) from an HTTP
  // server on this thread that does nothing else: one HTTP hop and the client's JSON parse.
  {
    const body = await answerOf(txList());
    const bare = await bareServer(body);
    await compare(`HTTP floor: the first page's ${(body.length / 1024).toFixed(0)} kB answered by a bare HTTP server`, { origin: bare.origin, path: '/', body: txList().body }, txSql(false), [ALPHA, 0]);
    bare.close();
  }
  // Keyset: the same deep page reached through `nextCursor` (no OFFSET).
  {
    let cursor: string | null = null;
    for (let p = 1; p < 200; p++) {
      const r: { data: { nextCursor: string | null } } = await client.run('json', txList(cursor ? { cursor } : {}));
      cursor = r.data.nextCursor;
    }
    const [at, id] = cursor!.split('|');
    await compare('transactions list, deep page (200) by keyset cursor', txList({ cursor }), txSql(true), [ALPHA, at, id]);
    await compareOwn('transactions list, deep page (200) by keyset cursor, against its own statements', txList({ cursor }));
  }

  // The players list: the page with each player's MAIN balances (by currency, in USD) and KYC counts.
  const playersSql = `select p.*, w.by_currency, w.usd, k.kyc from (
      select * from players where op_id = any($1) order by created_at desc, id desc limit 51 offset $2) p
    left join lateral (select json_object_agg(w.currency, w.balance) by_currency, round(coalesce(sum(w.balance * coalesce(r.rate_to_usd, 0)), 0), 2) usd
      from wallets w left join currency_rates r on r.currency = w.currency where w.player_id = p.id and w.kind = 'MAIN') w on true
    left join lateral (select json_agg(s) kyc from (select status, count(*) n from kyc_records where player_id = p.id group by status) s) k on true
    order by p.created_at desc, p.id desc`;
  for (const [label, page] of [['first page', 1], ['deep page (200)', 200]] as const) {
    await compare(`players list, ${label}`, playersList({ page }), playersSql, [ALPHA, (page - 1) * 50]);
    await compareOwn(`players list, ${label}, against its own statements`, playersList({ page }));
  }

  // Totals of the list (operator + brands): the call reads the roll-up; the direct SQL aggregates the rows.
  {
    const { callMs, sqlMs } = await client.run<{ callMs: number[]; sqlMs: number[] }>('compare', {
      request: { path: '/api/transactions/total', body: { opId: 'op-alpha', includeBrands: true }, cookie },
      sql: { text: 'select status, to_currency, count(*), sum(to_amount_in_usd) from transactions where op_id = any($1) and is_deleted = false group by 1, 2', values: [ALPHA] },
      n: 10,
    });
    log(`transactions totals (operator + brands): call from the roll-up ${fmt(callMs)} | aggregate of the rows direct ${fmt(sqlMs)}`);
  }

  // Bets: the list call against the same SQL (first page, deep page by OFFSET and by keyset), and
  // a one-year GGR by operator from the roll-up against the same figure aggregated from the rows.
  {
    const betsList = (extra: Record<string, unknown> = {}) => ({ path: '/api/bets/list', body: { opId: 'op-alpha', includeBrands: true, limit: 50, ...extra }, cookie });
    // The same joins as the call: the player, the bet's operator and its parent (the operator column names both).
    const betsSql = (keyset: boolean) => `select b.*, p.player_code, o.title, po.title as parent_title from bets b join players p on p.id = b.player_id
      join operators o on o.op_id = b.op_id left join operators po on po.op_id = o.parent_op_id
      where b.op_id = any($1) ${keyset ? 'and (b.placed_at, b.id) < ($2::timestamptz, $3::uuid)' : ''}
      order by b.placed_at desc, b.id desc limit 51 ${keyset ? '' : 'offset $2'}`;
    for (const [label, page] of [['first page', 1], ['deep page (200)', 200]] as const) {
      await compare(`bets list, ${label}`, betsList({ page }), betsSql(false), [ALPHA, (page - 1) * 50]);
    }
    await compareOwn('bets list, first page, against its own statements', betsList({ page: 1 }));
    let cursor: string | null = null;
    for (let p = 1; p < 200; p++) {
      const r: { data: { nextCursor: string | null } } = await client.run('json', betsList(cursor ? { cursor } : {}));
      cursor = r.data.nextCursor;
    }
    const [at, id] = cursor!.split('|');
    await compare('bets list, deep page (200) by keyset cursor', betsList({ cursor }), betsSql(true), [ALPHA, at, id]);
    await compareOwn('bets list, deep page (200) by keyset cursor, against its own statements', betsList({ cursor }));
    const time = async (text: string) => {
      const ms: number[] = [];
      let rows: { op_id: string; ggr: string }[] = [];
      for (let i = 0; i < 3; i++) { const t0 = performance.now(); rows = (await direct.query(text)).rows; ms.push(performance.now() - t0); }
      return { ms, rows };
    };
    const fromRollup = await time(`select op_id, sum(stakes_in_usd - wins_in_usd)::text ggr from bet_ggr_daily
      where day >= to_char(now() at time zone 'UTC' - interval '1 year', 'YYYY-MM-DD') group by 1 order by 1`);
    const fromRows = await time(`select op_id, sum(stake_in_usd - win_in_usd)::text ggr from bets
      where status <> 'CANCELED' and placed_at >= date_trunc('day', now() at time zone 'UTC' - interval '1 year') at time zone 'UTC' group by 1 order by 1`);
    const same = JSON.stringify(fromRollup.rows) === JSON.stringify(fromRows.rows);
    log(`one-year GGR by operator: roll-up ${fmt(fromRollup.ms)} | aggregate of the rows ${fmt(fromRows.ms)} | figures ${same ? 'equal' : 'DIFFER'}`);
  }

  // The CPU one list call costs the machine: Node (the server, and the client that parses the
  // answer) and PostgreSQL, 300 first pages one at a time.
  for (const [label, request] of [['transactions', txList()], ['players', playersList()], ['bets', { ...txList(), path: '/api/bets/list' }]] as const) {
    const meter = cpuMeter();
    const r = await client.run<{ okN: number }>('burst', { conc: 1, requests: Array.from({ length: 300 }, () => request) });
    log(`CPU of one ${label} list call (first page, ${r.okN}/300 ok): ${meter(300)}`);
  }

  // Calls per second under 8 connections.
  for (const [label, request] of [
    ['GET /api/health (one query, no session)', { method: 'GET', path: '/api/health' }],
    ['GET /api/users/me/check (the session only)', { method: 'GET', path: '/api/users/me/check', cookie }],
    ['transactions list, first page', txList()],
    ['players list, first page', playersList()],
  ] as const) {
    const r = await client.run<{ perSec: number; failed: number }>('throughput', { request, seconds: 3, conc: 8 });
    log(`throughput, ${label}, 8 connections: ${r.perSec.toFixed(0)} calls/s${r.failed ? ` (${r.failed} failed)` : ''}`);
  }

  }

  if (only === 'lists') { await client.close(); await direct.end(); await app.close(); await database.close(); return; }

  // Approvals per second: staff settling IN_PROGRESS withdrawals through the in-progress call
  // (APPROVE = conditional status change + audit; REJECT = that plus the refund to the wallet),
  // against a raw two-row-lock transfer in the same run. They are Bravo's (an operator the
  // lists above do not cover), so the lists' first pages stay the generated rows from
  // one run to the next; the tables they churned are vacuumed after (see the end).
  const MONEY_OP = 'op-bravo';
  const K = Number(process.env.BENCH_APPROVALS ?? 1000);
  /** Unmeasured settlements of each kind first: the measured ones run warm, as a server that has been up a while does. */
  const W = 200;
  const conc = 8;
  const made = (await direct.query(`
    with w as (
      select id, player_id, op_id, balance from wallets where kind = 'MAIN' and currency = 'USD' and op_id = '${MONEY_OP}' and balance >= 10
      order by id limit ${2 * (K + W)}
    ), t as (
      insert into transactions (op_id, player_id, transaction_type, status, from_amount, from_currency, from_amount_in_usd, to_amount, to_currency,
        to_amount_in_usd, rate_to_usd, gateway, provider)
      select op_id, player_id, 'WITHDRAW', 'IN_PROGRESS', 10, 'USD', 10, 10, 'USD', 10, 1, 'cpg', 'cpg' from w returning tx_id, player_id, op_id
    ), l as (
      insert into ledger_entries (wallet_id, player_id, op_id, amount, balance_after, currency, rate_to_usd, reason, ref_type, ref_id)
      select w.id, w.player_id, w.op_id, -10, w.balance - 10, 'USD', 1, 'WITHDRAW_HOLD', 'transaction', t.tx_id from w join t on t.player_id = w.player_id returning wallet_id
    )
    select t.tx_id from t`)).rows.map((r) => r.tx_id as string);
  // Keep wallets equal to their ledger: apply the holds just written.
  await direct.query(`update wallets w set balance = s.sum, updated_at = now() from (select wallet_id, sum(amount) sum from ledger_entries group by wallet_id) s
    where s.wallet_id = w.id and w.kind = 'MAIN' and w.op_id = '${MONEY_OP}' and w.balance <> s.sum`);
  // A money call: each settlement sends its own Idempotency-Key, as the console does.
  const settle = async (ids: string[], status: 'APPROVE' | 'REJECT') => {
    const r = await client.run<{ perSec: number; okN: number; refusal: string | null }>('burst', {
      conc, requests: ids.map((txId) => ({
        method: 'PUT', path: '/api/transactionsV2/withdraw/in-progress', body: { txId, note: 'bench', status }, cookie: adminCookie, idempotencyKey: crypto.randomUUID(),
      })),
    });
    if (r.okN !== ids.length) log(`in-progress ${status}: ${ids.length - r.okN} refused, the first: ${r.refusal}`);
    return r;
  };
  await settle(made.slice(2 * K, 2 * K + W), 'APPROVE');
  await settle(made.slice(2 * K + W, 2 * K + 2 * W), 'REJECT');
  const approveCpu = cpuMeter();
  const approve = await settle(made.slice(0, K), 'APPROVE');
  const approveCost = approveCpu(K);
  const reject = await settle(made.slice(K, 2 * K), 'REJECT');
  const ids = (await direct.query(`select id from wallets where kind = 'MAIN' and op_id = '${MONEY_OP}' limit 200`)).rows.map((r) => r.id as string);
  await client.run<{ perSec: number }>('rawTransfers', { ids, m: 2 * W, conc });
  const rawCpu = cpuMeter();
  const raw = await client.run<{ perSec: number }>('rawTransfers', { ids, m: 2 * K, conc });
  const rawCost = rawCpu(2 * K);
  log(`approvals (${conc} concurrent): in-progress APPROVE ${approve.perSec.toFixed(0)}/s (${approve.okN}/${K} ok), REJECT with refund ${reject.perSec.toFixed(0)}/s (${reject.okN}/${K} ok) | raw two-row-lock transfer ${raw.perSec.toFixed(0)}/s | APPROVE at ${((100 * approve.perSec) / raw.perSec).toFixed(0)} % of raw`);
  log(`CPU of one: APPROVE ${approveCost} | raw transfer ${rawCost}`);
  // The raw transfers moved money without ledger entries: put those balances back.
  await direct.query(`update wallets w set balance = s.sum from (select wallet_id, sum(amount) sum from ledger_entries where wallet_id = any($1) group by wallet_id) s where s.wallet_id = w.id`, [ids]);
  // What the approvals churned, vacuumed and analyzed as the maintenance job would (the next run measures clean tables).
  const { maintainTables } = await import('../src/db/maintenance.js');
  await foldTxRollups(database.db);
  const kept = await maintainTables(database.db);
  log(`maintenance after the approvals: vacuumed ${kept.vacuumed.join(', ') || 'none'}; analyzed ${kept.analyzed.join(', ') || 'none'}`);
  const { reconcile } = await import('../src/modules/wallet/ledger.js');
  const rec = await reconcile(database.db);
  log(`reconciliation after the bench: ${rec.problems.length === 0 ? 'ok' : `${rec.problems.length} wallets differ`} (${rec.wallets.toLocaleString()} wallets)`);

  await client.close();
  await direct.end();
  await app.close();
  await database.close();
}

main().catch((e) => { console.error(e); process.exit(1); });
