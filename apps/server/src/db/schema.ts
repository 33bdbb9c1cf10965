import { sql } from 'drizzle-orm';
import type { BetSelection } from '@pitboss/contract';
import {
  bigint, bigserial, boolean, index, integer, jsonb, numeric, pgTable, pgView, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 30, scale: 8 });

/** Parent operators, brands (parentOpId set), partners and the CMS default operator. */
export const operators = pgTable('operators', {
  opId: text('op_id').primaryKey(),
  title: text('title').notNull(),
  parentOpId: text('parent_op_id'),
  kind: text('kind').notNull().default('OPERATOR'), // OPERATOR | BRAND | PARTNER | CMS_DEFAULT
  isCmsDefault: boolean('is_cms_default').notNull().default(false),
  allowedCurrencies: text('allowed_currencies').array().notNull().default(sql`'{USD}'::text[]`),
  allowedLangs: text('allowed_langs').array().notNull().default(sql`'{en}'::text[]`),
  /**
   * 001 §3 "extraData.additionalTopupCurrencies", §9 "Wallet top-up currencies: USD plus the
   * operator's additionalTopupCurrencies": of its allowed currencies, those staff may top up in
   * besides USD (one not allowed any more is not offered).
   */
  additionalTopupCurrencies: text('additional_topup_currencies').array().notNull().default(sql`'{}'::text[]`),
  settings: jsonb('settings').notNull().default({}),
  dailyTopupLimitInUsd: money('daily_topup_limit_in_usd').notNull().default('10000'),
  /** ACTIVE or INACTIVE: new staff, brands and partners attach only to an ACTIVE operator (002 §3). */
  status: text('status').notNull().default('ACTIVE'),
  /** Operator-wide rule: its staff must enrol a second factor before they can use the console. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** Four-eyes approval: bonus requests, manual top-ups and withdrawal approvals above this USD amount need a second staff member (null: off). */
  fourEyesThresholdUsd: money('four_eyes_threshold_usd'),
  /** IANA time zone where the operator's bonus release periods begin (null: its parent's, else UTC). */
  timeZone: text('time_zone'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('operators_parent_idx').on(t.parentOpId)]);

/** Permission templates ("roles" in the console): a named set of permission keys. */
export const roleTemplates = pgTable('role_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  baseRole: text('base_role').notNull(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * The permission catalogue (/settings/staff-permissions): every key a role template or an
 * account may hold, with its description, tags, the roles allowed to hold it and the menu items
 * that need it (002 §3, route paths). The keys the console checks (`PERMISSION_KEYS`) are kept in
 * it at every start (`builtIn`, not deletable).
 */
export const permissions = pgTable('permissions', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  description: text('description').notNull(),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  allowedRoles: text('allowed_roles').array().notNull().default(sql`'{}'::text[]`),
  requiredMenuItems: text('required_menu_items').array().notNull().default(sql`'{}'::text[]`),
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Background updates of existing accounts after a role template or permission save (002 §4: the
 * console says to wait 5 minutes), run by the job `staff.apply-permissions`; `done` of `total`
 * accounts is the progress the console shows.
 */
export const staffJobs = pgTable('staff_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** ROLE_SAVE, PERMISSION_SAVE or PERMISSION_DELETE. */
  kind: text('kind').notNull(),
  /** The role template's name or the permission's key, as the console shows it. */
  subject: text('subject').notNull(),
  /** The role template's id (ROLE_SAVE). */
  subjectId: text('subject_id'),
  /** QUEUED, RUNNING, DONE or FAILED. */
  status: text('status').notNull().default('QUEUED'),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  createdBy: text('created_by'),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
}, (t) => [index('staff_jobs_created_idx').on(t.createdAt)]);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  nickname: text('nickname').notNull(),
  role: text('role').notNull(),
  opId: text('op_id'),
  templateId: uuid('template_id'),
  /** Per-user permission keys added to the template's. */
  extraPermissions: text('extra_permissions').array().notNull().default(sql`'{}'::text[]`),
  /** Per-user permission keys removed from the template's. */
  revokedPermissions: text('revoked_permissions').array().notNull().default(sql`'{}'::text[]`),
  isBlocked: boolean('is_blocked').notNull().default(false),
  timezone: text('timezone').notNull().default('UTC'),
  /** Staff code (3–15) shown in reports; for a partner user, `{opId}-{1000–9999}` (000 §4). */
  userCode: text('user_code'),
  /** Hide User Activity (set by SUPER_ADMIN or ADMIN only): the account's actions stay out of activity lists. */
  isHidden: boolean('is_hidden').notNull().default(false),
  roundReportNumbers: boolean('round_report_numbers').notNull().default(false),
  language: text('language').notNull().default('en'),
  /** What identifies a player in this account's lists: username (default), email or code. */
  playerSubInfoType: text('player_sub_info_type').notNull().default('username'),
  /** TOTP (RFC 6238) secret, base32; enrolled once `totpEnabledAt` is set. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: ts('totp_enabled_at'),
  /** sha256 of each unused one-time recovery code. */
  recoveryCodes: text('recovery_codes').array().notNull().default(sql`'{}'::text[]`),
  /** The TOTP time step of the last code accepted: a code is used once (RFC 6238 §5.2). */
  totpLastStep: integer('totp_last_step'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('users_email_uq').on(t.email)]);

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(), // sha256 of the cookie token
  userId: uuid('user_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  lastSeenAt: ts('last_seen_at'),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

/**
 * The second step of a sign-in with two-factor authentication: the password was right, a code
 * is still needed. Short-lived and used once; it is no session (nothing else accepts it).
 */
export const loginChallenges = pgTable('login_challenges', {
  id: text('id').primaryKey(), // sha256 of the challenge token
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
}, (t) => [index('login_challenges_user_idx').on(t.userId)]);

export const loginAttempts = pgTable('login_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  userId: uuid('user_id'),
  ip: text('ip'),
  success: boolean('success').notNull(),
  reason: text('reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('login_attempts_email_idx').on(t.email, t.createdAt), index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  // The login activity list's order (its scope is the account's operator, through users).
  index('login_attempts_created_idx').on(t.createdAt, t.id),
  // "Has this address ever signed in to this account?" (the account-wide throttle spares such addresses).
  index('login_attempts_known_idx').on(t.email, t.ip).where(sql`success`),
]);

/**
 * The login throttle's counters (modules/auth/throttle.ts), one row per key: an account and
 * address (`account:<email>|<ip>`, with a lock and back-off), an address (`address:<ip>`) or an
 * account from addresses that never signed in to it (`email:<email>`). An attempt is reserved
 * here, in one conditional statement, before its password is verified.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  /** Attempts in the current window: failures plus those still being verified. */
  attempts: integer('attempts').notNull(),
  /** Attempts reserved and not yet answered (a success keeps them counted when it clears the failures). */
  inFlight: integer('in_flight').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
  /** Account and address keys: refused until then (set by the reservation that reaches the limit). */
  lockedUntil: ts('locked_until'),
  /** Locks in a row (each lasts twice the one before); cleared by a success or a quiet day. */
  locks: integer('locks').notNull().default(0),
}, (t) => [index('login_throttle_window_idx').on(t.windowStart)]);

/** Append-only audit log: feeds every activities page. */
export const activities = pgTable('activities', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: uuid('actor_id'),
  actorEmail: text('actor_email'),
  actorRole: text('actor_role'),
  opId: text('op_id'),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('activities_target_idx').on(t.targetType, t.createdAt),
  index('activities_target_id_idx').on(t.targetId),
  // The list's order (created_at, id) within the caller's operators, and for global roles.
  index('activities_op_created_idx').on(t.opId, t.createdAt, t.id),
  index('activities_created_idx').on(t.createdAt, t.id),
]);

