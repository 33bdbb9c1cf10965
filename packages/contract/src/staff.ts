/**
 * Staff accounts (002 §2–§9): the admin list, block/unblock and delete. Messages are the spec's
 * (002 §8) where it gives them; the others are written here once.
 */
import { z } from 'zod';
import { ROLES, isGlobalRole, isSuperRole, type Role } from './roles.js';
import { listScope } from './api.js';
import { EMAIL_PATTERN } from './login.js';
import { LANGUAGES } from './constants.js';

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
  /** New admin / partner user (002 §5, §8). */
  EMAIL_INVALID: 'Invalid email address',
  EMAIL_TAKEN: 'A user with this email address already exists.',
  NEW_ROLE_REQUIRED: 'Role is required. Make sure to select a role for this user',
  NICKNAME_INVALID: 'Invalid nickname, special characters are not allowed in nickname',
  NICKNAME_LENGTH: 'Nickname must be 3 to 15 characters.',
  USER_CODE_LENGTH: 'User code must be 3 to 15 characters.',
  USER_CODE_INVALID: 'User code may hold letters, digits, hyphens, underscores and dots only.',
  PASSWORD_WEAK: 'Password is weak, please check the password hints and try again.',
  OPERATOR_INACTIVE: 'The operator is not active: staff can be added to an active operator only.',
  PARTNER_NEEDS_PARTNER_OPERATOR: 'A partner user belongs to a partner operator.',
  PARTNER_OPERATOR_ONLY_PARTNERS: 'A partner operator has partner users only.',
  UNKNOWN_TIMEZONE: 'Unknown timezone.',
  CREATED: 'Admin has been created successfully!',
  CREATE_FAILED: 'Unable to create new user',
  /** Refresh, clone, migrate (002 §5, §8). */
  REFRESHED: 'Permissions refreshed: the account has its role template again.',
  REFRESH_ROLE_MISMATCH: "The role does not match the account's role.",
  REFRESH_OPERATOR_MISMATCH: "The operator does not match the account's operator.",
  CLONE_INVALID: 'Invalid input, please check input fields and try again.',
  CLONE_SAME_ROLE: 'The target user must have the same role as the source user.',
  CLONE_SAME_USER: 'Choose another user than the source user.',
  CLONE_NOT_SOURCE: "Only the source user's permissions can be cloned.",
  CLONED: 'Permissions cloned successfully!',
  CLONE_FAILED: 'Failed to clone permissions',
  MIGRATED: 'User migrated successfully!',
  MIGRATE_GLOBAL: 'A global role belongs to no operator: choose an operator role.',
  MIGRATE_SAME: 'The user already belongs to this operator with this role.',
} as const;

/** Nickname and user code length (002 §9). */
export const NICKNAME_MIN = 3;
export const NICKNAME_MAX = 15;
/**
 * A staff nickname (002 §5): letters (any alphabet), digits and spaces, 3–15 characters once
 * trimmed. One rule for the New Admin form, the profile form and their request bodies.
 */
export const nicknameSchema = z.string({ error: STAFF_MESSAGES.NICKNAME_LENGTH }).trim()
  .min(NICKNAME_MIN, STAFF_MESSAGES.NICKNAME_LENGTH).max(NICKNAME_MAX, STAFF_MESSAGES.NICKNAME_LENGTH)
  .regex(/^[\p{L}\p{N} ]+$/u, STAFF_MESSAGES.NICKNAME_INVALID);

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
  /** Two-factor authentication is on (the admin may reset it). */
  twoFactor: z.boolean(),
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

/* ---------- New admin (POST /api/users) ---------- */

/** Nickname and user code length (002 §9). */
export const STAFF_NAME_MIN = 3;
export const STAFF_NAME_MAX = 15;
/** The minimum length of a new admin's password (002 §5 leaves it unstated; this is the choice). */
export const NEW_PASSWORD_MIN = 8;
/** What the identity of a player shows in the account's lists. */
export const PLAYER_SUB_INFO_TYPES = ['username', 'email', 'code'] as const;
export const PLAYER_SUB_INFO_LABELS: Record<(typeof PLAYER_SUB_INFO_TYPES)[number], string> = { username: 'Username', email: 'E-mail', code: 'Player code' };

