/**
 * Sign-in security administered by others: an admin resets another staff account's second
 * factor and sees or ends its sessions (record scope `user`: another operator's account is not
 * found), and the operator-wide two-factor rule (record scope `operator`). The staff rules of
 * the admin list apply (`mayManageStaff`: never the own account this way, a super admin's only
 * by a super admin).
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { TWO_FACTOR_MESSAGES, SESSION_MESSAGES, mayManageStaff, type DataOf, type Role } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { loginChallenges, operators, users } from '../../db/schema.js';
import { conflict, notFound, ok } from '../../lib/http.js';
import { assertMayManage } from '../staff/common.js';
import type { Handlers } from '../../platform/endpoints.js';
import type { ScopedRow } from '../../platform/repo.js';
import { currentSessionId } from '../auth/service.js';
import { TWO_FACTOR_OFF } from '../profile/routes.js';
import { endSessions, sessionsOf } from '../profile/sessions.js';

/** The rule of an operator as its switch shows it: its own setting, its parent's, and how many of the staff it covers lack a second factor. */
async function ruleOf(db: Db, o: ScopedRow['operator']): Promise<DataOf<'operators.twoFactorRule'>> {
  const [parent] = o.parentOpId
    ? await db.select({ opId: operators.opId, title: operators.title, requireTwoFactor: operators.requireTwoFactor }).from(operators).where(eq(operators.opId, o.parentOpId))
    : [];
  // The staff the rule covers: the operator's own and its brands'.
  const covered = or(eq(users.opId, o.opId), inArray(users.opId, db.select({ id: operators.opId }).from(operators).where(eq(operators.parentOpId, o.opId))));
  const [n] = await db.select({
    staff: sql<number>`count(*)::int`, without: sql<number>`(count(*) filter (where ${users.totpEnabledAt} is null))::int`,
  }).from(users).where(and(covered, eq(users.isBlocked, false)));
  return {
    opId: o.opId, title: o.title, requireTwoFactor: o.requireTwoFactor,
    requiredByParent: parent?.requireTwoFactor ? { opId: parent.opId, title: parent.title } : null,
    staff: Number(n?.staff ?? 0), staffWithoutTwoFactor: Number(n?.without ?? 0),
  };
}

type SecurityEndpoint = 'staff.reset2fa' | 'staff.sessions' | 'staff.revokeSessions' | 'operators.twoFactorRule' | 'operators.setTwoFactorRule';

export const securityHandlers: Handlers<SecurityEndpoint> = {
  /** The account sets two-factor authentication up again (its operator's rule keeps it to its profile until then). */
  'staff.reset2fa': async ({ db, user, found: target, audit }) => {
    assertMayManage(user, target);
    if (!target.totpEnabledAt && !target.totpSecret) throw conflict(TWO_FACTOR_MESSAGES.RESET_NOTHING);
    await db.transaction(async (tx) => {
      await tx.update(users).set(TWO_FACTOR_OFF).where(eq(users.id, target.id));
      await tx.delete(loginChallenges).where(eq(loginChallenges.userId, target.id));
      await audit(tx, { before: { twoFactor: target.totpEnabledAt !== null }, after: { twoFactor: false } });
    });
    return ok({ id: target.id, twoFactor: false as const }, [TWO_FACTOR_MESSAGES.RESET]);
  },

  'staff.sessions': async ({ db, req, user, found: target }) =>
    ok({
      items: await sessionsOf(db, target.id, target.id === user.id ? currentSessionId(req) : null),
      mayRevoke: mayManageStaff(user, { id: target.id, role: target.role as Role }),
    }),

  /** One session of the account (by its handle), or all of them. */
  'staff.revokeSessions': async ({ db, user, body, found: target, audit }) => {
    assertMayManage(user, target);
    const ended = await db.transaction(async (tx) => {
      const gone = await endSessions(tx, target.id, { handle: body.sessionId });
      if (body.sessionId && !gone.length) throw notFound(SESSION_MESSAGES.NOT_FOUND);
      await audit(tx, { before: body.sessionId ? { session: body.sessionId, ip: gone[0]!.ip, userAgent: gone[0]!.userAgent } : null, after: { sessionsEnded: gone.length } });
      return gone.length;
    });
    return ok({ ended }, [body.sessionId ? SESSION_MESSAGES.REVOKED : SESSION_MESSAGES.allRevoked(ended)]);
  },

  'operators.twoFactorRule': async ({ db, found }) => ok(await ruleOf(db, found)),

  /**
   * Sets the rule (a conditional update: a second identical call answers 409). Staff it covers
   * who have not set up two-factor authentication keep their sessions but reach only their
   * profile until they do (the table's `invalidates: 'operators'` drops every cached session).
   */
  'operators.setTwoFactorRule': async ({ db, user, body, found: o, audit }) => {
    // The rule would keep its author to their profile at once: they set up their own second factor first.
    const coversCaller = user.opId === o.opId || (user.opId !== null && user.parentOpId === o.opId);
    if (body.requireTwoFactor && coversCaller && !user.twoFactorEnabled) throw conflict(TWO_FACTOR_MESSAGES.RULE_SELF_FIRST);
    const changed = await db.transaction(async (tx) => {
      const upd = await tx.update(operators).set({ requireTwoFactor: body.requireTwoFactor })
        .where(and(eq(operators.opId, o.opId), eq(operators.requireTwoFactor, !body.requireTwoFactor))).returning({ opId: operators.opId });
      if (!upd.length) return false;
      await audit(tx, { before: { requireTwoFactor: o.requireTwoFactor }, after: { requireTwoFactor: body.requireTwoFactor } });
      return true;
    });
    if (!changed) throw conflict(TWO_FACTOR_MESSAGES.RULE_UNCHANGED);
    return ok(await ruleOf(db, { ...o, requireTwoFactor: body.requireTwoFactor }), [body.requireTwoFactor ? TWO_FACTOR_MESSAGES.RULE_ON : TWO_FACTOR_MESSAGES.RULE_OFF]);
  },
};