export const players = pgTable('players', {
  id: uuid('id').primaryKey().defaultRandom(),
  playerCode: text('player_code').notNull(),
  opId: text('op_id').notNull(),
  username: text('username'),
  email: text('email'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  activeCurrency: text('active_currency').notNull().default('USD'),
  affId: text('aff_id'),
  refId: text('ref_id'),
  channelId: text('channel_id'),
  subChannelId: text('sub_channel_id'),
  isTest: boolean('is_test').notNull().default(false),
  isVerified: boolean('is_verified').notNull().default(false),
  isBlocked: boolean('is_blocked').notNull().default(false),
  chatIsBlocked: boolean('chat_is_blocked').notNull().default(false),
  isDeleted: boolean('is_deleted').notNull().default(false),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  totalBetCount: integer('total_bet_count').notNull().default(0),
  totalDepositCount: integer('total_deposit_count').notNull().default(0),
  totalWithdrawCount: integer('total_withdraw_count').notNull().default(0),
  totalTopUpIncreaseCount: integer('total_top_up_increase_count').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  lastActivityAt: ts('last_activity_at'),
  /** The player's last sign-in: its IP address and the device's fingerprint (the bonus abuse signals compare them). */
  lastLoginIp: text('last_login_ip'),
  deviceFingerprint: text('device_fingerprint'),
}, (t) => [
  uniqueIndex('players_code_uq').on(t.playerCode),
  // Players of an operator sharing a sign-in IP or device (bonus abuse signals).
  index('players_op_login_ip_idx').on(t.opId, t.lastLoginIp).where(sql`last_login_ip is not null`),
  index('players_op_device_idx').on(t.opId, t.deviceFingerprint).where(sql`device_fingerprint is not null`),
  index('players_op_created_idx').on(t.opId, t.createdAt, t.id),
  index('players_created_idx').on(t.createdAt, t.id),
  index('players_username_idx').on(t.username),
  // A partner's players (their affiliate link): the partner dashboard and reports read only these.
  index('players_aff_created_idx').on(t.affId, t.createdAt).where(sql`aff_id is not null`),
  // The players an affiliate referred (the affiliate panel).
  index('players_ref_idx').on(t.refId),
]);

/** Username change requests awaiting moderation (PENDING, APPROVE, REJECT). */
export const usernameRequests = pgTable('username_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  playerId: uuid('player_id').notNull(),
  opId: text('op_id').notNull(),
  username: text('username').notNull(),
  originalUsername: text('original_username'),
  status: text('status').notNull().default('PENDING'),
  note: text('note'),
  usernameRejectionReason: text('username_rejection_reason'),
  moderatedBy: text('moderated_by'),
  moderatedAt: ts('moderated_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('username_requests_status_idx').on(t.status, t.opId, t.createdAt),
  // The list's order (created_at, id) within the caller's operators, and for global roles.
  index('username_requests_op_created_idx').on(t.opId, t.createdAt, t.id),
  index('username_requests_created_idx').on(t.createdAt, t.id),
]);

export const kycRecords = pgTable('kyc_records', {
  id: uuid('id').primaryKey().defaultRandom(),
  playerId: uuid('player_id').notNull(),
  opId: text('op_id').notNull(),
  level: integer('level').notNull().default(1),
  optionType: text('option_type').notNull(),
  status: text('status').notNull().default('PENDING'),
  data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
  noteForPlayer: text('note_for_player'),
  approvedAt: ts('approved_at'),
  approvedBy: text('approved_by'),
  rejectedAt: ts('rejected_at'),
  rejectedBy: text('rejected_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('kyc_status_idx').on(t.status, t.opId, t.createdAt),
  index('kyc_player_idx').on(t.playerId),
  // The list's order (created_at, id) within the caller's operators, and for global roles.
  index('kyc_op_created_idx').on(t.opId, t.createdAt, t.id),
  index('kyc_created_idx').on(t.createdAt, t.id),
]);

/** Uploaded files (KYC images): bytes stored in the database so they survive restarts and replicas. */
export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id'),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  contentBase64: text('content_base64').notNull(),
  uploadedBy: uuid('uploaded_by'),
  /** The KYC document the file is an image of: it is served only to staff who may open that document. */
  kycId: uuid('kyc_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('files_kyc_idx').on(t.kycId)]);

export const currencyRates = pgTable('currency_rates', {
  currency: text('currency').primaryKey(),
  /** USD value of one unit of the currency. */
  rateToUsd: numeric('rate_to_usd', { precision: 30, scale: 12 }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Player wallets: MAIN per currency, plus BONUS, AFFILIATE and CASHBACK (in USD). */
export const wallets = pgTable('wallets', {
  id: uuid('id').primaryKey().defaultRandom(),
  playerId: uuid('player_id').notNull(),
  opId: text('op_id').notNull(),
  kind: text('kind').notNull().default('MAIN'),
  currency: text('currency').notNull(),
  balance: money('balance').notNull().default('0'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('wallets_player_kind_cur_uq').on(t.playerId, t.kind, t.currency),
  // The balances list: one wallet kind, most recently changed first (updated_at, id), per operator and for global roles.
  index('wallets_op_kind_updated_idx').on(t.opId, t.kind, t.updatedAt, t.id),
  index('wallets_kind_updated_idx').on(t.kind, t.updatedAt, t.id),
]);

/** Append-only ledger: one row per balance change, written in the balance's transaction. */
export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  walletId: uuid('wallet_id').notNull(),
  playerId: uuid('player_id').notNull(),
  opId: text('op_id').notNull(),
  amount: money('amount').notNull(),
  balanceAfter: money('balance_after').notNull(),
  currency: text('currency').notNull(),
  rateToUsd: numeric('rate_to_usd', { precision: 30, scale: 12 }).notNull(),
  reason: text('reason').notNull(),
  refType: text('ref_type'),
  refId: text('ref_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('ledger_wallet_idx').on(t.walletId, t.id), index('ledger_op_created_idx').on(t.opId, t.createdAt), index('ledger_ref_idx').on(t.refId)]);

export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull().default('*'),
  title: text('title').notNull(),
  body: text('body').notNull(),
  level: text('level').notNull().default('info'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const tooltips = pgTable('tooltips', {
  key: text('key').notNull(),
  opId: text('op_id').notNull().default('*'),
  text: text('text').notNull(),
}, (t) => [primaryKey({ columns: [t.key, t.opId] })]);

/**
 * Money movements of every type (deposit, withdraw, top-up, bonus, ...). Amounts are exact
 * decimals; the USD equivalent stores the rate in force when the movement was made.
 */
export const transactions = pgTable('transactions', {
  txId: uuid('tx_id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  playerId: uuid('player_id').notNull(),
  transactionType: text('transaction_type').notNull(),
  transactionSubType: text('transaction_sub_type'),
  status: text('status').notNull(),
  walletType: text('wallet_type').notNull().default('MAIN'),
  fromAmount: money('from_amount').notNull(),
  fromCurrency: text('from_currency').notNull(),
  fromAmountInUsd: money('from_amount_in_usd').notNull(),
  toAmount: money('to_amount').notNull(),
  toCurrency: text('to_currency').notNull(),
  toAmountInUsd: money('to_amount_in_usd').notNull(),
  rateToUsd: numeric('rate_to_usd', { precision: 30, scale: 12 }).notNull(),
  balanceBefore: money('balance_before'),
  balanceAfter: money('balance_after'),
  gateway: text('gateway'),
  isFtd: boolean('is_ftd').notNull().default(false),
  isDeleted: boolean('is_deleted').notNull().default(false),
  note: text('note'),
  reason: text('reason'),
  /** Payment gateway the movement goes through (payment_gateways.uuid) and its provider suffix. */
  gatewayUuid: uuid('gateway_uuid'),
  provider: text('provider'),
  externalRef: text('external_ref'),
  /** Withdrawals: whether the movement counts toward the daily withdraw request limit. */
  countsTowardDailyLimit: boolean('counts_toward_daily_limit').notNull().default(true),
  playerNote: text('player_note'),
  rejectReason: text('reject_reason'),
  /** Where a withdrawal goes (bank account, card, crypto address). */
  destination: jsonb('destination'),
  extra: jsonb('extra').notNull().default({}),
  createdBy: text('created_by'),
  confirmedAt: ts('confirmed_at'),
  confirmedBy: text('confirmed_by'),
  rejectedAt: ts('rejected_at'),
  rejectedBy: text('rejected_by'),
  /**
   * Provider calls (claim → call → settle, no transaction open during the call). While a call is
   * out the status is IN_FLIGHT and `claimId` names the attempt; the settle applies only while
   * the row is still claimed by that attempt. `claim` holds what the settle needs (the previous
   * status, the action, the request, the actor, the idempotency key); it is cleared at settle.
   * `claimedAt`/`claimedBy` stay as the last time the movement was sent to its provider and by whom.
   */
  claimId: uuid('claim_id'),
  claimedAt: ts('claimed_at'),
  claimedBy: text('claimed_by'),
  claim: jsonb('claim'),
  /** An IN_PROGRESS withdrawal (the provider did not answer) is asked about again by a job from this time; null: no check due. */
  providerCheckAt: ts('provider_check_at'),
  providerChecks: integer('provider_checks').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('tx_in_flight_idx').on(t.claimedAt).where(sql`status = 'IN_FLIGHT'`),
  index('tx_provider_check_idx').on(t.providerCheckAt).where(sql`provider_check_at is not null`),
  index('tx_op_created_idx').on(t.opId, t.createdAt, t.txId),
  index('tx_created_idx').on(t.createdAt, t.txId),
  index('tx_player_idx').on(t.playerId, t.createdAt),
  index('tx_type_status_idx').on(t.transactionType, t.status, t.opId, t.createdAt),
]);

/** Idempotency keys of money-moving calls: a retry replays the first answer. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: uuid('user_id').notNull(),
  key: text('key').notNull(),
  route: text('route').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code'),
  response: jsonb('response'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] })]);

/** Deposit and withdraw gateways (V1 and V2 pages read the same table). */
export const paymentGateways = pgTable('payment_gateways', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  direction: text('direction').notNull(), // DEPOSIT | WITHDRAW
  provider: text('provider').notNull(),
  title: jsonb('title').$type<Record<string, string>>().notNull().default({}),
  currencies: text('currencies').array().notNull().default(sql`'{}'::text[]`),
  minAmount: money('min_amount').notNull().default('0'),
  maxAmount: money('max_amount').notNull().default('100000'),
  feePercentage: numeric('fee_percentage', { precision: 8, scale: 4 }).notNull().default('0'),
  isActive: boolean('is_active').notNull().default(true),
  isDeleted: boolean('is_deleted').notNull().default(false),
  order: integer('order').notNull().default(1),
  config: jsonb('config').notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('gateways_op_dir_order_idx').on(t.opId, t.direction, t.order, t.provider, t.uuid)]);

/** Treasury accounts: the platform's balances at payment providers (e.g. the Utopia wallet). */
export const treasuries = pgTable('treasuries', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  provider: text('provider').notNull(),
  title: text('title').notNull(),
  currency: text('currency').notNull(),
  balance: money('balance').notNull().default('0'),
  config: jsonb('config').notNull().default({}),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('treasuries_op_provider_idx').on(t.opId, t.provider, t.uuid)]);

/** Append-only movements of a treasury (top-ups by voucher, withdrawals), with the balance after. */
export const treasuryEntries = pgTable('treasury_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  txId: uuid('tx_id').notNull().defaultRandom(),
  treasuryUuid: uuid('treasury_uuid').notNull(),
  opId: text('op_id').notNull(),
  transactionType: text('transaction_type').notNull(), // TOPUP | WITHDRAW
  transactionSubType: text('transaction_sub_type'),
  status: text('status').notNull(),
  amount: money('amount').notNull(),
  fee: money('fee').notNull().default('0'),
  currency: text('currency').notNull(),
  balanceAfter: money('balance_after').notNull(),
  voucherCode: text('voucher_code'),
  voucherRefNo: text('voucher_ref_no'),
  customerId: text('customer_id'),
  createdBy: text('created_by'),
  confirmedAt: ts('confirmed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('treasury_entries_idx').on(t.treasuryUuid, t.id), uniqueIndex('treasury_voucher_uq').on(t.voucherCode),
  // Treasury Account: the movements of an operator's treasuries, the newest first.
  index('treasury_entries_op_idx').on(t.opId, t.id),
]);

/** Player bank accounts and cards awaiting approval (pending, approved, rejected). */
export const bankAccounts = pgTable('bank_accounts', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  playerId: uuid('player_id').notNull(),
  opId: text('op_id').notNull(),
  status: text('status').notNull().default('pending'),
  isDeleted: boolean('is_deleted').notNull().default(false),
  bankName: text('bank_name'),
  nameOnCard: text('name_on_card'),
  cardNumber: text('card_number'),
  iban: text('iban'),
  accountNumber: text('account_number'),
  approvedBy: text('approved_by'),
  rejectedBy: text('rejected_by'),
  confirmedAt: ts('confirmed_at'),
  noteForThePlayer: text('note_for_the_player'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('bank_accounts_status_idx').on(t.status, t.opId, t.createdAt),
  index('bank_accounts_card_idx').on(t.cardNumber),
  index('bank_accounts_iban_idx').on(t.iban),
  index('bank_accounts_player_idx').on(t.playerId),
  // The list's order (created_at, uuid) within the caller's operators, and for global roles.
  index('bank_accounts_op_created_idx').on(t.opId, t.createdAt, t.uuid),
  index('bank_accounts_created_idx').on(t.createdAt, t.uuid),
]);

/** Banks offered to players (bank list), names per language. */
export const banks = pgTable('banks', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  key: text('key').notNull(),
  bankName: jsonb('bank_name').$type<Record<string, string>>().notNull(),
  order: integer('order').notNull().default(1),
  status: text('status').notNull().default('Active'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('banks_op_key_uq').on(t.opId, t.key), index('banks_op_order_idx').on(t.opId, t.order, t.key, t.uuid)]);

/** Every request to and answer from a payment provider (the Gateway Response and JSON tabs). */
export const providerCalls = pgTable('provider_calls', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  txId: uuid('tx_id'),
  provider: text('provider').notNull(),
  action: text('action').notNull(),
  request: jsonb('request'),
  response: jsonb('response'),
  outcome: text('outcome').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('provider_calls_tx_idx').on(t.txId, t.id), index('provider_calls_created_idx').on(t.createdAt)]);

/** The grouping columns of `tx_totals` and of its view `tx_totals_now`. */
const txTotalsKey = () => ({
  opId: text('op_id').notNull(),
  transactionType: text('transaction_type').notNull(),
  transactionSubType: text('transaction_sub_type').notNull(),
  status: text('status').notNull(),
  currency: text('currency').notNull(),
  isTest: boolean('is_test').notNull(),
});

/**
 * Roll-up of transactions by operator, type, sub-type, status, currency and test flag. Totals
 * read it (through the view `tx_totals_now`, which adds the changes not folded yet) instead of
 * scanning: a few thousand rows however many transactions there are. Deleted transactions do not
 * count. Written only by `fold_tx_rollups()` (see `txRollupDeltas`); the 8 shards are from when
 * every movement upserted it at commit (the fold writes shard 0).
 */
export const txTotals = pgTable('tx_totals', {
  ...txTotalsKey(),
  shard: integer('shard').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
  amount: numeric('amount', { precision: 38, scale: 8 }).notNull(),
  amountInUsd: numeric('amount_in_usd', { precision: 38, scale: 8 }).notNull(),
}, (t) => [primaryKey({ columns: [t.opId, t.transactionType, t.transactionSubType, t.status, t.currency, t.isTest, t.shard] })]);

/**
 * The transaction roll-ups' changes not folded yet (migration `tx_rollup_deltas`). A change of a
 * transaction that counts (created, its status, amount, type or player changed, deleted) appends
 * a row for what it no longer counts as (sign -1) and one for what it counts as now (+1), with the
 * player's test flag and acquisition as they were then: one insert, no lock on a shared row, so a
 * money movement never waits on another's roll-up rows. `fold_tx_rollups()` (the job
 * `reports.fold-rollups`, every ROLLUP_FOLD_SECONDS) moves them into `tx_totals`,
 * `report_tx_daily` and `report_player_daily` in one transaction; the views `tx_totals_now`,
 * `report_tx_daily_now` and `report_player_daily_now` read a roll-up plus these rows, so a total
 * is exact at any moment, folded or not.
 */
export const txRollupDeltas = pgTable('tx_rollup_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sign: integer('sign').notNull(),
  ...txTotalsKey(),
  day: text('day').notNull(),
  amount: money('amount').notNull(),
  amountInUsd: money('amount_in_usd').notNull(),
  isFtd: boolean('is_ftd').notNull(),
  hasPlayer: boolean('has_player').notNull(),
  affId: text('aff_id').notNull(),
  channelId: text('channel_id').notNull(),
  refId: text('ref_id').notNull(),
});

/** `tx_totals` with the changes not folded yet (one row per change): read with sums, like the table. */
export const txTotalsNow = pgView('tx_totals_now', {
  ...txTotalsKey(),
  count: bigint('count', { mode: 'number' }).notNull(),
  amount: numeric('amount').notNull(),
  amountInUsd: numeric('amount_in_usd').notNull(),
}).existing();

/**
 * A partner's settings (000 §3), one row per partner operator, written with the new-partner
 * defaults (inactive, each value 1) when the wizard creates the partner; `settingsUpdatedAt` is
 * null until they are saved. The partner's domain (its channels' tracking links) lives here too.
 */
export const partnerSettings = pgTable('partner_settings', {
  opId: text('op_id').primaryKey(),
  domain: text('domain'),
  isActive: boolean('is_active').notNull().default(false),
  casinoSharePercentage: integer('casino_share_percentage').notNull().default(1),
  sportSharePercentage: integer('sport_share_percentage').notNull().default(1),
  affiliateFeePercentage: integer('affiliate_fee_percentage').notNull().default(1),
  bonusFeePercentage: integer('bonus_fee_percentage').notNull().default(1),
  cashbackFeePercentage: integer('cashback_fee_percentage').notNull().default(1),
  depositFeePercentage: integer('deposit_fee_percentage').notNull().default(1),
  withdrawFeePercentage: integer('withdraw_fee_percentage').notNull().default(1),
  minWithdrawAmountInUsd: integer('min_withdraw_amount_in_usd').notNull().default(1),
  settingsUpdatedAt: ts('settings_updated_at'),
  settingsUpdatedBy: text('settings_updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Partner withdraw requests (001 §3–§4): USDT on TRON from the partner balance (a wallet of kind
 * PARTNER, see modules/partners/balance.ts). The amount is held from the balance when requested
 * (ledger PARTNER_WITHDRAW_HOLD); a rejection returns what is held (PARTNER_WITHDRAW_REFUND).
 * Status changes are conditional updates from PENDING.
 */
export const partnerWithdrawals = pgTable('partner_withdrawals', {
  txId: uuid('tx_id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  status: text('status').notNull().default('PENDING'),
  fromAmount: money('from_amount').notNull(),
  fromCurrency: text('from_currency').notNull(),
  fromAmountInUsd: money('from_amount_in_usd').notNull(),
  toAmount: money('to_amount').notNull(),
  toCurrency: text('to_currency').notNull(),
  toAmountInUsd: money('to_amount_in_usd').notNull(),
  network: text('network').notNull(),
  destinationAddress: text('destination_address').notNull(),
  note: text('note'),
  requestedBy: text('requested_by').notNull(),
  confirmedBy: text('confirmed_by'),
  confirmedAt: ts('confirmed_at'),
  rejectedBy: text('rejected_by'),
  rejectedAt: ts('rejected_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('partner_withdrawals_op_created_idx').on(t.opId, t.createdAt, t.txId),
  index('partner_withdrawals_created_idx').on(t.createdAt, t.txId),
  index('partner_withdrawals_pending_idx').on(t.opId).where(sql`status = 'PENDING'`),
]);

/** A partner's marketing channels (001 §3): an ID used in the tracking link, a name and the domain the link points to. */
export const partnerChannels = pgTable('partner_channels', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  channelId: text('channel_id').notNull(),
  description: text('description').notNull(),
  domain: text('domain').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('partner_channels_op_channel_uq').on(t.opId, t.channelId),
  index('partner_channels_op_created_idx').on(t.opId, t.createdAt, t.id),
  index('partner_channels_created_idx').on(t.createdAt, t.id),
]);

/**
 * Files staff export in the background (e.g. Export High Depositors): the request, its
 * progress while the job (pg-boss queue `exports.high-depositors`) builds it, and the finished
 * CSV, downloaded from the console. Scoped to the operator the export was made for.
 */
export const exportJobs = pgTable('export_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  opId: text('op_id').notNull(),
  requestedBy: text('requested_by').notNull(),
  /** The request as validated, with the operators it covers (resolved when it was made). */
  params: jsonb('params').notNull().default({}),
  /** QUEUED, RUNNING, DONE or FAILED. */
  status: text('status').notNull().default('QUEUED'),
  /** 0–100. */
  progress: integer('progress').notNull().default(0),
  rows: integer('rows').notNull().default(0),
  fileName: text('file_name').notNull(),
  content: text('content'),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
}, (t) => [index('export_jobs_status_idx').on(t.status, t.createdAt)]);

/**
 * Support tickets (001 §2, §5, §7): a player's ticket with a brand (opId), its status and the
 * live work queue's columns: the SLA (`slaDueAt`, the reply due: the first reply while no agent
 * has answered, then the next one after each player message). Its claim is a `record_claims` row
 * (kind `ticket`), renewed while the agent works; expired, anyone may take it. The queue sorts
 * by (`queueRank`, `slaDueAt`): 0 awaiting an agent, 1 waiting on the player, 2 closed/archived.
 */
export const supportTickets = pgTable('support_tickets', {
  id: uuid('id').primaryKey().defaultRandom(),
  ticketNumber: bigserial('ticket_number', { mode: 'number' }).notNull(),
  opId: text('op_id').notNull(),
  playerId: uuid('player_id').notNull(),
  subject: text('subject').notNull(),
  status: text('status').notNull().default('NEW'),
  queueRank: integer('queue_rank').notNull().default(0),
  /** The reply due (SLA) while awaiting an agent; else the last change (sort only). */
  slaDueAt: ts('sla_due_at').notNull(),
  firstReplyDueAt: ts('first_reply_due_at').notNull(),
  firstRepliedAt: ts('first_replied_at'),
  /** Set when a player writes after an agent replied; cleared by the agent's reply. */
  nextReplyDueAt: ts('next_reply_due_at'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('support_tickets_number_uq').on(t.ticketNumber),
  index('support_tickets_queue_idx').on(t.opId, t.queueRank, t.slaDueAt, t.id),
  index('support_tickets_queue_all_idx').on(t.queueRank, t.slaDueAt, t.id),
  index('support_tickets_player_idx').on(t.playerId),
  index('support_tickets_open_idx').on(t.opId).where(sql`status in ('NEW', 'PENDING')`),
]);

/**
 * Claims on work-queue records (claims.ts): support tickets (`ticket`, the ticket's id), pending
 * withdrawals (`withdrawal`, the transaction's txId) and KYC documents (`kyc`, the document's id). One row per record at
 * most; a row past `claimedUntil` is nobody's claim and is taken over by the next claimant; a
 * decision on the record deletes it. `opId` is the record's operator (the claim is tenant data).
 */
export const recordClaims = pgTable('record_claims', {
  kind: text('kind').notNull(),
  recordId: text('record_id').notNull(),
  opId: text('op_id').notNull(),
  claimedById: uuid('claimed_by_id').notNull(),
  claimedBy: text('claimed_by').notNull(),
  claimedUntil: ts('claimed_until').notNull(),
}, (t) => [primaryKey({ columns: [t.kind, t.recordId] })]);

/**
 * Four-eyes approvals (issue 9): the first approval of a bonus request, a manual top-up or a
 * withdrawal above its operator's threshold, one per record (`kind`, `recordId`: the unique key
 * makes one of two racing first approvals the only one). A top-up has no record of its own: the
 * row is the pending top-up (`recordId` its own id, `payload` the call's fields) until a second
 * staff member applies it (`txId`). The second approval or a rejection is a conditional update
 * from AWAITING_SECOND_APPROVAL in the transaction that moves (or refuses) the money.
 */
export const fourEyesApprovals = pgTable('four_eyes_approvals', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** BONUS_REQUEST, TOPUP or WITHDRAWAL. */
  kind: text('kind').notNull(),
  recordId: text('record_id').notNull(),
  opId: text('op_id').notNull(),
  playerId: uuid('player_id'),
  amountInUsd: money('amount_in_usd').notNull(),
  /** A top-up's call: action, amount, currency, reason, note. */
  payload: jsonb('payload').notNull().default({}),
  /** AWAITING_SECOND_APPROVAL, APPROVED or REJECTED. */
  status: text('status').notNull().default('AWAITING_SECOND_APPROVAL'),
  reasonCode: text('reason_code').notNull(),
  reasonNote: text('reason_note'),
  firstById: uuid('first_by_id').notNull(),
  firstBy: text('first_by').notNull(),
  firstByName: text('first_by_name').notNull(),
  firstAt: ts('first_at').notNull().defaultNow(),
  secondBy: text('second_by'),
  decidedAt: ts('decided_at'),
  txId: uuid('tx_id'),
}, (t) => [
  uniqueIndex('four_eyes_record_uq').on(t.kind, t.recordId),
  index('four_eyes_awaiting_idx').on(t.kind, t.opId, t.firstAt).where(sql`status = 'AWAITING_SECOND_APPROVAL'`),
]);

/** The conversation of a ticket: each message by the player or by a staff member. */
export const supportMessages = pgTable('support_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  ticketId: uuid('ticket_id').notNull(),
  /** PLAYER or STAFF. */
  authorType: text('author_type').notNull(),
  /** The staff member's e-mail (staff), or null (the ticket's player). */
  authorEmail: text('author_email'),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)]);

/**
 * Bets (001 §2): casino rounds and sport bets. The stake is taken from the player's MAIN wallet
 * through the ledger (BET, refId = betId) when the bet is written, a win is credited (WIN) when it
 * settles; a canceled bet's stake is returned (BET_REFUND). A single sport bet's selection is
 * also kept in `event`, `tournament`, `sportType` (the single-bet-mode filters).
 */
export const bets = pgTable('bets', {
  id: uuid('id').primaryKey().defaultRandom(),
  betId: text('bet_id').notNull(),
  opId: text('op_id').notNull(),
  playerId: uuid('player_id').notNull(),
  betType: text('bet_type').notNull(),
  gameTitle: text('game_title'),
  provider: text('provider'),
  isSingle: boolean('is_single').notNull().default(true),
  event: text('event'),
  tournament: text('tournament'),
  sportType: text('sport_type'),
  /** A sport bet's selections (contract betSelection); null for a casino round. */
  selections: jsonb('selections').$type<BetSelection[]>(),
  stake: money('stake').notNull(),
  win: money('win').notNull().default('0'),
  currency: text('currency').notNull(),
  rateToUsd: numeric('rate_to_usd', { precision: 30, scale: 12 }).notNull(),
  stakeInUsd: money('stake_in_usd').notNull(),
  winInUsd: money('win_in_usd').notNull().default('0'),
  status: text('status').notNull(),
  placedAt: ts('placed_at').notNull().defaultNow(),
  settledAt: ts('settled_at'),
  settledBy: text('settled_by'),
  /** Cancel Open Bet: why staff canceled it (required there); null for a bet not canceled from the console. */
  cancelNote: text('cancel_note'),
}, (t) => [
  uniqueIndex('bets_bet_id_uq').on(t.betId),
  // Keyset listing newest first, per operator and for global roles; a player's bets.
  index('bets_op_placed_idx').on(t.opId, t.placedAt, t.id),
  index('bets_placed_idx').on(t.placedAt, t.id),
  index('bets_player_placed_idx').on(t.playerId, t.placedAt, t.id),
  // The Bet ID autocomplete of the bets filters: an operator's Bet IDs by prefix.
  index('bets_op_bet_id_idx').on(t.opId, t.betId),
]);

/**
 * The game titles each operator's bets were placed on, kept by a trigger on
 * `bets` inserts (migration `bet_games`): the game title autocomplete of the bets filters reads
 * this small table instead of a DISTINCT over millions of bets.
 */
export const betGames = pgTable('bet_games', {
  opId: text('op_id').notNull(),
  gameTitle: text('game_title').notNull(),
}, (t) => [primaryKey({ columns: [t.opId, t.gameTitle] })]);

/**
 * GGR roll-up of bets per operator, UTC day (of placement), bet type and currency, maintained
 * by a trigger on `bets` (migration `bets`): stakes, wins and count of every bet but CANCELED
 * ones. GGR = stakes − wins; reports and invoices read it instead of scanning bets.
 */
export const betGgrDaily = pgTable('bet_ggr_daily', {
  opId: text('op_id').notNull(),
  day: text('day').notNull(),
  betType: text('bet_type').notNull(),
  currency: text('currency').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
  stakes: numeric('stakes', { precision: 38, scale: 8 }).notNull(),
  wins: numeric('wins', { precision: 38, scale: 8 }).notNull(),
  stakesInUsd: numeric('stakes_in_usd', { precision: 38, scale: 8 }).notNull(),
  winsInUsd: numeric('wins_in_usd', { precision: 38, scale: 8 }).notNull(),
}, (t) => [primaryKey({ columns: [t.opId, t.day, t.betType, t.currency] })]);

/**
 * A player's own affiliate and cashback settings (001 §2, §5): null uses the operator's.
 * Shapes: contract rewards-summary.ts (affiliateSettings, cashbackSettings).
 */
export const playerRewardSettings = pgTable('player_reward_settings', {
  playerId: uuid('player_id').primaryKey().references(() => players.id, { onDelete: 'cascade' }),
  opId: text('op_id').notNull(),
  affiliates: jsonb('affiliates'),
  affiliatesUpdatedAt: ts('affiliates_updated_at'),
  affiliatesUpdatedBy: text('affiliates_updated_by'),
  cashback: jsonb('cashback'),
  cashbackUpdatedAt: ts('cashback_updated_at'),
  cashbackUpdatedBy: text('cashback_updated_by'),
});

/**
 * Bonus forms (001 §2 /bonus/form, issue 9): a bonus staff may grant to a player of the form's
 * operator (or one of its brands): a cash prize (credited to the main wallet) or a locked prize
 * (the bonus wallet), with a default and a maximum amount in USD. Deleting a form sets
 * `deletedAt` (its requests keep their history).
 */
export const bonusForms = pgTable('bonus_forms', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  title: text('title').notNull(),
  /** CASH or LOCKED. */
  prizeType: text('prize_type').notNull(),
  defaultAmountInUsd: money('default_amount_in_usd').notNull(),
  maxAmountInUsd: money('max_amount_in_usd').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
  deletedBy: text('deleted_by'),
}, (t) => [
  index('bonus_forms_op_created_idx').on(t.opId, t.createdAt, t.id),
  index('bonus_forms_created_idx').on(t.createdAt, t.id),
]);

/**
 * A request of a bonus form for one player (001 §3 "Bonus form request"): PENDING until staff
 * approve it (Topup Player: the amount is credited once, through the ledger, as the CONFIRMED
 * BONUS / MANUAL_BONUS transaction `txId`) or reject it with a note shown to the player. Status
 * changes are conditional updates from PENDING. `decidedAt` orders the history; a pending
 * request's is null (the queue orders by `createdAt`).
 */
export const bonusRequests = pgTable('bonus_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  bonusId: uuid('bonus_id').notNull(),
  opId: text('op_id').notNull(),
  playerId: uuid('player_id').notNull(),
  /** CASH or LOCKED (the form's unless the request chose). */
  prizeType: text('prize_type').notNull(),
  amountInUsd: money('amount_in_usd').notNull(),
  note: text('note').notNull(),
  status: text('status').notNull().default('PENDING'),
  approvedAmountInUsd: money('approved_amount_in_usd'),
  approveNote: text('approve_note'),
  noteForPlayer: text('note_for_player'),
  walletType: text('wallet_type'),
  creditedAmount: money('credited_amount'),
  creditedCurrency: text('credited_currency'),
  txId: uuid('tx_id'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedBy: text('decided_by'),
  decidedAt: ts('decided_at'),
  /** The history's sort key: the decision time once decided, else the creation time (never null). */
  sortAt: ts('sort_at').notNull().defaultNow(),
}, (t) => [
  // The pending queue (oldest first) per operator and for global roles.
  index('bonus_requests_pending_op_idx').on(t.opId, t.createdAt, t.id).where(sql`status = 'PENDING'`),
  index('bonus_requests_pending_idx').on(t.createdAt, t.id).where(sql`status = 'PENDING'`),
  // The history (newest decision first).
  index('bonus_requests_decided_op_idx').on(t.opId, t.sortAt, t.id).where(sql`status <> 'PENDING'`),
  index('bonus_requests_decided_idx').on(t.sortAt, t.id).where(sql`status <> 'PENDING'`),
  index('bonus_requests_player_idx').on(t.playerId),
  index('bonus_requests_bonus_idx').on(t.bonusId),
]);

/**
 * Tournaments (001 §2; designed): a tournament of an operator (its bets and its brands' bets count)
 * over [startsAt, endsAt) on eligible casino providers and/or games, scored by total wager in USD
 * or best win multiplier, with a prize table by rank in USD. Status is derived from `endsAt`
 * (ACTIVE until then, EXPIRED after); `finalizedAt` is set when the winners are fixed.
 */
export const tournaments = pgTable('tournaments', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  title: text('title').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  /** TOTAL_WAGER or BEST_MULTIPLIER. */
  scoring: text('scoring').notNull(),
  providers: text('providers').array().notNull().default(sql`'{}'::text[]`),
  games: text('games').array().notNull().default(sql`'{}'::text[]`),
  /** [{ rank, amountUsd }], ranks 1..n in order. */
  prizes: jsonb('prizes').notNull(),
  prizePoolUsd: money('prize_pool_usd').notNull(),
  finalizedAt: ts('finalized_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: text('created_by'),
}, (t) => [
  // Keyset listing by end, per operator and for global roles.
  index('tournaments_op_ends_idx').on(t.opId, t.endsAt, t.id),
  index('tournaments_ends_idx').on(t.endsAt, t.id),
  // The bets trigger looks for the unfinished tournaments of an operator.
  index('tournaments_open_idx').on(t.opId, t.endsAt).where(sql`finalized_at is null`),
]);

/**
 * The leaderboard: one row per player with a counting bet in a tournament, kept by the trigger on
 * `bets` (migration `tournaments`): TOTAL_WAGER adds each stake in USD, BEST_MULTIPLIER keeps the
 * best win ÷ stake; `betsCount` counts the bets. `reachedAt` is when the score last rose (ties:
 * the earlier player ranks first).
 */
export const tournamentEntries = pgTable('tournament_entries', {
  tournamentId: uuid('tournament_id').notNull().references(() => tournaments.id, { onDelete: 'cascade' }),
  playerId: uuid('player_id').notNull(),
  score: money('score').notNull().default('0'),
  betsCount: integer('bets_count').notNull().default(0),
  reachedAt: ts('reached_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tournamentId, t.playerId] }),
  index('tournament_entries_rank_idx').on(t.tournamentId, t.score.desc(), t.reachedAt, t.playerId),
]);

/**
 * The winners, fixed once when a tournament ends (one per prize rank). The prize is in USD and
 * in the player's currency at the rate of that moment; PENDING until paid (PAID, with the
 * TOURNAMENT_PRIZE transaction) or rejected (REJECTED) with a note for the player.
 */
export const tournamentWinners = pgTable('tournament_winners', {
  id: uuid('id').primaryKey().defaultRandom(),
  tournamentId: uuid('tournament_id').notNull().references(() => tournaments.id, { onDelete: 'cascade' }),
  opId: text('op_id').notNull(),
  rank: integer('rank').notNull(),
  playerId: uuid('player_id').notNull(),
  score: money('score').notNull(),
  prizeUsd: money('prize_usd').notNull(),
  prizeAmount: money('prize_amount').notNull(),
  currency: text('currency').notNull(),
  rateToUsd: numeric('rate_to_usd', { precision: 30, scale: 12 }).notNull(),
  status: text('status').notNull().default('PENDING'),
  note: text('note'),
  decidedBy: text('decided_by'),
  decidedAt: ts('decided_at'),
  txId: uuid('tx_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('tournament_winners_rank_uq').on(t.tournamentId, t.rank),
  index('tournament_winners_op_created_idx').on(t.opId, t.createdAt, t.id),
  index('tournament_winners_created_idx').on(t.createdAt, t.id),
]);

/**
 * Sport free bet grants (issue 9): every Add Sport FreeBet a staff member made, granted or
 * refused — who, which player, which template, what amount, and the sportsbook's result. Written
 * after the sportsbook answered (never around the call).
 */
export const sportFreebetGrants = pgTable('sport_freebet_grants', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  playerId: uuid('player_id').notNull(),
  templateId: integer('template_id').notNull(),
  templateName: text('template_name'),
  betCount: integer('bet_count').notNull(),
  betAmount: money('bet_amount').notNull(),
  currency: text('currency').notNull(),
  /** GRANTED, REFUSED (a sportsbook error code) or FAILED (no OK answer). */
  result: text('result').notNull(),
  errorCode: integer('error_code'),
  message: text('message'),
  /** The sportsbook's id of the free bet granted. */
  freebetId: text('freebet_id'),
  /** Which adapter answered: simulator or http. */
  adapter: text('adapter').notNull(),
  grantedBy: text('granted_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('sport_freebet_grants_player_idx').on(t.playerId, t.createdAt)]);

/**
 * The sportsbook simulator's own state (the default adapter; integrations/sportsbook/simulator.ts):
 * its templates per operator account and the free bets it granted. Kept in the database so every
 * request and every server process sees the same sportsbook. Nothing else reads these tables.
 */
export const sportsbookSimTemplates = pgTable('sportsbook_sim_templates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  opId: text('op_id').notNull(),
  /** The demo template's key within its operator (the seed is idempotent on it). */
  simKey: text('sim_key').notNull(),
  name: text('name').notNull(),
  isEnable: boolean('is_enable').notNull(),
  type: text('type').notNull(),
  stage: integer('stage').notNull(),
  fromTime: bigint('from_time', { mode: 'number' }).notNull(),
  toTime: bigint('to_time', { mode: 'number' }).notNull(),
  daysToUse: integer('days_to_use').notNull(),
  disciplines: jsonb('disciplines').$type<string[]>().notNull(),
  freebetData: jsonb('freebet_data').$type<Record<string, unknown>>().notNull(),
}, (t) => [uniqueIndex('sportsbook_sim_templates_key').on(t.opId, t.simKey)]);

export const sportsbookSimFreebets = pgTable('sportsbook_sim_freebets', {
  id: uuid('id').primaryKey().defaultRandom(),
  playerId: text('player_id').notNull(),
  templateId: integer('template_id').notNull(),
  betCount: integer('bet_count').notNull(),
  betAmount: money('bet_amount').notNull(),
  currency: text('currency').notNull(),
  activatedAt: ts('activated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('sportsbook_sim_freebets_once').on(t.playerId, t.templateId)]);

/**
 * Affiliate withdraw jobs (001 §2 /withdraw/affiliate, §7 withdraw-jobs/start and /cancel): one
 * row per run over an operator (and its brands), paying every eligible affiliate's AFFILIATE
 * wallet into MAIN. RUNNING, CANCELLED, DONE or FAILED; at most one RUNNING per operator (the
 * partial unique index, so two starts at once cannot both win). `paidPlayers` of `totalPlayers`
 * and the USD sums are the progress the console shows.
 */
export const affiliateWithdrawJobs = pgTable('affiliate_withdraw_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  status: text('status').notNull().default('RUNNING'),
  startedBy: text('started_by').notNull(),
  startedById: uuid('started_by_id'),
  totalPlayers: integer('total_players').notNull().default(0),
  paidPlayers: integer('paid_players').notNull().default(0),
  totalUsd: money('total_usd').notNull().default('0'),
  paidUsd: money('paid_usd').notNull().default('0'),
  error: text('error'),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  cancelledBy: text('cancelled_by'),
  /** Players whose payout still failed after the last attempt. */
  failedPlayers: integer('failed_players').notNull().default(0),
}, (t) => [
  uniqueIndex('affiliate_withdraw_jobs_running_uq').on(t.opId).where(sql`status = 'RUNNING'`),
  index('affiliate_withdraw_jobs_op_idx').on(t.opId, t.startedAt),
]);

/**
 * What a job paid: one row per (job, player), written in the payment's own transaction, so a
 * retried or resumed job never pays a player twice; `txId` is the AFFILIATE → MAIN transaction.
 */
export const affiliateWithdrawJobPayments = pgTable('affiliate_withdraw_job_payments', {
  jobId: uuid('job_id').notNull(),
  playerId: uuid('player_id').notNull(),
  txId: uuid('tx_id').notNull(),
  amountUsd: money('amount_usd').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.jobId, t.playerId] }),
  uniqueIndex('affiliate_withdraw_job_payments_tx_uq').on(t.txId),
]);

/**
 * A job's payout that failed (one row per (job, player)): how many attempts, the last error, when
 * the next attempt is due, and its state — RETRYING (attempts left), PAID (a retry paid it) or
 * FAILED (no attempt left). Written in the batch's transaction after the payout's savepoint rolled
 * back, so a resumed run knows the attempts already made.
 */
export const affiliateWithdrawJobFailures = pgTable('affiliate_withdraw_job_failures', {
  jobId: uuid('job_id').notNull(),
  playerId: uuid('player_id').notNull(),
  attempts: integer('attempts').notNull().default(0),
  status: text('status').notNull().default('RETRYING'),
  lastError: text('last_error').notNull(),
  nextAttemptAt: ts('next_attempt_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.jobId, t.playerId] })]);

/**
 * Deposit bonus definitions (001 §2, §4, §7; issue 9): what a qualifying deposit in the period
 * earns — `percentage` of the deposit, at most `maxBonusInUsd`, from `minDepositInUsd` — and the
 * wager (`wagerMultiplier` × the bonus) that releases it, on the bet type and the listed
 * providers / games, optionally for some currencies only. Status ACTIVE or DEACTIVE; DELETED is a
 * soft delete (`deletedAt`, `deletedBy`): never listed, never found again.
 */
export const bonusDefinitions = pgTable('bonus_definitions', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** ACTIVE | DEACTIVE | DELETED. */
  status: text('status').notNull().default('ACTIVE'),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  percentage: money('percentage').notNull(),
  maxBonusInUsd: money('max_bonus_in_usd').notNull(),
  minDepositInUsd: money('min_deposit_in_usd').notNull(),
  wagerMultiplier: integer('wager_multiplier').notNull(),
  /** CASINO | SPORT | ALL. */
  betType: text('bet_type').notNull(),
  providers: text('providers').array().notNull().default(sql`'{}'::text[]`),
  games: text('games').array().notNull().default(sql`'{}'::text[]`),
  currencies: text('currencies').array().notNull().default(sql`'{}'::text[]`),
  clonedFrom: uuid('cloned_from'),
  /** 1 when created (or cloned), one more at every edit: a player's bonus keeps the version it was awarded under. */
  version: integer('version').notNull().default(1),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
  deletedBy: text('deleted_by'),
}, (t) => [
  index('bonus_definitions_op_start_idx').on(t.opId, t.startsAt, t.id),
  index('bonus_definitions_start_idx').on(t.startsAt, t.id),
]);

/**
 * A player's deposit bonus (/bonus/list): the definition a deposit qualified for, the deposit and
 * bonus amounts (USD), the wager required to release it and wagered so far, and its status
 * ACTIVE | COMPLETED | EXPIRED | CANCELED.
 */
export const playerDepositBonuses = pgTable('player_deposit_bonuses', {
  id: uuid('id').primaryKey().defaultRandom(),
  bonusId: uuid('bonus_id').notNull(),
  opId: text('op_id').notNull(),
  playerId: uuid('player_id').notNull(),
  depositTxId: uuid('deposit_tx_id'),
  depositAmountInUsd: money('deposit_amount_in_usd').notNull(),
  bonusAmountInUsd: money('bonus_amount_in_usd').notNull(),
  wagerRequiredInUsd: money('wager_required_in_usd').notNull(),
  wageredInUsd: money('wagered_in_usd').notNull().default('0'),
  status: text('status').notNull().default('ACTIVE'),
  /** At the award: the definition's version, and the prize type (LOCKED: credited to the bonus wallet, released by wagering). */
  bonusVersion: integer('bonus_version').notNull().default(1),
  prizeType: text('prize_type').notNull().default('LOCKED'),
  createdAt: ts('created_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
}, (t) => [
  index('player_deposit_bonuses_op_created_idx').on(t.opId, t.createdAt, t.id),
  index('player_deposit_bonuses_created_idx').on(t.createdAt, t.id),
  index('player_deposit_bonuses_bonus_idx').on(t.bonusId),
  index('player_deposit_bonuses_player_idx').on(t.playerId),
]);

/**
 * Bonus release definitions (000 §3, issue 9): an operator's rule unlocking a bonus for players who
 * wager enough per period (schedule) between start and end, on a bet type and optionally some game
 * providers or games, by tiers ([{ tier, requiredWager, minWinOdds, maxBonusAmountInUSD,
 * minBetAmountInUSD }], tiers 1..n, wager strictly increasing). Deleting sets `deletedAt` (the
 * report and the details keep it, with the warning).
 */
export const bonusReleaseDefinitions = pgTable('bonus_release_definitions', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** DAILY, WEEKLY or MONTHLY. */
  schedule: text('schedule').notNull(),
  startTime: ts('start_time').notNull(),
  endTime: ts('end_time').notNull(),
  /** CASINO, SPORT or ALL. */
  betType: text('bet_type').notNull(),
  gameProviders: text('game_providers').array().notNull().default(sql`'{}'::text[]`),
  games: text('games').array().notNull().default(sql`'{}'::text[]`),
  isActive: boolean('is_active').notNull().default(true),
  tiers: jsonb('tiers').notNull(),
  /** The top tier's maximum bonus (the report's bonusAmountInUSD), kept with the tiers. */
  bonusAmountInUsd: money('bonus_amount_in_usd').notNull(),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
  deletedBy: text('deleted_by'),
}, (t) => [
  index('bonus_release_definitions_op_created_idx').on(t.opId, t.createdAt, t.id),
  index('bonus_release_definitions_created_idx').on(t.createdAt, t.id),
]);

/**
 * A player's bonus release (000 §3 "Bonus release (player)") for one period of the definition's
 * schedule: what the player wagered, unlocked and claimed under one definition in that period
 * (DAILY: a UTC day, WEEKLY: an ISO week from Monday 00:00 UTC, MONTHLY: a calendar month in UTC;
 * `periodStart` is its first instant), the tier applied last. One row per (definition, player,
 * period start). The report sums these per definition (for the definitions of one page only).
 */
export const playerBonusReleases = pgTable('player_bonus_releases', {
  id: uuid('id').primaryKey().defaultRandom(),
  definitionId: uuid('definition_id').notNull(),
  opId: text('op_id').notNull(),
  playerId: uuid('player_id').notNull(),
  periodStart: ts('period_start').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUnlockedAt: ts('last_unlocked_at'),
  wageredAmountInUsd: money('wagered_amount_in_usd').notNull().default('0'),
  unlockedAmountInUsd: money('unlocked_amount_in_usd').notNull().default('0'),
  claimedAmountInUsd: money('claimed_amount_in_usd').notNull().default('0'),
  isDeleted: boolean('is_deleted').notNull().default(false),
  /** The tier applied ({ tier, requiredWager, minWinOdds, maxBonusAmountInUSD, minBetAmountInUSD }), null until one is reached. */
  appliedTierRule: jsonb('applied_tier_rule'),
}, (t) => [
  uniqueIndex('player_bonus_releases_def_player_period_uq').on(t.definitionId, t.playerId, t.periodStart),
  index('player_bonus_releases_player_idx').on(t.playerId),
]);

/**
 * A tier of a player's release period: the wager counted towards that tier (bets with a stake of at
 * least its minBetAmountInUSD and, for sport, odds of at least its minWinOdds) and, once it reaches
 * the tier's requiredWager, when it was unlocked with the tier's maxBonusAmountInUSD. One row per
 * (player release period, tier); `unlockedAt` is set once (a conditional update), so a tier is never
 * unlocked twice in a period. The report's "unlocked" and "players unlocked" come from these rows.
 */
export const playerBonusReleaseTiers = pgTable('player_bonus_release_tiers', {
  id: uuid('id').primaryKey().defaultRandom(),
  playerReleaseId: uuid('player_release_id').notNull(),
  definitionId: uuid('definition_id').notNull(),
  opId: text('op_id').notNull(),
  playerId: uuid('player_id').notNull(),
  periodStart: ts('period_start').notNull(),
  tier: integer('tier').notNull(),
  wageredInUsd: money('wagered_in_usd').notNull().default('0'),
  requiredWagerInUsd: money('required_wager_in_usd').notNull(),
  /** The tier's maxBonusAmountInUSD, the amount the unlock gives. */
  amountInUsd: money('amount_in_usd').notNull(),
  unlockedAt: ts('unlocked_at'),
}, (t) => [
  uniqueIndex('player_bonus_release_tiers_release_tier_uq').on(t.playerReleaseId, t.tier),
  index('player_bonus_release_tiers_definition_idx').on(t.definitionId, t.playerId),
]);

// ─── Reports and dashboards: daily roll-ups (README "Reports") ───────────────────────────────
// Reports read these only. The bet figures and registrations are kept by triggers (migration
// `reports`), deferred to commit and spread over 4 shards; the transaction figures are folded from
// `tx_rollup_deltas` and read through the `*_now` views. Days are UTC days; test players are kept
// apart (`is_test`), so a report leaves them out by default and a test-flag change moves the
// player's figures.
const total = (name: string) => numeric(name, { precision: 38, scale: 8 });

/** Transactions per operator, UTC day (created), type, sub-type, status and currency; FTD figures of confirmed first deposits. */
export const reportTxDaily = pgTable('report_tx_daily', {
  opId: text('op_id').notNull(),
  day: text('day').notNull(),
  transactionType: text('transaction_type').notNull(),
  transactionSubType: text('transaction_sub_type').notNull(),
  status: text('status').notNull(),
  currency: text('currency').notNull(),
  isTest: boolean('is_test').notNull(),
  shard: integer('shard').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
  amount: total('amount').notNull(),
  amountInUsd: total('amount_in_usd').notNull(),
  ftdCount: bigint('ftd_count', { mode: 'number' }).notNull(),
  ftdAmountInUsd: total('ftd_amount_in_usd').notNull(),
}, (t) => [
  primaryKey({ columns: [t.opId, t.day, t.transactionType, t.transactionSubType, t.status, t.currency, t.isTest, t.shard] }),
  index('report_tx_daily_day_idx').on(t.day),
]);

/** Bets (not CANCELED) per operator, UTC day (placed), bet type, provider, game and currency: stakes and wins. */
export const reportBetDaily = pgTable('report_bet_daily', {
  opId: text('op_id').notNull(),
  day: text('day').notNull(),
  betType: text('bet_type').notNull(),
  provider: text('provider').notNull(),
  gameTitle: text('game_title').notNull(),
  currency: text('currency').notNull(),
  isTest: boolean('is_test').notNull(),
  shard: integer('shard').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
  stake: total('stake').notNull(),
  win: total('win').notNull(),
  stakeInUsd: total('stake_in_usd').notNull(),
  winInUsd: total('win_in_usd').notNull(),
}, (t) => [
  primaryKey({ columns: [t.opId, t.day, t.betType, t.provider, t.gameTitle, t.currency, t.isTest, t.shard] }),
  index('report_bet_daily_day_idx').on(t.day),
]);

/**
 * Player figures per operator, UTC day and acquisition (partner `aff_id`, its channel, the referring
 * player `ref_id`; '' for none): registrations (day of sign-up), confirmed deposits and first-time
 * deposits, confirmed withdrawals, bets (not CANCELED) with stakes and wins, all in USD.
 */
export const reportPlayerDaily = pgTable('report_player_daily', {
  opId: text('op_id').notNull(),
  day: text('day').notNull(),
  isTest: boolean('is_test').notNull(),
  affId: text('aff_id').notNull(),
  channelId: text('channel_id').notNull(),
  refId: text('ref_id').notNull(),
  shard: integer('shard').notNull(),
  registrations: bigint('registrations', { mode: 'number' }).notNull(),
  ftdCount: bigint('ftd_count', { mode: 'number' }).notNull(),
  ftdInUsd: total('ftd_in_usd').notNull(),
  depositCount: bigint('deposit_count', { mode: 'number' }).notNull(),
  depositInUsd: total('deposit_in_usd').notNull(),
  withdrawCount: bigint('withdraw_count', { mode: 'number' }).notNull(),
  withdrawInUsd: total('withdraw_in_usd').notNull(),
  betCount: bigint('bet_count', { mode: 'number' }).notNull(),
  stakeInUsd: total('stake_in_usd').notNull(),
  winInUsd: total('win_in_usd').notNull(),
}, (t) => [
  primaryKey({ columns: [t.opId, t.day, t.isTest, t.affId, t.channelId, t.refId, t.shard] }),
  index('report_player_daily_day_idx').on(t.day),
  index('report_player_daily_aff_idx').on(t.affId, t.day).where(sql`aff_id <> ''`),
  index('report_player_daily_ref_idx').on(t.opId, t.day).where(sql`ref_id <> ''`),
]);

/** Which players of an operator hold a card number on a bank account (not deleted), with how many accounts. */
export const riskCardPlayers = pgTable('risk_card_players', {
  opId: text('op_id').notNull(),
  cardNumber: text('card_number').notNull(),
  playerId: uuid('player_id').notNull(),
  accounts: integer('accounts').notNull(),
}, (t) => [primaryKey({ columns: [t.opId, t.cardNumber, t.playerId] })]);

/** A card number of an operator's bank accounts: how many players and accounts hold it, the latest account's time. */
export const riskCards = pgTable('risk_cards', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  cardNumber: text('card_number').notNull(),
  players: integer('players').notNull(),
  accounts: integer('accounts').notNull(),
  lastAt: ts('last_at').notNull(),
}, (t) => [
  uniqueIndex('risk_cards_op_card_uq').on(t.opId, t.cardNumber),
  // The risk report's order: shared cards (more than one player), the latest first.
  index('risk_cards_shared_op_idx').on(t.opId, t.lastAt, t.id).where(sql`players > 1`),
  index('risk_cards_shared_idx').on(t.lastAt, t.id).where(sql`players > 1`),
]);
// ---------------------------------------------------------------------------------------------
// Games catalogue (README "Games"): global games of the aggregators with their reference lists
// (categories, tags, jurisdictions, original providers: each of one operator or of all, `*`),
// each operator's own entry of a game it offers (status, order), and the games' images.

/** A game category (000 §3): operator (`*` all), slug, title and description per language. */
export const gameCategories = pgTable('game_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull().default('*'),
  slug: text('slug').notNull(),
  title: jsonb('title').$type<Record<string, string>>().notNull(),
  description: jsonb('description').$type<Record<string, string>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('game_categories_op_slug_uq').on(t.opId, t.slug), index('game_categories_slug_idx').on(t.slug, t.id)]);

/** A game tag (000 §3): operator, slug, title and description per language. */
export const gameTags = pgTable('game_tags', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull().default('*'),
  slug: text('slug').notNull(),
  title: jsonb('title').$type<Record<string, string>>().notNull(),
  description: jsonb('description').$type<Record<string, string>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('game_tags_op_slug_uq').on(t.opId, t.slug), index('game_tags_slug_idx').on(t.slug, t.id)]);

/** A jurisdiction (000 §3): operator, code, title and description per language. */
export const gameJurisdictions = pgTable('game_jurisdictions', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull().default('*'),
  code: text('code').notNull(),
  title: jsonb('title').$type<Record<string, string>>().notNull(),
  description: jsonb('description').$type<Record<string, string>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('game_jurisdictions_op_code_uq').on(t.opId, t.code), index('game_jurisdictions_code_idx').on(t.code, t.id)]);

/** An original provider (000 §3): id, operator, slug, aliases, display name per language. */
export const gameOriginalProviders = pgTable('game_original_providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull().default('*'),
  slug: text('slug').notNull(),
  aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
  displayName: jsonb('display_name').$type<Record<string, string>>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('game_original_providers_op_slug_uq').on(t.opId, t.slug), index('game_original_providers_slug_idx').on(t.slug, t.id)]);

/** A game of the catalogue (000 §3), one per (aggregator, aggregatorGameId). */
export const games = pgTable('games', {
  id: uuid('id').primaryKey().defaultRandom(),
  aggregator: text('aggregator').notNull(),
  aggregatorGameId: text('aggregator_game_id').notNull(),
  title: text('title').notNull(),
  description: text('description'),
  /** The original provider's slug. */
  provider: text('provider').notNull(),
  categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
  subCategories: text('sub_categories').array().notNull().default(sql`'{}'::text[]`),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  jurisdictions: text('jurisdictions').array().notNull().default(sql`'{}'::text[]`),
  /** The badge of the fixed list (GAME_TAG_BADGES). */
  tag: text('tag'),
  status: text('status').notNull().default('ACTIVE'),
  order: integer('order').notNull().default(1),
  rtp: numeric('rtp', { precision: 5, scale: 2 }),
  displayRtp: numeric('display_rtp', { precision: 5, scale: 2 }),
  restrictedCountries: text('restricted_countries').array().notNull().default(sql`'{}'::text[]`),
  hasDemo: boolean('has_demo').notNull().default(false),
  hasChat: boolean('has_chat').notNull().default(false),
  isBranded: boolean('is_branded').notNull().default(false),
  imageId: uuid('image_id'),
  coverPhoto: text('cover_photo'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('games_aggregator_game_uq').on(t.aggregator, t.aggregatorGameId),
  // The catalogue list's orders (title, order, newest) with the id tiebreak; the bulk calls by aggregator and provider.
  index('games_title_idx').on(t.title, t.id),
  index('games_order_idx').on(t.order, t.id),
  index('games_created_idx').on(t.createdAt, t.id),
  index('games_aggregator_provider_idx').on(t.aggregator, t.provider),
]);

/** An operator's entry of a game it offers (000 §3 "operators (map by opId with gameId, order, status)"; default DISABLED, order 1). */
export const operatorGames = pgTable('operator_games', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  gameId: uuid('game_id').notNull().references(() => games.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('DISABLED'),
  order: integer('order').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('operator_games_op_game_uq').on(t.opId, t.gameId),
  // The operator games list's order (order, id) within the caller's operators.
  index('operator_games_op_order_idx').on(t.opId, t.order, t.id),
  index('operator_games_game_idx').on(t.gameId),
]);

/** A game's uploaded images (bytes checked at upload), served with nosniff. */
export const gameImages = pgTable('game_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  gameId: uuid('game_id').notNull().references(() => games.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  contentBase64: text('content_base64').notNull(),
  uploadedBy: text('uploaded_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('game_images_game_idx').on(t.gameId, t.createdAt)]);
// ---------------------------------------------------------------------------------------------
// Crypto networks, What's New, Flows (Treasury Account reads `treasuries` and `treasury_entries`).
// ---------------------------------------------------------------------------------------------

/** A crypto network (platform-wide) and the block-explorer API keys it uses, in order. */
export const cryptoNetworks = pgTable('crypto_networks', {
  networkName: text('network_name').primaryKey(),
  explorerApiKeys: jsonb('explorer_api_keys').$type<string[]>().notNull().default([]),
  updatedAt: ts('updated_at'),
  updatedBy: text('updated_by'),
});

/** A release note of the console: a draft until published; `audience` the roles it is for. */
export const releaseNotes = pgTable('release_notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  version: text('version').notNull(),
  releaseDate: text('release_date').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  audience: text('audience').array().notNull(),
  publishedAt: ts('published_at'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('release_notes_published_idx').on(t.publishedAt, t.id)]);

/** When each staff member last read the release notes (the unread mark and badge). */
export const releaseNoteReads = pgTable('release_note_reads', {
  userId: uuid('user_id').primaryKey(),
  lastReadAt: ts('last_read_at').notNull(),
});

/** An operator's automation rule: trigger, conditions, action, active switch. */
export const flows = pgTable('flows', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  name: text('name').notNull(),
  trigger: text('trigger').notNull(),
  minAmountUsd: money('min_amount_usd'),
  realPlayersOnly: boolean('real_players_only').notNull().default(true),
  action: text('action').notNull(),
  tag: text('tag'),
  message: text('message'),
  isActive: boolean('is_active').notNull().default(true),
  /** Events from this instant on are evaluated (set at creation and when switched on again). */
  activeSince: ts('active_since').notNull().defaultNow(),
  /** The evaluation's watermark: events up to here were seen (the next run looks back a little before it). */
  evaluatedUntil: ts('evaluated_until').notNull().defaultNow(),
  runsCount: integer('runs_count').notNull().default(0),
  lastRunAt: ts('last_run_at'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('flows_op_created_idx').on(t.opId, t.createdAt, t.id), index('flows_created_idx').on(t.createdAt, t.id)]);

/** One evaluation of a flow on one event: unique per flow and event, so an event runs a flow once. */
export const flowRuns = pgTable('flow_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  flowId: uuid('flow_id').notNull(),
  opId: text('op_id').notNull(),
  eventKey: text('event_key').notNull(),
  eventType: text('event_type').notNull(),
  playerId: uuid('player_id'),
  amountUsd: money('amount_usd'),
  outcome: text('outcome').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('flow_runs_flow_event_uq').on(t.flowId, t.eventKey), index('flow_runs_flow_created_idx').on(t.flowId, t.createdAt, t.id)]);

/** Tags on players put by flows (FLAG_FOR_REVIEW puts `review`); one row per player and tag. */
export const playerTags = pgTable('player_tags', {
  playerId: uuid('player_id').notNull(),
  tag: text('tag').notNull(),
  opId: text('op_id').notNull(),
  flowId: uuid('flow_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.playerId, t.tag] })]);
// ——— CMS: site content per operator and language, media gallery, translations, staff notices ———

/**
 * A content section of an operator's site in one language (branding, sliders, a modal… and the
 * footer, kind `footer`): JSON checked against the kind's schema (contract cms.ts) at every save.
 * `version` grows by one at each save (a save naming an older version is refused).
 */
export const cmsSections = pgTable('cms_sections', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  kind: text('kind').notNull(),
  language: text('language').notNull(),
  content: jsonb('content').notNull().$type<Record<string, unknown>>(),
  version: integer('version').notNull().default(1),
  updatedBy: text('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('cms_sections_op_kind_lang_uq').on(t.opId, t.kind, t.language)]);

/** Pages and blog posts (`type` page | blog) of an operator's site, one per (operator, type, language, slug). */
export const cmsDocuments = pgTable('cms_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  type: text('type').notNull(),
  language: text('language').notNull(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  seoTitle: text('seo_title').notNull().default(''),
  seoDescription: text('seo_description').notNull().default(''),
  status: text('status').notNull().default('draft'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
}, (t) => [
  uniqueIndex('cms_documents_op_type_lang_slug_uq').on(t.opId, t.type, t.language, t.slug),
  index('cms_documents_list_idx').on(t.opId, t.type, t.language, t.updatedAt, t.id),
]);

/** The media gallery: images stored in the database (so every API process serves them), by operator. */
export const cmsMedia = pgTable('cms_media', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  fileName: text('file_name').notNull(),
  extension: text('extension').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  contentBase64: text('content_base64').notNull(),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  uploadedBy: text('uploaded_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('cms_media_op_created_idx').on(t.opId, t.createdAt, t.id)]);

/** Translations (dictionary entries): a text per language by partition and key. */
export const dictionaryEntries = pgTable('dictionary_entries', {
  partitionKey: text('partition_key').notNull(),
  rowKey: text('row_key').notNull(),
  texts: jsonb('texts').notNull().$type<Record<string, string>>(),
  updatedBy: text('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.partitionKey, t.rowKey] })]);

/** Staff notices: one per operator (`*` all operators), shown as the console's alert banner within its period. */
export const staffNotices = pgTable('staff_notices', {
  opId: text('op_id').primaryKey(),
  text: text('text').notNull(),
  level: text('level').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('staff_notices_updated_idx').on(t.updatedAt, t.opId)]);
// ---------------------------------------------------------------------------------------------
// Billing to operators (README "Billing"): the monthly GGR roll-up of bets, invoice settings,
// billing records (invoices and payments in one table) and invoice runs.

/**
 * The monthly roll-up of bets by operator, month (UTC), bet type and test flag of the player,
 * kept by a trigger on `bets` (and a change of a player's test flag), spread over 8 shards so
 * concurrent bets of one operator do not queue on one row. Invoices and the billing reports read
 * it, never the bets. Canceled bets count nothing.
 */
export const betMonthTotals = pgTable('bet_month_totals', {
  opId: text('op_id').notNull(),
  month: text('month').notNull(), // 'YYYY-MM'
  betType: text('bet_type').notNull(),
  isTest: boolean('is_test').notNull(),
  shard: integer('shard').notNull(),
  stakeInUsd: money('stake_in_usd').notNull().default('0'),
  winInUsd: money('win_in_usd').notNull().default('0'),
  bets: bigint('bets', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.opId, t.month, t.betType, t.isTest, t.shard] })]);

/** An operator's invoice settings (002 §3: the six fee fields, plus standing additional costs). */
export const billingSettings = pgTable('billing_settings', {
  opId: text('op_id').primaryKey(),
  casinoGgrPercentage: numeric('casino_ggr_percentage', { precision: 7, scale: 2 }).notNull().default('0'),
  sportGgrPercentage: numeric('sport_ggr_percentage', { precision: 7, scale: 2 }).notNull().default('0'),
  premiumSportInUsd: money('premium_sport_in_usd').notNull().default('0'),
  premiumBotInUsd: money('premium_bot_in_usd').notNull().default('0'),
  brandFeeInUsd: money('brand_fee_in_usd').notNull().default('0'),
  minMonthlyFeeInUsd: money('min_monthly_fee_in_usd').notNull().default('0'),
  additionalCosts: jsonb('additional_costs').$type<{ name: string; value: string }[]>().notNull().default([]),
  /** The operator's CPG billing wallet (provider payments arrive there). */
  cpgWalletAddress: text('cpg_wallet_address'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

/**
 * Billing records: invoices (type INVOICE, one per operator and month) and payments (PAYMENT),
 * accounts receivable in USD. Debt = Σ invoices − Σ payments of an operator.
 */
export const billingRecords = pgTable('billing_records', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type').notNull(),
  opId: text('op_id').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  reference: text('reference').notNull().default(''),
  note: text('note').notNull().default(''),
  amountInUsd: money('amount_in_usd').notNull(),
  issuedAt: ts('issued_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  updatedBy: text('updated_by'),
  // Invoice
  invoiceNo: integer('invoice_no'),
  year: integer('year'),
  month: integer('month'),
  testPlayersInclusion: text('test_players_inclusion'),
  includeBrands: boolean('include_brands'),
  /** The GGR, settings snapshot and computed figures of an invoice (contract InvoiceAmounts). */
  figures: jsonb('figures').$type<Record<string, unknown>>(),
  isSettingsOverridden: boolean('is_settings_overridden'),
  superAdminNote: text('super_admin_note'),
  // Payment
  paymentType: text('payment_type'),
  paidBy: text('paid_by'),
  currency: text('currency'),
  amount: money('amount'),
  exchangeRateInUsd: numeric('exchange_rate_in_usd', { precision: 30, scale: 12 }),
  paidInvoiceNo: integer('paid_invoice_no'),
  explorerUrl: text('explorer_url'),
}, (t) => [
  // One invoice per operator and month.
  uniqueIndex('billing_records_invoice_month_uq').on(t.opId, t.year, t.month).where(sql`type = 'INVOICE'`),
  uniqueIndex('billing_records_invoice_no_uq').on(t.invoiceNo),
  // Keyset lists: newest issue first, per operator and for global roles.
  index('billing_records_op_issued_idx').on(t.opId, t.issuedAt, t.id),
  index('billing_records_issued_idx').on(t.issuedAt, t.id),
]);

/** Per operator: what was invoiced and paid (kept with every billing record change, in its transaction). */
export const billingAccounts = pgTable('billing_accounts', {
  opId: text('op_id').primaryKey(),
  invoicedInUsd: money('invoiced_in_usd').notNull().default('0'),
  paidInUsd: money('paid_in_usd').notNull().default('0'),
  invoices: integer('invoices').notNull().default(0),
  payments: integer('payments').notNull().default(0),
  lastInvoiceAt: ts('last_invoice_at'),
  lastPaymentAt: ts('last_payment_at'),
});

/** Invoice runs: every active operator and partner of a month, invoiced by the job `billing.invoice-run`. */
export const invoiceRuns = pgTable('invoice_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  year: integer('year').notNull(),
  month: integer('month').notNull(),
  testPlayersInclusion: text('test_players_inclusion').notNull(),
  overwriteExistingInvoice: boolean('overwrite_existing_invoice').notNull().default(false),
  status: text('status').notNull().default('QUEUED'),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  created: integer('created').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  finishedAt: ts('finished_at'),
}, (t) => [
  index('invoice_runs_created_idx').on(t.createdAt, t.id),
  // At most one unfinished run per month.
  uniqueIndex('invoice_runs_month_active_uq').on(t.year, t.month).where(sql`status in ('QUEUED', 'RUNNING')`),
]);
// ---------------------------------------------------------------------------------------------
// Domains, Cloudflare and Azure Front Door (000 §2.3, §2.4, §3, §4; README "Domains, Cloudflare
// and Front Door"). The outside services' own state lives in their simulators (infra_sim_objects)
// or at the real provider; these tables are what the back office records about them.

/**
 * A Cloudflare account of an operator: its account id, our code for it and its API token. The
 * token is a secret: no answer ever carries it (lists show its last four characters).
 */
export const cfAccounts = pgTable('cf_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  opId: text('op_id').notNull(),
  cfAccountCode: text('cf_account_code').notNull().unique(),
  cfAccountId: text('cf_account_id').notNull(),
  title: text('title').notNull(),
  description: text('description'),
  note: text('note'),
  apiToken: text('api_token').notNull(),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('cf_accounts_created_idx').on(t.createdAt, t.id), index('cf_accounts_op_idx').on(t.opId)]);

/**
 * A domain (Cloudflare zone) of an operator, with what the back office knows of it at Cloudflare
 * and at Azure Front Door, and the add-domain automation's progress (`automationStatus`
 * NONE | IN_PROGRESS | COMPLETED | ERROR, the step it is at or failed on).
 */
export const domains = pgTable('domains', {
  id: uuid('id').primaryKey().defaultRandom(),
  domainName: text('domain_name').notNull().unique(),
  opId: text('op_id').notNull(),
  cfAccountCode: text('cf_account_code').notNull(),
  cfAccountId: text('cf_account_id').notNull(),
  cfZoneId: text('cf_zone_id'),
  cfZoneStatus: text('cf_zone_status'),
  cfZoneSslMode: text('cf_zone_ssl_mode'),
  cfZoneNameServers: text('cf_zone_name_servers').array().notNull().default(sql`'{}'::text[]`),
  cfDnsConfigured: boolean('cf_dns_configured').notNull().default(false),
  cfRulesConfigured: boolean('cf_rules_configured').notNull().default(false),
  /** The zone's DNS records as Cloudflare last answered them (name, type, content, proxied, created_on, modified_on, id). */
  cfDnsRecords: jsonb('cf_dns_records').notNull().default([]),
  afdProfileName: text('afd_profile_name'),
  afdEndpointName: text('afd_endpoint_name'),
  afdRouteName: text('afd_route_name'),
  afdCustomDomainId: text('afd_custom_domain_id'),
  afdProvisionStatus: text('afd_provision_status'),
  afdValidationStatus: text('afd_validation_status'),
  afdValidationToken: text('afd_validation_token'),
  afdRoutesAssociated: boolean('afd_routes_associated').notNull().default(false),
  isPrimary: boolean('is_primary').notNull().default(false),
  isLocked: boolean('is_locked').notNull().default(false),
  isB2CPFF: boolean('is_b2c_pff').notNull().default(true),
  isBackoffice: boolean('is_backoffice').notNull().default(false),
  isBrand: boolean('is_brand').notNull().default(false),
  isInternal: boolean('is_internal').notNull().default(false),
  defaultLang: text('default_lang').notNull().default('en'),
  automationStatus: text('automation_status').notNull().default('NONE'),
  automationStep: text('automation_step'),
  automationError: text('automation_error'),
  syncedAt: ts('synced_at'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('domains_name_idx').on(t.domainName, t.id),
  index('domains_op_idx').on(t.opId, t.domainName),
  index('domains_account_idx').on(t.cfAccountCode),
  uniqueIndex('domains_primary_uq').on(t.opId).where(sql`${t.isPrimary}`),
]);

/** An Azure Front Door profile the automation puts domains on (platform-wide: the profiles are ours, not an operator's). */
export const afdProfiles = pgTable('afd_profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  afdProfileName: text('afd_profile_name').notNull().unique(),
  resourceGroup: text('resource_group').notNull(),
  managedIdentityClientId: text('managed_identity_client_id').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  title: text('title').notNull(),
  description: text('description'),
  note: text('note'),
  extraData: jsonb('extra_data').notNull().default({}),
  endpointNamePrefix: text('endpoint_name_prefix').notNull().default('ep'),
  ppfRouteNamePrefix: text('ppf_route_name_prefix').notNull().default('ppf'),
  apiRouteNamePrefix: text('api_route_name_prefix').notNull().default('api'),
  boRouteNamePrefix: text('bo_route_name_prefix').notNull().default('bo'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('afd_profiles_default_uq').on(t.isDefault).where(sql`${t.isDefault}`)]);

/**
 * The state of the simulated outside services (Cloudflare zones and DNS records, Front Door custom
 * domains, endpoints and routes, Auth0 custom domains and organizations): one row per object, so
 * every process sees one simulated provider and it survives restarts like the real one would.
 */
export const infraSimObjects = pgTable('infra_sim_objects', {
  service: text('service').notNull(),
  kind: text('kind').notNull(),
  id: text('id').notNull(),
  parentId: text('parent_id'),
  data: jsonb('data').notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.service, t.kind, t.id] }), index('infra_sim_parent_idx').on(t.service, t.kind, t.parentId)]);
