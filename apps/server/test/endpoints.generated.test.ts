/**
 * Tests generated from the endpoint table: adding an endpoint adds its tests. For every entry:
 * - anonymous → 401 (public entries excepted);
 * - each of the seven demo logins → 403 with the spec's message exactly when the table's access
 *   rule refuses that user, and never 401/403 when it allows them;
 * - a list with another operator's `opId`, or a record of another operator → 404;
 * - junk input (NUL bytes, a 100,000-character string, NaN, 1e999, -0, arrays and strings in
 *   place of objects, in every field) → 4xx with a message, never 5xx, and no state change.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_AFFILIATE_SETTINGS, DEFAULT_CASHBACK_SETTINGS, ENDPOINTS, ENDPOINT_SCHEMAS, MSG, NEW_PARTNER_SETTINGS, PLATFORM_MESSAGES, fillPath, type EndpointMeta, type EndpointName, type ScopedEntity } from '@pitboss/contract';
import { DEMO_LOGINS } from '../src/db/seed.js';
import { bankAccounts, banks, bets, bonusDefinitions, bonusForms, bonusReleaseDefinitions, bonusRequests, exportJobs, files, fourEyesApprovals, kycRecords, partnerWithdrawals, paymentGateways, playerBonusReleases, players, supportTickets, tournaments, tournamentWinners, transactions, treasuries, usernameRequests, users, operatorGames, flows, cmsMedia, billingRecords, cfAccounts, domains } from '../src/db/schema.js';
import { loadUserById } from '../src/modules/auth/service.js';
import { rowsOf } from '../src/lib/query.js';
import { makeApp, BRAVO_SCOPE } from './support.js';
import { encodePng } from '../src/db/demo-images.js';
import type { Login, TestApp } from './helpers.js';

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];
const metaOf = (n: EndpointName): EndpointMeta => ENDPOINTS[n];
type Schemas = { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType; response: z.ZodType | null };
const schemasOf = (n: EndpointName) => ENDPOINT_SCHEMAS[n] as Schemas;

let t: TestApp;
const perms = new Map<Login, Awaited<ReturnType<typeof loadUserById>>>();

beforeAll(async () => {
  t = await makeApp();
  for (const l of DEMO_LOGINS) {
    const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, l.email));
    perms.set(l.email as Login, await loadUserById(t.database.db, u!.id));
    await t.cookie(l.email as Login);
  }
});
afterAll(async () => { await t.close(); });

/**
 * The table's access rule, evaluated here independently of the server's implementation: the
 * roles, one of `anyOf`, and a request field's key when the rule has one (a rule on a field of
 * the record answers its `anyOf` before the record is loaded).
 */
function allowed(meta: EndpointMeta, user: { role: string; permissionSet: ReadonlySet<string> }, input: Record<string, unknown>): boolean {
  type Rule = { public?: true; signedIn?: true; anyOf?: readonly string[]; roles?: readonly string[]; nonAdmin?: readonly string[]; allOf?: readonly string[]; superFields?: readonly string[];
    byField?: { field: string; in?: string; keys: Record<string, string | readonly string[]>; otherwise: string | readonly string[] } };
  const a = meta.access as Rule;
  if (a.public || a.signedIn) return true;
  if (a.roles && !a.roles.includes(user.role)) return false;
  // Component permissions every role but SUPER_ADMIN and ADMIN also needs.
  if (a.nonAdmin && user.role !== 'SUPER_ADMIN' && user.role !== 'ADMIN' && !a.nonAdmin.every((k) => user.permissionSet.has(k))) return false;
  // Component permissions every role also needs.
  if (a.allOf && !a.allOf.every((k) => user.permissionSet.has(k))) return false;
  // Request fields (extra filters) only SUPER_ADMIN and ADMIN may send.
  if (a.superFields && user.role !== 'SUPER_ADMIN' && user.role !== 'ADMIN' && a.superFields.some((f) => input[f] !== undefined && input[f] !== null && input[f] !== '')) return false;
  const page = (a.anyOf ?? []).some((k) => user.permissionSet.has(k));
  if (!a.byField || a.byField.in === 'record') return page;
  const v = input[a.byField.field];
  const keys = typeof v === 'string' && v in a.byField.keys ? a.byField.keys[v]! : a.byField.otherwise;
  return page && (typeof keys === 'string' ? [keys] : keys).some((k) => user.permissionSet.has(k));
}

