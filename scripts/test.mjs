// `npm test`: typecheck and lint (side by side), unit + API tests on PGlite, then the build and the
// browser tests through the built console. With DATABASE_URL, the API tests on that PostgreSQL
// server run beside all of it from the start, on one test worker: every phase leaves some of two
// cores idle (the browser phase about a fifth even so, while Chromium and the server wait on each other),
// and the PostgreSQL phase, which mostly waits on its database, fills it. A phase run beside
// others writes its output to a file, shown when it ends.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitboss-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const byKind = {};
let failedSteps = [];

const ended = (name, ok, t0) => {
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (!ok) failedSteps.push(name);
  return ok;
};

/**
 * Runs a step's command; resolves with whether it passed, once `onEnd` (given the step's output
 * handling) is done. Never `spawnSync`: a step run beside the others is timed when its end is
 * handled, which a blocked event loop would put off to the end of the foreground step.
 */
function step(name, cmd, args, env, stdio, onError, onEnd = () => {}) {
  const t0 = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio, env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    // A command that cannot start (not found) fails its step; 'close' follows the error.
    child.on('error', (err) => onError(`${name}: ${err.message}\n`));
    child.on('close', (code) => { onEnd(); resolve(ended(name, code === 0, t0)); });
  });
}

/** A step in the foreground: its output straight to the terminal. */
function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  return step(name, cmd, args, env, 'inherit', (m) => process.stdout.write(m));
}

/** `run` beside other steps: its output goes to a file and is shown, whole, when it ends. */
function runBeside(name, cmd, args, env = {}) {
  const log = path.join(outDir, `${name.replace(/\W+/g, '-')}.log`);
  const fd = fs.openSync(log, 'w');
  console.log(`\n=== ${name}: started beside the next steps ===`);
  return step(name, cmd, args, env, ['ignore', fd, fd], (m) => fs.writeSync(fd, m), () => {
    fs.closeSync(fd);
    console.log(`\n=== ${name} (ran beside the others) ===`);
    process.stdout.write(fs.readFileSync(log, 'utf8'));
  });
}

// The browser tests run E2E_WORKERS files at once (default 2: one file leaves the two cores partly idle while its
// page waits on debounces, polls and countdowns), each against a server of its own.
// vitest runs cores − 1 test files at once by default: one on a 2-core machine. The API files spend much
// of their time waiting on the database, so two at once finish the PGlite phase in about 70 % of the time.
const workers = Math.max(2, os.availableParallelism() - 1);

/** vitest's arguments for `projects`, with a JSON report to count the tests by kind. */
function vitestArgs(name, projects, maxWorkers) {
  const file = path.join(outDir, `${name.replace(/\W+/g, '-')}.json`);
  return { file, args: ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), `--maxWorkers=${maxWorkers}`, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`] };
}

function count(file, env) {
  if (!fs.existsSync(file)) { totals.failed++; return; }
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
}

async function vitest(name, projects, env = {}, maxWorkers = workers) {
  const { file, args } = vitestArgs(name, projects, maxWorkers);
  await run(name, 'npx', args, env);
  count(file, env);
}

async function vitestBeside(name, projects, env = {}, maxWorkers = workers) {
  const { file, args } = vitestArgs(name, projects, maxWorkers);
  await runBeside(name, 'npx', args, env);
  count(file, env);
}

const t0 = Date.now();
const onPostgres = process.env.DATABASE_URL
  ? vitestBeside('api tests (PostgreSQL server)', ['api'], { TEST_DATABASE_URL: process.env.DATABASE_URL }, 1)
  : (console.log('\n(DATABASE_URL not set: the API suite runs on PGlite only)'), Promise.resolve());
// Typecheck and lint side by side (lint's output first, then the typecheck's).
await Promise.all([runBeside('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']), runBeside('lint', 'npx', ['eslint', '.'])]);
await vitest('unit and api tests (PGlite)', ['unit', 'api']);
// The build checks the console's JavaScript budget (apps/web/scripts/budget.mjs) and compiles the server.
if (await run('build (console budget, server)', 'npm', ['run', 'build'])) await vitest('browser tests (Chromium)', ['e2e'], {}, Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 2));
await onPostgres;

fs.rmSync(outDir, { recursive: true, force: true });
console.log('\nTests by kind:', Object.entries(byKind).map(([k, v]) => `${k} ${v.passed}/${v.passed + v.failed}`).join(', '));
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''} in ${((Date.now() - t0) / 60000).toFixed(1)} minutes`);
process.exit(failedSteps.length || totals.failed || totals.passed === 0 ? 1 : 0);
