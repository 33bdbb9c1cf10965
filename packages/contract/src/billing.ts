/**
 * Billing to operators (002 §1–§9; the lists, runs and reports designed). An operator is invoiced
 * per month from its GGR in USD (casino and sport stakes − wins of the month, read from the
 * monthly roll-up of bets) times its invoice settings; payments (manual, provider/CPG) reduce its
 * debt (invoiced − paid). All amounts are USD decimal strings (exact, never floats).
 * One schema per rule, used by the console's forms and the server's bodies.
 */
import { z } from 'zod';
import { listScope } from './api.js';
import { DECIMAL_PATTERN, MONEY_SCALE, addDec, cmpDec, fromUnits, toUnits } from './decimal.js';

/** 002 §3: who of the players' bets an invoice counts. */
export const TEST_PLAYERS_INCLUSIONS = ['ALL', 'TEST', 'NO_TEST'] as const;
export type TestPlayersInclusion = (typeof TEST_PLAYERS_INCLUSIONS)[number];

/** 002 §3 invoice generation: the month as an uppercase month name. */
export const MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'] as const;
export type MonthName = (typeof MONTHS)[number];

/** 002 §9: invoice years run from 2024 to the current year. */
export const INVOICE_YEAR_MIN = 2024;
/** 002 §9: manual payment currencies, TRX by default; the minimum exchange rate. */
export const BILLING_CURRENCIES = ['TRX', 'USDT', 'USD'] as const;
export type BillingCurrency = (typeof BILLING_CURRENCIES)[number];
export const DEFAULT_BILLING_CURRENCY: BillingCurrency = 'TRX';
export const MIN_EXCHANGE_RATE = '0.01';

/** 002 §3: payment types. CPG_TRANSFER is a provider payment (edited, never typed in). */
export const PAYMENT_TYPES = ['CASH', 'DIRECT_TRANSFER', 'CPG_ADJUSTMENT', 'CPG_TRANSFER', 'USDT_TRANSFER', 'OPERATOR_SETTLEMENT'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const MANUAL_PAYMENT_TYPES = PAYMENT_TYPES.filter((t) => t !== 'CPG_TRANSFER');
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  CASH: 'Cash', DIRECT_TRANSFER: 'Direct Transfer', CPG_ADJUSTMENT: 'CPG Adjustment', CPG_TRANSFER: 'CPG Transfer',
  USDT_TRANSFER: 'USDT Transfer', OPERATOR_SETTLEMENT: 'Operator Settlement',
};
export const TEST_PLAYERS_LABELS: Record<TestPlayersInclusion, string> = { ALL: 'All players', TEST: 'Test players only', NO_TEST: 'Without test players' };

/** A billing record is an invoice or a payment. */
export const BILLING_RECORD_TYPES = ['INVOICE', 'PAYMENT'] as const;
export type BillingRecordType = (typeof BILLING_RECORD_TYPES)[number];

/**
 * Who sees a billing record's JSON tab: Invoice Details and Payment Details, SUPER_ADMIN and ADMIN
 * (002 §2, §6 "the invoice JSON tab [is] for SUPER_ADMIN and ADMIN"); any other billing record, SUPER_ADMIN only.
 */
export const mayViewBillingJson = (role: string, type: string): boolean =>
  (type === 'INVOICE' || type === 'PAYMENT' ? role === 'SUPER_ADMIN' || role === 'ADMIN' : role === 'SUPER_ADMIN');

/** Invoice runs (every operator of a month, on the job queue). */
export const INVOICE_RUN_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
/** Which operators a platform billing view lists (/billing/operators, /brands, /affiliates). */
export const BILLING_ACCOUNT_KINDS = ['OPERATOR', 'BRAND', 'PARTNER'] as const;

/** 002 §9: the Provider Payment dialog's note. */
export const PROVIDER_PAYMENT_NOTE = 'Only USDT and TRX are accepted. The invoice is deducted from your CPG balance; pay any required amount by the 5th of the month.';

export const BILLING_TEXT_MAX = 200;
export const BILLING_NOTE_MAX = 1000;
export const MAX_ADDITIONAL_COSTS = 20;

