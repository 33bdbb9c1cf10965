import { eq } from 'drizzle-orm';
import { loginAttempts, users } from '../../db/schema.js';
import { ok } from '../../lib/http.js';
import { operatorTitlesOrNone } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';

export const settingsHandlers: Handlers<'settings.loginActivity'> = {
  /**
   * Login attempts, newest first. Global roles see every attempt; operator staff see the
   * attempts on accounts of their operators only (attempts on unknown emails have no operator:
   * global-only).
   */
  'settings.loginActivity': async (ctx) => { const titleOf = await operatorTitlesOrNone(ctx.db); return ok(await list(ctx, {
    rows: (select) => select({ a: loginAttempts, role: users.role, opId: users.opId })
      .from(loginAttempts).leftJoin(users, eq(users.id, loginAttempts.userId)),
    scope: users.opId,
    filters: { email: match.prefix(loginAttempts.email), success: match.bool(loginAttempts.success), quickTime: match.since(loginAttempts.createdAt) },
    sort: { keys: { createdAt: loginAttempts.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: loginAttempts.id },
    map: ({ a, role, opId }) => ({
      id: String(a.id), createdAt: a.createdAt.toISOString(), email: a.email, success: a.success, reason: a.reason, ip: a.ip, role, opId, ...titleOf(opId),
    }),
  })); },
};
