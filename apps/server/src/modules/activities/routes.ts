import { eq } from 'drizzle-orm';
import { activities } from '../../db/schema.js';
import { ok } from '../../lib/http.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';

export const activityHandlers: Handlers<'activities.list'> = {
  /** One activity log (the table's access rule asks for that log's page permission), newest first. */
  'activities.list': async (ctx) => ok(await list(ctx, {
    rows: (select) => select({ a: activities }).from(activities),
    scope: activities.opId,
    filters: {
      log: (log) => (log === 'all' ? undefined : eq(activities.targetType, log)),
      targetId: match.eq(activities.targetId), action: match.eq(activities.action),
    },
    sort: { keys: { createdAt: activities.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: activities.id },
    map: ({ a }) => ({
      id: String(a.id), createdAt: a.createdAt.toISOString(), actorEmail: a.actorEmail, actorRole: a.actorRole, action: a.action,
      targetType: a.targetType, targetId: a.targetId, opId: a.opId, before: a.before, after: a.after, ip: a.ip,
    }),
  })),
};