export const BILLING_MESSAGES = {
  // 002 §8
  CONFLICT: 'An invoice already exists. Would you like to overwrite the existing invoice with these settings?',
  OPERATOR_REQUIRED: 'Operator not found, please select an operator.',
  INVOICE_ID_MISSING: 'Missing Invoice ID.',
  PAYMENT_ID_MISSING: 'Missing Payment ID.',
  NO_REPORT: 'No Report Available.',
  NO_SETTINGS: 'No Settings Found.',
  NOTE_UPDATED: 'Invoice Note Updated!',
  INVOICE_GENERATED: 'Invoice Generated!',
  PAYMENT_ADDED: 'Payment Added!',
  INVOICE_UPDATED: 'Invoice Updated!',
  SETTINGS_UPDATED: 'Operator Invoice Settings Updated!',
  RECORD_UPDATED: 'Operator Invoice Record Updated!',
  RECORD_DELETED: 'Invoice Record Deleted!',
  PAYMENT_RECORD_DELETED: 'Payment Record Deleted!',
  PAYMENT_UPDATED: 'Payment Updated!',
  PAYMENT_DELETED: 'Payment Deleted!',
  // 002 §9
  PROVIDER_NOTE: PROVIDER_PAYMENT_NOTE,
  // Designed (the spec gives the fields, not these words: written here once)
  TITLE_REQUIRED: 'Title is required.',
  TEXT_MAX: `At most ${BILLING_TEXT_MAX} characters.`,
  NOTE_MAX: `At most ${BILLING_NOTE_MAX} characters.`,
  MONTH_REQUIRED: 'Month is required.',
  YEAR_INVALID: `Year must be between ${INVOICE_YEAR_MIN} and the current year.`,
  PERIOD_FUTURE: 'An invoice can only be made for a month that has begun.',
  INCLUSION_REQUIRED: 'Test players inclusion is required.',
  INCLUDE_BRANDS_REQUIRED: 'Include brands is required.',
  REFERENCE_REQUIRED: 'Reference is required.',
  NOTE_REQUIRED: 'Note is required.',
  PAID_BY_REQUIRED: 'Paid by is required.',
  AMOUNT_INVALID: 'Amount must be a number above 0 with at most 2 decimals.',
  FEE_INVALID: 'Fees must be amounts of at least 0 with at most 2 decimals.',
  PERCENT_INVALID: 'Percentages must be between 0 and 100 with at most 2 decimals.',
  RATE_MIN: 'The exchange rate in USD must be at least 0.01.',
  RATE_INVALID: 'The exchange rate must be a number with at most 8 decimals.',
  CURRENCY_INVALID: 'Currency must be TRX, USDT or USD.',
  PAYMENT_TYPE_INVALID: 'Choose a payment type.',
  COST_NAME_REQUIRED: 'Each additional cost needs a name.',
  COSTS_MAX: `At most ${MAX_ADDITIONAL_COSTS} additional costs.`,
  DATE_INVALID: 'Issued at must be a date and time.',
  INVOICE_NO_INVALID: 'Invoice number must be a whole number.',
  RECORD_NOT_FOUND: 'Billing record not found.',
  NOT_AN_INVOICE: 'This record is not an invoice.',
  NOT_A_PAYMENT: 'This record is not a payment.',
  NOT_MANUAL: 'Only a manual payment can be changed here.',
  NOT_CPG: 'Only a CPG transfer can be changed here.',
  RUN_QUEUED: 'Invoice run queued: every operator of the month is invoiced in the background.',
  RUN_BUSY: 'An invoice run for this month is already in progress.',
  STATUS_INVALID: 'Type must be Invoice or Payment.',
  KIND_INVALID: 'Kind must be Operator, Brand or Partner.',
} as const;

/* ---- Amounts ---- */

const CENTS = /^\d{1,12}(\.\d{1,2})?$/;
/** A fee in USD: at least 0, two decimals. */
export const feeUsd = z.string({ error: BILLING_MESSAGES.FEE_INVALID }).trim().regex(CENTS, BILLING_MESSAGES.FEE_INVALID);
/** An amount in USD above 0, two decimals. */
export const amountUsd = z.string({ error: BILLING_MESSAGES.AMOUNT_INVALID }).trim().regex(CENTS, BILLING_MESSAGES.AMOUNT_INVALID)
  .refine((v) => !CENTS.test(v) || toUnits(v) > 0n, BILLING_MESSAGES.AMOUNT_INVALID);
/** A percentage 0..100, two decimals. */
export const percent = z.string({ error: BILLING_MESSAGES.PERCENT_INVALID }).trim().regex(/^\d{1,3}(\.\d{1,2})?$/, BILLING_MESSAGES.PERCENT_INVALID)
  .refine((v) => !/^\d{1,3}(\.\d{1,2})?$/.test(v) || cmpDec(v, '100') <= 0, BILLING_MESSAGES.PERCENT_INVALID);
