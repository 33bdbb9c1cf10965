/**
 * CMS sections (zod-free: the endpoint table's access rule and the console's editors read it).
 * A section is one block of an operator's site content per language (branding, sliders, a modal…),
 * described by a small field config; `cms.ts` builds its zod schema from the same config, so the
 * form and the server check one rule. Each route of the CMS menus that edits a section names its
 * kind here (`SECTION_ROUTES`); v1 and v2 routes of the same content share the kind.
 */
import { LANGUAGES, MEDIA_UPLOAD_MAX_BYTES } from './constants.js';

export type CmsFieldType = 'text' | 'textarea' | 'url' | 'color' | 'image' | 'boolean' | 'select';

export interface CmsField {
  readonly name: string;
  readonly label: string;
  readonly type: CmsFieldType;
  readonly required?: boolean;
  /** Longest text (text, textarea, url). */
  readonly max?: number;
  readonly options?: readonly string[];
}

export interface CmsSectionDef {
  readonly title: string;
  /** `single`: one object of the fields; `list`: `{ items: [...] }`, ordered, each of the fields. */
  readonly mode: 'single' | 'list';
  readonly fields: readonly CmsField[];
  readonly maxItems?: number;
  /** The page slugs whose holders may read and change this section. */
  readonly slugs: readonly string[];
}

const text = (name: string, label: string, o: Partial<CmsField> = {}): CmsField => ({ name, label, type: 'text', max: 120, ...o });
const area = (name: string, label: string, o: Partial<CmsField> = {}): CmsField => ({ name, label, type: 'textarea', max: 5000, ...o });
const url = (name: string, label: string, o: Partial<CmsField> = {}): CmsField => ({ name, label, type: 'url', max: 500, ...o });
const color = (name: string, label: string, o: Partial<CmsField> = {}): CmsField => ({ name, label, type: 'color', ...o });
const image = (name: string, label: string, o: Partial<CmsField> = {}): CmsField => ({ name, label, type: 'image', ...o });
const flag = (name: string, label: string): CmsField => ({ name, label, type: 'boolean' });
const select = (name: string, label: string, options: readonly string[], o: Partial<CmsField> = {}): CmsField => ({ name, label, type: 'select', options, ...o });

const BANNER_ITEM = [image('image', 'Image', { required: true }), text('title', 'Title'), url('link', 'Link'), flag('active', 'Active')];
const CARD_ITEM = [image('image', 'Image'), text('title', 'Title', { required: true }), area('text', 'Text', { max: 1000 }), text('buttonText', 'Button text', { max: 40 }), url('link', 'Link'), flag('active', 'Active')];
const MODAL = [text('title', 'Title', { required: true }), area('body', 'Body', { required: true }), image('image', 'Image'), text('buttonText', 'Button text', { max: 40 }), url('buttonLink', 'Button link')];
const v2 = (p: string) => `cms_v2_${p.replace(/[/-]/g, '_')}`;
const v1 = (p: string) => `cms_${p.replace(/[/-]/g, '_')}`;

