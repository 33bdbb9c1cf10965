import { loginActivityListBody, loginActivityRow } from '../../api.js';
import { SETTINGS } from '../meta/settings.js';
import { listAnswer } from './common.js';
import type { SchemasOf } from './types.js';

export const SETTINGS_SCHEMAS = {
  'settings.loginActivity': { body: loginActivityListBody, response: listAnswer(loginActivityRow) },
} satisfies SchemasOf<typeof SETTINGS>;