/** A currency amount typed by staff (8 decimals, above 0). */
const currencyAmount = z.string({ error: BILLING_MESSAGES.AMOUNT_INVALID }).trim().regex(/^\d{1,14}(\.\d{1,8})?$/, BILLING_MESSAGES.AMOUNT_INVALID)
  .refine((v) => !/^\d{1,14}(\.\d{1,8})?$/.test(v) || toUnits(v) > 0n, BILLING_MESSAGES.AMOUNT_INVALID);
const rate = z.string({ error: BILLING_MESSAGES.RATE_INVALID }).trim().regex(/^\d{1,12}(\.\d{1,8})?$/, BILLING_MESSAGES.RATE_INVALID)
  .refine((v) => !/^\d{1,12}(\.\d{1,8})?$/.test(v) || cmpDec(v, MIN_EXCHANGE_RATE) >= 0, BILLING_MESSAGES.RATE_MIN);

const opId = z.string({ error: BILLING_MESSAGES.OPERATOR_REQUIRED }).trim().min(1, BILLING_MESSAGES.OPERATOR_REQUIRED).max(64, BILLING_MESSAGES.OPERATOR_REQUIRED);
const title = z.string({ error: BILLING_MESSAGES.TITLE_REQUIRED }).trim().min(1, BILLING_MESSAGES.TITLE_REQUIRED).max(BILLING_TEXT_MAX, BILLING_MESSAGES.TEXT_MAX);
const required = (msg: string, max = BILLING_TEXT_MAX) => z.string({ error: msg }).trim().min(1, msg).max(max, max === BILLING_TEXT_MAX ? BILLING_MESSAGES.TEXT_MAX : BILLING_MESSAGES.NOTE_MAX);
const optionalText = (max = BILLING_NOTE_MAX) => z.string().trim().max(max, max === BILLING_TEXT_MAX ? BILLING_MESSAGES.TEXT_MAX : BILLING_MESSAGES.NOTE_MAX).default('');
const issuedAt = z.iso.datetime({ offset: true, error: BILLING_MESSAGES.DATE_INVALID });
const currentYear = () => new Date().getUTCFullYear();
const year = z.coerce.number({ error: BILLING_MESSAGES.YEAR_INVALID }).int(BILLING_MESSAGES.YEAR_INVALID)
  .refine((y) => y >= INVOICE_YEAR_MIN && y <= currentYear(), BILLING_MESSAGES.YEAR_INVALID);
const monthNumber = z.coerce.number({ error: BILLING_MESSAGES.MONTH_REQUIRED }).int(BILLING_MESSAGES.MONTH_REQUIRED).min(1, BILLING_MESSAGES.MONTH_REQUIRED).max(12, BILLING_MESSAGES.MONTH_REQUIRED);
const monthName = z.enum(MONTHS, { error: BILLING_MESSAGES.MONTH_REQUIRED });
const invoiceId = z.uuid({ error: BILLING_MESSAGES.INVOICE_ID_MISSING });
const paymentId = z.uuid({ error: BILLING_MESSAGES.PAYMENT_ID_MISSING });
const strictBool = (msg: string) => z.boolean({ error: msg });

/** A month that has begun (an invoice of the future counts nothing). */
export const monthHasBegun = (y: number, m: number, now = new Date()) => y < now.getUTCFullYear() || (y === now.getUTCFullYear() && m <= now.getUTCMonth() + 1);
/** 002 §5: the default month is the previous month (January → December of the year before). */
export function previousMonth(now = new Date()): { year: number; month: number } {
  const m = now.getUTCMonth(); // 0-based: this month − 1 as 1-based
  return m === 0 ? { year: now.getUTCFullYear() - 1, month: 12 } : { year: now.getUTCFullYear(), month: m };
}
/** 002 §9: the years offered (2024 … this year). */
export const invoiceYears = (now = new Date()) => Array.from({ length: now.getUTCFullYear() - INVOICE_YEAR_MIN + 1 }, (_, i) => INVOICE_YEAR_MIN + i);
export const monthNumberOf = (m: MonthName) => MONTHS.indexOf(m) + 1;

/* ---- Invoice settings and the invoice computation ---- */

