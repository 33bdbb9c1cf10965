/**
 * CMS (002 §2–§9; README "CMS"): an operator's site content per language — sections (one generic
 * model: JSON checked against the kind's schema of the contract), pages and blog posts, the footer
 * (a section of kind `footer`) and the media gallery — plus platform-wide translations and staff
 * notices. Every content call is scoped by its operator record (another operator's content is
 * "not found"); every change writes its activity (target types `cms_*`, the /cms/activities log).
 */
import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, inArray, lte, gte, or, sql } from 'drizzle-orm';
import {
  ALL_OPERATORS_NOTICE, CMS_MESSAGES, CMS_PAGE_PICKER_LIMIT, FOOTER_KIND, IMAGE_MIME, MEDIA_UPLOAD_MAX_BYTES, MSG, emptySectionContent, imageKind, imagesOf, sectionContentSchema,
  type CmsDocType, type CmsSectionKind,
} from '@pitboss/contract';
import { cmsDocuments, cmsMedia, cmsSections, dictionaryEntries, operators, staffNotices } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { HttpError, badRequest, conflict, notFound, ok } from '../../lib/http.js';
import type { Ctx, Handlers } from '../../platform/endpoints.js';
import { likeEscape, list, match } from '../../platform/list.js';

const parentOp = alias(operators, 'cms_parent_op');

type Names =
  | 'cms.operators' | 'cms.section' | 'cms.sectionSave' | 'cms.pages' | 'cms.pagePicker' | 'cms.pageSave' | 'cms.pageDelete' | 'cms.blog' | 'cms.blogSave' | 'cms.blogDelete'
  | 'cms.footer' | 'cms.footerSave' | 'cms.gallery' | 'cms.galleryUpload' | 'cms.galleryDelete' | 'cms.asset'
  | 'dictionary.list' | 'dictionary.save' | 'dictionary.delete' | 'notices.list' | 'notices.save' | 'notices.delete' | 'notices.active';

type Operator = typeof operators.$inferSelect;
type SectionRow = typeof cmsSections.$inferSelect;
type DocRow = typeof cmsDocuments.$inferSelect;
type MediaRow = typeof cmsMedia.$inferSelect;

/** The operator's languages; content in another language is refused. */
function checkLanguage(op: Operator, language: string): void {
  if (!op.allowedLangs.includes(language)) throw badRequest(CMS_MESSAGES.LANGUAGE_NOT_ALLOWED);
}

async function sectionRow(db: Db, opId: string, kind: string, language: string): Promise<SectionRow | undefined> {
  const [row] = await db.select().from(cmsSections).where(and(eq(cmsSections.opId, opId), eq(cmsSections.kind, kind), eq(cmsSections.language, language))).limit(1);
  return row;
}

/**
 * Save a section's content: a stale `version` (another save came first) is refused, else the row
 * is written with the next version. The row is locked, so of two saves of one version one applies.
 */
async function saveSection(tx: Db, op: Operator, kind: string, language: string, content: Record<string, unknown>, version: number | undefined, by: string) {
  const [cur] = await tx.select().from(cmsSections)
    .where(and(eq(cmsSections.opId, op.opId), eq(cmsSections.kind, kind), eq(cmsSections.language, language))).for('update').limit(1);
  if (version !== undefined && (cur?.version ?? 0) !== version) throw conflict(CMS_MESSAGES.SECTION_CHANGED, 'VERSION_CONFLICT');
  const now = new Date();
  const [row] = cur
    ? await tx.update(cmsSections).set({ content, version: cur.version + 1, updatedBy: by, updatedAt: now }).where(eq(cmsSections.id, cur.id)).returning()
    : await tx.insert(cmsSections).values({ opId: op.opId, kind, language, content, version: 1, updatedBy: by, updatedAt: now }).returning();
  return { before: cur, row: row! };
}

const sectionView = (op: Operator, kind: string, language: string, row: SectionRow | undefined, empty: Record<string, unknown>) => ({
  opId: op.opId, kind, language, content: row?.content ?? empty, version: row?.version ?? 0,
  updatedAt: row?.updatedAt.toISOString() ?? null, updatedBy: row?.updatedBy ?? null, languages: op.allowedLangs,
});

