import { describe, expect, it } from 'vitest';
import { BANKING_MESSAGES, testDepositSettings } from './index.js';

const g = { gatewayUuid: 'g-1', feePercentage: '2.5', minAmount: '10', maxAmount: '5000' };

describe('testDepositSettings (Test Your Settings)', () => {
  it('the README example: 250 EUR at 1.08 USD per EUR through a 2.5 % gateway', () => {
    expect(testDepositSettings(g, '250', 'EUR', '1.08')).toEqual({
      gatewayUuid: 'g-1', currency: 'EUR', amount: '250.00000000', feePercentage: '2.5', fee: '6.25000000', amountAfterFee: '243.75000000',
      amountInUSD: '270.00000000', amountAfterFeeInUSD: '263.25000000', minAmount: '10', maxAmount: '5000',
      withinLimits: true, message: BANKING_MESSAGES.GATEWAY_WITHIN_LIMITS,
    });
  });

  it('the fee is cut to 8 decimals, exact (no floats)', () => {
    const r = testDepositSettings({ ...g, feePercentage: '3.3333' }, '0.1', 'USD', '1');
    expect(r.fee).toBe('0.00333330');
    expect(r.amountAfterFee).toBe('0.09666670');
  });

  it('the limits are inclusive and in USD, on the amount before the fee', () => {
    expect(testDepositSettings(g, '10', 'USD', '1').withinLimits).toBe(true);
    expect(testDepositSettings(g, '5000', 'USD', '1').withinLimits).toBe(true);
    const low = testDepositSettings(g, '9.99999999', 'USD', '1');
    expect(low).toMatchObject({ withinLimits: false, message: BANKING_MESSAGES.GATEWAY_BELOW_MIN('10') });
    const high = testDepositSettings(g, '4700', 'EUR', '1.08');
    expect(high).toMatchObject({ amountInUSD: '5076.00000000', withinLimits: false, message: BANKING_MESSAGES.GATEWAY_ABOVE_MAX('5000') });
  });
});
