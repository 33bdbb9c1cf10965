// `npm test`: typecheck, lint, unit + API tests on PGlite, the API tests again on a PostgreSQL
// server when DATABASE_URL is set, then the build and the browser tests through the built console.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitboss-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const byKind = {};
let failedSteps = [];

function run(name, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${res.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (res.status !== 0) failedSteps.push(name);
  return res.status === 0;
}

// The browser tests run E2E_WORKERS files at once (default 1; more only pays with more cores), each against a server of its own.
// vitest runs cores − 1 test files at once by default: one on a 2-core machine. The API files spend much
// of their time waiting on the database, so two at once finish the PGlite phase in about 70 % of the time.
const workers = Math.max(2, os.availableParallelism() - 1);

function vitest(name, projects, env = {}, maxWorkers = workers) {
  const file = path.join(outDir, `${name.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), `--maxWorkers=${maxWorkers}`, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  run(name, 'npx', args, env);
  if (fs.existsSync(file)) {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const f of r.testResults ?? []) {
      for (const a of f.assertionResults ?? []) {
        const kind = /\/e2e\//.test(f.name) ? 'browser' : /\/test\//.test(f.name) ? (env.TEST_DATABASE_URL ? 'api-postgres' : 'api') : 'unit';
        byKind[kind] ??= { passed: 0, failed: 0 };
        if (a.status === 'passed') { totals.passed++; byKind[kind].passed++; }
        else if (a.status === 'failed') { totals.failed++; byKind[kind].failed++; }
        else totals.skipped++;
      }
    }
  } else totals.failed++;
}

run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
run('lint', 'npx', ['eslint', '.']);
vitest('unit and api tests (PGlite)', ['unit', 'api']);
if (process.env.DATABASE_URL) vitest('api tests (PostgreSQL server)', ['api'], { TEST_DATABASE_URL: process.env.DATABASE_URL });
else console.log('\n(DATABASE_URL not set: the API suite ran on PGlite only)');
// The build checks the console's JavaScript budget (apps/web/scripts/budget.mjs) and compiles the server.
if (run('build (console budget, server)', 'npm', ['run', 'build'])) vitest('browser tests (Chromium)', ['e2e'], {}, Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1));

fs.rmSync(outDir, { recursive: true, force: true });
console.log('\nTests by kind:', Object.entries(byKind).map(([k, v]) => `${k} ${v.passed}/${v.passed + v.failed}`).join(', '));
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps.length || totals.failed || totals.passed === 0 ? 1 : 0);
