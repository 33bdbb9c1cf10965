import { describe, expect, it } from 'vitest';
import { errorDataTable } from './errorData';

describe('errorDataTable (the error dialog\'s optional data table)', () => {
  it('a record is shown as field/value rows, nested values as JSON', () => {
    expect(errorDataTable({ status: 0, description: 'Insufficient funds', extra: { a: 1 } })).toEqual({
      columns: ['Field', 'Value'], rows: [['status', '0'], ['description', 'Insufficient funds'], ['extra', '{"a":1}']],
    });
  });
  it('a list of records is one row each with the union of their keys', () => {
    expect(errorDataTable([{ field: 'amount', error: 'too big' }, { field: 'note', code: 7 }])).toEqual({
      columns: ['field', 'error', 'code'], rows: [['amount', 'too big', '—'], ['note', '—', '7']],
    });
  });
  it('no data, an empty record or a scalar: no table', () => {
    for (const d of [null, undefined, {}, [], 'x', 3]) expect(errorDataTable(d)).toBeNull();
  });
});
