/**
 * What staff read instead of codes: one label per code of every vocabulary the console shows
 * (transaction types, sub-types and statuses, KYC option types, fields and statuses, top-up
 * reasons and actions, username states, wallets, bank account states, bet statuses and types,
 * support ticket statuses). The console's tables,
 * drawers, filters, chips and CSV files and the "Invalid field: {field}" message read these.
 * Zod-free and with type-only imports, so any module (validation.ts too) may import it.
 */
import type { KycStatus } from './api.js';
import type { BankAccountStatus } from './banking.js';
import type { BonusPrizeType, BonusRequestStatus } from './bonus-forms.js';
import type { TopupAction, TopupReason } from './money.js';
import type { TxStatus, TxSubType, TxType } from './payments.js';
import type { KycOptionType, UsernameStatus } from './validation.js';
import type { WALLET_KINDS } from './endpoints/schemas/players.js';
import type { BetStatus, BetType } from './bets.js';
import type { TicketStatus } from './support.js';
import type { AffiliateWithdrawFailureStatus, AffiliateWithdrawJobStatus } from './affiliate-withdraw.js';
import type { TournamentStatus, WinnerStatus } from './tournaments.js';
import type { BonusBetType } from './bonus-common.js';
import type { BonusDefinitionStatus, PlayerDepositBonusStatus } from './bonus-definitions.js';
import type { BonusReleaseSchedule, BonusReleaseStatus } from './bonus-releases.js';
import type { AffiliateChannelType } from './affiliate-reports.js';
import type { FourEyesReason, FourEyesStatus } from './four-eyes.js';

export const TX_TYPE_LABELS = {
  DEPOSIT: 'Deposit',
  WITHDRAW: 'Withdraw',
  TOPUP: 'Top-up',
  BONUS: 'Bonus',
  REFERRAL_PROFIT: 'Referral profit',
  AFFILIATE: 'Affiliate',
  CASHBACK: 'Cashback',
  TOURNAMENT_PRIZE: 'Tournament prize',
} as const satisfies Record<TxType, string>;

export const TX_SUB_TYPE_LABELS = {
  BONUS_CLAIM: 'Bonus claim',
  DEPOSIT_BONUS: 'Deposit bonus',
  MANUAL_BONUS: 'Manual bonus',
  REGISTRATION_BONUS: 'Registration bonus',
  CASHBACK_CLAIM: 'Cashback claim',
  AFFILIATE_CPA_COMMISSION: 'Affiliate CPA commission',
  AFFILIATE_CPR_COMMISSION: 'Affiliate CPR commission',
  AFFILIATE_PROFIT_WITHDRAW: 'Affiliate profit withdraw',
  BONUS_RELEASE: 'Bonus release',
  OTHER: 'Other',
} as const satisfies Record<TxSubType, string>;

export const TX_STATUS_LABELS = {
  CONFIRMED: 'Confirmed',
  REJECTED: 'Rejected',
  IN_PROGRESS: 'In progress',
  PENDING: 'Pending',
  CANCELED: 'Canceled',
  IN_FLIGHT: 'In flight',
} as const satisfies Record<TxStatus, string>;

export const KYC_OPTION_TYPE_LABELS = {
  PASSPORT_COPY: 'Passport copy',
  CARD_COPY: 'ID card copy',
  EMAIL: 'Email',
  MOBILE_NUMBER: 'Mobile number',
  ADDRESS: 'Address',
  PERSONAL_DETAILS: 'Personal details',
  PASSPORT_ID: 'Passport ID',
  CARD_ID: 'ID card number',
} as const satisfies Record<KycOptionType, string>;

/** The data fields of the KYC option types (validation.ts KYC_FIELD_RULES keys). */
export const KYC_FIELD_LABELS = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  passportId: 'Passport ID',
  cardId: 'Card ID',
  phoneNumber: 'Phone number',
  postCode: 'Post code',
  address: 'Address',
  city: 'City',
  country: 'Country',
  birthDate: 'Birth date',
  imageUrl: 'Image',
  frontImageUrl: 'Front image',
  backImageUrl: 'Back image',
} as const;
export type KycField = keyof typeof KYC_FIELD_LABELS;

export const KYC_STATUS_LABELS = {
  NOT_SUBMITTED: 'Not submitted',
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  REJECTED: 'Rejected',
} as const satisfies Record<KycStatus, string>;

/** Top-up reasons (money.ts TOPUP_REASONS). */
export const TOPUP_REASON_LABELS = {
  COMPENSATION: 'Compensation',
  CORRECTION: 'Correction',
  PROMOTION: 'Promotion',
  TEST: 'Test',
  OTHER: 'Other',
} as const satisfies Record<TopupReason, string>;

