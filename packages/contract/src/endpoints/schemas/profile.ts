import { z } from 'zod';
import {
  profilePasswordBody, profileUpdateBody, profileView, recoveryCodesAnswer, sessionRevokeBody, sessionsAnswer, sessionsRevokedAnswer,
  recoveryCodesBody, twoFactorConfirmBody, twoFactorDisableBody, twoFactorStartAnswer, twoFactorStateAnswer,
} from '../../profile.js';
import { PROFILE } from '../meta/profile.js';
import type { SchemasOf } from './types.js';

/** A call without fields: anything else sent is refused (no change is made on a body it does not understand). */
const none = z.strictObject({});

export const PROFILE_SCHEMAS = {
  'profile.get': { response: profileView },
  'profile.update': { body: profileUpdateBody, response: profileView },
  'profile.changePassword': { body: profilePasswordBody, response: sessionsRevokedAnswer },
  'profile.twoFactorStart': { body: none, response: twoFactorStartAnswer },
  'profile.twoFactorConfirm': { body: twoFactorConfirmBody, response: recoveryCodesAnswer },
  'profile.twoFactorDisable': { body: twoFactorDisableBody, response: twoFactorStateAnswer },
  'profile.recoveryCodes': { body: recoveryCodesBody, response: recoveryCodesAnswer },
  'profile.sessions': { response: sessionsAnswer },
  'profile.revokeSession': { body: sessionRevokeBody, response: sessionsRevokedAnswer },
  'profile.revokeOtherSessions': { body: none, response: sessionsRevokedAnswer },
} satisfies SchemasOf<typeof PROFILE>;
