import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { migrate, openPglite, openPostgres, type Database } from '../src/db/client.js';
import { DEMO_LOGINS } from '../src/db/seed.js';
import { users } from '../src/db/schema.js';
import { createSession } from '../src/modules/auth/service.js';
import { seedDemo } from '../src/db/seed.js';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext { pitbossDump: string; pitbossTemplateDb: string; pitbossSessions: Record<string, string> }
}

/**
 * One session per demo login, made once in the seeded world: every test file's copy of the
 * database holds them, so no file logs in again (the login tests log in themselves).
 */
async function roleSessions(db: Database['db']): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const l of DEMO_LOGINS) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, l.email));
    out[l.email] = await createSession(db, u!.id, 48, '127.0.0.1');
  }
  return out;
}

/** Players in the test world: enough for paging and every state, small enough to load fast. */
export const TEST_PLAYERS = 400;

/**
 * Builds the seeded test database once. On PGlite (default) it is a data-dir dump each test
 * file loads into its own in-memory instance; with TEST_DATABASE_URL it is a template database
 * on the server from which each test file creates (and drops) its own database.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const tpl = `pitboss_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${tpl}`);
    await admin.query(`CREATE DATABASE ${tpl}`);
    const url = new URL(serverUrl);
    url.pathname = `/${tpl}`;
    const database = await openPostgres(url.toString());
    await migrate(database);
    await seedDemo(database.db, { players: TEST_PLAYERS });
    project.provide('pitbossSessions', await roleSessions(database.db));
    await database.close();
    project.provide('pitbossTemplateDb', tpl);
    project.provide('pitbossDump', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${tpl} WITH (FORCE)`);
      await admin.end();
    };
  }
  const file = path.join(os.tmpdir(), `pitboss-test-${process.pid}.tar`);
  const client = await PGlite.create('memory://');
  const database = await openPglite(client);
  await migrate(database);
  await seedDemo(database.db, { players: TEST_PLAYERS });
  project.provide('pitbossSessions', await roleSessions(database.db));
  // A checkpoint first, so that each copy starts without replaying the seed's WAL; uncompressed,
  // so that each copy is not gunzipped again (helpers.ts keeps the bytes once per test worker).
  await client.exec('CHECKPOINT');
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pitbossDump', file);
  project.provide('pitbossTemplateDb', '');
  return () => fs.rmSync(file, { force: true });
}
