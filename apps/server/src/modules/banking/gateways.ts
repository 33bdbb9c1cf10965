import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  BANKING_MESSAGES, PAYMENT_MESSAGES, cmpDec, exchangeRatesBody, fromUnits, gatewayDeleteBody, gatewayEditBody, gatewayTestBody,
  gatewaysListBody, subDec, toUnits, type ExchangeRates,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { currencyRates, paymentGateways } from '../../db/schema.js';
import { badRequest, notFound, ok } from '../../lib/http.js';
import { assertInScope, loadOperators, resolveScope } from '../../lib/scope.js';
import { inScope, pageOf } from '../../lib/query.js';
import { audit } from '../../lib/audit.js';
import { toUsd } from '../wallet/ledger.js';
import { DEPOSIT_GATEWAY_PAGES, UUID_RE, WITHDRAW_GATEWAY_PAGES, crossRate, gatewayPages, rateUnits, requireAny } from './common.js';

type Gateway = typeof paymentGateways.$inferSelect;
const ANY_GATEWAY_PAGE = [...DEPOSIT_GATEWAY_PAGES, ...WITHDRAW_GATEWAY_PAGES];

const view = (g: Gateway) => ({
  uuid: g.uuid, opId: g.opId, direction: g.direction, provider: g.provider, title: g.title, currencies: g.currencies,
  minAmount: g.minAmount, maxAmount: g.maxAmount, feePercentage: g.feePercentage, isActive: g.isActive, isDeleted: g.isDeleted,
  order: g.order, config: g.config, createdAt: g.createdAt.toISOString(), updatedAt: g.updatedAt.toISOString(),
});

/** A non-deleted gateway the caller may see and whose page they hold (404 / 403 otherwise). */
async function visibleGateway(db: Db, req: FastifyRequest, uuid: string, direction?: string): Promise<Gateway> {
  const me = requireAny(req, direction ? gatewayPages(direction) : ANY_GATEWAY_PAGE);
  if (!UUID_RE.test(uuid)) throw notFound(BANKING_MESSAGES.GATEWAY_NOT_FOUND);
  const [g] = await db.select().from(paymentGateways).where(eq(paymentGateways.uuid, uuid)).limit(1);
  if (!g || g.isDeleted || (direction && g.direction !== direction)) throw notFound(BANKING_MESSAGES.GATEWAY_NOT_FOUND);
  await assertInScope(db, me, g.opId, BANKING_MESSAGES.GATEWAY_NOT_FOUND);
  requireAny(req, gatewayPages(g.direction));
  return g;
}

async function ratesOf(db: Db, currencies: string[]): Promise<Map<string, string>> {
  if (!currencies.length) return new Map();
  const rows = await db.select().from(currencyRates).where(inArray(currencyRates.currency, currencies));
  return new Map(rows.map((r) => [r.currency, r.rateToUsd]));
}