/** A value of the right shape for each field of a schema (enough to pass validation where no example is given). */
function sampleOf(schema: z.ZodType | undefined): Record<string, unknown> {
  if (!schema) return {};
  let js: { properties?: Record<string, { type?: string | string[]; enum?: unknown[]; default?: unknown; format?: string; minLength?: number }>; required?: string[] };
  try { js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as typeof js; } catch { return {}; }
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(js.properties ?? {})) {
    if (!js.required?.includes(k)) continue;
    const type = Array.isArray(p.type) ? p.type[0] : p.type;
    out[k] = p.enum ? p.enum[0] : p.default !== undefined ? p.default : p.format === 'uuid' ? randomUUID()
      : type === 'number' || type === 'integer' ? 1 : type === 'boolean' ? true : type === 'array' ? [] : type === 'object' ? {} : 'x'.repeat(Math.max(1, p.minLength ?? 1));
  }
  return out;
}

/** Field names of a schema's top level. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
    return Object.keys(js.properties ?? {});
  } catch { return []; }
}

interface Req { method: EndpointMeta['method']; url: string; body?: unknown; raw?: string; headers: Record<string, string> }

/** A request to endpoint `n` with the given inputs (path parameters filled from `params`). */
function request(n: EndpointName, input: { body?: unknown; query?: Record<string, unknown>; params?: Record<string, string>; raw?: string }): Req {
  const m = metaOf(n);
  const params = { ...Object.fromEntries(fieldsOf(schemasOf(n).params).map((k) => [k, 'x'])), ...(input.params ?? {}) };
  const q = input.query ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)])).toString()}` : '';
  const headers: Record<string, string> = { 'idempotency-key': `gen-${randomUUID()}` };
  if (input.raw !== undefined) headers['content-type'] = 'application/json';
  return { method: m.method, url: fillPath(m.path, params) + q, body: input.body, raw: input.raw, headers };
}

async function send(r: Req, as?: Login) {
  const headers = { ...r.headers, ...(as ? { cookie: await t.cookie(as) } : {}) };
  const payload = r.raw !== undefined ? r.raw : r.body !== undefined && r.method !== 'GET' ? (r.body as never) : undefined;
  return t.app.inject({ method: r.method, url: r.url, headers, ...(payload !== undefined ? { payload } : {}) });
}

/** The id of a record of another operator (Bravo) for a record-scoped endpoint. */
async function bravoRecord(entity: ScopedEntity, field: string): Promise<string> {
  const db = t.database.db;
  const bravo = [...BRAVO_SCOPE];
  const one = async (q: Promise<{ v: string }[]>) => { const [r] = await q; if (!r) throw new Error(`no Bravo ${entity}`); return r.v; };
  switch (entity) {
    case 'player': return one(db.select({ v: field === 'playerCode' ? players.playerCode : players.id }).from(players).where(inArray(players.opId, bravo)).limit(1));
    case 'transaction': return one(db.select({ v: transactions.txId }).from(transactions).where(inArray(transactions.opId, bravo)).limit(1));
    case 'kyc': return one(db.select({ v: kycRecords.id }).from(kycRecords).where(inArray(kycRecords.opId, bravo)).limit(1));
    case 'file': {
      const [f] = await db.select({ v: files.id }).from(files).where(inArray(files.opId, bravo)).limit(1);
      if (f) return f.v;
      const [ins] = await db.insert(files).values({ opId: 'op-bravo', name: 'x.png', mime: 'image/png', size: 1, contentBase64: 'AA==', uploadedBy: null }).returning({ v: files.id });
      return ins!.v;
    }
    case 'bankAccount': return one(db.select({ v: bankAccounts.uuid }).from(bankAccounts).where(inArray(bankAccounts.opId, bravo)).limit(1));
    case 'gateway': return one(db.select({ v: paymentGateways.uuid }).from(paymentGateways).where(inArray(paymentGateways.opId, bravo)).limit(1));
    case 'bank': return one(db.select({ v: banks.uuid }).from(banks).where(inArray(banks.opId, bravo)).limit(1));
    case 'usernameRequest': return one(db.select({ v: usernameRequests.id }).from(usernameRequests).where(inArray(usernameRequests.opId, bravo)).limit(1));
    case 'operator': return 'op-bravo';
    case 'treasury': return one(db.select({ v: treasuries.uuid }).from(treasuries).where(inArray(treasuries.opId, bravo)).limit(1));
    case 'user': return one(db.select({ v: users.id }).from(users).where(inArray(users.opId, bravo)).limit(1));
    case 'partnerWithdrawal': {
      // Bravo has no partner in the demo world: a request of a partner of Bravo's, made here.
      const [w] = await db.insert(partnerWithdrawals).values({
        opId: 'op-bravo', fromAmount: '10', fromCurrency: 'USD', fromAmountInUsd: '10', toAmount: '10', toCurrency: 'USDT', toAmountInUsd: '10',
        network: 'TRON', destinationAddress: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', requestedBy: 'partner@bravo.test',
      }).returning({ v: partnerWithdrawals.txId });
      return w!.v;
    }
    case 'exportJob': {
      const [ins] = await db.insert(exportJobs).values({ kind: 'HIGH_DEPOSITORS', opId: 'op-bravo', requestedBy: 'bravo.admin@demo.local', fileName: 'x.csv' }).returning({ v: exportJobs.id });
      return ins!.v;
    }
    case 'ticket': return one(db.select({ v: supportTickets.id }).from(supportTickets).where(inArray(supportTickets.opId, bravo)).limit(1));
    case 'bet': return one(db.select({ v: field === 'betId' ? bets.betId : bets.id }).from(bets).where(inArray(bets.opId, bravo)).limit(1));
    case 'bonusForm': return one(db.select({ v: bonusForms.id }).from(bonusForms).where(and(inArray(bonusForms.opId, bravo), isNull(bonusForms.deletedAt), eq(bonusForms.isActive, true))).limit(1));
    case 'bonusRequest': return one(db.select({ v: bonusRequests.id }).from(bonusRequests).where(and(inArray(bonusRequests.opId, bravo), eq(bonusRequests.status, 'PENDING'))).limit(1));
    case 'tournament': return one(db.select({ v: tournaments.id }).from(tournaments).where(inArray(tournaments.opId, bravo)).limit(1));
    case 'tournamentWinner': return one(db.select({ v: tournamentWinners.id }).from(tournamentWinners).where(inArray(tournamentWinners.opId, bravo)).limit(1));
    case 'bonusDefinition': return one(db.select({ v: bonusDefinitions.id }).from(bonusDefinitions).where(and(inArray(bonusDefinitions.opId, bravo), isNull(bonusDefinitions.deletedAt))).limit(1));
    case 'bonusRelease': return one(db.select({ v: bonusReleaseDefinitions.id }).from(bonusReleaseDefinitions).where(and(inArray(bonusReleaseDefinitions.opId, bravo), isNull(bonusReleaseDefinitions.deletedAt))).limit(1));
    case 'billingRecord': return one(db.select({ v: billingRecords.id }).from(billingRecords).where(inArray(billingRecords.opId, bravo)).limit(1));
    case 'fourEyesApproval': {
      // A pending top-up of a Bravo player (four-eyes); the demo world has none.
      const [p] = await db.select({ id: players.id }).from(players).where(inArray(players.opId, bravo)).limit(1);
      const id = randomUUID();
      await db.insert(fourEyesApprovals).values({
        id, kind: 'TOPUP', recordId: id, opId: bravo[0]!, playerId: p!.id, amountInUsd: '1', reasonCode: 'OTHER', reasonNote: 'x',
        firstById: randomUUID(), firstBy: 'x@demo.local', firstByName: 'x', payload: { action: 'INCREASE', amount: '1', currency: 'USD', reason: 'OTHER', note: 'x' },
      });
      return id;
    }
    case 'playerBonusRelease': return one(db.select({ v: playerBonusReleases.id }).from(playerBonusReleases).where(and(inArray(playerBonusReleases.opId, bravo), eq(playerBonusReleases.isDeleted, false))).limit(1));
    case 'operatorGame': return one(db.select({ v: operatorGames.id }).from(operatorGames).where(inArray(operatorGames.opId, bravo)).limit(1));
    case 'flow': return one(db.select({ v: flows.id }).from(flows).where(inArray(flows.opId, bravo)).limit(1));
    case 'media': {
      const [m] = await db.select({ v: cmsMedia.id }).from(cmsMedia).where(inArray(cmsMedia.opId, bravo)).limit(1);
      if (m) return m.v;
      const png = encodePng(2, 2, () => [1, 2, 3]);
      const [ins] = await db.insert(cmsMedia).values({ opId: 'op-bravo', fileName: 'x.png', extension: 'png', mime: 'image/png', size: png.length, contentBase64: png.toString('base64') }).returning({ v: cmsMedia.id });
      return ins!.v;
    }
    case 'domain': return one(db.select({ v: domains.domainName }).from(domains).where(and(inArray(domains.opId, bravo), eq(domains.isPrimary, false))).limit(1));
    case 'cfAccount': return one(db.select({ v: cfAccounts.cfAccountCode }).from(cfAccounts).where(inArray(cfAccounts.opId, bravo)).limit(1));
  }
}

const BONUS_DEF_SAMPLE = () => ({
  title: 'Generated', status: 'ACTIVE', startTime: new Date(Date.now() - 3_600_000).toISOString(), endTime: new Date(Date.now() + 86_400_000).toISOString(),
  percentage: '50', maxBonusInUSD: '100', minDepositInUSD: '10', wagerMultiplier: 10, betType: 'CASINO',
});

/**
 * Bodies that pass validation for record endpoints whose other fields the schema sample cannot
 * guess; `id` is the other operator's record. An endpoint missing here uses the schema sample.
 */
const GENERATED_RELEASE = {
  title: 'Generated', schedule: 'DAILY', betType: 'CASINO', startTime: '2030-01-01T00:00:00Z', endTime: '2030-02-01T00:00:00Z',
  tiers: [{ tier: 1, requiredWager: '100', minWinOdds: '1.5', maxBonusAmountInUSD: '10', minBetAmountInUSD: '1' }],
};
const EXAMPLES: Partial<Record<EndpointName, (id: string) => { body?: unknown; query?: Record<string, unknown>; params?: Record<string, string> }>> = {
  'banking.bankCreate': (opId) => ({ body: { opId, key: 'gen_bank', bankName: { en: 'Generated Bank' }, order: 1 } }),
  'banking.bankUpdate': (uuid) => ({ body: { uuid, opId: 'op-bravo', key: 'gen_bank', bankName: { en: 'Generated Bank' }, order: 1 } }),
  'banking.gatewayUpdate': (uuid) => ({ params: { uuid }, body: { isActive: true } }),
  'sport.grant': (playerId) => ({ params: { playerId }, body: { betCount: 1, betAmount: '10', currency: 'USD', templateId: 1 } }),
  'banking.depositTestSettings': (gatewayUuid) => ({ body: { gatewayUuid, amount: '10', currency: 'USD' } }),
  // A known provider suffix (any other names no route: 404 before the record is looked for).
  'payments.withdrawProvider': (id) => ({ params: { suffix: 'cpg' }, body: { txId: id, actionType: 'confirm' } }),
  'banking.bankAccountReveal': (uuid) => ({ body: { uuid, reason: 'Generated tenancy check' } }),
  'staff.create': (opId) => ({ body: { email: 'generated.staff@demo.local', password: 'Generated-Pass1', nickname: 'generated', role: 'OPERATOR_MANAGER', opId } }),
  'staff.refreshPermissions': (adminId) => ({ body: { adminId, roles: ['OPERATOR_ADMIN'] } }),
  'staff.clonePermissions': (targetUserId) => ({ body: { sourceUserId: targetUserId, targetUserId, sourceRole: 'OPERATOR_ADMIN', permissions: ['players'] } }),
  'staff.migrate': (adminId) => ({ body: { adminId, opId: 'op-alpha', role: 'OPERATOR_MANAGER' } }),
  'transactions.destinationReveal': (txId) => ({ body: { txId, reason: 'Generated tenancy check' } }),
  'staff.block': (adminId) => ({ body: { adminId, action: 'BLOCK' } }),
  'staff.changePassword': (adminId) => ({ body: { adminId, newPassword: 'Generated-Pass1', passwordConfirm: 'Generated-Pass1' } }),
  'staff.changeRoles': (adminId) => ({ body: { adminId, roles: ['OPERATOR_MANAGER'] } }),
  'staff.delete': (adminId) => ({ body: { adminId, adminEmail: 'bravo.admin@demo.local' } }),
  'payments.depositReject': (id) => ({ body: { txId: id, rejectReason: 'The payment never reached the gateway account.' } }),
  'partners.withdrawDecision': (txId) => ({ body: { txId, actionType: 'confirm', note: 'Generated tenancy check' } }),
  'partners.settings': (opId) => ({ body: { opId, ...NEW_PARTNER_SETTINGS } }),
  'partners.createBrand': (parentOpId) => ({ body: { parentOpId, title: 'Generated', domain: 'generated.example' } }),
  'partners.deleteAffiliate': (adminId) => ({ body: { adminId, adminEmail: 'bravo.admin@demo.local' } }),
  'partners.withdrawRequest': (opId) => ({ body: { opId, amount: '10', walletAddress: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', currency: 'USDT', network: 'TRON' } }),
  'partners.channelCreate': (opId) => ({ body: { opId, channelId: 'generated', description: 'Generated' } }),
  'support.status': (id) => ({ body: { id, status: 'ARCHIVED' } }),
  'support.reply': (ticketId) => ({ body: { ticketId, message: 'Generated tenancy check' } }),
  'support.claim': (ticketId) => ({ body: { ticketId, action: 'claim' } }),
  'reports.cardUsers': (cardId) => ({ body: { filters: { cardId }, page: 1, limit: 50 } }),
  'reports.cardTransactions': (cardId) => ({ body: { filters: { cardId, statuses: ['CONFIRMED', 'REJECTED'] }, page: 1, limit: 50 } }),
  'bets.settle': (betId) => ({ body: { betId, winAmount: '1' } }),
  'bets.cancel': (betId) => ({ body: { betId, note: 'Generated tenancy check' } }),
  'bonus.formCreate': (opId) => ({ body: { opId, title: 'Generated', prizeType: 'CASH', defaultAmountInUSD: '1', maxAmountInUSD: '10' } }),
  'bonus.formDelete': (bonusId) => ({ query: { bonusId } }),
  'bonus.requestCreate': (bonusId) => ({ body: { bonusId, playerCode: 'x', amountInUSD: '1', note: 'Generated tenancy check' } }),
  'operators.fourEyes': (opId) => ({ body: { opId, thresholdInUSD: '100' } }),
  'operators.timeZone': (opId) => ({ body: { opId, timeZone: 'Europe/Istanbul' } }),
  'bonus.requestDecision': (requestId) => ({ body: { requestId, bonusId: randomUUID(), playerCode: 'x', action: 'REJECT', note: 'Generated tenancy check' } }),
  'tournaments.create': (opId) => ({ body: { opId, title: 'Generated', startsAt: new Date(Date.now() - 3_600_000).toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString(), scoring: 'TOTAL_WAGER', providers: ['Evolution'], prizes: [{ rank: 1, amountUsd: '10' }] } }),
  'tournaments.payout': (id) => ({ body: { id, type: 'approve' } }),
  'bonusDefs.create': (opId) => ({ body: { opId, ...BONUS_DEF_SAMPLE() } }),
  'bonusDefs.update': (bonusId) => ({ body: { bonusId, ...BONUS_DEF_SAMPLE() } }),
  'bonusDefs.delete': (bonusId) => ({ query: { bonusId } }),
  'bonusDefs.clone': (bonusId) => ({ body: { bonusId, targetOpId: 'op-alpha', startTime: new Date(Date.now() + 86_400_000).toISOString(), endTime: new Date(Date.now() + 7 * 86_400_000).toISOString() } }),
  'bonusReleases.create': (opId) => ({ body: { opId, ...GENERATED_RELEASE } }),
  'bonusReleases.update': (bonusId) => ({ body: { bonusId, ...GENERATED_RELEASE } }),
  'bonusReleases.delete': (bonusId) => ({ query: { bonusId } }),
  'bonusReleases.clone': (bonusId) => ({ body: { bonusId, targetOpId: 'op-alpha', startTime: GENERATED_RELEASE.startTime, endTime: GENERATED_RELEASE.endTime } }),
  'reports.affiliateOverride': (playerCode) => ({ body: { playerCode, ...overrideAffiliateSample() } }),
  'reports.cashbackOverride': (playerCode) => ({ body: { playerCode, ...overrideCashbackSample() } }),
  'reports.affiliateReport': (playerCode) => ({ body: { playerCode, period: 'TODAY' } }),
  'bonus.abuseSignals': (playerCode) => ({ body: { playerCode, templateId: 1 } }),
  'games.operatorUpdate': (opId) => ({ body: { opId, gameTitle: 'Generated', dto: { gameId: randomUUID(), order: 1, status: 'ACTIVE' } } }),
  'flows.create': (opId) => ({ body: { opId, name: 'Generated', trigger: 'PLAYER_REGISTERED', action: 'NOTIFY_STAFF' } }),
  'flows.update': (flowId) => ({ body: { flowId, name: 'Generated', trigger: 'PLAYER_REGISTERED', action: 'NOTIFY_STAFF' } }),
  'cms.sectionSave': (opId) => ({ body: { opId, kind: 'template', content: { layout: 'classic', header: 'fixed' } } }),
  'cms.footerSave': (opId) => ({ query: { opId }, body: { content: { menu: { column1: [{ title: 'About', url: '/about' }] } } } }),
  'cms.gallery': (opId) => ({ query: { opId }, body: {} }),
  'cms.galleryUpload': (opId) => ({ query: { opId }, body: { file: encodePng(2, 2, () => [1, 2, 3]).toString('base64'), filename: 'x.png' } }),
  'billing.invoiceGenerate': (opId) => ({ body: { opId, title: 'Generated', month: 'JANUARY', year: 2025, testPlayersInclusion: 'ALL', includeBrands: true, reference: 'R', note: 'N' } }),
  'billing.invoiceCreate': (opId) => ({ body: { opId, month: 1, year: 2025 } }),
  'billing.invoiceUpdate': (invoiceId) => ({ body: { invoiceId, opId: 'op-alpha' } }),
  'billing.invoiceRecordUpdate': (id) => ({ body: { id, title: 'Generated' } }),
  'billing.paymentCreate': (opId) => ({ body: { opId, title: 'Generated', paidBy: 'Ops', amountInUSD: '10', reference: 'R' } }),
  'billing.settingsSave': (opId) => ({ body: { opId, casinoGGRPercentage: '10', sportGGRPercentage: '10', premiumSportInUSD: '0', premiumBotInUSD: '0', brandFeeInUSD: '0', minMonthlyFeeInUSD: '0' } }),
  'billing.manualPaymentCreate': (opId) => ({ body: { opId, paymentType: 'CASH', currency: 'TRX', amount: '1', exchangeRateInUSD: '1' } }),
  'billing.manualPaymentUpdate': (id) => ({ body: { id, opId: 'op-alpha', paymentType: 'CASH', currency: 'TRX', amount: '1', exchangeRateInUSD: '1' } }),
  'billing.cpgPaymentUpdate': (id) => ({ body: { id } }),
  'billing.dashboardCards': (opId) => ({ body: { opId } }),
};

/** Valid override bodies (without the player): the default settings as the forms send them. */
function overrideAffiliateSample() {
  const { general, levelSettings, revenueShareSettings } = DEFAULT_AFFILIATE_SETTINGS;
  return { general, levelSettings, revenueShareSettings };
}
function overrideCashbackSample() {
  const { minWithdrawAmountInUSD, autoApproval, settings } = DEFAULT_CASHBACK_SETTINGS;
  return { minWithdrawAmountInUSD, autoApproval, settings: settings.map((r) => ({ ...r, overriddenPercentage: r.percentage })), settingsToOverride: [] };
}

async function stateCounts() {
  const [r] = await rowsOf<{ a: number; l: number; t: number }>(t.database.db, sql`select
    (select count(*) from activities)::int as a, (select count(*) from ledger_entries)::int as l,
    (select count(*) from transactions where updated_at > now() - interval '1 hour')::int as t`);
  return r!;
}

describe.each(NAMES)('%s', (name) => {
  const meta = metaOf(name);
  const schemas = schemasOf(name);

  it.runIf(!('public' in meta.access))('anonymous → 401', async () => {
    const res = await send(request(name, {}));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, messages: [MSG.UNAUTHENTICATED] });
  });

  it.runIf(!('public' in meta.access))('each role → allowed or 403 exactly as the table says', async () => {
    const outcome: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const l of DEMO_LOGINS) {
      const user = perms.get(l.email as Login)!;
      const res = await send(request(name, { body: {} }), l.email as Login);
      expected[l.email] = allowed(meta, user, {}) ? 'allowed' : 'denied';
      outcome[l.email] = res.statusCode === 403 && res.json().messages?.[0] === MSG.NO_PERMISSION ? 'denied'
        : res.statusCode === 401 || res.statusCode === 403 ? `other ${res.statusCode}` : 'allowed';
      expect(res.statusCode, `${l.email}: ${res.body}`).toBeLessThan(500);
    }
    expect(outcome).toEqual(expected);
  });

  const tenancy = meta.scope.kind === 'record' || (meta.scope.kind === 'list' && fieldsOf(schemas.body ?? schemas.query).includes('opId'));
  it.runIf(tenancy)('another operator → 404 (403 where only global roles may call)', async () => {
    const who: Login = 'operator.admin@demo.local';
    // Only global roles may call it: an operator's staff cannot reach it at all (403 before any record is looked up).
    const reaches = allowed(meta, perms.get(who)!, {});
    let input: { body?: unknown; query?: Record<string, unknown>; params?: Record<string, string> };
    if (meta.scope.kind === 'list') {
      // A list whose body names more than the sample guesses (a card of the risk drawers) takes its example's body.
      const ex = EXAMPLES[name]?.(randomUUID());
      const base = { ...sampleOf(schemas.body ?? schemas.query), ...(ex?.body as object | undefined), opId: 'op-bravo' };
      input = schemas.body ? { body: base } : { query: base };
    } else {
      const s = meta.scope as { entity: ScopedEntity; field: string; in: 'body' | 'query' | 'params' };
      const id = await bravoRecord(s.entity, s.field);
      const ex = EXAMPLES[name];
      input = ex ? ex(id) : s.in === 'params' ? { params: { [s.field]: id } }
        : s.in === 'query' ? { query: { ...sampleOf(schemas.query), [s.field]: id } } : { body: { ...sampleOf(schemas.body), [s.field]: id } };
    }
    const before = await stateCounts();
    const res = await send(request(name, input), who);
    expect(res.statusCode, res.body).toBe(reaches ? 404 : 403);
    expect(res.json().success).toBe(false);
    expect(res.json().messages.length).toBeGreaterThan(0);
    expect(await stateCounts()).toEqual(before);
  });

  const junkFields = fieldsOf(schemas.body);
  const queryFields = fieldsOf(schemas.query);
  const paramFields = fieldsOf(schemas.params);
  it.runIf(!meta.binary || paramFields.length > 0 || queryFields.length > 0)('junk input → 4xx with a message, never 5xx, nothing changes', async () => {
    // Public calls (login, logout) go anonymous: a logout with a fixture's cookie would end that session.
    const as: Login | undefined = 'public' in meta.access ? undefined : 'superadmin@demo.local';
    const base = sampleOf(schemas.body);
    const reqs: Req[] = [];
    if (meta.method !== 'GET') {
      reqs.push(request(name, { body: [] }), request(name, { raw: '"text"' }), request(name, { raw: '{"a":' }));
      for (const f of junkFields.length ? junkFields : ['x']) {
        for (const v of ['a\u0000b', 'x'.repeat(100_000), 'NaN', -0, [], { a: 1 }, [{ a: 1 }]]) {
          // The text "NaN" is junk where a number is expected, not where the schema takes it as a valid value (a nickname).
          if (v === 'NaN' && schemas.body?.safeParse({ ...base, [f]: v }).success) continue;
          reqs.push(request(name, { body: { ...base, [f]: v } }));
        }
        reqs.push(request(name, { raw: JSON.stringify({ ...base, [f]: 0 }).replace(`"${f}":0`, `"${f}":1e999`) }));
      }
    }
    for (const f of queryFields) for (const v of ['a\u0000b', 'x'.repeat(100_000), 'NaN', '1e999']) reqs.push(request(name, { query: { ...sampleOf(schemas.query), [f]: v } }));
    for (const f of paramFields) for (const v of ['a\u0000b', 'x'.repeat(5_000), '1e999']) reqs.push(request(name, { params: { [f]: v } }));
    const before = await stateCounts();
    for (const r of reqs) {
      const res = await send(r, as);
      const label = `${r.method} ${r.url.slice(0, 120)} ${String(r.raw ?? JSON.stringify(r.body) ?? '').slice(0, 120)}`;
      expect(res.statusCode, `${label} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json().messages?.length, label).toBeGreaterThan(0);
      else expect(meta.audit, `${label} answered ${res.statusCode} on junk`).toBeUndefined();
    }
    expect(await stateCounts()).toEqual(before);
  });
});