export const additionalCost = z.object({
  name: z.string({ error: BILLING_MESSAGES.COST_NAME_REQUIRED }).trim().min(1, BILLING_MESSAGES.COST_NAME_REQUIRED).max(100, BILLING_MESSAGES.TEXT_MAX),
  value: feeUsd,
});
export type AdditionalCost = z.infer<typeof additionalCost>;
const additionalCosts = z.array(additionalCost, { error: BILLING_MESSAGES.COSTS_MAX }).max(MAX_ADDITIONAL_COSTS, BILLING_MESSAGES.COSTS_MAX).default([]);

/** 002 §3 invoice settings per operator: the six fee fields (and the operator's standing additional costs). */
export const invoiceSettingsFields = z.object({
  casinoGGRPercentage: percent,
  sportGGRPercentage: percent,
  premiumSportInUSD: feeUsd,
  premiumBotInUSD: feeUsd,
  brandFeeInUSD: feeUsd,
  minMonthlyFeeInUSD: feeUsd,
  additionalCosts,
});
export type InvoiceSettings = z.output<typeof invoiceSettingsFields>;
export const invoiceSettingsForm = invoiceSettingsFields.extend({ opId });
export type InvoiceSettingsForm = z.input<typeof invoiceSettingsForm>;
/** GET /api/billingV2/invoice/settings?opId: without an operator, the spec's 'Operator not found, please select an operator.' (002 §5, §8). */
export const invoiceSettingsQuery = z.object({ opId });

/** The settings an operator without its own invoices (nothing charged but what staff set). */
export const EMPTY_INVOICE_SETTINGS: InvoiceSettings = {
  casinoGGRPercentage: '0', sportGGRPercentage: '0', premiumSportInUSD: '0', premiumBotInUSD: '0', brandFeeInUSD: '0', minMonthlyFeeInUSD: '0', additionalCosts: [],
};

/** What the invoice computation reads: the month's GGR in USD and how many brand fees are due. */
export interface InvoiceBasis { casinoGGRInUSD: string; sportGGRInUSD: string; brandsCharged: number }

export interface InvoiceAmounts {
  casinoGGRCommissionInUSD: string; sportGGRCommissionInUSD: string;
  premiumSportInUSD: string; premiumBotInUSD: string; brandFeeInUSD: string;
  additionalCostsInUSD: string; subtotalInUSD: string; minMonthlyFeeInUSD: string;
  /** max(subtotal, minimum monthly fee). */
  totalPayableAmountInUSD: string;
  /** Whether the minimum monthly fee set the total. */
  minimumApplied: boolean;
}

/** Half-up to cents. */
const cents = (v: bigint) => { const step = 10n ** BigInt(MONEY_SCALE - 2); const half = step / 2n; return v >= 0n ? ((v + half) / step) * step : -(((-v + half) / step) * step); };
const commission = (ggr: string, pct: string) => {
  const g = toUnits(ggr);
  if (g <= 0n) return '0.00';
  return fromUnits(cents((g * toUnits(pct)) / (100n * 10n ** BigInt(MONEY_SCALE))), 2);
};
const usd2 = (v: string) => fromUnits(cents(toUnits(v)), 2);

/**
 * The invoice of a month (README "Billing"): commission = max(GGR, 0) × percentage / 100 for casino
 * and sport apart (a losing sport month does not offset casino), each rounded half-up to the cent;
 * brand fee = brandFeeInUSD × brands charged; subtotal = commissions + premium sport + premium bot
 * + brand fees + additional costs; total payable = max(subtotal, minimum monthly fee).
 */
export function computeInvoice(basis: InvoiceBasis, s: InvoiceSettings): InvoiceAmounts {
  const casino = commission(basis.casinoGGRInUSD, s.casinoGGRPercentage);
  const sport = commission(basis.sportGGRInUSD, s.sportGGRPercentage);
  const brandFee = usd2(fromUnits(toUnits(s.brandFeeInUSD) * BigInt(basis.brandsCharged)));
  const extra = usd2(s.additionalCosts.reduce((a, c) => addDec(a, c.value), '0'));
  const subtotal = usd2([casino, sport, s.premiumSportInUSD, s.premiumBotInUSD, brandFee, extra].reduce(addDec, '0'));
  const min = usd2(s.minMonthlyFeeInUSD);
  const minimumApplied = cmpDec(min, subtotal) > 0;
  return {
    casinoGGRCommissionInUSD: casino, sportGGRCommissionInUSD: sport,
    premiumSportInUSD: usd2(s.premiumSportInUSD), premiumBotInUSD: usd2(s.premiumBotInUSD), brandFeeInUSD: brandFee,
    additionalCostsInUSD: extra, subtotalInUSD: subtotal, minMonthlyFeeInUSD: min,
    totalPayableAmountInUSD: minimumApplied ? min : subtotal, minimumApplied,
  };
}

