/**
 * What's New: release notes of the console. Readers (the `whats_new` page) see the published notes
 * whose audience holds their role, newest first; a note published after the reader's last visit
 * (`release_note_reads`, one row per staff member) is unread, and the top bar shows how many.
 * Opening /whats-new marks them read (the reader's own state: no activity). The SUPER_ADMIN
 * editor creates drafts, edits, publishes (or moves back to draft) and deletes, each with its
 * activity. The notes table is small (a few per release): its reads need no paging.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { WHATS_NEW_MESSAGES } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { releaseNoteReads, releaseNotes } from '../../db/schema.js';
import { notFound, ok } from '../../lib/http.js';
import type { Handlers } from '../../platform/endpoints.js';

type Note = typeof releaseNotes.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Newest first: publication (drafts first in the editor), then id. */
const MAX_NOTES = 500;

const viewOf = (n: Note, lastReadAt: Date | null) => ({
  id: n.id, version: n.version, releaseDate: n.releaseDate, title: n.title, body: n.body, audience: n.audience,
  publishedAt: n.publishedAt ? n.publishedAt.toISOString() : null,
  unread: !!n.publishedAt && (!lastReadAt || n.publishedAt > lastReadAt),
  createdBy: n.createdBy, updatedAt: n.updatedAt.toISOString(),
});

async function lastReadOf(db: Db, userId: string): Promise<Date | null> {
  const [r] = await db.select({ at: releaseNoteReads.lastReadAt }).from(releaseNoteReads).where(eq(releaseNoteReads.userId, userId)).limit(1);
  return r?.at ?? null;
}

const forRole = (role: string) => and(isNotNull(releaseNotes.publishedAt), sql`${role} = any(${releaseNotes.audience})`);

async function unreadCount(db: Db, user: { id: string; role: string }, lastReadAt: Date | null): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(releaseNotes)
    .where(and(forRole(user.role), lastReadAt ? sql`${releaseNotes.publishedAt} > ${lastReadAt.toISOString()}::timestamptz` : undefined));
  return r?.n ?? 0;
}

async function noteOf(db: Db, id: string): Promise<Note> {
  if (!UUID.test(id)) throw notFound(WHATS_NEW_MESSAGES.NOT_FOUND);
  const [n] = await db.select().from(releaseNotes).where(eq(releaseNotes.id, id)).limit(1);
  if (!n) throw notFound(WHATS_NEW_MESSAGES.NOT_FOUND);
  return n;
}

const auditOf = (n: Note) => ({ version: n.version, releaseDate: n.releaseDate, title: n.title, audience: n.audience, published: !!n.publishedAt });

type Names = 'whatsNew.list' | 'whatsNew.unread' | 'whatsNew.markRead' | 'whatsNew.adminList' | 'whatsNew.create' | 'whatsNew.update' | 'whatsNew.publish' | 'whatsNew.delete';

export const whatsNewHandlers: Handlers<Names> = {
  'whatsNew.list': async ({ db, user }) => {
    const lastReadAt = await lastReadOf(db, user.id);
    const rows = await db.select().from(releaseNotes).where(forRole(user.role)).orderBy(desc(releaseNotes.publishedAt), desc(releaseNotes.id)).limit(MAX_NOTES);
    const items = rows.map((n) => viewOf(n, lastReadAt));
    return ok({ items, unread: items.filter((n) => n.unread).length, lastReadAt: lastReadAt ? lastReadAt.toISOString() : null });
  },

  'whatsNew.unread': async ({ db, user }) => ok({ unread: await unreadCount(db, user, await lastReadOf(db, user.id)) }),

  'whatsNew.markRead': async ({ db, user }) => {
    const now = new Date();
    await db.insert(releaseNoteReads).values({ userId: user.id, lastReadAt: now })
      .onConflictDoUpdate({ target: releaseNoteReads.userId, set: { lastReadAt: sql`greatest(${releaseNoteReads.lastReadAt}, excluded.last_read_at)` } });
    return ok({ unread: await unreadCount(db, user, now), lastReadAt: now.toISOString() });
  },

  'whatsNew.adminList': async ({ db }) => {
    const rows = await db.select().from(releaseNotes).orderBy(sql`${releaseNotes.publishedAt} desc nulls first`, desc(releaseNotes.createdAt)).limit(MAX_NOTES);
    return ok({ items: rows.map((n) => viewOf(n, null)) });
  },

  'whatsNew.create': async ({ db, user, body: b, audit }) => db.transaction(async (tx) => {
    const [n] = await tx.insert(releaseNotes).values({ ...b, audience: [...new Set(b.audience)], createdBy: user.email }).returning();
    await audit(tx, { targetType: 'releaseNote', targetId: n!.id, opId: null, after: auditOf(n!) });
    return ok(viewOf(n!, null), [WHATS_NEW_MESSAGES.CREATED]);
  }),

  'whatsNew.update': async ({ db, body: b, audit }) => db.transaction(async (tx) => {
    const before = await noteOf(tx, b.id);
    const [n] = await tx.update(releaseNotes).set({
      version: b.version, releaseDate: b.releaseDate, title: b.title, body: b.body, audience: [...new Set(b.audience)], updatedAt: new Date(),
    }).where(eq(releaseNotes.id, b.id)).returning();
    await audit(tx, { targetType: 'releaseNote', targetId: b.id, opId: null, before: auditOf(before), after: auditOf(n!) });
    return ok(viewOf(n!, null), [WHATS_NEW_MESSAGES.UPDATED]);
  }),

  /** Publishing again keeps the first publication time (readers who read it do not see it unread twice). */
  'whatsNew.publish': async ({ db, body: b, audit }) => db.transaction(async (tx) => {
    const before = await noteOf(tx, b.id);
    const publishedAt = b.published ? before.publishedAt ?? new Date() : null;
    const [n] = await tx.update(releaseNotes).set({ publishedAt, updatedAt: new Date() }).where(eq(releaseNotes.id, b.id)).returning();
    await audit(tx, {
      action: b.published ? 'RELEASE_NOTE_PUBLISH' : 'RELEASE_NOTE_UNPUBLISH', targetType: 'releaseNote', targetId: b.id, opId: null,
      before: { published: !!before.publishedAt }, after: { published: b.published, version: n!.version, title: n!.title },
    });
    return ok(viewOf(n!, null), [b.published ? WHATS_NEW_MESSAGES.PUBLISHED : WHATS_NEW_MESSAGES.UNPUBLISHED]);
  }),

  'whatsNew.delete': async ({ db, query, audit }) => db.transaction(async (tx) => {
    const before = await noteOf(tx, query.id);
    await tx.delete(releaseNotes).where(eq(releaseNotes.id, query.id));
    await audit(tx, { targetType: 'releaseNote', targetId: query.id, opId: null, before: auditOf(before) });
    return ok({}, [WHATS_NEW_MESSAGES.DELETED]);
  }),
};
