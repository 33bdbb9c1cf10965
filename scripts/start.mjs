// `npm start`: build the console and compile the server when their sources changed (or were
// never built), then run the compiled server, which serves console and API on one origin.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

/** Runs `npm run build -w <workspace>` when `output` is missing or older than any of `sources`. */
function buildIfStale(label, workspace, output, sources) {
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  const out = path.join(root, output);
  if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= newest) return;
  console.log(`Building the ${label}...`);
  const res = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

buildIfStale('console', 'apps/web', 'apps/web/dist/index.html', ['apps/web', 'packages/contract/src']);
buildIfStale('server', 'apps/server', 'apps/server/dist/main.js', ['apps/server/src', 'apps/server/scripts', 'apps/server/package.json', 'packages/contract/src']);

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
