import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext { baseURLs: string[]; browserWSEndpoint: string }
}

/**
 * How many browser test files run at once (vitest's maxWorkers for the e2e project): each worker
 * gets a server and embedded database of its own, so files never share a server's state with a
 * file running beside them. `E2E_WORKERS` (default 2: one file at a time left the two cores
 * partly idle, its pages waiting on debounces, polls and countdowns: 510 s for the whole phase
 * against 291 s with two, on an idle 2-core machine).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 2);

const root = path.resolve(import.meta.dirname, '..');

const freePort = () => new Promise<number>((resolve, reject) => {
  const s = net.createServer();
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
  s.on('error', reject);
});

/** Starts the real server (built console + compiled API) on a fresh embedded database; answers its URL and how to stop it. */
async function startServer(): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitboss-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_PLAYERS: '600', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  // The compiled server, as `npm start` runs it (`npm run build` writes it, with the console, before the browser tests).
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` before the browser tests');
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch { /* not yet */ }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseURL,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, as the console's staff would not run it: no sandbox, no GPU, no background traffic. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * One server per e2e worker, started side by side (test workers pick theirs by VITEST_POOL_ID, see
 * browser.ts), and one Chromium for the whole run: each test worker connects to it once, and each
 * test session opens a browser context of its own on it (cookies, storage and cache apart), which
 * takes about 0.7 s where launching a Chromium took about 1.5 s.
 */
export default async function setup(project: TestProject) {
  const [browser, ...servers] = await Promise.all([
    chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS }),
    ...Array.from({ length: E2E_WORKERS }, () => startServer()),
  ] as const);
  project.provide('baseURLs', servers.map((s) => s!.baseURL));
  project.provide('browserWSEndpoint', browser.wsEndpoint());
  return async () => { await Promise.all([browser.close(), ...servers.map((s) => s!.stop())]); };
}
