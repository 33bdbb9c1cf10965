/**
 * Partners (000 §3–§5, §7; 001 §3–§7): partner settings, the partner wizard's brand step, the
 * partner's balance and withdrawals (USDT on TRON), channels and the partner dashboard. The
 * spec's messages where it gives them (000 §8, 001 §8); the others written here once. One schema
 * per rule, used by the console's forms and the server's bodies.
 */
import { z } from 'zod';
import { listScope } from './api.js';
import { NOTE_MAX, PARTNER_WITHDRAW_CURRENCY, PARTNER_WITHDRAW_NETWORK } from './constants.js';
import { AMOUNT_MESSAGES, positiveAmount } from './money.js';
import { REPORT_PERIODS } from './partner-report.js';
import { MSG } from './messages.js';
import { STAFF_MESSAGES } from './staff.js';

export const PARTNER_MESSAGES = {
  // 000 §8: partner creation (the wizard)
  CREATE_FAILED: 'Error happened while creating the partner, please try again.',
  // The wizard's user step is New Admin's call (POST /api/users): its failure texts are New Admin's.
  USER_CREATE_FAILED: STAFF_MESSAGES.CREATE_FAILED,
  USER_CREATE_THROWN: STAFF_MESSAGES.CREATE_THROWN,
  SETTINGS_FAILED: 'Unable to create partner settings',
  INITIALIZED: 'Partner Initialized!',
  USER_CREATED: 'User for this partner has been created successfully!',
  CREATED: 'Partner has been created successfully!',
  SETTINGS_UPDATED: 'Partner settings updated!',
  WARNING_TITLE: 'Warning',
  // 000 §5: partner rules
  NAME_REQUIRED: 'Partner name is required.',
  NAME_MAX: 'Partner name can be at most 20 characters.',
  DOMAIN_REQUIRED: 'Domain is required.',
  DOMAIN_NO_PROTOCOL: 'Enter the domain without http:// or https://.',
  DOMAIN_INVALID: 'Domain: 1 to 63 letters, digits, dots or hyphens.',
  PERCENT: 'Enter a whole number from 1 to 100.',
  MIN_WITHDRAW: 'Minimum withdraw must be a whole number of at least 1 USD.',
  PARENT_REQUIRED: 'Please select a parent operator.',
  PARENT_INACTIVE: 'The parent operator is not active: a partner attaches only to an ACTIVE operator.',
  PARENT_NOT_OPERATOR: 'A partner attaches to a parent operator, not to a brand or a partner.',
  PARTNER_NOT_FOUND: 'Partner not found.',
  STATUS_INVALID: 'Status must be active or inactive.',
  // 001 §4–§5: partner withdraw
  WALLET_REQUIRED: 'Enter the wallet address.',
  WALLET_INVALID: 'Enter a TRON wallet address: T followed by 33 letters and digits.',
  CURRENCY_ONLY: 'Partner withdrawals are paid in USDT on the TRON network only.',
  AMOUNT_OVER_BALANCE: 'The amount is more than the partner balance.',
  AMOUNT_FORMAT: 'Amount must be a number with at most 2 decimals.',
  AMOUNT_POSITIVE: AMOUNT_MESSAGES.POSITIVE,
  amountBelowMin: (min: number) => `The minimum withdrawal is ${min} USD.`,
  REQUESTED: 'Withdrawal requested!',
  /** Designed: a partner whose settings are inactive (new partners start so, 000 §3) requests no withdrawal. */
  WITHDRAW_INACTIVE: 'This partner is inactive: withdrawals can be requested once an admin activates it.',
  NOTE_REQUIRED: 'Note for the partner cannot be empty!',
  NOTE_MAX: MSG.NOTE_TOO_LONG,
  ACTION_TYPE: 'actionType must be confirm or reject.',
  CONFIRMED: 'Withdraw confirmed succesfully',
  REJECTED: 'Withdraw rejected succesfully',
  WITHDRAWAL_NOT_FOUND: 'Withdrawal not found.',
  WITHDRAW_STATUS_INVALID: 'Status must be PENDING, CONFIRMED or REJECTED.',
  alreadyDecided: (status: string, by: string | null) => `This withdrawal is already ${status.toLowerCase()}${by ? ` by ${by}` : ''}.`,
  // 001 §5, §8: channels
  CHANNEL_DIALOG_TITLE: 'Unable To Create Channel',
  PARTNER_REQUIRED: 'Please select a partner.',
  CHANNEL_ID_INVALID: 'Channel ID: 2 to 32 letters, digits, hyphens or underscores.',
  CHANNEL_NAME_INVALID: 'Channel name is required (at most 60 characters).',
  CHANNEL_EXISTS: 'This partner already has a channel with this ID.',
  CHANNEL_CREATED: 'Channel created!',
  NO_DOMAIN: 'This partner has no domain yet: set it in the partner settings first.',
  // The partner dashboard
  PERIOD_INVALID: 'Period must be TODAY, THIS_WEEK, THIS_MONTH or THIS_YEAR.',
  // 001 §7 / 002 §8: delete affiliate
  AFFILIATE_DELETED: 'Partner user has been deleted successfully!',
  AFFILIATE_DELETE_CONFIRM: "Type the user's e-mail address to confirm.",
} as const;

