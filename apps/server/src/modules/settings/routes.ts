import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gte, ilike, isNotNull } from 'drizzle-orm';
import { loginActivityListBody, quickTimeRange, type LoginActivityRow } from '@pitboss/contract';
import { loginAttempts, users } from '../../db/schema.js';
import { ok } from '../../lib/http.js';
import { currentUser } from '../../lib/context.js';
import { resolveScope } from '../../lib/scope.js';
import { inScope, pageOf } from '../../lib/query.js';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /**
   * Login attempts, newest first. Global roles see every attempt; operator staff see the
   * attempts on accounts of their operators only (attempts on unknown emails are global-only).
   */
  r.post('/api/settings/login-activity/list', { schema: { body: loginActivityListBody, tags: ['settings'] }, config: { permission: 'settings_login_activitiy' } }, async (req) => {
    const me = currentUser(req);
    const q = req.body;
    const scope = await resolveScope(db, me, q);
    const range = q.quickTime ? quickTimeRange(q.quickTime, new Date(), me.timezone) : null;
    const rows = await db.select({ a: loginAttempts, role: users.role, opId: users.opId })
      .from(loginAttempts).leftJoin(users, eq(users.id, loginAttempts.userId))
      .where(and(
        scope === null ? undefined : and(isNotNull(users.opId), inScope(users.opId, scope)),
        q.email ? ilike(loginAttempts.email, `${q.email.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
        q.success ? eq(loginAttempts.success, q.success === 'true') : undefined,
        range ? gte(loginAttempts.createdAt, range.from) : undefined,
      ))
      .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id)).limit(q.limit + 1).offset((q.page - 1) * q.limit);
    return ok(pageOf(rows, q, (x): LoginActivityRow => ({
      id: String(x.a.id), createdAt: x.a.createdAt.toISOString(), email: x.a.email, success: x.a.success, reason: x.a.reason,
      ip: x.a.ip, role: x.role, opId: x.opId,
    })));
  });
}
