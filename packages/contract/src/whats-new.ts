/**
 * What's New: the console's release notes (version, date, title, a body in simple markdown, the
 * roles it is for). /whats-new shows the published notes of the reader's role, newest first, and
 * marks those published after the reader's last visit; /whats-new/super-admin is the SUPER_ADMIN
 * editor (create, edit, publish or unpublish, delete).
 */
import { z } from 'zod';
import { ROLES } from './roles.js';

export const NOTE_VERSION_MAX = 20;
export const NOTE_TITLE_MAX = 120;
export const NOTE_BODY_MAX = 5_000;

export const WHATS_NEW_MESSAGES = {
  CREATED: 'Release note created!',
  UPDATED: 'Release note updated!',
  PUBLISHED: 'Release note published!',
  UNPUBLISHED: 'Release note moved back to draft.',
  DELETED: 'Release note deleted!',
  MARKED_READ: 'All release notes marked as read.',
  NOT_FOUND: 'Release note not found.',
  VERSION_INVALID: 'Version must look like 1.2 or 1.2.3.',
  TITLE_REQUIRED: 'Title is required.',
  TITLE_MAX: `Title can be at most ${NOTE_TITLE_MAX} characters.`,
  BODY_REQUIRED: 'The note needs a text.',
  BODY_MAX: `The text can be at most ${NOTE_BODY_MAX} characters.`,
  DATE_INVALID: 'Release date must be a date.',
  AUDIENCE_REQUIRED: 'Choose at least one role.',
  AUDIENCE_INVALID: 'Unknown role.',
} as const;

/** 1.2 or 1.2.3 (each part up to 4 digits). */
export const NOTE_VERSION_PATTERN = /^\d{1,4}\.\d{1,4}(\.\d{1,4})?$/;

export const releaseNoteForm = z.object({
  version: z.string({ error: WHATS_NEW_MESSAGES.VERSION_INVALID }).trim().max(NOTE_VERSION_MAX, WHATS_NEW_MESSAGES.VERSION_INVALID)
    .regex(NOTE_VERSION_PATTERN, WHATS_NEW_MESSAGES.VERSION_INVALID),
  releaseDate: z.string({ error: WHATS_NEW_MESSAGES.DATE_INVALID }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, WHATS_NEW_MESSAGES.DATE_INVALID)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), WHATS_NEW_MESSAGES.DATE_INVALID),
  title: z.string({ error: WHATS_NEW_MESSAGES.TITLE_REQUIRED }).trim().min(1, WHATS_NEW_MESSAGES.TITLE_REQUIRED).max(NOTE_TITLE_MAX, WHATS_NEW_MESSAGES.TITLE_MAX),
  body: z.string({ error: WHATS_NEW_MESSAGES.BODY_REQUIRED }).trim().min(1, WHATS_NEW_MESSAGES.BODY_REQUIRED).max(NOTE_BODY_MAX, WHATS_NEW_MESSAGES.BODY_MAX),
  audience: z.array(z.enum(ROLES, { error: WHATS_NEW_MESSAGES.AUDIENCE_INVALID }), { error: WHATS_NEW_MESSAGES.AUDIENCE_REQUIRED })
    .min(1, WHATS_NEW_MESSAGES.AUDIENCE_REQUIRED).max(ROLES.length, WHATS_NEW_MESSAGES.AUDIENCE_INVALID),
});
export type ReleaseNoteForm = z.input<typeof releaseNoteForm>;

export const releaseNoteUpdateBody = releaseNoteForm.extend({ id: z.string().trim().min(1).max(64) });
export const releaseNotePublishBody = z.object({ id: z.string().trim().min(1).max(64), published: z.boolean() });

/**
 * The simple markdown of a note's body, as blocks: `# ` / `## ` headings, `- ` list items,
 * paragraphs; inline `**bold**` and `` `code` `` are the only marks. No HTML ever passes.
 */
export type MdBlock = { kind: 'h'; text: string } | { kind: 'li'; items: string[] } | { kind: 'p'; text: string };
export function markdownBlocks(src: string): MdBlock[] {
  const out: MdBlock[] = [];
  let para: string[] = [];
  const flush = () => { if (para.length) { out.push({ kind: 'p', text: para.join(' ') }); para = []; } };
  for (const raw of src.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) { flush(); continue; }
    const h = /^#{1,3}\s+(.*)$/.exec(line);
    const li = /^[-*]\s+(.*)$/.exec(line);
    if (h) { flush(); out.push({ kind: 'h', text: h[1]! }); }
    else if (li) {
      flush();
      const last = out[out.length - 1];
      if (last?.kind === 'li') last.items.push(li[1]!); else out.push({ kind: 'li', items: [li[1]!] });
    } else para.push(line);
  }
  flush();
  return out;
}

/** Inline marks of a markdown text: plain, bold and code runs. */
export function markdownInline(text: string): { kind: 'text' | 'bold' | 'code'; text: string }[] {
  const parts: { kind: 'text' | 'bold' | 'code'; text: string }[] = [];
  const re = /\*\*([^*]+)\*\*|`([^`]+)`/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > at) parts.push({ kind: 'text', text: text.slice(at, m.index) });
    parts.push(m[1] !== undefined ? { kind: 'bold', text: m[1] } : { kind: 'code', text: m[2]! });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
