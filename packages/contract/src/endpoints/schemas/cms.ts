import { z } from 'zod';
import {
  cmsDocDeleteQuery, cmsDocSaveBody, cmsDocsListBody, cmsOperatorsListBody, dictionaryDeleteQuery, dictionaryListBody, footerMenu, footerQuery, footerSaveBody,
  galleryDeleteQuery, galleryListBody, galleryQuery, galleryUploadBody, noticeDeleteQuery, noticeForm, noticesListBody, sectionQuery, sectionSaveBody, translationSaveBody,
} from '../../cms.js';
import { CMS } from '../meta/cms.js';
import { empty, isoDate, listAnswer, nullableString, opTitles } from './common.js';
import type { SchemasOf } from './types.js';

export const cmsOperatorView = z.object({
  opId: z.string(), title: z.string(), ...opTitles, kind: z.string(), status: z.string(), languages: z.array(z.string()),
  /** Section kinds saved at least once (any language), the footer included. */
  sectionsFilled: z.number().int(), pages: z.number().int(), posts: z.number().int(), media: z.number().int(),
  lastUpdateAt: isoDate.nullable(), lastUpdateBy: nullableString,
});
export type CmsOperatorView = z.infer<typeof cmsOperatorView>;

export const sectionView = z.object({
  opId: z.string(), kind: z.string(), language: z.string(),
  content: z.record(z.string(), z.unknown()),
  /** 0: never saved (the content is the kind's empty form). */
  version: z.number().int(), updatedAt: isoDate.nullable(), updatedBy: nullableString,
  /** The operator's languages (the language selector). */
  languages: z.array(z.string()),
});
export type SectionView = z.infer<typeof sectionView>;

export const cmsDocView = z.object({
  id: z.string(), opId: z.string(), type: z.string(), language: z.string(), slug: z.string(), title: z.string(), body: z.string(),
  seoTitle: z.string(), seoDescription: z.string(), status: z.string(), createdAt: isoDate, updatedAt: isoDate, updatedBy: nullableString,
});
export type CmsDocView = z.infer<typeof cmsDocView>;

export const footerView = z.object({ opId: z.string(), language: z.string(), menu: footerMenu, version: z.number().int(), updatedAt: isoDate.nullable(), updatedBy: nullableString, languages: z.array(z.string()) });
export type FooterView = z.infer<typeof footerView>;

export const mediaView = z.object({
  _id: z.string(), opId: z.string(), path: z.string(), extension: z.string(), target: z.string(), fileName: z.string(), size: z.number().int(),
  tags: z.array(z.string()), uploadedBy: nullableString, createdAt: isoDate,
});
export type MediaView = z.infer<typeof mediaView>;

export const translationView = z.object({
  partitionKey: z.string(), rowKey: z.string(), texts: z.record(z.string(), z.string()), updatedAt: isoDate, updatedBy: nullableString,
});
export type TranslationView = z.infer<typeof translationView>;

export const noticeView = z.object({
  opId: z.string(), opTitle: z.string(), text: z.string(), level: z.string(), startsAt: isoDate, endsAt: isoDate,
  /** Within its period now. */
  active: z.boolean(), updatedAt: isoDate, updatedBy: nullableString,
});
export type NoticeView = z.infer<typeof noticeView>;

const docDelete = { query: cmsDocDeleteQuery, response: empty };

export const CMS_SCHEMAS = {
  'cms.operators': { body: cmsOperatorsListBody, response: listAnswer(cmsOperatorView) },
  'cms.section': { query: sectionQuery, response: sectionView },
  'cms.sectionSave': { body: sectionSaveBody, response: sectionView },
  'cms.pages': { body: cmsDocsListBody, response: listAnswer(cmsDocView) },
  'cms.pagePicker': { query: footerQuery, response: z.object({ items: z.array(z.object({ slug: z.string(), title: z.string() })) }) },
  'cms.pageSave': { body: cmsDocSaveBody, response: cmsDocView },
  'cms.pageDelete': docDelete,
  'cms.blog': { body: cmsDocsListBody, response: listAnswer(cmsDocView) },
  'cms.blogSave': { body: cmsDocSaveBody, response: cmsDocView },
  'cms.blogDelete': docDelete,
  'cms.footer': { query: footerQuery, response: footerView },
  'cms.footerSave': { query: footerQuery, body: footerSaveBody, response: footerView },
  'cms.gallery': { query: galleryQuery, body: galleryListBody, response: z.object({ items: z.array(mediaView) }) },
  'cms.galleryUpload': { query: galleryQuery, body: galleryUploadBody, response: mediaView },
  'cms.galleryDelete': { query: galleryDeleteQuery, response: empty },
  'cms.asset': { params: z.object({ id: z.string().max(64) }), response: null },
  'dictionary.list': { body: dictionaryListBody, response: listAnswer(translationView) },
  'dictionary.save': { body: translationSaveBody, response: translationView },
  'dictionary.delete': { query: dictionaryDeleteQuery, response: empty },
  'notices.list': { body: noticesListBody, response: listAnswer(noticeView) },
  'notices.save': { body: noticeForm, response: noticeView },
  'notices.delete': { query: noticeDeleteQuery, response: empty },
  'notices.active': { response: z.array(noticeView) },
} satisfies SchemasOf<typeof CMS>;