export async function gatewayRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** Deposit and withdraw gateways (V1 and V2 pages read the same list). */
  r.post('/api/paymentsV2/gateways/list', { schema: { body: gatewaysListBody, tags: ['banking'] }, config: { permission: '' } }, async (req) => {
    const q = req.body;
    const me = requireAny(req, gatewayPages(q.direction));
    const scope = await resolveScope(db, me, q);
    const rows = await db.select().from(paymentGateways).where(and(
      inScope(paymentGateways.opId, scope), eq(paymentGateways.direction, q.direction), eq(paymentGateways.isDeleted, false),
      q.provider ? eq(paymentGateways.provider, q.provider) : undefined,
      q.isActive !== undefined ? eq(paymentGateways.isActive, q.isActive) : undefined,
    )).orderBy(asc(paymentGateways.opId), asc(paymentGateways.order), asc(paymentGateways.provider), asc(paymentGateways.uuid))
      .limit(q.limit + 1).offset((q.page - 1) * q.limit);
    return ok(pageOf(rows, q, view));
  });

  r.get('/api/paymentsV2/gateways/:uuid', { schema: { params: z.object({ uuid: z.string() }), tags: ['banking'] }, config: { permission: '' } }, async (req) =>
    ok(view(await visibleGateway(db, req, req.params.uuid))));

  /** Edit a gateway: title, currencies, min/max (decimal strings, min ≤ max), fee 0-100, active, order. */
  r.put('/api/paymentsV2/gateways/:uuid', { schema: { params: z.object({ uuid: z.string() }), body: gatewayEditBody, tags: ['banking'] }, config: { permission: '' } }, async (req) => {
    const g = await visibleGateway(db, req, req.params.uuid);
    const b = req.body;
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
      await audit(tx as unknown as Db, req, { action: 'GATEWAY_UPDATE', targetType: 'gateway', targetId: g.uuid, opId: g.opId, before: view(g), after: view(updated) });
      return ok(view(updated), [BANKING_MESSAGES.GATEWAY_UPDATED]);
    });
  });

  /** Delete a deposit / withdraw gateway (soft: isDeleted). */
  for (const direction of ['DEPOSIT', 'WITHDRAW'] as const) {
    r.delete(`/api/paymentsV2/${direction.toLowerCase()}`, { schema: { body: gatewayDeleteBody, tags: ['banking'] }, config: { permission: '' } }, async (req) => {
      const g = await visibleGateway(db, req, req.body.uuid, direction);
      return db.transaction(async (tx) => {
        const [gone] = await tx.update(paymentGateways).set({ isDeleted: true, isActive: false, updatedAt: new Date() })
          .where(and(eq(paymentGateways.uuid, g.uuid), eq(paymentGateways.isDeleted, false))).returning();
        if (!gone) throw notFound(BANKING_MESSAGES.GATEWAY_NOT_FOUND);
        await audit(tx as unknown as Db, req, { action: 'GATEWAY_DELETE', targetType: 'gateway', targetId: g.uuid, opId: g.opId, before: view(g), after: { isDeleted: true } });
        return ok({ uuid: g.uuid }, [PAYMENT_MESSAGES.GATEWAY_DELETED]);
      });
    });
  }

  /**
   * Exchange rates between the player's wallet currencies and the gateway's currencies, from
   * currency_rates: rates[to] = units of `to` per unit of the wallet currency, truncated to 12 places.
   */
  r.post('/api/paymentsV2/deposit/exchange-rates', { schema: { body: exchangeRatesBody, tags: ['banking'] }, config: { permission: '' } }, async (req) => {
    requireAny(req, DEPOSIT_GATEWAY_PAGES);
    const b = req.body;
    let gatewayAuto: boolean | null = null;
    if (b.gatewayUuid) {
      const g = await visibleGateway(db, req, b.gatewayUuid, 'DEPOSIT');
      gatewayAuto = (g.config as { autoRate?: boolean }).autoRate !== false;
    }
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
  });

  /** "Test Your Settings": fee, amount after fee, USD value, and whether within the gateway limits (in USD). */
  r.post('/api/paymentsV2/deposit/test-settings', { schema: { body: gatewayTestBody, tags: ['banking'] }, config: { permission: '' } }, async (req) => {
    const b = req.body;
    const g = await visibleGateway(db, req, b.gatewayUuid, 'DEPOSIT');
    if (!g.currencies.includes(b.currency)) throw badRequest(BANKING_MESSAGES.GATEWAY_CURRENCY_NOT_ACCEPTED(b.currency));
    const rate = (await ratesOf(db, [b.currency])).get(b.currency);
    if (rate === undefined) throw badRequest(`Unknown currency: ${b.currency}.`);
    const fee = fromUnits((toUnits(b.amount) * toUnits(g.feePercentage)) / toUnits('100'));
    const amountAfterFee = subDec(b.amount, fee);
    const amountInUSD = toUsd(b.amount, rate);
    const below = cmpDec(amountInUSD, g.minAmount) < 0;
    const above = cmpDec(amountInUSD, g.maxAmount) > 0;
    return ok({
      gatewayUuid: g.uuid, currency: b.currency, amount: fromUnits(toUnits(b.amount)), feePercentage: g.feePercentage, fee, amountAfterFee,
      amountInUSD, amountAfterFeeInUSD: toUsd(amountAfterFee, rate), minAmount: g.minAmount, maxAmount: g.maxAmount,
      withinLimits: !below && !above,
      message: below ? BANKING_MESSAGES.GATEWAY_BELOW_MIN(g.minAmount) : above ? BANKING_MESSAGES.GATEWAY_ABOVE_MAX(g.maxAmount) : BANKING_MESSAGES.GATEWAY_WITHIN_LIMITS,
    });
  });
}
