/**
 * The signed-in staff member's own profile (/user/profile): nickname, language, timezone,
 * password, two-factor authentication and sessions; and the admin side of the same (reset of
 * another account's second factor, its sessions, the operator-wide two-factor rule). One schema
 * per form and body; messages in staff.ts and two-factor.ts.
 */
import { z } from 'zod';
import { ROLES } from './roles.js';
import { MSG } from './messages.js';
import { PASSWORD_MAX, adminId, nicknameSchema, passwordFields, passwordsMatch } from './staff.js';
import { SESSION_MESSAGES, TWO_FACTOR_MESSAGES, codeKind, normalizeCode } from './two-factor.js';
import { languageSchema, timezoneSchema } from './validation.js';

export const PROFILE_MESSAGES = {
  UPDATED: 'Profile updated!',
  NOTHING_TO_UPDATE: 'Nothing to update.',
  CURRENT_PASSWORD_REQUIRED: 'Enter your current password.',
  CURRENT_PASSWORD_WRONG: 'The current password is not correct.',
  SAME_PASSWORD: 'The new password must differ from the current one.',
  passwordUpdated: (ended: number) => (ended ? `Password updated! Your ${ended === 1 ? 'other session has' : `${ended} other sessions have`} been ended.` : 'Password updated!'),
} as const;


/** The Change Nickname form. */
export const profileNicknameForm = z.object({ nickname: nicknameSchema });
/** The Language and Timezone form. */
export const profilePreferencesForm = z.object({ language: languageSchema, timezone: timezoneSchema });

/** PUT /api/users/me/profile: the fields to change (at least one). */
export const profileUpdateBody = z.strictObject({
  nickname: nicknameSchema.optional(),
  language: languageSchema.optional(),
  timezone: timezoneSchema.optional(),
}).refine((v) => v.nickname !== undefined || v.language !== undefined || v.timezone !== undefined, { message: PROFILE_MESSAGES.NOTHING_TO_UPDATE });

const currentPassword = z.string({ error: PROFILE_MESSAGES.CURRENT_PASSWORD_REQUIRED }).min(1, PROFILE_MESSAGES.CURRENT_PASSWORD_REQUIRED).max(PASSWORD_MAX);
/** The own Change Password form and POST /api/users/me/password: the current password, then the 002 §5 rules. */
export const profilePasswordBody = z.object({ currentPassword, ...passwordFields })
  .superRefine(passwordsMatch)
  .refine((v) => !v.newPassword || v.newPassword !== v.currentPassword, { path: ['newPassword'], message: PROFILE_MESSAGES.SAME_PASSWORD });

/** A typed code: the 6 digits of the authenticator app, or (where `recovery`) a recovery code. */
const codeSchema = (recovery: boolean) => z.string({ error: TWO_FACTOR_MESSAGES.CODE_REQUIRED }).max(64, TWO_FACTOR_MESSAGES.CODE_REQUIRED)
  .transform(normalizeCode)
  .refine((v) => v.length > 0, TWO_FACTOR_MESSAGES.CODE_REQUIRED)
  .refine((v) => !v || (recovery ? codeKind(v) !== null : codeKind(v) === 'totp'), recovery ? TWO_FACTOR_MESSAGES.CODE_INVALID : TWO_FACTOR_MESSAGES.CODE_FORMAT);
export const totpCodeSchema = codeSchema(false);
export const secondFactorCodeSchema = codeSchema(true);

/** POST /api/auth/login/two-factor: the challenge of the first step and a code. */
export const loginTwoFactorBody = z.object({
  challenge: z.string({ error: TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED }).min(20, TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED).max(128, TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED),
  code: secondFactorCodeSchema,
});

export const twoFactorChallengeAnswer = z.object({ twoFactorRequired: z.literal(true), challenge: z.string(), expiresAt: z.string() });

/** Setup: the secret (for typing in), its otpauth URI and the QR code of it. Not on until confirmed. */
export const twoFactorStartAnswer = z.object({ secret: z.string(), uri: z.string(), qrDataUrl: z.string() });
export const twoFactorConfirmBody = z.object({ code: totpCodeSchema });
/** New recovery codes: a current code of the app (not a recovery code). */
export const recoveryCodesBody = z.object({ code: totpCodeSchema });
/** The recovery codes, shown once. */
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });
/** Turning it off: a current code (or recovery code), or the password. */
export const twoFactorDisableBody = z.object({
  code: z.string().max(64).optional(),
  password: z.string().max(128).optional(),
}).refine((v) => !!v.code?.trim() || !!v.password, { message: TWO_FACTOR_MESSAGES.DISABLE_PROOF });
export const twoFactorStateAnswer = z.object({ enabled: z.boolean() });

export const profileView = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
  role: z.enum(ROLES),
  opId: z.string().nullable(),
  opTitle: z.string().nullable(),
  language: z.string(),
  timezone: z.string(),
  createdAt: z.string(),
  twoFactor: z.object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int(),
    /** The operator's rule applies to this account (it cannot turn it off). */
    requiredByOperator: z.boolean(),
  }),
});
export type ProfileView = z.infer<typeof profileView>;

/** One session of a staff account. `id` is a short public handle of the session, never its token. */
export const sessionRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRow>;
export const SESSION_HANDLE_LENGTH = 20;
const sessionId = z.string({ error: SESSION_MESSAGES.NOT_FOUND }).regex(new RegExp(`^[0-9a-f]{${SESSION_HANDLE_LENGTH}}$`), SESSION_MESSAGES.NOT_FOUND);
export const sessionsAnswer = z.object({ items: z.array(sessionRow), mayRevoke: z.boolean() });
export const sessionRevokeBody = z.object({ sessionId });
export const sessionsRevokedAnswer = z.object({ ended: z.number().int() });

/** POST /api/users/reset-2fa. */
export const staffReset2faBody = z.object({ adminId });
/** POST /api/users/sessions: a staff account's sessions. */
export const staffSessionsBody = z.object({ adminId });
/** POST /api/users/sessions/revoke: one session of the account, or (without `sessionId`) all of them. */
export const staffRevokeSessionsBody = z.object({ adminId, sessionId: sessionId.optional() });

/** The operator-wide rule: every staff member of the operator (and of its brands) must use two-factor authentication. */
export const twoFactorRuleQuery = z.object({ opId: z.string().trim().min(1, MSG.OPERATOR_NOT_FOUND).max(64) });
export const twoFactorRuleBody = z.object({ opId: z.string().trim().min(1, MSG.OPERATOR_NOT_FOUND).max(64), requireTwoFactor: z.boolean() });
export const twoFactorRuleAnswer = z.object({
  opId: z.string(),
  title: z.string(),
  requireTwoFactor: z.boolean(),
  /** The parent operator requires it for this brand's staff anyway. */
  requiredByParent: z.object({ opId: z.string(), title: z.string() }).nullable(),
  /** Staff accounts the rule covers, and those among them without two-factor authentication. */
  staff: z.number().int(),
  staffWithoutTwoFactor: z.number().int(),
});
