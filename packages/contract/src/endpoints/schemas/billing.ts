import { z } from 'zod';
import {
  billingAccountsListBody, billingRecordsListBody, billingReportBody, cpgPaymentUpdateForm, dashboardCardsBody, invoiceDeleteQuery, invoiceGenerateForm,
  invoiceRecordForm, invoiceRunForm, invoiceRunsListBody, invoiceSettingsForm, invoiceSettingsQuery, invoiceV2CreateForm, invoiceV2UpdateForm, manualPaymentDeleteQuery,
  manualPaymentForm, manualPaymentUpdateForm, paymentCreateForm, paymentDeleteQuery,
} from '../../billing.js';
import { BILLING } from '../meta/billing.js';
import { empty, isoDate, listAnswer, money, nullableString, opTitles } from './common.js';
import type { SchemasOf } from './types.js';

const cost = z.object({ name: z.string(), value: money });
export const invoiceSettingsView = z.object({
  opId: z.string(),
  casinoGGRPercentage: money, sportGGRPercentage: money, premiumSportInUSD: money, premiumBotInUSD: money,
  brandFeeInUSD: money, minMonthlyFeeInUSD: money, additionalCosts: z.array(cost),
  /** False: the operator has no saved settings (the answer holds zeros; the form warns "No Settings Found."). */
  saved: z.boolean(),
  updatedAt: isoDate.nullable(), updatedBy: nullableString,
});

/** 002 §3 Invoice (as displayed) and Payment, one billing record. */
export const billingRecordView = z.object({
  id: z.string(), type: z.string(), opId: z.string(), ...opTitles, parentOpId: nullableString,
  title: z.string(), description: z.string(), reference: z.string(), note: z.string(),
  /** Invoice: total payable; payment: amount in USD. */
  amountInUSD: money,
  issuedAt: isoDate, createdAt: isoDate, updatedAt: isoDate, createdBy: z.string(), updatedBy: nullableString,
  // Invoice part
  invoiceNo: z.number().int().nullable(), month: z.number().int().nullable(), year: z.number().int().nullable(),
  testPlayersInclusion: nullableString, includeBrands: z.boolean().nullable(),
  casinoGGRInUSD: money.nullable(), sportGGRInUSD: money.nullable(), totalGGRInUSD: money.nullable(),
  casinoGGRCommissionInUSD: money.nullable(), sportGGRCommissionInUSD: money.nullable(), ggrCommissionAmountInUSD: money.nullable(),
  premiumSportInUSD: money.nullable(), premiumBotInUSD: money.nullable(), brandFeeInUSD: money.nullable(), brandsCharged: z.number().int().nullable(),
  additionalCostsInUSD: money.nullable(), subtotalInUSD: money.nullable(), minimumApplied: z.boolean().nullable(),
  totalPayableAmountInUSD: money.nullable(), isSettingsOverridden: z.boolean().nullable(),
  settings: z.object({
    casinoGGRPercentage: money, sportGGRPercentage: money, premiumSportInUSD: money, premiumBotInUSD: money,
    brandFeeInUSD: money, minMonthlyFeeInUSD: money, additionalCosts: z.array(cost),
  }).nullable(),
  /** 002 §5: visible only to SUPER_ADMIN and ADMIN (null for others). */
  superAdminNote: nullableString,
  // Payment part
  paymentType: nullableString, paidBy: nullableString, currency: nullableString, amount: money.nullable(), exchangeRateInUSD: money.nullable(),
  paidInvoiceNo: z.number().int().nullable(), explorerURL: nullableString,
});
export type BillingRecordView = z.infer<typeof billingRecordView>;

export const billingAccountView = z.object({
  opId: z.string(), ...opTitles, kind: z.string(), status: z.string(),
  invoicedInUSD: money, paidInUSD: money, debtInUSD: money,
  invoices: z.number().int(), payments: z.number().int(),
  lastInvoiceAt: isoDate.nullable(), lastPaymentAt: isoDate.nullable(),
  hasSettings: z.boolean(),
});
export type BillingAccountView = z.infer<typeof billingAccountView>;

