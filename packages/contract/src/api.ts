import { z } from 'zod';
import { ROLES } from './roles.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, NOTE_MAX, QUICK_TIME_FILTERS } from './constants.js';
import { KYC_OPTION_TYPES, USERNAME_STATUSES, kycNoteSchema, usernameSchema } from './validation.js';
import { MSG } from './messages.js';
import { EMAIL_PATTERN, LOGIN_MESSAGES } from './login.js';

/** The answer envelope of every call (000 §7). */
export interface Envelope<T> {
  success: boolean;
  data: T;
  messages: string[];
  status?: string;
}

export const loginBody = z.object({
  email: z.string().trim().min(1, LOGIN_MESSAGES.EMAIL_REQUIRED).email({ message: LOGIN_MESSAGES.EMAIL_INVALID, pattern: EMAIL_PATTERN }),
  password: z.string().min(1, LOGIN_MESSAGES.PASSWORD_REQUIRED),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
  role: z.enum(ROLES),
  opId: z.string().nullable(),
  parentOpId: z.string().nullable(),
  timezone: z.string(),
  permissions: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

export interface OperatorSummary {
  opId: string;
  title: string;
  parentOpId: string | null;
  isBrand: boolean;
  isCmsDefault: boolean;
  allowedCurrencies: string[];
  allowedLangs: string[];
}

/** Boolean-ish query values: "true"/"false" in URLs. */
const boolish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** The shared list parameters (000 §2.2). */
export const listScope = z.object({
  opId: z.string().trim().min(1).optional(),
  includeBrands: boolish.optional(),
  isTest: z.enum(['true', 'false', 'all']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const PLAYER_STATUS_FILTERS = ['active', 'blocked', 'deleted', 'chatBlocked', 'verified', 'unverified'] as const;
export const PLAYER_SORTS = ['createdAt', 'updatedAt', 'lastActivityAt', 'playerCode'] as const;

export const playersListBody = listScope.extend({
  playerCode: z.string().trim().max(64).optional(),
  username: z.string().trim().max(64).optional(),
  status: z.enum(PLAYER_STATUS_FILTERS).optional(),
  kycStatus: z.enum(['NOT_SUBMITTED', 'PENDING', 'CONFIRMED', 'REJECTED']).optional(),
  currency: z.string().trim().max(8).optional(),
  quickTime: z.enum(QUICK_TIME_FILTERS).optional(),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  sortBy: z.enum(PLAYER_SORTS).default('createdAt'),
  /** Keyset cursor from a previous answer's `nextCursor` (not for sortBy lastActivityAt, which may be empty). */
  cursor: z.string().max(120).regex(/^[^|]+\|[0-9a-f-]{36}$/, 'Invalid cursor.').optional(),
  sort: z.enum(['asc', 'desc']).default('desc'),
  // SUPER_ADMIN and ADMIN extra filters (000 §6)
  playerUid: z.string().trim().max(64).optional(),
  playerId: z.string().trim().max(64).optional(),
}).refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'From date cannot exceed to date.', path: ['from'] });
export type PlayersListBody = z.input<typeof playersListBody>;

export interface PlayerRow {
  playerId: string;
  playerCode: string;
  username: string | null;
  opId: string;
  opTitle: string;
  parentOpId: string | null;
  parentOpTitle: string | null;
  affId: string | null;
  refId: string | null;
  channelId: string | null;
  subChannelId: string | null;
  email: string | null;
  activeCurrency: string;
  isTest: boolean;
  isVerified: boolean;
  isBlocked: boolean;
  chatIsBlocked: boolean;
  isDeleted: boolean;
  twoFactorEnabled: boolean;
  wallet: { inUSD: { balance: string }; byCurrency: Record<string, { balance: string }> };
  playerStats: { totalBetCount: number; totalDepositCount: number; totalWithdrawCount: number; totalTopUpIncreaseCount: number };
  kyc: { verifications: { status: string; count: number }[] };
  createdAt: string;
  updatedAt: string;
  lastActivityAt: string | null;
}

export interface ListAnswer<T> {
  items: T[];
  /** Rows on this page. */
  count: number;
  /** Whether another page follows (no exact total is counted on large tables). */
  remaining: boolean;
  page: number;
  limit: number;
}

export const playerSearchBody = z.object({
  playerCode: z.string().trim().min(2, 'Type at least 2 characters.').max(64),
  opId: z.string().optional(),
  includeBrands: boolish.optional(),
});

export const playerGetBody = z
  .object({ playerId: z.string().trim().min(1).optional(), playerCode: z.string().trim().min(1).optional() })
  .refine((v) => v.playerId || v.playerCode, { message: 'playerId or playerCode is required.' });

export const playerDeleteBody = z.object({
  playerId: z.string().trim().min(1, 'playerId is required.'),
  playerUsername: z.string().trim().optional(),
  uuid: z.string().trim().optional(),
  /** Type-to-confirm: the player code typed by the staff member. */
  confirmation: z.string().trim().optional(),
});

export const player2faBody = z.object({
  playerId: z.string().trim().min(1, 'playerId is required.'),
  playerCode: z.string().trim().min(1, 'playerCode is required.'),
});

export const usernameModerationBody = z
  .object({
    playerCode: z.string().trim().min(1, 'playerCode is required.'),
    username: z.string().trim(),
    status: z.enum(USERNAME_STATUSES, { error: MSG.USERNAME_STATUS_EMPTY }),
    note: z.string().trim().max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters.`).optional().default(''),
    requestId: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'REJECT' && !v.note) ctx.addIssue({ code: 'custom', message: MSG.USERNAME_NOTE_REQUIRED, path: ['note'] });
  });
/** The username character rule applies to non-admin roles only (001 §5). */
export const usernameForRole = (isSuper: boolean) => (isSuper ? z.string() : usernameSchema);

export const usernamesListBody = listScope.extend({
  status: z.enum(USERNAME_STATUSES).optional(),
  playerCode: z.string().trim().max(64).optional(),
});

export const KYC_STATUSES = ['NOT_SUBMITTED', 'PENDING', 'CONFIRMED', 'REJECTED'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const kycListBody = listScope.extend({
  status: z.enum(KYC_STATUSES).optional(),
  optionType: z.enum(KYC_OPTION_TYPES).optional(),
  playerCode: z.string().trim().max(64).optional(),
});

/** PUT /api/players/kyc/v2 JSON actions (000 §7). Accepts both spellings of the spec. */
export const kycActionBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('approve'),
    kycId: z.string().optional(), uuid: z.string().optional(),
    noteForPlayer: z.string().optional(), noteForThePlayer: z.string().optional(),
    playerId: z.string().optional(), playerCode: z.string().optional(),
  }),
  z.object({
    action: z.literal('reject'),
    kycId: z.string().optional(), uuid: z.string().optional(),
    noteForPlayer: z.string().optional(), noteForThePlayer: z.string().optional(),
    playerId: z.string().optional(), playerCode: z.string().optional(),
  }),
  z.object({
    action: z.literal('edit'),
    kycId: z.string().optional(), uuid: z.string().optional(),
    details: z.record(z.string(), z.string()),
  }),
], { error: 'action must be one of approve, reject, edit, upload.' });
export type KycActionBody = z.infer<typeof kycActionBody>;
export { kycNoteSchema };

export interface KycRecord {
  kycId: string;
  level: number;
  optionType: string;
  playerCode: string;
  playerId: string;
  opId: string;
  isTest: boolean;
  kycStatus: KycStatus;
  data: Record<string, string>;
  noteForPlayer: string | null;
  createdAt: string;
  updatedAt: string;
  rejectedAt: string | null;
  rejectedBy: string | null;
  approvedAt: string | null;
  approvedBy: string | null;
  player: { playerCode: string; username: string | null; email: string | null };
}

export const activitiesListBody = listScope.extend({
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(80).optional(),
  action: z.string().max(80).optional(),
});

export interface ActivityRow {
  id: string;
  createdAt: string;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  opId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

export type Badges = Record<string, number>;

/** POST /api/settings/login-activity/list: login attempts (the /settings/login-activitiy page). */
export const loginActivityListBody = listScope.extend({
  email: z.string().trim().max(120).optional(),
  success: z.enum(['true', 'false']).optional(),
  quickTime: z.enum(QUICK_TIME_FILTERS).optional(),
});

export interface LoginActivityRow {
  id: string;
  createdAt: string;
  email: string;
  success: boolean;
  reason: string | null;
  ip: string | null;
  role: string | null;
  opId: string | null;
}
