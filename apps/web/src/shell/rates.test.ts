import { describe, expect, it } from 'vitest';
import { formatUsd } from './rates';

describe('formatUsd', () => {
  it('rounds half-up on the decimal string, with separators', () => {
    expect(formatUsd('1234567.125')).toBe('$1,234,567.13');
    expect(formatUsd('0.005')).toBe('$0.01');
    expect(formatUsd('-12.34000000')).toBe('-$12.34');
    expect(formatUsd('99999999999999.99')).toBe('$99,999,999,999,999.99');
    expect(formatUsd(10)).toBe('$10.00');
  });
  it('shows a dash for missing or malformed values', () => {
    expect(formatUsd(null)).toBe('—');
    expect(formatUsd('')).toBe('—');
    expect(formatUsd('abc')).toBe('—');
  });
});
