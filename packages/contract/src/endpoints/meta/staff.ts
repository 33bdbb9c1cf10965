import { LIST, anyOf, ep, record } from '../define.js';

const ADMINS = 'settings_admins';

/** Staff accounts (002 §2, §7): the admin list and the account actions. */
export const STAFF = {
  'staff.list': ep({
    method: 'POST', path: '/api/users/list', tag: 'staff',
    summary: "Staff accounts, newest first (operator staff see their operators' accounts only; global accounts only global roles)",
    access: anyOf(ADMINS), scope: LIST,
  }),
  'staff.block': ep({
    method: 'POST', path: '/api/users/block', tag: 'staff', summary: 'Block or unblock a staff account (a block ends its sessions at once)',
    access: anyOf(ADMINS), scope: record('user', 'adminId'), audit: ['USER_BLOCK', 'USER_UNBLOCK'], invalidates: 'user',
  }),
  'staff.delete': ep({
    method: 'POST', path: '/api/users/delete', tag: 'staff', summary: "Delete a staff account (type-to-confirm with its e-mail); its sessions end at once",
    access: anyOf(ADMINS), scope: record('user', 'adminId'), audit: 'USER_DELETE', invalidates: 'user',
  }),
  'staff.changePassword': ep({
    method: 'POST', path: '/api/users/change-password', tag: 'staff', summary: "Set a staff account's password (its sessions end)",
    access: anyOf(ADMINS), scope: record('user', 'adminId'), audit: 'USER_PASSWORD_CHANGE', invalidates: 'user',
  }),
  'staff.changeRoles': ep({
    method: 'POST', path: '/api/users/change-roles', tag: 'staff', summary: "Change a staff account's role (and, for a super admin, its operator)",
    access: anyOf(ADMINS), scope: record('user', 'adminId'), audit: 'USER_ROLE_CHANGE', invalidates: 'user',
  }),
} as const;
