/**
 * CMS: sections (schema per kind, gallery images, versions, language), pages and blog posts, the
 * footer (PUT with the spec's messages), the media gallery (2 MB, bytes not names, nosniff,
 * delete, in use), tenancy (operator A never reads or changes operator B's content), the CMS
 * activity log, translations and staff notices (global roles change them; the active banner).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CMS_MESSAGES, MEDIA_UPLOAD_MAX_BYTES, MSG } from '@pitboss/contract';
import { cmsMedia, cmsSections } from '../src/db/schema.js';
import { encodePng } from '../src/db/demo-images.js';
import { ALPHA_SCOPE, JPEG_BYTES, PNG_BYTES, expectError, expectForbidden, makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const SUPER: Login = 'superadmin@demo.local';
const ADMIN: Login = 'admin@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';
const DEVOPS: Login = 'devops@demo.local';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

const mediaOf = async (opId: string) => (await t.database.db.select({ id: cmsMedia.id }).from(cmsMedia).where(eq(cmsMedia.opId, opId)).limit(1))[0]!.id;
const section = (q: string, as: Login = OPA) => t.call('GET', `/api/cms/v2/section?${q}`, { as });
const save = (body: Record<string, unknown>, as: Login = OPA) => t.call('PUT', '/api/cms/v2/section', { as, body });
const upload = (opId: string, bytes: Buffer, filename = 'banner.png', as: Login = OPA, tags: string[] = ['promo']) =>
  t.call('POST', `/api/cms/v2/gallery/upload?opId=${opId}`, { as, body: { file: bytes.toString('base64'), filename, tags } });

describe('sections', () => {
  it('reads the seeded branding and saves a new version with its activity', async () => {
    const r = await section('opId=op-alpha&kind=branding&selectedLanguage=en');
    expect(r.statusCode, r.body).toBe(200);
    const cur = r.json().data;
    expect(cur.content.siteName).toBe('Alpha Gaming');
    expect(cur.languages).toEqual(['en', 'tr']);
    const res = await save({ opId: 'op-alpha', kind: 'branding', language: 'en', version: cur.version, content: { ...cur.content, siteName: 'Alpha Gaming 2' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([CMS_MESSAGES.SECTION_SAVED]);
    expect(res.json().data.version).toBe(cur.version + 1);
    const a = await t.lastActivity();
    expect(a).toMatchObject({ action: 'CMS_SECTION_SAVE', targetType: 'cms_section', targetId: 'branding/en', opId: 'op-alpha', actorEmail: OPA });
    // The version read before is now stale: a second save of it is refused.
    const stale = await save({ opId: 'op-alpha', kind: 'branding', language: 'en', version: cur.version, content: cur.content });
    expectError(stale, 409, [CMS_MESSAGES.SECTION_CHANGED]);
  });

  it('a section never saved answers its empty content with version 0', async () => {
    const r = await section('opId=op-alpha&kind=widgets&selectedLanguage=en');
    expect(r.json().data).toMatchObject({ version: 0, content: { items: [] }, updatedAt: null });
  });

  it("checks the content against the kind's schema with the exact messages", async () => {
    const base = { opId: 'op-alpha', kind: 'branding', language: 'en' };
    expectError(await save({ ...base, content: { siteName: '', logo: await mediaOf('op-alpha'), primaryColor: '#112233', secondaryColor: '#112233' } }), 400, [CMS_MESSAGES.REQUIRED('Site name')]);
    expectError(await save({ ...base, content: { siteName: 'A', logo: await mediaOf('op-alpha'), primaryColor: 'red', secondaryColor: '#112233' } }), 400, [CMS_MESSAGES.COLOR_INVALID('Primary color')]);
    expectError(await save({ ...base, kind: 'menus', content: { items: [{ title: 'Casino', url: 'javascript:alert(1)' }] } }), 400, [CMS_MESSAGES.URL_INVALID('URL')]);
    expectError(await save({ ...base, kind: 'nope', content: {} }), 400, [CMS_MESSAGES.KIND_INVALID]);
    // An image of another operator's gallery is not this operator's.
    expectError(await save({ ...base, content: { siteName: 'A', logo: await mediaOf('op-bravo'), primaryColor: '#112233', secondaryColor: '#112233' } }), 400, [CMS_MESSAGES.IMAGE_NOT_FOUND]);
    // A language the operator does not offer.
    expectError(await section('opId=op-alpha&kind=branding&selectedLanguage=de'), 400, [CMS_MESSAGES.LANGUAGE_NOT_ALLOWED]);
  });

  it("another operator's content is not found, and DEV_OPS and partners have no CMS", async () => {
    expectError(await section('opId=op-bravo&kind=branding&selectedLanguage=en'), 404, [MSG.OPERATOR_NOT_FOUND]);
    const before = await t.database.db.select().from(cmsSections).where(and(eq(cmsSections.opId, 'op-bravo'), eq(cmsSections.kind, 'template')));
    expectError(await save({ opId: 'op-bravo', kind: 'template', language: 'en', content: { layout: 'classic', header: 'fixed' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expect(await t.database.db.select().from(cmsSections).where(and(eq(cmsSections.opId, 'op-bravo'), eq(cmsSections.kind, 'template')))).toEqual(before);
    expectForbidden(await section('opId=op-alpha&kind=branding', DEVOPS));
    expectForbidden(await section('opId=op-alpha&kind=branding', 'partner@demo.local'));
    // A global role reads every operator's content; the brand admin reads its brand only.
    expect((await section('opId=op-bravo&kind=branding', ADMIN)).statusCode).toBe(200);
    expect((await section('opId=alpha-bet&kind=branding', 'brand.admin@demo.local')).statusCode).toBe(200);
    expectError(await section('opId=op-alpha&kind=branding', 'brand.admin@demo.local'), 404, [MSG.OPERATOR_NOT_FOUND]);
  });
});

describe('pages and blog posts', () => {
  it('lists, saves, deletes a page; the post list is separate', async () => {
    const list = await t.call('POST', '/api/cms/v2/pages/list', { as: OPM, body: { opId: 'op-alpha', selectedLanguage: 'en' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.map((p: { slug: string }) => p.slug)).toContain('about-us');
    const posts = await t.call('POST', '/api/cms/v2/blog/list', { as: OPM, body: { opId: 'op-alpha' } });
    expect(posts.json().data.items.every((p: { type: string }) => p.type === 'blog')).toBe(true);
    const made = await t.call('PUT', '/api/cms/v2/pages', { as: OPA, body: { opId: 'op-alpha', language: 'en', slug: 'bonus-terms', title: 'Bonus terms', body: 'Wager 10x.', status: 'published' } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().messages).toEqual([CMS_MESSAGES.DOC_SAVED]);
    expectError(await t.call('PUT', '/api/cms/v2/pages', { as: OPA, body: { opId: 'op-alpha', slug: 'Bad Slug', title: 'x' } }), 400, [CMS_MESSAGES.SLUG_INVALID]);
    expectError(await t.call('PUT', '/api/cms/v2/pages', { as: OPA, body: { opId: 'op-alpha', slug: 'ok', title: ' ' } }), 400, [CMS_MESSAGES.TITLE_REQUIRED]);
    const del = await t.call('DELETE', '/api/cms/v2/pages?opId=op-alpha&slug=bonus-terms&selectedLanguage=en', { as: OPA });
    expect(del.json()).toMatchObject({ success: true, messages: [CMS_MESSAGES.PAGE_DELETED] });
    expect(await t.lastActivity()).toMatchObject({ action: 'CMS_PAGE_DELETE', targetType: 'cms_page', targetId: 'en/bonus-terms', opId: 'op-alpha' });
    expectError(await t.call('DELETE', '/api/cms/v2/pages?opId=op-alpha&slug=bonus-terms&selectedLanguage=en', { as: OPA }), 404, [CMS_MESSAGES.DOC_NOT_FOUND]);
    expectError(await t.call('DELETE', '/api/cms/v2/blog?opId=op-bravo&slug=new-live-tables&selectedLanguage=en', { as: OPA }), 404, [MSG.OPERATOR_NOT_FOUND]);
  });
});

describe('footer', () => {
  it("the footer item's page picker lists the published pages of the language by title, and only to footer editors", async () => {
    const res = await t.call('GET', '/api/cms/v2/pages/picker?opId=op-alpha&selectedLanguage=en', { as: OPM });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { slug: string; title: string }[];
    expect(items).toContainEqual({ slug: 'about-us', title: 'About us' });
    expect(items.map((p) => p.slug)).not.toContain('vip-program'); // a draft
    expect(items.map((p) => p.title)).toEqual([...items.map((p) => p.title)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(items.map((p) => p.slug)).not.toContain('welcome-bonus-explained'); // a blog post
    expectError(await t.call('GET', '/api/cms/v2/pages/picker?opId=op-bravo&selectedLanguage=en', { as: OPM }), 404, [MSG.OPERATOR_NOT_FOUND]);
    // A language the operator's site does not have.
    const langs = (await t.call('GET', '/api/cms/v2/pages/picker?opId=op-alpha&selectedLanguage=fa', { as: OPM }));
    expectError(langs, 400, [CMS_MESSAGES.LANGUAGE_NOT_ALLOWED]);
    expectError(await t.call('GET', '/api/cms/v2/pages/picker?opId=op-alpha&selectedLanguage=en', { as: 'devops@demo.local' }), 403, [MSG.NO_PERMISSION]);
  });


  it('saves the menu with the spec message; an item needs title and url', async () => {
    const menu = { column1: [{ title: 'About', url: '/about-us' }], column2: [{ title: 'Help', url: 'https://help.example.com' }] };
    const res = await t.call('PUT', '/api/cms/v2/footer?selectedLanguage=en&opId=op-alpha', { as: OPA, body: { content: { menu }, language: 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([CMS_MESSAGES.FOOTER_UPDATED]);
    expect((await t.call('GET', '/api/cms/v2/footer?opId=op-alpha&selectedLanguage=en', { as: OPM })).json().data.menu).toEqual(menu);
    expect(await t.lastActivity()).toMatchObject({ action: 'CMS_FOOTER_SAVE', targetType: 'cms_footer', opId: 'op-alpha' });
    expectError(await t.call('PUT', '/api/cms/v2/footer?opId=op-alpha', { as: OPA, body: { content: { menu: { column1: [{ title: '', url: '/x' }] } } } }), 400, [CMS_MESSAGES.FOOTER_ITEM_TITLE_REQUIRED]);
    expectError(await t.call('PUT', '/api/cms/v2/footer?opId=op-alpha', { as: OPA, body: { content: { menu: { column1: [{ title: 'x', url: '' }] } } } }), 400, [CMS_MESSAGES.FOOTER_ITEM_URL_REQUIRED]);
    expectError(await t.call('PUT', '/api/cms/v2/footer?opId=op-alpha', { as: OPA, body: { content: { menu: { column2: [] } } } }), 400, [CMS_MESSAGES.FOOTER_COLUMNS]);
  });
});

describe('media gallery', () => {
  it('uploads an image by its bytes, serves it with nosniff, filters by tag, deletes it', async () => {
    const up = await upload('op-alpha', JPEG_BYTES, 'photo.png');
    expect(up.statusCode, up.body).toBe(200);
    const m = up.json().data;
    expect(m).toMatchObject({ extension: 'jpg', fileName: 'photo.jpg', path: `v2/assets/${m._id}`, tags: ['promo'] });
    expect(await t.lastActivity()).toMatchObject({ action: 'CMS_MEDIA_UPLOAD', targetType: 'cms_media', targetId: m._id, opId: 'op-alpha' });
    const img = await t.call('GET', `/api/cms/${m.path}`, { as: OPM });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    const tagged = await t.call('POST', '/api/cms/v2/gallery/list?opId=op-alpha', { as: OPM, body: { tags: ['promo'] } });
    expect(tagged.json().data.items.map((x: { _id: string }) => x._id)).toEqual([m._id]);
    expect((await t.call('GET', `/api/cms/${m.path}`, { as: 'bravo.admin@demo.local' })).statusCode).toBe(404);
    const del = await t.call('DELETE', `/api/cms/v2/gallery?mediaId=${m._id}&opId=op-alpha`, { as: OPA });
    expect(del.json()).toMatchObject({ success: true, messages: [CMS_MESSAGES.FILE_DELETED] });
  });

  it('refuses a file over 2 MB, a non-image and an SVG', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(MEDIA_UPLOAD_MAX_BYTES + 1 - PNG_BYTES.length)]);
    expectError(await upload('op-alpha', big), 400, [CMS_MESSAGES.FILE_TOO_LARGE]);
    // Further over 2 MB it is refused with the same words, whether its text passes the input's
    // length limit (2,100,000 bytes) or the body's (3 MB), never with the generic input refusal.
    expectError(await upload('op-alpha', Buffer.alloc(2_100_000)), 400, [CMS_MESSAGES.FILE_TOO_LARGE]);
    expectError(await upload('op-alpha', Buffer.alloc(3 * 1024 * 1024)), 413, [CMS_MESSAGES.FILE_TOO_LARGE]);
    const ok = Buffer.concat([PNG_BYTES, Buffer.alloc(MEDIA_UPLOAD_MAX_BYTES - PNG_BYTES.length)]);
    expect((await upload('op-alpha', ok)).statusCode).toBe(200);
    expectError(await upload('op-alpha', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg'), 400, [CMS_MESSAGES.FILE_NOT_IMAGE]);
    expectError(await upload('op-alpha', Buffer.from('GIF87 not really')), 400, [CMS_MESSAGES.FILE_NOT_IMAGE]);
    expectError(await upload('op-bravo', PNG_BYTES), 404, [MSG.OPERATOR_NOT_FOUND]);
  });

  it('keeps a file a section shows, and another operator’s file is not found', async () => {
    const up = (await upload('op-alpha', encodePng(4, 4, () => [9, 9, 9]))).json().data;
    const r = await save({ opId: 'op-alpha', kind: 'login-image', language: 'en', content: { image: up._id, alt: 'x' } });
    expect(r.statusCode, r.body).toBe(200);
    const del = await t.call('DELETE', `/api/cms/v2/gallery?mediaId=${up._id}&opId=op-alpha`, { as: OPA });
    expectError(del, 409, [CMS_MESSAGES.MEDIA_IN_USE('login-image (en)')]);
    expectError(await t.call('DELETE', `/api/cms/v2/gallery?mediaId=${await mediaOf('op-bravo')}`, { as: OPA }), 404, [CMS_MESSAGES.MEDIA_NOT_FOUND]);
  });
});

describe('CMS operators and activities', () => {
  it('lists the operators in scope with their CMS state', async () => {
    const res = await t.call('POST', '/api/cms/operators/list', { as: OPA, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { opId: string; pages: number; sectionsFilled: number; lastUpdateAt: string | null }[];
    expect(items.map((o) => o.opId).sort()).toEqual(['alpha-bet', 'alpha-casino', 'op-alpha']);
    const alpha = items.find((o) => o.opId === 'op-alpha')!;
    expect(alpha.pages).toBeGreaterThan(0);
    expect(alpha.sectionsFilled).toBeGreaterThan(5);
    expect(alpha.lastUpdateAt).not.toBeNull();
  });

  it('the CMS log holds the CMS changes only, of the own operators', async () => {
    await t.call('PUT', '/api/cms/v2/blog', { as: OPA, body: { opId: 'alpha-bet', slug: 'log-check', title: 'Log check' } });
    await t.call('PUT', '/api/cms/v2/blog', { as: ADMIN, body: { opId: 'op-bravo', slug: 'log-check', title: 'Log check' } });
    const res = await t.call('POST', '/api/activities/list', { as: OPA, body: { log: 'cms', limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as { targetType: string; opId: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((a) => !a.targetType.startsWith('cms_') || !(ALPHA_SCOPE as readonly string[]).includes(a.opId))).toEqual([]);
    expectForbidden(await t.call('POST', '/api/activities/list', { as: DEVOPS, body: { log: 'cms' } }));
  });
});

describe('translations', () => {
  const entry = (over: Record<string, unknown> = {}) => ({
    rowKey: 'promo.banner', en: 'Promotions', tr: 'Promosyonlar', fa: 'تبلیغات', ru: 'Акции', de: 'Aktionen', es: 'Promociones', pt: 'Promoções', fr: 'Promotions', ar: 'العروض', ckb: 'بانگەشەکان', ...over,
  });
  it('creates, refuses a duplicate key, edits, lists and deletes', async () => {
    const made = await t.call('POST', '/api/dictionary', { as: ADMIN, body: { ...entry(), isNew: true } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.partitionKey).toBe('b2c');
    expect(await t.lastActivity()).toMatchObject({ action: 'DICTIONARY_SAVE', targetType: 'translation', targetId: 'b2c/promo.banner' });
    expectError(await t.call('POST', '/api/dictionary', { as: ADMIN, body: { ...entry(), isNew: true } }), 409, [CMS_MESSAGES.TRANSLATION_EXISTS]);
    expect((await t.call('POST', '/api/dictionary', { as: SUPER, body: entry({ en: 'Offers' }) })).json().data.texts.en).toBe('Offers');
    const found = await t.call('POST', '/api/dictionary/list', { as: ADMIN, body: { search: 'offers' } });
    expect(found.json().data.items.map((x: { rowKey: string }) => x.rowKey)).toEqual(['promo.banner']);
    expect((await t.call('DELETE', '/api/dictionary?rowKey=promo.banner', { as: ADMIN })).json().messages).toEqual([CMS_MESSAGES.TRANSLATION_DELETED]);
    expectError(await t.call('DELETE', '/api/dictionary?rowKey=promo.banner', { as: ADMIN }), 404, [CMS_MESSAGES.TRANSLATION_NOT_FOUND]);
  });
  it('requires every language and a lowercase key; operator staff cannot change them', async () => {
    expectError(await t.call('POST', '/api/dictionary', { as: ADMIN, body: entry({ rowKey: 'Promo.Banner' }) }), 400, [CMS_MESSAGES.KEY_UPPERCASE]);
    expectError(await t.call('POST', '/api/dictionary', { as: ADMIN, body: entry({ ckb: ' ' }) }), 400, [CMS_MESSAGES.TEXT_REQUIRED('ckb')]);
    expectForbidden(await t.call('POST', '/api/dictionary', { as: OPA, body: entry() }));
    expectForbidden(await t.call('POST', '/api/dictionary/list', { as: OPA, body: {} }));
  });
});

describe('staff notices', () => {
  it('a notice for one operator shows to its staff only, within its period; delete by opId', async () => {
    const now = Date.now();
    const body = { opId: 'op-alpha', text: 'Withdrawals are slow today.', level: 'warning', startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 3_600_000).toISOString() };
    const res = await t.call('POST', '/api/admin/notifications', { as: ADMIN, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ opId: 'op-alpha', opTitle: 'Alpha Gaming', active: true });
    expect((await t.call('GET', '/api/notices/active', { as: OPM })).json().data.map((n: { text: string }) => n.text)).toEqual([body.text]);
    expect((await t.call('GET', '/api/notices/active', { as: 'brand.admin@demo.local' })).json().data).toHaveLength(1);
    expect((await t.call('GET', '/api/notices/active', { as: 'bravo.admin@demo.local' })).json().data).toEqual([]);
    expectError(await t.call('POST', '/api/admin/notifications', { as: ADMIN, body: { ...body, endsAt: body.startsAt } }), 400, [CMS_MESSAGES.NOTICE_PERIOD_INVALID]);
    expectError(await t.call('POST', '/api/admin/notifications', { as: ADMIN, body: { ...body, opId: 'nope' } }), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectForbidden(await t.call('POST', '/api/admin/notifications', { as: OPA, body }));
    expect((await t.call('DELETE', '/api/admin/notifications?opId=op-alpha', { as: ADMIN })).json().messages).toEqual([CMS_MESSAGES.NOTICE_DELETED]);
    expect(await t.lastActivity()).toMatchObject({ action: 'NOTICE_DELETE', targetType: 'notice', targetId: 'op-alpha' });
    expect((await t.call('GET', '/api/notices/active', { as: OPM })).json().data).toEqual([]);
    // The seeded all-operators notice is scheduled: listed, not yet active.
    const all = (await t.call('POST', '/api/admin/notifications/list', { as: ADMIN, body: {} })).json().data.items as { opId: string; active: boolean }[];
    expect(all.find((n) => n.opId === '*')).toMatchObject({ active: false });
  });
});
