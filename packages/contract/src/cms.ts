/**
 * CMS (002 §2–§9; the rest designed, see README "CMS"): sections of an operator's site content per
 * language (one generic model, each kind's schema built from its field config in cms-sections.ts),
 * pages and blog posts, the footer menu, the media gallery, translations (dictionary) and staff
 * notices. One schema per rule, used by the console's forms and the server's bodies.
 */
import { z } from 'zod';
import {
  ALL_OPERATORS_NOTICE, CMS_DOC_TYPES, CMS_SECTIONS, CMS_SECTION_KINDS, DICTIONARY_DEFAULT_PARTITION, DICTIONARY_LANGUAGES, NOTICE_LEVELS,
  type CmsField, type CmsSectionKind,
} from './cms-sections.js';
import { CMS_MESSAGES } from './cms-messages.js';
import { DEFAULT_LANGUAGE, LANGUAGES } from './constants.js';
import { listPaging, listScope } from './api.js';

export * from './cms-sections.js';
export * from './cms-messages.js';

const isUrl = (v: string) => /^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(v);
const COLOR = /^#[0-9a-fA-F]{6}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The zod rule of one field of a section (empty optional texts are "" — the forms send them so). */
function fieldSchema(f: CmsField): z.ZodType {
  const req = (s: z.ZodString) => (f.required ? s.min(1, CMS_MESSAGES.REQUIRED(f.label)) : s);
  switch (f.type) {
    case 'boolean': return z.boolean({ error: CMS_MESSAGES.BOOLEAN_INVALID(f.label) }).default(false);
    case 'select': return f.required
      ? z.enum(f.options as [string, ...string[]], { error: CMS_MESSAGES.OPTION_INVALID(f.label) })
      : z.union([z.literal(''), z.enum(f.options as [string, ...string[]])], { error: CMS_MESSAGES.OPTION_INVALID(f.label) }).default('');
    case 'color': return req(z.string({ error: CMS_MESSAGES.COLOR_INVALID(f.label) }).trim().max(7, CMS_MESSAGES.COLOR_INVALID(f.label)))
      .refine((v) => v === '' || COLOR.test(v), CMS_MESSAGES.COLOR_INVALID(f.label)).default('');
    case 'image': return req(z.string({ error: CMS_MESSAGES.IMAGE_INVALID(f.label) }).trim().max(36, CMS_MESSAGES.IMAGE_INVALID(f.label)))
      .refine((v) => v === '' || UUID.test(v), CMS_MESSAGES.IMAGE_INVALID(f.label)).default('');
    case 'url': return req(z.string({ error: CMS_MESSAGES.URL_INVALID(f.label) }).trim().max(f.max ?? 500, CMS_MESSAGES.TOO_LONG(f.label, f.max ?? 500)))
      .refine((v) => v === '' || isUrl(v), CMS_MESSAGES.URL_INVALID(f.label)).default('');
    default: return req(z.string({ error: CMS_MESSAGES.REQUIRED(f.label) }).trim().max(f.max ?? 120, CMS_MESSAGES.TOO_LONG(f.label, f.max ?? 120))).default('');
  }
}

const objectOf = (fields: readonly CmsField[]) => z.object(Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])));

/** The content schema of a section kind: the fields (single) or `{ items }` of them (list). */
export function sectionContentSchema(kind: CmsSectionKind): z.ZodType<Record<string, unknown>> {
  const def = CMS_SECTIONS[kind];
  if (def.mode === 'single') return objectOf(def.fields) as never;
  const max = 'maxItems' in def ? def.maxItems : 20;
  return z.object({ items: z.array(objectOf(def.fields)).max(max, CMS_MESSAGES.TOO_MANY_ITEMS(max)).default([]) }) as never;
}

/** The image (media id) fields of a section's content, for the gallery check and "in use". */
export function imagesOf(kind: CmsSectionKind, content: Record<string, unknown>): string[] {
  const def = CMS_SECTIONS[kind];
  const names = def.fields.filter((f) => f.type === 'image').map((f) => f.name);
  const rows = def.mode === 'single' ? [content] : ((content.items as Record<string, unknown>[] | undefined) ?? []);
  return rows.flatMap((r) => names.map((n) => r[n]).filter((v): v is string => typeof v === 'string' && v !== ''));
}

