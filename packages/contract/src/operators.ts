/**
 * Operators and brands (000 §2.1, 002 §3–§9): the operators list, an operator's details and
 * settings, activation and the operator ⇄ brand transformation. Messages the spec gives are its
 * own (002 §4–§5: the parent operator is required and ACTIVE); the others are written here once.
 */
import { z } from 'zod';
import { affiliateSettings, cashbackSettings } from './rewards-summary.js';
import { listScope } from './api.js';
import { MSG } from './messages.js';
import { timezoneSchema } from './validation.js';

/** What an operator row is: a parent operator, a brand (child of a parent operator), a partner or the CMS default. */
export const OPERATOR_KINDS = ['OPERATOR', 'BRAND', 'PARTNER', 'CMS_DEFAULT'] as const;
export type OperatorKind = (typeof OPERATOR_KINDS)[number];
export const OPERATOR_KIND_LABELS: Record<OperatorKind, string> = {
  OPERATOR: 'Operator', BRAND: 'Brand', PARTNER: 'Partner', CMS_DEFAULT: 'CMS Default',
};
/** A kind stored as text, as staff read it (an unknown one as it is). */
export const operatorKindLabel = (kind: string): string => OPERATOR_KIND_LABELS[kind as OperatorKind] ?? kind;

export const OPERATOR_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];
export const OPERATOR_STATUS_LABELS: Record<OperatorStatus, string> = { ACTIVE: 'Active', INACTIVE: 'Inactive' };

/** The `type` chips of /operators (000 §2.1: `?type=parent`, `?type=brand`): parent operators or brands. */
export const OPERATOR_TYPES = ['parent', 'brand'] as const;
export type OperatorType = (typeof OPERATOR_TYPES)[number];
export const OPERATOR_TYPE_LABELS: Record<OperatorType, string> = { parent: 'Parent operators', brand: 'Brands' };
/** The kind each `type` lists. */
export const OPERATOR_TYPE_KIND: Record<OperatorType, OperatorKind> = { parent: 'OPERATOR', brand: 'BRAND' };

/** Payment providers as staff read them (the allowed gateways of an operator's settings name providers). */
const PROVIDER_NAMES: Record<string, string> = {
  cpg: 'CPG', jb: 'JB', tomani: 'Tomani', witcher: 'Witcher', 'witcher-v1': 'Witcher V1', utopia: 'Utopia', web3: 'Web3',
  'u-wallet': 'U-Wallet', 'perfect-money': 'Perfect Money', 'fiat-crypto': 'Fiat Crypto', 'fx-havale': 'FX Havale',
  'param-havale': 'Param Havale', 'serial-havale': 'Serial Havale', 'vita-havale': 'Vita Havale', 'fast-havale': 'Fast Havale',
  'apple-pay-crypto': 'Apple Pay Crypto', parscoinpay: 'ParsCoinPay',
};
/** `caspian-pay` → `Caspian Pay`; the known ones by their own spelling. */
export const providerName = (key: string): string =>
  PROVIDER_NAMES[key] ?? key.split('-').map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' ');

