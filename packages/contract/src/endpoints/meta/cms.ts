import { CMS_MESSAGES } from '../../cms-messages.js';
import { CMS_PAGE_SLUGS, CMS_SECTIONS, CMS_SECTION_KINDS, MEDIA_MAX_BASE64 } from '../../cms-sections.js';
import { GLOBAL, LIST, SIGNED_IN, anyOf, ep, record, recordWithin, withRoles } from '../define.js';

/** Reading or changing a section needs the page of that section (either menu's), e.g. `cms_v2_sliders` for `sliders`. */
const BY_KIND = {
  anyOf: [...CMS_PAGE_SLUGS],
  byField: { field: 'kind', keys: Object.fromEntries(CMS_SECTION_KINDS.map((k) => [k, CMS_SECTIONS[k].slugs])), otherwise: [...CMS_PAGE_SLUGS] },
} as const;
const PAGES = anyOf('cms_pages', 'cms_v2_pages');
const BLOG = anyOf('cms_blog', 'cms_v2_blog');
const FOOTER = anyOf('cms_footer', 'cms_v2_footer');
const GALLERY = anyOf('cms_file_manager', 'cms_v2_file_manager');
/** The media picker of every section editor lists (and previews) the gallery. */
const GALLERY_READ = anyOf(...CMS_PAGE_SLUGS);
const OP_Q = record('operator', 'opId', 'query');
const OP_B = record('operator', 'opId', 'body');
const GLOBAL_ROLES = ['SUPER_ADMIN', 'ADMIN'] as const;

/**
 * CMS (002 §2–§9): the spec gives `PUT /api/cms/v2/footer`, the gallery's list, upload and delete,
 * `DELETE /api/cms/v2/pages` and `/blog`, `POST`/`DELETE /api/dictionary` and
 * `DELETE /api/admin/notifications?opId`; the reads and the section, page and notice writes are
 * designed in their style. Content belongs to an operator (the scoped record is the operator, so
 * another operator's content is "not found") and a language; translations and notices are
 * platform-wide (SUPER_ADMIN and ADMIN change them).
 */
