/**
 * The games catalogue (000 §2.1, §2.3, §3, §4, §5, §6, §7, §8, §9). The catalogue is global: the
 * games the aggregators offer, with their categories, tags, jurisdictions and original providers
 * (each item of those lists belongs to one operator or to all, `*`). Each operator has its own
 * entry of a game it offers (status, order). One schema per rule, used by the console's forms and
 * the server's bodies; the spec's texts once, in `GAME_MESSAGES`.
 */
import { z } from 'zod';
import { LANGUAGES, REFERENCE_LIST_LIMIT } from './constants.js';
import { listPaging, listScope } from './api.js';
import type { Role } from './roles.js';

/** 000 §4: a game's status, in the catalogue and per operator. */
export const GAME_STATUSES = ['ACTIVE', 'DISABLED', 'MAINTENANCE', 'DEPRECATE'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];
export const GAME_STATUS_LABELS: Record<GameStatus, string> = { ACTIVE: 'Active', DISABLED: 'Disabled', MAINTENANCE: 'Maintenance', DEPRECATE: 'Deprecated' };

/** 000 §4: a game added for an operator starts DISABLED at order 1. */
export const OPERATOR_GAME_DEFAULT_STATUS: GameStatus = 'DISABLED';
export const OPERATOR_GAME_DEFAULT_ORDER = 1;
export const GAME_ORDER_MAX = 99_999;

/** 000 §7: `opId *` means every operator; `providerId ALL` every provider of the aggregator. */
export const ALL_OPERATORS = '*';
export const ALL_PROVIDERS = 'ALL';

/** 000 §9: reference lists are read 100 per page. */
export const GAME_REFERENCE_PAGE_SIZE = REFERENCE_LIST_LIMIT;

/** 000 §9 "Game tags come from a fixed list": the badge a game carries on its tile (`tag`). */
export const GAME_TAG_BADGES = ['NEW', 'HOT', 'POPULAR', 'EXCLUSIVE', 'JACKPOT', 'TOP'] as const;
export type GameTagBadge = (typeof GAME_TAG_BADGES)[number];
export const GAME_TAG_BADGE_LABELS: Record<GameTagBadge, string> = { NEW: 'New', HOT: 'Hot', POPULAR: 'Popular', EXCLUSIVE: 'Exclusive', JACKPOT: 'Jackpot', TOP: 'Top' };

/** 000 §9 "a countries list is used for restrictions" (ISO 3166-1 alpha-2). */
export const COUNTRIES: Readonly<Record<string, string>> = {
  AE: 'United Arab Emirates', AR: 'Argentina', AT: 'Austria', AU: 'Australia', AZ: 'Azerbaijan', BE: 'Belgium', BG: 'Bulgaria', BR: 'Brazil',
  CA: 'Canada', CH: 'Switzerland', CL: 'Chile', CN: 'China', CO: 'Colombia', CY: 'Cyprus', CZ: 'Czechia', DE: 'Germany', DK: 'Denmark',
  EE: 'Estonia', EG: 'Egypt', ES: 'Spain', FI: 'Finland', FR: 'France', GB: 'United Kingdom', GE: 'Georgia', GR: 'Greece', HR: 'Croatia',
  HU: 'Hungary', ID: 'Indonesia', IE: 'Ireland', IL: 'Israel', IN: 'India', IR: 'Iran', IT: 'Italy', JP: 'Japan', KR: 'South Korea',
  KZ: 'Kazakhstan', LT: 'Lithuania', LU: 'Luxembourg', LV: 'Latvia', MT: 'Malta', MX: 'Mexico', MY: 'Malaysia', NG: 'Nigeria',
  NL: 'Netherlands', NO: 'Norway', NZ: 'New Zealand', PE: 'Peru', PH: 'Philippines', PL: 'Poland', PT: 'Portugal', RO: 'Romania',
  RS: 'Serbia', RU: 'Russia', SA: 'Saudi Arabia', SE: 'Sweden', SG: 'Singapore', SI: 'Slovenia', SK: 'Slovakia', TH: 'Thailand',
  TR: 'Türkiye', UA: 'Ukraine', US: 'United States', UZ: 'Uzbekistan', VN: 'Vietnam', ZA: 'South Africa',
};
export const COUNTRY_CODES = Object.keys(COUNTRIES);

