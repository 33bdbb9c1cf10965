import { GLOBAL, LIST, anyOf, ep, record, withRoles } from '../define.js';

/** The platform billing pages (SUPER_ADMIN and ADMIN, 002 §6) and the operator's own billing pages. */
const PLATFORM_PAGES = ['billing_operators', 'billing_operatorsV2', 'billing_brands', 'billing_affiliates', 'billing_invoices', 'billing_transaction_history'];
const OWN_PAGES = ['billing_me', 'billing_meV2'];
/** Reads: any billing page; the list scope keeps operator staff to their own operator. */
const READ = anyOf(...PLATFORM_PAGES, ...OWN_PAGES);
/** Invoices, settings and payments are made, edited and deleted by SUPER_ADMIN and ADMIN (002 §6). */
const MANAGE = withRoles(PLATFORM_PAGES, ['SUPER_ADMIN', 'ADMIN']);
/** 002 §5: the invoice note is visible only to SUPER_ADMIN and ADMIN, in the invoice's activity records too. */
const NOTE_RESTRICTED = ['superAdminNote'] as const;

/**
 * Billing to operators (002 §7 calls; the lists, runs and reports designed). Billing records
 * (invoices and payments, one table) are accounts receivable in USD, not player money: no ledger,
 * but every change audited, and payments exactly once (Idempotency-Key).
 *
 * - `POST /api/billing/operator/invoice` — Generate Invoice: the operator's GGR of the month × its
 *   invoice settings; 409 `CONFLICT_ERROR` when one exists unless `overwriteExistingInvoice`;
 * - `POST|PUT /api/billingV2/invoice` — an invoice with numeric month and year and, with
 *   `overrideSettings`, its own fee fields; the edit recomputes from the invoice's stored GGR;
 * - `PUT|DELETE /api/billing/operator/invoice` — the invoice record (title, reference, note,
 *   description) and its deletion; `POST|DELETE /api/billing/operator/payment` — a payment in USD;
 * - `GET|PUT /api/billingV2/invoice/settings` — the operator's invoice settings;
 * - `POST|PUT|DELETE /api/billingV2/payment/manual`, `PUT /api/billingV2/payment/cpg` — payments;
 * - `POST /api/billingV2/dashboard-cards` — debt and provider (CPG) amounts, the CPG wallet;
 * - designed: `POST /api/billing/records/list`, `GET /api/billing/records/:id`,
 *   `POST /api/billing/accounts/list` (per operator: invoiced, paid, debt),
 *   `POST /api/billing/invoice-runs` and `/list` (every operator of a month, on the job queue),
 *   `POST /api/reports/billing/invoice-ggr` and `/payment-collections`.
 */
