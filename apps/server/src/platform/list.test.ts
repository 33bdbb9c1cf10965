import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MSG, listCursor } from '@pitboss/contract';
import { HttpError } from '../lib/http.js';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { bets, operators, players } from '../db/schema.js';
import { decodeCursor, drizzleRow, encodeCursor, mapRow, pageOf, planOfSelect, type CursorKind } from './list.js';

const ID = '0b9c7d4e-58a1-4c3e-9f0a-2d6b8e1f4a7c';

/** The error a bad cursor answers: 400 with exactly the contract's message. */
function refused(cursor: string, kinds: CursorKind[], tiebreak: CursorKind = 'uuid') {
  try {
    decodeCursor(cursor, kinds, tiebreak);
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    expect({ status: (e as HttpError).statusCode, messages: (e as HttpError).messages }).toEqual({ status: 400, messages: [MSG.CURSOR_INVALID] });
    return;
  }
  throw new Error(`cursor ${cursor} was accepted`);
}

describe('list cursor codec', () => {
  it('writes `<sortValue>|<tiebreak>`, as the players and transactions lists always have', () => {
    expect(encodeCursor(['2026-01-02T03:04:05.123456Z'], ID)).toBe(`2026-01-02T03:04:05.123456Z|${ID}`);
    expect(encodeCursor(['2026-01-02 03:04:05.123456+00'], ID)).toBe(`2026-01-02 03:04:05.123456+00|${ID}`);
    expect(encodeCursor(['P-000123'], ID)).toBe(`P-000123|${ID}`);
    expect(encodeCursor(['1234'], '1234')).toBe('1234|1234');
  });

  it('reads back what it wrote, for each kind of sort column', () => {
    expect(decodeCursor(`2026-01-02T03:04:05.123456Z|${ID}`, ['timestamp'], 'uuid')).toEqual({ values: ['2026-01-02T03:04:05.123456Z'], tiebreak: ID });
    // PostgreSQL's own timestamptz text (the transactions list's `created_at::text`).
    expect(decodeCursor(`2026-01-02 03:04:05.1+05:30|${ID}`, ['timestamp'], 'uuid').values).toEqual(['2026-01-02 03:04:05.1+05:30']);
    expect(decodeCursor('42|9001', ['int'], 'int')).toEqual({ values: ['42'], tiebreak: '9001' });
    expect(decodeCursor(`${ID}|${ID}`, ['uuid'], 'uuid').values).toEqual([ID]);
  });

  it('a text key may be the tiebreak (an operator\'s opId), and the contract accepts it', () => {
    const cursor = encodeCursor(['Alpha, Gaming'], 'op-alpha');
    expect(cursor).toBe('Alpha%2C Gaming|op-alpha');
    expect(decodeCursor(cursor, ['text'], 'text')).toEqual({ values: ['Alpha, Gaming'], tiebreak: 'op-alpha' });
    expect(listCursor.safeParse(cursor).success).toBe(true);
    for (const bad of ['Alpha|op alpha', 'Alpha|', 'Alpha|op/alpha', `Alpha|${'x'.repeat(65)}`]) expect(listCursor.safeParse(bad).success).toBe(false);
  });

  it('several sort values are comma-separated; `%`, `|` and `,` inside a value are escaped', () => {
    const values = ['op-alpha', '7', 'a,b|c%7C d'];
    const cursor = encodeCursor(values, ID);
    expect(cursor).toBe(`op-alpha,7,a%2Cb%7Cc%257C d|${ID}`);
    expect(decodeCursor(cursor, ['text', 'int', 'text'], 'uuid')).toEqual({ values, tiebreak: ID });
  });

  it('round-trips any text values, and the contract accepts every cursor it writes', () => {
    fc.assert(fc.property(
      fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 3 }).filter((v) => v.join('').length > 0 || v.length > 1),
      fc.oneof(fc.uuid(), fc.bigInt({ min: 1n, max: 9223372036854775807n }).map(String)),
      (values, id) => {
        const cursor = encodeCursor(values, id);
        const kind: CursorKind = id.includes('-') ? 'uuid' : 'int';
        expect(decodeCursor(cursor, values.map(() => 'text'), kind)).toEqual({ values, tiebreak: id });
        expect(listCursor.safeParse(cursor).success).toBe(true);
      },
    ));
  });

  it('refuses a cursor that does not fit the sort: 400 Invalid cursor.', () => {
    refused('x', ['timestamp']);
    refused(`|${ID}`, ['timestamp']);
    refused(`2026-01-02T03:04:05Z|not-a-uuid`, ['timestamp']);
    refused(`2026-01-02T03:04:05Z|${ID}`, ['timestamp'], 'int');
    refused(`yesterday|${ID}`, ['timestamp']);
    refused(`2026-13-02T03:04:05Z|${ID}`, ['timestamp']);
    refused(`2026-02-30T03:04:05Z|${ID}`, ['timestamp']);
    refused(`2026-01-02T24:04:05Z|${ID}`, ['timestamp']);
    refused(`12.5|${ID}`, ['int']);
    refused(`99999999999999999999|${ID}`, ['int']);
    refused('1|9223372036854775808', ['int'], 'int');
    refused(`not-a-uuid|${ID}`, ['uuid']);
    // Wrong number of sort values, and escapes the codec never writes.
    refused(`a,b|${ID}`, ['text']);
    refused(`a|${ID}`, ['text', 'text']);
    refused(`a%41|${ID}`, ['text']);
    refused(`a%2c|${ID}`, ['text']);
  });
});

