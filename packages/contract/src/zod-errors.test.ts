import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIELD_MESSAGES, REPORT_MESSAGES, reportPeriod } from './index.js';
import { fieldLabel } from './zod-errors.js';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('fieldLabel', () => {
  it('reads a field name as words, with the known abbreviations and names', () => {
    expect(fieldLabel(['fromDate'])).toBe('From date');
    expect(fieldLabel(['items', 2, 'amountInUSD'])).toBe('Amount in USD');
    expect(fieldLabel(['backImageUrl'])).toBe('Back image URL');
    expect(fieldLabel(['opId'])).toBe('Operator');
    expect(fieldLabel(['txId'])).toBe('Transaction ID');
    expect(fieldLabel(['gateway_uuid'])).toBe('Gateway uuid');
    expect(fieldLabel([])).toBe(FIELD_MESSAGES.VALUE);
  });
});

describe("the refusal of a rule without a message of its own (zod's global error map)", () => {
  const body = z.object({
    note: z.string().max(10), name: z.string().min(3), code: z.string().min(1), amount: z.number().max(5).gt(0), tags: z.array(z.string()).max(2),
    kind: z.enum(['CASINO', 'SPORT']), flag: z.boolean(), step: z.number().multipleOf(5), email: z.email(), own: z.string().max(2, 'Two at most.'),
  }).strict();
  const valid = { note: 'ok', name: 'abc', code: 'x', amount: 1, tags: [], kind: 'CASINO', flag: true, step: 10, email: 'a@b.co', own: 'ab' };

  it.each([
    [{ note: 'x'.repeat(11) }, 'Note: at most 10 characters.'],
    [{ name: 'ab' }, 'Name: at least 3 characters.'],
    [{ code: '' }, 'Code is required.'],
    [{ code: undefined }, 'Code is required.'],
    [{ code: 5 }, 'Code: expected text.'],
    [{ amount: 6 }, 'Amount: at most 5.'],
    [{ amount: 0 }, 'Amount: more than 0.'],
    [{ amount: 'NaN' }, 'Amount: expected a number.'],
    [{ tags: ['a', 'b', 'c'] }, 'Tags: at most 2 items.'],
    [{ kind: 'POKER' }, 'Kind: must be one of CASINO, SPORT.'],
    [{ flag: 'yes' }, 'Flag: expected true or false.'],
    [{ step: 7 }, 'Step: must be a multiple of 5.'],
    [{ email: 'nope' }, 'Email is not valid.'],
    [{ extra: 1 }, 'Unknown field: extra.'],
  ])('%j → %s', (change, message) => {
    expect(messagesOf(body, { ...valid, ...change })).toEqual([message]);
  });

  it("never replaces a rule's own message", () => {
    expect(messagesOf(body, { ...valid, own: 'abc' })).toEqual(['Two at most.']);
    expect(messagesOf(reportPeriod, { from: '2026-11-290', to: '2026-11-29' })).toEqual([REPORT_MESSAGES.DAY_INVALID]);
  });
});
