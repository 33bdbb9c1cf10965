/**
 * Answers serialized through their declared zod schema, compiled once per schema.
 *
 * zod's encode walks the answer, builds a stripped copy and JSON.stringify then walks the copy
 * again: on a 50-row page that was most of the serialization's cost. Here each response schema
 * is compiled, once, into a function that checks every value against its declared type and
 * writes the JSON text of the declared keys only, in one pass: a key the schema does not name
 * is never read, so it never leaves the server.
 *
 * The compiled function is never more lenient than zod: a value it does not recognise as valid
 * (or a schema kind it does not know: checks other than `.int()`, pipes, defaults, loose
 * objects...) falls back to zod for that value (a subtree of an unknown kind is encoded by zod
 * itself), and an answer that fails anywhere is encoded again by zod alone, which answers
 * exactly as before: its output, or the response serialization error. Under the test runner
 * every answer is also encoded by zod and the two texts must be equal.
 */
import { safeEncode, util, type $ZodType } from 'zod/v4/core';
import { ResponseSerializationError } from 'fastify-type-provider-zod';

/** "Not valid here": the value does not match (or may not match) its schema. */
const FAIL = Symbol('fail');
type Out = string | undefined | typeof FAIL;
type Write = (v: unknown) => Out;

interface Node {
  /** Writes a value: its JSON text, undefined when it is written nowhere (undefined, a function), or FAIL. */
  write: Write;
  /** The same as an expression over the variable `x`, for leaves inlined into their object's code. */
  inline?: string;
  /** Absence allowed: an optional key may be missing (zod refuses any other missing key, even an unknown one). */
  optional?: boolean;
}

type Def = any;

const defOf = (s: $ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const valuesOf = (s: $ZodType): Set<unknown> | undefined => (s as unknown as { _zod: { values?: Set<unknown> } })._zod.values;
const plainValue = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** Checks the compiled code implements (anything else is left to zod). */
function checksOf(def: Def): string[] | null {
  const out: string[] = [];
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'number_format' && d.format === 'safeint') out.push('safeint');
    else return null;
  }
  return out;
}

const stringify = JSON.stringify;

/** zod itself for a value of a kind the compiler does not know. */
function byZod(schema: $ZodType): Node {
  return {
    write: (v) => {
      const r = safeEncode(schema, v);
      return r.success ? stringify(r.data) : FAIL;
    },
  };
}

function leaf(test: string, text: string): Node {
  const write = new Function('F', 'stringify', `return function (x) { return ${test} ? ${text} : F; };`)(FAIL, stringify) as Write;
  return { write, inline: `(${test} ? ${text} : F)` };
}

function compile(schema: $ZodType, seen: Map<$ZodType, Node>): Node {
  const hit = seen.get(schema);
  if (hit) return hit;
  const node = compileNew(schema, seen);
  seen.set(schema, node);
  return node;
}

function compileNew(schema: $ZodType, seen: Map<$ZodType, Node>): Node {
  const def = defOf(schema);
  const checks = checksOf(def);
  if (checks === null || def.coerce) return byZod(schema);
  switch (def.type) {
    case 'string':
      return leaf(`typeof x === 'string'`, 'stringify(x)');
    case 'boolean':
      return leaf(`(x === true || x === false)`, `(x ? 'true' : 'false')`);
    case 'number':
      return checks.includes('safeint')
        ? leaf('Number.isSafeInteger(x)', `('' + x)`)
        : leaf(`(typeof x === 'number' && Number.isFinite(x))`, `('' + x)`);
    case 'null':
      return leaf('x === null', `'null'`);
    case 'literal':
    case 'enum': {
      const values = valuesOf(schema);
      if (!values || ![...values].every(plainValue)) return byZod(schema);
      const allowed = [...values];
      return { write: (x) => (allowed.includes(x) ? stringify(x) : FAIL) };
    }
    case 'unknown':
    case 'any':
      // JSON.stringify of undefined, a function or a symbol is undefined: written nowhere, as in the parent's JSON.stringify.
      return { write: (x) => stringify(x) };
    case 'nullable': {
      const inner = compile(def.innerType, seen);
      if (inner.inline) return { write: leafWrite(`x === null ? 'null' : ${inner.inline}`), inline: `(x === null ? 'null' : ${inner.inline})` };
      return { write: (x) => (x === null ? 'null' : inner.write(x)) };
    }
    case 'optional': {
      // An optional default substitutes a value for absence: zod's.
      if (def.innerType._zod.optin !== undefined) return byZod(schema);
      const inner = compile(def.innerType, seen);
      return { write: (x) => (x === undefined ? undefined : inner.write(x)), optional: true };
    }
    case 'array': {
      const el = compile(def.element, seen);
      return {
        write: (v) => {
          if (!Array.isArray(v)) return FAIL;
          let o = '[';
          for (let i = 0; i < v.length; i++) {
            const s = el.write(v[i]);
            if (s === FAIL) return FAIL;
            o += (i === 0 ? '' : ',') + (s === undefined ? 'null' : s);
          }
          return o + ']';
        },
      };
    }
    case 'union': {
      if (def.discriminator !== undefined || def.inclusive === false) return byZod(schema);
      // zod answers the first option that accepts the value.
      const options = (def.options as $ZodType[]).map((o) => compile(o, seen));
      return {
        write: (v) => {
          for (const o of options) { const s = o.write(v); if (s !== FAIL) return s; }
          return FAIL;
        },
      };
    }
    case 'record': {
      const key = defOf(def.keyType);
      if (def.mode === 'loose' || key.type !== 'string' || key.checks?.length || key.coerce) return byZod(schema);
      const value = compile(def.valueType, seen);
      const enumerable = Object.prototype.propertyIsEnumerable;
      return {
        write: (v) => {
          if (!util.isPlainObject(v)) return FAIL;
          let o = '{';
          let first = true;
          for (const k of Reflect.ownKeys(v)) {
            if (typeof k !== 'string') return FAIL;
            if (k === '__proto__' || !enumerable.call(v, k)) continue;
            const s = value.write((v as Record<string, unknown>)[k]);
            if (s === FAIL) return FAIL;
            if (s === undefined) continue;
            o += (first ? '' : ',') + stringify(k) + ':' + s;
            first = false;
          }
          return o + '}';
        },
      };
    }
    case 'object': {
      const shape = def.shape as Record<string, $ZodType>;
      if (def.catchall !== undefined || Object.hasOwn(shape, '__proto__') || Object.getOwnPropertySymbols(shape).length) return byZod(schema);
      return compileObject(shape, seen);
    }
    default:
      return byZod(schema);
  }
}

