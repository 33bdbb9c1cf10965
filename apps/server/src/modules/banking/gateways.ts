import { and, eq, inArray } from 'drizzle-orm';
import {
  BANKING_MESSAGES, PAYMENT_MESSAGES, TOPUP_MESSAGES, cmpDec, testDepositSettings, type ExchangeRates, type GatewayDirection,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { currencyRates, paymentGateways } from '../../db/schema.js';
import { badRequest, notFound, ok } from '../../lib/http.js';
import { loadOperators, operatorTitles } from '../../lib/scope.js';
import type { Handler, Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import { crossRate, rateUnits } from './common.js';

type Gateway = typeof paymentGateways.$inferSelect;

const view = (g: Gateway) => ({
  uuid: g.uuid, opId: g.opId, direction: g.direction as GatewayDirection, provider: g.provider, title: g.title, currencies: g.currencies,
  minAmount: g.minAmount, maxAmount: g.maxAmount, feePercentage: g.feePercentage, isActive: g.isActive, isDeleted: g.isDeleted,
  order: g.order, config: g.config, createdAt: g.createdAt.toISOString(), updatedAt: g.updatedAt.toISOString(),
});

/**
 * A gateway the endpoint layer found in the caller's scope (its page checked by the table's
 * access rule) is usable only while not deleted and, when the call names one, of that direction.
 */
function live<G extends Gateway | undefined>(g: G, direction?: GatewayDirection): G {
  if (g && (g.isDeleted || (direction && g.direction !== direction))) throw notFound(BANKING_MESSAGES.GATEWAY_NOT_FOUND);
  return g;
}

async function ratesOf(db: Db, currencies: string[]): Promise<Map<string, string>> {
  if (!currencies.length) return new Map();
  const rows = await db.select().from(currencyRates).where(inArray(currencyRates.currency, currencies));
  return new Map(rows.map((r) => [r.currency, r.rateToUsd]));
}

/** Delete a deposit / withdraw gateway (soft: isDeleted). */
const remove = (direction: GatewayDirection): Handler<'banking.depositGatewayDelete' | 'banking.withdrawGatewayDelete'> =>
  async ({ db, found, audit }) => {
    const g = live(found, direction);
    return db.transaction(async (tx) => {
      const [gone] = await tx.update(paymentGateways).set({ isDeleted: true, isActive: false, updatedAt: new Date() })
        .where(and(eq(paymentGateways.uuid, g.uuid), eq(paymentGateways.isDeleted, false))).returning();
      if (!gone) throw notFound(BANKING_MESSAGES.GATEWAY_NOT_FOUND);
      await audit(tx as unknown as Db, { targetType: 'gateway', targetId: g.uuid, opId: g.opId, before: view(g), after: { isDeleted: true } });
      return ok({ uuid: g.uuid }, [PAYMENT_MESSAGES.GATEWAY_DELETED]);
    });
  };

export const gatewayHandlers: Handlers<
  | 'banking.gatewaysList' | 'banking.gatewayGet' | 'banking.gatewayUpdate' | 'banking.depositGatewayDelete' | 'banking.withdrawGatewayDelete'
  | 'banking.depositExchangeRates' | 'banking.depositTestSettings'
> = {
  /** Deposit and withdraw gateways (V1 and V2 pages read the same list), by operator, then order and provider. */
  'banking.gatewaysList': async (ctx) => { const titleOf = await operatorTitles(ctx.db); return ok(await list(ctx, {
    rows: (select) => select({ g: paymentGateways }).from(paymentGateways),
    scope: paymentGateways.opId,
    where: () => eq(paymentGateways.isDeleted, false),
    filters: { direction: match.eq(paymentGateways.direction), provider: match.eq(paymentGateways.provider), isActive: match.bool(paymentGateways.isActive) },
    sort: {
      keys: { order: [paymentGateways.opId, paymentGateways.order, paymentGateways.provider] }, default: 'order', dir: 'asc', tiebreak: paymentGateways.uuid,
    },
    map: ({ g }) => ({ ...view(g), ...titleOf(g.opId) }),
  })); },

  'banking.gatewayGet': async ({ db, found }) => ok({ ...view(live(found)), ...(await operatorTitles(db))(found.opId) }),

  /** Edit a gateway: title, currencies, min/max (decimal strings, min ≤ max), fee 0-100, active, order. */
  'banking.gatewayUpdate': async ({ db, body: b, found, audit }) => {
    const g = live(found);
    const minAmount = b.minAmount ?? g.minAmount;
    const maxAmount = b.maxAmount ?? g.maxAmount;
    if (cmpDec(minAmount, maxAmount) > 0) throw badRequest(BANKING_MESSAGES.GATEWAY_MIN_MAX);
    if (b.currencies) {
      const op = (await loadOperators(db)).byId.get(g.opId);
      const allowed = new Set(['USD', ...(op?.allowedCurrencies ?? [])]);
      const bad = b.currencies.find((c) => !allowed.has(c));
      if (bad) throw badRequest(BANKING_MESSAGES.GATEWAY_CURRENCY_NOT_ALLOWED(bad));
    }
    return db.transaction(async (tx) => {
      const [updated] = await tx.update(paymentGateways).set({
        ...(b.title ? { title: b.title } : {}), ...(b.currencies ? { currencies: [...new Set(b.currencies)] } : {}),
        minAmount, maxAmount, ...(b.feePercentage !== undefined ? { feePercentage: b.feePercentage } : {}),
        ...(b.isActive !== undefined ? { isActive: b.isActive } : {}), ...(b.order !== undefined ? { order: b.order } : {}),
        updatedAt: new Date(),
      }).where(and(eq(paymentGateways.uuid, g.uuid), eq(paymentGateways.isDeleted, false))).returning();
      if (!updated) throw notFound(BANKING_MESSAGES.GATEWAY_NOT_FOUND);
      await audit(tx as unknown as Db, { targetType: 'gateway', targetId: g.uuid, opId: g.opId, before: view(g), after: view(updated) });
      return ok({ ...view(updated), ...(await operatorTitles(db))(updated.opId) }, [BANKING_MESSAGES.GATEWAY_UPDATED]);
    });
  },

  'banking.depositGatewayDelete': remove('DEPOSIT'),
  'banking.withdrawGatewayDelete': remove('WITHDRAW'),

  /**
   * Exchange rates between the player's wallet currencies and the gateway's currencies, from
   * currency_rates: rates[to] = units of `to` per unit of the wallet currency, truncated to 12 places.
   */
  'banking.depositExchangeRates': async ({ db, body: b, found }) => {
    const g = live(found, 'DEPOSIT');
    const gatewayAuto = g ? (g.config as { autoRate?: boolean }).autoRate !== false : null;
    const rates = await ratesOf(db, [...new Set([...b.playerWalletCurrencies, ...b.gatewayCurrencies])]);
    const out: ExchangeRates = {};
    for (const from of b.playerWalletCurrencies) {
      const fr = rates.get(from);
      const entry: ExchangeRates[string] = { autoRate: fr !== undefined && gatewayAuto !== false, rates: {} };
      if (fr !== undefined) {
        for (const to of b.gatewayCurrencies) {
          const tr = rates.get(to);
          if (tr !== undefined && rateUnits(tr) > 0n) entry.rates[to] = crossRate(fr, tr);
        }
      }
      out[from] = entry;
    }
    return ok(out);
  },

  /** "Test Your Settings": fee, amount after fee, USD value, and whether within the gateway limits (in USD). */
  'banking.depositTestSettings': async ({ db, body: b, found }) => {
    const g = live(found, 'DEPOSIT');
    if (!g.currencies.includes(b.currency)) throw badRequest(BANKING_MESSAGES.GATEWAY_CURRENCY_NOT_ACCEPTED(b.currency));
    const rate = (await ratesOf(db, [b.currency])).get(b.currency);
    if (rate === undefined) throw badRequest(TOPUP_MESSAGES.UNKNOWN_CURRENCY(b.currency));
    return ok(testDepositSettings({ gatewayUuid: g.uuid, feePercentage: g.feePercentage, minAmount: g.minAmount, maxAmount: g.maxAmount }, b.amount, b.currency, rate));
  },
};
