import { z } from 'zod';
import { loginBody, sessionUser } from '../../api.js';
import { loginTwoFactorBody, twoFactorChallengeAnswer } from '../../profile.js';
import { timezoneSchema } from '../../validation.js';
import { AUTH } from '../meta/auth.js';
import type { SchemasOf } from './types.js';

export const AUTH_SCHEMAS = {
  'auth.login': { body: loginBody, response: z.union([sessionUser, twoFactorChallengeAnswer]).nullable() },
  'auth.loginTwoFactor': { body: loginTwoFactorBody, response: sessionUser },
  'auth.logout': { response: z.null() },
  'auth.logoutRedirect': { response: null },
  'auth.sessionCheck': { response: sessionUser },
  'auth.setTimezone': { body: z.object({ timezone: timezoneSchema }), response: z.object({ timezone: z.string() }) },
} satisfies SchemasOf<typeof AUTH>;
