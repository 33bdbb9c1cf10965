import { describe, expect, it } from 'vitest';
import { simId } from './sim-store.js';

describe('simId', () => {
  it('is lower-case hex of the length asked, stable for a text (a provider id, never a signed number)', () => {
    for (let i = 0; i < 2_000; i++) {
      const id = simId(`zone:example-${i}.com`);
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(simId(`name-${i}`, 8)).toMatch(/^[0-9a-f]{8}$/);
    }
    expect(simId('alpha.com')).toBe(simId('alpha.com'));
    expect(simId('alpha.com')).not.toBe(simId('bravo.com'));
  });
});
