import { and, desc, eq, gte, ilike, isNotNull } from 'drizzle-orm';
import { quickTimeRange } from '@pitboss/contract';
import { loginAttempts, users } from '../../db/schema.js';
import { ok } from '../../lib/http.js';
import { inScope, pageOf } from '../../lib/query.js';
import type { Handlers } from '../../platform/endpoints.js';

export const settingsHandlers: Handlers<'settings.loginActivity'> = {
  /**
   * Login attempts, newest first. Global roles see every attempt; operator staff see the
   * attempts on accounts of their operators only (attempts on unknown emails are global-only).
   */
  'settings.loginActivity': async ({ db, user, scope, body: q }) => {
    const range = q.quickTime ? quickTimeRange(q.quickTime, new Date(), user.timezone) : null;
    const rows = await db.select({ a: loginAttempts, role: users.role, opId: users.opId })
      .from(loginAttempts).leftJoin(users, eq(users.id, loginAttempts.userId))
      .where(and(
        scope === null ? undefined : and(isNotNull(users.opId), inScope(users.opId, scope)),
        q.email ? ilike(loginAttempts.email, `${q.email.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
        q.success ? eq(loginAttempts.success, q.success === 'true') : undefined,
        range ? gte(loginAttempts.createdAt, range.from) : undefined,
      ))
      .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id)).limit(q.limit + 1).offset((q.page - 1) * q.limit);
    return ok(pageOf(rows, q, (x) => ({
      id: String(x.a.id), createdAt: x.a.createdAt.toISOString(), email: x.a.email, success: x.a.success, reason: x.a.reason,
      ip: x.a.ip, role: x.role, opId: x.opId,
    })));
  },
};