/** The images a content names must be media of the operator's gallery. */
async function checkImages(db: Db, opId: string, ids: string[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const found = await db.select({ id: cmsMedia.id }).from(cmsMedia).where(and(eq(cmsMedia.opId, opId), inArray(cmsMedia.id, wanted)));
  if (found.length !== wanted.length) throw badRequest(CMS_MESSAGES.IMAGE_NOT_FOUND);
}

const docView = (d: DocRow) => ({
  id: d.id, opId: d.opId, type: d.type, language: d.language, slug: d.slug, title: d.title, body: d.body, seoTitle: d.seoTitle,
  seoDescription: d.seoDescription, status: d.status, createdAt: d.createdAt.toISOString(), updatedAt: d.updatedAt.toISOString(), updatedBy: d.updatedBy,
});

const mediaView = (m: Omit<MediaRow, 'contentBase64'>) => ({
  _id: m.id, opId: m.opId, path: `v2/assets/${m.id}`, extension: m.extension, target: m.opId, fileName: m.fileName, size: m.size,
  tags: m.tags, uploadedBy: m.uploadedBy, createdAt: m.createdAt.toISOString(),
});

type DocList = Ctx<'cms.pages'> | Ctx<'cms.blog'>;
const docList = (type: CmsDocType) => async (ctx: DocList) => {
  const { found: op, body: b } = ctx;
  checkLanguage(op, b.selectedLanguage);
  return ok(await list(ctx as Ctx<'cms.pages'>, {
    rows: (select) => select({ d: cmsDocuments }).from(cmsDocuments),
    where: () => and(eq(cmsDocuments.opId, op.opId), eq(cmsDocuments.type, type), eq(cmsDocuments.language, b.selectedLanguage)),
    filters: { search: match.contains(cmsDocuments.title, cmsDocuments.slug), status: match.eq(cmsDocuments.status) },
    sort: { keys: { updatedAt: cmsDocuments.updatedAt }, default: 'updatedAt', dir: 'desc', tiebreak: cmsDocuments.id },
    map: ({ d }) => docView(d),
  }));
};

const docSave = (type: CmsDocType) => async ({ db, found: op, body: b, user, audit }: Ctx<'cms.pageSave'> | Ctx<'cms.blogSave'>) => {
  checkLanguage(op, b.language);
  return db.transaction(async (tx) => {
    const where = and(eq(cmsDocuments.opId, op.opId), eq(cmsDocuments.type, type), eq(cmsDocuments.language, b.language), eq(cmsDocuments.slug, b.slug));
    const [cur] = await tx.select().from(cmsDocuments).where(where).for('update').limit(1);
    const fields = { title: b.title, body: b.body, seoTitle: b.seoTitle, seoDescription: b.seoDescription, status: b.status, updatedBy: user.email, updatedAt: new Date() };
    const [row] = cur
      ? await tx.update(cmsDocuments).set(fields).where(eq(cmsDocuments.id, cur.id)).returning()
      : await tx.insert(cmsDocuments).values({ opId: op.opId, type, language: b.language, slug: b.slug, ...fields }).returning();
    const brief = (d: DocRow | undefined) => (d ? { title: d.title, status: d.status, seoTitle: d.seoTitle, bodyLength: d.body.length } : null);
    await audit(tx, { targetType: `cms_${type}`, targetId: `${b.language}/${b.slug}`, opId: op.opId, before: brief(cur), after: brief(row) });
    return ok(docView(row!), [CMS_MESSAGES.DOC_SAVED]);
  });
};

const docDelete = (type: CmsDocType) => async ({ db, found: op, query: q, audit }: Ctx<'cms.pageDelete'> | Ctx<'cms.blogDelete'>) => db.transaction(async (tx) => {
  const [gone] = await tx.delete(cmsDocuments)
    .where(and(eq(cmsDocuments.opId, op.opId), eq(cmsDocuments.type, type), eq(cmsDocuments.language, q.selectedLanguage), eq(cmsDocuments.slug, q.slug))).returning();
  if (!gone) throw notFound(CMS_MESSAGES.DOC_NOT_FOUND);
  await audit(tx, { targetType: `cms_${type}`, targetId: `${q.selectedLanguage}/${q.slug}`, opId: op.opId, before: { title: gone.title, status: gone.status } });
  return ok({}, [type === 'page' ? CMS_MESSAGES.PAGE_DELETED : CMS_MESSAGES.BLOG_DELETED]);
});

const B64 = /^[A-Za-z0-9+/]*={0,2}$/;

const noticeView = (n: typeof staffNotices.$inferSelect, title: string | null, now = Date.now()) => ({
  opId: n.opId, opTitle: n.opId === ALL_OPERATORS_NOTICE ? 'All operators' : (title ?? n.opId), text: n.text, level: n.level,
  startsAt: n.startsAt.toISOString(), endsAt: n.endsAt.toISOString(), active: n.startsAt.getTime() <= now && n.endsAt.getTime() > now,
  updatedAt: n.updatedAt.toISOString(), updatedBy: n.updatedBy,
});

const countOf = (table: string, extra = '') => sql<number>`(select count(*)::int from ${sql.raw(table)} x where x.op_id = ${operators.opId}${sql.raw(extra)})`;

export const cmsHandlers: Handlers<Names> = {
  /** The operators in scope with their CMS state: each figure a count over the operator's own small CMS rows (by their operator indexes). */
  'cms.operators': async (ctx) => ok(await list(ctx, {
    rows: (select) => select({
      o: operators, parentOpTitle: parentOp.title,
      sections: sql<number>`(select count(distinct x.kind)::int from cms_sections x where x.op_id = ${operators.opId})`,
      pages: countOf('cms_documents', " and x.type = 'page'"), posts: countOf('cms_documents', " and x.type = 'blog'"), media: countOf('cms_media'),
      last: sql<{ at: string; by: string | null } | null>`(select json_build_object('at', u.at, 'by', u.by) from (
        select updated_at as at, updated_by as by from cms_sections where op_id = ${operators.opId}
        union all select updated_at, updated_by from cms_documents where op_id = ${operators.opId}
        union all select created_at, uploaded_by from cms_media where op_id = ${operators.opId}
        order by 1 desc limit 1) u)`,
    }).from(operators).leftJoin(parentOp, eq(parentOp.opId, operators.parentOpId)),
    scope: operators.opId,
    filters: { search: match.contains(operators.title, operators.opId) },
    where: () => sql`${operators.kind} <> 'PARTNER'`,
    sort: { keys: { title: operators.title }, default: 'title', dir: 'asc', tiebreak: operators.opId },
    map: ({ o, parentOpTitle, sections, pages, posts, media, last }) => ({
      opId: o.opId, title: o.title, opTitle: o.title, parentOpTitle, kind: o.kind, status: o.status, languages: o.allowedLangs,
      sectionsFilled: sections, pages, posts, media,
      lastUpdateAt: last ? new Date(last.at).toISOString() : null, lastUpdateBy: last?.by ?? null,
    }),
  })),

  'cms.section': async ({ db, found: op, query: q }) => {
    checkLanguage(op, q.selectedLanguage);
    return ok(sectionView(op, q.kind, q.selectedLanguage, await sectionRow(db, op.opId, q.kind, q.selectedLanguage), emptySectionContent(q.kind)));
  },

  'cms.sectionSave': async ({ db, found: op, body: b, user, audit }) => {
    checkLanguage(op, b.language);
    const content = sectionContentSchema(b.kind as CmsSectionKind).parse(b.content);
    await checkImages(db, op.opId, imagesOf(b.kind, content));
    return db.transaction(async (tx) => {
      const { before, row } = await saveSection(tx, op, b.kind, b.language, content, b.version, user.email);
      await audit(tx, { targetType: 'cms_section', targetId: `${b.kind}/${b.language}`, opId: op.opId, before: before ? { version: before.version, content: before.content } : null, after: { version: row.version, content } });
      return ok(sectionView(op, b.kind, b.language, row, content), [CMS_MESSAGES.SECTION_SAVED]);
    });
  },

  'cms.pages': docList('page'),
  /** The footer item form's page picker: published pages by title, at most CMS_PAGE_PICKER_LIMIT (000 §9). */
  'cms.pagePicker': async ({ db, found: op, query: q }) => {
    checkLanguage(op, q.selectedLanguage);
    const items = await db.select({ slug: cmsDocuments.slug, title: cmsDocuments.title }).from(cmsDocuments)
      .where(and(eq(cmsDocuments.opId, op.opId), eq(cmsDocuments.type, 'page'), eq(cmsDocuments.language, q.selectedLanguage), eq(cmsDocuments.status, 'published')))
      .orderBy(cmsDocuments.title, cmsDocuments.slug).limit(CMS_PAGE_PICKER_LIMIT);
    return ok({ items });
  },
  'cms.pageSave': docSave('page'),
  'cms.pageDelete': docDelete('page'),
  'cms.blog': docList('blog'),
  'cms.blogSave': docSave('blog'),
  'cms.blogDelete': docDelete('blog'),

  'cms.footer': async ({ db, found: op, query: q }) => {
    checkLanguage(op, q.selectedLanguage);
    const row = await sectionRow(db, op.opId, FOOTER_KIND, q.selectedLanguage);
    const v = sectionView(op, FOOTER_KIND, q.selectedLanguage, row, { menu: { column1: [] } });
    return ok({ opId: op.opId, language: v.language, menu: (v.content as { menu: Record<string, { title: string; url: string }[]> }).menu, version: v.version, updatedAt: v.updatedAt, updatedBy: v.updatedBy, languages: v.languages });
  },

  /** PUT /api/cms/v2/footer?selectedLanguage&opId: content.menu and language (002 §7). */
  'cms.footerSave': async ({ db, found: op, query: q, body: b, user, audit }) => {
    const language = b.language ?? q.selectedLanguage;
    checkLanguage(op, language);
    return db.transaction(async (tx) => {
      const { before, row } = await saveSection(tx, op, FOOTER_KIND, language, { menu: b.content.menu }, b.version, user.email);
      await audit(tx, { targetType: 'cms_footer', targetId: language, opId: op.opId, before: before ? before.content : null, after: row.content });
      return ok({ opId: op.opId, language, menu: b.content.menu, version: row.version, updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedBy, languages: op.allowedLangs },
        [CMS_MESSAGES.FOOTER_UPDATED]);
    });
  },

  /** The operator's media, newest first (at most 500), with any of the tags asked. */
  'cms.gallery': async ({ db, found: op, body: b }) => {
    const tags = b.tags.filter((t) => t !== '');
    const rows = await db.select({
      id: cmsMedia.id, opId: cmsMedia.opId, fileName: cmsMedia.fileName, extension: cmsMedia.extension, mime: cmsMedia.mime, size: cmsMedia.size,
      tags: cmsMedia.tags, uploadedBy: cmsMedia.uploadedBy, createdAt: cmsMedia.createdAt,
    }).from(cmsMedia)
      .where(and(eq(cmsMedia.opId, op.opId), tags.length ? sql`${cmsMedia.tags} && ${sql.param(tags)}::text[]` : undefined))
      .orderBy(desc(cmsMedia.createdAt), desc(cmsMedia.id)).limit(500);
    return ok({ items: rows.map(mediaView) });
  },

  /** An upload: its bytes must be a png, jpg, webp or gif (by signature) of at most 2 MB (002 §5). */
  'cms.galleryUpload': async ({ db, found: op, body: b, user, audit }) => {
    const b64 = b.file.replace(/^data:[^,]{0,100},/, '').replace(/\s+/g, '');
    if (!B64.test(b64) || b64.length % 4 === 1) throw badRequest(CMS_MESSAGES.FILE_NOT_IMAGE);
    const bytes = Buffer.from(b64, 'base64');
    if (bytes.length > MEDIA_UPLOAD_MAX_BYTES) throw badRequest(CMS_MESSAGES.FILE_TOO_LARGE);
    const kind = imageKind(bytes);
    if (!kind) throw badRequest(CMS_MESSAGES.FILE_NOT_IMAGE);
    const ext = kind === 'jpeg' ? 'jpg' : kind;
    const base = b.filename.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[^\w.-]+/g, '_').slice(0, 150) || 'image';
    return db.transaction(async (tx) => {
      const [m] = await tx.insert(cmsMedia).values({
        opId: op.opId, fileName: `${base}.${ext}`, extension: ext, mime: IMAGE_MIME[kind], size: bytes.length, contentBase64: bytes.toString('base64'),
        tags: [...new Set(b.tags)], uploadedBy: user.email,
      }).returning();
      await audit(tx, { targetType: 'cms_media', targetId: m!.id, opId: op.opId, after: { fileName: m!.fileName, size: m!.size, tags: m!.tags } });
      return ok(mediaView(m!), [CMS_MESSAGES.FILE_UPLOADED]);
    });
  },

  /** A media item still shown by a section of its operator is kept (409, "Unable to delete the file: …"). */
  'cms.galleryDelete': async ({ db, found: m, audit }) => db.transaction(async (tx) => {
    const users = await tx.select({ kind: cmsSections.kind, language: cmsSections.language }).from(cmsSections)
      .where(and(eq(cmsSections.opId, m.opId), sql`${cmsSections.content}::text like ${`%${m.id}%`}`));
    if (users.length) throw new HttpError(409, [CMS_MESSAGES.MEDIA_IN_USE(users.map((u) => `${u.kind} (${u.language})`).join(', '))], 'IN_USE');
    await tx.delete(cmsMedia).where(eq(cmsMedia.id, m.id));
    await audit(tx, { targetType: 'cms_media', before: { fileName: m.fileName, size: m.size, tags: m.tags } });
    return ok({}, [CMS_MESSAGES.FILE_DELETED]);
  }),

  'cms.asset': async ({ reply, found: m }) => {
    const bytes = Buffer.from(m.contentBase64, 'base64');
    const kind = imageKind(bytes);
    if (!kind) throw notFound(CMS_MESSAGES.MEDIA_NOT_FOUND);
    reply.header('content-type', IMAGE_MIME[kind])
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${m.fileName.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'private, max-age=3600')
      .send(bytes);
  },

  'dictionary.list': async (ctx) => ok(await list(ctx, {
    rows: (select) => select({ e: dictionaryEntries }).from(dictionaryEntries),
    filters: {
      search: (v) => or(sql`${dictionaryEntries.rowKey} ilike ${`%${likeEscape(v)}%`}`, sql`${dictionaryEntries.texts}->>'en' ilike ${`%${likeEscape(v)}%`}`),
      partitionKey: match.eq(dictionaryEntries.partitionKey),
    },
    sort: { keys: { rowKey: dictionaryEntries.rowKey }, default: 'rowKey', dir: 'asc', tiebreak: dictionaryEntries.rowKey },
    map: ({ e }) => ({ partitionKey: e.partitionKey, rowKey: e.rowKey, texts: e.texts, updatedAt: e.updatedAt.toISOString(), updatedBy: e.updatedBy }),
  })),

  /** Create (isNew: an existing key is refused) or change a translation; every language is required by the schema. */
  'dictionary.save': async ({ db, body: b, user, audit }) => db.transaction(async (tx) => {
    const { partitionKey, rowKey, isNew, ...texts } = b;
    const key = and(eq(dictionaryEntries.partitionKey, partitionKey), eq(dictionaryEntries.rowKey, rowKey));
    const [cur] = await tx.select().from(dictionaryEntries).where(key).for('update').limit(1);
    if (cur && isNew) throw conflict(CMS_MESSAGES.TRANSLATION_EXISTS, 'EXISTS');
    const now = new Date();
    const [row] = cur
      ? await tx.update(dictionaryEntries).set({ texts, updatedBy: user.email, updatedAt: now }).where(key).returning()
      : await tx.insert(dictionaryEntries).values({ partitionKey, rowKey, texts, updatedBy: user.email, updatedAt: now }).returning();
    await audit(tx, { targetType: 'translation', targetId: `${partitionKey}/${rowKey}`, opId: null, before: cur?.texts ?? null, after: texts });
    return ok({ partitionKey, rowKey, texts: row!.texts, updatedAt: row!.updatedAt.toISOString(), updatedBy: row!.updatedBy }, [CMS_MESSAGES.TRANSLATION_SAVED]);
  }),

  'dictionary.delete': async ({ db, query: q, audit }) => db.transaction(async (tx) => {
    const [gone] = await tx.delete(dictionaryEntries).where(and(eq(dictionaryEntries.partitionKey, q.partitionKey), eq(dictionaryEntries.rowKey, q.rowKey))).returning();
    if (!gone) throw notFound(CMS_MESSAGES.TRANSLATION_NOT_FOUND);
    await audit(tx, { targetType: 'translation', targetId: `${q.partitionKey}/${q.rowKey}`, opId: null, before: gone.texts });
    return ok({}, [CMS_MESSAGES.TRANSLATION_DELETED]);
  }),

  'notices.list': async (ctx) => {
    const now = Date.now();
    return ok(await list(ctx, {
      rows: (select) => select({ n: staffNotices, title: operators.title }).from(staffNotices).leftJoin(operators, eq(operators.opId, staffNotices.opId)),
      sort: { keys: { updatedAt: staffNotices.updatedAt }, default: 'updatedAt', dir: 'desc', tiebreak: staffNotices.opId },
      map: ({ n, title }) => noticeView(n, title, now),
    }));
  },

  /** Set the notice of an operator (any operator: the notices are the platform's) or of all operators (`*`); one per operator, replaced. */
  'notices.save': async ({ db, body: b, user, audit }) => {
    let title: string | null = null;
    if (b.opId !== ALL_OPERATORS_NOTICE) {
      const [op] = await db.select({ title: operators.title }).from(operators).where(eq(operators.opId, b.opId)).limit(1);
      if (!op) throw notFound(MSG.OPERATOR_NOT_FOUND);
      title = op.title;
    }
    return db.transaction(async (tx) => {
      const [cur] = await tx.select().from(staffNotices).where(eq(staffNotices.opId, b.opId)).for('update').limit(1);
      const fields = { text: b.text, level: b.level, startsAt: new Date(b.startsAt), endsAt: new Date(b.endsAt), updatedBy: user.email, updatedAt: new Date() };
      const [row] = cur
        ? await tx.update(staffNotices).set(fields).where(eq(staffNotices.opId, b.opId)).returning()
        : await tx.insert(staffNotices).values({ opId: b.opId, ...fields }).returning();
      const brief = (n: typeof row) => (n ? { text: n.text, level: n.level, startsAt: n.startsAt.toISOString(), endsAt: n.endsAt.toISOString() } : null);
      await audit(tx, { targetType: 'notice', targetId: b.opId, opId: b.opId === ALL_OPERATORS_NOTICE ? null : b.opId, before: brief(cur), after: brief(row) });
      return ok(noticeView(row!, title), [CMS_MESSAGES.NOTICE_SAVED]);
    });
  },

  'notices.delete': async ({ db, query: q, audit }) => db.transaction(async (tx) => {
    const [gone] = await tx.delete(staffNotices).where(eq(staffNotices.opId, q.opId)).returning();
    if (!gone) throw notFound(CMS_MESSAGES.NOTICE_NOT_FOUND);
    await audit(tx, { targetType: 'notice', targetId: q.opId, opId: q.opId === ALL_OPERATORS_NOTICE ? null : q.opId, before: { text: gone.text, level: gone.level } });
    return ok({}, [CMS_MESSAGES.NOTICE_DELETED]);
  }),

  /** The notices within their period for the user: all operators' and those of their operator and its parent. */
  'notices.active': async ({ db, user }) => {
    const ops = [ALL_OPERATORS_NOTICE, user.opId, user.parentOpId].filter((x): x is string => !!x);
    const now = new Date();
    const rows = await db.select({ n: staffNotices, title: operators.title }).from(staffNotices).leftJoin(operators, eq(operators.opId, staffNotices.opId))
      .where(and(inArray(staffNotices.opId, ops), lte(staffNotices.startsAt, now), gte(staffNotices.endsAt, now))).orderBy(desc(staffNotices.updatedAt));
    return ok(rows.map(({ n, title }) => noticeView(n, title, now.getTime())));
  },
};