export const OPERATOR_MESSAGES = {
  /** The operator's time zone (designed): the periods of its bonus releases. */
  TIME_ZONE_SAVED: 'Operator time zone saved!',
  TIME_ZONE_CLEARED: 'Operator time zone cleared: it follows its parent operator (or UTC).',
  /** 002 §5: "Transformation: parent operator required and ACTIVE." */
  PARENT_REQUIRED: 'Parent operator is required.',
  PARENT_INACTIVE: 'The parent operator must be ACTIVE.',
  PARENT_NOT_FOUND: 'Parent operator not found.',
  PARENT_NOT_PARENT: 'The parent must be a parent operator, not a brand or a partner.',
  NOT_ITSELF: 'An operator cannot become a brand of itself.',
  HAS_BRANDS: 'An operator that has brands or partners cannot become a brand.',
  NOT_AN_OPERATOR: 'Only a parent operator can become a brand.',
  NOT_A_BRAND: 'Only a brand can become an operator.',
  TO_BRAND_DONE: (title: string, parent: string) => `${title} is now a brand of ${parent}.`,
  TO_OPERATOR_DONE: (title: string) => `${title} is now an operator.`,
  ACTIVATED: 'Operator activated!',
  DEACTIVATED: 'Operator deactivated!',
  ALREADY_ACTIVE: 'Operator is already active.',
  ALREADY_INACTIVE: 'Operator is already inactive.',
  CMS_DEFAULT_STAYS_ACTIVE: 'The CMS default operator cannot be deactivated.',
  TYPE_INVALID: 'Type must be parent (parent operators) or brand (brands).',
  STATUS_INVALID: 'Status must be ACTIVE or INACTIVE.',
  /** The operator's additional top-up currencies (001 §3 extraData.additionalTopupCurrencies, §9; the messages designed). */
  TOPUP_CURRENCIES_SAVED: 'Top-up currencies saved!',
  TOPUP_CURRENCY_USD: 'USD is always a top-up currency: choose among the operator\'s other currencies.',
  TOPUP_CURRENCY_NOT_ALLOWED: (currency: string, allowed: readonly string[]) =>
    `${currency} is not one of the operator's currencies${allowed.length ? ` (${allowed.join(', ')})` : ''}.`,
  TOPUP_CURRENCIES_INVALID: 'Top-up currencies must be currency codes of 3 to 5 capital letters, at most 20.',
  /** The brand delete confirmation (002 §4, §7: titled Delete Notification, it makes no call). */
  BRAND_DELETE_TITLE: 'Delete Notification',
  BRAND_DELETE_TEXT: 'Brands are not deleted from the console. To retire a brand, deactivate it or ask the platform team; nothing is changed here.',
} as const;

/** An operator's id: blank or over-long, it is the operator not found of every call (MSG.OPERATOR_NOT_FOUND). */
const opIdField = z.string({ error: MSG.OPERATOR_NOT_FOUND }).trim().min(1, MSG.OPERATOR_NOT_FOUND).max(64, MSG.OPERATOR_NOT_FOUND);

/** POST /api/operators/list and /api/operators/brands/list: the shared list parameters plus type, status, parent and text. */
const operatorStatus = z.enum(OPERATOR_STATUSES, { error: OPERATOR_MESSAGES.STATUS_INVALID });

export const operatorsListBody = listScope.extend({
  type: z.enum(OPERATOR_TYPES, { error: OPERATOR_MESSAGES.TYPE_INVALID }).optional(),
  status: operatorStatus.optional(),
  /** The brands (and partners) of one parent operator. */
  parentOpId: z.string().trim().min(1).max(64).optional(),
  /** Part of the title or the opId. */
  search: z.string().trim().min(1).max(120).optional(),
  sortBy: z.enum(['title', 'createdAt']).default('title'),
  sort: z.enum(['asc', 'desc']).optional(),
});

export const operatorRow = z.object({
  opId: z.string(),
  title: z.string(),
  kind: z.string(),
  parentOpId: z.string().nullable(),
  parentOpTitle: z.string().nullable(),
  status: z.string(),
  /** Brands of a parent operator (counted in the small operators table by its parent index). */
  brandsCount: z.number().int(),
  createdAt: z.string(),
});
export type OperatorRowView = z.infer<typeof operatorRow>;

/** GET /api/operators/settings?opId. */
export const operatorSettingsQuery = z.object({ opId: opIdField });


// The affiliates and cashback sections (001 §3) are defined once, with the player panels' levels: rewards-summary.ts.

/** The answer of GET /api/operators/settings: the affiliates and cashback sections (null when the operator has none). */
export const operatorSettingsAnswer = z.object({
  opId: z.string(),
  affiliates: affiliateSettings.nullable(),
  cashback: cashbackSettings.nullable(),
  /** Four-eyes approval: the operator's own threshold in USD (null: off). */
  fourEyesThresholdInUSD: z.string().nullable(),
  /** The operator's own time zone (null: its parent's, else UTC) and the one in effect. */
  timeZone: z.string().nullable(),
  effectiveTimeZone: z.string(),
});

