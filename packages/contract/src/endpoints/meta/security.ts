import { anyOf, ep, record, withRoles } from '../define.js';

const ADMINS = 'settings_admins';

/**
 * Sign-in security administered by others: another account's second factor and sessions
 * (/settings/admins), and the operator-wide two-factor rule.
 */
export const SECURITY = {
  'staff.reset2fa': ep({
    method: 'POST', path: '/api/users/reset-2fa', tag: 'staff', summary: "Reset a staff account's two-factor authentication (it sets it up again)",
    access: anyOf(ADMINS), scope: record('user', 'adminId'), audit: 'USER_2FA_RESET', invalidates: 'user',
  }),
  'staff.sessions': ep({
    method: 'POST', path: '/api/users/sessions', tag: 'staff', summary: "A staff account's active sessions",
    access: anyOf(ADMINS), scope: record('user', 'adminId'),
  }),
  'staff.revokeSessions': ep({
    method: 'POST', path: '/api/users/sessions/revoke', tag: 'staff', summary: "End one session of a staff account, or all of them",
    access: anyOf(ADMINS), scope: record('user', 'adminId'), audit: 'USER_SESSION_REVOKE', invalidates: 'user',
  }),
  'operators.twoFactorRule': ep({
    method: 'GET', path: '/api/operators/two-factor', tag: 'operators', summary: "Whether an operator requires two-factor authentication of its staff, and how many have it",
    access: withRoles([ADMINS], ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN']), scope: record('operator', 'opId', 'query'),
  }),
  'operators.setTwoFactorRule': ep({
    method: 'POST', path: '/api/operators/two-factor', tag: 'operators', summary: "Require (or stop requiring) two-factor authentication of an operator's staff and its brands' staff",
    access: withRoles([ADMINS], ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN']), scope: record('operator', 'opId'), audit: 'OPERATOR_2FA_RULE', invalidates: 'operators',
  }),
} as const;