export const CMS = {
  'cms.operators': ep({
    method: 'POST', path: '/api/cms/operators/list', tag: 'cms',
    summary: 'The operators with their CMS state: languages, sections filled, pages, posts, media, last update (designed)',
    access: anyOf('cms_operators'), scope: LIST,
  }),
  'cms.section': ep({
    method: 'GET', path: '/api/cms/v2/section', tag: 'cms',
    summary: "One content section of an operator in a language (opId, kind, selectedLanguage): its content, version and last update; empty when never saved (designed)",
    access: BY_KIND, scope: OP_Q,
  }),
  'cms.sectionSave': ep({
    method: 'PUT', path: '/api/cms/v2/section', tag: 'cms',
    summary: "Save a content section: checked against its kind's schema, images from the operator's gallery; a stale version answers 409 (designed)",
    access: BY_KIND, scope: OP_B, audit: 'CMS_SECTION_SAVE',
  }),
  'cms.pages': ep({
    method: 'POST', path: '/api/cms/v2/pages/list', tag: 'cms', summary: 'The pages of an operator in a language, the latest change first (designed)',
    access: PAGES, scope: OP_B,
  }),
  'cms.pagePicker': ep({
    method: 'GET', path: '/api/cms/v2/pages/picker', tag: 'cms',
    summary: 'The published pages of an operator in a language, by title (up to CMS_PAGE_PICKER_LIMIT, 000 §9): the footer item form links one by its slug (designed)',
    access: FOOTER, scope: OP_Q,
  }),
  'cms.pageSave': ep({
    method: 'PUT', path: '/api/cms/v2/pages', tag: 'cms', summary: 'Create or change a page (slug, title, body, SEO fields, draft/published) of an operator in a language (designed)',
    access: PAGES, scope: OP_B, audit: 'CMS_PAGE_SAVE',
  }),
  'cms.pageDelete': ep({
    method: 'DELETE', path: '/api/cms/v2/pages', tag: 'cms', summary: 'Delete a CMS page (opId, slug, selectedLanguage)',
    access: PAGES, scope: OP_Q, audit: 'CMS_PAGE_DELETE',
  }),
  'cms.blog': ep({
    method: 'POST', path: '/api/cms/v2/blog/list', tag: 'cms', summary: 'The blog posts of an operator in a language, the latest change first (designed)',
    access: BLOG, scope: OP_B,
  }),
  'cms.blogSave': ep({
    method: 'PUT', path: '/api/cms/v2/blog', tag: 'cms', summary: 'Create or change a blog post of an operator in a language (designed)',
    access: BLOG, scope: OP_B, audit: 'CMS_BLOG_SAVE',
  }),
  'cms.blogDelete': ep({
    method: 'DELETE', path: '/api/cms/v2/blog', tag: 'cms', summary: 'Delete a blog post (slug, opId, selectedLanguage)',
    access: BLOG, scope: OP_Q, audit: 'CMS_BLOG_DELETE',
  }),
  'cms.footer': ep({
    method: 'GET', path: '/api/cms/v2/footer', tag: 'cms', summary: 'The footer menu of an operator in a language: columns column1…N of items title, url (designed)',
    access: FOOTER, scope: OP_Q,
  }),
  'cms.footerSave': ep({
    method: 'PUT', path: '/api/cms/v2/footer', tag: 'cms', summary: 'Save the footer menu (content.menu, language) — "Footer has been updated successfully"',
    access: FOOTER, scope: OP_Q, audit: 'CMS_FOOTER_SAVE',
  }),
  'cms.gallery': ep({
    method: 'POST', path: '/api/cms/v2/gallery/list', tag: 'cms', summary: "The operator's media, newest first, filtered by tags (answer data.items)",
    access: GALLERY_READ, scope: OP_Q,
  }),
  'cms.galleryUpload': ep({
    method: 'POST', path: '/api/cms/v2/gallery/upload', tag: 'cms',
    summary: 'Upload a media image (file base64, filename, tags): at most 2 MB, a png, jpg, webp or gif by its bytes',
    access: GALLERY, scope: OP_Q, audit: 'CMS_MEDIA_UPLOAD', maxString: MEDIA_MAX_BASE64, tooLarge: CMS_MESSAGES.FILE_TOO_LARGE,
  }),
  'cms.galleryDelete': ep({
    method: 'DELETE', path: '/api/cms/v2/gallery', tag: 'cms', summary: 'Delete a media item (mediaId, opId); one a section still shows is kept ("Unable to delete the file")',
    access: GALLERY, scope: recordWithin('media', 'mediaId', 'opId', 'query'), audit: 'CMS_MEDIA_DELETE',
  }),
  'cms.asset': ep({
    method: 'GET', path: '/api/cms/v2/assets/:id', tag: 'cms', summary: "A media image, to staff who may open the operator's CMS pages (served inline, never sniffed)",
    access: GALLERY_READ, scope: record('media', 'id', 'params'), binary: true,
  }),
  'dictionary.list': ep({
    method: 'POST', path: '/api/dictionary/list', tag: 'cms', summary: 'Translations by key, A–Z (search in the key and the English text, partition) (designed)',
    access: anyOf('settings_translation'), scope: GLOBAL,
  }),
  'dictionary.save': ep({
    method: 'POST', path: '/api/dictionary', tag: 'cms', summary: 'Create or change a translation (partitionKey, rowKey, en and every supported language)',
    access: withRoles(['settings_translation'], GLOBAL_ROLES), scope: GLOBAL, audit: 'DICTIONARY_SAVE',
  }),
  'dictionary.delete': ep({
    method: 'DELETE', path: '/api/dictionary', tag: 'cms', summary: 'Delete a translation (rowKey)',
    access: withRoles(['settings_translation'], GLOBAL_ROLES), scope: GLOBAL, audit: 'DICTIONARY_DELETE',
  }),
  'notices.list': ep({
    method: 'POST', path: '/api/admin/notifications/list', tag: 'cms', summary: 'Staff notices by operator (* = all operators), the latest change first (designed)',
    access: anyOf('settings_notifications'), scope: GLOBAL,
  }),
  'notices.save': ep({
    method: 'POST', path: '/api/admin/notifications', tag: 'cms', summary: "Set an operator's staff notice (or all operators', opId *): text, level, period (designed)",
    access: withRoles(['settings_notifications'], GLOBAL_ROLES), scope: GLOBAL, audit: 'NOTICE_SAVE',
  }),
  'notices.delete': ep({
    method: 'DELETE', path: '/api/admin/notifications', tag: 'cms', summary: 'Delete the staff notice of an operator (opId; * the all-operators one)',
    access: withRoles(['settings_notifications'], GLOBAL_ROLES), scope: GLOBAL, audit: 'NOTICE_DELETE',
  }),
  'notices.active': ep({
    method: 'GET', path: '/api/notices/active', tag: 'shell', summary: "The staff notices in their period for the user: all operators' and their operator's (and its parent's) (designed)",
    access: SIGNED_IN, scope: GLOBAL,
  }),
} as const;
