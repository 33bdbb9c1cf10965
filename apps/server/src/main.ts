import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.js';
import { migrate, openPglite, openPostgres } from './db/client.js';
import { DEMO_LOGINS, DEMO_PASSWORD, isEmpty, seedDemo } from './db/seed.js';
import { buildApp } from './app.js';
import { startJobs } from './jobs/index.js';
import { maintainTables } from './db/maintenance.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const t0 = Date.now();
  let database;
  if (config.DATABASE_URL) {
    database = await openPostgres(config.DATABASE_URL);
  } else {
    const dir = path.resolve(config.DATA_DIR, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    database = await openPglite(dir);
  }
  await migrate(database);
  const empty = await isEmpty(database.db);
  const shouldSeed = empty && (database.kind === 'pglite' || config.SEED_DEMO === '1');
  if (shouldSeed) {
    console.log(`Seeding the demo world (${config.DEMO_PLAYERS} players)...`);
    await seedDemo(database.db, { players: config.DEMO_PLAYERS });
  }
  // Planner statistics: the embedded database has no autovacuum (seedDemo analyzes what it wrote).
  await maintainTables(database.db);
  const app = await buildApp(config, database, { logger: true });
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`\nPitboss console: http://localhost:${config.PORT}  (database: ${database.kind}, ready in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (shouldSeed || database.kind === 'pglite') {
    console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_LOGINS) console.log(`  ${u.role.padEnd(17)} ${u.email}${u.opId ? `  (${u.opId})` : ''}`);
  }
  // Background work (provider settlement, planner statistics, the demo activity simulator) on the PostgreSQL-backed queue.
  const jobs = await startJobs(database, config, { log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) } });
  if (config.ACTIVITY_SIMULATOR_SECONDS > 0) console.log(`Activity simulator: one event every ${config.ACTIVITY_SIMULATOR_SECONDS} s.`);
  const stop = async () => { await app.close(); await jobs.stop(); await database.close(); process.exit(0); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
