/**
 * Where statements are planned (lib/query.ts): on PostgreSQL the main pool plans every call for its
 * scope, while statements that reach every row by key (one-statement money movements, scoped
 * record lookups) run on the pool that keeps generic plans; on PGlite both are the one connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { keyDbOf, rawRows, rawRowsByKey, rowsOf } from '../src/lib/query.js';
import { makeApp } from './support.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const MODE = "select current_setting('plan_cache_mode') as mode";

describe('plans', () => {
  it('lists and scoped queries are planned per call; statements by key keep their generic plan (PostgreSQL)', async () => {
    const db = t.database.db;
    const [main] = await rawRows<{ mode: string }>(db, MODE, []);
    const [byKey] = await rawRowsByKey<{ mode: string }>(db, MODE, []);
    const [lookups] = await rowsOf<{ mode: string }>(keyDbOf(db), sql.raw(MODE));
    if (t.database.kind === 'postgres') {
      expect(main!.mode).toBe('force_custom_plan');
      expect(byKey!.mode).toBe('auto');
      expect(lookups!.mode).toBe('auto');
      expect(keyDbOf(db)).not.toBe(db);
    } else {
      // The embedded database: one connection for everything.
      expect(keyDbOf(db)).toBe(db);
      expect(byKey!.mode).toBe(main!.mode);
    }
  });
});
