import { GLOBAL, LIST, anyOf, ep, optionalRecord, record, withRoles, withSuperChanges } from '../define.js';

const ADMINS = 'settings_admins';
const ROLES_PAGE = 'settings_roles';
const ROLES_UPDATE = 'settings_roles_update';
const CATALOGUE = 'settings_staff_permissions';

/** Staff accounts (002 §2, §7): the admin list and the account actions. */
export const STAFF = {
  'staff.list': ep({
    method: 'POST', path: '/api/users/list', tag: 'staff',
    summary: "Staff accounts, newest first (operator staff see their operators' accounts only; global accounts only global roles)",
    access: anyOf(ADMINS), scope: LIST,
  }),
  'staff.create': ep({
    method: 'POST', path: '/api/users', tag: 'staff',
    summary: 'Create a staff account (New Admin; a partner user of a partner operator for SUPER_ADMIN and ADMIN): the operator in the body must be one of the caller\'s and ACTIVE',
    access: anyOf(ADMINS), scope: optionalRecord('operator', 'opId'), audit: 'USER_CREATE',
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
    // Another operator for the account is a super admin's choice (the same operator may be sent again).
    access: withSuperChanges(anyOf(ADMINS), { fields: ['opId'], from: 'record', roles: ['SUPER_ADMIN'] }),
    scope: record('user', 'adminId'), audit: 'USER_ROLE_CHANGE', invalidates: 'user',
  }),
  'staff.details': ep({
    method: 'GET', path: '/api/users/details/:adminId', tag: 'staff',
    summary: 'One staff account: its data, role, operator and the permissions in effect (template + extra − revoked) with their labels',
    access: anyOf(ADMINS), scope: record('user', 'adminId', 'params'),
  }),
  'staff.refreshPermissions': ep({
    method: 'POST', path: '/api/users/refresh-permissions', tag: 'staff', summary: "Give an account its role's template again (its extra and revoked keys are dropped)",
    access: anyOf(ADMINS), scope: record('user', 'adminId'), audit: 'USER_PERMISSIONS_REFRESH', invalidates: 'user',
  }),
  'staff.clonePermissions': ep({
    method: 'POST', path: '/api/users/clone-permissions', tag: 'staff',
    summary: "Give the target account exactly the listed permissions of the source account (same role; both within the caller's operators)",
    access: anyOf(ADMINS), scope: record('user', 'targetUserId'), audit: 'USER_PERMISSIONS_CLONE', invalidates: 'user',
  }),
  'staff.migrate': ep({
    method: 'POST', path: '/api/users/migrate', tag: 'staff', summary: "Move an account to another of the caller's operators (ACTIVE), with an operator role",
    access: anyOf(ADMINS), scope: record('user', 'adminId'), audit: 'USER_MIGRATE', invalidates: 'user',
  }),
  'staff.roleList': ep({
    method: 'GET', path: '/api/users/roles/list', tag: 'staff', summary: 'Role templates (every role for SUPER_ADMIN and ADMIN, else the roles the caller may give)',
    access: anyOf(ROLES_PAGE), scope: GLOBAL,
  }),
  'staff.roleShow': ep({
    method: 'GET', path: '/api/users/roles', tag: 'staff', summary: "One role template's permissions by name, and the catalogue its all-permissions panel offers",
    access: anyOf(ROLES_PAGE), scope: GLOBAL,
  }),
  'staff.roleSave': ep({
    method: 'PUT', path: '/api/users/roles', tag: 'staff',
    summary: "Save a role template's name and permissions; its accounts are tidied by a background job (progress: staff.jobs)",
    access: anyOf(ROLES_UPDATE), scope: GLOBAL, audit: 'ROLE_UPDATE', invalidates: 'users',
  }),
  'staff.roleDelete': ep({
    method: 'DELETE', path: '/api/users/roles', tag: 'staff', summary: 'Delete a role template no account uses',
    access: anyOf(ROLES_UPDATE), scope: GLOBAL, audit: 'ROLE_DELETE',
  }),
  'staff.permissionList': ep({
    method: 'POST', path: '/api/users/permissions-v2/list', tag: 'staff', summary: 'The permission catalogue: key, description, tags, allowed roles',
    access: anyOf(CATALOGUE), scope: GLOBAL,
  }),
  'staff.permissionSave': ep({
    method: 'POST', path: '/api/users/permissions-v2', tag: 'staff',
    summary: 'Create or edit a permission (its key fixed); templates and accounts of roles no longer allowed lose it in a background job',
    access: withRoles([CATALOGUE], ['SUPER_ADMIN', 'ADMIN']), scope: GLOBAL, audit: ['PERMISSION_CREATE', 'PERMISSION_UPDATE'], invalidates: 'users',
  }),
  'staff.permissionDelete': ep({
    method: 'DELETE', path: '/api/users/permissions-v2', tag: 'staff',
    summary: 'Delete a permission of the catalogue (not one the console checks); templates and accounts lose it in a background job',
    access: withRoles([CATALOGUE], ['SUPER_ADMIN', 'ADMIN']), scope: GLOBAL, audit: 'PERMISSION_DELETE', invalidates: 'users',
  }),
  'staff.jobs': ep({
    method: 'GET', path: '/api/users/permission-jobs', tag: 'staff', summary: 'The latest background updates of accounts after role and permission saves, with their progress',
    access: anyOf(ROLES_PAGE, CATALOGUE), scope: GLOBAL,
  }),
  'staff.general': ep({
    method: 'GET', path: '/api/users/me/general', tag: 'staff', summary: "General settings of the signed-in user: their account's display settings and their operator's general settings",
    access: anyOf('settings_general'), scope: GLOBAL,
  }),
  'staff.generalSave': ep({
    method: 'PUT', path: '/api/users/me/general', tag: 'staff', summary: 'How the signed-in user’s lists show players and report numbers',
    access: anyOf('settings_general'), scope: GLOBAL, audit: 'USER_SETTINGS_UPDATE',
  }),
} as const;
