import { describe, expect, it } from 'vitest';
import { ENDPOINTS, ENDPOINT_NAMES, type EndpointMeta } from './index.js';
import { ENDPOINT_SCHEMAS } from './schemas/index.js';

const meta = (n: (typeof ENDPOINT_NAMES)[number]): EndpointMeta => ENDPOINTS[n];

describe('the endpoint table', () => {
  it.each(ENDPOINT_NAMES.filter((n) => meta(n).method === 'PUT' || meta(n).method === 'DELETE'))('%s declares the activity it writes', (n) => {
    const a = meta(n).audit;
    expect(typeof a === 'string' ? [a] : a ?? []).not.toHaveLength(0);
  });

  it.each(ENDPOINT_NAMES)('%s: a file answer has no response schema, any other answer has one', (n) => {
    const s = ENDPOINT_SCHEMAS[n] as { response: unknown };
    expect(s.response === null).toBe(!!meta(n).binary);
  });

  it('declares each method and path once', () => {
    const keys = ENDPOINT_NAMES.map((n) => `${meta(n).method} ${meta(n).path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