export const cmsLanguage = z.enum(LANGUAGES, { error: CMS_MESSAGES.LANGUAGE_INVALID });
export const cmsKind = z.enum(CMS_SECTION_KINDS as [CmsSectionKind, ...CmsSectionKind[]], { error: CMS_MESSAGES.KIND_INVALID });
const opIdField = z.string({ error: 'Operator not found, please select an operator.' }).trim().min(1, 'Operator not found, please select an operator.').max(64);

/** GET a section: the operator, the kind and the language (`selectedLanguage`, default en). */
export const sectionQuery = z.object({ opId: opIdField, kind: cmsKind, selectedLanguage: cmsLanguage.default(DEFAULT_LANGUAGE) });

/** PUT a section: its content checked against the kind's schema; `version` the one read (a concurrent save answers 409). */
export const sectionSaveBody = z.object({
  opId: opIdField, kind: cmsKind, language: cmsLanguage.default(DEFAULT_LANGUAGE),
  content: z.record(z.string().max(64), z.unknown()),
  version: z.number().int().min(0).max(1_000_000).optional(),
}).superRefine((v, ctx) => {
  const r = sectionContentSchema(v.kind).safeParse(v.content);
  if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: ['content', ...i.path as (string | number)[]] });
});
export type SectionSaveBody = z.infer<typeof sectionSaveBody>;

// ——— Pages and blog posts ———
export const CMS_DOC_STATUSES = ['draft', 'published'] as const;
export const CMS_DOC_STATUS_LABELS = { draft: 'Draft', published: 'Published' } as const;
export const CMS_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const cmsSlug = z.string({ error: CMS_MESSAGES.SLUG_REQUIRED }).trim().min(1, CMS_MESSAGES.SLUG_REQUIRED).max(100, CMS_MESSAGES.SLUG_INVALID).regex(CMS_SLUG_PATTERN, CMS_MESSAGES.SLUG_INVALID);

/** The page / blog post form. */
export const cmsDocForm = z.object({
  slug: cmsSlug,
  title: z.string({ error: CMS_MESSAGES.TITLE_REQUIRED }).trim().min(1, CMS_MESSAGES.TITLE_REQUIRED).max(200, CMS_MESSAGES.TOO_LONG('Title', 200)),
  body: z.string().max(50_000, CMS_MESSAGES.TOO_LONG('Body', 50_000)).default(''),
  seoTitle: z.string().trim().max(200, CMS_MESSAGES.TOO_LONG('SEO title', 200)).default(''),
  seoDescription: z.string().trim().max(500, CMS_MESSAGES.TOO_LONG('SEO description', 500)).default(''),
  status: z.enum(CMS_DOC_STATUSES, { error: CMS_MESSAGES.STATUS_INVALID }).default('draft'),
});
export type CmsDocForm = z.infer<typeof cmsDocForm>;
/** A published page's address on the operator's site, its slug at the root ("/about-us", as the demo footer links them): the footer item form's page picker writes it as the item's url. */
export const cmsPagePath = (slug: string) => `/${slug}`;
export const cmsDocsListBody = listPaging.extend({
  opId: opIdField, selectedLanguage: cmsLanguage.default(DEFAULT_LANGUAGE),
  search: z.string().trim().max(100).optional(), status: z.enum(CMS_DOC_STATUSES, { error: CMS_MESSAGES.STATUS_INVALID }).optional(),
});
export const cmsDocSaveBody = cmsDocForm.extend({ opId: opIdField, language: cmsLanguage.default(DEFAULT_LANGUAGE) });
export const cmsDocDeleteQuery = z.object({ opId: opIdField, slug: cmsSlug, selectedLanguage: cmsLanguage.default(DEFAULT_LANGUAGE) });
export { CMS_DOC_TYPES };

