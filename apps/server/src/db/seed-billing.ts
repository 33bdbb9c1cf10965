/**
 * Demo billing (after the bets): invoice settings of the demo operators and a partner, the
 * invoices of the last five months (computed from the GGR roll-up of the seeded bets, so older
 * months charge the minimum monthly fee), and payments: manual ones and provider (CPG) transfers,
 * leaving each operator some debt.
 */
import { MONTHS, mulDec, paymentInUsd, previousMonth, roundDec, type InvoiceSettings } from '@pitboss/contract';
import type { Db } from './client.js';
import { billingRecords, billingSettings } from './schema.js';
import { lockAccount, recomputeAccount, writeInvoice } from '../modules/billing/service.js';

const SETTINGS: Record<string, InvoiceSettings> = {
  'op-alpha': { casinoGGRPercentage: '12', sportGGRPercentage: '9.5', premiumSportInUSD: '1500', premiumBotInUSD: '350', brandFeeInUSD: '250', minMonthlyFeeInUSD: '5000', additionalCosts: [{ name: 'Licence sub-fee', value: '400' }] },
  'op-bravo': { casinoGGRPercentage: '10', sportGGRPercentage: '8', premiumSportInUSD: '1000', premiumBotInUSD: '0', brandFeeInUSD: '200', minMonthlyFeeInUSD: '3500', additionalCosts: [] },
  'op-charlie': { casinoGGRPercentage: '15', sportGGRPercentage: '12', premiumSportInUSD: '0', premiumBotInUSD: '500', brandFeeInUSD: '300', minMonthlyFeeInUSD: '2500', additionalCosts: [{ name: 'Dedicated support', value: '750' }] },
  'alpha-partner': { casinoGGRPercentage: '0', sportGGRPercentage: '0', premiumSportInUSD: '0', premiumBotInUSD: '0', brandFeeInUSD: '0', minMonthlyFeeInUSD: '150', additionalCosts: [] },
};
const BY = 'superadmin@demo.local';

export async function seedBilling(db: Db, now: number): Promise<void> {
  await db.insert(billingSettings).values(Object.entries(SETTINGS).map(([opId, s]) => ({
    opId, casinoGgrPercentage: s.casinoGGRPercentage, sportGgrPercentage: s.sportGGRPercentage, premiumSportInUsd: s.premiumSportInUSD,
    premiumBotInUsd: s.premiumBotInUSD, brandFeeInUsd: s.brandFeeInUSD, minMonthlyFeeInUsd: s.minMonthlyFeeInUSD, additionalCosts: s.additionalCosts, updatedBy: BY,
  }))).onConflictDoNothing();
  // The five months before this one, oldest first.
  let { year, month } = previousMonth(new Date(now));
  const months: { year: number; month: number }[] = [];
  for (let i = 0; i < 5; i++) { months.unshift({ year, month }); month -= 1; if (month === 0) { month = 12; year -= 1; } }
  const paid: Record<string, number> = { 'op-alpha': 4, 'op-bravo': 3, 'op-charlie': 2, 'alpha-partner': 5 };
  for (const [opId, s] of Object.entries(SETTINGS)) {
    await db.transaction(async (tx) => {
      for (const [i, m] of months.entries()) {
        if (m.year < 2024) continue;
        const issuedAt = new Date(Date.UTC(m.year, m.month, 2, 9)); // the 2nd of the next month
        if (issuedAt.getTime() > now) continue;
        const { row } = await writeInvoice(tx, {
          opId, year: m.year, month: m.month, inclusion: 'NO_TEST', includeBrands: opId.startsWith('op-'), settings: s, overridden: false,
          title: `Invoice ${MONTHS[m.month - 1]} ${m.year}`, description: '', reference: `INV-${opId}-${m.year}${String(m.month).padStart(2, '0')}`,
          note: 'Monthly platform fee', superAdminNote: i === 0 ? 'Paid late, follow up next quarter.' : null, issuedAt, by: BY, overwrite: false,
        });
        if (i >= paid[opId]!) continue;
        // Paid: a CPG transfer in TRX for operators, a direct transfer for the partner, a cash top-up on the oldest month.
        const payAt = new Date(issuedAt.getTime() + 3 * 86_400_000);
        if (payAt.getTime() > now) continue;
        await lockAccount(tx, opId);
        const cpg = opId.startsWith('op-');
        const rate = cpg ? '0.2' : '1';
        // TRX at 0.2 USD: five TRX per dollar.
        const amount = cpg ? roundDec(mulDec(row.amountInUsd, '5'), 2) : roundDec(row.amountInUsd, 2);
        await tx.insert(billingRecords).values({
          type: 'PAYMENT', opId, title: cpg ? 'CPG Transfer payment' : 'Direct Transfer payment', description: `Invoice ${row.invoiceNo}`, reference: cpg ? `TX${row.invoiceNo}${opId.length}` : `BANK-${row.invoiceNo}`,
          amountInUsd: paymentInUsd(amount, rate), issuedAt: payAt, createdAt: payAt, updatedAt: payAt, createdBy: cpg ? 'cpg-provider' : BY,
          paymentType: cpg ? 'CPG_TRANSFER' : 'DIRECT_TRANSFER', paidBy: opId, currency: cpg ? 'TRX' : 'USD', amount, exchangeRateInUsd: rate,
          paidInvoiceNo: row.invoiceNo, year: m.year, month: m.month,
          explorerUrl: cpg ? `https://tronscan.org/#/transaction/${row.id.replace(/-/g, '')}${row.id.replace(/-/g, '')}` : null,
        });
        await recomputeAccount(tx, opId);
      }
      // A partial cash payment towards the latest invoice.
      if (opId === 'op-alpha') {
        await lockAccount(tx, opId);
        await tx.insert(billingRecords).values({
          type: 'PAYMENT', opId, title: 'Cash payment', description: 'Partial settlement', reference: 'CASH-0001', amountInUsd: '1000.00',
          issuedAt: new Date(now - 86_400_000), createdBy: BY, paymentType: 'CASH', paidBy: 'Alpha Gaming', currency: 'USD', amount: '1000', exchangeRateInUsd: '1',
        });
        await recomputeAccount(tx, opId);
      }
    });
  }
}