/** The largest game image (000 §5: an image upload accepts image files only, recognised by `imageKind`). */
export const GAME_IMAGE_MAX_BYTES = 2_097_152;

export const GAME_TITLE_MAX = 120;
export const GAME_TEXT_MAX = 500;
export const SLUG_MAX = 64;
export const GAME_LIST_MAX = 50;

export const GAME_MESSAGES = {
  // 000 §8
  CATEGORY_UPDATED: 'Game Category updated!',
  CATEGORY_ADDED: 'New Game Category added!',
  JURISDICTION_UPDATED: 'Game Jurisdiction updated!',
  JURISDICTION_ADDED: 'New Game Jurisdiction added!',
  PROVIDER_UPDATED: 'Original Provider updated!',
  PROVIDER_CREATED: 'Original Provider created!',
  TAG_UPDATED: 'Game Tag updated!',
  TAG_ADDED: 'New Game Tag added!',
  ACTION_COMPLETED: 'Action completed successfully',
  GAME_DISABLED_FOR_OPERATOR: 'Game disabled for operator!',
  GAME_ADDED_FOR_OPERATOR: 'Game added for operator!',
  GAME_UPDATED_FOR_OPERATOR: 'Game updated for operator!',
  // 000 §5
  SLUG_INVALID: 'Use lowercase letters and dashes only.',
  /** Designed: 000 §5's rule names the category, tag and jurisdiction keys only; providers' names hold digits ("1x2gaming"). */
  PROVIDER_SLUG_INVALID: 'Use lowercase letters, digits and dashes only.',
  PROVIDER_NAME_REQUIRED: 'English display name is required.',
  ALIAS_EMPTY: 'Aliases cannot be empty.',
  IMAGE_ONLY: 'Only image files are allowed.',
  // Designed (the spec gives no words for these: written here once)
  GAME_UPDATED: 'Game updated!',
  GAME_DELETED: 'Game deleted!',
  IMAGE_UPDATED: 'Game image updated!',
  IMAGE_DELETED: 'Game image deleted!',
  CATEGORY_DELETED: 'Game Category deleted!',
  JURISDICTION_DELETED: 'Game Jurisdiction deleted!',
  TAG_DELETED: 'Game Tag deleted!',
  PROVIDER_DELETED: 'Original Provider deleted!',
  IMAGE_TOO_LARGE: 'Image must be smaller than 2MB.',
  IMAGE_REQUIRED: 'Choose an image file.',
  TITLE_EN_REQUIRED: 'English title is required.',
  TEXT_MAX: `Each text can be at most ${GAME_TEXT_MAX} characters.`,
  LANGUAGE_INVALID: 'Unknown language.',
  TEXTS_INVALID: 'Give the texts as one per language.',
  OPERATOR_REQUIRED: 'Choose an operator, or * for all operators.',
  OPERATORS_REQUIRED: 'Choose at least one operator.',
  GAME_NOT_FOUND: 'Game not found.',
  OPERATOR_GAME_NOT_FOUND: 'This game is not offered to the operator.',
  CATEGORY_NOT_FOUND: 'Game category not found.',
  JURISDICTION_NOT_FOUND: 'Game jurisdiction not found.',
  TAG_NOT_FOUND: 'Game tag not found.',
  PROVIDER_NOT_FOUND: 'Original provider not found.',
  IMAGE_NOT_FOUND: 'Game image not found.',
  CATEGORY_EXISTS: 'A game category with this slug already exists for the operator.',
  JURISDICTION_EXISTS: 'A game jurisdiction with this code already exists for the operator.',
  TAG_EXISTS: 'A game tag with this slug already exists for the operator.',
  PROVIDER_EXISTS: 'An original provider with this slug already exists for the operator.',
  ORDER_INVALID: `Order must be a whole number from 1 to ${GAME_ORDER_MAX}.`,
  STATUS_INVALID: 'Status must be Active, Disabled, Maintenance or Deprecated.',
  RTP_INVALID: 'RTP must be a percentage from 0 to 100 with at most 2 decimals.',
  COUNTRY_INVALID: 'Unknown country.',
  BADGE_INVALID: `Tag must be one of ${GAME_TAG_BADGES.join(', ')}.`,
  LIST_INVALID: `At most ${GAME_LIST_MAX} values, each a slug of lowercase letters and dashes.`,
  AGGREGATOR_REQUIRED: 'Aggregator is required.',
  PROVIDER_REQUIRED: 'Provider is required (ALL for every provider).',
  SEARCH_MIN: 'Type at least 2 characters.',
  BULK_NONE: 'No game of this aggregator and provider matched.',
} as const;

