import { describe, expect, it } from 'vitest';
import { namesOfOperators, operatorName } from './operator';

describe('operator names', () => {
  const ops = [
    { opId: 'op-alpha', title: 'Alpha Gaming', parentOpId: null },
    { opId: 'alpha-bet', title: 'AlphaBet', parentOpId: 'op-alpha' },
    { opId: 'orphan', title: 'Orphan Brand', parentOpId: 'not-in-the-list' },
  ];
  it('names a brand with its parent in brackets, an operator by its title', () => {
    const nameOf = namesOfOperators(ops);
    expect(ops.map(nameOf)).toEqual(['Alpha Gaming', 'AlphaBet (Alpha Gaming)', 'Orphan Brand']);
  });
  it('falls back to the id, then a dash', () => {
    expect(operatorName({ opId: 'op-x' })).toBe('op-x');
    expect(operatorName({})).toBe('—');
  });
});