describe('the table itself', () => {
  it('every PUT and DELETE declares the activity it writes', () => {
    const missing = NAMES.filter((n) => (metaOf(n).method === 'PUT' || metaOf(n).method === 'DELETE') && !metaOf(n).audit);
    expect(missing).toEqual([]);
  });

  it('every change of a staff account drops its cached sessions in every process (invalidates: user)', () => {
    const entity = (n: EndpointName) => (metaOf(n).scope as { entity?: string }).entity;
    const changes = NAMES.filter((n) => metaOf(n).method !== 'GET' && metaOf(n).audit && entity(n) === 'user');
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.filter((n) => metaOf(n).invalidates !== 'user')).toEqual([]);
    expect(NAMES.filter((n) => metaOf(n).invalidates === 'user' && entity(n) !== 'user')).toEqual([]);
  });

  it('every money call is a mutation with an activity', () => {
    expect(NAMES.filter((n) => metaOf(n).money && (metaOf(n).method === 'GET' || !metaOf(n).audit))).toEqual([]);
  });

  it('every JSON endpoint declares its answer schema', () => {
    expect(NAMES.filter((n) => !metaOf(n).binary && !schemasOf(n).response)).toEqual([]);
  });

  /** A demo login the call's access rule allows (the super admin unless the rule names other roles). */
  const callerOf = (n: EndpointName): Login => (DEMO_LOGINS.find((l) => allowed(metaOf(n), perms.get(l.email as Login)!, {}))?.email ?? 'superadmin@demo.local') as Login;

  it('a field only SUPER_ADMIN and ADMIN may send or change, from another role the call admits → 403, nothing changes', async () => {
    type Rule = { superFields?: readonly string[]; superChanges?: { fields: readonly string[]; from: 'record' | Readonly<Record<string, unknown>> } };
    const ruled = NAMES.filter((n) => { const a = metaOf(n).access as Rule; return a.superFields || a.superChanges; });
    let checked = 0;
    for (const n of ruled) {
      const a = metaOf(n).access as Rule;
      // A role other than the super ones the call admits without the fields (none: only super roles reach it, 403 above).
      const who = DEMO_LOGINS.map((l) => l.email as Login).find((e) => !['SUPER_ADMIN', 'ADMIN'].includes(perms.get(e)!.role) && allowed(metaOf(n), perms.get(e)!, {}));
      if (!who) continue;
      const from = a.superChanges && a.superChanges.from !== 'record' ? a.superChanges.from : undefined;
      const sends: Record<string, unknown>[] = [
        ...(a.superFields ?? []).map((f) => ({ [f]: 'x' })),
        ...(from ? a.superChanges!.fields.map((f) => ({ [f]: typeof from[f] === 'boolean' ? !from[f] : `${String(from[f] ?? '')}changed` })) : []),
      ];
      const base = sampleOf(metaOf(n).method === 'GET' ? schemasOf(n).query : schemasOf(n).body);
      for (const extra of sends) {
        const input = { ...base, ...extra };
        const before = await stateCounts();
        const res = await send(request(n, metaOf(n).method === 'GET' ? { query: input } : { body: input }), who);
        expect(res.statusCode, `${n} ${JSON.stringify(extra)} as ${who}: ${res.body.slice(0, 200)}`).toBe(403);
        expect(res.json().messages).toEqual([MSG.NO_PERMISSION]);
        expect(await stateCounts()).toEqual(before);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('a money call without an Idempotency-Key answers 400 with the platform message', async () => {
    const money = NAMES.filter((n) => metaOf(n).money);
    for (const n of money) {
      const r = request(n, { body: {} });
      delete r.headers['idempotency-key'];
      const res = await send(r, callerOf(n));
      expect(res.statusCode, n).toBe(400);
      expect(res.json().status, n).toBe('IDEMPOTENCY_KEY_REQUIRED');
      expect(res.json().messages, n).toEqual([PLATFORM_MESSAGES.IDEMPOTENCY_KEY_REQUIRED]);
    }
  });

  it('a money call with a malformed Idempotency-Key (too short, too long) answers 400 before anything runs', async () => {
    for (const n of NAMES.filter((x) => metaOf(x).money)) {
      for (const key of ['short', 'k'.repeat(129)]) {
        const r = request(n, { body: {} });
        r.headers['idempotency-key'] = key;
        const res = await send(r, callerOf(n));
        expect(res.statusCode, `${n} ${key.length}`).toBe(400);
        expect(res.json().messages, n).toEqual([PLATFORM_MESSAGES.IDEMPOTENCY_KEY_INVALID]);
      }
    }
  });
});