/** 000 §5: category slug, tag slug and jurisdiction code: lowercase letters and dashes only. */
export const GAME_SLUG_PATTERN = /^[a-z]+(?:-[a-z]+)*$/;
export const slugSchema = z.string({ error: GAME_MESSAGES.SLUG_INVALID }).trim().max(SLUG_MAX, GAME_MESSAGES.SLUG_INVALID)
  .regex(GAME_SLUG_PATTERN, GAME_MESSAGES.SLUG_INVALID);

/**
 * An original provider's slug: lowercase letters, digits and single dashes ("1x2gaming",
 * "3-oaks"). 000 §5's "lowercase letters and dashes only" names the category slug, the tag slug
 * and the jurisdiction code alone, and provider names carry digits.
 */
export const PROVIDER_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const providerSlugSchema = z.string({ error: GAME_MESSAGES.PROVIDER_SLUG_INVALID }).trim().max(SLUG_MAX, GAME_MESSAGES.PROVIDER_SLUG_INVALID)
  .regex(PROVIDER_SLUG_PATTERN, GAME_MESSAGES.PROVIDER_SLUG_INVALID);

/** An item's operator: one opId, or `*` for every operator (000 §3). */
export const itemOpId = z.string({ error: GAME_MESSAGES.OPERATOR_REQUIRED }).trim().min(1, GAME_MESSAGES.OPERATOR_REQUIRED).max(64, GAME_MESSAGES.OPERATOR_REQUIRED).default(ALL_OPERATORS);

const langKey = z.enum(LANGUAGES, { error: GAME_MESSAGES.LANGUAGE_INVALID });
const langText = z.string().trim().max(GAME_TEXT_MAX, GAME_MESSAGES.TEXT_MAX);
/** A text per language (000 §9 languages list, default en); blank entries are dropped. */
export const localizedText = z.partialRecord(langKey, langText, { error: (iss) => (iss.code === 'invalid_type' ? GAME_MESSAGES.TEXTS_INVALID : GAME_MESSAGES.LANGUAGE_INVALID) })
  .transform((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined && v !== '')) as Partial<Record<(typeof LANGUAGES)[number], string>>);
/** The same with English required. */
export const localizedRequired = (message: string) => z.partialRecord(langKey, langText, { error: message })
  .refine((r) => typeof r.en === 'string' && r.en.trim().length > 0, { message, path: ['en'] })
  .transform((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined && v !== '')) as Partial<Record<(typeof LANGUAGES)[number], string>> & { en: string });

/** Edit/New Game Category (000 §2.3, §3): opId (* all), slug, title and description per language. */
export const categoryForm = z.object({
  opId: itemOpId, slug: slugSchema,
  title: localizedRequired(GAME_MESSAGES.TITLE_EN_REQUIRED), description: localizedText.default({}),
  /** New (refused when the slug exists) or an edit (refused when it does not). */
  isNew: z.boolean().default(false),
});
export type CategoryForm = z.input<typeof categoryForm>;
/** Edit/New Game Tag: opId, slug, title, description per language. */
export const tagForm = categoryForm;
export type TagForm = CategoryForm;
/** Edit/New Jurisdiction: opId, code, title, description per language. */
export const jurisdictionForm = z.object({
  opId: itemOpId, code: slugSchema,
  title: localizedRequired(GAME_MESSAGES.TITLE_EN_REQUIRED), description: localizedText.default({}),
  isNew: z.boolean().default(false),
});
export type JurisdictionForm = z.input<typeof jurisdictionForm>;