/** The character types a new password is made of (002 §5: at least 3 of them). */
const PASSWORD_TYPES: readonly [string, RegExp][] = [
  ['lowercase letters', /[a-z]/], ['uppercase letters', /[A-Z]/], ['digits', /[0-9]/], ['symbols', /[^A-Za-z0-9]/],
];
/** The hints under the password field of the New Admin form (what `newPasswordStrong` checks). */
export const NEW_PASSWORD_HINTS = [
  `At least ${NEW_PASSWORD_MIN} characters`,
  'At least 3 of: lowercase letters, uppercase letters, digits, symbols',
] as const;
/** A new admin's password: the minimum length and at least 3 character types. */
export function newPasswordStrong(p: string): boolean {
  return p.length >= NEW_PASSWORD_MIN && PASSWORD_TYPES.filter(([, re]) => re.test(p)).length >= 3;
}

/** Whether a time zone is known to the runtime (IANA name, e.g. `Europe/Istanbul`). */
export function isTimeZone(tz: string): boolean {
  try { new Intl.DateTimeFormat('en-US', { timeZone: tz }); return true; } catch { return false; }
}

const NICKNAME = /^[\p{L}\p{N} ]+$/u;
const USER_CODE = /^[A-Za-z0-9._-]+$/;
const optionalText = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * The New Admin form and the body of POST /api/users (002 §3, §5), one schema for both. An
 * operator role needs the operator (`opId`); a global role (SUPER_ADMIN, ADMIN, DEV_OPS) has none
 * (any `opId` sent is ignored). Who may give which role, the Hide User Activity switch and the
 * operator's state are the server's checks (they depend on the caller and the operator).
 */
export const staffCreateBody = z.object({
  email: z.string({ error: STAFF_MESSAGES.EMAIL_INVALID }).trim().max(254, STAFF_MESSAGES.EMAIL_INVALID).regex(EMAIL_PATTERN, STAFF_MESSAGES.EMAIL_INVALID),
  password: z.string({ error: STAFF_MESSAGES.PASSWORD_WEAK }).max(128, STAFF_MESSAGES.PASSWORD_WEAK).refine(newPasswordStrong, STAFF_MESSAGES.PASSWORD_WEAK),
  nickname: z.string({ error: STAFF_MESSAGES.NICKNAME_LENGTH }).trim()
    .regex(NICKNAME, STAFF_MESSAGES.NICKNAME_INVALID).min(STAFF_NAME_MIN, STAFF_MESSAGES.NICKNAME_LENGTH).max(STAFF_NAME_MAX, STAFF_MESSAGES.NICKNAME_LENGTH),
  userCode: z.preprocess(optionalText, z.string().trim()
    .regex(USER_CODE, STAFF_MESSAGES.USER_CODE_INVALID).min(STAFF_NAME_MIN, STAFF_MESSAGES.USER_CODE_LENGTH).max(STAFF_NAME_MAX, STAFF_MESSAGES.USER_CODE_LENGTH).optional()),
  role: z.enum(ROLES, { error: STAFF_MESSAGES.NEW_ROLE_REQUIRED }),
  opId: z.preprocess(optionalText, z.string().trim().max(64).optional()),
  /** Hide User Activity: set by SUPER_ADMIN and ADMIN only. */
  isHidden: z.boolean().default(false),
  roundReportNumbers: z.boolean().default(false),
  language: z.enum(LANGUAGES).default('en'),
  timezone: z.string().trim().max(64).refine(isTimeZone, STAFF_MESSAGES.UNKNOWN_TIMEZONE).default('UTC'),
  playerSubInfoType: z.enum(PLAYER_SUB_INFO_TYPES).default('username'),
}).superRefine((v, c) => {
  if (v.role && !isGlobalRole(v.role) && !v.opId) c.addIssue({ code: 'custom', path: ['opId'], message: STAFF_MESSAGES.ROLE_NEEDS_OPERATOR });
});
export type StaffCreateBody = z.input<typeof staffCreateBody>;

/**
 * Who may create an account of `role` (002 §5, 000 §4): the New Admin roles of the caller
 * (`assignableRoles`, never PARTNER); PARTNER only by SUPER_ADMIN and ADMIN, for the user of a
 * partner operator (the partner wizard's second step). Hide User Activity: SUPER_ADMIN and ADMIN.
 */
export function mayCreateStaff(actor: Role, v: { role: Role; isHidden?: boolean }): boolean {
  if (v.isHidden && !isSuperRole(actor)) return false;
  return v.role === 'PARTNER' ? isSuperRole(actor) : assignableRoles(actor).includes(v.role);
}

export const staffCreateAnswer = staffRow;

/* ---------- Staff details, refresh, clone, migrate ---------- */

/** One permission in effect for an account, and where it comes from. */
export const staffPermission = z.object({ key: z.string(), label: z.string(), source: z.enum(['template', 'extra']) });
export type StaffPermission = z.infer<typeof staffPermission>;

