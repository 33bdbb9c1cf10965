import { eq, inArray, sql } from 'drizzle-orm';
import { CMS_TARGET_TYPES, isSuperRole } from '@pitboss/contract';
import { activities } from '../../db/schema.js';
import { activitySnapshotsFor } from '../../lib/audit.js';
import { ok } from '../../lib/http.js';
import { operatorTitlesOrNone } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';

export const activityHandlers: Handlers<'activities.list'> = {
  /**
   * One activity log (the table's access rule asks for that log's page permission), newest first.
   * The actions of accounts with Hide User Activity are left out for roles other than SUPER_ADMIN and ADMIN,
   * and so are the before/after fields the endpoint table restricts to them (`auditRestricted`).
   */
  'activities.list': async (ctx) => { const titleOf = await operatorTitlesOrNone(ctx.db); return ok(await list(ctx, {
    rows: (select) => select({ a: activities }).from(activities),
    scope: activities.opId,
    filters: {
      // The CMS log (/cms/activities) holds the changes of every CMS target type.
      log: (log) => (log === 'all' ? undefined : log === 'cms' ? inArray(activities.targetType, [...CMS_TARGET_TYPES]) : eq(activities.targetType, log)),
      targetId: match.eq(activities.targetId), action: match.eq(activities.action),
    },
    // Hide User Activity (002 §6): the actions of a hidden account are seen by SUPER_ADMIN and ADMIN only.
    where: () => (isSuperRole(ctx.user.role) ? undefined : sql`not exists (select 1 from users h where h.id = "activities"."actor_id" and h.is_hidden)`),
    sort: { keys: { createdAt: activities.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: activities.id },
    map: ({ a }) => ({
      id: String(a.id), createdAt: a.createdAt.toISOString(), actorEmail: a.actorEmail, actorRole: a.actorRole, action: a.action,
      targetType: a.targetType, targetId: a.targetId, opId: a.opId, ...titleOf(a.opId), ...activitySnapshotsFor(ctx.user.role, a), ip: a.ip,
    }),
  })); },
};