const alias = z.string().trim().min(1, GAME_MESSAGES.ALIAS_EMPTY).max(SLUG_MAX, GAME_MESSAGES.LIST_INVALID);
/** Edit/New Original Provider (000 §3, §5): slug of lowercase letters, digits and dashes, English display name required, no empty aliases; `id` on edit (PUT). */
export const originalProviderForm = z.object({
  id: z.uuid({ error: GAME_MESSAGES.PROVIDER_NOT_FOUND }).optional(),
  opId: itemOpId, slug: providerSlugSchema,
  aliases: z.array(alias, { error: GAME_MESSAGES.ALIAS_EMPTY }).max(GAME_LIST_MAX, GAME_MESSAGES.LIST_INVALID).default([]),
  displayName: localizedRequired(GAME_MESSAGES.PROVIDER_NAME_REQUIRED),
});
export type OriginalProviderForm = z.input<typeof originalProviderForm>;

/** 000 §7 reference list calls: itemsPerPage 100, opId * (all), page 1; `search` matches slug/code or English title. */
export const referenceListBody = listPaging.extend({
  limit: z.coerce.number().int().min(1).max(GAME_REFERENCE_PAGE_SIZE).default(GAME_REFERENCE_PAGE_SIZE),
  opId: z.string().trim().min(1).max(64).optional(),
  search: z.string().trim().max(SLUG_MAX).optional(),
});
/** 000 §7 autocompletes (original providers, jurisdictions): from 2 characters (000 §9). */
export const referenceSearchBody = z.object({
  q: z.string({ error: GAME_MESSAGES.SEARCH_MIN }).trim().min(2, GAME_MESSAGES.SEARCH_MIN).max(SLUG_MAX, GAME_MESSAGES.SEARCH_MIN),
});

/** DELETE /api/gamesV2/{categories,tags}: opId and slug; /jurisdictions: opId and code; /original-providers: opId and id. */
export const slugDeleteQuery = z.object({ opId: itemOpId, slug: slugSchema });
export const codeDeleteQuery = z.object({ opId: itemOpId, code: slugSchema });
export const providerDeleteQuery = z.object({ opId: itemOpId, id: z.uuid({ error: GAME_MESSAGES.PROVIDER_NOT_FOUND }) });

const slugList = z.array(slugSchema, { error: GAME_MESSAGES.LIST_INVALID }).max(GAME_LIST_MAX, GAME_MESSAGES.LIST_INVALID);
/** RTP in percent: 0 to 100, at most 2 decimals (a string, never a float). */
export const RTP_PATTERN = /^(?:100(?:\.0{1,2})?|\d{1,2}(?:\.\d{1,2})?)$/;
const orderSchema = z.coerce.number({ error: GAME_MESSAGES.ORDER_INVALID }).int(GAME_MESSAGES.ORDER_INVALID).min(1, GAME_MESSAGES.ORDER_INVALID).max(GAME_ORDER_MAX, GAME_MESSAGES.ORDER_INVALID);
const statusSchema = z.enum(GAME_STATUSES, { error: GAME_MESSAGES.STATUS_INVALID });

/**
 * Update game (000 §7 "dto with restrictedCountries, categories, order, status, subCategories,
 * tag, displayRTP"); the tags and jurisdictions of the catalogue beside them.
 */
export const gameUpdateForm = z.object({
  id: z.uuid({ error: GAME_MESSAGES.GAME_NOT_FOUND }),
  status: statusSchema,
  order: orderSchema,
  categories: slugList.default([]),
  subCategories: slugList.default([]),
  tags: slugList.default([]),
  jurisdictions: slugList.default([]),
  tag: z.enum(GAME_TAG_BADGES, { error: GAME_MESSAGES.BADGE_INVALID }).nullable().default(null),
  displayRTP: z.string({ error: GAME_MESSAGES.RTP_INVALID }).trim().regex(RTP_PATTERN, GAME_MESSAGES.RTP_INVALID).nullable().default(null),
  restrictedCountries: z.array(z.enum(COUNTRY_CODES as [string, ...string[]], { error: GAME_MESSAGES.COUNTRY_INVALID }), { error: GAME_MESSAGES.COUNTRY_INVALID })
    .max(COUNTRY_CODES.length, GAME_MESSAGES.COUNTRY_INVALID).default([]),
});
export type GameUpdateForm = z.input<typeof gameUpdateForm>;

