/**
 * Billing to operators (README "Billing"): the invoice of an operator and month from the monthly
 * GGR roll-up (`bet_month_totals`, kept by a trigger on bets) × the operator's invoice settings,
 * written once per operator and month (a conflict unless overwritten); payments; and each
 * operator's account (invoiced, paid, debt) recomputed from its records under a row lock in the
 * same transaction as every change.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BILLING_MESSAGES, EMPTY_INVOICE_SETTINGS, computeInvoice, isSuperRole, roundDec, type BillingRecordView, type InvoiceAmounts,
  type InvoiceSettings, type TestPlayersInclusion,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { betMonthTotals, billingRecords, billingSettings, users } from '../../db/schema.js';
import { HttpError } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import { loadOperators, operatorTitles } from '../../lib/scope.js';

export type BillingRow = typeof billingRecords.$inferSelect;
type SettingsRow = typeof billingSettings.$inferSelect;

/** The figures an invoice keeps: its GGR, the settings it used and what they made. */
export interface InvoiceFigures extends InvoiceAmounts {
  casinoGGRInUSD: string; sportGGRInUSD: string; totalGGRInUSD: string; brandsCharged: number; settings: InvoiceSettings;
}

const d = (v: string | null | undefined) => (v == null ? '0' : String(v));
/** Numeric text from the database as USD to the cent, rounded half-up ("12.505" → "12.51"). */
export const usd = (v: string | null | undefined) => roundDec(d(v), 2);
const pct = (v: string | null | undefined) => { const s = d(v); return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s; };

export function settingsOfRow(r: SettingsRow): InvoiceSettings {
  return {
    casinoGGRPercentage: pct(r.casinoGgrPercentage), sportGGRPercentage: pct(r.sportGgrPercentage),
    premiumSportInUSD: usd(r.premiumSportInUsd), premiumBotInUSD: usd(r.premiumBotInUsd), brandFeeInUSD: usd(r.brandFeeInUsd),
    minMonthlyFeeInUSD: usd(r.minMonthlyFeeInUsd), additionalCosts: r.additionalCosts.map((c) => ({ name: c.name, value: usd(c.value) })),
  };
}

/** An operator's invoice settings: its own, else its parent's (a brand invoiced apart), else none (zeros). */
export async function settingsFor(db: Db, opId: string): Promise<{ settings: InvoiceSettings; row: SettingsRow | null }> {
  const [own] = await db.select().from(billingSettings).where(eq(billingSettings.opId, opId)).limit(1);
  if (own) return { settings: settingsOfRow(own), row: own };
  const parent = (await loadOperators(db)).byId.get(opId)?.parentOpId;
  if (parent) {
    const [p] = await db.select().from(billingSettings).where(eq(billingSettings.opId, parent)).limit(1);
    if (p) return { settings: settingsOfRow(p), row: null };
  }
  return { settings: EMPTY_INVOICE_SETTINGS, row: null };
}

/** The operators an invoice covers and how many brand fees it charges (the operator if it is a brand, plus its brands when included). */
export async function invoiceCoverage(db: Db, opId: string, includeBrands: boolean): Promise<{ opIds: string[]; brandsCharged: number }> {
  const { rows, byId } = await loadOperators(db);
  const brands = includeBrands ? rows.filter((r) => r.parentOpId === opId && r.kind === 'BRAND').map((r) => r.opId) : [];
  return { opIds: [opId, ...brands], brandsCharged: brands.length + (byId.get(opId)?.kind === 'BRAND' ? 1 : 0) };
}

export const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** The month's casino and sport GGR in USD (stakes − wins) of these operators, from the roll-up. */
export async function monthGgr(db: Db, opIds: string[], year: number, month: number, inclusion: TestPlayersInclusion): Promise<{ casino: string; sport: string }> {
  const test = inclusion === 'ALL' ? sql`true` : inclusion === 'TEST' ? sql`is_test` : sql`not is_test`;
  const rows = await rowsOf<{ bet_type: string; ggr: string }>(db, sql`
    select bet_type, (sum(stake_in_usd) - sum(win_in_usd))::text as ggr from bet_month_totals
    where ${inArray(betMonthTotals.opId, opIds)} and month = ${monthKey(year, month)} and ${test} group by bet_type`);
  const of = (t: string) => rows.find((r) => r.bet_type === t)?.ggr ?? '0';
  return { casino: usd(of('CASINO')), sport: usd(of('SPORT')) };
}

/** The figures of an invoice: GGR from the roll-up, the settings, the computation of the contract. */
export async function invoiceFigures(db: Db, opId: string, year: number, month: number, inclusion: TestPlayersInclusion, includeBrands: boolean, settings: InvoiceSettings): Promise<InvoiceFigures> {
  const cov = await invoiceCoverage(db, opId, includeBrands);
  const g = await monthGgr(db, cov.opIds, year, month, inclusion);
  return refigure({ casinoGGRInUSD: g.casino, sportGGRInUSD: g.sport, brandsCharged: cov.brandsCharged }, settings);
}

