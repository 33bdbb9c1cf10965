import { GLOBAL, PUBLIC, SIGNED_IN, ep } from '../define.js';

/** Sign-in, sign-out and the signed-in user's own settings (000 §1). */
export const AUTH = {
  'auth.login': ep({
    method: 'POST', path: '/api/auth/login', tag: 'auth', summary: 'Sign in: sets the session cookie and answers the user (rate-limited per account and IP); with two-factor authentication on, answers a challenge for the code instead',
    access: PUBLIC, scope: GLOBAL,
  }),
  'auth.loginTwoFactor': ep({
    method: 'POST', path: '/api/auth/login/two-factor', tag: 'auth', summary: "Sign-in's second step: the challenge and a code of the authenticator app (or a recovery code, once); sets the session cookie",
    access: PUBLIC, scope: GLOBAL,
  }),
  'auth.logout': ep({
    method: 'POST', path: '/api/auth/logout', tag: 'auth', summary: 'Sign out: ends the session and clears its cookie',
    access: PUBLIC, scope: GLOBAL,
  }),
  'auth.logoutRedirect': ep({
    method: 'GET', path: '/api/auth/logout', tag: 'auth', summary: 'Sign out from a link: ends the session and redirects to the login page',
    access: PUBLIC, scope: GLOBAL, binary: true,
  }),
  'auth.sessionCheck': ep({
    method: 'GET', path: '/api/users/me/check', tag: 'auth', summary: 'The signed-in user (401 when signed out)',
    access: SIGNED_IN, scope: GLOBAL, twoFactorSetup: true,
  }),
  'auth.setTimezone': ep({
    method: 'PUT', path: '/api/users/me/timezone', tag: 'auth', summary: "The signed-in user's display timezone",
    access: SIGNED_IN, scope: GLOBAL, audit: 'USER_TIMEZONE_UPDATE', twoFactorSetup: true,
  }),
} as const;