/** GET /api/users/details/:adminId — the staff details page (002 §2). */
export const staffDetailsParams = z.object({ adminId });
export const staffDetails = staffRow.extend({
  userCode: z.string().nullable(),
  isHidden: z.boolean(),
  roundReportNumbers: z.boolean(),
  language: z.string(),
  timezone: z.string(),
  playerSubInfoType: z.string(),
  twoFactorEnabled: z.boolean(),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  /** In effect: the template's keys plus the extra ones, less the revoked ones, each with its label. */
  permissions: z.array(staffPermission),
  /** Keys of the template this account does not hold. */
  revoked: z.array(staffPermission.omit({ source: true })),
});
export type StaffDetails = z.infer<typeof staffDetails>;

const oneRole = z.array(z.enum(ROLES, { error: STAFF_MESSAGES.ROLE_REQUIRED }), { error: STAFF_MESSAGES.ROLE_REQUIRED }).length(1, STAFF_MESSAGES.ROLE_REQUIRED);

/** POST /api/users/refresh-permissions (002 §7): adminId, targetUsername, opId, roles — the account takes its role's template again. */
export const staffRefreshBody = z.object({
  adminId,
  targetUsername: z.string().trim().max(120).optional(),
  opId: z.string().trim().max(64).nullish(),
  roles: oneRole,
});
export const staffRefreshAnswer = z.object({ id: z.string(), role: z.enum(ROLES), templateId: z.string().nullable() });

const cloneInvalid = { error: STAFF_MESSAGES.CLONE_INVALID };
const cloneId = z.string(cloneInvalid).uuid(STAFF_MESSAGES.CLONE_INVALID);
/** POST /api/users/clone-permissions (002 §5, §7): all four required; the target takes exactly these keys of the source. */
export const staffCloneBody = z.object({
  sourceUserId: cloneId,
  targetUserId: cloneId,
  sourceRole: z.enum(ROLES, cloneInvalid),
  permissions: z.array(z.string().trim().min(1, STAFF_MESSAGES.CLONE_INVALID).max(80), cloneInvalid).min(1, STAFF_MESSAGES.CLONE_INVALID).max(1000),
});
/** The Clone Permissions form: the target's e-mail is picked from the admin list (the server receives its id). */
export const staffCloneForm = z.object({ targetUserId: cloneId });
export const staffCloneAnswer = z.object({ id: z.string(), permissions: z.number().int() });

/** POST /api/users/migrate (002 §7): adminId, opId, role — the account moves to another operator (an operator role). */
export const staffMigrateBody = z.object({
  adminId,
  opId: z.string({ error: STAFF_MESSAGES.ROLE_NEEDS_OPERATOR }).trim().min(1, STAFF_MESSAGES.ROLE_NEEDS_OPERATOR).max(64),
  role: z.enum(ROLES, { error: STAFF_MESSAGES.ROLE_REQUIRED }),
});
export const staffMigrateAnswer = z.object({ id: z.string(), opId: z.string(), role: z.enum(ROLES) });

/* ---------- General settings of the signed-in user (/settings/general) ---------- */

export const GENERAL_MESSAGES = { SAVED: 'Settings saved.' } as const;

/** What the signed-in user works in: their account's display settings and, for operator staff, their operator's general settings. */
export const staffGeneral = z.object({
  account: z.object({
    email: z.string(), nickname: z.string(), role: z.enum(ROLES), language: z.string(), timezone: z.string(),
    playerSubInfoType: z.enum(PLAYER_SUB_INFO_TYPES), roundReportNumbers: z.boolean(),
  }),
  /** Null for the global roles (every operator). */
  operator: z.object({
    opId: z.string(), title: z.string(), kind: z.string(), status: z.string(), parentTitle: z.string().nullable(),
    allowedCurrencies: z.array(z.string()), allowedLangs: z.array(z.string()), dailyTopupLimitInUsd: z.string(), requireTwoFactor: z.boolean(),
    brands: z.array(z.object({ opId: z.string(), title: z.string(), status: z.string() })),
  }).nullable(),
  /** How many operators the user's lists cover (null: every operator). */
  operatorsInScope: z.number().int().nullable(),
});
export type StaffGeneral = z.infer<typeof staffGeneral>;

/** PUT /api/users/me/general: how the signed-in user's lists show players and report numbers. */
export const staffGeneralBody = z.object({
  playerSubInfoType: z.enum(PLAYER_SUB_INFO_TYPES),
  roundReportNumbers: z.boolean(),
});
export const staffGeneralAnswer = staffGeneralBody;
