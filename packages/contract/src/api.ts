import { z } from 'zod';
import { ROLES } from './roles.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, NOTE_MAX, QUICK_TIME_FILTERS, USERNAME_ADMIN_MAX } from './constants.js';
import { KYC_OPTION_TYPES, USERNAME_STATUSES, kycNoteSchema, usernameSchema } from './validation.js';
import { MSG } from './messages.js';
import { recordHolder } from './claims.js';
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
  /** Two-factor authentication is on for this account. */
  twoFactorEnabled: z.boolean(),
  /** The operator requires two-factor authentication and the account has not set it up: only the profile is reachable. */
  twoFactorSetupRequired: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const operatorSummary = z.object({
  opId: z.string(),
  title: z.string(),
  parentOpId: z.string().nullable(),
  isBrand: z.boolean(),
  isCmsDefault: z.boolean(),
  allowedCurrencies: z.array(z.string()),
  allowedLangs: z.array(z.string()),
  /** OPERATOR, BRAND, PARTNER or CMS_DEFAULT. */
  kind: z.string(),
  /** ACTIVE or INACTIVE: new staff attach to an ACTIVE operator only. */
  status: z.string(),
});
export type OperatorSummary = z.infer<typeof operatorSummary>;

/** Boolean-ish query values: "true"/"false" in URLs. */
export const boolish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/**
 * A keyset cursor as a previous answer's `nextCursor` gives it: `<sortValue>|<tiebreak>`, the
 * row's sort value(s) (several are comma-separated, each with `%`, `|` and `,` percent-escaped)
 * and its unique key (a uuid, a whole number, or a text key of letters, digits, `_`, `.` and `-`
 * such as an operator's opId). The server checks the values against the list's sort columns
 * too; whatever is wrong answers the same message.
 */
export const CURSOR_PATTERN = /^[^|]+\|[A-Za-z0-9_.-]{1,64}$/;
export const listCursor = z.string().max(240, MSG.CURSOR_INVALID).regex(CURSOR_PATTERN, MSG.CURSOR_INVALID);

/** Paging of every list: `page` (OFFSET, deep links) or, when given, the keyset `cursor` of the previous page. */
export const listPaging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** `nextCursor` of the previous page: the next rows by keyset, without OFFSET (`page` is then only echoed). */
  cursor: listCursor.optional(),
});

/** The shared list parameters (000 §2.2). */
export const listScope = listPaging.extend({
  opId: z.string().trim().min(1).optional(),
  includeBrands: boolish.optional(),
  isTest: z.enum(['true', 'false', 'all']).optional(),
});

/** The Operator ID filter of super roles' lists (000 §6): exactly this operator (its opId), without its brands. */
export const operatorIdFilter = z.string().trim().max(64).optional();

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
  /** The keyset `cursor` (listScope) pages every sort but lastActivityAt, which may be empty (OFFSET paging there). */
  sortBy: z.enum(PLAYER_SORTS).default('createdAt'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  // SUPER_ADMIN and ADMIN extra filters (000 §6, 001 §6; the endpoint table refuses them from other roles), each exact:
  /** Player UID: the player's UUID (the `playerId` every answer carries). */
  playerUid: z.string().trim().max(64).optional(),
  /** Player ID: the player's number, the digits of its player code (100001, or P100001, is the player P100001). */
  playerId: z.string().trim().max(64).optional(),
  /** Operator ID: the players of exactly this operator (its opId), without its brands. */
  operatorId: operatorIdFilter,
}).refine((v) => !v.from || !v.to || v.from <= v.to, { message: MSG.DATE_RANGE_INVALID, path: ['from'] });
export type PlayersListBody = z.input<typeof playersListBody>;

/** One player as the list and the details answer it. */
export const playerRow = z.object({
  playerId: z.string(),
  playerCode: z.string(),
  username: z.string().nullable(),
  opId: z.string(),
  opTitle: z.string(),
  parentOpId: z.string().nullable(),
  parentOpTitle: z.string().nullable(),
  affId: z.string().nullable(),
  refId: z.string().nullable(),
  channelId: z.string().nullable(),
  subChannelId: z.string().nullable(),
  email: z.string().nullable(),
  activeCurrency: z.string(),
  isTest: z.boolean(),
  isVerified: z.boolean(),
  isBlocked: z.boolean(),
  chatIsBlocked: z.boolean(),
  isDeleted: z.boolean(),
  twoFactorEnabled: z.boolean(),
  wallet: z.object({ inUSD: z.object({ balance: z.string() }), byCurrency: z.record(z.string(), z.object({ balance: z.string() })) }),
  playerStats: z.object({ totalBetCount: z.number(), totalDepositCount: z.number(), totalWithdrawCount: z.number(), totalTopUpIncreaseCount: z.number() }),
  kyc: z.object({ verifications: z.array(z.object({ status: z.string(), count: z.number() })) }),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastActivityAt: z.string().nullable(),
});
export type PlayerRow = z.infer<typeof playerRow>;

export interface ListAnswer<T> {
  items: T[];
  /** Rows on this page. */
  count: number;
  /** Whether another page follows (no exact total is counted on large tables). */
  remaining: boolean;
  page: number;
  limit: number;
  /** The keyset cursor of the next page (send it as `cursor`); null when nothing remains or the sort has none. */
  nextCursor: string | null;
}