const leafWrite = (expr: string): Write => new Function('F', 'stringify', `return function (x) { return ${expr}; };`)(FAIL, stringify) as Write;

/** An object: its declared keys in their declared order, each checked and written; any other key is never read. */
function compileObject(shape: Record<string, $ZodType>, seen: Map<$ZodType, Node>): Node {
  const keys = Object.keys(shape);
  const children = keys.map((k) => compile(shape[k]!, seen));
  const lines: string[] = [
    `if (typeof v !== 'object' || v === null || Array.isArray(v)) return F;`,
    `let o = '{', s, x;`,
  ];
  // Whether a key was written already is known while every key before is an inlined leaf (always written).
  let sure = true;
  keys.forEach((k, i) => {
    const c = children[i]!;
    const name = stringify(stringify(k) + ':');
    const add = i === 0 ? `o += ${name} + s;` : sure ? `o += ',' + ${name} + s;` : `o += (o.length > 1 ? ',' : '') + ${name} + s;`;
    lines.push(`x = v[${stringify(k)}];`);
    // An absent key: skipped when its schema is optional, else zod decides (it refuses a missing required key).
    lines.push(`if (x === undefined && !(${stringify(k)} in v)) ${c.optional ? '{}' : 'return F;'} else {`);
    if (c.inline) lines.push(`s = ${c.inline};`, `if (s === F) return F;`, add);
    // A present value written as nothing (undefined, a function) is left out, as JSON.stringify leaves it.
    else lines.push(`s = w[${i}](x);`, `if (s === F) return F;`, `if (s !== undefined) { ${add} }`);
    lines.push('}');
    if (!c.inline) sure = false;
  });
  lines.push(`return o + '}';`);
  const write = new Function('F', 'stringify', 'w', `return function (v) {\n${lines.join('\n')}\n};`)(FAIL, stringify, children.map((c) => c.write)) as Write;
  return { write };
}

/**
 * The compiled writer of a schema alone: the JSON text of a value that is valid, or null when
 * the writer declines it (invalid, or not sure: zod then decides).
 */
export function compileWriter(schema: $ZodType): (data: unknown) => string | null {
  const root = compile(schema, new Map());
  return (data) => {
    const s = root.write(data);
    return s === FAIL || s === undefined ? null : s;
  };
}

/** The serializer of one response schema: the compiled writer, zod when it declines. */
export function compileSerializer(schema: $ZodType, method: string, url: string, opts: { check?: boolean } = {}): (data: unknown) => string {
  const write = compileWriter(schema);
  const byZodAlone = (data: unknown): string => {
    const r = safeEncode(schema, data);
    if (r.error) throw new ResponseSerializationError(method, url, { cause: r.error });
    return stringify(r.data);
  };
  const check = opts.check ?? process.env.VITEST !== undefined;
  return (data) => {
    const s = write(data);
    if (s === null) return byZodAlone(data);
    if (check) {
      const expected = byZodAlone(data);
      if (expected !== s) throw new Error(`Compiled serializer of ${method} ${url} differs from zod:\n${s}\n${expected}`);
    }
    return s;
  };
}

/** fastify's serializer compiler for zod response schemas (as fastify-type-provider-zod's, compiled). */
export const compiledSerializerCompiler = ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
  const s = (schema && typeof schema === 'object' && 'properties' in schema && !('_zod' in schema) ? (schema as { properties: unknown }).properties : schema) as $ZodType;
  return compileSerializer(s, method, url);
};
