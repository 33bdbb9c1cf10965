/**
 * Billing to operators (002 §7; the lists, runs and reports designed; README "Billing"). Every
 * change of an operator's records locks its account row, writes, recomputes the account and its
 * activity in one transaction; payments run once per Idempotency-Key.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  BILLING_MESSAGES, MONTHS, PAYMENT_TYPE_LABELS, monthNumberOf, paymentInUsd, type InvoiceSettings, type PaymentType,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { billingAccounts, billingRecords, billingSettings, invoiceRuns, operators } from '../../db/schema.js';
import { HttpError, ok } from '../../lib/http.js';
import { enqueue } from '../../jobs/queue.js';
import { rowsOf } from '../../lib/query.js';
import { inScope } from '../../lib/query.js';
import { operatorTitles } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import {
  cpgAddressOf, invoiceCoverage, lockAccount, nameStaff, recomputeAccount, recordView, refigure, settingsFor, settingsOfRow, usd, viewer, writeInvoice,
  type BillingRow, type InvoiceFigures,
} from './service.js';

type Names =
  | 'billing.invoiceGenerate' | 'billing.invoiceRecordUpdate' | 'billing.invoiceDelete' | 'billing.paymentCreate' | 'billing.paymentDelete'
  | 'billing.invoiceCreate' | 'billing.invoiceUpdate' | 'billing.settingsGet' | 'billing.settingsSave' | 'billing.manualPaymentCreate'
  | 'billing.manualPaymentUpdate' | 'billing.manualPaymentDelete' | 'billing.cpgPaymentUpdate' | 'billing.dashboardCards'
  | 'billing.records' | 'billing.record' | 'billing.accounts' | 'billing.runStart' | 'billing.runs'
  | 'billing.reportInvoiceGgr' | 'billing.reportPaymentCollections';

const notInvoice = () => new HttpError(400, [BILLING_MESSAGES.NOT_AN_INVOICE], 'VALIDATION_ERROR');
const notPayment = () => new HttpError(400, [BILLING_MESSAGES.NOT_A_PAYMENT], 'VALIDATION_ERROR');
const mustBeInvoice = (r: BillingRow) => { if (r.type !== 'INVOICE') throw notInvoice(); };
const mustBePayment = (r: BillingRow) => { if (r.type !== 'PAYMENT') throw notPayment(); };

/** What an activity record keeps of a billing record. */
const summary = (r: BillingRow) => ({
  type: r.type, title: r.title, amountInUSD: usd(r.amountInUsd), issuedAt: r.issuedAt.toISOString(), reference: r.reference, note: r.note, description: r.description,
  ...(r.type === 'INVOICE' ? { invoiceNo: r.invoiceNo, year: r.year, month: r.month, isSettingsOverridden: r.isSettingsOverridden } : { paymentType: r.paymentType, currency: r.currency, amount: r.amount, exchangeRateInUSD: r.exchangeRateInUsd, paidBy: r.paidBy }),
});

/** An invoice's activity snapshot with its note: the endpoint table restricts `superAdminNote` to SUPER_ADMIN and ADMIN readers (002 §5). */
const withNote = (r: BillingRow) => ({ ...summary(r), superAdminNote: r.superAdminNote });

/** The fee fields of a request over a base (each field sent replaces the base's). */
function overridden(base: InvoiceSettings, b: Partial<InvoiceSettings>): InvoiceSettings {
  return {
    casinoGGRPercentage: b.casinoGGRPercentage ?? base.casinoGGRPercentage, sportGGRPercentage: b.sportGGRPercentage ?? base.sportGGRPercentage,
    premiumSportInUSD: b.premiumSportInUSD ?? base.premiumSportInUSD, premiumBotInUSD: b.premiumBotInUSD ?? base.premiumBotInUSD,
    brandFeeInUSD: b.brandFeeInUSD ?? base.brandFeeInUSD, minMonthlyFeeInUSD: b.minMonthlyFeeInUSD ?? base.minMonthlyFeeInUSD,
    additionalCosts: b.additionalCosts ?? base.additionalCosts,
  };
}

async function deleteRecord(tx: Db, r: BillingRow) {
  await lockAccount(tx, r.opId);
  await tx.delete(billingRecords).where(eq(billingRecords.id, r.id));
  await recomputeAccount(tx, r.opId);
}

const MONTH_LIST = Array.from({ length: 12 }, (_, i) => i + 1);

