/**
 * Staff accounts (002 §2–§9): the admin list, block/unblock and delete. Messages are the spec's
 * (002 §8) where it gives them; the others are written here once.
 */
import { z } from 'zod';
import { ROLES, isGlobalRole, isSuperRole, type Role } from './roles.js';
import { listScope } from './api.js';
import { EMAIL_PATTERN } from './login.js';
import { languageSchema, timezoneSchema } from './validation.js';

/** Nickname and user code length (002 §9). */
export const STAFF_NAME_MIN = 3;
export const STAFF_NAME_MAX = 15;
/** The shortest password accepted (002 §5, §9: 8 characters). */
export const PASSWORD_MIN = 8;
/** The longest password accepted. */
export const PASSWORD_MAX = 128;

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
  /** A changed password (the admin's Change Password, the own password): what it still lacks. */
  passwordMissing: (missing: readonly string[]) => `The password needs at least ${missing.join(', ')}.`,
  PASSWORD_TOO_LONG: `The password may be at most ${PASSWORD_MAX} characters.`,
  /** A new account's password (002 §5). */
  PASSWORD_WEAK: 'Password is weak, please check the password hints and try again.',
  ROLE_CHANGED: 'User role changed successfully!',
  ROLE_REQUIRED: 'Invalid input, make sure to select a role',
  ROLE_NEEDS_OPERATOR: 'Operator not found, please select an operator.',
  /** New admin / partner user (002 §5, §8). */
  EMAIL_INVALID: 'Invalid email address',
  EMAIL_TAKEN: 'A user with this email address already exists.',
  NEW_ROLE_REQUIRED: 'Role is required. Make sure to select a role for this user',
  NICKNAME_INVALID: 'Invalid nickname, special characters are not allowed in nickname',
  NICKNAME_LENGTH: `Nickname must be ${STAFF_NAME_MIN} to ${STAFF_NAME_MAX} characters.`,
  USER_CODE_LENGTH: `User code must be ${STAFF_NAME_MIN} to ${STAFF_NAME_MAX} characters.`,
  USER_CODE_INVALID: 'User code may hold letters, digits, hyphens, underscores and dots only.',
  OPERATOR_INACTIVE: 'The operator is not active: staff can be added to an active operator only.',
  PARTNER_NEEDS_PARTNER_OPERATOR: 'A partner user belongs to a partner operator.',
  PARTNER_OPERATOR_ONLY_PARTNERS: 'A partner operator has partner users only.',
  CREATED: 'Admin has been created successfully!',
  CREATE_FAILED: 'Unable to create new user',
  /** New Admin when no answer came (002 §8: the "thrown error"). */
  CREATE_THROWN: 'Error happened while creating the user.',
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
  MIGRATE_SUPER_ADMIN: 'A Super Admin account cannot be migrated: change its role first.',
} as const;

/** The hints under the nickname and user code fields. */
export const NICKNAME_HINT = `Letters, digits and spaces, ${STAFF_NAME_MIN} to ${STAFF_NAME_MAX} characters`;
export const USER_CODE_HINT = `${STAFF_NAME_MIN} to ${STAFF_NAME_MAX} characters: letters, digits, hyphens, underscores and dots`;
/**
 * A staff nickname (002 §5): letters (any alphabet), digits and spaces, 3–15 characters once
 * trimmed. One rule for the New Admin form, the partner wizard's user, the profile form and
 * their request bodies.
 */
export const nicknameSchema = z.string({ error: STAFF_MESSAGES.NICKNAME_LENGTH }).trim()
  .min(STAFF_NAME_MIN, STAFF_MESSAGES.NICKNAME_LENGTH).max(STAFF_NAME_MAX, STAFF_MESSAGES.NICKNAME_LENGTH)
  .regex(/^[\p{L}\p{N} ]+$/u, STAFF_MESSAGES.NICKNAME_INVALID);

/**
 * The character types of a staff password (002 §5, §9) and how a message names each. Two rules
 * are built from them, as the spec has two: a password an admin or the user changes needs a
 * lowercase letter, an uppercase letter, a digit and 8 characters (the message lists what is
 * missing); a new account's password (New Admin, the partner wizard's user) needs 8 characters
 * and at least 3 of the 4 types ("Password is weak, …").
 */
