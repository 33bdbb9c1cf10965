import { describe, expect, it } from 'vitest';
import { nextInQueue } from './queue';

const rows = [
  { id: 'a', s: 'PENDING' }, { id: 'b', s: 'CONFIRMED' }, { id: 'c', s: 'PENDING' }, { id: 'd', s: 'PENDING' },
];
const key = (r: { id: string }) => r.id;
const pending = (r: { s: string }) => r.s === 'PENDING';

describe('queue mode', () => {
  it('moves to the next pending record after the decided one, skipping handled ones', () => {
    expect(nextInQueue(rows, key, 'a', pending)).toBe('c');
    expect(nextInQueue(rows, key, 'c', pending)).toBe('d');
  });
  it('falls back to the previous pending record when the decided one was the last', () => {
    expect(nextInQueue(rows, key, 'd', pending)).toBe('c');
  });
  it('answers nothing when no record is left to decide', () => {
    expect(nextInQueue([{ id: 'a', s: 'PENDING' }], key, 'a', pending)).toBeUndefined();
  });
});
