/**
 * Role templates (/settings/roles) and the permission catalogue (/settings/staff-permissions),
 * 002 §2–§9: their messages, the bodies of their calls and the background updates of existing
 * accounts that a save starts (002 §4: the console asks to wait 5 minutes).
 */
import { z } from 'zod';
import { PERMISSION_SAVE_WAIT_MINUTES } from './constants.js';
import { ROLES, ROLE_LABELS, isGlobalRole, type Role } from './roles.js';
import { listPaging } from './api.js';
import { MENU_ITEMS, isMenuItem } from './routes.js';

export const ROLE_MESSAGES = {
  SAVED: 'Permissions has been updated successfully!',
  SAVE_FAILED: 'Error while updating the Permissions!',
  NOT_FOUND: 'Role not found.',
  NAME_REQUIRED: 'The role needs a name.',
  NAME_TAKEN: 'A role with this name already exists.',
  inUse: (n: number) => `This role is given to ${n} ${n === 1 ? 'user' : 'users'}: give ${n === 1 ? 'it' : 'them'} another role first.`,
  DELETED: 'Role deleted.',
  unknownPermission: (key: string) => `Unknown permission: ${key}.`,
  notAllowedForRole: (key: string, role: Role) => `The permission ${key} is not allowed for the role ${ROLE_LABELS[role]}.`,
  ONLY_OWN: 'You can give only permissions you hold yourself.',
  SUPER_LOCK: 'The Super Admin role must keep the Roles page and its update right.',
  /** 002 §4, §9: shown when a save starts the background update. */
  WAIT: `Existing users are updated in the background: wait ${PERMISSION_SAVE_WAIT_MINUTES} minutes before other operations.`,
} as const;

export const PERMISSION_MESSAGES = {
  SAVED: 'Permissions updated successfully!',
  SAVE_FAILED: 'Failed to save permission',
  SAVE_ERROR: 'An error occurred while saving the permission.',
  INVALID: 'Invalid data, make sure to fill all required input fields',
  KEY_PATTERN: 'A key holds letters, digits and underscores, starting with a letter.',
  KEY_FIXED: 'The key of a permission cannot be changed.',
  KEY_TAKEN: 'A permission with this key already exists.',
  NOT_FOUND: 'Permission not found.',
  BUILT_IN: 'This permission is used by the console and cannot be deleted.',
  DELETED: 'Permission deleted.',
  SUPER_ALWAYS: 'A permission the console checks stays allowed for Super Admin.',
  /** A required menu item (002 §3) the menu does not hold. */
  unknownMenuItem: (key: string) => `Unknown menu item: ${key}.`,
  MENU_ITEMS_MAX: `At most ${MENU_ITEMS.length} menu items.`,
} as const;

/* ---------- Role templates ---------- */

/** Whether `actor` may change or delete a template of `baseRole`: a global role's (SUPER_ADMIN, ADMIN, DEV_OPS) by a SUPER_ADMIN only. */
export const mayChangeRoleTemplate = (actor: Role, baseRole: Role): boolean => !isGlobalRole(baseRole) || actor === 'SUPER_ADMIN';
/** The keys the Super Admin template always keeps: the roles page and its update right (else nobody could give them back). */
export const SUPER_ADMIN_KEPT_PERMISSIONS: readonly string[] = ['settings_roles', 'settings_roles_update'];

export const roleTemplateRow = z.object({
  id: z.string(),
  name: z.string(),
  baseRole: z.enum(ROLES),
  permissionCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type RoleTemplateRow = z.infer<typeof roleTemplateRow>;
export const roleListAnswer = z.object({ items: z.array(roleTemplateRow) });

/** One catalogue entry as a role's panels show it (002 §3: name, desc, tags, allowedRoles). */
export const permissionEntry = z.object({
  name: z.string(),
  desc: z.string(),
  tags: z.array(z.string()),
  /** SUPER_ADMIN and ADMIN only (002 §6: the allowed-roles column). */
  allowedRoles: z.array(z.enum(ROLES)).optional(),
});
export type PermissionEntry = z.infer<typeof permissionEntry>;

const templateId = z.string({ error: ROLE_MESSAGES.NOT_FOUND }).uuid(ROLE_MESSAGES.NOT_FOUND);

/** GET /api/users/roles?role={roleId}: the template's permissions by name, and the catalogue the all-permissions panel offers. */
export const roleShowQuery = z.object({ role: templateId });
export const roleShowAnswer = z.object({
  id: z.string(),
  name: z.string(),
  baseRole: z.enum(ROLES),
  userCount: z.number().int(),
  permissions: z.record(z.string(), permissionEntry),
  /** The catalogue: every permission for SUPER_ADMIN and ADMIN, else those allowed for the template's role. */
  all: z.array(permissionEntry),
});
export type RoleShowAnswer = z.infer<typeof roleShowAnswer>;

const permissionKey = z.string({ error: PERMISSION_MESSAGES.INVALID }).trim().min(1, PERMISSION_MESSAGES.INVALID).max(80).regex(/^([A-Za-z][A-Za-z0-9_]*)?$/, PERMISSION_MESSAGES.KEY_PATTERN);

/** PUT /api/users/roles (002 §7): roleId, roleName, permissions (list of keys). */
export const roleSaveBody = z.object({
  roleId: templateId,
  roleName: z.string({ error: ROLE_MESSAGES.NAME_REQUIRED }).trim().min(1, ROLE_MESSAGES.NAME_REQUIRED).max(60),
  permissions: z.array(permissionKey).max(1000),
});
export const staffJobRef = z.object({ jobId: z.string().nullable() });
export const roleSaveAnswer = z.object({ id: z.string(), name: z.string(), permissions: z.number().int() }).extend(staffJobRef.shape);

/** DELETE /api/users/roles?templateId= */
export const roleDeleteQuery = z.object({ templateId });
export const roleDeleteAnswer = z.object({ id: z.string(), deleted: z.literal(true) });

/* ---------- Permission catalogue ---------- */

export const permissionRow = z.object({
  id: z.string(),
  key: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  allowedRoles: z.array(z.enum(ROLES)),
  /** The menu items that need this permission (002 §3), by their key (the route's path; `menuItemLabel` names them). */
  requiredMenuItems: z.array(z.string()),
  builtIn: z.boolean(),
  updatedAt: z.string(),
});
export type PermissionRow = z.infer<typeof permissionRow>;

export const permissionListBody = listPaging.extend({
  /** Part of the key or the description. */
  search: z.string().trim().min(1).max(80).optional(),
  tag: z.string().trim().min(1).max(40).optional(),
  role: z.enum(ROLES).optional(),
});

const tagList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((x) => x.trim()).filter(Boolean) : v),
  z.array(z.string().trim().min(1, PERMISSION_MESSAGES.INVALID).max(40), { error: PERMISSION_MESSAGES.INVALID }).min(1, PERMISSION_MESSAGES.INVALID).max(20),
);