const CHARACTER_TYPES = {
  lower: [/[a-z]/, 'one lowercase letter'],
  upper: [/[A-Z]/, 'one uppercase letter'],
  digit: [/[0-9]/, 'one digit'],
  special: [/[^A-Za-z0-9]/, 'one special character'],
} as const satisfies Record<string, readonly [RegExp, string]>;
const CHANGE_TYPES = [CHARACTER_TYPES.lower, CHARACTER_TYPES.upper, CHARACTER_TYPES.digit];
/** At least this many of the 4 character types in a new account's password (002 §5). */
export const NEW_PASSWORD_TYPES_MIN = 3;

/** What a changed password still lacks; empty when it is strong enough. */
export function passwordMissing(p: string): string[] {
  const missing: string[] = CHANGE_TYPES.filter(([re]) => !re.test(p)).map(([, name]) => name);
  if (p.length < PASSWORD_MIN) missing.push(`${PASSWORD_MIN} characters`);
  return missing;
}
/** Whether a new account's password is strong enough: 8 characters, at least 3 character types. */
export function newPasswordStrong(p: string): boolean {
  return p.length >= PASSWORD_MIN && Object.values(CHARACTER_TYPES).filter(([re]) => re.test(p)).length >= NEW_PASSWORD_TYPES_MIN;
}
/** The hints under the fields that change a password (what `passwordMissing` checks). */
export const PASSWORD_HINTS = [`At least ${PASSWORD_MIN} characters`, 'A lowercase letter, an uppercase letter and a digit'] as const;
/** The hints under a new account's password (what `newPasswordStrong` checks). */
export const NEW_PASSWORD_HINTS = [`At least ${PASSWORD_MIN} characters`, `At least ${NEW_PASSWORD_TYPES_MIN} of: lowercase letters, uppercase letters, digits, special characters`] as const;

/** A changed password (the admin's Change Password, the own password): forms and bodies alike. */
export const passwordSchema = z.string({ error: STAFF_MESSAGES.passwordMissing(passwordMissing('')) })
  .max(PASSWORD_MAX, STAFF_MESSAGES.PASSWORD_TOO_LONG)
  .superRefine((p, c) => {
    const missing = passwordMissing(p);
    if (missing.length) c.addIssue({ code: 'custom', message: STAFF_MESSAGES.passwordMissing(missing) });
  });
/** A new account's password (New Admin, the partner wizard's user): forms and bodies alike. */
export const newPasswordSchema = z.string({ error: STAFF_MESSAGES.PASSWORD_WEAK })
  .max(PASSWORD_MAX, STAFF_MESSAGES.PASSWORD_TOO_LONG)
  .refine(newPasswordStrong, STAFF_MESSAGES.PASSWORD_WEAK);

/** The operator of a staff account as the console names it: "Title (Parent)", or every operator for a global account. */
export const staffOperatorLabel = (r: { opTitle: string | null; parentOpTitle: string | null }): string =>
  (r.opTitle ? (r.parentOpTitle ? `${r.opTitle} (${r.parentOpTitle})` : r.opTitle) : 'All operators');

/** The states of a staff account as the admin list filters them. */
export const STAFF_STATUSES = ['active', 'blocked'] as const;
export const STAFF_STATUS_LABELS: Record<(typeof STAFF_STATUSES)[number], string> = { active: 'Active', blocked: 'Blocked' };

/**
 * The roles filter of the admin list (002 §6): "All, Super Admin, Admin, Operator Admin, Operator
 * Manager and Partner for super admins, and without Super Admin and Admin for others" — an ADMIN
 * included. Its empty choice reads `STAFF_ROLE_FILTER_ALL`.
 */