/**
 * The partner settings (000 §3), defined here once: whether the partner is active, its shares and
 * fees (whole percentages 1–100) and its minimum withdraw (whole USD). The forms, the bodies, the
 * answers, the server's rows and the console's fields and summary are all made from these lists.
 */
export const PARTNER_SHARE_FIELDS = ['casinoSharePercentage', 'sportSharePercentage'] as const;
export const PARTNER_FEE_FIELDS = ['affiliateFeePercentage', 'bonusFeePercentage', 'cashbackFeePercentage', 'depositFeePercentage', 'withdrawFeePercentage'] as const;
/** The percentages of the partner settings, shares then fees. */
export const PARTNER_PERCENT_FIELDS = [...PARTNER_SHARE_FIELDS, ...PARTNER_FEE_FIELDS] as const;
export type PartnerPercentField = (typeof PARTNER_PERCENT_FIELDS)[number];
/** One value per percentage of the settings, made by `value`. */
export const perPercentField = <T>(value: (field: PartnerPercentField) => T): Record<PartnerPercentField, T> =>
  Object.fromEntries(PARTNER_PERCENT_FIELDS.map((f) => [f, value(f)])) as Record<PartnerPercentField, T>;
export const PARTNER_FIELD_LABELS: Record<PartnerPercentField | 'minWithdrawAmountInUSD', string> = {
  casinoSharePercentage: 'Casino share %',
  sportSharePercentage: 'Sport share %',
  affiliateFeePercentage: 'Affiliate fee %',
  bonusFeePercentage: 'Bonus fee %',
  cashbackFeePercentage: 'Cashback fee %',
  depositFeePercentage: 'Deposit fee %',
  withdrawFeePercentage: 'Withdraw fee %',
  minWithdrawAmountInUSD: 'Minimum withdraw (USD)',
};

/** Partner name and domain limits (000 §9). */
export const PARTNER_NAME_MAX = 20;
export const PARTNER_DOMAIN_MAX = 63;

export const partnerName = z.string({ error: PARTNER_MESSAGES.NAME_REQUIRED }).trim()
  .min(1, PARTNER_MESSAGES.NAME_REQUIRED).max(PARTNER_NAME_MAX, PARTNER_MESSAGES.NAME_MAX);

