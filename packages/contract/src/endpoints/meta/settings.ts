import { LIST, anyOf, ep } from '../define.js';

/** Settings pages. */
export const SETTINGS = {
  'settings.loginActivity': ep({
    method: 'POST', path: '/api/settings/login-activity/list', tag: 'settings',
    summary: "Login attempts, newest first (operator staff see their operators' accounts only)",
    access: anyOf('settings_login_activitiy'), scope: LIST,
  }),
} as const;
