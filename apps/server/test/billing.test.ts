/**
 * Billing to operators: the monthly GGR roll-up equal to the bets (also after a test-flag change),
 * Generate Invoice (validation texts, the figures from the bets, CONFLICT_ERROR and overwrite),
 * invoice edits and deletion, payments (manual rate × amount, exactly once per key, debt), invoice
 * settings, the invoice run job, the reports, roles and tenancy, and the activity of every change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BILLING_MESSAGES, MONTHS, computeInvoice, type InvoiceSettings } from '@pitboss/contract';
import { billingRecords, invoiceRuns, players, users } from '../src/db/schema.js';
import { rowsOf } from '../src/lib/query.js';
import { runInvoiceRun } from '../src/modules/billing/runs.js';
import { activitiesOf, expectError, expectForbidden, makeApp, newKey } from './support.js';
import type { Login, TestApp } from './helpers.js';

const SUPER: Login = 'superadmin@demo.local';
const ADMIN: Login = 'admin@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';
const INVOICE = '/api/billing/operator/invoice';
const INVOICE_V2 = '/api/billingV2/invoice';
const MANUAL = '/api/billingV2/payment/manual';
const RECORDS = '/api/billing/records/list';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const now = new Date();
const THIS_YEAR = now.getUTCFullYear();
const THIS_MONTH = now.getUTCMonth() + 1;

/** Cells of the monthly roll-up that differ from the same figures aggregated from the bets (0: equal). */
async function rollupVsBets(): Promise<number> {
  const [r] = await rowsOf<{ diff: number }>(t.database.db, sql`
    with rows as (
      select b.op_id, to_char(b.placed_at at time zone 'UTC', 'YYYY-MM') as month, b.bet_type, coalesce(p.is_test, false) as is_test,
        sum(b.stake_in_usd)::numeric(30, 8) as s, sum(b.win_in_usd)::numeric(30, 8) as w, count(*)::bigint as n
      from bets b left join players p on p.id = b.player_id where b.status <> 'CANCELED' group by 1, 2, 3, 4),
    roll as (select op_id, month, bet_type, is_test, sum(stake_in_usd)::numeric(30, 8) as s, sum(win_in_usd)::numeric(30, 8) as w, sum(bets)::bigint as n
      from bet_month_totals group by 1, 2, 3, 4 having sum(bets) <> 0)
    select count(*)::int as diff from ((select * from rows except select * from roll) union all (select * from roll except select * from rows)) x`);
  return r!.diff;
}

/** The month's GGR of operators straight from the bets (independent of the roll-up). */
async function ggrFromBets(opIds: string[], year: number, month: number, test: 'ALL' | 'TEST' | 'NO_TEST') {
  const cond = test === 'ALL' ? sql`true` : test === 'TEST' ? sql`p.is_test` : sql`not p.is_test`;
  const rows = await rowsOf<{ bet_type: string; g: string }>(t.database.db, sql`
    select b.bet_type, (sum(b.stake_in_usd) - sum(b.win_in_usd))::numeric(30, 2)::text as g from bets b join players p on p.id = b.player_id
    where b.op_id in (${sql.join(opIds.map((o) => sql`${o}`), sql`, `)}) and b.status <> 'CANCELED' and ${cond}
      and b.placed_at >= make_timestamptz(${year}, ${month}, 1, 0, 0, 0, 'UTC') and b.placed_at < make_timestamptz(${year}, ${month}, 1, 0, 0, 0, 'UTC') + interval '1 month'
    group by 1`);
  return { casino: rows.find((r) => r.bet_type === 'CASINO')?.g ?? '0.00', sport: rows.find((r) => r.bet_type === 'SPORT')?.g ?? '0.00' };
}

const generate = (over: Record<string, unknown> = {}, as: Login = SUPER) => t.call('POST', INVOICE, {
  as, body: { opId: 'op-charlie', title: 'Charlie this month', month: MONTHS[THIS_MONTH - 1], year: THIS_YEAR, testPlayersInclusion: 'NO_TEST', includeBrands: true, reference: 'REF-1', note: 'Platform fee', ...over },
});