describe('pageOf', () => {
  const q = { page: 2, limit: 3 };
  it('the extra row tells that another page follows; the cursor is the last row shown', () => {
    expect(pageOf([1, 2, 3, 4], q, (r) => `${r}|${r}`)).toEqual({ items: [1, 2, 3], count: 3, remaining: true, page: 2, limit: 3, nextCursor: '3|3' });
  });
  it('nothing remains: no cursor', () => {
    expect(pageOf([1, 2, 3], q, (r) => `${r}|${r}`)).toEqual({ items: [1, 2, 3], count: 3, remaining: false, page: 2, limit: 3, nextCursor: null });
    expect(pageOf([], q, (r) => `${r}|${r}`)).toMatchObject({ items: [], count: 0, remaining: false, nextCursor: null });
  });
  it('a sort without keyset paging answers no cursor', () => {
    expect(pageOf([1, 2, 3, 4], q, null)).toMatchObject({ remaining: true, nextCursor: null });
  });
});

describe("a list row's plan (the builder's mapping of its rows)", () => {
  const db = drizzle.mock();
  const parent = alias(operators, 'parent_op');
  /** Selections a list makes: whole tables (inner and left joined, one aliased), scalar columns, SQL, a nested object. */
  const selects = {
    'inner and left joins, whole tables': db.select({ b: bets, p: players, o: operators, po: parent, k: sql<string>`'k'` })
      .from(bets).innerJoin(players, eq(players.id, bets.playerId)).leftJoin(operators, eq(operators.opId, bets.opId))
      .leftJoin(parent, eq(parent.opId, operators.parentOpId)),
    'scalar columns of left-joined tables': db.select({ b: bets, opTitle: operators.title, parentOpTitle: parent.title })
      .from(bets).leftJoin(operators, eq(operators.opId, bets.opId)).leftJoin(parent, eq(parent.opId, operators.parentOpId)),
    'an object mixing tables': db.select({ id: bets.id, who: { code: players.playerCode, op: operators.title }, mixed: { a: players.id, b: operators.opId } })
      .from(bets).leftJoin(players, eq(players.id, bets.playerId)).leftJoin(operators, eq(operators.opId, bets.opId)),
    'no join': db.select({ b: bets }).from(bets),
  };
  /** A driver value of a column, or null: text the decoders accept (timestamps and dates as text, as the driver leaves them). */
  const driverValue = (field: unknown) => {
    const type = (field as { getSQLType?: () => string }).getSQLType?.() ?? 'text';
    const value: fc.Arbitrary<unknown> = /timestamp/.test(type) ? fc.constant('2026-01-02 03:04:05.123456+00')
      : /json/.test(type) ? fc.constant({ a: 1 })
        : type === 'boolean' ? fc.boolean()
          : /int|serial/.test(type) ? fc.integer()
            : fc.string({ maxLength: 4 });
    return fc.option(value, { nil: null, freq: 3 });
  };

  for (const [name, select] of Object.entries(selects)) {
    it(`maps every row as drizzle does: ${name}`, () => {
      const plan = planOfSelect(select as never);
      fc.assert(fc.property(fc.tuple(...plan.selected.map(({ field }) => driverValue(field))), (row) => {
        expect(mapRow(plan, row)).toStrictEqual(drizzleRow(plan, row));
      }), { numRuns: 300 });
    });
  }

  it('answers a left-joined table without a row as null, and an inner-joined one never', () => {
    const plan = planOfSelect(selects['inner and left joins, whole tables'] as never);
    const row = plan.selected.map(({ path }) => (path[0] === 'o' || path[0] === 'po' || path[0] === 'p' ? null : 'x'));
    const mapped = mapRow(plan, row);
    expect(mapped.o).toBeNull();
    expect(mapped.po).toBeNull();
    expect(mapped.p).not.toBeNull();
    expect(plan.nullWhen.map((n) => n.object).sort()).toEqual(['o', 'po']);
  });
});
