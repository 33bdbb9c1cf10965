import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, computeInvoice, invoiceGenerateForm, manualPaymentForm, mayViewBillingJson, paymentInUsd, previousMonth, type InvoiceSettings } from './billing.js';

const ALPHA: InvoiceSettings = {
  casinoGGRPercentage: '12', sportGGRPercentage: '9.5', premiumSportInUSD: '1500', premiumBotInUSD: '350', brandFeeInUSD: '250',
  minMonthlyFeeInUSD: '5000', additionalCosts: [{ name: 'Licence sub-fee', value: '400' }],
};

describe('computeInvoice (README "Billing" worked example)', () => {
  it('commissions per kind, brand fees, costs; a negative GGR charges no commission', () => {
    expect(computeInvoice({ casinoGGRInUSD: '48250.40', sportGGRInUSD: '-1200.00', brandsCharged: 2 }, ALPHA)).toEqual({
      casinoGGRCommissionInUSD: '5790.05', sportGGRCommissionInUSD: '0.00', premiumSportInUSD: '1500.00', premiumBotInUSD: '350.00',
      brandFeeInUSD: '500.00', additionalCostsInUSD: '400.00', subtotalInUSD: '8540.05', minMonthlyFeeInUSD: '5000.00',
      totalPayableAmountInUSD: '8540.05', minimumApplied: false,
    });
  });
  it('the minimum monthly fee when the subtotal is below it', () => {
    const r = computeInvoice({ casinoGGRInUSD: '10000', sportGGRInUSD: '0', brandsCharged: 2 }, ALPHA);
    expect(r).toMatchObject({ subtotalInUSD: '3950.00', totalPayableAmountInUSD: '5000.00', minimumApplied: true });
  });
  it('half-up to the cent, exact (no float)', () => {
    expect(computeInvoice({ casinoGGRInUSD: '0.05', sportGGRInUSD: '0', brandsCharged: 0 }, { ...ALPHA, casinoGGRPercentage: '50', premiumSportInUSD: '0', premiumBotInUSD: '0', minMonthlyFeeInUSD: '0', additionalCosts: [] }).casinoGGRCommissionInUSD).toBe('0.03');
    expect(paymentInUsd('250.5', '0.9985')).toBe('250.12');
    expect(paymentInUsd('0.1', '0.2')).toBe('0.02');
  });
});

describe('billing forms', () => {
  it('the previous month, January → December of the year before', () => {
    expect(previousMonth(new Date(Date.UTC(2026, 0, 15)))).toEqual({ year: 2025, month: 12 });
    expect(previousMonth(new Date(Date.UTC(2026, 10, 24)))).toEqual({ year: 2026, month: 10 });
  });
  it('the spec\'s texts', () => {
    const r = invoiceGenerateForm.safeParse({ opId: '', title: 'x', month: 'JANUARY', year: 2025, testPlayersInclusion: 'ALL', includeBrands: true, reference: 'r', note: 'n' });
    expect(r.error?.issues.map((i) => i.message)).toEqual([BILLING_MESSAGES.OPERATOR_REQUIRED]);
    const m = manualPaymentForm.safeParse({ opId: 'op', paymentType: 'CASH', currency: 'TRX', amount: '1', exchangeRateInUSD: '0.001' });
    expect(m.error?.issues.map((i) => i.message)).toEqual([BILLING_MESSAGES.RATE_MIN]);
  });
  it('a manual payment\'s invoice number: blank or 0 is none, a positive whole number is kept, anything else is refused', () => {
    const base = { opId: 'op', paymentType: 'CASH', currency: 'USD', amount: '1', exchangeRateInUSD: '1' };
    for (const none of ['', 0, '0', null, undefined]) expect(manualPaymentForm.parse({ ...base, invoiceNo: none }).invoiceNo, String(none)).toBeUndefined();
    expect(manualPaymentForm.parse({ ...base, invoiceNo: '1042' }).invoiceNo).toBe(1042);
    for (const bad of [-1, 1.5, 'abc']) {
      expect(manualPaymentForm.safeParse({ ...base, invoiceNo: bad }).error?.issues.map((i) => i.message), String(bad)).toEqual([BILLING_MESSAGES.INVOICE_NO_INVALID]);
    }
  });
});

describe('the JSON tab of billing records (002 §2, §6)', () => {
  it('invoices and payments: SUPER_ADMIN and ADMIN; any other record: SUPER_ADMIN only', () => {
    for (const type of ['INVOICE', 'PAYMENT']) {
      expect(mayViewBillingJson('SUPER_ADMIN', type)).toBe(true);
      expect(mayViewBillingJson('ADMIN', type)).toBe(true);
      expect(mayViewBillingJson('OPERATOR_ADMIN', type)).toBe(false);
      expect(mayViewBillingJson('OPERATOR_MANAGER', type)).toBe(false);
    }
    expect(mayViewBillingJson('SUPER_ADMIN', 'OTHER')).toBe(true);
    expect(mayViewBillingJson('ADMIN', 'OTHER')).toBe(false);
  });
});