export const CMS_SECTIONS = {
  branding: {
    title: 'Branding', mode: 'single', slugs: [v1('branding'), v2('branding')],
    fields: [text('siteName', 'Site name', { required: true, max: 60 }), image('logo', 'Logo', { required: true }), image('favicon', 'Favicon'),
      color('primaryColor', 'Primary color', { required: true }), color('secondaryColor', 'Secondary color', { required: true })],
  },
  theme: {
    title: 'Theme', mode: 'single', slugs: [v2('theme')],
    fields: [select('mode', 'Mode', ['light', 'dark'], { required: true }), color('primaryColor', 'Primary color', { required: true }),
      color('backgroundColor', 'Background color', { required: true }), color('textColor', 'Text color', { required: true }),
      select('fontFamily', 'Font', ['Roboto', 'Inter', 'Open Sans', 'Montserrat'], { required: true })],
  },
  sliders: { title: 'Sliders', mode: 'list', maxItems: 20, slugs: [v2('sliders')], fields: BANNER_ITEM },
  cards: { title: 'Cards', mode: 'list', maxItems: 30, slugs: [v2('cards')], fields: CARD_ITEM },
  'bonus-cards': { title: 'Bonus Cards', mode: 'list', maxItems: 30, slugs: [v2('bonus-cards')], fields: CARD_ITEM },
  'game-cards': {
    title: 'Game Cards', mode: 'list', maxItems: 50, slugs: [v2('game-cards')],
    fields: [image('image', 'Image', { required: true }), text('title', 'Game title', { required: true }), text('gameId', 'Game ID', { max: 64 }), url('link', 'Link'), flag('active', 'Active')],
  },
  article: { title: 'Article', mode: 'single', slugs: [v2('article')], fields: [text('title', 'Title', { required: true, max: 200 }), image('image', 'Image'), area('body', 'Body', { required: true, max: 20000 })] },
  'login-image': { title: 'Login Image', mode: 'single', slugs: [v2('login-image')], fields: [image('image', 'Image', { required: true }), text('alt', 'Alternative text')] },
  widgets: {
    title: 'Widgets', mode: 'list', maxItems: 20, slugs: [v2('widgets')],
    fields: [text('title', 'Title', { required: true }), select('placement', 'Placement', ['home', 'sidebar', 'footer'], { required: true }), area('body', 'Text', { max: 2000 }), url('link', 'Link'), flag('active', 'Active')],
  },
  'secondary-banner': { title: 'Secondary Banner', mode: 'list', maxItems: 10, slugs: [v2('secondary-banner')], fields: BANNER_ITEM },
  'promotional-banner': { title: 'Promotional Banner', mode: 'list', maxItems: 10, slugs: [v2('promotional-banner')], fields: BANNER_ITEM },
  modals: {
    title: 'Modals', mode: 'list', maxItems: 20, slugs: [v1('modals'), v2('modals')],
    fields: [...MODAL, flag('active', 'Active')],
  },
  'modals/affiliate': { title: 'Affiliate Modal', mode: 'single', slugs: [v2('modals/affiliate')], fields: MODAL },
  'modals/affiliate-more': { title: 'Affiliate More Modal', mode: 'single', slugs: [v2('modals/affiliate-more')], fields: MODAL },
  'modals/cashback': { title: 'Cashback Modal', mode: 'single', slugs: [v2('modals/cashback')], fields: MODAL },
  'modals/cashback-more': { title: 'Cashback More Modal', mode: 'single', slugs: [v2('modals/cashback-more')], fields: MODAL },
  'modals/level-upgrade': { title: 'Level Upgrade Modal', mode: 'single', slugs: [v2('modals/level-upgrade')], fields: MODAL },
  // The legacy (v1) site's own blocks.
  template: {
    title: 'Template', mode: 'single', slugs: [v1('template')],
    fields: [select('layout', 'Layout', ['classic', 'casino-first', 'sportsbook-first'], { required: true }), select('header', 'Header', ['fixed', 'static'], { required: true }),
      flag('showCasino', 'Show casino'), flag('showSportsbook', 'Show sportsbook')],
  },
  menus: {
    title: 'Menus', mode: 'list', maxItems: 30, slugs: [v1('menus')],
    fields: [text('title', 'Title', { required: true, max: 60 }), url('url', 'URL', { required: true }), flag('newTab', 'Open in a new tab')],
  },
  'page-types': {
    title: 'Page Types', mode: 'list', maxItems: 30, slugs: [v1('page-types')],
    fields: [text('key', 'Key', { required: true, max: 40 }), text('name', 'Name', { required: true, max: 60 }), select('layout', 'Layout', ['full-width', 'with-sidebar'], { required: true })],
  },
  banners: { title: 'Banners', mode: 'list', maxItems: 20, slugs: [v1('banners')], fields: BANNER_ITEM },
} as const satisfies Record<string, CmsSectionDef>;

export type CmsSectionKind = keyof typeof CMS_SECTIONS;
export const CMS_SECTION_KINDS = Object.keys(CMS_SECTIONS) as CmsSectionKind[];

/** The footer (002 §3: columns column1…N of items title, url) is kept as a section of its own kind. */
export const FOOTER_KIND = 'footer';

