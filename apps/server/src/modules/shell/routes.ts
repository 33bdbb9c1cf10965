import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  DROPPED_RATE_CURRENCIES, MSG, PRODUCT_VERSION, ROUTES, can, isGlobalRole, type OperatorSummary,
} from '@pitboss/contract';
import { bankAccounts, currencyRates, kycRecords, notifications, tooltips, transactions, usernameRequests } from '../../db/schema.js';
import { ok, notFound } from '../../lib/http.js';
import { currentUser } from '../../lib/context.js';
import { allowedOperators, loadOperators, resolveScope, type OperatorRow } from '../../lib/scope.js';
import { BADGE_COUNT_CAP, inScope } from '../../lib/query.js';
import { toPublicUser } from '../auth/routes.js';

const summary = (o: OperatorRow): OperatorSummary => ({
  opId: o.opId, title: o.title, parentOpId: o.parentOpId, isBrand: !!o.parentOpId, isCmsDefault: o.isCmsDefault,
  allowedCurrencies: o.allowedCurrencies, allowedLangs: o.allowedLangs,
});

const scopeQuery = z.object({ opId: z.string().optional(), includeBrands: z.enum(['true', 'false']).optional() });

export async function shellRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** The user and the operators they can pick in the selector. */
  r.get('/api/users/me', { config: { permission: '' } }, async (req) => {
    const me = currentUser(req);
    const allowed = await allowedOperators(db, me);
    const { rows } = await loadOperators(db);
    const ops = rows.filter((o) => !allowed || allowed.has(o.opId)).map(summary);
    return ok({ user: toPublicUser(me), operators: ops });
  });

  r.post('/api/operators/me', { config: { permission: '' } }, async (req) => {
    const me = currentUser(req);
    if (!me.opId) return ok(null);
    const { byId } = await loadOperators(db);
    const o = byId.get(me.opId);
    return ok(o ? summary(o) : null);
  });

  r.post('/api/operators/show', { schema: { body: z.object({ opId: z.string().min(1, MSG.OPERATOR_NOT_FOUND) }) }, config: { permission: '' } }, async (req) => {
    const me = currentUser(req);
    await resolveScope(db, me, { opId: req.body.opId });
    const o = (await loadOperators(db)).byId.get(req.body.opId);
    if (!o) throw notFound(MSG.OPERATOR_NOT_FOUND);
    const settings = (o.settings ?? {}) as Record<string, unknown>;
    return { status: 'OK', ...ok({ ...summary(o), settings, limits: { dailyTopupLimitInUSD: o.dailyTopupLimitInUsd } }) };
  });

  /** The menu: built routes the user holds the permission slug of, grouped. */
  r.get('/api/operators/menu-list', { config: { permission: '' } }, async (req) => {
    const me = currentUser(req);
    const items = ROUTES.filter((x) => x.built && x.nav && can(me.permissionSet, x.slug)).map((x) => ({ path: x.path, title: x.title, group: x.group, badge: x.badge ?? null }));
    return ok(items);
  });

  /** Count badges (polled every 10 s; not for partners). Counts are bounded by BADGE_COUNT_CAP. */
  r.get('/api/admin/badges', { schema: { querystring: scopeQuery }, config: { permission: '' } }, async (req) => {
    const me = currentUser(req);
    if (me.role === 'PARTNER') return ok({});
    const scope = await resolveScope(db, me, { opId: req.query.opId, includeBrands: req.query.includeBrands === 'true' });
    const bounded = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
    const kyc = await bounded(db.select({ n: sql<number>`count(*)::int` }).from(
      db.select({ one: sql`1` }).from(kycRecords).where(and(eq(kycRecords.status, 'PENDING'), inScope(kycRecords.opId, scope))).limit(BADGE_COUNT_CAP).as('k')));
    const usernames = await bounded(db.select({ n: sql<number>`count(*)::int` }).from(
      db.select({ one: sql`1` }).from(usernameRequests).where(and(eq(usernameRequests.status, 'PENDING'), inScope(usernameRequests.opId, scope))).limit(BADGE_COUNT_CAP).as('u')));
    const pendingTx = (type: string) => bounded(db.select({ n: sql<number>`count(*)::int` }).from(
      db.select({ one: sql`1` }).from(transactions).where(and(eq(transactions.transactionType, type), eq(transactions.status, 'PENDING'), eq(transactions.isDeleted, false), inScope(transactions.opId, scope))).limit(BADGE_COUNT_CAP).as('t')));
    const withdraw = await pendingTx('WITHDRAW');
    const deposit = await pendingTx('DEPOSIT');
    const cashback = await pendingTx('CASHBACK');
    const affProfit = await pendingTx('AFFILIATE');
    const bankAccs = await bounded(db.select({ n: sql<number>`count(*)::int` }).from(
      db.select({ one: sql`1` }).from(bankAccounts).where(and(eq(bankAccounts.status, 'pending'), eq(bankAccounts.isDeleted, false), inScope(bankAccounts.opId, scope))).limit(BADGE_COUNT_CAP).as('b')));
    const badges: Record<string, number> = {};
    if (can(me.permissionSet, 'withdraw_pending')) badges.withdraw = withdraw;
    if (can(me.permissionSet, 'deposit_pending')) badges.deposit = deposit;
    if (can(me.permissionSet, 'transactions_pending_cashback')) badges.cashback = cashback;
    if (can(me.permissionSet, 'transactions_pending_affiliate_profit')) badges.affProfit = affProfit;
    if (can(me.permissionSet, 'withdraw_bank_accounts')) badges.bankAccounts = bankAccs;
    if (can(me.permissionSet, 'documentsV2')) badges.kyc = kyc;
    if (can(me.permissionSet, 'players_usernames')) badges.playerUsernames = usernames;
    return ok(badges);
  });

  r.get('/api/general/notifications', { config: { permission: '' } }, async (req) => {
    const me = currentUser(req);
    const allowed = await allowedOperators(db, me);
    const rows = await db.select().from(notifications)
      .where(allowed ? or(eq(notifications.opId, '*'), inArray(notifications.opId, [...allowed])) : undefined)
      .orderBy(desc(notifications.createdAt)).limit(20);
    return ok(rows);
  });

  r.get('/api/tooltips', { schema: { querystring: scopeQuery }, config: { permission: '' } }, async (req) => {
    const me = currentUser(req);
    const scope = await resolveScope(db, me, { opId: req.query.opId });
    const rows = await db.select().from(tooltips).where(or(eq(tooltips.opId, '*'), scope ? inArray(tooltips.opId, scope) : undefined));
    const map: Record<string, string> = {};
    for (const t of rows.sort((a, b) => (a.opId === '*' ? -1 : 1) - (b.opId === '*' ? -1 : 1))) map[t.key] = t.text;
    return ok(map);
  });

  /** Exchange rates to USD (the IRR rate is dropped from the feed). */
  r.get('/api/rates', { config: { permission: '' } }, async () => {
    const rows = await db.select().from(currencyRates);
    const rates: Record<string, string> = {};
    for (const x of rows) if (!(DROPPED_RATE_CURRENCIES as readonly string[]).includes(x.currency)) rates[x.currency] = x.rateToUsd;
    return ok({ base: 'USD', rates, updatedAt: rows.reduce((m, x) => (x.updatedAt > m ? x.updatedAt : m), new Date(0)).toISOString() });
  });

  r.get('/api/general', { config: { permission: '' } }, async (req) => {
    const me = currentUser(req);
    return ok({ version: PRODUCT_VERSION, dbKind: app.dbKind, serverTime: new Date().toISOString(), isGlobal: isGlobalRole(me.role) });
  });
}
