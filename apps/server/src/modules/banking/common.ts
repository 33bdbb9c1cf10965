import type { AuthedUser } from '../../lib/context.js';

export const isSuper = (u: AuthedUser) => u.role === 'SUPER_ADMIN' || u.role === 'ADMIN';

/** A unique-index violation from either driver (drizzle wraps the driver error in `cause`). */
export function isUniqueViolation(e: unknown): boolean {
  for (let x: unknown = e, i = 0; x && i < 4; x = (x as { cause?: unknown }).cause, i++) {
    if ((x as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** Conversion at USD rates: the contract's, shared with the console's preview. */
export { RATE_SCALE, convertAmount, crossRate, fromRateUnits, rateUnits } from '@pitboss/contract';
