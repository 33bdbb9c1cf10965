/**
 * Staff accounts (002 §2–§9): the admin list, block/unblock and delete. Messages are the spec's
 * (002 §8) where it gives them; the others are written here once.
 */
import { z } from 'zod';
import { ROLES, type Role } from './roles.js';
import { listScope } from './api.js';
import { EMAIL_PATTERN } from './login.js';

export const STAFF_MESSAGES = {
  BLOCKED: 'User successfully blocked!',
  UNBLOCKED: 'User successfully unblocked!',
  BLOCK_FAILED: 'An error occurred, please try again',
  /** Delete user, delete affiliate and migrate failures (002 §8). */
  NO_PERMISSION: "You don't have permissions to perform this action.",
  DELETED: 'User has been deleted successfully!',
  USER_NOT_FOUND: 'User not found.',
  NOT_YOURSELF: 'You cannot do this to your own account.',
  DELETE_CONFIRM: "Type the user's e-mail address to confirm.",
  ALREADY_BLOCKED: 'User is already blocked.',
  ALREADY_UNBLOCKED: 'User is not blocked.',
  PASSWORD_UPDATED: 'Password updated!',
  PASSWORD_FAILED: 'Failed to update password',
  PASSWORD_MISMATCH: 'The two passwords are not the same.',
  passwordMissing: (missing: readonly string[]) => `The password needs at least ${missing.join(', ')}.`,
  ROLE_CHANGED: 'User role changed successfully!',
  ROLE_REQUIRED: 'Invalid input, make sure to select a role',
  ROLE_NEEDS_OPERATOR: 'Operator not found, please select an operator.',
} as const;

/** The states of a staff account as the admin list filters them. */
export const STAFF_STATUSES = ['active', 'blocked'] as const;
export const STAFF_STATUS_LABELS: Record<(typeof STAFF_STATUSES)[number], string> = { active: 'Active', blocked: 'Blocked' };

/** The roles filter of the admin list (002 §6): super admins see every role, others not Super Admin and Admin. */
export const staffRoleFilter = (viewer: Role): readonly Role[] =>
  viewer === 'SUPER_ADMIN' || viewer === 'ADMIN'
    ? ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'PARTNER']
    : ['OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'PARTNER'];

export const staffListBody = listScope.extend({
  role: z.enum(ROLES).optional(),
  status: z.enum(STAFF_STATUSES).optional(),
  /** Part of the e-mail address or nickname. */
  search: z.string().trim().min(1).max(120).optional(),
});

export const staffRow = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
  role: z.enum(ROLES),
  opId: z.string().nullable(),
  opTitle: z.string().nullable(),
  parentOpTitle: z.string().nullable(),
  isBlocked: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffRow = z.infer<typeof staffRow>;

const adminId = z.string().uuid(STAFF_MESSAGES.USER_NOT_FOUND);

/** POST /api/users/block (002 §7): adminId, action, adminEmail. */
export const staffBlockBody = z.object({
  adminId,
  action: z.enum(['BLOCK', 'UNBLOCK']),
  adminEmail: z.string().trim().max(254).optional(),
});

/** POST /api/users/delete (002 §7): adminId, adminUsername, adminEmail — the e-mail confirms (type-to-confirm). */
export const staffDeleteBody = z.object({
  adminId,
  adminUsername: z.string().trim().max(120).optional(),
  adminEmail: z.string({ error: STAFF_MESSAGES.DELETE_CONFIRM }).trim().min(1, STAFF_MESSAGES.DELETE_CONFIRM).max(254).regex(EMAIL_PATTERN, STAFF_MESSAGES.DELETE_CONFIRM),
});

export const staffBlockAnswer = z.object({ id: z.string(), isBlocked: z.boolean() });
export const staffDeleteAnswer = z.object({ id: z.string(), deleted: z.literal(true) });

/**
 * Whether `actor` may block or delete the account of `target` (within the actor's operators,
 * which the server's scope already ensures): never their own; a SUPER_ADMIN account only by a
 * SUPER_ADMIN. The console hides the actions the server would refuse.
 */
export function mayManageStaff(actor: { id: string; role: Role }, target: { id: string; role: Role }): boolean {
  if (actor.id === target.id) return false;
  if (target.role === 'SUPER_ADMIN') return actor.role === 'SUPER_ADMIN';
  return true;
}

/** What an admin-set password still lacks (002 §5: lowercase, uppercase, digit, 8 characters); empty when it is strong enough. */
export function passwordMissing(p: string): string[] {
  const missing: string[] = [];
  if (!/[a-z]/.test(p)) missing.push('one lowercase letter');
  if (!/[A-Z]/.test(p)) missing.push('one uppercase letter');
  if (!/[0-9]/.test(p)) missing.push('one digit');
  if (p.length < 8) missing.push('8 characters');
  return missing;
}

/** The password-change rule (002 §5), one for the console's form and the server's body. */
export function checkPasswordChange(v: { newPassword: string; passwordConfirm: string }, c: z.RefinementCtx): void {
  const missing = passwordMissing(v.newPassword);
  if (missing.length) c.addIssue({ code: 'custom', path: ['newPassword'], message: STAFF_MESSAGES.passwordMissing(missing) });
  if (v.passwordConfirm !== v.newPassword) c.addIssue({ code: 'custom', path: ['passwordConfirm'], message: STAFF_MESSAGES.PASSWORD_MISMATCH });
}
const passwordFields = { newPassword: z.string().max(128), passwordConfirm: z.string().max(128) };
/** The Change Password form. */
export const staffPasswordForm = z.object(passwordFields).superRefine(checkPasswordChange);
/** POST /api/users/change-password (002 §7): adminId, newPassword, passwordConfirm. */
export const staffPasswordBody = z.object({ adminId, ...passwordFields }).superRefine(checkPasswordChange);

/**
 * The roles `actor` may give an account (002 §5): never PARTNER (partners come from the partner
 * wizard); SUPER_ADMIN and ADMIN only from a super admin; DEV_OPS only from super admins and admins.
 */
export function assignableRoles(actor: Role): readonly Role[] {
  if (actor === 'SUPER_ADMIN') return ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'DEV_OPS'];
  if (actor === 'ADMIN') return ['OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'DEV_OPS'];
  return ['OPERATOR_ADMIN', 'OPERATOR_MANAGER'];
}

/** POST /api/users/change-roles (002 §7): adminId, targetUsername, roles, and the operator (a super admin's pick). */
export const staffRolesBody = z.object({
  adminId,
  targetUsername: z.string().trim().max(120).optional(),
  opId: z.string().trim().min(1).max(64).optional(),
  roles: z.array(z.enum(ROLES, { error: STAFF_MESSAGES.ROLE_REQUIRED }), { error: STAFF_MESSAGES.ROLE_REQUIRED }).length(1, STAFF_MESSAGES.ROLE_REQUIRED),
});

export const staffPasswordAnswer = z.object({ id: z.string(), sessionsEnded: z.number().int() });
export const staffRolesAnswer = z.object({ id: z.string(), role: z.enum(ROLES), opId: z.string().nullable() });