/** amountInUSD = rate × amount (002 §4), to the cent, half-up. */
export function paymentInUsd(amount: string, rateInUsd: string): string {
  if (!DECIMAL_PATTERN.test(amount) || !DECIMAL_PATTERN.test(rateInUsd)) return '0.00';
  return fromUnits(cents((toUnits(amount) * toUnits(rateInUsd)) / 10n ** BigInt(MONEY_SCALE)), 2);
}

/* ---- Forms and bodies ---- */

/** 002 §3 invoice generation request (Generate Invoice Form); overwriteExistingInvoice after the conflict dialog. */
export const invoiceGenerateForm = z.object({
  opId,
  title,
  month: monthName,
  year,
  issuedAt: issuedAt.optional(),
  testPlayersInclusion: z.enum(TEST_PLAYERS_INCLUSIONS, { error: BILLING_MESSAGES.INCLUSION_REQUIRED }),
  includeBrands: strictBool(BILLING_MESSAGES.INCLUDE_BRANDS_REQUIRED),
  reference: required(BILLING_MESSAGES.REFERENCE_REQUIRED),
  note: required(BILLING_MESSAGES.NOTE_REQUIRED, BILLING_NOTE_MAX),
  description: optionalText(),
  overwriteExistingInvoice: z.boolean().default(false),
}).refine((v) => monthHasBegun(v.year, monthNumberOf(v.month)), { message: BILLING_MESSAGES.PERIOD_FUTURE, path: ['month'] });
export type InvoiceGenerateForm = z.input<typeof invoiceGenerateForm>;

/** 002 §3 invoice edit form (Edit Operator Invoice; POST /api/billingV2/invoice without invoiceId, with numeric month and year). */
const invoiceV2Base = z.object({
  opId,
  year,
  month: monthNumber,
  issuedAt: issuedAt.optional(),
  description: optionalText(),
  superAdminNote: optionalText(),
  overrideSettings: z.boolean().default(false),
  casinoGGRPercentage: percent.optional(),
  sportGGRPercentage: percent.optional(),
  premiumSportInUSD: feeUsd.optional(),
  premiumBotInUSD: feeUsd.optional(),
  brandFeeInUSD: feeUsd.optional(),
  minMonthlyFeeInUSD: feeUsd.optional(),
  additionalCosts: z.array(additionalCost).max(MAX_ADDITIONAL_COSTS, BILLING_MESSAGES.COSTS_MAX).optional(),
  testPlayersInclusion: z.enum(TEST_PLAYERS_INCLUSIONS, { error: BILLING_MESSAGES.INCLUSION_REQUIRED }).default('NO_TEST'),
  includeBrands: z.boolean().default(true),
});
export const invoiceV2CreateForm = invoiceV2Base.extend({ overwriteExistingInvoice: z.boolean().default(false) })
  .refine((v) => monthHasBegun(v.year, v.month), { message: BILLING_MESSAGES.PERIOD_FUTURE, path: ['month'] });
export type InvoiceV2CreateForm = z.input<typeof invoiceV2CreateForm>;
/** PUT /api/billingV2/invoice: overrideSettings false when only the note (and description, issue date) is saved. */
export const invoiceV2UpdateForm = invoiceV2Base.omit({ year: true, month: true, testPlayersInclusion: true, includeBrands: true }).extend({ invoiceId });
export type InvoiceV2UpdateForm = z.input<typeof invoiceV2UpdateForm>;

/** 002 §3 invoice record (Edit Operator Invoice Record). */
export const invoiceRecordForm = z.object({
  id: invoiceId,
  title,
  reference: optionalText(BILLING_TEXT_MAX),
  note: optionalText(),
  description: optionalText(),
});
export type InvoiceRecordForm = z.input<typeof invoiceRecordForm>;

export const invoiceDeleteQuery = z.object({ invoiceId, opId: opId.optional() });
export const paymentDeleteQuery = z.object({ paymentId, opId: opId.optional() });
export const manualPaymentDeleteQuery = z.object({ id: paymentId, opId: opId.optional() });

/** 002 §3 payment creation request (New Payment Form): an amount in USD. */
export const paymentCreateForm = z.object({
  opId,
  title,
  paidBy: required(BILLING_MESSAGES.PAID_BY_REQUIRED),
  issuedAt: issuedAt.optional(),
  amountInUSD: amountUsd,
  reference: required(BILLING_MESSAGES.REFERENCE_REQUIRED),
  description: optionalText(),
});
export type PaymentCreateForm = z.input<typeof paymentCreateForm>;

