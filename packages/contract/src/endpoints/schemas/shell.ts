import { z } from 'zod';
import { operatorSummary, sessionUser } from '../../api.js';
import { MSG } from '../../messages.js';
import { LIVE_TOPICS } from '../../live.js';
import { operatorExtraData } from '../../operators.js';
import { SHELL } from '../meta/shell.js';
import { isoDate, json, money } from './common.js';
import type { SchemasOf } from './types.js';

/** The operator selector's parameters, in a URL (`includeBrands=true`). */
const scopeQuery = z.object({ opId: z.string().optional(), includeBrands: z.enum(['true', 'false']).transform((v) => v === 'true').optional() });

/** The badge counts the user holds the page of (a key is absent otherwise). */
export const badges = z.object({
  withdraw: z.number().optional(),
  deposit: z.number().optional(),
  cashback: z.number().optional(),
  affProfit: z.number().optional(),
  bankAccounts: z.number().optional(),
  kyc: z.number().optional(),
  playerUsernames: z.number().optional(),
  tickets: z.number().optional(),
});

export const notificationView = z.object({ id: z.string(), opId: z.string(), title: z.string(), body: z.string(), level: z.string(), createdAt: isoDate });

export const SHELL_SCHEMAS = {
  'shell.me': { response: z.object({ user: sessionUser, operators: z.array(operatorSummary) }) },
  'shell.myOperator': { response: operatorSummary.nullable() },
  'shell.operator': {
    body: z.object({ opId: z.string().min(1, MSG.OPERATOR_NOT_FOUND) }),
    // 000 §7: data.allowedLangs, data.settings.deposit.allowedGateways, data.settings.withdraw.allowedGateways; plus what the details page shows.
    response: operatorSummary.extend({
      kind: z.string(), status: z.string(), parentOpTitle: z.string().nullable(), createdAt: isoDate,
      /** Brands and partners under it (an operator with any cannot become a brand). */
      childrenCount: z.number().int(),
      settings: z.record(z.string(), json), limits: z.object({ dailyTopupLimitInUSD: money }),
      /** 001 §3 "Operator data read for top-up: … extraData.additionalTopupCurrencies". */
      extraData: operatorExtraData,
    }),
  },
  'shell.menu': { response: z.array(z.object({ path: z.string(), title: z.string(), group: z.string(), badge: z.string().nullable() })) },
  /** Without a stream (a JSON caller): the topics the stream would carry for this user, and the reconnect delay. */
  'shell.events': { response: z.object({ topics: z.array(z.enum(LIVE_TOPICS)), retryMs: z.number().int() }) },
  'shell.badges': { query: scopeQuery, response: badges },
  'shell.notifications': { query: z.object({}), response: z.array(notificationView) },
  'shell.tooltips': { query: z.object({ opId: z.string().optional() }), response: z.record(z.string(), z.string()) },
  'shell.rates': { response: z.object({ base: z.string(), rates: z.record(z.string(), z.string()), updatedAt: isoDate }) },
  'shell.general': { response: z.object({ version: z.string(), dbKind: z.enum(['pglite', 'postgres']), serverTime: isoDate, isGlobal: z.boolean() }) },
  'shell.health': { response: z.object({ status: z.literal('ok'), db: z.enum(['ok', 'error']) }) },
} satisfies SchemasOf<typeof SHELL>;
