import type { FastifyRequest } from 'fastify';
import { MSG, fromUnits, toUnits } from '@pitboss/contract';
import { currentUser, type AuthedUser } from '../../lib/context.js';
import { forbidden } from '../../lib/http.js';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller must hold at least one of the permission keys (routes serving several pages). */
export function requireAny(req: FastifyRequest, keys: readonly string[]): AuthedUser {
  const me = currentUser(req);
  if (!keys.some((k) => me.permissionSet.has(k))) throw forbidden(MSG.NO_PERMISSION);
  return me;
}

export const isSuper = (u: AuthedUser) => u.role === 'SUPER_ADMIN' || u.role === 'ADMIN';

/** A unique-index violation from either driver (drizzle wraps the driver error in `cause`). */
export function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e, i = 0; x && i < 4; x = (x as { cause?: unknown }).cause, i++) {
    if ((x as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** Rates (numeric(30,12)) as fixed-point integers at 12 decimals. */
export const RATE_SCALE = 10n ** 12n;
export function rateUnits(rate: string): bigint {
  const [i, f = ''] = rate.split('.');
  return BigInt(i!) * RATE_SCALE + BigInt((f + '0'.repeat(12)).slice(0, 12));
}
export function fromRateUnits(v: bigint): string {
  return `${v / RATE_SCALE}.${(v % RATE_SCALE).toString().padStart(12, '0')}`;
}
/** How many units of `to` one unit of `from` is worth, truncated to 12 places. */
export function crossRate(fromRate: string, toRate: string): string {
  return fromRateUnits((rateUnits(fromRate) * RATE_SCALE) / rateUnits(toRate));
}
/** `amount` of a currency at `fromRate` expressed in a currency at `toRate`, truncated to 8 places (never more value). */
export function convertAmount(amount: string, fromRate: string, toRate: string): string {
  return fromUnits((toUnits(amount) * rateUnits(fromRate)) / rateUnits(toRate));
}

export const DEPOSIT_GATEWAY_PAGES = ['deposit_gateways', 'deposit_gatewaysV2'] as const;
export const WITHDRAW_GATEWAY_PAGES = ['withdraw_gateways', 'withdraw_gatewaysV2'] as const;
export const gatewayPages = (direction: string) => (direction === 'DEPOSIT' ? DEPOSIT_GATEWAY_PAGES : WITHDRAW_GATEWAY_PAGES);
