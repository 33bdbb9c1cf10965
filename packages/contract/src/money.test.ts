import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES, CURRENCIES, CURRENCY_DECIMALS, convertAmount, crossRate, currencyDecimals, formatAmount, formatMoney, formatRate, formatUsd, positiveAmount } from './index.js';

describe('currency decimals', () => {
  it('every currency of the platform has its decimals', () => {
    for (const c of CURRENCIES) expect(Number.isInteger(CURRENCY_DECIMALS[c]), c).toBe(true);
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('USDT')).toBe(2);
    expect(currencyDecimals('BTC')).toBe(8);
    expect(currencyDecimals('IRR')).toBe(0);
    expect(currencyDecimals('XYZ')).toBe(2);
    expect(currencyDecimals(null)).toBe(2);
  });
});

describe('formatMoney', () => {
  it('thousands separators and the currency\'s own decimals, half-up on the decimal string', () => {
    expect(formatMoney('1234567.12500000', 'USD')).toBe('1,234,567.13 USD');
    expect(formatMoney('1432', 'BTC')).toBe('1,432.00000000 BTC');
    expect(formatMoney('0.01523', 'BTC')).toBe('0.01523000 BTC');
    expect(formatMoney('4201680.67226890', 'IRR')).toBe('4,201,681 IRR');
    expect(formatMoney('99.995', 'USDT')).toBe('100.00 USDT');
    expect(formatMoney('-1500.5', 'EUR')).toBe('-1,500.50 EUR');
    expect(formatMoney('0.00000000', 'TRY')).toBe('0.00 TRY');
    expect(formatMoney('12.3456789', 'TRX')).toBe('12.345679 TRX');
  });
  it('the locale\'s separators', () => {
    expect(formatMoney('1234567.5', 'EUR', 'de-DE')).toBe('1.234.567,50 EUR');
    expect(formatAmount('1234.5', 2, 'en-US')).toBe('1,234.50');
  });
  it('a dash for missing or malformed values', () => {
    expect(formatMoney(null, 'USD')).toBe('—');
    expect(formatMoney('', 'USD')).toBe('—');
    expect(formatMoney('abc', 'USD')).toBe('—');
    expect(formatMoney('1e5', 'USD')).toBe('—');
    expect(formatMoney('10', null)).toBe('10.00');
  });
});

describe('formatUsd', () => {
  it('a dollar value with cents', () => {
    expect(formatUsd('1234567.125')).toBe('$1,234,567.13');
    expect(formatUsd('-12.34000000')).toBe('-$12.34');
    expect(formatUsd(10)).toBe('$10.00');
    expect(formatUsd(undefined)).toBe('—');
  });
});

describe('formatRate', () => {
  it('significant digits only, thousands separated', () => {
    expect(formatRate('65000.000000000000')).toBe('65,000');
    expect(formatRate('1.080000000000')).toBe('1.08');
    expect(formatRate('0.000023800000')).toBe('0.0000238');
    expect(formatRate('1')).toBe('1');
    expect(formatRate('0.000000000000')).toBe('0');
    expect(formatRate('x')).toBe('—');
    expect(formatRate(null)).toBe('—');
  });
});

describe('conversion at USD rates', () => {
  it('never gives more value than it takes (truncated)', () => {
    expect(convertAmount('100', '1', '65000')).toBe('0.00153846');
    expect(convertAmount('1', '65000', '1')).toBe('65000.00000000');
    expect(crossRate('1.08', '1')).toBe('1.080000000000');
  });
});

describe('positiveAmount', () => {
  const messages = (v: unknown, s = positiveAmount()) => { const r = s.safeParse(v); return r.success ? [] : r.error.issues.map((i) => i.message); };
  it('one message per mistake: the format, else zero', () => {
    for (const v of ['ten', '-1', '1.123456789', '1'.repeat(15)]) expect(messages(v)).toEqual([AMOUNT_MESSAGES.FORMAT]);
    expect(messages(undefined)).toEqual([AMOUNT_MESSAGES.NOT_A_NUMBER]);
    expect(messages('0.00000000')).toEqual([AMOUNT_MESSAGES.POSITIVE]);
    expect(messages('0', positiveAmount(AMOUNT_MESSAGES.NOT_ZERO))).toEqual([AMOUNT_MESSAGES.NOT_ZERO]);
    expect(positiveAmount().parse(' 0.00000001 ')).toBe('0.00000001');
  });

  it('fewer decimals, with their own format message (also for a missing value)', () => {
    const cents = positiveAmount(AMOUNT_MESSAGES.POSITIVE, { decimals: 2, message: 'Two decimals.' });
    expect(messages('1.001', cents)).toEqual(['Two decimals.']);
    expect(messages(undefined, cents)).toEqual(['Two decimals.']);
    expect(messages('0.00', cents)).toEqual([AMOUNT_MESSAGES.POSITIVE]);
    expect(cents.parse('1.01')).toBe('1.01');
  });
});
