// `npx tsx apps/server/bench/inflight.ts`: on the embedded PGlite (one connection), how long an
// unrelated `GET /api/users/me` takes while 20 withdrawal confirmations wait on their payment
// provider. Numbers, not assertions. The job queue runs, as with `npm start`.
//
//   INFLIGHT_CONFIRMS (default 20), INFLIGHT_ROUNDS (default 5), PAYMENTS_SIMULATOR_LATENCY_MS
//   (the simulated provider's answer time, default 150 ms), INFLIGHT_PLAYERS (default 300).
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate, openPglite } from '../src/db/client.js';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed.js';
import { transactions, wallets } from '../src/db/schema.js';
import { postEntry, toUsd } from '../src/modules/wallet/ledger.js';
import { providerFor } from '../src/integrations/payments/index.js';
import { startJobs } from '../src/jobs/index.js';

const CONFIRMS = Number(process.env.INFLIGHT_CONFIRMS ?? 20);
const ROUNDS = Number(process.env.INFLIGHT_ROUNDS ?? 5);
const PLAYERS = Number(process.env.INFLIGHT_PLAYERS ?? 300);
process.env.PAYMENTS_SIMULATOR_LATENCY_MS ??= '150';

const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!; };
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function main() {
  const database = await openPglite(await PGlite.create('memory://'));
  await migrate(database);
  await seedDemo(database.db, { players: PLAYERS });
  const config = loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  const app = await buildApp(config, database);
  await app.ready();
  // As `npm start` runs: the job queue polls the same PGlite connection.
  const jobs = await startJobs(database, config);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.local', password: DEMO_PASSWORD } });
  const cookie = `pitboss_session=${login.cookies.find((c) => c.name === 'pitboss_session')!.value}`;
  const db = database.db;

  /** A PENDING cpg withdrawal holding 10.00 of a wallet (picked at random among those holding 100 or more). */
  async function withdrawal(): Promise<string> {
    const [w] = await db.select().from(wallets).where(and(eq(wallets.kind, 'MAIN'), sql`${wallets.balance} >= 100`)).orderBy(sql`random()`).limit(1);
    const txId = crypto.randomUUID();
    await db.transaction(async (tx) => {
      const e = await postEntry(tx as never, { playerId: w!.playerId, opId: w!.opId, kind: 'MAIN', currency: w!.currency, amount: '-10.00', reason: 'WITHDRAW_HOLD', refType: 'transaction', refId: txId });
      const usd = toUsd('10.00', e.rate);
      await tx.insert(transactions).values({
        txId, opId: w!.opId, playerId: w!.playerId, transactionType: 'WITHDRAW', status: 'PENDING', fromAmount: '10.00', fromCurrency: w!.currency,
        fromAmountInUsd: usd, toAmount: '10.00', toCurrency: w!.currency, toAmountInUsd: usd, rateToUsd: e.rate, provider: 'cpg', gateway: 'cpg',
      });
    });
    return txId;
  }
  const me = async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`users/me ${res.statusCode}`);
    return performance.now() - t0;
  };

  // Learn when a provider call has started: the unrelated call is sent while one is in flight.
  const sim = providerFor('cpg');
  const withdraw = sim.withdraw.bind(sim);
  let started: () => void = () => {};
  sim.withdraw = (req) => { started(); return withdraw(req); };

  const idle: number[] = [];
  for (let i = 0; i < 10; i++) idle.push(await me());
  const during: number[] = [];
  const batches: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ids = await Promise.all(Array.from({ length: CONFIRMS }, withdrawal));
    const inFlight = new Promise<void>((r) => { started = r; });
    const t0 = performance.now();
    // A money call: each confirmation carries its own Idempotency-Key.
    const confirms = ids.map((txId) => app.inject({
      method: 'PUT', url: '/api/transactionsV2/withdraw/cpg', headers: { cookie, 'idempotency-key': crypto.randomUUID() }, payload: { txId, actionType: 'confirm' },
    }));
    // A refused confirmation never reaches the provider: then the round stops here with its answer, instead of waiting.
    const all = Promise.all(confirms);
    await Promise.race([inFlight, all]);
    during.push(await me());
    const done = await all;
    batches.push(performance.now() - t0);
    const bad = done.filter((r) => r.statusCode !== 200);
    if (bad.length) throw new Error(`confirm answered ${bad[0]!.statusCode}: ${bad[0]!.body}`);
  }
  console.log(`provider latency ${process.env.PAYMENTS_SIMULATOR_LATENCY_MS} ms, ${CONFIRMS} concurrent confirms, ${ROUNDS} rounds (PGlite, in-process)`);
  console.log(`GET /api/users/me idle:                 median ${ms(pct(idle, 50))}, max ${ms(Math.max(...idle))}`);
  console.log(`GET /api/users/me during the confirms:  median ${ms(pct(during, 50))}, max ${ms(Math.max(...during))}  [${during.map(ms).join(', ')}]`);
  console.log(`${CONFIRMS} confirms, wall time:            median ${ms(pct(batches, 50))}, max ${ms(Math.max(...batches))}`);
  await app.close();
  await jobs.stop();
  await database.close();
}

main().catch((e: unknown) => { console.error(e); process.exit(1); });
