/**
 * The compiled answer writer against zod's encode: for every declared answer schema of the
 * endpoint table (in its envelope) and a set of hand-picked schemas, on values built from the
 * schema (valid ones, and ones with undeclared keys, missing keys, wrong types, undefined and
 * functions mixed in), the writer either answers exactly zod's JSON text or declines (null),
 * and it never accepts a value zod refuses.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import { ENDPOINT_SCHEMAS } from '@pitboss/contract';
import { compileSerializer, compileWriter } from './serializer.js';

type Def = any;
const defOf = (s: $ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const junk = fc.oneof(
  fc.constant(undefined), fc.constant(null), fc.constant(() => 1), fc.string(), fc.integer(), fc.double(), fc.boolean(),
  fc.constant(Number.NaN), fc.constant(Infinity), fc.constant(2 ** 60), fc.array(fc.string(), { maxLength: 2 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
  fc.date(), fc.constant(Object.create(null) as object),
);

/**
 * Values of a schema (depth-bounded): `noisy`, mostly valid but sometimes anything, with keys
 * sometimes missing; else valid, with every required key, and undeclared keys besides.
 */
function arb(schema: $ZodType, noisy: boolean, depth = 0): fc.Arbitrary<unknown> {
  const valid = validArb(schema, noisy, depth);
  return noisy ? fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: junk, weight: 1 }) : valid;
}

function validArb(schema: $ZodType, noisy: boolean, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const arb_ = (s: $ZodType) => arb(s, noisy, depth + 1);
  if (depth > 6) return noisy ? junk : fc.constant(undefined);
  switch (def.type) {
    case 'string': return fc.oneof(fc.string(), fc.constant('a"\\\u2028\u0000é😀'));
    case 'number': return def.checks?.length ? fc.oneof(fc.integer(), fc.constant(-0), fc.constant(2 ** 53)) : fc.oneof(fc.double(), fc.integer());
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'literal': case 'enum': return fc.constantFrom(...[...(schema as unknown as { _zod: { values: Set<unknown> } })._zod.values]);
    case 'unknown': case 'any': return fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.constant({ toJSON: () => 'x' }));
    case 'nullable': return fc.oneof(fc.constant(null), arb_(def.innerType));
    case 'optional': return fc.oneof(fc.constant(undefined), arb_(def.innerType));
    case 'array': return fc.array(arb_(def.element), { maxLength: 3 });
    case 'union': return fc.oneof(...(def.options as $ZodType[]).map(arb_));
    case 'record': return fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', '1', '0', 'constructor')), arb_(def.valueType), { maxKeys: 3 });
    case 'object': {
      const shape = def.shape as Record<string, $ZodType>;
      const entries = Object.entries(shape).map(([k, v]) => [k, arb_(v)] as const);
      return fc.tuple(
        fc.record(Object.fromEntries(entries), { requiredKeys: [] }),
        fc.boolean(),
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue(), { maxKeys: 2 }),
      ).map(([o, allKeys, extra]) => {
        // Every declared key (noisy: sometimes some missing), and undeclared keys besides.
        const full = allKeys || !noisy ? Object.fromEntries(Object.keys(shape).map((k) => [k, (o as Record<string, unknown>)[k]])) : o;
        return { ...extra, ...full, passwordHash: 'secret' };
      });
    }
    default: return noisy ? junk : fc.constant(undefined);
  }
}

function agrees(schema: $ZodType, value: unknown) {
  const z0 = safeEncode(schema, value);
  const mine = compileWriter(schema)(value);
  if (!z0.success) expect(mine).toBeNull();
  else if (mine !== null) expect(mine).toBe(JSON.stringify(z0.data));
}

const envelope = (data: z.ZodType) => z.object({
  success: z.boolean(), data, messages: z.array(z.string()), status: z.string().optional(), warnings: z.array(z.string()).optional(),
});

describe('compiled answer writer', () => {
  const named = Object.entries(ENDPOINT_SCHEMAS).filter(([, s]) => (s as { response: unknown }).response) as [string, { response: z.ZodType }][];
  it.each(named)('%s: the writer answers what zod answers', (_name, s) => {
    const schema = envelope(s.response) as unknown as $ZodType;
    const write = compileWriter(schema);
    // Noisy values: the writer answers zod's text or declines, and declines whatever zod refuses.
    fc.assert(fc.property(arb(schema, true), (value) => {
      const z0 = safeEncode(schema, value);
      const mine = write(value);
      if (!z0.success) expect(mine).toBeNull();
      else if (mine !== null) expect(mine).toBe(JSON.stringify(z0.data));
    }), { numRuns: 150 });
    // Valid values (undeclared keys besides): the writer itself answers zod's text.
    fc.assert(fc.property(arb(schema, false), (value) => {
      const z0 = safeEncode(schema, value);
      if (!z0.success) return; // a value the generator could not make valid (a refinement)
      expect(write(value)).toBe(JSON.stringify(z0.data));
    }), { numRuns: 50 });
  });

  it('never writes a key the schema does not declare', () => {
    const schema = z.object({ id: z.string(), nested: z.object({ a: z.number().int() }), list: z.array(z.object({ b: z.boolean() })) });
    const text = compileWriter(schema as never)({ id: 'x', passwordHash: 'h', nested: { a: 1, secret: 2 }, list: [{ b: true, token: 't' }] });
    expect(text).toBe('{"id":"x","nested":{"a":1},"list":[{"b":true}]}');
  });

  it('declines what zod refuses, and zod then answers the error', () => {
    const schema = z.object({ n: z.number().int(), s: z.string(), u: z.unknown(), o: z.string().optional() });
    for (const bad of [{ n: 1.5, s: 'a', u: 1 }, { n: 1, s: 1, u: 1 }, { n: 1, s: 'a' }, { n: Infinity, s: 'a', u: 1 }, null, [], 'x']) {
      expect(compileWriter(schema as never)(bad)).toBeNull();
      expect(() => compileSerializer(schema as never, 'GET', '/x', { check: false })(bad)).toThrow();
    }
    // Present but undefined (or a function) is left out, as zod and JSON.stringify leave it.
    agrees(schema as never, { n: 1, s: 'a', u: undefined, o: undefined });
    agrees(schema as never, { n: 1, s: 'a', u: () => 1 });
  });

  it('a union answers its first option that accepts the value, as zod does', () => {
    const schema = z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.number() })]);
    expect(compileWriter(schema as never)({ a: 'x', b: 1 })).toBe('{"a":"x"}');
    agrees(schema as never, { a: 'x', b: 1 });
    const nums = z.union([z.number().int(), z.number()]);
    expect(compileWriter(nums as never)(1.5)).toBe('1.5');
  });

  it('kinds it does not compile are left to zod', () => {
    const schema = z.object({
      d: z.string().default('x'), e: z.email(), p: z.looseObject({ a: z.string() }),
      m: z.string().min(2), r: z.record(z.enum(['a', 'b']), z.number()),
    });
    const value = { d: 'y', e: 'a@b.co', p: { a: 'x', extra: 1 }, m: 'ok', r: { a: 1, b: 2 } };
    const text = compileSerializer(schema as never, 'GET', '/x', { check: false })(value);
    expect(text).toBe(JSON.stringify(z.encode(schema as never, value as never)));
  });
});
