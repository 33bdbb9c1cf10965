/**
 * Every request schema of the endpoint table answers any input with success or issues, never by
 * throwing: a refinement that reads a value its own format check refused (a min/max comparison of
 * "NaN") would throw, and the server would answer 500 instead of 400. The inputs fill every field
 * of a schema at once (nested objects and arrays of objects included) from values that are valid
 * for some fields and junk for others, so a check across two fields meets every pairing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINT_NAMES } from './index.js';
import { ENDPOINT_SCHEMAS } from './schemas/index.js';

type Js = { type?: string | string[]; properties?: Record<string, Js>; items?: Js; enum?: unknown[]; anyOf?: Js[]; additionalProperties?: Js | boolean };

const SCALARS: unknown[] = [
  'NaN', 'Infinity', '-0', '1e999', '1', '10', '0', '-1', '1.5', '0.00000001', '99999999999999999999999', 'abc', '', ' ',
  '2026-01-01T00:00:00Z', '2026-02-30T25:61:00Z', '2026-01-01', '1900-01-01', 'x|y', '2026-01-01T00:00:00Z|1',
  '00000000-0000-4000-8000-000000000000', 'USD', 'BTC', 'en', 0, 1, -1, 1.5, 1e308, true, false, null,
];

const ofType = (type: string) => SCALARS.filter((v) => (type === 'integer' ? typeof v === 'number' : typeof v === type));

/**
 * An arbitrary value for a JSON schema node: mostly one of its type (its enum values, a string,
 * number or boolean, a nested object or array), so that a check on the object is reached (a wrong
 * type stops it), else any scalar.
 */
function valueOf(js: Js | undefined, depth: number): fc.Arbitrary<unknown> {
  const any = fc.constantFrom(...SCALARS);
  if (!js || depth > 3) return any;
  const types = (Array.isArray(js.type) ? js.type : js.type ? [js.type] : []).filter((t) => ['string', 'number', 'integer', 'boolean'].includes(t));
  const typed = [...(js.enum ?? []), ...types.flatMap(ofType), ...(js.anyOf ?? []).flatMap((j) => (typeof j.type === 'string' ? ofType(j.type) : []))];
  const alts: fc.Arbitrary<unknown>[] = [any];
  if (typed.length) alts.push(fc.constantFrom(...typed), fc.constantFrom(...typed), fc.constantFrom(...typed));
  for (const j of js.anyOf ?? []) if (j.properties || j.items) alts.push(valueOf(j, depth + 1));
  if (js.properties) alts.push(objectOf(js, depth + 1));
  if (js.items) alts.push(fc.array(valueOf(js.items, depth + 1), { maxLength: 3 }));
  if (js.additionalProperties && typeof js.additionalProperties === 'object') {
    alts.push(fc.dictionary(fc.constantFrom('en', 'tr', 'x'), valueOf(js.additionalProperties, depth + 1), { maxKeys: 2 }));
  }
  return fc.oneof(...alts);
}

function objectOf(js: Js, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(js.properties ?? {});
  return fc.record(Object.fromEntries(props.map(([k, p]) => [k, valueOf(p, depth)])), { requiredKeys: [] });
}

const inputSchemas = ENDPOINT_NAMES.flatMap((n) => {
  const s = ENDPOINT_SCHEMAS[n] as { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
  return (['body', 'query', 'params'] as const).filter((w) => s[w]).map((w) => [`${n} ${w}`, s[w]!] as const);
});

describe('request schemas never throw', () => {
  it.each(inputSchemas)('%s', (_name, schema) => {
    let js: Js;
    try { js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Js; } catch { js = {}; }
    const input = js.properties ? objectOf(js, 0) : valueOf(js, 0);
    fc.assert(fc.property(input, (v) => {
      expect(() => schema.safeParse(v)).not.toThrow();
    }), { numRuns: 300, seed: 7 });
  });
});