// ——— Footer (002 §3, §5, §7) ———
/** The longest footer item title. */
export const FOOTER_ITEM_TITLE_MAX = 60;
export const footerItem = z.object({
  title: z.string({ error: CMS_MESSAGES.FOOTER_ITEM_TITLE_REQUIRED }).trim().min(1, CMS_MESSAGES.FOOTER_ITEM_TITLE_REQUIRED).max(FOOTER_ITEM_TITLE_MAX, CMS_MESSAGES.TOO_LONG('Title', FOOTER_ITEM_TITLE_MAX)),
  url: z.string({ error: CMS_MESSAGES.FOOTER_ITEM_URL_REQUIRED }).trim().min(1, CMS_MESSAGES.FOOTER_ITEM_URL_REQUIRED).max(500, CMS_MESSAGES.TOO_LONG('Url', 500))
    .refine((v) => v === '' || isUrl(v), CMS_MESSAGES.URL_INVALID('Url')),
});
export type FooterItem = z.infer<typeof footerItem>;
export const FOOTER_MAX_COLUMNS = 6;
export const footerMenu = z.record(z.string().max(20), z.array(footerItem).max(20, CMS_MESSAGES.FOOTER_ITEMS_MAX))
  .refine((m) => {
    const keys = Object.keys(m);
    return keys.length <= FOOTER_MAX_COLUMNS && keys.every((k, i) => k === `column${i + 1}`);
  }, CMS_MESSAGES.FOOTER_COLUMNS);
export type FooterMenu = z.infer<typeof footerMenu>;
export const footerQuery = z.object({ opId: opIdField, selectedLanguage: cmsLanguage.default(DEFAULT_LANGUAGE) });
/** PUT /api/cms/v2/footer?selectedLanguage&opId: content.menu and language (002 §7). */
export const footerSaveBody = z.object({ content: z.object({ menu: footerMenu }), language: cmsLanguage.optional(), version: z.number().int().min(0).max(1_000_000).optional() });

// ——— Media gallery ———
export const mediaTag = z.string().trim().min(1).max(30).regex(/^[a-z0-9-]+$/);
export const mediaTags = z.array(mediaTag, { error: CMS_MESSAGES.TAG_INVALID }).max(10, CMS_MESSAGES.TAG_INVALID).default([]);
export const galleryQuery = z.object({ opId: opIdField });
export const galleryListBody = z.object({ tags: z.array(z.string().trim().max(30), { error: CMS_MESSAGES.TAG_INVALID }).max(10, CMS_MESSAGES.TAG_INVALID).default([]) });
/** POST /api/cms/v2/gallery/upload?opId: file (base64) and filename (002 §7), and tags. */
export const galleryUploadBody = z.object({
  file: z.string({ error: CMS_MESSAGES.FILE_REQUIRED }).min(1, CMS_MESSAGES.FILE_REQUIRED),
  filename: z.string({ error: CMS_MESSAGES.FILE_NAME_INVALID }).trim().min(1, CMS_MESSAGES.FILE_NAME_INVALID).max(200, CMS_MESSAGES.FILE_NAME_INVALID),
  tags: mediaTags,
});
export const galleryDeleteQuery = z.object({ mediaId: z.string().trim().min(1).max(64), opId: opIdField.optional() });

// ——— Translations (dictionary) ———
const KEY_CHARS = /^[a-z0-9._-]+$/;
export const dictionaryRowKey = z.string({ error: CMS_MESSAGES.KEY_REQUIRED }).trim().min(1, CMS_MESSAGES.KEY_REQUIRED).max(200, CMS_MESSAGES.KEY_INVALID)
  .refine((v) => v === v.toLowerCase(), CMS_MESSAGES.KEY_UPPERCASE)
  .refine((v) => v !== v.toLowerCase() || KEY_CHARS.test(v), CMS_MESSAGES.KEY_INVALID);
