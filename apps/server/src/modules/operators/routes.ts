/**
 * Operators and brands (000 §2.1, 002 §3–§7): the operators and brands lists, an operator's
 * affiliates and cashback settings, activation and the operator ⇄ brand transformation.
 * Tenancy, permissions, the activity record and the drop of every process's operator and
 * session caches come from the endpoint table (`record('operator', 'opId')`, `invalidates:
 * 'operators'`): another operator's id is not found, whatever is sent.
 *
 * A transformation locks the operator and its new parent (in opId order, so two of them never
 * wait on each other) and checks the rules again under the lock: two staff transforming A into
 * a brand of B and B into a brand of A at once cannot both succeed, nor can an operator become
 * a brand while another becomes its brand.
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  FOUR_EYES_MESSAGES, OPERATOR_MESSAGES, OPERATOR_TYPE_KIND, affiliateSettings, cashbackSettings, topupCurrenciesOf,
  type OperatorStatus, type OperatorType, type ParsedBodyOf,
} from '@pitboss/contract';
import { operators } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, ok } from '../../lib/http.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match, type ListCtx } from '../../platform/list.js';

const parent = alias(operators, 'parent_op');

type OperatorsQuery = ParsedBodyOf<'operators.brandsList'> & { type?: OperatorType };

/**
 * One page of operators by title (or newest first), within the caller's operators. The brands
 * count is a correlated count over the parent index of the operators table (a few rows per
 * operator); players are not counted here (no roll-up holds them, and a count of the players
 * table has no place on a request path).
 */
function operatorsPage(ctx: ListCtx<OperatorsQuery>, kind?: string) {
  return list(ctx, {
    rows: (select) => select({
      o: operators,
      parentOpTitle: parent.title,
      brandsCount: sql<number>`(select count(*)::int from operators b where b.parent_op_id = ${operators.opId} and b.kind = 'BRAND')`,
    }).from(operators).leftJoin(parent, eq(parent.opId, operators.parentOpId)),
    scope: operators.opId,
    filters: {
      type: (t: OperatorType) => eq(operators.kind, OPERATOR_TYPE_KIND[t]),
      status: match.eq(operators.status),
      parentOpId: match.eq(operators.parentOpId),
      search: (v: string, q, env) => or(match.contains(operators.title)(v, q, env), match.contains(operators.opId)(v, q, env)),
    },
    where: () => (kind ? eq(operators.kind, kind) : undefined),
    sort: { keys: { title: operators.title, createdAt: operators.createdAt }, default: 'title', dir: 'asc', tiebreak: operators.opId },
    map: (x) => ({
      opId: x.o.opId, title: x.o.title, kind: x.o.kind, parentOpId: x.o.parentOpId, parentOpTitle: x.parentOpTitle,
      status: x.o.status, brandsCount: Number(x.brandsCount), createdAt: x.o.createdAt.toISOString(),
    }),
  });
}

type OperatorRecord = typeof operators.$inferSelect;

/** The operators named, locked for the rest of the transaction (in opId order). */
async function lockOperators(tx: Db, ids: string[]): Promise<Map<string, OperatorRecord>> {
  const rows = await tx.select().from(operators).where(inArray(operators.opId, ids)).orderBy(operators.opId).for('update');
  return new Map(rows.map((r) => [r.opId, r]));
}

/** An operator's time zone in effect, read now (not from the cache a change is about to drop): its own, its parent's, else UTC. */
async function effectiveTimeZone(db: Db, o: { timeZone: string | null; parentOpId: string | null }): Promise<string> {
  if (o.timeZone) return o.timeZone;
  if (!o.parentOpId) return 'UTC';
  const [p] = await db.select({ tz: operators.timeZone }).from(operators).where(eq(operators.opId, o.parentOpId)).limit(1);
  return p?.tz ?? 'UTC';
}

const isParentOperator = (o: OperatorRecord) => o.kind === 'OPERATOR' && !o.parentOpId;

export const operatorHandlers: Handlers<
  'operators.list' | 'operators.brandsList' | 'operators.settings' | 'operators.fourEyes' | 'operators.timeZone' | 'operators.topupCurrencies' | 'operators.status' | 'operators.transform' | 'operators.transformBrand'