/**
 * A permission's required menu items (002 §3 "requiredMenuItems (comma list)"): a list, or a comma
 * list, of the menu's item keys (`MENU_ITEMS`, the built navigation routes by path); none is fine.
 * Each is checked against the menu, so a key the menu does not hold is refused by name.
 */
const menuItemList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((x) => x.trim()).filter(Boolean) : v),
  z.array(
    z.string({ error: PERMISSION_MESSAGES.INVALID }).trim().max(120).superRefine((k, c) => {
      if (!isMenuItem(k)) c.addIssue({ code: 'custom', message: PERMISSION_MESSAGES.unknownMenuItem(k) });
    }),
    { error: PERMISSION_MESSAGES.INVALID },
  ).max(MENU_ITEMS.length, PERMISSION_MESSAGES.MENU_ITEMS_MAX),
);

/**
 * POST /api/users/permissions-v2 (002 §5): key, description, tags (a list, or the form's comma
 * list) and at least one allowed role, all required; the required menu items optional (002 §3).
 * With `permissionId` it edits that permission, whose key cannot change (the form shows it
 * disabled); an edit without `requiredMenuItems` keeps them.
 */
export const permissionSaveBody = z.object({
  permissionId: z.string().uuid(PERMISSION_MESSAGES.NOT_FOUND).optional(),
  key: permissionKey,
  description: z.string({ error: PERMISSION_MESSAGES.INVALID }).trim().min(1, PERMISSION_MESSAGES.INVALID).max(200),
  tags: tagList,
  allowedRoles: z.array(z.enum(ROLES), { error: PERMISSION_MESSAGES.INVALID }).min(1, PERMISSION_MESSAGES.INVALID),
  requiredMenuItems: menuItemList.optional(),
});
export type PermissionSaveBody = z.input<typeof permissionSaveBody>;
export const permissionSaveAnswer = permissionRow.extend(staffJobRef.shape);

/** DELETE /api/users/permissions-v2?permissionId= */
export const permissionDeleteQuery = z.object({ permissionId: z.string({ error: PERMISSION_MESSAGES.NOT_FOUND }).uuid(PERMISSION_MESSAGES.NOT_FOUND) });
export const permissionDeleteAnswer = z.object({ id: z.string(), deleted: z.literal(true) }).extend(staffJobRef.shape);

/* ---------- Background updates of existing accounts ---------- */

export const STAFF_JOB_KINDS = ['ROLE_SAVE', 'PERMISSION_SAVE', 'PERMISSION_DELETE'] as const;
export const STAFF_JOB_KIND_LABELS: Record<(typeof STAFF_JOB_KINDS)[number], string> = {
  ROLE_SAVE: 'Role saved', PERMISSION_SAVE: 'Permission saved', PERMISSION_DELETE: 'Permission deleted',
};
export const STAFF_JOB_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export const STAFF_JOB_STATUS_LABELS: Record<(typeof STAFF_JOB_STATUSES)[number], string> = {
  QUEUED: 'Waiting', RUNNING: 'Updating users', DONE: 'Done', FAILED: 'Failed',
};
export const staffJobRow = z.object({
  id: z.string(),
  kind: z.enum(STAFF_JOB_KINDS),
  subject: z.string(),
  status: z.enum(STAFF_JOB_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  createdBy: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type StaffJobRow = z.infer<typeof staffJobRow>;
export const staffJobsAnswer = z.object({ items: z.array(staffJobRow) });