export const staffRoleFilter = (viewer: Role): readonly Role[] =>
  viewer === 'SUPER_ADMIN'
    ? ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'PARTNER']
    : ['OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'PARTNER'];
/** The empty choice of the roles filter (002 §6: "All"). */
export const STAFF_ROLE_FILTER_ALL = 'All';

/**
 * The roles whose accounts the admin list answers `viewer`: every role for the global roles
 * SUPER_ADMIN and ADMIN; for operator staff the roles of their filter (their operators' accounts,
 * never a global one).
 */
export const staffListRoles = (viewer: Role): readonly Role[] => (isSuperRole(viewer) ? ROLES : staffRoleFilter(viewer));

/**
 * Whether the admin list call may filter by `role` for `viewer` (else 403): a role whose accounts
 * the list answers them, and SUPER_ADMIN by a super admin only — so Super Admin and Admin are
 * refused to operator staff, and Super Admin to an ADMIN. An ADMIN's call may still ask for ADMIN
 * (and DEV_OPS) accounts, which it manages: Clone Permissions of such an account looks its
 * candidates up by role; the console's roles filter does not offer them (`staffRoleFilter`).
 */
export const mayFilterStaffByRole = (viewer: Role, role: Role): boolean =>
  staffListRoles(viewer).includes(role) && (role !== 'SUPER_ADMIN' || viewer === 'SUPER_ADMIN');

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

/** The id of a staff account a call acts on (an id that is none is not found). */
export const adminId = z.string({ error: STAFF_MESSAGES.USER_NOT_FOUND }).uuid(STAFF_MESSAGES.USER_NOT_FOUND);

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

/**
 * Whether `actor` may delete the account of `target`: as `mayManageStaff`, and a PARTNER account
 * only by SUPER_ADMIN or ADMIN — the roles of the partner setup (000 §4) and of
 * POST /api/affiliates/delete, so both delete calls follow one rule. Operator staff may still
 * block and reset the password of their partners' logins (reversible, within their operators).
 */
export function mayDeleteStaff(actor: { id: string; role: Role }, target: { id: string; role: Role }): boolean {
  return mayManageStaff(actor, target) && (target.role !== 'PARTNER' || isSuperRole(actor.role));
}

/** The new password and its confirmation, the same (the Change Password forms). */
export const passwordFields = { newPassword: passwordSchema, passwordConfirm: z.string().max(PASSWORD_MAX, STAFF_MESSAGES.PASSWORD_TOO_LONG) };
/** The two password fields hold the same password. */
export function passwordsMatch(v: { newPassword: string; passwordConfirm: string }, c: z.RefinementCtx): void {
  if (v.passwordConfirm !== v.newPassword) c.addIssue({ code: 'custom', path: ['passwordConfirm'], message: STAFF_MESSAGES.PASSWORD_MISMATCH });
}
/** The Change Password form. */
export const staffPasswordForm = z.object(passwordFields).superRefine(passwordsMatch);
/** POST /api/users/change-password (002 §7): adminId, newPassword, passwordConfirm. */
export const staffPasswordBody = z.object({ adminId, ...passwordFields }).superRefine(passwordsMatch);

/**
 * The roles `actor` may give an existing account (Change Role, 002 §5): never PARTNER (partners
 * come from the partner wizard); "ADMIN and SUPER_ADMIN are offered only to a super admin";
 * DEV_OPS only from super admins and admins. Stricter than New Admin (`creatableRoles`) on purpose:
 * the spec's Change Role rule keeps ADMIN from re-roling anyone to ADMIN.
 */
export function assignableRoles(actor: Role): readonly Role[] {
  if (actor === 'SUPER_ADMIN') return ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'DEV_OPS'];
  if (actor === 'ADMIN') return ['OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'DEV_OPS'];
  return ['OPERATOR_ADMIN', 'OPERATOR_MANAGER'];
}

/**
 * The roles `actor` may give a new account (New Admin, 002 §5: "Creators who are not super admin
 * or admin cannot assign ADMIN, SUPER_ADMIN or DEV_OPS. Nobody can assign PARTNER here."): a
 * SUPER_ADMIN every role but PARTNER; an ADMIN also ADMIN and DEV_OPS besides the operator roles,
 * but never SUPER_ADMIN — only a super admin makes a super admin (no admin raises anyone above
 * themselves); other creators the two operator roles.
 */
export function creatableRoles(actor: Role): readonly Role[] {
  if (actor === 'SUPER_ADMIN') return ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'DEV_OPS'];
  if (actor === 'ADMIN') return ['ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'DEV_OPS'];
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

/** What the identity of a player shows in the account's lists. */
export const PLAYER_SUB_INFO_TYPES = ['username', 'email', 'code'] as const;
export const PLAYER_SUB_INFO_LABELS: Record<(typeof PLAYER_SUB_INFO_TYPES)[number], string> = { username: 'Username', email: 'E-mail', code: 'Player code' };
/** The messages of the display settings (New Admin and /settings/general). */
export const GENERAL_MESSAGES = {
  SAVED: 'Settings saved.',
  PLAYER_SUB_INFO_INVALID: 'Choose how players are shown from the list.',
  ROUND_REPORT_NUMBERS_INVALID: 'Round report numbers is on or off.',
} as const;

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
  password: newPasswordSchema,
  nickname: nicknameSchema,
  userCode: z.preprocess(optionalText, z.string().trim()
    .regex(USER_CODE, STAFF_MESSAGES.USER_CODE_INVALID).min(STAFF_NAME_MIN, STAFF_MESSAGES.USER_CODE_LENGTH).max(STAFF_NAME_MAX, STAFF_MESSAGES.USER_CODE_LENGTH).optional()),
  role: z.enum(ROLES, { error: STAFF_MESSAGES.NEW_ROLE_REQUIRED }),
  opId: z.preprocess(optionalText, z.string().trim().max(64).optional()),
  /** Hide User Activity: set by SUPER_ADMIN and ADMIN only. */
  isHidden: z.boolean().default(false),
  roundReportNumbers: z.boolean().default(false),
  language: languageSchema.default('en'),
  timezone: timezoneSchema.default('UTC'),
  playerSubInfoType: z.enum(PLAYER_SUB_INFO_TYPES, { error: GENERAL_MESSAGES.PLAYER_SUB_INFO_INVALID }).default('username'),
}).superRefine((v, c) => {
  if (v.role && !isGlobalRole(v.role) && !v.opId) c.addIssue({ code: 'custom', path: ['opId'], message: STAFF_MESSAGES.ROLE_NEEDS_OPERATOR });
});
export type StaffCreateBody = z.input<typeof staffCreateBody>;

