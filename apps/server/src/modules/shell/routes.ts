import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { DROPPED_RATE_CURRENCIES, LIVE_RETRY_MS, PRODUCT_VERSION, ROUTES, can, isGlobalRole, mayOpenRoute, type DataOf, type OperatorSummary } from '@pitboss/contract';
import { bankAccounts, currencyRates, kycRecords, notifications, supportTickets, tooltips, transactions, usernameRequests } from '../../db/schema.js';
import { ok } from '../../lib/http.js';
import { allowedOperators, loadOperators, type OperatorRow } from '../../lib/scope.js';
import { BADGE_COUNT_CAP, inScope } from '../../lib/query.js';
import type { Handlers } from '../../platform/endpoints.js';
import { toPublicUser } from '../auth/routes.js';
import { SESSION_COOKIE, userFromToken } from '../auth/service.js';
import { streamEvents, topicsOf } from '../../lib/live-events.js';

const summary = (o: Pick<OperatorRow, 'opId' | 'title' | 'parentOpId' | 'isCmsDefault' | 'allowedCurrencies' | 'allowedLangs' | 'kind' | 'status'>): OperatorSummary => ({
  opId: o.opId, title: o.title, parentOpId: o.parentOpId, isBrand: !!o.parentOpId, isCmsDefault: o.isCmsDefault,
  allowedCurrencies: o.allowedCurrencies, allowedLangs: o.allowedLangs, kind: o.kind, status: o.status,
});

type ShellEndpoint = 'shell.events' | 'shell.me' | 'shell.myOperator' | 'shell.operator' | 'shell.menu' | 'shell.badges' | 'shell.notifications' | 'shell.tooltips' | 'shell.rates' | 'shell.general' | 'shell.health';

export const shellHandlers: Handlers<ShellEndpoint> = {
  /** A browser's EventSource (Accept: text/event-stream) gets the stream; any other caller the topics it would carry. */
  'shell.events': async ({ db, user, req, reply }) => {
    if (!String(req.headers.accept ?? '').includes('text/event-stream')) return ok({ topics: topicsOf(user), retryMs: LIVE_RETRY_MS });
    const token = req.cookies[SESSION_COOKIE];
    const stillValid = async () => {
      const u = token ? await userFromToken(db, token) : null;
      return !!u && !u.isBlocked && u.id === user.id;
    };
    await streamEvents(db, req, reply, user, stillValid);
    return undefined;
  },

  /** The user and the operators they can pick in the selector. */
  'shell.me': async ({ db, user }) => {
    const allowed = await allowedOperators(db, user);
    const { rows } = await loadOperators(db);
    const ops = rows.filter((o) => !allowed || allowed.has(o.opId)).map(summary);
    return ok({ user: toPublicUser(user), operators: ops });
  },

  'shell.myOperator': async ({ db, user }) => {
    if (!user.opId) return ok(null);
    const { byId } = await loadOperators(db);
    const o = byId.get(user.opId);
    return ok(o ? summary(o) : null);
  },

  'shell.operator': async ({ db, found: o }) => {
    const settings = (o.settings ?? {}) as Record<string, unknown>;
    const { rows, byId } = await loadOperators(db);
    const parentOpTitle = o.parentOpId ? byId.get(o.parentOpId)?.title ?? null : null;
    const childrenCount = rows.filter((r) => r.parentOpId === o.opId).length;
    return {
      status: 'OK',
      ...ok({
        ...summary(o), kind: o.kind, status: o.status, parentOpTitle, childrenCount, createdAt: o.createdAt.toISOString(),
        settings, limits: { dailyTopupLimitInUSD: o.dailyTopupLimitInUsd },
        extraData: { additionalTopupCurrencies: o.additionalTopupCurrencies },
      }),
    };
  },

  /** The menu: built routes the user holds the permission slug of, grouped. */
  'shell.menu': async ({ user }) =>
    ok(ROUTES.filter((x) => x.built && x.nav && mayOpenRoute({ role: user.role, permissions: user.permissionSet }, x) && (!user.twoFactorSetupRequired || x.path === '/user/profile'))
      .map((x) => ({ path: x.path, title: x.title, group: x.group, badge: x.badge ?? null }))),

  /** Count badges (polled every 10 s; not for partners). Counts are bounded by BADGE_COUNT_CAP. */
  'shell.badges': async ({ db, user, scope }) => {
    if (user.role === 'PARTNER') return ok({});
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
    const tickets = await bounded(db.select({ n: sql<number>`count(*)::int` }).from(
      db.select({ one: sql`1` }).from(supportTickets).where(and(sql`${supportTickets.status} in ('NEW', 'PENDING')`, inScope(supportTickets.opId, scope))).limit(BADGE_COUNT_CAP).as('s')));
    const badges: DataOf<'shell.badges'> = {};
    if (can(user.permissionSet, 'support')) badges.tickets = tickets;
    if (can(user.permissionSet, 'withdraw_pending')) badges.withdraw = withdraw;
    if (can(user.permissionSet, 'deposit_pending')) badges.deposit = deposit;
    if (can(user.permissionSet, 'transactions_pending_cashback')) badges.cashback = cashback;
    if (can(user.permissionSet, 'transactions_pending_affiliate_profit')) badges.affProfit = affProfit;
    if (can(user.permissionSet, 'withdraw_bank_accounts')) badges.bankAccounts = bankAccs;
    if (can(user.permissionSet, 'documentsV2')) badges.kyc = kyc;
    if (can(user.permissionSet, 'players_usernames')) badges.playerUsernames = usernames;
    return ok(badges);
  },

  /** The latest notifications: the global ones ('*') and those of the user's operators. */
  'shell.notifications': async ({ db, scope }) => {
    const rows = await db.select().from(notifications)
      .where(scope ? or(eq(notifications.opId, '*'), inScope(notifications.opId, scope)) : undefined)
      .orderBy(desc(notifications.createdAt)).limit(20);
    return ok(rows.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })));
  },

  /** The default tooltips ('*'), overridden by those of the selected operator. */
  'shell.tooltips': async ({ db, scope }) => {
    const rows = await db.select().from(tooltips).where(or(eq(tooltips.opId, '*'), scope ? inArray(tooltips.opId, scope) : undefined));
    const map: Record<string, string> = {};
    for (const t of rows.sort((a, b) => (a.opId === '*' ? -1 : 1) - (b.opId === '*' ? -1 : 1))) map[t.key] = t.text;
    return ok(map);
  },

  /** Exchange rates to USD (the IRR rate is dropped from the feed). */
  'shell.rates': async ({ db }) => {
    const rows = await db.select().from(currencyRates);
    const rates: Record<string, string> = {};
    for (const x of rows) if (!(DROPPED_RATE_CURRENCIES as readonly string[]).includes(x.currency)) rates[x.currency] = x.rateToUsd;
    return ok({ base: 'USD', rates, updatedAt: rows.reduce((m, x) => (x.updatedAt > m ? x.updatedAt : m), new Date(0)).toISOString() });
  },

  'shell.general': async ({ req, user }) =>
    ok({ version: PRODUCT_VERSION, dbKind: req.server.dbKind, serverTime: new Date().toISOString(), isGlobal: isGlobalRole(user.role) }),

  /** Liveness (no session): the server answers; `db` says whether the database does. */
  'shell.health': async ({ db }) => {
    let state: 'ok' | 'error' = 'ok';
    try { await db.execute(sql`select 1`); } catch { state = 'error'; }
    return ok({ status: 'ok' as const, db: state });
  },
};
