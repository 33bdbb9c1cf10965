import { z } from 'zod';
import {
  sessionsAnswer, sessionsRevokedAnswer, staffReset2faBody, staffRevokeSessionsBody, staffSessionsBody, twoFactorRuleAnswer, twoFactorRuleBody, twoFactorRuleQuery,
} from '../../profile.js';
import { SECURITY } from '../meta/security.js';
import type { SchemasOf } from './types.js';

export const SECURITY_SCHEMAS = {
  'staff.reset2fa': { body: staffReset2faBody, response: z.object({ id: z.string(), twoFactor: z.literal(false) }) },
  'staff.sessions': { body: staffSessionsBody, response: sessionsAnswer },
  'staff.revokeSessions': { body: staffRevokeSessionsBody, response: sessionsRevokedAnswer },
  'operators.twoFactorRule': { query: twoFactorRuleQuery, response: twoFactorRuleAnswer },
  'operators.setTwoFactorRule': { body: twoFactorRuleBody, response: twoFactorRuleAnswer },
} satisfies SchemasOf<typeof SECURITY>;