/** The catalogue list (/gamesV2, /games-cms/all-games): title, aggregator, provider, status, category, an operator offering it. */
export const gamesListBody = listPaging.extend({
  search: z.string().trim().max(GAME_TITLE_MAX).optional(),
  aggregator: z.string().trim().max(SLUG_MAX).optional(),
  provider: z.string().trim().max(SLUG_MAX).optional(),
  status: statusSchema.optional(),
  category: z.string().trim().max(SLUG_MAX).optional(),
  /** Games offered to this operator (an entry of its own). */
  offeredTo: z.string().trim().max(64).optional(),
  sortBy: z.enum(['title', 'order', 'createdAt']).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
});

/** An operator's games (/games, /games-cms/operator-games): the shared list scope plus title, status, aggregator, provider. */
export const operatorGamesListBody = listScope.extend({
  search: z.string().trim().max(GAME_TITLE_MAX).optional(),
  status: statusSchema.optional(),
  aggregator: z.string().trim().max(SLUG_MAX).optional(),
  provider: z.string().trim().max(SLUG_MAX).optional(),
  sortBy: z.enum(['order', 'title']).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
});

/** PUT /api/games/update (000 §7): dto (gameId, order, status), opId, gameTitle. */
export const operatorGameUpdateBody = z.object({
  opId: z.string({ error: GAME_MESSAGES.OPERATOR_REQUIRED }).trim().min(1, GAME_MESSAGES.OPERATOR_REQUIRED).max(64, GAME_MESSAGES.OPERATOR_REQUIRED),
  gameTitle: z.string().trim().max(GAME_TITLE_MAX).optional(),
  dto: z.object({
    gameId: z.uuid({ error: GAME_MESSAGES.GAME_NOT_FOUND }),
    order: orderSchema,
    status: statusSchema,
  }, { error: GAME_MESSAGES.GAME_NOT_FOUND }),
});
export type OperatorGameUpdateBody = z.input<typeof operatorGameUpdateBody>;
/** The form of the per-operator entry (order, status). */
export const operatorGameForm = z.object({ order: orderSchema, status: statusSchema });
export type OperatorGameForm = z.input<typeof operatorGameForm>;

/** Enable or disable a game for operators (000 §7 "opIds, gameId"; the Enable Operators tab). */
export const gameOperatorsBody = z.object({
  gameId: z.uuid({ error: GAME_MESSAGES.GAME_NOT_FOUND }),
  opIds: z.array(z.string().trim().min(1).max(64), { error: GAME_MESSAGES.OPERATORS_REQUIRED }).min(1, GAME_MESSAGES.OPERATORS_REQUIRED).max(200, GAME_MESSAGES.OPERATORS_REQUIRED),
  action: z.enum(['enable', 'disable'], { error: GAME_MESSAGES.STATUS_INVALID }),
});

/** POST /api/games-cms/enable-game, /disable-game: one game for one operator or all (`*`). */
export const cmsGameBody = z.object({
  gameId: z.uuid({ error: GAME_MESSAGES.GAME_NOT_FOUND }),
  opId: itemOpId,
});
/** POST /api/games-cms/{enable,disable}-games-by-aggregator: aggregator, opId (* all), providerId (ALL every provider). */
export const cmsAggregatorBody = z.object({
  aggregator: z.string({ error: GAME_MESSAGES.AGGREGATOR_REQUIRED }).trim().min(1, GAME_MESSAGES.AGGREGATOR_REQUIRED).max(SLUG_MAX, GAME_MESSAGES.AGGREGATOR_REQUIRED),
  providerId: z.string({ error: GAME_MESSAGES.PROVIDER_REQUIRED }).trim().min(1, GAME_MESSAGES.PROVIDER_REQUIRED).max(SLUG_MAX, GAME_MESSAGES.PROVIDER_REQUIRED).default(ALL_PROVIDERS),
  opId: itemOpId,
});
export type CmsAggregatorBody = z.input<typeof cmsAggregatorBody>;