/**
 * PUT /api/operators/time-zone: the operator's time zone (an IANA name; empty clears it). The
 * periods of its bonus releases (days, weeks, months) begin at midnight there; a brand without one
 * follows its parent operator, an operator without one UTC.
 */
export const operatorTimeZoneBody = z.object({
  opId: opIdField,
  timeZone: z.union([z.literal(''), timezoneSchema], { error: MSG.UNKNOWN_TIMEZONE }),
});
export const operatorTimeZoneAnswer = z.object({ opId: z.string(), timeZone: z.string().nullable(), effectiveTimeZone: z.string() });

/**
 * The currencies staff may top up a player of the operator in (001 §9 "Wallet top-up currencies:
 * USD plus the operator's additionalTopupCurrencies"): USD, then those of its additional top-up
 * currencies the operator still allows (an allowed currency taken away since is not offered).
 */
export function topupCurrenciesOf(op: { allowedCurrencies: readonly string[]; additionalTopupCurrencies: readonly string[] }): string[] {
  return ['USD', ...new Set(op.additionalTopupCurrencies.filter((c) => c !== 'USD' && op.allowedCurrencies.includes(c)))];
}

/** The operator data a top-up reads beside its limits and stats (001 §3): `extraData.additionalTopupCurrencies`. */
export const operatorExtraData = z.object({ additionalTopupCurrencies: z.array(z.string()) });

/**
 * PUT /api/operators/topup-currencies (designed): the operator's additional top-up currencies, each
 * one of its allowed currencies other than USD (USD is always one); empty: USD only.
 */
export const operatorTopupCurrenciesBody = z.object({
  opId: opIdField,
  additionalTopupCurrencies: z.array(
    z.string({ error: OPERATOR_MESSAGES.TOPUP_CURRENCIES_INVALID }).trim().regex(/^[A-Z]{3,5}$/, OPERATOR_MESSAGES.TOPUP_CURRENCIES_INVALID),
    { error: OPERATOR_MESSAGES.TOPUP_CURRENCIES_INVALID },
  ).max(20, OPERATOR_MESSAGES.TOPUP_CURRENCIES_INVALID),
});
export const operatorTopupCurrenciesAnswer = z.object({
  opId: z.string(),
  extraData: operatorExtraData,
  /** What the Topup Player dialog offers: USD and the additional ones. */
  topupCurrencies: z.array(z.string()),
});

/** POST /api/operators/status: activate or deactivate. */
export const operatorStatusBody = z.object({ opId: opIdField, status: operatorStatus });
export const operatorStatusAnswer = z.object({ opId: z.string(), status: z.enum(OPERATOR_STATUSES) });

const parentOpId = z.string({ error: OPERATOR_MESSAGES.PARENT_REQUIRED }).trim().min(1, OPERATOR_MESSAGES.PARENT_REQUIRED).max(64, OPERATOR_MESSAGES.PARENT_NOT_FOUND);

/** The Transform Operator to Brand form: the parent operator (required). */
export const operatorToBrandForm = z.object({ parentOpId });
/** POST /api/operators/transform (002 §7): dto with parentOpId, parentOpTitle, opId (operator → brand). */
export const operatorToBrandBody = z.object({
  opId: opIdField,
  parentOpId,
  /** As the console shows it; the server records the parent's own title. */
  parentOpTitle: z.string().trim().max(200).optional(),
});
/** POST /api/operators/transform/brand (002 §7): opId (brand → operator). */
export const brandToOperatorBody = z.object({ opId: opIdField });

export const transformAnswer = z.object({
  opId: z.string(),
  kind: z.string(),
  parentOpId: z.string().nullable(),
  parentOpTitle: z.string().nullable(),
});
