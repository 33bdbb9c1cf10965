import { abuseSignals, abuseSignalsBody } from '../../bonus-abuse.js';
import { BONUS_ABUSE } from '../meta/bonus-abuse.js';
import type { SchemasOf } from './types.js';

export const BONUS_ABUSE_SCHEMAS = {
  'bonus.abuseSignals': { body: abuseSignalsBody, response: abuseSignals },
} satisfies SchemasOf<typeof BONUS_ABUSE>;