export const TOPUP_ACTION_LABELS = { INCREASE: 'Increase', DECREASE: 'Decrease' } as const satisfies Record<TopupAction, string>;

export const USERNAME_STATUS_LABELS = {
  PENDING: 'Pending',
  APPROVE: 'Approved',
  REJECT: 'Rejected',
} as const satisfies Record<UsernameStatus, string>;

/** Wallets of a player (schemas/players.ts WALLET_KINDS). */
export const WALLET_KIND_LABELS = {
  MAIN: 'Main',
  BONUS: 'Bonus',
  AFFILIATE: 'Affiliate',
  CASHBACK: 'Cashback',
} as const satisfies Record<(typeof WALLET_KINDS)[number], string>;

export const BANK_ACCOUNT_STATUS_LABELS = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
} as const satisfies Record<BankAccountStatus, string>;

/** Bonus form prize types (001 §3 "cash prize or locked prize") and request states. */
export const BONUS_PRIZE_TYPE_LABELS = { CASH: 'Cash prize', LOCKED: 'Locked prize' } as const satisfies Record<BonusPrizeType, string>;
export const BONUS_REQUEST_STATUS_LABELS = { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' } as const satisfies Record<BonusRequestStatus, string>;

export const BET_STATUS_LABELS = { OPEN: 'Open', WON: 'Won', LOST: 'Lost', CASHBACK: 'Cashback', CANCELED: 'Canceled' } as const satisfies Record<BetStatus, string>;
export const BET_TYPE_LABELS = { CASINO: 'Casino', SPORT: 'Sport' } as const satisfies Record<BetType, string>;

/** Support ticket statuses (support.ts TICKET_STATUSES). */
export const TICKET_STATUS_LABELS = {
  NEW: 'New', PENDING: 'Pending', REPLIED: 'Replied', CLOSED: 'Closed', ARCHIVED: 'Archived',
} as const satisfies Record<TicketStatus, string>;

/** Every vocabulary by name: `label('txStatus', 'IN_PROGRESS')` → "In progress". */
/** Tournaments and their winners' prizes. */
export const TOURNAMENT_STATUS_LABELS = { ACTIVE: 'Active', EXPIRED: 'Expired' } as const satisfies Record<TournamentStatus, string>;
export const WINNER_STATUS_LABELS = { PENDING: 'Pending', PAID: 'Paid', REJECTED: 'Rejected' } as const satisfies Record<WinnerStatus, string>;

/** Bonus release definitions and their report (EXPIRED: active but past its end). */
export const BONUS_RELEASE_STATUS_LABELS = { ACTIVE: 'Active', DISABLED: 'Disabled', EXPIRED: 'Expired' } as const satisfies Record<BonusReleaseStatus, string>;
export const BONUS_RELEASE_SCHEDULE_LABELS = { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly' } as const satisfies Record<BonusReleaseSchedule, string>;

/** Affiliate withdraw jobs (/withdraw/affiliate). */
export const AFFILIATE_WITHDRAW_JOB_STATUS_LABELS = {
  RUNNING: 'Running', CANCELLED: 'Cancelled', DONE: 'Done', FAILED: 'Failed',
} as const satisfies Record<AffiliateWithdrawJobStatus, string>;
/** A job's failed payout: still to be tried again, paid by a retry, or failed for good. */
export const AFFILIATE_PAYOUT_FAILURE_LABELS = {
  RETRYING: 'Retrying', PAID: 'Paid', FAILED: 'Failed',
} as const satisfies Record<AffiliateWithdrawFailureStatus, string>;

/** Deposit bonus definitions: DEACTIVE reads "Disabled" (001 §4). */
export const BONUS_DEFINITION_STATUS_LABELS = { ACTIVE: 'Active', DEACTIVE: 'Disabled', DELETED: 'Deleted' } as const satisfies Record<BonusDefinitionStatus, string>;
export const BONUS_BET_TYPE_LABELS = { CASINO: 'Casino', SPORT: 'Sport', ALL: 'All' } as const satisfies Record<BonusBetType, string>;
export const PLAYER_DEPOSIT_BONUS_STATUS_LABELS = {
  ACTIVE: 'Active', COMPLETED: 'Completed', EXPIRED: 'Expired', CANCELED: 'Canceled',
} as const satisfies Record<PlayerDepositBonusStatus, string>;
/** Channel types of the affiliate Reports' More Filters. */
export const AFFILIATE_CHANNEL_TYPE_LABELS = { CHANNEL: 'Channel link', DIRECT: 'Direct (no channel)' } as const satisfies Record<AffiliateChannelType, string>;
export const FOUR_EYES_REASON_LABELS = {
  VERIFIED_DOCUMENTS: 'Verified documents', KNOWN_PLAYER: 'Known player', PROMOTION_AGREED: 'Promotion agreed', OTHER: 'Other',
} as const satisfies Record<FourEyesReason, string>;
export const FOUR_EYES_STATUS_LABELS = {
  AWAITING_SECOND_APPROVAL: 'Awaiting second approval', APPROVED: 'Approved', REJECTED: 'Rejected',
} as const satisfies Record<FourEyesStatus, string>;

export const LABELS = {
  txType: TX_TYPE_LABELS,
  txSubType: TX_SUB_TYPE_LABELS,
  txStatus: TX_STATUS_LABELS,
  kycOptionType: KYC_OPTION_TYPE_LABELS,
  kycField: KYC_FIELD_LABELS,
  kycStatus: KYC_STATUS_LABELS,
  topupReason: TOPUP_REASON_LABELS,
  topupAction: TOPUP_ACTION_LABELS,
  usernameStatus: USERNAME_STATUS_LABELS,
  walletKind: WALLET_KIND_LABELS,
  bankAccountStatus: BANK_ACCOUNT_STATUS_LABELS,
  bonusPrizeType: BONUS_PRIZE_TYPE_LABELS,
  bonusRequestStatus: BONUS_REQUEST_STATUS_LABELS,
  betStatus: BET_STATUS_LABELS,
  betType: BET_TYPE_LABELS,
  ticketStatus: TICKET_STATUS_LABELS,
  affiliateJobStatus: AFFILIATE_WITHDRAW_JOB_STATUS_LABELS,
  payoutFailure: AFFILIATE_PAYOUT_FAILURE_LABELS,
  tournamentStatus: TOURNAMENT_STATUS_LABELS,
  winnerStatus: WINNER_STATUS_LABELS,
  bonusDefinitionStatus: BONUS_DEFINITION_STATUS_LABELS,
  bonusBetType: BONUS_BET_TYPE_LABELS,
  playerDepositBonusStatus: PLAYER_DEPOSIT_BONUS_STATUS_LABELS,
  bonusReleaseStatus: BONUS_RELEASE_STATUS_LABELS,
  bonusReleaseSchedule: BONUS_RELEASE_SCHEDULE_LABELS,
  affiliateChannelType: AFFILIATE_CHANNEL_TYPE_LABELS,
  fourEyesReason: FOUR_EYES_REASON_LABELS,
  fourEyesStatus: FOUR_EYES_STATUS_LABELS,
} as const;
export type LabelKind = keyof typeof LABELS;

/** Words that read as abbreviations in a humanized code ("KYC claim", "Amount in USD", "Back image URL"). */
const ABBREVIATIONS: Record<string, string> = {
  kyc: 'KYC', ftd: 'FTD', usd: 'USD', id: 'ID', ids: 'IDs', url: 'URL', urls: 'URLs', ip: 'IP', '2fa': '2FA', dns: 'DNS', ssl: 'SSL', cf: 'CF',
  afd: 'AFD', cpg: 'CPG', jb: 'JB', api: 'API', csv: 'CSV', ggr: 'GGR', ngr: 'NGR', ltv: 'LTV', cms: 'CMS', sla: 'SLA', json: 'JSON', iban: 'IBAN',
  rtp: 'RTP', ppf: 'PPF', sms: 'SMS', otp: 'OTP', cpa: 'CPA', cpr: 'CPR',
};

/** A code no map knows (a newer server, an activity action): "WITHDRAW_IN_PROGRESS" → "Withdraw in progress", "KYC_CLAIM" → "KYC claim". */
export function humanize(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\s-]+/g, ' ').trim().toLowerCase().split(' ').map((w) => (Object.hasOwn(ABBREVIATIONS, w) ? ABBREVIATIONS[w]! : w)).join(' ');
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

/** The label of a code of one vocabulary; an unknown code is humanized, an empty one is "—". */
export function label(kind: LabelKind, code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '—';
  const map = LABELS[kind] as Record<string, string>;
  return Object.hasOwn(map, code) ? map[code]! : humanize(code);
}

/** The select options of a vocabulary's codes, each with its label. */
export const labelOptions = (kind: LabelKind, codes: readonly string[]) => codes.map((value) => ({ value, label: label(kind, value) }));

/**
 * A transaction's type as staff read it: "Affiliate / Affiliate profit withdraw"; the sub-type
 * OTHER adds nothing.
 */
export function txTypeLabel(type: string, subType?: string | null): string {
  const t = label('txType', type);
  return subType && subType !== 'OTHER' ? `${t} / ${label('txSubType', subType)}` : t;
}
