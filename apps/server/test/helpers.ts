import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../src/db/seed.js';
import { activities } from '../src/db/schema.js';
import { startJobs, type Jobs, type JobsOptions } from '../src/jobs/index.js';
import { desc } from 'drizzle-orm';
import { inject } from 'vitest';
import './global-setup.js';

export type Login = (typeof DEMO_LOGINS)[number]['email'];

/**
 * A Blob over bytes already in memory whose `arrayBuffer()` answers those bytes as they are.
 * PGlite reads the data directory it loads through `arrayBuffer()`, which on Node 20's own Blob
 * copies through a stream: 0.6–0.8 s for the seeded world's 72 MB, on every database opened.
 * Handing the bytes to Blob's own constructor as well would copy them again (0.2–0.3 s per copy
 * measured), so its other readers refuse instead of answering an empty Blob.
 */
export class BytesBlob extends Blob {
  readonly #data: ArrayBuffer;
  constructor(data: ArrayBuffer) { super([]); this.#data = data; }
  override arrayBuffer(): Promise<ArrayBuffer> { return Promise.resolve(this.#data); }
  override get size(): number { return this.#data.byteLength; }
  override stream(): never { return refuse(); }
  override text(): never { return refuse(); }
  override slice(): never { return refuse(); }
}
const refuse = (): never => { throw new Error('BytesBlob is read through arrayBuffer() only'); };

/** A file's bytes as a BytesBlob (read from disk once per test worker). */
const dumpBlob = (file: string): Blob => {
  if (dumpBytes?.file !== file) {
    const buf = fs.readFileSync(file);
    dumpBytes = { file, bytes: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) };
  }
  return new BytesBlob(dumpBytes.bytes);
};
let dumpBytes: { file: string; bytes: ArrayBuffer } | undefined;

/**
 * A test database of its own on PGlite: the seeded world's data directory (`dump`, an
 * uncompressed tarball) loaded into a new in-memory instance. PGlite's WebAssembly is compiled
 * once per test worker (the files of a worker share its modules) instead of once per file: about
 * 1 s less per database opened.
 */
export async function openPgliteCopy(dump: Blob): Promise<Database> {
  const modules = await (pgliteModules ??= (async () => {
    const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
    const compile = (file: string) => WebAssembly.compile(fs.readFileSync(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]) };
  })());
  return openPglite(await PGlite.create('memory://', { loadDataDir: dump, ...modules }));
}
let pgliteModules: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;

/** A fresh Idempotency-Key header: every call that moves money needs one (a new key = a new movement). */
export const idemKey = (): Record<string, string> => ({ 'idempotency-key': `test-${crypto.randomUUID()}` });

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Session cookie of a demo login (a fixture session made once in the seeded world; logs in only if it is gone). */
  cookie(email: Login): Promise<string>;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts?: { as?: Login; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse & { body: string; json(): any }>;
  lastActivity(): Promise<typeof activities.$inferSelect | undefined>;
  /** The job queue, when asked for (`makeTestApp({ jobs: true })`). */
  jobs: Jobs | null;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Start the job queue on the test database (polling every 0.5 s unless told). */
  jobs?: boolean | JobsOptions;
  /** Configuration variables (as in the environment). */
  env?: Record<string, string>;
  /** Serve a console build from this folder (none by default unless apps/web/dist is built). */
  webDist?: string;
}

/** A fresh server on its own copy of the seeded test database. */
export async function makeTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  let database: Database;
  let dropDb: (() => Promise<void>) | null = null;
  const tpl = inject('pitbossTemplateDb');
  if (tpl && process.env.TEST_DATABASE_URL) {
    const name = `pitboss_t_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tpl}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString());
    dropDb = async () => { await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); await admin.end(); };
  } else {
    const dump = inject('pitbossDump');
    if (!dump) throw new Error('global setup did not run');
    database = await openPgliteCopy(dumpBlob(dump));
  }
  const config = loadConfig({ LOG_LEVEL: 'silent', ...opts.env } as NodeJS.ProcessEnv);
  const app = await buildApp(config, database, { webDist: opts.webDist });
  await app.ready();
  const jobs = opts.jobs ? await startJobs(database, config, { pollSeconds: 0.5, ...(opts.jobs === true ? {} : opts.jobs) }) : null;
  const cookies = new Map<string, string>();
  // One fixture per role: the sessions made in the seeded world (see global-setup.ts).
  for (const [email, token] of Object.entries(inject('pitbossSessions') ?? {})) cookies.set(email, `pitboss_session=${token}`);
  const cookie = async (email: Login) => {
    const cached = cookies.get(email);
    if (cached) return cached;
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.body}`);
    const c = res.cookies.find((x) => x.name === 'pitboss_session');
    const v = `pitboss_session=${c!.value}`;
    cookies.set(email, v);
    return v;
  };
  return {
    app, database, cookie,
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.as) headers.cookie = await cookie(opts.as);
      const res = await app.inject({ method, url, headers, ...(opts.body !== undefined ? { payload: opts.body as never } : {}) });
      return res as never;
    },
    async lastActivity() {
      return (await database.db.select().from(activities).orderBy(desc(activities.id)).limit(1))[0];
    },
    jobs,
    async close() {
      await app.close();
      await jobs?.stop();
      await database.close();
      if (dropDb) await dropDb();
    },
  };
}