/** A partner's domain (000 §5): 1–63 letters, digits, dots or hyphens, entered without a protocol. */
export const partnerDomain = z.string({ error: PARTNER_MESSAGES.DOMAIN_REQUIRED }).trim()
  .min(1, PARTNER_MESSAGES.DOMAIN_REQUIRED)
  .refine((v) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(v), PARTNER_MESSAGES.DOMAIN_NO_PROTOCOL)
  .refine((v) => v === '' || /^[A-Za-z0-9.-]{1,63}$/.test(v) || /^[a-z][a-z0-9+.-]*:\/\//i.test(v), PARTNER_MESSAGES.DOMAIN_INVALID)
  .transform((v) => v.toLowerCase());

/** A whole number from 1 to 100 (a form's text or the body's number). */
const percent = z.coerce.number({ error: PARTNER_MESSAGES.PERCENT }).int(PARTNER_MESSAGES.PERCENT).min(1, PARTNER_MESSAGES.PERCENT).max(100, PARTNER_MESSAGES.PERCENT);
const minWithdraw = z.coerce.number({ error: PARTNER_MESSAGES.MIN_WITHDRAW }).int(PARTNER_MESSAGES.MIN_WITHDRAW)
  .min(1, PARTNER_MESSAGES.MIN_WITHDRAW).max(1_000_000_000, PARTNER_MESSAGES.MIN_WITHDRAW);

/** The settings form (step 3 of the wizard, Edit Partner). */
export const partnerSettingsForm = z.object({ isActive: z.boolean(), ...perPercentField(() => percent), minWithdrawAmountInUSD: minWithdraw });
export type PartnerSettings = z.output<typeof partnerSettingsForm>;

/** The values of a new partner's settings (000 §3: inactive, each value 1). */
export const NEW_PARTNER_SETTINGS: Readonly<PartnerSettings> = { isActive: false, ...perPercentField(() => 1), minWithdrawAmountInUSD: 1 };

const partnerOpId = z.string({ error: PARTNER_MESSAGES.PARTNER_REQUIRED }).trim().min(1, PARTNER_MESSAGES.PARTNER_REQUIRED).max(64, PARTNER_MESSAGES.PARTNER_NOT_FOUND);

/** POST /api/partners/settings (000 §7): the partner's opId, its settings and (optionally) a new domain. */
export const partnerSettingsBody = partnerSettingsForm.extend({ opId: partnerOpId, domain: partnerDomain.optional() });

/**
 * POST /api/operators/brands/new/v3 (000 §3 "partner creation"): the wizard's first step. The
 * server names the new operator (`opId`, at most 10 characters so the partner user's code
 * `{opId}-{1000–9999}` stays within 15) and answers it.
 */
export const partnerBrandBody = z.object({
  parentOpId: z.string({ error: PARTNER_MESSAGES.PARENT_REQUIRED }).trim().min(1, PARTNER_MESSAGES.PARENT_REQUIRED).max(64, PARTNER_MESSAGES.PARENT_REQUIRED),
  title: partnerName,
  domain: partnerDomain,
  haveDomain: z.boolean().optional(),
  isCfSelected: z.boolean().optional(),
  cfApiToken: z.string().trim().max(200).optional(),
  zoneId: z.string().trim().max(64).optional(),
});
/** The step 1 form: the parent operator and the partner's name and domain. */
export const partnerBrandForm = partnerBrandBody.pick({ parentOpId: true, title: true, domain: true });
export const partnerBrandAnswer = z.object({ opId: z.string(), title: z.string(), parentOpId: z.string(), domain: z.string() });

/** The longest opId the server gives a partner: its user code `{opId}-{1000–9999}` is then at most 15 characters. */
export const PARTNER_OP_ID_MAX = 10;
/** The partner user's code (000 §4): the new opId, a hyphen and a random number 1000–9999. */
export const partnerUserCode = (opId: string, random: () => number = Math.random): string => `${opId}-${1000 + Math.floor(random() * 9000)}`;

export const PARTNER_STATUSES = ['active', 'inactive'] as const;
export const PARTNER_STATUS_LABELS: Record<(typeof PARTNER_STATUSES)[number], string> = { active: 'Active', inactive: 'Inactive' };

/** POST /api/partners/list (designed: the spec shows no list call). */
export const partnersListBody = listScope.extend({
  status: z.enum(PARTNER_STATUSES, { error: PARTNER_MESSAGES.STATUS_INVALID }).optional(),
  /** Part of the partner's name. */
  search: z.string().trim().min(1).max(PARTNER_NAME_MAX).optional(),
  sortBy: z.enum(['title', 'createdAt']).default('title'),
  sort: z.enum(['asc', 'desc']).default('asc'),
});

const settingsShape = z.object({ isActive: z.boolean(), ...perPercentField(() => z.number().int()), minWithdrawAmountInUSD: z.number().int() });

export const partnerRow = z.object({
  opId: z.string(),
  title: z.string(),
  parentOpId: z.string().nullable(),
  parentOpTitle: z.string().nullable(),
  domain: z.string().nullable(),
  settings: settingsShape,
  /** When the settings were last saved (null: still the new-partner defaults). */
  settingsUpdatedAt: z.string().nullable(),
  /** The partner's staff accounts (role PARTNER), active ones first. */
  users: z.array(z.object({ id: z.string(), email: z.string(), nickname: z.string(), isBlocked: z.boolean() })),
  createdAt: z.string(),
});
export type PartnerRow = z.infer<typeof partnerRow>;

export const partnerSettingsAnswer = settingsShape.extend({ opId: z.string(), domain: z.string().nullable(), settingsUpdatedAt: z.string().nullable() });

/* ---------------------------------------------------------------- Partner withdraw */

export const PARTNER_WITHDRAW_STATUSES = ['PENDING', 'CONFIRMED', 'REJECTED'] as const;
export type PartnerWithdrawStatus = (typeof PARTNER_WITHDRAW_STATUSES)[number];
export const PARTNER_WITHDRAW_STATUS_LABELS: Record<PartnerWithdrawStatus, string> = { PENDING: 'Pending', CONFIRMED: 'Confirmed', REJECTED: 'Rejected' };

/** A TRON address: base58, `T` and 33 characters. */
export const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
export const tronAddress = z.string({ error: PARTNER_MESSAGES.WALLET_REQUIRED }).trim()
  .min(1, PARTNER_MESSAGES.WALLET_REQUIRED).refine((v) => v === '' || TRON_ADDRESS.test(v), PARTNER_MESSAGES.WALLET_INVALID);

/** The amount a partner asks for, in USD: the shared positive amount, with at most 2 decimals. */
export const partnerWithdrawAmount = positiveAmount(PARTNER_MESSAGES.AMOUNT_POSITIVE, { decimals: 2, message: PARTNER_MESSAGES.AMOUNT_FORMAT });

/** The Request Withdrawal form: the amount and the wallet address (USDT on TRON, fixed). */
export const partnerWithdrawForm = z.object({ amount: partnerWithdrawAmount, walletAddress: tronAddress });

/** POST /api/partners/transactions/withdraw-balance (001 §3, §7): opId, walletAddress, currency, network — and the amount. */
export const partnerWithdrawBody = partnerWithdrawForm.extend({
  opId: partnerOpId,
  currency: z.literal(PARTNER_WITHDRAW_CURRENCY, { error: PARTNER_MESSAGES.CURRENCY_ONLY }),
  network: z.literal(PARTNER_WITHDRAW_NETWORK, { error: PARTNER_MESSAGES.CURRENCY_ONLY }),
});

/** The decision's note, shown to the partner (001 §4: required for both). */
export const partnerNote = z.string({ error: PARTNER_MESSAGES.NOTE_REQUIRED }).trim()
  .min(1, PARTNER_MESSAGES.NOTE_REQUIRED).max(NOTE_MAX, PARTNER_MESSAGES.NOTE_MAX);

/** PUT /api/partners/transactions/withdraw (001 §4, §7): confirm or reject a PENDING request. */
export const partnerWithdrawDecisionBody = z.object({
  txId: z.string().uuid(PARTNER_MESSAGES.WITHDRAWAL_NOT_FOUND),
  actionType: z.enum(['confirm', 'reject'], { error: PARTNER_MESSAGES.ACTION_TYPE }),
  note: partnerNote,
});

/** POST /api/partners/transactions/withdraw-history (001 §7): itemsPerPage 50, page; staff also filter by status. */
export const partnerWithdrawHistoryBody = listScope.extend({
  itemsPerPage: z.coerce.number().int().min(1).max(100).optional(),
  status: z.enum(PARTNER_WITHDRAW_STATUSES, { error: PARTNER_MESSAGES.WITHDRAW_STATUS_INVALID }).optional(),
});

export const partnerWithdrawRow = z.object({
  txId: z.string(),
  opId: z.string(),
  opTitle: z.string(),
  parentOpTitle: z.string().nullable(),
  status: z.enum(PARTNER_WITHDRAW_STATUSES),
  fromAmount: z.string(),
  fromCurrency: z.string(),
  fromAmountInUSD: z.string(),
  toAmount: z.string(),
  toCurrency: z.string(),
  toAmountInUSD: z.string(),
  network: z.string(),
  destinationAddress: z.string(),
  note: z.string().nullable(),
  requestedBy: z.string(),
  /** Left out for the partner (who decided is staff's): the endpoint's `fieldAccess`. */
  confirmedBy: z.string().nullable().optional(),
  confirmedAt: z.string().nullable(),
  rejectedBy: z.string().nullable().optional(),
  rejectedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PartnerWithdrawRow = z.infer<typeof partnerWithdrawRow>;

/** POST /api/partners/balance (designed): the partner's balance and withdraw rule. */
export const partnerBalanceBody = z.object({ opId: partnerOpId });
export const partnerBalance = z.object({
  opId: z.string(),
  title: z.string(),
  currency: z.string(),
  balance: z.string(),
  /** Held by requests still pending. */
  pendingAmount: z.string(),
  minWithdrawAmountInUSD: z.number().int(),
  isActive: z.boolean(),
});
export type PartnerBalance = z.infer<typeof partnerBalance>;

/* ---------------------------------------------------------------- Channels */

/** A channel's ID as it appears in the tracking link (`ch=`). */
export const channelIdSchema = z.string({ error: PARTNER_MESSAGES.CHANNEL_ID_INVALID }).trim().regex(/^[A-Za-z0-9_-]{2,32}$/, PARTNER_MESSAGES.CHANNEL_ID_INVALID);
export const channelDescription = z.string({ error: PARTNER_MESSAGES.CHANNEL_NAME_INVALID }).trim().min(1, PARTNER_MESSAGES.CHANNEL_NAME_INVALID).max(60, PARTNER_MESSAGES.CHANNEL_NAME_INVALID);

/**
 * POST /api/partners/channels (001 §3, §7): opId, channelId, description, domain. The partner is
 * required from SUPER_ADMIN and ADMIN; a partner's own channels omit it. The domain defaults to
 * the partner's.
 */
export const channelCreateBody = z.object({
  opId: z.string().trim().max(64).optional(),
  channelId: channelIdSchema,
  description: channelDescription,
  domain: partnerDomain.optional(),
});
/** The New Channel form: the partner only where the console shows its select. */
export const channelForm = (needsPartner: boolean) => z.object({
  opId: needsPartner ? partnerOpId : z.string().optional(),
  channelId: channelIdSchema,
  description: channelDescription,
});

export const channelsListBody = listScope.extend({ search: z.string().trim().min(1).max(60).optional() });

export const channelRow = z.object({
  id: z.string(),
  opId: z.string(),
  opTitle: z.string(),
  channelId: z.string(),
  description: z.string(),
  domain: z.string(),
  trackingLink: z.string(),
  /** Players who registered through the channel's link. */
  players: z.number().int(),
  /** Left out for the partner (the endpoint's `fieldAccess`). */
  createdBy: z.string().optional(),
  createdAt: z.string(),
});
export type ChannelRow = z.infer<typeof channelRow>;

/** The tracking link of a channel: the partner's domain with the partner (`aff`) and channel (`ch`) of the players it brings. */
export const trackingLink = (domain: string, opId: string, channelId: string): string =>
  `https://${domain}/?aff=${encodeURIComponent(opId)}&ch=${encodeURIComponent(channelId)}`;

/* ---------------------------------------------------------------- Reports */

export const ACTIVE_PLAYER_SORTS = ['lastActivityAt', 'createdAt', 'playerCode'] as const;
/** Active: a player of the partner with activity in the last 30 days. */
export const ACTIVE_PLAYER_DAYS = 30;

/** POST /api/reports/affiliate/active-players (000 §7): filters, sort, sortBy, page. */
export const activePlayersBody = z.object({
  opId: partnerOpId,
  filters: z.object({ playerCode: z.string().trim().max(64).optional(), channelId: z.string().trim().max(32).optional() }).optional(),
  sortBy: z.enum(ACTIVE_PLAYER_SORTS).default('lastActivityAt'),
  sort: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const activePlayerRow = z.object({
  playerId: z.string(),
  playerCode: z.string(),
  username: z.string().nullable(),
  opTitle: z.string(),
  channelId: z.string().nullable(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
});
export const activePlayersAnswer = z.object({ count: z.number().int(), items: z.array(activePlayerRow), remaining: z.boolean() });

/** POST /api/partners/dashboard (designed): one partner's figures over a period. */
export const partnerDashboardBody = z.object({ opId: partnerOpId, period: z.enum(REPORT_PERIODS, { error: PARTNER_MESSAGES.PERIOD_INVALID }).default('THIS_MONTH') });

const figures = z.object({
  registered: z.number().int(),
  ftd: z.number().int(),
  ftdAmountInUSD: z.string(),
  deposits: z.number().int(),
  depositAmountInUSD: z.string(),
  activePlayers: z.number().int(),
  profitInUSD: z.string(),
});
export type PartnerFigures = z.infer<typeof figures>;
const series = <T extends z.ZodType>(v: T) => z.object({ current: z.array(v), previous: z.array(v) });

export const partnerDashboard = z.object({
  opId: z.string(),
  title: z.string(),
  period: z.enum(REPORT_PERIODS),
  labels: z.array(z.string()),
  previousLabels: z.array(z.string()),
  from: z.string(),
  to: z.string(),
  current: figures,
  previous: figures,
  series: z.object({
    registered: series(z.number().int()),
    ftd: series(z.number().int()),
    depositAmountInUSD: series(z.string()),
    activePlayers: series(z.number().int()),
    profitInUSD: series(z.string()),
  }),
});
export type PartnerDashboard = z.infer<typeof partnerDashboard>;

/** POST /api/affiliates/delete (001 §7, 002 §7): adminId — a partner's staff account. */
export const affiliateDeleteBody = z.object({
  adminId: z.string().uuid(STAFF_MESSAGES.USER_NOT_FOUND),
  adminEmail: z.string({ error: PARTNER_MESSAGES.AFFILIATE_DELETE_CONFIRM }).trim().min(1, PARTNER_MESSAGES.AFFILIATE_DELETE_CONFIRM).max(254),
});
export const affiliateDeleteAnswer = z.object({ id: z.string(), deleted: z.literal(true) });

export const partnerWithdrawAnswer = partnerWithdrawRow;