export const dictionaryPartition = z.string().trim().min(1, CMS_MESSAGES.PARTITION_INVALID).max(50, CMS_MESSAGES.PARTITION_INVALID).regex(/^[a-z0-9_-]+$/, CMS_MESSAGES.PARTITION_INVALID).default(DICTIONARY_DEFAULT_PARTITION);
const languageText = (lang: string) => z.string({ error: CMS_MESSAGES.TEXT_REQUIRED(lang) }).trim().min(1, CMS_MESSAGES.TEXT_REQUIRED(lang)).max(2000, CMS_MESSAGES.TEXT_MAX);
/** The translation entity (002 §3, §5): partitionKey (default b2c), rowKey, en and every other supported language, all required. */
export const translationForm = z.object({
  partitionKey: dictionaryPartition,
  rowKey: dictionaryRowKey,
  ...Object.fromEntries(DICTIONARY_LANGUAGES.map((l) => [l, languageText(l)])) as Record<(typeof DICTIONARY_LANGUAGES)[number], z.ZodString>,
});
export type TranslationForm = z.infer<typeof translationForm>;
/** POST /api/dictionary: the entity; `isNew` refuses an existing key (Create Translation) instead of replacing it. */
export const translationSaveBody = translationForm.extend({ isNew: z.boolean().default(false) });
export const dictionaryListBody = listPaging.extend({
  search: z.string().trim().max(200).optional(),
  partitionKey: z.string().trim().max(50).optional(),
});
export const dictionaryDeleteQuery = z.object({ rowKey: z.string().trim().min(1, CMS_MESSAGES.KEY_REQUIRED).max(200, CMS_MESSAGES.KEY_INVALID), partitionKey: dictionaryPartition });

// ——— Staff notices (/settings/notifications) ———
const noticeDate = z.string({ error: CMS_MESSAGES.NOTICE_DATE_INVALID }).max(40, CMS_MESSAGES.NOTICE_DATE_INVALID).refine((v) => !Number.isNaN(Date.parse(v)), CMS_MESSAGES.NOTICE_DATE_INVALID);
export const noticeForm = z.object({
  opId: z.string({ error: CMS_MESSAGES.NOTICE_OPERATOR_REQUIRED }).trim().min(1, CMS_MESSAGES.NOTICE_OPERATOR_REQUIRED).max(64),
  text: z.string({ error: CMS_MESSAGES.NOTICE_TEXT_REQUIRED }).trim().min(1, CMS_MESSAGES.NOTICE_TEXT_REQUIRED).max(500, CMS_MESSAGES.NOTICE_TEXT_MAX),
  level: z.enum(NOTICE_LEVELS, { error: CMS_MESSAGES.NOTICE_LEVEL_INVALID }),
  startsAt: noticeDate,
  endsAt: noticeDate,
}).refine((v) => Number.isNaN(Date.parse(v.startsAt)) || Number.isNaN(Date.parse(v.endsAt)) || Date.parse(v.endsAt) > Date.parse(v.startsAt), { message: CMS_MESSAGES.NOTICE_PERIOD_INVALID, path: ['endsAt'] });
export type NoticeForm = z.infer<typeof noticeForm>;
export const noticesListBody = listPaging;
export const noticeDeleteQuery = z.object({ opId: z.string().trim().min(1, CMS_MESSAGES.NOTICE_OPERATOR_REQUIRED).max(64) });
export const NOTICE_LEVEL_LABELS = { info: 'Info', warning: 'Warning', error: 'Error' } as const;
export { ALL_OPERATORS_NOTICE };

// ——— CMS operators ———
export const cmsOperatorsListBody = listScope.extend({ search: z.string().trim().max(100).optional() });

/** The content of a section never saved: every field empty (booleans off), a list without items. */
export function emptySectionContent(kind: CmsSectionKind): Record<string, unknown> {
  const def = CMS_SECTIONS[kind];
  if (def.mode === 'list') return { items: [] };
  return Object.fromEntries(def.fields.map((f) => [f.name, f.type === 'boolean' ? false : '']));
}
/** A new item of a list section (the editor's Add). */
export function emptySectionItem(kind: CmsSectionKind): Record<string, unknown> {
  return Object.fromEntries(CMS_SECTIONS[kind].fields.map((f) => [f.name, f.type === 'boolean' ? true : f.type === 'select' && f.required ? f.options?.[0] ?? '' : '']));
}
