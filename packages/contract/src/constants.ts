/**
 * Business constants of the spec (000 §9, 001 §9, 002 §9). Some of the spec's are one rule under
 * another name: the domains list and the histories page by DEFAULT_PAGE_SIZE, the profit list
 * refreshes every REWARD_HISTORY_REFRESH_MS, the calculators' amounts stop at MONEY_INPUT_MAX,
 * uploads at MEDIA_UPLOAD_MAX_BYTES and GAME_IMAGE_MAX_BYTES. The 200 ms wait before a list
 * refreshes after some creates (002 §9) is not kept: the server answers after its commit, so the
 * list is refreshed at once and already holds the new record.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
export const PLAYER_SEARCH_LIMIT = 50;
export const REFERENCE_LIST_LIMIT = 100;
export const PARTNER_LOOKUP_LIMIT = 50;
export const CMS_PAGE_PICKER_LIMIT = 500;
export const AFFILIATE_CHANNELS_LIMIT = 100;
export const EXPORT_MAX_ROWS = 1000;

export const BADGE_POLL_MS = 10_000;
export const RATES_POLL_MS = 60_000;
export const LOGOUT_DISABLE_MS = 10_000;
export const COPY_INDICATOR_MS = 1_000;
export const COPY_IMAGE_INDICATOR_MS = 2_000;
export const AUTOCOMPLETE_MIN_CHARS = 2;
/** At most this many suggestions per autocomplete call (the bets filters). */
export const SUGGEST_LIMIT = 10;
export const BET_SETTLE_REFRESH_DELAY_MS = 2_000;
export const PERMISSION_SAVE_WAIT_MINUTES = 5;
export const TRANSFORMATION_COUNTDOWN_S = 10;
/** The transformation countdown ticks once a second (002 §9: tick 1000 ms). */
export const TRANSFORMATION_TICK_MS = 1_000;

/** A badge is gold-styled when its count is 3 or lower (000 §2.2). */
export const BADGE_GOLD_MAX = 3;
/** Badge counts are bounded: the server stops counting here, so this many means "at least". */
export const BADGE_COUNT_CAP = 1000;
/** What a badge shows: the count, or "999+" once it reaches the cap (a bounded count is never shown as exact). */
export const badgeLabel = (n: number): string => (n >= BADGE_COUNT_CAP ? `${BADGE_COUNT_CAP - 1}+` : String(n));

export const KYC_IMAGE_MAX_BYTES = 5_242_880;
export const KYC_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const MEDIA_UPLOAD_MAX_BYTES = 2_097_152;

export const NOTE_MAX = 200;
export const REJECT_DEPOSIT_REASON_MIN = 20;
export const BONUS_TOPUP_LIMIT = 100_000_000;
export const VOUCHER_INPUT_MIN = 30;
export const VOUCHER_SUBMIT_MIN = 28;
export const TOMANI_SEARCH_THRESHOLD = 10;
export const CASHBACK_ROWS_MAX = 20;
export const BANK_ORDER_MAX = 99_999_999;
/** A bank's key (the spec gives letters, underscore and hyphen only; the list filter takes 64). */
export const BANK_KEY_MAX = 64;
/** A bank's name or a gateway's title, in each language. */
export const NAME_MAX = 100;
/** A username set by SUPER_ADMIN or ADMIN, who skip the character rule (001 §5) but not a length limit. */
export const USERNAME_ADMIN_MAX = 64;
export const BANK_NOTE_ROWS = 4;

export const REPORTING_CURRENCY = 'USD';
export const UTOPIA_CURRENCY = 'UUSD';
export const PARTNER_WITHDRAW_CURRENCY = 'USDT';
export const PARTNER_WITHDRAW_NETWORK = 'TRON';
/** The IRR rate is dropped from the rates feed (001 §9). */
export const DROPPED_RATE_CURRENCIES = ['IRR'] as const;
export const DEFAULT_LANGUAGE = 'en';
export const LANGUAGES = ['en', 'tr', 'fa', 'ru', 'de', 'es', 'pt', 'fr', 'ar'] as const;

/** Each language by its own name. */
export const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English', tr: 'Türkçe', fa: 'فارسی (Persian)', ru: 'Русский (Russian)', de: 'Deutsch', es: 'Español', pt: 'Português', fr: 'Français', ar: 'العربية (Arabic)',
};
/** A language by its name ("English"); an unknown code as it is. */
export const languageLabel = (code: string): string => (LANGUAGE_LABELS as Record<string, string>)[code] ?? code;

/** Wallet currencies known to the platform. */
export const CURRENCIES = ['USD', 'EUR', 'TRY', 'IRR', 'USDT', 'BTC', 'ETH', 'TRX', 'UUSD'] as const;
export type Currency = (typeof CURRENCIES)[number];
/**
 * Decimals each currency is shown with (the database keeps 8 for all): fiat and stablecoins 2,
 * the rial none, TRX 6, BTC and ETH 8. A currency not listed shows 2.
 */
export const CURRENCY_DECIMALS: Record<Currency, number> = {
  USD: 2, EUR: 2, TRY: 2, IRR: 0, USDT: 2, BTC: 8, ETH: 8, TRX: 6, UUSD: 2,
};
export const currencyDecimals = (currency: string | null | undefined): number =>
  currency && Object.hasOwn(CURRENCY_DECIMALS, currency) ? CURRENCY_DECIMALS[currency as Currency] : 2;

export const DATE_PRESETS = ['TODAY', 'YESTERDAY', 'LAST_7_DAYS', 'LAST_30_DAYS', 'LAST_90_DAYS'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const QUICK_TIME_FILTERS = ['LAST_10_MINUTES', 'LAST_1_HOUR', 'TODAY', 'LAST_3_DAYS', 'THIS_MONTH'] as const;
export type QuickTimeFilter = (typeof QUICK_TIME_FILTERS)[number];
export const QUICK_TIME_FILTER_LABELS: Record<QuickTimeFilter, string> = {
  LAST_10_MINUTES: 'Last 10 minutes',
  LAST_1_HOUR: 'Last hour',
  TODAY: 'Today',
  LAST_3_DAYS: 'Last 3 days',
  THIS_MONTH: 'This month',
};

export const TEST_PLAYER_FILTER = [
  { value: 'true', label: 'Test Player' },
  { value: 'false', label: 'Real Player' },
  { value: 'all', label: 'All' },
] as const;

export const PRODUCT_VERSION = '0.1.0';
