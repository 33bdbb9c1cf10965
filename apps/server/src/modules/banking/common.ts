import type { AuthedUser } from '../../lib/context.js';

export const isSuper = (u: AuthedUser) => u.role === 'SUPER_ADMIN' || u.role === 'ADMIN';


/** Conversion at USD rates: the contract's, shared with the console's preview. */
export { RATE_SCALE, convertAmount, crossRate, fromRateUnits, rateUnits } from '@pitboss/contract';
