import { and, desc, eq } from 'drizzle-orm';
import { activities } from '../../db/schema.js';
import { ok } from '../../lib/http.js';
import { inScope, pageOf } from '../../lib/query.js';
import type { Handlers } from '../../platform/endpoints.js';

export const activityHandlers: Handlers<'activities.list'> = {
  /** One activity log (the table's access rule asks for that log's page permission), newest first. */
  'activities.list': async ({ db, scope, body: q }) => {
    const rows = await db.select().from(activities).where(and(
      inScope(activities.opId, scope),
      q.log !== 'all' ? eq(activities.targetType, q.log) : undefined,
      q.targetId ? eq(activities.targetId, q.targetId) : undefined,
      q.action ? eq(activities.action, q.action) : undefined,
    )).orderBy(desc(activities.createdAt), desc(activities.id)).limit(q.limit + 1).offset((q.page - 1) * q.limit);
    return ok(pageOf(rows, q, (a) => ({
      id: String(a.id), createdAt: a.createdAt.toISOString(), actorEmail: a.actorEmail, actorRole: a.actorRole, action: a.action,
      targetType: a.targetType, targetId: a.targetId, opId: a.opId, before: a.before, after: a.after, ip: a.ip,
    })));
  },
};