/** DELETE /api/gamesV2 (000 §7): aggregator and aggregatorGameId. */
export const gameDeleteQuery = z.object({
  aggregator: z.string().trim().min(1, GAME_MESSAGES.GAME_NOT_FOUND).max(SLUG_MAX, GAME_MESSAGES.GAME_NOT_FOUND),
  aggregatorGameId: z.string().trim().min(1, GAME_MESSAGES.GAME_NOT_FOUND).max(SLUG_MAX, GAME_MESSAGES.GAME_NOT_FOUND),
});
/** Delete game image (000 §7 "gameId, blobName"). */
export const gameImageDeleteQuery = z.object({
  gameId: z.uuid({ error: GAME_MESSAGES.GAME_NOT_FOUND }),
  blobName: z.uuid({ error: GAME_MESSAGES.IMAGE_NOT_FOUND }),
});

/** The game activity log's kinds (000 §3 "type"): one per catalogue record kind. */
export const GAME_LOG_TYPES = ['game', 'operator_game', 'game_category', 'game_tag', 'game_jurisdiction', 'game_original_provider'] as const;
export type GameLogType = (typeof GAME_LOG_TYPES)[number];
export const GAME_LOG_TYPE_LABELS: Record<GameLogType, string> = {
  game: 'Game', operator_game: 'Operator game', game_category: 'Category', game_tag: 'Tag', game_jurisdiction: 'Jurisdiction', game_original_provider: 'Original provider',
};
export const gameActivitiesBody = listPaging.extend({
  type: z.enum(GAME_LOG_TYPES).optional(),
  targetId: z.string().trim().max(80).optional(),
});

/** 000 §6: the games JSON tab is for SUPER_ADMIN alone (holding `json_tab`). */
export function mayViewGameJson(user: { role: Role; permissions: readonly string[] | ReadonlySet<string> }): boolean {
  const has = Array.isArray(user.permissions) ? user.permissions.includes('json_tab') : (user.permissions as ReadonlySet<string>).has('json_tab');
  return user.role === 'SUPER_ADMIN' && has;
}

/** Who edits the catalogue (categories, tags, jurisdictions, providers, games): the global roles holding its page. */
export const CATALOGUE_ROLES = ['SUPER_ADMIN', 'ADMIN', 'DEV_OPS'] as const satisfies readonly Role[];

/** An item's operator as the lists show it: `*` is every operator. */
export const itemOperatorLabel = (opId: string, title?: string | null): string => (opId === ALL_OPERATORS ? 'All operators' : title ?? opId);

/** What each activity of the game log says (its `message`), by action. */
export const GAME_ACTIVITY_LABELS: Readonly<Record<string, string>> = {
  GAME_CATEGORY_CREATE: 'Game category added', GAME_CATEGORY_UPDATE: 'Game category updated', GAME_CATEGORY_DELETE: 'Game category deleted',
  GAME_TAG_CREATE: 'Game tag added', GAME_TAG_UPDATE: 'Game tag updated', GAME_TAG_DELETE: 'Game tag deleted',
  GAME_JURISDICTION_CREATE: 'Game jurisdiction added', GAME_JURISDICTION_UPDATE: 'Game jurisdiction updated', GAME_JURISDICTION_DELETE: 'Game jurisdiction deleted',
  GAME_PROVIDER_CREATE: 'Original provider created', GAME_PROVIDER_UPDATE: 'Original provider updated', GAME_PROVIDER_DELETE: 'Original provider deleted',
  GAME_UPDATE: 'Game updated', GAME_DELETE: 'Game deleted', GAME_IMAGE_UPLOAD: 'Game image uploaded', GAME_IMAGE_DELETE: 'Game image deleted',
  OPERATOR_GAMES_SET: 'Game enabled or disabled for operators', OPERATOR_GAMES_ENABLE: 'Game enabled for operators', OPERATOR_GAMES_DISABLE: 'Game disabled for operators',
  OPERATOR_GAMES_ENABLE_AGGREGATOR: "Aggregator's games enabled for operators", OPERATOR_GAMES_DISABLE_AGGREGATOR: "Aggregator's games disabled for operators",
  OPERATOR_GAME_UPDATE: 'Game updated for operator',
};

/** A reference a game names that the catalogue does not hold (a category, tag or jurisdiction slug). */
export const unknownGameReference = (kind: 'category' | 'tag' | 'jurisdiction', slug: string): string => `Unknown ${kind}: ${slug}.`;
