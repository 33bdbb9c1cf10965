/** Database refusals of bad input answer 400: the error handler's test of real driver errors (PGlite and PostgreSQL). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isBadInputDbError } from '../src/app.js';
import { makeApp } from './support.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const refusal = async (q: ReturnType<typeof sql>): Promise<unknown> => {
  try {
    await t.database.db.execute(q);
  } catch (e) {
    return e;
  }
  throw new Error('the statement was expected to fail');
};

describe('isBadInputDbError: which database errors are the caller\'s', () => {
  it.each([
    ['a timestamp that is not one (22007)', sql`select ${'not a date'}::timestamptz`],
    ['a number that is not one (22P02)', sql`select ${'NaN?'}::numeric`],
    ['a NUL byte in text (22021)', sql`select ${'a\u0000b'}::text`],
    ['a number out of range (22003)', sql`select ${'1e400'}::numeric::float8`],
  ])('%s is bad input (400)', async (_, q) => {
    expect(isBadInputDbError(await refusal(q))).toBe(true);
  });

  it('a server fault is not: a unique violation or a missing table stays a 500', async () => {
    expect(isBadInputDbError(await refusal(sql`select * from table_that_does_not_exist`))).toBe(false);
    expect(isBadInputDbError(await refusal(sql`select 1/0`))).toBe(false);
    expect(isBadInputDbError(new Error('plain'))).toBe(false);
    expect(isBadInputDbError(null)).toBe(false);
  });
});