> = {
  /** `type` parent or brand (the page's chips), status, parent, text; operator staff see their own operators only. */
  'operators.list': async (ctx) => ok(await operatorsPage(ctx)),

  /** The brands only (the /brands page). */
  'operators.brandsList': async (ctx) => ok(await operatorsPage(ctx, 'BRAND')),

  /** The affiliates and cashback sections of the operator's settings (null when it has none or they do not read). */
  'operators.settings': async ({ db, found: o }) => {
    const s = (o.settings ?? {}) as Record<string, unknown>;
    const aff = affiliateSettings.safeParse(s.affiliates);
    const cb = cashbackSettings.safeParse(s.cashback);
    return ok({ opId: o.opId, affiliates: aff.success ? aff.data : null, cashback: cb.success ? cb.data : null, fourEyesThresholdInUSD: o.fourEyesThresholdUsd,
      timeZone: o.timeZone, effectiveTimeZone: await effectiveTimeZone(db, o) });
  },

  /** The operator's time zone (its bonus release periods begin at midnight there); empty clears it. */
  'operators.timeZone': async ({ db, body, found: o, audit }) => {
    const value = body.timeZone === '' ? null : body.timeZone;
    const saved = await db.transaction(async (tx) => {
      const [before] = await tx.select({ v: operators.timeZone }).from(operators).where(eq(operators.opId, o.opId)).for('update');
      const [row] = await tx.update(operators).set({ timeZone: value }).where(eq(operators.opId, o.opId)).returning();
      await audit(tx, { before: { timeZone: before?.v ?? null }, after: { timeZone: row?.timeZone ?? null } });
      return row!;
    });
    return ok({ opId: o.opId, timeZone: saved.timeZone, effectiveTimeZone: await effectiveTimeZone(db, saved) },
      [saved.timeZone === null ? OPERATOR_MESSAGES.TIME_ZONE_CLEARED : OPERATOR_MESSAGES.TIME_ZONE_SAVED]);
  },

  /**
   * The operator's additional top-up currencies (001 §3 extraData.additionalTopupCurrencies; top-ups
   * are in USD plus these, §9): each one of its allowed currencies other than USD, kept in the order
   * sent without repeats. The activity records the list before and after.
   */
  'operators.topupCurrencies': async ({ body, found: o, db, audit }) => {
    const wanted = [...new Set(body.additionalTopupCurrencies)];
    if (wanted.includes('USD')) throw badRequest(OPERATOR_MESSAGES.TOPUP_CURRENCY_USD);
    const others = o.allowedCurrencies.filter((c) => c !== 'USD');
    const bad = wanted.find((c) => !o.allowedCurrencies.includes(c));
    if (bad) throw badRequest(OPERATOR_MESSAGES.TOPUP_CURRENCY_NOT_ALLOWED(bad, others));
    const saved = await db.transaction(async (tx) => {
      const [before] = await tx.select({ v: operators.additionalTopupCurrencies }).from(operators).where(eq(operators.opId, o.opId)).for('update');
      const [row] = await tx.update(operators).set({ additionalTopupCurrencies: wanted }).where(eq(operators.opId, o.opId)).returning();
      await audit(tx, { before: { additionalTopupCurrencies: before?.v ?? [] }, after: { additionalTopupCurrencies: row!.additionalTopupCurrencies } });
      return row!;
    });
    return ok({ opId: o.opId, extraData: { additionalTopupCurrencies: saved.additionalTopupCurrencies }, topupCurrencies: topupCurrenciesOf(saved) },
      [OPERATOR_MESSAGES.TOPUP_CURRENCIES_SAVED]);
  },

  /** The four-eyes threshold (USD, exact; null: off). The activity records the value before and after. */
  'operators.fourEyes': async ({ db, body, found: o, audit }) => {
    const value = body.thresholdInUSD;
    const saved = await db.transaction(async (tx) => {
      const [before] = await tx.select({ v: operators.fourEyesThresholdUsd }).from(operators).where(eq(operators.opId, o.opId)).for('update');
      const [row] = await tx.update(operators).set({ fourEyesThresholdUsd: value }).where(eq(operators.opId, o.opId)).returning({ v: operators.fourEyesThresholdUsd });
      await audit(tx, { before: { fourEyesThresholdInUSD: before?.v ?? null }, after: { fourEyesThresholdInUSD: row?.v ?? null } });
      return row?.v ?? null;
    });
    return ok({ opId: o.opId, fourEyesThresholdInUSD: saved }, [saved === null ? FOUR_EYES_MESSAGES.THRESHOLD_CLEARED : FOUR_EYES_MESSAGES.THRESHOLD_SAVED]);
  },

  /** Activate or deactivate (a conditional update: of two staff doing the same, one applies it). */
  'operators.status': async ({ db, body, found: o, audit }) => {
    const status: OperatorStatus = body.status;
    const active = status === 'ACTIVE';
    if (!active && o.kind === 'CMS_DEFAULT') throw badRequest(OPERATOR_MESSAGES.CMS_DEFAULT_STAYS_ACTIVE);
    const done = await db.transaction(async (tx) => {
      const upd = await tx.update(operators).set({ status })
        .where(and(eq(operators.opId, o.opId), ne(operators.status, status))).returning({ opId: operators.opId });
      if (!upd.length) return false;
      await audit(tx, { action: active ? 'OPERATOR_ACTIVATE' : 'OPERATOR_DEACTIVATE', before: { status: o.status }, after: { status } });
      return true;
    });
    if (!done) throw conflict(active ? OPERATOR_MESSAGES.ALREADY_ACTIVE : OPERATOR_MESSAGES.ALREADY_INACTIVE);
    return ok({ opId: o.opId, status }, [active ? OPERATOR_MESSAGES.ACTIVATED : OPERATOR_MESSAGES.DEACTIVATED]);
  },

  /**
   * Operator → brand of `parentOpId` (002 §4–§5): the operator is a parent operator without
   * brands or partners; the parent is another parent operator (not a brand, partner or the CMS
   * default), and ACTIVE.
   */
  'operators.transform': async ({ db, body, found: o, audit }) => {
    if (body.parentOpId === o.opId) throw badRequest(OPERATOR_MESSAGES.NOT_ITSELF);
    const after = await db.transaction(async (tx) => {
      const locked = await lockOperators(tx, [o.opId, body.parentOpId]);
      const me = locked.get(o.opId);
      const p = locked.get(body.parentOpId);
      if (!me || !isParentOperator(me)) throw conflict(OPERATOR_MESSAGES.NOT_AN_OPERATOR);
      if (!p) throw badRequest(OPERATOR_MESSAGES.PARENT_NOT_FOUND);
      if (!isParentOperator(p)) throw badRequest(OPERATOR_MESSAGES.PARENT_NOT_PARENT);
      if (p.status !== 'ACTIVE') throw badRequest(OPERATOR_MESSAGES.PARENT_INACTIVE);
      const [child] = await tx.select({ opId: operators.opId }).from(operators).where(eq(operators.parentOpId, me.opId)).limit(1);
      if (child) throw conflict(OPERATOR_MESSAGES.HAS_BRANDS);
      await tx.update(operators).set({ kind: 'BRAND', parentOpId: p.opId }).where(eq(operators.opId, me.opId));
      const view = { opId: me.opId, kind: 'BRAND', parentOpId: p.opId, parentOpTitle: p.title };
      await audit(tx, { before: { kind: me.kind, parentOpId: null, parentOpTitle: null }, after: { kind: view.kind, parentOpId: view.parentOpId, parentOpTitle: view.parentOpTitle } });
      return view;
    });
    return ok(after, [OPERATOR_MESSAGES.TO_BRAND_DONE(o.title, after.parentOpTitle)]);
  },

  /** Brand → operator (002 §4): the brand leaves its parent and becomes a parent operator. */
  'operators.transformBrand': async ({ db, found: o, audit }) => {
    const after = await db.transaction(async (tx) => {
      const me = (await lockOperators(tx, [o.opId])).get(o.opId);
      if (!me || me.kind !== 'BRAND' || !me.parentOpId) throw conflict(OPERATOR_MESSAGES.NOT_A_BRAND);
      const [p] = await tx.select({ title: operators.title }).from(operators).where(eq(operators.opId, me.parentOpId));
      await tx.update(operators).set({ kind: 'OPERATOR', parentOpId: null }).where(eq(operators.opId, me.opId));
      const view = { opId: me.opId, kind: 'OPERATOR', parentOpId: null, parentOpTitle: null };
      await audit(tx, { before: { kind: me.kind, parentOpId: me.parentOpId, parentOpTitle: p?.title ?? null }, after: { kind: view.kind, parentOpId: null, parentOpTitle: null } });
      return view;
    });
    return ok(after, [OPERATOR_MESSAGES.TO_OPERATOR_DONE(o.title)]);
  },
};
