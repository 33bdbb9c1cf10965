import { fromUnits, toUnits } from '@pitboss/contract';
import type { AuthedUser } from '../../lib/context.js';

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