/** Recompute from a kept GGR (an edit of an invoice's settings keeps its month's figures). */
export function refigure(basis: { casinoGGRInUSD: string; sportGGRInUSD: string; brandsCharged: number }, settings: InvoiceSettings): InvoiceFigures {
  const a = computeInvoice(basis, settings);
  return {
    ...a, casinoGGRInUSD: basis.casinoGGRInUSD, sportGGRInUSD: basis.sportGGRInUSD,
    totalGGRInUSD: addUsd(basis.casinoGGRInUSD, basis.sportGGRInUSD), brandsCharged: basis.brandsCharged, settings,
  };
}
const addUsd = (a: string, b: string) => {
  const toC = (v: string) => { const neg = v.startsWith('-'); const [i, f = ''] = (neg ? v.slice(1) : v).split('.'); const c = BigInt(i!) * 100n + BigInt((f + '00').slice(0, 2)); return neg ? -c : c; };
  const c = toC(a) + toC(b);
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/** Lock an operator's account row (created when missing) before a change of its records. */
export async function lockAccount(tx: Db, opId: string): Promise<void> {
  await tx.execute(sql`insert into billing_accounts (op_id) values (${opId}) on conflict do nothing`);
  await tx.execute(sql`select 1 from billing_accounts where op_id = ${opId} for update`);
}

/** Recompute an operator's account from its records (a few per month: small), under the lock taken by lockAccount. */
export async function recomputeAccount(tx: Db, opId: string): Promise<void> {
  await tx.execute(sql`
    update billing_accounts a set
      invoiced_in_usd = s.invoiced, paid_in_usd = s.paid, invoices = s.invoices, payments = s.payments,
      last_invoice_at = s.last_invoice, last_payment_at = s.last_payment
    from (select
      coalesce(sum(amount_in_usd) filter (where type = 'INVOICE'), 0) as invoiced,
      coalesce(sum(amount_in_usd) filter (where type = 'PAYMENT'), 0) as paid,
      count(*) filter (where type = 'INVOICE')::int as invoices,
      count(*) filter (where type = 'PAYMENT')::int as payments,
      max(issued_at) filter (where type = 'INVOICE') as last_invoice,
      max(issued_at) filter (where type = 'PAYMENT') as last_payment
      from billing_records where op_id = ${opId}) s
    where a.op_id = ${opId}`);
}

export interface InvoiceWrite {
  opId: string; year: number; month: number; inclusion: TestPlayersInclusion; includeBrands: boolean;
  settings: InvoiceSettings; overridden: boolean;
  title: string; description: string; reference: string; note: string; superAdminNote: string | null;
  issuedAt: Date; by: string; overwrite: boolean;
}

/**
 * Write the invoice of an operator and month: a new one, or (overwrite) the existing one replaced
 * in place (same id and number). An existing one without overwrite answers 409 CONFLICT_ERROR
 * with its id; a racing insert of the same month finds the unique index and answers the same.
 */
export async function writeInvoice(tx: Db, w: InvoiceWrite): Promise<{ row: BillingRow; before: BillingRow | null }> {
  await lockAccount(tx, w.opId);
  const figures = await invoiceFigures(tx, w.opId, w.year, w.month, w.inclusion, w.includeBrands, w.settings);
  const [existing] = await tx.select().from(billingRecords)
    .where(and(eq(billingRecords.opId, w.opId), eq(billingRecords.type, 'INVOICE'), eq(billingRecords.year, w.year), eq(billingRecords.month, w.month))).limit(1);
  const conflict = (id: string | null) => new HttpError(409, [BILLING_MESSAGES.CONFLICT], 'CONFLICT_ERROR', { invoiceId: id });
  if (existing && !w.overwrite) throw conflict(existing.id);
  const values = {
    title: w.title, description: w.description, reference: w.reference, note: w.note,
    amountInUsd: figures.totalPayableAmountInUSD, issuedAt: w.issuedAt, updatedAt: new Date(),
    testPlayersInclusion: w.inclusion, includeBrands: w.includeBrands, figures: figures as unknown as Record<string, unknown>,
    isSettingsOverridden: w.overridden, ...(w.superAdminNote !== null ? { superAdminNote: w.superAdminNote } : {}),
  };
  let row: BillingRow | undefined;
  if (existing) {
    [row] = await tx.update(billingRecords).set({ ...values, updatedBy: w.by }).where(eq(billingRecords.id, existing.id)).returning();
  } else {
    [row] = await tx.insert(billingRecords).values({
      ...values, type: 'INVOICE', opId: w.opId, year: w.year, month: w.month, createdBy: w.by,
      invoiceNo: sql`nextval('billing_invoice_no_seq')::int`,
    }).onConflictDoNothing().returning();
    if (!row) throw conflict(null);
  }
  await recomputeAccount(tx, w.opId);
  return { row: row!, before: existing ?? null };
}

/** The CPG billing wallet of an operator: its saved address, else the provider simulator's deterministic TRON address. */
export function cpgAddressOf(opId: string, saved?: string | null): string {
  if (saved) return saved;
  const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const h = createHash('sha256').update(`cpg-billing:${opId}`).digest();
  let s = 'T';
  for (let i = 0; s.length < 34; i++) s += ALPHABET[h[i % h.length]! % ALPHABET.length];
  return s;
}

/** A billing record as the API answers it (the SUPER_ADMIN/ADMIN note hidden from others, 002 §5); its staff by e-mail until `nameStaff`. */
export function recordViewOf(r: BillingRow, titles: (opId: string) => { opTitle: string; parentOpTitle: string | null }, parentOf: (opId: string) => string | null, role: string): BillingRecordView {
  const f = (r.figures ?? null) as unknown as InvoiceFigures | null;
  const inv = r.type === 'INVOICE';
  const commission = f ? addUsd(f.casinoGGRCommissionInUSD, f.sportGGRCommissionInUSD) : null;
  return {
    id: r.id, type: r.type, opId: r.opId, ...titles(r.opId), parentOpId: parentOf(r.opId),
    title: r.title, description: r.description, reference: r.reference, note: r.note,
    amountInUSD: usd(r.amountInUsd), issuedAt: r.issuedAt.toISOString(), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
    createdBy: r.createdBy, updatedBy: r.updatedBy,
    invoiceNo: inv ? r.invoiceNo : null, month: r.month, year: r.year,
    testPlayersInclusion: r.testPlayersInclusion, includeBrands: r.includeBrands,
    casinoGGRInUSD: f?.casinoGGRInUSD ?? null, sportGGRInUSD: f?.sportGGRInUSD ?? null, totalGGRInUSD: f?.totalGGRInUSD ?? null,
    casinoGGRCommissionInUSD: f?.casinoGGRCommissionInUSD ?? null, sportGGRCommissionInUSD: f?.sportGGRCommissionInUSD ?? null, ggrCommissionAmountInUSD: commission,
    premiumSportInUSD: f?.premiumSportInUSD ?? null, premiumBotInUSD: f?.premiumBotInUSD ?? null, brandFeeInUSD: f?.brandFeeInUSD ?? null, brandsCharged: f?.brandsCharged ?? null,
    additionalCostsInUSD: f?.additionalCostsInUSD ?? null, subtotalInUSD: f?.subtotalInUSD ?? null, minimumApplied: f?.minimumApplied ?? null,
    totalPayableAmountInUSD: inv ? usd(r.amountInUsd) : null, isSettingsOverridden: r.isSettingsOverridden,
    settings: f?.settings ?? null,
    superAdminNote: inv && isSuperRole(role as never) ? (r.superAdminNote ?? '') : null,
    paymentType: r.paymentType, paidBy: r.paidBy, currency: r.currency, amount: r.amount == null ? null : d(r.amount).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
    exchangeRateInUSD: r.exchangeRateInUsd == null ? null : d(r.exchangeRateInUsd).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
    paidInvoiceNo: r.paidInvoiceNo, explorerURL: r.explorerUrl,
  };
}

/** The view helpers for a database (operator titles from the cached table). */
export async function viewer(db: Db, role: string): Promise<(r: BillingRow) => BillingRecordView> {
  const titles = await operatorTitles(db);
  const { byId } = await loadOperators(db);
  return (r) => recordViewOf(r, titles, (op) => byId.get(op)?.parentOpId ?? null, role);
}

/**
 * The staff of billing records by name (002 §3 "createdBy (nickname or userCode)"): each staff
 * e-mail in `createdBy` and `updatedBy` becomes the staff member's nickname, else their user code;
 * an actor that is no staff account (the CPG provider, a removed account) stays as written. One
 * query for all the views given (a page of the list), in place.
 */
export async function nameStaff(db: Db, views: BillingRecordView[]): Promise<BillingRecordView[]> {
  const emails = [...new Set(views.flatMap((v) => [v.createdBy, v.updatedBy]).filter((a): a is string => !!a && a.includes('@')))];
  if (!emails.length) return views;
  const rows = await db.select({ email: users.email, nickname: users.nickname, userCode: users.userCode }).from(users).where(inArray(users.email, emails));
  const names = new Map(rows.map((u) => [u.email, u.nickname.trim() || u.userCode?.trim() || u.email]));
  for (const v of views) {
    v.createdBy = names.get(v.createdBy) ?? v.createdBy;
    if (v.updatedBy) v.updatedBy = names.get(v.updatedBy) ?? v.updatedBy;
  }
  return views;
}

/** One billing record as the API answers it, its staff by name. */
export async function recordView(db: Db, role: string, r: BillingRow): Promise<BillingRecordView> {
  const [v] = await nameStaff(db, [(await viewer(db, role))(r)]);
  return v!;
}