const debtOf = async (opId: string, as: Login = SUPER) => {
  const res = await t.call('POST', '/api/billingV2/dashboard-cards', { as, body: { opId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { debt: { amountInUSD: string }; cpgProvider: { amountInUSD: string }; invoicedInUSD: string; paidInUSD: string; cpgBillingWallets: { address: string; qrCode: string } };
};

describe('the monthly GGR roll-up', () => {
  it('equals the bets, also after new bets and a change of a player\'s test flag', async () => {
    expect(await rollupVsBets()).toBe(0);
    const [p] = await t.database.db.select().from(players).where(eq(players.opId, 'op-charlie')).limit(1);
    await t.database.db.execute(sql`insert into bets (bet_id, op_id, player_id, bet_type, stake, win, currency, rate_to_usd, stake_in_usd, win_in_usd, status)
      values (${`billing-${Date.now()}`}, 'charlie-luck', ${p!.id}, 'CASINO', '10', '0', 'USD', '1', '10', '0', 'LOST')`);
    await t.database.db.update(players).set({ isTest: !p!.isTest }).where(eq(players.id, p!.id));
    expect(await rollupVsBets()).toBe(0);
    await t.database.db.update(players).set({ isTest: p!.isTest }).where(eq(players.id, p!.id));
    expect(await rollupVsBets()).toBe(0);
  });
});

describe('Generate Invoice', () => {
  it('refuses bad input with the exact texts', async () => {
    expectError(await generate({ opId: '' }), 400, [BILLING_MESSAGES.OPERATOR_REQUIRED]);
    expectError(await generate({ title: '' }), 400, [BILLING_MESSAGES.TITLE_REQUIRED]);
    expectError(await generate({ year: 2023 }), 400, [BILLING_MESSAGES.YEAR_INVALID]);
    expectError(await generate({ reference: '' }), 400, [BILLING_MESSAGES.REFERENCE_REQUIRED]);
    expectError(await generate({ note: '' }), 400, [BILLING_MESSAGES.NOTE_REQUIRED]);
    expectError(await generate({ testPlayersInclusion: 'SOME' }), 400, [BILLING_MESSAGES.INCLUSION_REQUIRED]);
    expectError(await generate({ includeBrands: 'yes' }), 400, [BILLING_MESSAGES.INCLUDE_BRANDS_REQUIRED]);
    if (THIS_MONTH < 12) expectError(await generate({ month: MONTHS[THIS_MONTH] }), 400, [BILLING_MESSAGES.PERIOD_FUTURE]);
    expectError(await generate({ opId: 'op-nowhere' }), 404, [BILLING_MESSAGES.OPERATOR_REQUIRED]);
  });

  it('is for super admins and admins only', async () => {
    expectForbidden(await generate({}, OPA));
    expectForbidden(await generate({}, OPM));
  });

  it('computes the invoice from the month\'s GGR of the operator and its brands × its settings; a second one conflicts until overwritten', async () => {
    const settingsRes = await t.call('GET', '/api/billingV2/invoice/settings?opId=op-charlie', { as: ADMIN });
    expect(settingsRes.statusCode).toBe(200);
    const settings = settingsRes.json().data as InvoiceSettings & { saved: boolean };
    expect(settings.saved).toBe(true);

    const res = await generate();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([BILLING_MESSAGES.INVOICE_GENERATED]);
    const inv = res.json().data;
    const g = await ggrFromBets(['op-charlie', 'charlie-luck', 'charlie-stars'], THIS_YEAR, THIS_MONTH, 'NO_TEST');
    expect({ casino: inv.casinoGGRInUSD, sport: inv.sportGGRInUSD }).toEqual(g);
    const expected = computeInvoice({ casinoGGRInUSD: g.casino, sportGGRInUSD: g.sport, brandsCharged: 2 }, settings);
    expect(inv.totalPayableAmountInUSD).toBe(expected.totalPayableAmountInUSD);
    expect(inv.brandFeeInUSD).toBe(expected.brandFeeInUSD);
    expect(inv.invoiceNo).toBeGreaterThan(1000);
    const acts = await activitiesOf(t, inv.id);
    expect(acts.map((a) => a.action)).toEqual(['BILLING_INVOICE_GENERATE']);

    const again = await generate({ title: 'Second' });
    expectError(again, 409, [BILLING_MESSAGES.CONFLICT]);
    expect(again.json().status).toBe('CONFLICT_ERROR');

    const over = await generate({ title: 'Overwritten', testPlayersInclusion: 'ALL', overwriteExistingInvoice: true });
    expect(over.statusCode, over.body).toBe(200);
    expect(over.json().data).toMatchObject({ id: inv.id, invoiceNo: inv.invoiceNo, title: 'Overwritten', testPlayersInclusion: 'ALL' });
    const all = await ggrFromBets(['op-charlie', 'charlie-luck', 'charlie-stars'], THIS_YEAR, THIS_MONTH, 'ALL');
    expect(over.json().data.casinoGGRInUSD).toBe(all.casino);
    const [n] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from billing_records where op_id = 'op-charlie' and type = 'INVOICE' and year = ${THIS_YEAR} and month = ${THIS_MONTH}`);
    expect(n!.n).toBe(1);
  });

  it('V2: overridden settings, then an edit of the fee fields recomputes from the stored GGR; a note-only save keeps the figures', async () => {
    // A month with no invoice yet for Bravo: this one (the seed invoices the months before).
    const res = await t.call('POST', INVOICE_V2, { as: SUPER, body: {
      opId: 'op-bravo', year: THIS_YEAR, month: THIS_MONTH, overrideSettings: true, casinoGGRPercentage: '0', sportGGRPercentage: '0',
      premiumSportInUSD: '100', premiumBotInUSD: '50.5', brandFeeInUSD: '10', minMonthlyFeeInUSD: '0', additionalCosts: [{ name: 'Setup', value: '9.5' }],
    } });
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json().data;
    // 100 + 50.50 + 2 brands × 10 + 9.50
    expect(inv.totalPayableAmountInUSD).toBe('180.00');
    expect(inv.isSettingsOverridden).toBe(true);

    const edit = await t.call('PUT', INVOICE_V2, { as: ADMIN, body: { invoiceId: inv.id, opId: 'op-bravo', overrideSettings: true, minMonthlyFeeInUSD: '999.99' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().messages).toEqual([BILLING_MESSAGES.INVOICE_UPDATED]);
    expect(edit.json().data).toMatchObject({ totalPayableAmountInUSD: '999.99', minimumApplied: true, casinoGGRInUSD: inv.casinoGGRInUSD });

    const note = await t.call('PUT', INVOICE_V2, { as: ADMIN, body: { invoiceId: inv.id, opId: 'op-bravo', overrideSettings: false, superAdminNote: 'Call the CFO', minMonthlyFeeInUSD: '1' } });
    expect(note.json().messages).toEqual([BILLING_MESSAGES.NOTE_UPDATED]);
    expect(note.json().data).toMatchObject({ totalPayableAmountInUSD: '999.99', superAdminNote: 'Call the CFO' });
    expect((await activitiesOf(t, inv.id)).map((a) => a.action).sort()).toEqual(['BILLING_INVOICE_GENERATE', 'BILLING_INVOICE_UPDATE', 'BILLING_INVOICE_UPDATE']);

    // The record edit and the deletion.
    const rec = await t.call('PUT', INVOICE, { as: ADMIN, body: { id: inv.id, title: 'Bravo, renamed', reference: 'https://proof', note: 'n', description: 'd' } });
    expect(rec.json().messages).toEqual([BILLING_MESSAGES.RECORD_UPDATED]);
    const before = await debtOf('op-bravo');
    const del = await t.call('DELETE', `${INVOICE}?invoiceId=${inv.id}&opId=op-bravo`, { as: ADMIN });
    expect(del.json().messages).toEqual([BILLING_MESSAGES.RECORD_DELETED]);
    const after = await debtOf('op-bravo');
    expect(Number(before.debt.amountInUSD) - Number(after.debt.amountInUSD)).toBeCloseTo(999.99, 2);
    expectError(await t.call('DELETE', `${INVOICE}?invoiceId=${inv.id}`, { as: ADMIN }), 404, [BILLING_MESSAGES.RECORD_NOT_FOUND]);
  });
});

describe('payments', () => {
  it('a manual payment: amountInUSD = rate × amount, exactly once per key, lowering the debt', async () => {
    const before = await debtOf('op-alpha');
    const key = newKey();
    const body = { opId: 'op-alpha', paymentType: 'USDT_TRANSFER', currency: 'USDT', amount: '250.5', exchangeRateInUSD: '0.9985', invoiceNo: -1 };
    expectError(await t.call('POST', MANUAL, { as: SUPER, body, headers: key }), 400, [BILLING_MESSAGES.INVOICE_NO_INVALID]);
    // An invoice number of 0 (or blank) is none (002 §5: sent only when nonzero).
    const sent = { ...body, invoiceNo: 0 };
    const r1 = await t.call('POST', MANUAL, { as: SUPER, body: sent, headers: newKey() });
    expect(r1.statusCode, r1.body).toBe(200);
    const [stored] = await t.database.db.select({ no: billingRecords.paidInvoiceNo }).from(billingRecords).where(eq(billingRecords.id, r1.json().data.id));
    expect(stored).toEqual({ no: null });
    expect(r1.json().data).toMatchObject({ amountInUSD: '250.12', currency: 'USDT', paymentType: 'USDT_TRANSFER' });
    expect(r1.json().messages).toEqual([BILLING_MESSAGES.PAYMENT_ADDED]);
    const k2 = newKey();
    const a = await t.call('POST', MANUAL, { as: SUPER, body: { ...sent, amount: '100', exchangeRateInUSD: '1' }, headers: k2 });
    const b = await t.call('POST', MANUAL, { as: SUPER, body: { ...sent, amount: '100', exchangeRateInUSD: '1' }, headers: k2 });
    expect(b.json().data.id).toBe(a.json().data.id);
    const after = await debtOf('op-alpha');
    expect(Number(before.debt.amountInUSD) - Number(after.debt.amountInUSD)).toBeCloseTo(350.12, 2);
    expect((await activitiesOf(t, r1.json().data.id)).map((x) => x.action)).toEqual(['BILLING_PAYMENT_CREATE']);

    expectError(await t.call('POST', MANUAL, { as: SUPER, body: { ...sent, exchangeRateInUSD: '0.005' }, headers: newKey() }), 400, [BILLING_MESSAGES.RATE_MIN]);
    expectError(await t.call('POST', MANUAL, { as: SUPER, body: { ...sent, currency: 'BTC' }, headers: newKey() }), 400, [BILLING_MESSAGES.CURRENCY_INVALID]);
    expectError(await t.call('POST', MANUAL, { as: SUPER, body: { ...sent, paymentType: 'CPG_TRANSFER' }, headers: newKey() }), 400, [BILLING_MESSAGES.PAYMENT_TYPE_INVALID]);

    const upd = await t.call('PUT', MANUAL, { as: ADMIN, body: { ...sent, id: r1.json().data.id, amount: '10', exchangeRateInUSD: '2' } });
    expect(upd.json()).toMatchObject({ messages: [BILLING_MESSAGES.PAYMENT_UPDATED], data: { amountInUSD: '20.00' } });
    const del = await t.call('DELETE', `${MANUAL}?opId=op-alpha&id=${r1.json().data.id}`, { as: ADMIN });
    expect(del.json().messages).toEqual([BILLING_MESSAGES.PAYMENT_DELETED]);
  });

  it('New Payment in USD; a CPG transfer is edited on its own call and not deleted as a manual one', async () => {
    const res = await t.call('POST', '/api/billing/operator/payment', { as: ADMIN, body: { opId: 'op-charlie', title: 'Wire', paidBy: 'Charlie finance', amountInUSD: '75.25', reference: 'SWIFT-1' }, headers: newKey() });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await t.call('POST', '/api/billing/operator/payment', { as: ADMIN, body: { opId: 'op-charlie', title: 'Wire', paidBy: '', amountInUSD: '1', reference: 'x' }, headers: newKey() }), 400, [BILLING_MESSAGES.PAID_BY_REQUIRED]);
    expectError(await t.call('POST', '/api/billing/operator/payment', { as: ADMIN, body: { opId: 'op-charlie', title: 'Wire', paidBy: 'x', amountInUSD: '0', reference: 'x' }, headers: newKey() }), 400, [BILLING_MESSAGES.AMOUNT_INVALID]);
    const del = await t.call('DELETE', `/api/billing/operator/payment?paymentId=${res.json().data.id}`, { as: ADMIN });
    expect(del.json().messages).toEqual([BILLING_MESSAGES.PAYMENT_RECORD_DELETED]);

    const [cpg] = await t.database.db.select().from(billingRecords).where(and(eq(billingRecords.opId, 'op-charlie'), eq(billingRecords.paymentType, 'CPG_TRANSFER'))).limit(1);
    expectError(await t.call('DELETE', `${MANUAL}?id=${cpg!.id}`, { as: ADMIN }), 400, [BILLING_MESSAGES.NOT_MANUAL]);
    const edit = await t.call('PUT', '/api/billingV2/payment/cpg', { as: ADMIN, body: { id: cpg!.id, description: 'Matched by finance' } });
    expect(edit.json()).toMatchObject({ messages: [BILLING_MESSAGES.PAYMENT_UPDATED], data: { description: 'Matched by finance', amountInUSD: expect.any(String) } });
    expectForbidden(await t.call('PUT', '/api/billingV2/payment/cpg', { as: OPA, body: { id: cpg!.id } }));

    // The invoice number is optional and sent only when nonzero (002 §5): blank or 0 clears the link, as on a manual payment.
    const cpgEdit = (invoiceNo: unknown) => t.call('PUT', '/api/billingV2/payment/cpg', { as: ADMIN, body: { id: cpg!.id, description: 'Matched by finance', invoiceNo } });
    const linked = await cpgEdit(cpg!.paidInvoiceNo ?? 1001);
    expect(linked.json().data.paidInvoiceNo).toBe(cpg!.paidInvoiceNo ?? 1001);
    for (const none of ['', 0, '0', null]) {
      const res = await cpgEdit(none);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.paidInvoiceNo).toBeNull();
      await cpgEdit(cpg!.paidInvoiceNo ?? 1001);
    }
    expectError(await cpgEdit(-1), 400, [BILLING_MESSAGES.INVOICE_NO_INVALID]);
    expectError(await cpgEdit('12a'), 400, [BILLING_MESSAGES.INVOICE_NO_INVALID]);
    const [kept] = await t.database.db.select({ no: billingRecords.paidInvoiceNo }).from(billingRecords).where(eq(billingRecords.id, cpg!.id));
    expect(kept!.no).toBe(cpg!.paidInvoiceNo ?? 1001);
  });
});

describe('settings', () => {
  it('saved per operator with the exact messages; an operator without settings answers "No Settings Found."', async () => {
    const none = await t.call('GET', '/api/billingV2/invoice/settings?opId=charlie-luck', { as: ADMIN });
    expect(none.json()).toMatchObject({ messages: [BILLING_MESSAGES.NO_SETTINGS], data: { saved: false } });
    const body = { opId: 'charlie-luck', casinoGGRPercentage: '7.5', sportGGRPercentage: '5', premiumSportInUSD: '0', premiumBotInUSD: '0', brandFeeInUSD: '0', minMonthlyFeeInUSD: '100' };
    expectError(await t.call('PUT', '/api/billingV2/invoice/settings', { as: ADMIN, body: { ...body, casinoGGRPercentage: '101' } }), 400, [BILLING_MESSAGES.PERCENT_INVALID]);
    expectError(await t.call('PUT', '/api/billingV2/invoice/settings', { as: ADMIN, body: { ...body, premiumBotInUSD: '-1' } }), 400, [BILLING_MESSAGES.FEE_INVALID]);
    const saved = await t.call('PUT', '/api/billingV2/invoice/settings', { as: ADMIN, body });
    expect(saved.json()).toMatchObject({ messages: [BILLING_MESSAGES.SETTINGS_UPDATED], data: { saved: true, casinoGGRPercentage: '7.5', minMonthlyFeeInUSD: '100.00' } });
    expect((await activitiesOf(t, 'charlie-luck')).some((a) => a.action === 'BILLING_SETTINGS_UPDATE')).toBe(true);
    expectForbidden(await t.call('GET', '/api/billingV2/invoice/settings?opId=op-alpha', { as: OPA }));
  });

  it('the settings form without an operator answers the spec\'s message (002 §5, §8)', async () => {
    for (const url of ['/api/billingV2/invoice/settings', '/api/billingV2/invoice/settings?opId=', '/api/billingV2/invoice/settings?opId=%20']) {
      expectError(await t.call('GET', url, { as: ADMIN }), 400, ['Operator not found, please select an operator.']);
    }
    expectError(await t.call('GET', '/api/billingV2/invoice/settings?opId=op-nowhere', { as: ADMIN }), 404, ['Operator not found, please select an operator.']);
    expectError(await t.call('PUT', '/api/billingV2/invoice/settings', { as: ADMIN, body: { casinoGGRPercentage: '1', sportGGRPercentage: '1', premiumSportInUSD: '0', premiumBotInUSD: '0', brandFeeInUSD: '0', minMonthlyFeeInUSD: '0' } }), 400, ['Operator not found, please select an operator.']);
  });
});

describe('own billing and tenancy', () => {
  it('operator staff see their operator\'s records only, without the super admin note', async () => {
    const mine = await t.call('POST', RECORDS, { as: OPA, body: { limit: 100 } });
    expect(mine.statusCode, mine.body).toBe(200);
    const items = mine.json().data.items as { opId: string; superAdminNote: string | null; type: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((r) => ['op-alpha', 'alpha-bet', 'alpha-casino', 'alpha-partner'].includes(r.opId))).toBe(true);
    expect(items.filter((r) => r.type === 'INVOICE').every((r) => r.superAdminNote === null)).toBe(true);
    const [bravo] = await t.database.db.select().from(billingRecords).where(eq(billingRecords.opId, 'op-bravo')).limit(1);
    expectError(await t.call('GET', `/api/billing/records/${bravo!.id}`, { as: OPA }), 404, [BILLING_MESSAGES.RECORD_NOT_FOUND]);
    expect((await t.call('POST', RECORDS, { as: OPA, body: { opId: 'op-bravo' } })).statusCode).toBe(404);
    const cards = await debtOf('op-alpha', OPA);
    expect(cards.cpgBillingWallets.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(cards.cpgBillingWallets.qrCode.startsWith('data:image/png;base64,')).toBe(true);
    expect(await t.call('POST', '/api/billingV2/dashboard-cards', { as: OPA, body: { opId: 'op-bravo' } }).then((r) => r.statusCode)).toBe(404);
    // The super admin reads the note.
    const sa = await t.call('POST', RECORDS, { as: SUPER, body: { opId: 'op-alpha', type: 'INVOICE', limit: 100 } });
    expect((sa.json().data.items as { superAdminNote: string | null }[]).some((r) => r.superAdminNote === 'Paid late, follow up next quarter.')).toBe(true);
  });

  it('the invoice note stays out of the activity log for roles other than SUPER_ADMIN and ADMIN (002 §5)', async () => {
    const created = `Create note ${crypto.randomUUID()}`;
    const edited = `Edited note ${crypto.randomUUID()}`;
    const res = await t.call('POST', INVOICE_V2, { as: SUPER, body: { opId: 'op-alpha', year: THIS_YEAR, month: THIS_MONTH, superAdminNote: created, overwriteExistingInvoice: true } });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as string;
    const edit = await t.call('PUT', INVOICE_V2, { as: SUPER, body: { invoiceId: id, opId: 'op-alpha', overrideSettings: false, superAdminNote: edited } });
    expect(edit.json().messages).toEqual([BILLING_MESSAGES.NOTE_UPDATED]);
    type Act = { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null };
    const log = async (as: Login, body: Record<string, unknown>) => {
      const r = await t.call('POST', '/api/activities/list', { as, body: { log: 'all', limit: 50, ...body } });
      expect(r.statusCode, r.body).toBe(200);
      return { raw: r.body, items: r.json().data.items as Act[] };
    };
    for (const body of [{ targetId: id }, {}]) {
      const opa = await log(OPA, body);
      expect(opa.items.some((a) => a.action === 'BILLING_INVOICE_UPDATE')).toBe(true);
      expect(opa.raw).not.toContain(created);
      expect(opa.raw).not.toContain(edited);
      expect(opa.items.every((a) => !(a.after && 'superAdminNote' in a.after) && !(a.before && 'superAdminNote' in a.before))).toBe(true);
    }
    // SUPER_ADMIN and ADMIN read the note as it changed.
    for (const as of [SUPER, ADMIN]) {
      const { items } = await log(as, { targetId: id });
      expect(items.find((a) => a.action === 'BILLING_INVOICE_UPDATE')).toMatchObject({ before: { superAdminNote: created }, after: { superAdminNote: edited } });
      expect(items.find((a) => a.action === 'BILLING_INVOICE_GENERATE')?.after).toMatchObject({ superAdminNote: created });
    }
  });

  it('the creator of a record shows as the staff member\'s nickname, else their user code; a provider as written (002 §3)', async () => {
    const [sa] = await t.database.db.select({ nickname: users.nickname }).from(users).where(eq(users.email, SUPER));
    const res = await t.call('POST', RECORDS, { as: OPA, body: { opId: 'op-alpha', limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { id: string; type: string; paymentType: string | null; createdBy: string }[];
    expect(items.filter((r) => r.type === 'INVOICE').map((r) => r.createdBy)).toContain(sa!.nickname);
    expect(items.filter((r) => r.paymentType === 'CPG_TRANSFER').every((r) => r.createdBy === 'cpg-provider')).toBe(true);
    expect(items.some((r) => r.createdBy.includes('@'))).toBe(false);

    // A staff member without a nickname: their user code; the record and the answer of a change read the same.
    const pay = await t.call('POST', '/api/billing/operator/payment', { as: ADMIN, body: { opId: 'op-alpha', title: 'By code', paidBy: 'Alpha finance', amountInUSD: '1.25', reference: 'CODE-1' }, headers: newKey() });
    expect(pay.json().data.createdBy).toBe('admin');
    const [before] = await t.database.db.select({ nickname: users.nickname, userCode: users.userCode }).from(users).where(eq(users.email, ADMIN));
    await t.database.db.update(users).set({ nickname: '', userCode: 'ADM-001' }).where(eq(users.email, ADMIN));
    try {
      const one = await t.call('GET', `/api/billing/records/${pay.json().data.id}`, { as: SUPER });
      expect(one.json().data).toMatchObject({ createdBy: 'ADM-001' });
      const inv = (await t.call('GET', `/api/billing/records/${items.find((r) => r.type === 'INVOICE' && r.createdBy === sa!.nickname)!.id}`, { as: SUPER })).json().data;
      const upd = await t.call('PUT', INVOICE_V2, { as: ADMIN, body: { invoiceId: inv.id, opId: 'op-alpha', overrideSettings: false, description: inv.description, superAdminNote: inv.superAdminNote } });
      expect(upd.json().data).toMatchObject({ createdBy: sa!.nickname, updatedBy: 'ADM-001' });
    } finally {
      await t.database.db.update(users).set(before!).where(eq(users.email, ADMIN));
    }
    await t.call('DELETE', `/api/billing/operator/payment?paymentId=${pay.json().data.id}`, { as: ADMIN });
  });

  it('the records list pages by keyset without repeating a row', async () => {
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await t.call('POST', RECORDS, { as: SUPER, body: { limit: 3, ...(cursor ? { cursor } : {}) } });
      for (const r of res.json().data.items as { id: string }[]) { expect(seen.has(r.id)).toBe(false); seen.add(r.id); }
      cursor = res.json().data.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen.size).toBeGreaterThan(6);
  });

  it('the accounts view: debt = invoiced − paid per operator, for platform staff only', async () => {
    const res = await t.call('POST', '/api/billing/accounts/list', { as: ADMIN, body: { kind: 'OPERATOR', limit: 50 } });
    expect(res.statusCode, res.body).toBe(200);
    const alpha = (res.json().data.items as { opId: string; invoicedInUSD: string; paidInUSD: string; debtInUSD: string }[]).find((r) => r.opId === 'op-alpha')!;
    const [s] = await rowsOf<{ i: string; p: string }>(t.database.db, sql`select coalesce(sum(amount_in_usd) filter (where type = 'INVOICE'), 0)::numeric(30, 2)::text as i, coalesce(sum(amount_in_usd) filter (where type = 'PAYMENT'), 0)::numeric(30, 2)::text as p from billing_records where op_id = 'op-alpha'`);
    expect({ i: alpha.invoicedInUSD, p: alpha.paidInUSD }).toEqual({ i: s!.i, p: s!.p });
    expect(Number(alpha.debtInUSD)).toBeCloseTo(Number(s!.i) - Number(s!.p), 2);
    expectForbidden(await t.call('POST', '/api/billing/accounts/list', { as: OPA, body: {} }));
  });
});

describe('invoice runs and reports', () => {
  it('a run invoices every active operator of the month in the background, skipping those invoiced, with its progress', async () => {
    const res = await t.call('POST', '/api/billing/invoice-runs', { as: SUPER, body: { month: MONTHS[THIS_MONTH - 1], year: THIS_YEAR } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([BILLING_MESSAGES.RUN_QUEUED]);
    const id = res.json().data.id as string;
    expectError(await t.call('POST', '/api/billing/invoice-runs', { as: SUPER, body: { month: MONTHS[THIS_MONTH - 1], year: THIS_YEAR } }), 409, [BILLING_MESSAGES.RUN_BUSY]);
    expect(await runInvoiceRun(t.database.db, id)).toMatch(/^created \d+, skipped \d+, failed 0$/);
    const [run] = await t.database.db.select().from(invoiceRuns).where(eq(invoiceRuns.id, id));
    expect(run).toMatchObject({ status: 'DONE', failed: 0 });
    expect(run!.done).toBe(run!.total);
    expect(run!.skipped).toBeGreaterThanOrEqual(1); // Charlie was invoiced above
    const [n] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from billing_records where type = 'INVOICE' and year = ${THIS_YEAR} and month = ${THIS_MONTH} and op_id in ('op-alpha', 'op-bravo', 'op-charlie', 'alpha-partner')`);
    expect(n!.n).toBe(4);
    const [d] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from billing_records where op_id = 'op-delta' and year = ${THIS_YEAR} and month = ${THIS_MONTH}`);
    expect(d!.n).toBe(0); // inactive
    const runs = await t.call('POST', '/api/billing/invoice-runs/list', { as: ADMIN, body: {} });
    expect(runs.json().data.items[0]).toMatchObject({ id, status: 'DONE' });
    expectForbidden(await t.call('POST', '/api/billing/invoice-runs', { as: OPA, body: { month: 'JANUARY', year: THIS_YEAR } }));
    expect((await activitiesOf(t, id)).map((a) => a.action)).toEqual(['BILLING_INVOICE_RUN']);
  });

  it('the GGR report shows each invoice of the year; collections sum the payments by month and type', async () => {
    const ggr = await t.call('POST', '/api/reports/billing/invoice-ggr', { as: ADMIN, body: { year: THIS_YEAR } });
    expect(ggr.statusCode, ggr.body).toBe(200);
    const [c] = await rowsOf<{ n: number; s: string }>(t.database.db, sql`select count(*)::int as n, sum(amount_in_usd)::numeric(30, 2)::text as s from billing_records where type = 'INVOICE' and year = ${THIS_YEAR}`);
    expect(ggr.json().data.rows.length).toBe(c!.n);
    const total = (ggr.json().data.months as { invoicedInUSD: string }[]).reduce((a, m) => a + Math.round(Number(m.invoicedInUSD) * 100), 0);
    expect(total).toBe(Math.round(Number(c!.s) * 100));
    const col = await t.call('POST', '/api/reports/billing/payment-collections', { as: OPA, body: { year: THIS_YEAR } });
    expect(col.statusCode, col.body).toBe(200);
    const [p] = await rowsOf<{ s: string }>(t.database.db, sql`select coalesce(sum(amount_in_usd), 0)::numeric(30, 2)::text as s from billing_records where type = 'PAYMENT' and op_id in ('op-alpha', 'alpha-bet', 'alpha-casino', 'alpha-partner') and extract(year from issued_at at time zone 'UTC') = ${THIS_YEAR}`);
    const sum = (col.json().data.rows as { amountInUSD: string }[]).reduce((a, r) => a + Math.round(Number(r.amountInUSD) * 100), 0);
    expect(sum).toBe(Math.round(Number(p!.s) * 100));
    const empty = await t.call('POST', '/api/reports/billing/invoice-ggr', { as: ADMIN, body: { year: 2024 } });
    expect(empty.json().messages).toEqual([BILLING_MESSAGES.NO_REPORT]);
  });
});
