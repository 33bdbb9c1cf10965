import { describe, expect, it } from 'vitest';
import { maskDestination, maskTail } from './banking.js';

describe('maskDestination', () => {
  it('masks card numbers, IBANs and account numbers of a withdrawal\'s destination to their last 4', () => {
    expect(maskDestination({ type: 'CARD', cardNumber: '6037 9912 3456 7890', holder: 'P100001' })).toEqual({ type: 'CARD', cardNumber: '•••• 7890', holder: 'P100001' });
    expect(maskDestination({ IBAN: 'TR330006100519786457841326', AccountNumber: 1234567890, pan: '123' })).toEqual({ IBAN: '•••• 1326', AccountNumber: '•••• 7890', pan: '••••' });
  });
  it('leaves everything else as it is', () => {
    expect(maskDestination({ iban: null, account: '', bankName: 'Ziraat', nested: { iban: 'TR1' } })).toEqual({ iban: null, account: '', bankName: 'Ziraat', nested: { iban: 'TR1' } });
    expect(maskDestination(null)).toBeNull();
    expect(maskDestination('TR33')).toBe('TR33');
    expect(maskDestination([1])).toEqual([1]);
    expect(maskTail('  ')).toBe('  ');
  });
});
