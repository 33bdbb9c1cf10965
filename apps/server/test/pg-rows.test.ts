/**
 * The API pools' client (db/pg-rows.ts) answers every query as pg's own client does: the same
 * rows (keys, their order, values and types), row counts and commands, errors, transactions,
 * callbacks, rows as arrays and multi-statement results. PostgreSQL only (TEST_DATABASE_URL): the
 * embedded database has no pg client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { LeanClient } from '../src/db/pg-rows.js';

const SERVER = process.env.TEST_DATABASE_URL;

/** What a caller can observe of an answer: rows with their keys in order and each value's type, the count and the command. */
const seen = (r: pg.QueryResult | pg.QueryResult[]): unknown => (Array.isArray(r)
  ? r.map(seen)
  : {
    rows: r.rows.map((row) => (Array.isArray(row) ? row : Object.entries(row).map(([k, v]) => [k, v, v === null ? 'null' : v instanceof Date ? 'Date' : Array.isArray(v) ? 'array' : typeof v]))),
    proto: r.rows.map((row) => Object.getPrototypeOf(row) === Object.prototype || Array.isArray(row)),
    rowCount: r.rowCount, command: r.command, fields: r.fields.map((f) => f.name),
  });

describe.runIf(SERVER)('the lean row reader against pg (PostgreSQL)', () => {
  let std: pg.Pool;
  let lean: pg.Pool;
  beforeAll(() => {
    std = new pg.Pool({ connectionString: SERVER, max: 2 });
    lean = new pg.Pool({ connectionString: SERVER, max: 2, Client: LeanClient as never });
  });
  afterAll(async () => { await std.end(); await lean.end(); });

  const both = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const [a, b] = [await std.query(config as never, values), await lean.query(config as never, values)];
    return [seen(a), seen(b)];
  };

  it('the same rows for every kind of column, a name given twice, nulls and no rows', async () => {
    const text = `select 1 as a, 'x' as b, 2 as a, null::text as n, '{"k":[1,2]}'::jsonb as j, '2026-01-02T03:04:05.678Z'::timestamptz as t,
      1.50::numeric as num, true as bo, array[1,2] as arr, 9007199254740993::bigint as big, gen_random_uuid() is not null as u, $1::text as p`;
    const [a, b] = await both(text, ['given']);
    expect(b).toEqual(a);
    expect((b as { rows: unknown[][] }).rows[0]).toEqual(expect.arrayContaining([['a', 2, 'number'], ['t', new Date('2026-01-02T03:04:05.678Z'), 'Date'], ['j', { k: [1, 2] }, 'object']]));
    const [c, d] = await both('select 1 as a where false');
    expect(d).toEqual(c);
  });

  it('named statements, rows as arrays, multi-statement text and a column named __proto__ answer as pg', async () => {
    for (const config of [
      { name: 'pitboss_pg_rows_test', text: 'select $1::int + 1 as v, $2::text as w', values: [41, 'y'] },
      { text: 'select 1 as x, 2 as y', rowMode: 'array' as const },
      'select 1 as x; select 2 as y, 3 as z',
      'select 1 as "__proto__", 2 as other',
    ]) {
      const [a, b] = await both(config);
      expect(b, JSON.stringify(config)).toEqual(a);
    }
    const proto = (await lean.query('select 1 as "__proto__"')).rows[0] as object;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  });

  it('errors reject with the database code; transactions and callbacks work on a checked-out client', async () => {
    await expect(lean.query('select 1/0')).rejects.toMatchObject({ code: '22012' });
    const c = await lean.connect();
    try {
      await c.query('begin');
      await c.query('create temp table pg_rows_t (id int primary key, v text)');
      const ins = await c.query("insert into pg_rows_t values (1, 'a'), (2, 'b') returning *");
      expect(ins.rowCount).toBe(2);
      expect(ins.rows).toEqual([{ id: 1, v: 'a' }, { id: 2, v: 'b' }]);
      const upd = await c.query("update pg_rows_t set v = 'c' where id = 2");
      expect([upd.command, upd.rowCount]).toEqual(['UPDATE', 1]);
      await c.query('rollback');
    } finally {
      c.release();
    }
    const viaCallback = await new Promise<unknown[]>((resolve, reject) => {
      lean.query('select 4 as w', (err: Error | undefined, r: pg.QueryResult) => (err ? reject(err) : resolve(r.rows)));
    });
    expect(viaCallback).toEqual([{ w: 4 }]);
  });

  it("a query's read timeout (query_timeout) ends it as pg's does", async () => {
    const slow = { text: 'select pg_sleep(1)', query_timeout: 100 };
    const [a, b] = await Promise.all([std.query(slow).catch((e: Error) => e.message), lean.query(slow).catch((e: Error) => e.message)]);
    expect(a).toBe('Query read timeout');
    expect(b).toBe(a);
  });
});