export const playerSearchBody = z.object({
  playerCode: z.string().trim().min(2, MSG.SEARCH_TOO_SHORT).max(64),
  opId: z.string().optional(),
  includeBrands: boolish.optional(),
});

export const playerGetBody = z
  .object({ playerId: z.string().trim().min(1).optional(), playerCode: z.string().trim().min(1).optional() })
  .refine((v) => v.playerId || v.playerCode, { message: MSG.PLAYER_KEY_REQUIRED });

export const playerDeleteBody = z.object({
  playerId: z.string().trim().min(1, MSG.PLAYER_ID_REQUIRED),
  playerUsername: z.string().trim().optional(),
  uuid: z.string().trim().optional(),
  /** Type-to-confirm, required: the player code typed by the staff member (checked against the player's own by the server). */
  confirmation: z.string({ error: MSG.PLAYER_DELETE_CONFIRM }).trim().min(1, MSG.PLAYER_DELETE_CONFIRM),
});

export const player2faBody = z.object({
  playerId: z.string().trim().min(1, MSG.PLAYER_ID_REQUIRED),
  playerCode: z.string().trim().min(1, MSG.PLAYER_CODE_REQUIRED),
});

/** The username character rule applies to non-admin roles only (001 §5); theirs has a length limit. */
export const usernameForRole = (isSuper: boolean) => (isSuper ? z.string().max(USERNAME_ADMIN_MAX, MSG.USERNAME_INVALID) : usernameSchema);

/**
 * What breaks a username decision (001 §5), for the console's form and the server alike: a
 * REJECT needs its note; otherwise the username must follow the moderator's role rule
 * (`isSuper` null: the role is not known here — the request body — and the handler checks it).
 */
export function usernameDecisionProblem(v: { status: string; username: string; note?: string }, isSuper: boolean | null): { path: 'note' | 'username'; message: string } | null {
  if (v.status === 'REJECT') return v.note ? null : { path: 'note', message: MSG.USERNAME_NOTE_REQUIRED };
  if (isSuper === null) return null;
  return v.username && usernameForRole(isSuper).safeParse(v.username).success ? null : { path: 'username', message: MSG.USERNAME_INVALID };
}
const usernameDecisionFields = {
  username: z.string().trim(),
  status: z.enum(USERNAME_STATUSES, { error: MSG.USERNAME_STATUS_EMPTY }),
  note: z.string().trim().max(NOTE_MAX, MSG.NOTE_TOO_LONG),
};
const checkDecision = (isSuper: boolean | null) => (v: { status: string; username: string; note?: string }, ctx: z.RefinementCtx) => {
  const p = usernameDecisionProblem(v, isSuper);
  if (p) ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
};
/** The Edit Username form of a moderator (super or not). */
export const usernameModerationForm = (isSuper: boolean) => z.object(usernameDecisionFields).superRefine(checkDecision(isSuper));

export const usernameModerationBody = z
  .object({
    playerCode: z.string().trim().min(1, MSG.PLAYER_CODE_REQUIRED),
    ...usernameDecisionFields,
    note: usernameDecisionFields.note.optional().default(''),
    requestId: z.string().optional(),
  })
  .superRefine(checkDecision(null));

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
], { error: MSG.KYC_ACTION_INVALID });
export type KycActionBody = z.infer<typeof kycActionBody>;
export { kycNoteSchema };

export const kycRecord = z.object({
  kycId: z.string(),
  level: z.number(),
  optionType: z.string(),
  playerCode: z.string(),
  playerId: z.string(),
  opId: z.string(),
  isTest: z.boolean(),
  kycStatus: z.enum(KYC_STATUSES),
  data: z.record(z.string(), z.string()),
  noteForPlayer: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  rejectedAt: z.string().nullable(),
  rejectedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  player: z.object({ playerCode: z.string(), username: z.string().nullable(), email: z.string().nullable() }),
  /** The list's "Claimed by": who holds the document (claims.ts); only the list answers it. */
  holder: recordHolder.optional(),
});
export type KycRecord = z.infer<typeof kycRecord>;

export const activitiesListBody = listScope.extend({
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(80).optional(),
  action: z.string().max(80).optional(),
});

export const activityRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  opId: z.string().nullable(),
  /** The operator by name (null when the activity has none). */
  opTitle: z.string().nullable(),
  parentOpTitle: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type ActivityRow = z.infer<typeof activityRow>;

export type Badges = Record<string, number>;

/** POST /api/settings/login-activity/list: login attempts (the /settings/login-activitiy page). */
export const loginActivityListBody = listScope.extend({
  email: z.string().trim().max(120).optional(),
  success: z.enum(['true', 'false']).optional(),
  quickTime: z.enum(QUICK_TIME_FILTERS).optional(),
});

export const loginActivityRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  email: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  role: z.string().nullable(),
  opId: z.string().nullable(),
  opTitle: z.string().nullable(),
  parentOpTitle: z.string().nullable(),
});
export type LoginActivityRow = z.infer<typeof loginActivityRow>;

/** A list's day filters (YYYY-MM-DD) whose start lies after their end: the message for the filter drawer, else null. */
export const dayRangeProblem = (v: { from?: string; to?: string }): string | null => (v.from && v.to && v.from > v.to ? MSG.DATE_RANGE_INVALID : null);
