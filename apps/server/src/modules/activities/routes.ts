import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq } from 'drizzle-orm';
import { MSG, activitiesListBody, type ActivityRow } from '@pitboss/contract';
import { activities } from '../../db/schema.js';
import { forbidden, ok } from '../../lib/http.js';
import { currentUser } from '../../lib/context.js';
import { resolveScope } from '../../lib/scope.js';
import { inScope, pageOf } from '../../lib/query.js';

/** Which page permission each activity log needs (one table feeds every activities page). */
const LOG_PERMISSION: Record<string, string> = {
  player: 'players_details_activities',
  kyc: 'documentsV2',
  transaction: 'transactions_transactions_activities',
  bank_account: 'withdraw_bank_accounts',
  all: 'settings_activities',
};

const body = activitiesListBody.extend({ log: z.enum(['player', 'kyc', 'transaction', 'bank_account', 'all']).default('all') });

export async function activityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  r.post('/api/activities/list', { schema: { body, tags: ['activities'] }, config: { permission: '' } }, async (req) => {
    const me = currentUser(req);
    const q = req.body;
    if (!me.permissionSet.has(LOG_PERMISSION[q.log]!)) throw forbidden(MSG.NO_PERMISSION);
    const scope = await resolveScope(db, me, q);
    const rows = await db.select().from(activities).where(and(
      inScope(activities.opId, scope),
      q.log !== 'all' ? eq(activities.targetType, q.log) : undefined,
      q.targetId ? eq(activities.targetId, q.targetId) : undefined,
      q.action ? eq(activities.action, q.action) : undefined,
    )).orderBy(desc(activities.createdAt), desc(activities.id)).limit(q.limit + 1).offset((q.page - 1) * q.limit);
    return ok(pageOf(rows, q, (a): ActivityRow => ({
      id: String(a.id), createdAt: a.createdAt.toISOString(), actorEmail: a.actorEmail, actorRole: a.actorRole, action: a.action,
      targetType: a.targetType, targetId: a.targetId, opId: a.opId, before: a.before, after: a.after, ip: a.ip,
    })));
  });
}
