/**
 * Staff accounts (002 §2, §7): the admin list, block/unblock and delete. Tenancy comes from the
 * endpoint table: an account outside the caller's operators (a global account, for operator
 * staff) is not found. A block or delete ends the account's sessions in the same transaction,
 * and the table's `invalidates: 'user'` drops it from every process's session cache at once.
 */
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { STAFF_MESSAGES, assignableRoles, isGlobalRole, isSuperRole, mayManageStaff, staffRoleFilter, type Role } from '@pitboss/contract';
import { operators, roleTemplates, sessions, users } from '../../db/schema.js';
import { hashPassword } from '../auth/service.js';
import { HttpError, badRequest, conflict, ok } from '../../lib/http.js';
import { alias } from 'drizzle-orm/pg-core';
import type { Handlers } from '../../platform/endpoints.js';
import { list } from '../../platform/list.js';

const parent = alias(operators, 'parent_op');
const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;
const refuse = () => new HttpError(403, [STAFF_MESSAGES.NO_PERMISSION]);

export const staffHandlers: Handlers<'staff.list' | 'staff.block' | 'staff.delete' | 'staff.changePassword' | 'staff.changeRoles'> = {
  /**
   * Newest first. Operator staff see the accounts of their operators, never a global account
   * (SUPER_ADMIN, ADMIN, DEV_OPS), and only the roles of their roles filter (002 §6).
   */
  'staff.list': async (ctx) => {
    const { user, body: q } = ctx;
    const visible: readonly Role[] = isSuperRole(user.role) ? [...staffRoleFilter(user.role), 'DEV_OPS'] : staffRoleFilter(user.role);
    return ok(await list(ctx, {
      rows: (select) => select({
        u: users, opTitle: operators.title, parentOpTitle: parent.title,
        lastLoginAt: sql<string | null>`(select max(a.created_at)::text from login_attempts a where a.email = ${users.email} and a.success)`,
      }).from(users).leftJoin(operators, eq(operators.opId, users.opId)).leftJoin(parent, eq(parent.opId, operators.parentOpId)),
      scope: users.opId,
      filters: {
        role: (r: Role) => (visible.includes(r) ? eq(users.role, r) : sql`false`),
        status: (s: 'active' | 'blocked') => eq(users.isBlocked, s === 'blocked'),
        search: (v: string) => or(ilike(users.email, like(v)), ilike(users.nickname, like(v))),
      },
      where: () => (q.role ? undefined : inArray(users.role, [...visible])),
      sort: { keys: { createdAt: users.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: users.id },
      map: (x) => ({
        id: x.u.id, email: x.u.email, nickname: x.u.nickname, role: x.u.role as Role, opId: x.u.opId, opTitle: x.opTitle,
        parentOpTitle: x.parentOpTitle, isBlocked: x.u.isBlocked, createdAt: x.u.createdAt.toISOString(),
        lastLoginAt: x.lastLoginAt ? new Date(x.lastLoginAt).toISOString() : null,
      }),
    }));
  },

  /** BLOCK or UNBLOCK (002 §4: a toggle); a block ends the account's sessions at once. */
  'staff.block': async ({ db, user, body, found: target, audit }) => {
    if (!mayManageStaff(user, { id: target.id, role: target.role as Role })) throw refuse();
    const block = body.action === 'BLOCK';
    const done = await db.transaction(async (tx) => {
      const upd = await tx.update(users).set({ isBlocked: block })
        .where(and(eq(users.id, target.id), eq(users.isBlocked, !block))).returning({ id: users.id });
      if (!upd.length) return false;
      if (block) await tx.delete(sessions).where(eq(sessions.userId, target.id));
      await audit(tx, { action: block ? 'USER_BLOCK' : 'USER_UNBLOCK', before: { isBlocked: !block }, after: { isBlocked: block } });
      return true;
    });
    if (!done) throw conflict(block ? STAFF_MESSAGES.ALREADY_BLOCKED : STAFF_MESSAGES.ALREADY_UNBLOCKED);
    return ok({ id: target.id, isBlocked: block }, [block ? STAFF_MESSAGES.BLOCKED : STAFF_MESSAGES.UNBLOCKED]);
  },

  /** Deletes the account and its sessions; the e-mail typed to confirm must be the account's. */
  'staff.delete': async ({ db, user, body, found: target, audit }) => {
    if (!mayManageStaff(user, { id: target.id, role: target.role as Role })) throw refuse();
    if (body.adminEmail.toLowerCase() !== target.email.toLowerCase()) throw badRequest(STAFF_MESSAGES.DELETE_CONFIRM);
    await db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.userId, target.id));
      await tx.delete(users).where(eq(users.id, target.id));
      await audit(tx, {
        before: { email: target.email, nickname: target.nickname, role: target.role, opId: target.opId, isBlocked: target.isBlocked },
        after: null,
      });
    });
    return ok({ id: target.id, deleted: true as const }, [STAFF_MESSAGES.DELETED]);
  },

  /** An admin sets another account's password (002 §5 rules, from the contract); its sessions end, so it signs in with the new one. */
  'staff.changePassword': async ({ db, user, body, found: target, audit }) => {
    if (!mayManageStaff(user, { id: target.id, role: target.role as Role })) throw refuse();
    const passwordHash = await hashPassword(body.newPassword);
    const ended = await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, target.id));
      const gone = await tx.delete(sessions).where(eq(sessions.userId, target.id)).returning({ id: sessions.id });
      // Never the password or its hash in the log.
      await audit(tx, { before: null, after: { passwordChanged: true, sessionsEnded: gone.length } });
      return gone.length;
    });
    return ok({ id: target.id, sessionsEnded: ended }, [STAFF_MESSAGES.PASSWORD_UPDATED]);
  },

  /**
   * A new role from the roles `assignableRoles` gives the caller (never PARTNER; SUPER_ADMIN and
   * ADMIN only from a super admin). The account takes the role's template; its own extra and
   * revoked keys are dropped (they were tweaks of the old role). A global role has no operator;
   * an operator role keeps the account's operator unless a SUPER_ADMIN picks another.
   */
  'staff.changeRoles': async ({ db, user, body, found: target, repo, audit }) => {
    if (!mayManageStaff(user, { id: target.id, role: target.role as Role })) throw refuse();
    const role = body.roles[0]!;
    if (!assignableRoles(user.role).includes(role)) throw refuse();
    if (body.opId !== undefined && body.opId !== target.opId && user.role !== 'SUPER_ADMIN') throw refuse();
    let opId: string | null = null;
    if (!isGlobalRole(role)) {
      opId = body.opId ?? target.opId;
      if (!opId || !(await repo.find('operator', opId))) throw badRequest(STAFF_MESSAGES.ROLE_NEEDS_OPERATOR);
    }
    const [tpl] = await db.select({ id: roleTemplates.id }).from(roleTemplates).where(eq(roleTemplates.baseRole, role)).limit(1);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role, opId, templateId: tpl?.id ?? null, extraPermissions: [], revokedPermissions: [] }).where(eq(users.id, target.id));
      await audit(tx, { before: { role: target.role, opId: target.opId }, after: { role, opId } });
    });
    return ok({ id: target.id, role, opId }, [STAFF_MESSAGES.ROLE_CHANGED]);
  },
};
