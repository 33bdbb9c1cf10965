import { describe, expect, it } from 'vitest';
import { conversionPreview } from './convert';

const balances = [
  { currency: 'USD', balance: '100.00000000', rateToUsd: '1.000000000000' },
  { currency: 'EUR', balance: '50.00000000', rateToUsd: '1.080000000000' },
  { currency: 'BTC', balance: '0.00000000', rateToUsd: '65000.000000000000' },
  { currency: 'IRR', balance: '1000', rateToUsd: null },
];

describe('conversionPreview', () => {
  it('shows the rate and what the whole balance becomes (the server\'s truncation)', () => {
    expect(conversionPreview(balances, 'EUR', 'USD')).toEqual({ amount: '50.00000000', rate: '1.080000000000', result: '54.00000000' });
    expect(conversionPreview(balances, 'USD', 'BTC')).toEqual({ amount: '100.00000000', rate: '0.000015384615', result: '0.00153846' });
  });
  it('nothing for the same currency, an unknown wallet or a missing rate', () => {
    expect(conversionPreview(balances, 'USD', 'USD')).toBeNull();
    expect(conversionPreview(balances, 'USD', 'TRY')).toBeNull();
    expect(conversionPreview(balances, 'IRR', 'USD')).toBeNull();
  });
});
