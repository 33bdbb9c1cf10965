import { BANKING_MESSAGES } from './banking.js';
import { cmpDec, convertAmount, fromUnits, subDec, toUnits } from './money.js';

/**
 * "Test Your Settings" of a deposit gateway (001 §5): what the gateway's settings make of a
 * deposit. Exact decimals (8 places, bigint units):
 * - fee = amount × feePercentage / 100, cut to 8 decimals (towards zero);
 * - amount after fee = amount − fee;
 * - USD values at the currency's rate (units of USD per unit), cut to 8 decimals;
 * - the limits are the gateway's minimum and maximum in USD, both inclusive, checked on the
 *   amount before the fee.
 * Deposit gateways hold no bonus setting, so the calculator shows none. The withdraw gateways'
 * calculator is "Coming Soon" without content, as the spec says.
 */
export interface DepositSettings { gatewayUuid: string; feePercentage: string; minAmount: string; maxAmount: string }
export function testDepositSettings(g: DepositSettings, amount: string, currency: string, rateToUsd: string) {
  const exact = fromUnits(toUnits(amount));
  const fee = fromUnits((toUnits(amount) * toUnits(g.feePercentage)) / toUnits('100'));
  const amountAfterFee = subDec(exact, fee);
  const amountInUSD = convertAmount(exact, rateToUsd, '1');
  const below = cmpDec(amountInUSD, g.minAmount) < 0;
  const above = cmpDec(amountInUSD, g.maxAmount) > 0;
  return {
    gatewayUuid: g.gatewayUuid, currency, amount: exact, feePercentage: g.feePercentage, fee, amountAfterFee,
    amountInUSD, amountAfterFeeInUSD: convertAmount(amountAfterFee, rateToUsd, '1'), minAmount: g.minAmount, maxAmount: g.maxAmount,
    withinLimits: !below && !above,
    message: below ? BANKING_MESSAGES.GATEWAY_BELOW_MIN(g.minAmount) : above ? BANKING_MESSAGES.GATEWAY_ABOVE_MAX(g.maxAmount) : BANKING_MESSAGES.GATEWAY_WITHIN_LIMITS,
  };
}