/**
 * The invoice a payment pays, optional: sent only when nonzero (002 §5): blank or 0 is none (on an
 * edit, the link cleared), in the form and on the server.
 */
const optionalInvoiceNo = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' || v === null ? undefined : v),
  z.coerce.number({ error: BILLING_MESSAGES.INVOICE_NO_INVALID }).int(BILLING_MESSAGES.INVOICE_NO_INVALID).min(1, BILLING_MESSAGES.INVOICE_NO_INVALID).max(2_000_000_000, BILLING_MESSAGES.INVOICE_NO_INVALID).optional(),
);

/** 002 §3–§5 manual payment (Add Payment / Edit Manual Payment): amountInUSD = rate × amount, computed (read-only). */
const manualBase = z.object({
  opId,
  paymentType: z.enum(MANUAL_PAYMENT_TYPES as unknown as [PaymentType, ...PaymentType[]], { error: BILLING_MESSAGES.PAYMENT_TYPE_INVALID }),
  invoiceNo: optionalInvoiceNo,
  currency: z.enum(BILLING_CURRENCIES, { error: BILLING_MESSAGES.CURRENCY_INVALID }),
  amount: currencyAmount,
  exchangeRateInUSD: rate,
  issuedDate: issuedAt.optional(),
  description: optionalText(),
  month: monthNumber.optional(),
  year: year.optional(),
});
export const manualPaymentForm = manualBase;
export type ManualPaymentForm = z.input<typeof manualPaymentForm>;
export const manualPaymentUpdateForm = manualBase.extend({ id: paymentId });
export type ManualPaymentUpdateForm = z.input<typeof manualPaymentUpdateForm>;
export const MANUAL_PAYMENT_DEFAULTS = { paymentType: 'CASH', currency: DEFAULT_BILLING_CURRENCY, exchangeRateInUSD: '1', amount: '1' } as const;

/** Edit CPG Transfer payment: the provider's figures stay read-only; staff set the description and invoice. */
export const cpgPaymentUpdateForm = z.object({
  id: paymentId,
  opId: opId.optional(),
  description: optionalText(),
  invoiceNo: optionalInvoiceNo,
});
export type CpgPaymentUpdateForm = z.input<typeof cpgPaymentUpdateForm>;

/** 002 §7 dashboard cards: debt and provider (CPG) amounts of an operator for a year. */
export const dashboardCardsBody = z.object({ opId, year: year.optional(), includeBrands: z.boolean().default(true) });

/** The billing records list (invoices and payments in one keyset list). */
export const billingRecordsListBody = listScope.extend({
  type: z.enum(BILLING_RECORD_TYPES, { error: BILLING_MESSAGES.STATUS_INVALID }).optional(),
  paymentType: z.enum(PAYMENT_TYPES, { error: BILLING_MESSAGES.PAYMENT_TYPE_INVALID }).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  title: z.string().trim().max(BILLING_TEXT_MAX).optional(),
});

/** The platform billing views: one row per operator (brands, partners) with invoiced, paid and debt. */
export const billingAccountsListBody = listScope.extend({
  kind: z.enum(BILLING_ACCOUNT_KINDS, { error: BILLING_MESSAGES.KIND_INVALID }).optional(),
  withDebt: z.boolean().optional(),
});

/** An invoice run: every operator (and partner) of a month, in the background. */
export const invoiceRunForm = z.object({
  month: monthName,
  year,
  testPlayersInclusion: z.enum(TEST_PLAYERS_INCLUSIONS, { error: BILLING_MESSAGES.INCLUSION_REQUIRED }).default('NO_TEST'),
  overwriteExistingInvoice: z.boolean().default(false),
}).refine((v) => monthHasBegun(v.year, monthNumberOf(v.month)), { message: BILLING_MESSAGES.PERIOD_FUTURE, path: ['month'] });
export type InvoiceRunForm = z.input<typeof invoiceRunForm>;
export const invoiceRunsListBody = listScope.pick({ page: true, limit: true, cursor: true });

/** The two billing reports: a year (default this one), the list scope. */
export const billingReportBody = z.object({
  opId: z.string().trim().min(1).max(64).optional(),
  includeBrands: z.boolean().optional(),
  year: z.coerce.number().int().min(INVOICE_YEAR_MIN).max(2100).optional(),
});