export const invoiceRunView = z.object({
  id: z.string(), month: z.number().int(), year: z.number().int(), testPlayersInclusion: z.string(), overwriteExistingInvoice: z.boolean(),
  status: z.string(), total: z.number().int(), done: z.number().int(), created: z.number().int(), skipped: z.number().int(), failed: z.number().int(),
  error: nullableString, createdAt: isoDate, createdBy: z.string(), finishedAt: isoDate.nullable(),
});
export type InvoiceRunView = z.infer<typeof invoiceRunView>;

const monthTotal = z.object({ month: z.number().int(), ggrInUSD: money, invoicedInUSD: money, collectedInUSD: money });
export const ggrReportRow = z.object({
  opId: z.string(), ...opTitles, month: z.number().int(), year: z.number().int(), invoiceNo: z.number().int().nullable(),
  casinoGGRInUSD: money, sportGGRInUSD: money, totalGGRInUSD: money, commissionInUSD: money, totalPayableAmountInUSD: money,
});
export const collectionRow = z.object({ month: z.number().int(), paymentType: z.string(), payments: z.number().int(), amountInUSD: money });

const recordAnswer = billingRecordView;

export const BILLING_SCHEMAS = {
  'billing.invoiceGenerate': { body: invoiceGenerateForm, response: recordAnswer },
  'billing.invoiceRecordUpdate': { body: invoiceRecordForm, response: recordAnswer },
  'billing.invoiceDelete': { query: invoiceDeleteQuery, response: empty },
  'billing.paymentCreate': { body: paymentCreateForm, response: recordAnswer },
  'billing.paymentDelete': { query: paymentDeleteQuery, response: empty },
  'billing.invoiceCreate': { body: invoiceV2CreateForm, response: recordAnswer },
  'billing.invoiceUpdate': { body: invoiceV2UpdateForm, response: recordAnswer },
  'billing.settingsGet': { query: invoiceSettingsQuery, response: invoiceSettingsView },
  'billing.settingsSave': { body: invoiceSettingsForm, response: invoiceSettingsView },
  'billing.manualPaymentCreate': { body: manualPaymentForm, response: recordAnswer },
  'billing.manualPaymentUpdate': { body: manualPaymentUpdateForm, response: recordAnswer },
  'billing.manualPaymentDelete': { query: manualPaymentDeleteQuery, response: empty },
  'billing.cpgPaymentUpdate': { body: cpgPaymentUpdateForm, response: recordAnswer },
  'billing.dashboardCards': {
    body: dashboardCardsBody,
    response: z.object({
      opId: z.string(), year: z.number().int().nullable(),
      debt: z.object({ amountInUSD: money }),
      cpgProvider: z.object({ amountInUSD: money }),
      invoicedInUSD: money, paidInUSD: money,
      cpgBillingWallets: z.object({ address: z.string(), network: z.string(), qrCode: z.string() }),
    }),
  },
  'billing.records': { body: billingRecordsListBody, response: listAnswer(billingRecordView) },
  'billing.record': { params: z.object({ id: z.string().max(64) }), response: billingRecordView },
  'billing.accounts': { body: billingAccountsListBody, response: listAnswer(billingAccountView) },
  'billing.runStart': { body: invoiceRunForm, response: invoiceRunView },
  'billing.runs': { body: invoiceRunsListBody, response: listAnswer(invoiceRunView) },
  'billing.reportInvoiceGgr': {
    body: billingReportBody,
    response: z.object({ year: z.number().int(), rows: z.array(ggrReportRow), months: z.array(monthTotal) }),
  },
  'billing.reportPaymentCollections': {
    body: billingReportBody,
    response: z.object({ year: z.number().int(), rows: z.array(collectionRow), months: z.array(monthTotal) }),
  },
} satisfies SchemasOf<typeof BILLING>;