export const billingHandlers: Handlers<Names> = {
  'billing.invoiceGenerate': async ({ db, user, body: b, found: op, audit }) => db.transaction(async (tx) => {
    const { settings } = await settingsFor(tx, op.opId);
    const { row, before } = await writeInvoice(tx, {
      opId: op.opId, year: b.year, month: monthNumberOf(b.month), inclusion: b.testPlayersInclusion, includeBrands: b.includeBrands,
      settings, overridden: false, title: b.title, description: b.description, reference: b.reference, note: b.note, superAdminNote: null,
      issuedAt: b.issuedAt ? new Date(b.issuedAt) : new Date(), by: user.email, overwrite: b.overwriteExistingInvoice,
    });
    await audit(tx, { targetType: 'billingRecord', targetId: row.id, opId: row.opId, before: before ? summary(before) : null, after: summary(row) });
    return ok(await recordView(tx, user.role, row), [BILLING_MESSAGES.INVOICE_GENERATED]);
  }),

  'billing.invoiceCreate': async ({ db, user, body: b, found: op, audit }) => db.transaction(async (tx) => {
    const { settings: base } = await settingsFor(tx, op.opId);
    const settings = b.overrideSettings ? overridden(base, b) : base;
    const { row, before } = await writeInvoice(tx, {
      opId: op.opId, year: b.year, month: b.month, inclusion: b.testPlayersInclusion, includeBrands: b.includeBrands,
      settings, overridden: b.overrideSettings, title: `Invoice ${MONTHS[b.month - 1]} ${b.year}`, description: b.description, reference: '', note: '',
      superAdminNote: b.superAdminNote, issuedAt: b.issuedAt ? new Date(b.issuedAt) : new Date(), by: user.email, overwrite: b.overwriteExistingInvoice,
    });
    // The note is in the record for SUPER_ADMIN and ADMIN only (the table's auditRestricted).
    await audit(tx, { targetType: 'billingRecord', targetId: row.id, opId: row.opId, before: before ? withNote(before) : null, after: withNote(row) });
    return ok(await recordView(tx, user.role, row), [BILLING_MESSAGES.INVOICE_GENERATED]);
  }),

  /** Without overrideSettings only the note, description and issue date change ("Invoice Note Updated!"); with it the fee fields, recomputed from the invoice's GGR. */
  'billing.invoiceUpdate': async ({ db, user, body: b, found: r, audit }) => db.transaction(async (tx) => {
    mustBeInvoice(r);
    await lockAccount(tx, r.opId);
    const f = r.figures as unknown as InvoiceFigures;
    const set: Partial<typeof billingRecords.$inferInsert> = {
      description: b.description, superAdminNote: b.superAdminNote, updatedAt: new Date(), updatedBy: user.email,
      ...(b.issuedAt ? { issuedAt: new Date(b.issuedAt) } : {}),
    };
    if (b.overrideSettings) {
      const figures = refigure(f, overridden(f.settings, b));
      Object.assign(set, { figures, amountInUsd: figures.totalPayableAmountInUSD, isSettingsOverridden: true });
    }
    const [row] = await tx.update(billingRecords).set(set).where(eq(billingRecords.id, r.id)).returning();
    await recomputeAccount(tx, r.opId);
    await audit(tx, { targetType: 'billingRecord', targetId: r.id, before: withNote(r), after: withNote(row!) });
    return ok(await recordView(tx, user.role, row!), [b.overrideSettings ? BILLING_MESSAGES.INVOICE_UPDATED : BILLING_MESSAGES.NOTE_UPDATED]);
  }),

  'billing.invoiceRecordUpdate': async ({ db, user, body: b, found: r, audit }) => db.transaction(async (tx) => {
    mustBeInvoice(r);
    const [row] = await tx.update(billingRecords).set({ title: b.title, reference: b.reference, note: b.note, description: b.description, updatedAt: new Date(), updatedBy: user.email })
      .where(eq(billingRecords.id, r.id)).returning();
    await audit(tx, { targetType: 'billingRecord', targetId: r.id, before: summary(r), after: summary(row!) });
    return ok(await recordView(tx, user.role, row!), [BILLING_MESSAGES.RECORD_UPDATED]);
  }),

  'billing.invoiceDelete': async ({ db, found: r, audit }) => db.transaction(async (tx) => {
    mustBeInvoice(r);
    await deleteRecord(tx, r);
    await audit(tx, { targetType: 'billingRecord', targetId: r.id, before: summary(r) });
    return ok({}, [BILLING_MESSAGES.RECORD_DELETED]);
  }),

  'billing.paymentCreate': async ({ user, body: b, found: op, audit, once }) => once(async (tx) => {
    await lockAccount(tx, op.opId);
    const [row] = await tx.insert(billingRecords).values({
      type: 'PAYMENT', opId: op.opId, title: b.title, description: b.description, reference: b.reference, amountInUsd: b.amountInUSD,
      issuedAt: b.issuedAt ? new Date(b.issuedAt) : new Date(), createdBy: user.email, paymentType: 'DIRECT_TRANSFER', paidBy: b.paidBy,
      currency: 'USD', amount: b.amountInUSD, exchangeRateInUsd: '1',
    }).returning();
    await recomputeAccount(tx, op.opId);
    await audit(tx, { targetType: 'billingRecord', targetId: row!.id, opId: op.opId, after: summary(row!) });
    return { body: ok(await recordView(tx, user.role, row!), [BILLING_MESSAGES.PAYMENT_ADDED]) };
  }),

  'billing.paymentDelete': async ({ db, found: r, audit }) => db.transaction(async (tx) => {
    mustBePayment(r);
    await deleteRecord(tx, r);
    await audit(tx, { targetType: 'billingRecord', targetId: r.id, before: summary(r) });
    return ok({}, [BILLING_MESSAGES.PAYMENT_RECORD_DELETED]);
  }),

  'billing.settingsGet': async ({ db, found: op }) => {
    const [row] = await db.select().from(billingSettings).where(eq(billingSettings.opId, op.opId)).limit(1);
    const { settings } = await settingsFor(db, op.opId);
    return ok({ opId: op.opId, ...settings, saved: !!row, updatedAt: row?.updatedAt.toISOString() ?? null, updatedBy: row?.updatedBy ?? null },
      row ? [] : [BILLING_MESSAGES.NO_SETTINGS]);
  },

  'billing.settingsSave': async ({ db, user, body: b, found: op, audit }) => db.transaction(async (tx) => {
    const [prev] = await tx.select().from(billingSettings).where(eq(billingSettings.opId, op.opId)).limit(1).for('update');
    const values = {
      casinoGgrPercentage: b.casinoGGRPercentage, sportGgrPercentage: b.sportGGRPercentage, premiumSportInUsd: b.premiumSportInUSD,
      premiumBotInUsd: b.premiumBotInUSD, brandFeeInUsd: b.brandFeeInUSD, minMonthlyFeeInUsd: b.minMonthlyFeeInUSD,
      additionalCosts: b.additionalCosts, updatedAt: new Date(), updatedBy: user.email,
    };
    const [row] = await tx.insert(billingSettings).values({ opId: op.opId, ...values })
      .onConflictDoUpdate({ target: billingSettings.opId, set: values }).returning();
    const after = settingsOfRow(row!);
    await audit(tx, { before: prev ? settingsOfRow(prev) : null, after });
    return ok({ opId: op.opId, ...after, saved: true, updatedAt: row!.updatedAt.toISOString(), updatedBy: row!.updatedBy }, [BILLING_MESSAGES.SETTINGS_UPDATED]);
  }),

  'billing.manualPaymentCreate': async ({ user, body: b, found: op, audit, once }) => once(async (tx) => {
    await lockAccount(tx, op.opId);
    const [row] = await tx.insert(billingRecords).values({
      type: 'PAYMENT', opId: op.opId, title: `${PAYMENT_TYPE_LABELS[b.paymentType as PaymentType]} payment`, description: b.description,
      amountInUsd: paymentInUsd(b.amount, b.exchangeRateInUSD), issuedAt: b.issuedDate ? new Date(b.issuedDate) : new Date(), createdBy: user.email,
      paymentType: b.paymentType, paidBy: op.title, currency: b.currency, amount: b.amount, exchangeRateInUsd: b.exchangeRateInUSD,
      paidInvoiceNo: b.invoiceNo ?? null, year: b.year ?? null, month: b.month ?? null,
    }).returning();
    await recomputeAccount(tx, op.opId);
    await audit(tx, { targetType: 'billingRecord', targetId: row!.id, opId: op.opId, after: summary(row!) });
    return { body: ok(await recordView(tx, user.role, row!), [BILLING_MESSAGES.PAYMENT_ADDED]) };
  }),

  'billing.manualPaymentUpdate': async ({ db, user, body: b, found: r, audit }) => db.transaction(async (tx) => {
    mustBePayment(r);
    if (r.paymentType === 'CPG_TRANSFER') throw new HttpError(400, [BILLING_MESSAGES.NOT_MANUAL], 'VALIDATION_ERROR');
    if (b.opId !== r.opId) throw new HttpError(404, [BILLING_MESSAGES.RECORD_NOT_FOUND]);
    await lockAccount(tx, r.opId);
    const [row] = await tx.update(billingRecords).set({
      paymentType: b.paymentType, currency: b.currency, amount: b.amount, exchangeRateInUsd: b.exchangeRateInUSD,
      amountInUsd: paymentInUsd(b.amount, b.exchangeRateInUSD), description: b.description, paidInvoiceNo: b.invoiceNo ?? null,
      title: `${PAYMENT_TYPE_LABELS[b.paymentType as PaymentType]} payment`, year: b.year ?? r.year, month: b.month ?? r.month,
      ...(b.issuedDate ? { issuedAt: new Date(b.issuedDate) } : {}), updatedAt: new Date(), updatedBy: user.email,
    }).where(eq(billingRecords.id, r.id)).returning();
    await recomputeAccount(tx, r.opId);
    await audit(tx, { targetType: 'billingRecord', targetId: r.id, before: summary(r), after: summary(row!) });
    return ok(await recordView(tx, user.role, row!), [BILLING_MESSAGES.PAYMENT_UPDATED]);
  }),

  'billing.manualPaymentDelete': async ({ db, found: r, audit }) => db.transaction(async (tx) => {
    mustBePayment(r);
    if (r.paymentType === 'CPG_TRANSFER') throw new HttpError(400, [BILLING_MESSAGES.NOT_MANUAL], 'VALIDATION_ERROR');
    await deleteRecord(tx, r);
    await audit(tx, { targetType: 'billingRecord', targetId: r.id, before: summary(r) });
    return ok({}, [BILLING_MESSAGES.PAYMENT_DELETED]);
  }),

  'billing.cpgPaymentUpdate': async ({ db, user, body: b, found: r, audit }) => db.transaction(async (tx) => {
    mustBePayment(r);
    if (r.paymentType !== 'CPG_TRANSFER') throw new HttpError(400, [BILLING_MESSAGES.NOT_CPG], 'VALIDATION_ERROR');
    const [row] = await tx.update(billingRecords).set({ description: b.description, paidInvoiceNo: b.invoiceNo ?? null, updatedAt: new Date(), updatedBy: user.email })
      .where(eq(billingRecords.id, r.id)).returning();
    await audit(tx, { targetType: 'billingRecord', targetId: r.id, before: { description: r.description, paidInvoiceNo: r.paidInvoiceNo }, after: { description: row!.description, paidInvoiceNo: row!.paidInvoiceNo } });
    return ok(await recordView(tx, user.role, row!), [BILLING_MESSAGES.PAYMENT_UPDATED]);
  }),

  'billing.dashboardCards': async ({ db, body: b, found: op }) => {
    const { opIds } = await invoiceCoverage(db, op.opId, b.includeBrands);
    const yearCond = b.year ? sql`and extract(year from issued_at at time zone 'UTC') = ${b.year}` : sql``;
    const [s] = await rowsOf<{ invoiced: string; paid: string; cpg: string }>(db, sql`
      select coalesce(sum(amount_in_usd) filter (where type = 'INVOICE'), 0)::text as invoiced,
             coalesce(sum(amount_in_usd) filter (where type = 'PAYMENT'), 0)::text as paid,
             coalesce(sum(amount_in_usd) filter (where type = 'PAYMENT' and payment_type = 'CPG_TRANSFER'), 0)::text as cpg
      from billing_records where ${inArray(billingRecords.opId, opIds)} ${yearCond}`);
    const [w] = await db.select({ a: billingSettings.cpgWalletAddress }).from(billingSettings).where(eq(billingSettings.opId, op.opId)).limit(1);
    const address = cpgAddressOf(op.opId, w?.a);
    const invoiced = usd(s?.invoiced); const paid = usd(s?.paid);
    const [di, df = '00'] = invoiced.split('.'); const [pi, pf = '00'] = paid.split('.');
    const debtCents = BigInt(di!) * 100n + BigInt(df.slice(0, 2)) - (BigInt(pi!) * 100n + BigInt(pf.slice(0, 2)));
    const abs = debtCents < 0n ? -debtCents : debtCents;
    const debt = `${debtCents < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
    return ok({
      opId: op.opId, year: b.year ?? null, debt: { amountInUSD: debt }, cpgProvider: { amountInUSD: usd(s?.cpg) }, invoicedInUSD: invoiced, paidInUSD: paid,
      cpgBillingWallets: { address, network: 'TRON (TRC-20)', qrCode: await QRCode.toDataURL(address, { margin: 1, width: 200 }) },
    });
  },

  'billing.records': async (ctx) => {
    const view = await viewer(ctx.db, ctx.user.role);
    const page = await list(ctx, {
      rows: (select) => select({ r: billingRecords }).from(billingRecords),
      scope: billingRecords.opId,
      filters: {
        type: match.eq(billingRecords.type),
        paymentType: match.eq(billingRecords.paymentType),
        year: (v) => sql`coalesce(${billingRecords.year}, extract(year from ${billingRecords.issuedAt} at time zone 'UTC')::int) = ${v}`,
        month: (v) => sql`coalesce(${billingRecords.month}, extract(month from ${billingRecords.issuedAt} at time zone 'UTC')::int) = ${v}`,
        title: match.contains(billingRecords.title),
      },
      sort: { keys: { issuedAt: billingRecords.issuedAt }, default: 'issuedAt', dir: 'desc', tiebreak: billingRecords.id },
      map: (x) => view(x.r),
    });
    // The page's staff by name, in one query.
    await nameStaff(ctx.db, page.items);
    return ok(page);
  },

  'billing.record': async ({ db, user, found: r }) => ok(await recordView(db, user.role, r)),

  'billing.accounts': async (ctx) => {
    const titles = await operatorTitles(ctx.db);
    return ok(await list(ctx, {
      rows: (select) => select({ op: operators, a: billingAccounts, s: billingSettings.opId }).from(operators)
        .leftJoin(billingAccounts, eq(billingAccounts.opId, operators.opId))
        .leftJoin(billingSettings, eq(billingSettings.opId, operators.opId)),
      scope: operators.opId,
      filters: {
        kind: match.eq(operators.kind),
        withDebt: (v) => (v ? sql`${billingAccounts.invoicedInUsd} > ${billingAccounts.paidInUsd}` : undefined),
      },
      where: () => sql`${operators.kind} <> 'CMS_DEFAULT' and not ${operators.isCmsDefault}`,
      sort: { keys: { opId: operators.opId }, default: 'opId', dir: 'asc', tiebreak: operators.opId },
      map: (x) => {
        const invoiced = usd(x.a?.invoicedInUsd); const paid = usd(x.a?.paidInUsd);
        return {
          opId: x.op.opId, ...titles(x.op.opId), kind: x.op.kind, status: x.op.status,
          invoicedInUSD: invoiced, paidInUSD: paid, debtInUSD: usd(debtOf(invoiced, paid)),
          invoices: x.a?.invoices ?? 0, payments: x.a?.payments ?? 0,
          lastInvoiceAt: x.a?.lastInvoiceAt?.toISOString() ?? null, lastPaymentAt: x.a?.lastPaymentAt?.toISOString() ?? null,
          hasSettings: x.s != null,
        };
      },
    }));
  },

  'billing.runStart': async ({ db, user, body: b, audit }) => {
    const run = await db.transaction(async (tx) => {
      const [r] = await tx.insert(invoiceRuns).values({
        year: b.year, month: monthNumberOf(b.month), testPlayersInclusion: b.testPlayersInclusion, overwriteExistingInvoice: b.overwriteExistingInvoice, createdBy: user.email,
      }).onConflictDoNothing().returning();
      if (!r) throw new HttpError(409, [BILLING_MESSAGES.RUN_BUSY], 'CONFLICT');
      await audit(tx, { targetType: 'invoiceRun', targetId: r.id, opId: null, after: { year: r.year, month: r.month, testPlayersInclusion: r.testPlayersInclusion, overwriteExistingInvoice: r.overwriteExistingInvoice } });
      return r;
    });
    await enqueue(db, 'billing.invoice-run', { runId: run.id }, run.id);
    return ok(runView(run), [BILLING_MESSAGES.RUN_QUEUED]);
  },

  'billing.runs': async (ctx) => ok(await list({ ...ctx, scope: null }, {
    rows: (select) => select({ r: invoiceRuns }).from(invoiceRuns),
    sort: { keys: { createdAt: invoiceRuns.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: invoiceRuns.id },
    map: (x) => runView(x.r),
  })),

  'billing.reportInvoiceGgr': async ({ db, body: b, scope }) => {
    const year = b.year ?? new Date().getUTCFullYear();
    const titles = await operatorTitles(db);
    const rows = await db.select().from(billingRecords)
      .where(and(eq(billingRecords.type, 'INVOICE'), eq(billingRecords.year, year), inScope(billingRecords.opId, scope)))
      .orderBy(billingRecords.month, billingRecords.opId).limit(5000);
    const out = rows.map((r) => {
      const f = r.figures as unknown as InvoiceFigures;
      return {
        opId: r.opId, ...titles(r.opId), month: r.month!, year: r.year!, invoiceNo: r.invoiceNo,
        casinoGGRInUSD: f.casinoGGRInUSD, sportGGRInUSD: f.sportGGRInUSD, totalGGRInUSD: f.totalGGRInUSD,
        commissionInUSD: usd(String(sumCents([f.casinoGGRCommissionInUSD, f.sportGGRCommissionInUSD]))), totalPayableAmountInUSD: usd(r.amountInUsd),
      };
    });
    return ok({ year, rows: out, months: await monthTotals(db, year, scope) }, out.length ? [] : [BILLING_MESSAGES.NO_REPORT]);
  },

  'billing.reportPaymentCollections': async ({ db, body: b, scope }) => {
    const year = b.year ?? new Date().getUTCFullYear();
    const rows = await rowsOf<{ month: number; payment_type: string; payments: number; amount: string }>(db, sql`
      select extract(month from issued_at at time zone 'UTC')::int as month, coalesce(payment_type, 'DIRECT_TRANSFER') as payment_type,
             count(*)::int as payments, sum(amount_in_usd)::text as amount
      from billing_records where type = 'PAYMENT' and issued_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC') and issued_at < make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'UTC')
        and ${inScope(billingRecords.opId, scope) ?? sql`true`}
      group by 1, 2 order by 1, 2`);
    const out = rows.map((r) => ({ month: r.month, paymentType: r.payment_type, payments: r.payments, amountInUSD: usd(r.amount) }));
    return ok({ year, rows: out, months: await monthTotals(db, year, scope) }, out.length ? [] : [BILLING_MESSAGES.NO_REPORT]);
  },
};

const toCents = (v: string) => { const neg = v.startsWith('-'); const [i, f = ''] = (neg ? v.slice(1) : v).split('.'); const c = BigInt(i!) * 100n + BigInt((f + '00').slice(0, 2)); return neg ? -c : c; };
const fromCents = (c: bigint) => { const a = c < 0n ? -c : c; return `${c < 0n ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`; };
const sumCents = (vs: string[]) => fromCents(vs.reduce((a, v) => a + toCents(v), 0n));
const debtOf = (invoiced: string, paid: string) => fromCents(toCents(invoiced) - toCents(paid));

function runView(r: typeof invoiceRuns.$inferSelect) {
  return {
    id: r.id, month: r.month, year: r.year, testPlayersInclusion: r.testPlayersInclusion, overwriteExistingInvoice: r.overwriteExistingInvoice,
    status: r.status, total: r.total, done: r.done, created: r.created, skipped: r.skipped, failed: r.failed, error: r.error,
    createdAt: r.createdAt.toISOString(), createdBy: r.createdBy, finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** Per month of the year: GGR and total payable of the invoices of that month, payments issued in it. */
async function monthTotals(db: Db, year: number, scope: string[] | null) {
  const cond = inScope(billingRecords.opId, scope) ?? sql`true`;
  const inv = await rowsOf<{ month: number; ggr: string; invoiced: string }>(db, sql`
    select month, coalesce(sum((figures->>'totalGGRInUSD')::numeric), 0)::text as ggr, sum(amount_in_usd)::text as invoiced
    from billing_records where type = 'INVOICE' and year = ${year} and ${cond} group by month`);
  const pay = await rowsOf<{ month: number; collected: string }>(db, sql`
    select extract(month from issued_at at time zone 'UTC')::int as month, sum(amount_in_usd)::text as collected
    from billing_records where type = 'PAYMENT' and issued_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC') and issued_at < make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'UTC') and ${cond}
    group by 1`);
  return MONTH_LIST.map((m) => ({
    month: m, ggrInUSD: usd(inv.find((r) => r.month === m)?.ggr), invoicedInUSD: usd(inv.find((r) => r.month === m)?.invoiced), collectedInUSD: usd(pay.find((r) => r.month === m)?.collected),
  }));
}