/**
 * Who may create an account of `role` (002 §5, 000 §4): the New Admin roles of the caller
 * (`creatableRoles`, never PARTNER; SUPER_ADMIN by a super admin only); PARTNER only by
 * SUPER_ADMIN and ADMIN, for the user of a partner operator (the partner wizard's second step).
 * Hide User Activity: SUPER_ADMIN and ADMIN.
 */
export function mayCreateStaff(actor: Role, v: { role: Role; isHidden?: boolean }): boolean {
  if (v.isHidden && !isSuperRole(actor)) return false;
  return v.role === 'PARTNER' ? isSuperRole(actor) : creatableRoles(actor).includes(v.role);
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

/** Whether an account may be migrated to an operator: never a Super Admin's (its role is changed first). */
export const mayMigrateStaff = (target: { role: Role }): boolean => target.role !== 'SUPER_ADMIN';

/** POST /api/users/migrate (002 §7): adminId, opId, role — the account moves to another operator (an operator role). */
export const staffMigrateBody = z.object({
  adminId,
  opId: z.string({ error: STAFF_MESSAGES.ROLE_NEEDS_OPERATOR }).trim().min(1, STAFF_MESSAGES.ROLE_NEEDS_OPERATOR).max(64),
  role: z.enum(ROLES, { error: STAFF_MESSAGES.ROLE_REQUIRED }),
});
export const staffMigrateAnswer = z.object({ id: z.string(), opId: z.string(), role: z.enum(ROLES) });

/* ---------- General settings of the signed-in user (/settings/general) ---------- */

/** What the signed-in user works in: their account's display settings and, for operator staff, their operator's general settings. */
export const staffGeneral = z.object({
  account: z.object({
    email: z.string(), nickname: z.string(), role: z.enum(ROLES), language: z.string(), timezone: z.string(),
    playerSubInfoType: z.enum(PLAYER_SUB_INFO_TYPES), roundReportNumbers: z.boolean(),
  }),
  /** Null for the global roles (every operator). */
  operator: z.object({
    opId: z.string(), title: z.string(), kind: z.string(), status: z.string(), parentTitle: z.string().nullable(),
    allowedCurrencies: z.array(z.string()), allowedLangs: z.array(z.string()), dailyTopupLimitInUsd: z.string(),
    /** The operator's two-factor rule, or its parent's, covers the user (a brand's staff are covered by their parent's too). */
    requireTwoFactor: z.boolean(),
    brands: z.array(z.object({ opId: z.string(), title: z.string(), status: z.string() })),
  }).nullable(),
  /** How many operators the user's lists cover (null: every operator). */
  operatorsInScope: z.number().int().nullable(),
});
export type StaffGeneral = z.infer<typeof staffGeneral>;

/** PUT /api/users/me/general: how the signed-in user's lists show players and report numbers. */
export const staffGeneralBody = z.object({
  playerSubInfoType: z.enum(PLAYER_SUB_INFO_TYPES, { error: GENERAL_MESSAGES.PLAYER_SUB_INFO_INVALID }),
  roundReportNumbers: z.boolean({ error: GENERAL_MESSAGES.ROUND_REPORT_NUMBERS_INVALID }),
});
export const staffGeneralAnswer = staffGeneralBody;