/** Page slugs of the CMS pages (either menu): reading an operator's CMS state needs one of them. */
export const CMS_PAGE_SLUGS = [
  'cms_operators', 'cms_branding', 'cms_pages', 'cms_blog', 'cms_banners', 'cms_file_manager', 'cms_template', 'cms_menus', 'cms_modals', 'cms_page_types', 'cms_footer', 'cms_activities',
  'cms_v2_branding', 'cms_v2_theme', 'cms_v2_sliders', 'cms_v2_pages', 'cms_v2_blog', 'cms_v2_modals', 'cms_v2_cards', 'cms_v2_bonus_cards', 'cms_v2_game_cards',
  'cms_v2_article', 'cms_v2_login_image', 'cms_v2_footer', 'cms_v2_widgets', 'cms_v2_file_manager', 'cms_v2_secondary_banner', 'cms_v2_promotional_banner',
  'cms_v2_modals_affiliate', 'cms_v2_modals_affiliate_more', 'cms_v2_modals_cashback', 'cms_v2_modals_cashback_more', 'cms_v2_modals_level_upgrade',
] as const;

/** The section each section-editor route edits. */
export const SECTION_ROUTES = {
  '/cms/branding': 'branding', '/cms/banners': 'banners', '/cms/template': 'template', '/cms/menus': 'menus', '/cms/modals': 'modals', '/cms/page-types': 'page-types',
  '/cms/v2/branding': 'branding', '/cms/v2/theme': 'theme', '/cms/v2/sliders': 'sliders', '/cms/v2/modals': 'modals', '/cms/v2/cards': 'cards',
  '/cms/v2/bonus-cards': 'bonus-cards', '/cms/v2/game-cards': 'game-cards', '/cms/v2/article': 'article', '/cms/v2/login-image': 'login-image',
  '/cms/v2/widgets': 'widgets', '/cms/v2/secondary-banner': 'secondary-banner', '/cms/v2/promotional-banner': 'promotional-banner',
  '/cms/v2/modals/affiliate': 'modals/affiliate', '/cms/v2/modals/affiliate-more': 'modals/affiliate-more', '/cms/v2/modals/cashback': 'modals/cashback',
  '/cms/v2/modals/cashback-more': 'modals/cashback-more', '/cms/v2/modals/level-upgrade': 'modals/level-upgrade',
} as const satisfies Record<string, CmsSectionKind>;

/** Pages and blog posts: the documents of an operator's site. */
export const CMS_DOC_TYPES = ['page', 'blog'] as const;
export type CmsDocType = (typeof CMS_DOC_TYPES)[number];

/** Dictionary (translations): every supported language plus Sorani; these three are right-to-left (002 §3, §9). */
export const DICTIONARY_LANGUAGES = [...LANGUAGES, 'ckb'] as const;
export type DictionaryLanguage = (typeof DICTIONARY_LANGUAGES)[number];
export const RTL_LANGUAGES: readonly string[] = ['ar', 'fa', 'ckb'];
export const DICTIONARY_LANGUAGE_LABELS: Record<DictionaryLanguage, string> = {
  en: 'English', tr: 'Turkish', fa: 'Persian', ru: 'Russian', de: 'German', es: 'Spanish', pt: 'Portuguese', fr: 'French', ar: 'Arabic', ckb: 'Sorani',
};

/** 002 §9. */
export const DICTIONARY_DEFAULT_PARTITION = 'b2c';
export const ALL_OPERATORS_NOTICE = '*';
export const GALLERY_GRID_HEIGHT = 600;
/** Base64 of the largest upload, with room for the JSON around it (the endpoint's `maxString`). */
export const MEDIA_MAX_BASE64 = Math.ceil(MEDIA_UPLOAD_MAX_BYTES / 3) * 4 + 4;

export const NOTICE_LEVELS = ['info', 'warning', 'error'] as const;
export type NoticeLevel = (typeof NOTICE_LEVELS)[number];

/** The activity actions of the CMS log (/cms/activities) and their target types. */
export const CMS_TARGET_TYPES = ['cms_section', 'cms_page', 'cms_blog', 'cms_footer', 'cms_media'] as const;
