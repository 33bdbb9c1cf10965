/**
 * Where statements are planned (lib/query.ts): on PostgreSQL the main pool plans every call for its
 * values, while statements with one best plan for any values (one-statement money movements,
 * scoped record lookups, the lists' unfiltered first and cursor pages) run on the pool that uses
 * generic plans; on PGlite both are the one connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { keyDbOf, rawRows, rawRowsByKey, rowsOf } from '../src/lib/query.js';
import { transactionsListBody } from '@pitboss/contract';
import { transactionsPage } from '../src/modules/transactions/repo.js';
import { makeApp } from './support.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const MODE = "select current_setting('plan_cache_mode') as mode";
/** The suite runs on the PostgreSQL server too (`TEST_DATABASE_URL`); the embedded database has no plan cache modes to compare. */
const ON_POSTGRES = !!process.env.TEST_DATABASE_URL;

describe('plans', () => {
  it('the main pool plans every call; the other forces generic plans (PostgreSQL)', async () => {
    const db = t.database.db;
    const [main] = await rawRows<{ mode: string }>(db, MODE, []);
    const [byKey] = await rawRowsByKey<{ mode: string }>(db, MODE, []);
    const [lookups] = await rowsOf<{ mode: string }>(keyDbOf(db), sql.raw(MODE));
    if (t.database.kind === 'postgres') {
      expect(main!.mode).toBe('force_custom_plan');
      expect(byKey!.mode).toBe('force_generic_plan');
      expect(lookups!.mode).toBe('force_generic_plan');
      expect(keyDbOf(db)).not.toBe(db);
    } else {
      // The embedded database: one connection for everything.
      expect(keyDbOf(db)).toBe(db);
      expect(byKey!.mode).toBe(main!.mode);
    }
  });

  describe('the transactions list', () => {
    const ALPHA = ['op-alpha', 'alpha-bet', 'alpha-casino', 'alpha-partner'];
    const page = (body: Record<string, unknown>, scope: string[] | null = ALPHA) => transactionsPage(transactionsListBody.parse({ limit: 50, ...body }), scope, 'UTC');

    it('unfiltered pages from the first row or a cursor are planned once, their page size in the text; filtered, OFFSET and odd-sized pages per call', () => {
      const first = page({});
      expect(first.planned).toBe(true);
      expect(first.text).toMatch(/limit 51\b/);
      expect(first.values.some((v) => v === 51)).toBe(false);
      expect(page({}, null).planned).toBe(true);
      for (const body of [{ status: 'PENDING' }, { transactionType: 'WITHDRAW' }, { isTest: 'true' }, { quickTime: 'TODAY' }, { page: 2 }, { limit: 7 }]) {
        expect(page(body).planned, JSON.stringify(body)).toBe(false);
      }
    });

    it.runIf(ON_POSTGRES)("a cursor page's generic plan reads each operator's own index range, never every operator's rows by time (PostgreSQL)", async () => {
      const [last] = await rowsOf<{ at: string; id: string }>(t.database.db, sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') at, tx_id::text id from transactions where op_id = 'op-alpha' order by created_at desc, tx_id desc offset 10 limit 1`);
      expect(last, 'a transaction of op-alpha').toBeDefined();
      const { encodeCursor } = await import('../src/platform/list.js');
      const st = page({ cursor: encodeCursor([last!.at], last!.id) });
      expect(st.planned).toBe(true);
      // The per-operator scan's order and cursor name the operator, so only its own index gives
      // them: a plan made for no operator in particular cannot walk the index by time alone (on 2
      // million rows that plan took 978 ms; this small world's planner picks right either way).
      expect(st.text).toContain('order by t.op_id desc, t.created_at desc, t.tx_id desc');
      expect(st.text).toMatch(/\(t\.op_id, t\.created_at, t\.tx_id\) < \(s\.op, /);
      const pool = (keyDbOf(t.database.db) as unknown as { $client: { connect(): Promise<{ query(q: string | { name?: string; text: string; values?: unknown[] }): Promise<{ rows: Record<string, string>[] }>; release(): void }> } }).$client;
      const client = await pool.connect();
      try {
        await client.query({ text: `prepare tx_page as ${st.text}` });
        const lit = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? `'{${v.join(',')}}'` : `'${String(v)}'`);
        const plan = (await client.query(`explain execute tx_page(${st.values.map(lit).join(', ')})`)).rows.map((r) => Object.values(r)[0]).join('\n');
        await client.query('deallocate tx_page');
        expect(plan).toContain('tx_op_created_idx');
        expect(plan).not.toContain('tx_created_idx');
      } finally {
        client.release();
      }
    });
  });

  describe("the list builder's pages (PostgreSQL)", () => {
    /** Where each statement reading bets ran during a call: 'kept' (the generic-plan pool) or 'per call'. */
    async function poolsOf(body: Record<string, unknown>, as: 'operator.admin@demo.local' | 'superadmin@demo.local' = 'operator.admin@demo.local', url = '/api/bets/list', table = /from "bets"/) {
      const pg = (await import('pg')).default;
      const seen: string[] = [];
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: { connectionParameters: { options?: string } }, ...args: unknown[]) {
        const q = args[0] as string | { text: string };
        const text = typeof q === 'string' ? q : q.text;
        if (table.test(text)) seen.push(String(this.connectionParameters.options ?? '').includes('force_generic_plan') ? 'kept' : 'per call');
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as never;
      try {
        const res = await t.call('POST', url, { as, body });
        expect(res.statusCode, res.body).toBe(200);
        return { seen, items: res.json().data.items as { id: string; playerCode?: string }[], next: res.json().data.nextCursor as string | null };
      } finally {
        pg.Client.prototype.query = query;
      }
    }

    it.runIf(ON_POSTGRES)('an unfiltered first or cursor page of several operators keeps its plan; a filtered, OFFSET, single-operator or every-operator page is planned per call', async () => {
      const first = await poolsOf({ opId: 'op-alpha', includeBrands: true, limit: 25 });
      expect(first.seen).toEqual(['kept']);
      expect(first.items.length).toBe(25);
      const next = await poolsOf({ opId: 'op-alpha', includeBrands: true, limit: 25, cursor: first.next });
      expect(next.seen).toEqual(['kept']);
      // The kept plan's pages are the per-call plan's (an odd page size is planned per call).
      const both = await poolsOf({ opId: 'op-alpha', includeBrands: true, limit: 50 });
      const odd = await poolsOf({ opId: 'op-alpha', includeBrands: true, limit: 49 });
      expect(odd.seen).toEqual(['per call']);
      expect(both.items.map((b) => b.id).slice(0, 49)).toEqual(odd.items.map((b) => b.id));
      expect([...first.items, ...next.items].map((b) => b.id)).toEqual(both.items.map((b) => b.id));
      // Every operator's page: the builder cannot tell whether the key alone has an index.
      expect((await poolsOf({ limit: 25 }, 'superadmin@demo.local')).seen).toEqual(['per call']);
      for (const body of [{ status: 'WON' }, { page: 2 }, { includeBrands: false }]) {
        expect((await poolsOf({ opId: 'op-alpha', includeBrands: true, limit: 25, ...body })).seen, JSON.stringify(body)).toEqual(['per call']);
      }
    });

    it.runIf(ON_POSTGRES)('the players list: by registration, unfiltered, first or cursor pages of several operators keep their plan; other sorts and filters are planned per call', async () => {
      const players = (body: Record<string, unknown>) => poolsOf(body, 'operator.admin@demo.local', '/api/players', /from "players"/);
      const first = await players({ opId: 'op-alpha', includeBrands: true, limit: 25 });
      expect(first.seen).toEqual(['kept']);
      const next = await players({ opId: 'op-alpha', includeBrands: true, limit: 25, cursor: first.next });
      expect(next.seen).toEqual(['kept']);
      const odd = await players({ opId: 'op-alpha', includeBrands: true, limit: 49 });
      expect(odd.seen).toEqual(['per call']);
      expect([...first.items, ...next.items].map((p) => p.playerCode).slice(0, 49)).toEqual(odd.items.map((p) => p.playerCode));
      for (const body of [{ status: 'active' }, { page: 2 }, { sortBy: 'playerCode' }, { includeBrands: false }]) {
        expect((await players({ opId: 'op-alpha', includeBrands: true, limit: 25, ...body })).seen, JSON.stringify(body)).toEqual(['per call']);
      }
    });
  });
});
