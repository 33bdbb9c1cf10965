import { describe, expect, it } from 'vitest';
import { unbroken } from './cells';

describe('unbroken', () => {
  it('keeps times and amounts on one line', () => {
    for (const v of ['2026-11-29 06:24:12', '2026-11-29 06:24', '1,234.50 USD', '0.01500000 BTC', '$1,234.50', '-$12.00', '12', '$10.00 / $50,000.00', '1 – 5']) expect(unbroken(v), v).toBe(true);
  });
  it('lets names, sentences and elements wrap', () => {
    for (const v of ['Bravo Sports (Bravo Entertainment)', 'Affiliate / Affiliate profit withdraw', 'USD', '', '—', 'P100001 pablo', '$10.00 / ', 'Casino 35% / Sport 25%']) expect(unbroken(v), v).toBe(false);
    expect(unbroken(null)).toBe(false);
    expect(unbroken(12)).toBe(false);
  });
});