export const BILLING = {
  'billing.invoiceGenerate': ep({
    method: 'POST', path: '/api/billing/operator/invoice', tag: 'billing',
    summary: "Generate Invoice: the operator's (and its brands') GGR of the month × its invoice settings; CONFLICT_ERROR when one exists unless overwriteExistingInvoice",
    access: MANAGE, scope: record('operator', 'opId'), audit: 'BILLING_INVOICE_GENERATE', auditRestricted: NOTE_RESTRICTED,
  }),
  'billing.invoiceRecordUpdate': ep({
    method: 'PUT', path: '/api/billing/operator/invoice', tag: 'billing',
    summary: 'Edit Operator Invoice Record: title, reference, note, description ("Operator Invoice Record Updated!")',
    access: MANAGE, scope: record('billingRecord', 'id'), audit: 'BILLING_INVOICE_RECORD_UPDATE',
  }),
  'billing.invoiceDelete': ep({
    method: 'DELETE', path: '/api/billing/operator/invoice', tag: 'billing',
    summary: 'Delete an invoice ("Invoice Record Deleted!")',
    access: MANAGE, scope: record('billingRecord', 'invoiceId', 'query'), audit: 'BILLING_INVOICE_DELETE',
  }),
  'billing.paymentCreate': ep({
    method: 'POST', path: '/api/billing/operator/payment', tag: 'billing',
    summary: 'New Payment: an amount in USD paid by the operator, exactly once ("Payment Added!")',
    access: MANAGE, scope: record('operator', 'opId'), audit: 'BILLING_PAYMENT_CREATE', money: true,
  }),
  'billing.paymentDelete': ep({
    method: 'DELETE', path: '/api/billing/operator/payment', tag: 'billing',
    summary: 'Delete a payment ("Payment Record Deleted!")',
    access: MANAGE, scope: record('billingRecord', 'paymentId', 'query'), audit: 'BILLING_PAYMENT_DELETE',
  }),
  'billing.invoiceCreate': ep({
    method: 'POST', path: '/api/billingV2/invoice', tag: 'billing',
    summary: "An invoice with numeric month and year, from the operator's settings or (overrideSettings) its own fee fields; CONFLICT_ERROR when one exists",
    access: MANAGE, scope: record('operator', 'opId'), audit: 'BILLING_INVOICE_GENERATE', auditRestricted: NOTE_RESTRICTED,
  }),
  'billing.invoiceUpdate': ep({
    method: 'PUT', path: '/api/billingV2/invoice', tag: 'billing',
    summary: 'Edit Operator Invoice: the note and description, or (overrideSettings) the fee fields, recomputed from the stored GGR',
    access: MANAGE, scope: record('billingRecord', 'invoiceId'), audit: 'BILLING_INVOICE_UPDATE', auditRestricted: NOTE_RESTRICTED,
  }),
  'billing.settingsGet': ep({
    method: 'GET', path: '/api/billingV2/invoice/settings', tag: 'billing',
    summary: "The operator's invoice settings (the six fee fields and standing additional costs)",
    access: MANAGE, scope: record('operator', 'opId', 'query'),
  }),
  'billing.settingsSave': ep({
    method: 'PUT', path: '/api/billingV2/invoice/settings', tag: 'billing',
    summary: 'Invoice Setting: save the operator\'s fee fields ("Operator Invoice Settings Updated!")',
    access: MANAGE, scope: record('operator', 'opId'), audit: 'BILLING_SETTINGS_UPDATE',
  }),
  'billing.manualPaymentCreate': ep({
    method: 'POST', path: '/api/billingV2/payment/manual', tag: 'billing',
    summary: 'Add Payment (manual): type, currency, amount × rate = amount in USD, exactly once',
    access: MANAGE, scope: record('operator', 'opId'), audit: 'BILLING_PAYMENT_CREATE', money: true,
  }),
  'billing.manualPaymentUpdate': ep({
    method: 'PUT', path: '/api/billingV2/payment/manual', tag: 'billing',
    summary: 'Edit Manual Payment ("Payment Updated!")',
    access: MANAGE, scope: record('billingRecord', 'id'), audit: 'BILLING_PAYMENT_UPDATE',
  }),
  'billing.manualPaymentDelete': ep({
    method: 'DELETE', path: '/api/billingV2/payment/manual', tag: 'billing',
    summary: 'Delete a manual payment ("Payment Deleted!")',
    access: MANAGE, scope: record('billingRecord', 'id', 'query'), audit: 'BILLING_PAYMENT_DELETE',
  }),
  'billing.cpgPaymentUpdate': ep({
    method: 'PUT', path: '/api/billingV2/payment/cpg', tag: 'billing',
    summary: "Edit CPG Transfer payment: description and invoice (the provider's figures stay)",
    access: MANAGE, scope: record('billingRecord', 'id'), audit: 'BILLING_PAYMENT_UPDATE',
  }),
  'billing.dashboardCards': ep({
    method: 'POST', path: '/api/billingV2/dashboard-cards', tag: 'billing',
    summary: "Debt (invoiced − paid) and provider (CPG) payments of the operator, its CPG billing wallet and QR code",
    access: READ, scope: record('operator', 'opId'),
  }),
  'billing.records': ep({
    method: 'POST', path: '/api/billing/records/list', tag: 'billing',
    summary: 'Billing records: invoices and payments in one list, the latest issue first (type, payment type, year, month, title); keyset cursor (designed)',
    access: READ, scope: LIST,
  }),
  'billing.record': ep({
    method: 'GET', path: '/api/billing/records/:id', tag: 'billing',
    summary: 'One billing record: an invoice with its figures or a payment (designed)',
    access: READ, scope: record('billingRecord', 'id', 'params'),
  }),
  'billing.accounts': ep({
    method: 'POST', path: '/api/billing/accounts/list', tag: 'billing',
    summary: 'Per operator, brand or partner: invoiced, paid and debt in USD, last invoice (designed)',
    access: MANAGE, scope: LIST,
  }),
  'billing.runStart': ep({
    method: 'POST', path: '/api/billing/invoice-runs', tag: 'billing',
    summary: 'Invoice every active operator and partner of a month in the background (job queue), progress on the run (designed)',
    access: withRoles(['billing_invoices'], ['SUPER_ADMIN', 'ADMIN']), scope: GLOBAL, audit: 'BILLING_INVOICE_RUN',
  }),
  'billing.runs': ep({
    method: 'POST', path: '/api/billing/invoice-runs/list', tag: 'billing',
    summary: 'Invoice runs, the latest first, with their progress (designed)',
    access: withRoles(['billing_invoices'], ['SUPER_ADMIN', 'ADMIN']), scope: GLOBAL,
  }),
  'billing.reportInvoiceGgr': ep({
    method: 'POST', path: '/api/reports/billing/invoice-ggr', tag: 'billing',
    summary: 'GGR invoiced per operator per month of a year, with monthly totals (designed)',
    access: anyOf('reports_billing_invoice_ggr'), scope: LIST,
  }),
  'billing.reportPaymentCollections': ep({
    method: 'POST', path: '/api/reports/billing/payment-collections', tag: 'billing',
    summary: 'Payments collected per month of a year by payment type, against the month\'s invoices (designed)',
    access: anyOf('reports_billing_payment_collections'), scope: LIST,
  }),
} as const;
