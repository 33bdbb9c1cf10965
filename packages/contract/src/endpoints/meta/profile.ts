import { GLOBAL, SIGNED_IN, ep } from '../define.js';

/**
 * The signed-in staff member's own profile (/user/profile): every role may call these, also
 * before setting up a second factor their operator requires (`twoFactorSetup`).
 */
export const PROFILE = {
  'profile.get': ep({
    method: 'GET', path: '/api/users/me/profile', tag: 'profile', summary: 'The signed-in user’s profile: nickname, language, timezone, two-factor state',
    access: SIGNED_IN, scope: GLOBAL, twoFactorSetup: true,
  }),
  'profile.update': ep({
    method: 'PUT', path: '/api/users/me/profile', tag: 'profile', summary: 'Change the own nickname, language or timezone',
    access: SIGNED_IN, scope: GLOBAL, audit: 'USER_PROFILE_UPDATE', invalidates: 'self', twoFactorSetup: true,
  }),
  'profile.changePassword': ep({
    method: 'POST', path: '/api/users/me/password', tag: 'profile', summary: 'Change the own password (the current one required); the other sessions end',
    access: SIGNED_IN, scope: GLOBAL, audit: 'USER_PASSWORD_CHANGE', invalidates: 'self', twoFactorSetup: true,
  }),
  'profile.twoFactorStart': ep({
    method: 'POST', path: '/api/users/me/two-factor/start', tag: 'profile', summary: 'Begin two-factor setup: a new secret, its otpauth URI and QR code (not on until confirmed)',
    access: SIGNED_IN, scope: GLOBAL, twoFactorSetup: true, secret: true,
  }),
  'profile.twoFactorConfirm': ep({
    method: 'POST', path: '/api/users/me/two-factor/confirm', tag: 'profile', summary: 'Turn two-factor authentication on with a code of the new secret; answers ten recovery codes, once',
    access: SIGNED_IN, scope: GLOBAL, audit: 'USER_2FA_ENABLE', invalidates: 'self', twoFactorSetup: true, secret: true,
  }),
  'profile.twoFactorDisable': ep({
    method: 'POST', path: '/api/users/me/two-factor/disable', tag: 'profile', summary: 'Turn two-factor authentication off (a current code or the password)',
    access: SIGNED_IN, scope: GLOBAL, audit: 'USER_2FA_DISABLE', invalidates: 'self', twoFactorSetup: true,
  }),
  'profile.recoveryCodes': ep({
    method: 'POST', path: '/api/users/me/two-factor/recovery-codes', tag: 'profile', summary: 'New recovery codes (a current code required); the old ones stop working',
    access: SIGNED_IN, scope: GLOBAL, audit: 'USER_2FA_RECOVERY_CODES', twoFactorSetup: true, secret: true,
  }),
  'profile.sessions': ep({
    method: 'GET', path: '/api/users/me/sessions', tag: 'profile', summary: 'The own active sessions (the current one marked)',
    access: SIGNED_IN, scope: GLOBAL, twoFactorSetup: true,
  }),
  'profile.revokeSession': ep({
    method: 'POST', path: '/api/users/me/sessions/revoke', tag: 'profile', summary: 'End one of the own other sessions',
    access: SIGNED_IN, scope: GLOBAL, audit: 'USER_SESSION_REVOKE', invalidates: 'self', twoFactorSetup: true,
  }),
  'profile.revokeOtherSessions': ep({
    method: 'POST', path: '/api/users/me/sessions/revoke-others', tag: 'profile', summary: 'End every own session but the current one',
    access: SIGNED_IN, scope: GLOBAL, audit: 'USER_SESSION_REVOKE', invalidates: 'self', twoFactorSetup: true,
  }),
} as const;
