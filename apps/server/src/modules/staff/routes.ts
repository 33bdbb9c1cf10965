/**
 * Staff accounts (002 §2, §7): the admin list, block/unblock and delete. Tenancy comes from the
 * endpoint table: an account outside the caller's operators (a global account, for operator
 * staff) is not found. A block or delete ends the account's sessions in the same transaction,
 * and the table's `invalidates: 'user'` drops it from every process's session cache at once.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_ROLE_PERMISSIONS, GENERAL_MESSAGES, MSG, ROLES, STAFF_MESSAGES, assignableRoles, isGlobalRole, mayCreateStaff, mayDeleteStaff, mayFilterStaffByRole, mayMigrateStaff,
  permissionLabel, staffListRoles,
  type Role, type StaffDetails, type StaffGeneral, type StaffRow,
} from '@pitboss/contract';
import { loginAttempts, loginChallenges, operators, permissions, roleTemplates, sessions, users } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { effectivePermissions, hashPassword } from '../auth/service.js';
import { roleHandlers } from './roles.js';
import { twoFactorRuleFor } from '../profile/routes.js';
import { allowedOperators, loadOperators } from '../../lib/scope.js';
import { HttpError, badRequest, conflict, forbidden, ok } from '../../lib/http.js';
import { alias } from 'drizzle-orm/pg-core';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { assertMayManage, refuse } from './common.js';

const parent = alias(operators, 'parent_op');

/** The role template an account of `role` takes: the one named after the role, else the oldest of that base role. */
export async function templateOf(db: Db, role: Role): Promise<string | null> {
  const [tpl] = await db.select({ id: roleTemplates.id }).from(roleTemplates).where(eq(roleTemplates.baseRole, role))
    .orderBy(sql`${roleTemplates.name} = ${role} desc`, asc(roleTemplates.createdAt)).limit(1);
  return tpl?.id ?? null;
}

type Operator = typeof operators.$inferSelect;
type User = typeof users.$inferSelect;

/**
 * Whether an account of `role` may belong to operator `op` (New Admin, migrate, change role): the
 * operator is ACTIVE (not asked of an account that stays where it is: `joining` false); a partner
 * user belongs to a partner operator, and a partner operator has partner users only.
 */
function checkPlacement(role: Role, op: Operator, joining = true): void {
  if (joining && op.status !== 'ACTIVE') throw badRequest(STAFF_MESSAGES.OPERATOR_INACTIVE);
  if (role === 'PARTNER' && op.kind !== 'PARTNER') throw badRequest(STAFF_MESSAGES.PARTNER_NEEDS_PARTNER_OPERATOR);
  if (role !== 'PARTNER' && op.kind === 'PARTNER') throw badRequest(STAFF_MESSAGES.PARTNER_OPERATOR_ONLY_PARTNERS);
}

/** The keys of an account's template (the role's default when it has none). */
async function templateKeys(db: Db, u: Pick<User, 'role' | 'templateId'>): Promise<{ keys: string[] | null; name: string | null }> {
  if (!u.templateId) return { keys: null, name: null };
  const [t] = await db.select({ keys: roleTemplates.permissions, name: roleTemplates.name }).from(roleTemplates).where(eq(roleTemplates.id, u.templateId));
  return { keys: t?.keys ?? null, name: t?.name ?? null };
}

/** An account's permissions in effect: its template's keys plus its extra keys, less its revoked ones. */
const inEffect = (u: User, tpl: string[] | null) => effectivePermissions(u.role as Role, tpl, u.extraPermissions, u.revokedPermissions);

type AccountEndpoint = 'staff.list' | 'staff.create' | 'staff.block' | 'staff.delete' | 'staff.changePassword' | 'staff.changeRoles'
  | 'staff.details' | 'staff.refreshPermissions' | 'staff.clonePermissions' | 'staff.migrate' | 'staff.general' | 'staff.generalSave';

const accountHandlers: Handlers<AccountEndpoint> = {
  /**
   * Newest first. Operator staff see the accounts of their operators, never a global account
   * (SUPER_ADMIN, ADMIN, DEV_OPS), and only the roles of their roles filter (002 §6). A role
   * filter the caller may not use (`mayFilterStaffByRole`: Super Admin and Admin for operator
   * staff, Super Admin for an admin) is refused.
   */
  'staff.list': async (ctx) => {
    const { user, body: q } = ctx;
    if (q.role && !mayFilterStaffByRole(user.role, q.role)) throw refuse();
    const visible = staffListRoles(user.role);
    return ok(await list(ctx, {
      rows: (select) => select({
        u: users, opTitle: operators.title, parentOpTitle: parent.title,
        lastLoginAt: sql<string | null>`(select max(a.created_at)::text from login_attempts a where a.email = ${users.email} and a.success)`,
      }).from(users).leftJoin(operators, eq(operators.opId, users.opId)).leftJoin(parent, eq(parent.opId, operators.parentOpId)),
      scope: users.opId,
      filters: {
        role: (r: Role) => eq(users.role, r),
        status: (s: 'active' | 'blocked') => eq(users.isBlocked, s === 'blocked'),
        search: match.contains(users.email, users.nickname),
      },
      where: () => (q.role || visible.length === ROLES.length ? undefined : inArray(users.role, [...visible])),
      sort: { keys: { createdAt: users.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: users.id },
      map: (x) => ({
        id: x.u.id, email: x.u.email, nickname: x.u.nickname, role: x.u.role as Role, opId: x.u.opId, opTitle: x.opTitle,
        parentOpTitle: x.parentOpTitle, isBlocked: x.u.isBlocked, twoFactor: x.u.totpEnabledAt !== null, createdAt: x.u.createdAt.toISOString(),
        lastLoginAt: x.lastLoginAt ? new Date(x.lastLoginAt).toISOString() : null,
      }),
    }));
  },

  /**
   * New Admin (002 §5), and the partner wizard's user (000 §4). The operator in the body was
   * found within the caller's operators by the table's scope (another operator's: 404); it must
   * be ACTIVE. A global role has no operator. The roles of `creatableRoles`: an ADMIN creates
   * ADMIN and DEV_OPS accounts too, a SUPER_ADMIN account only a SUPER_ADMIN does. PARTNER only
   * by SUPER_ADMIN and ADMIN, for a partner operator, whose accounts are partner users only. The e-mail is stored lower-case
   * and unique whatever its case.
   */
  'staff.create': async ({ db, user, body, found: op, audit }) => {
    if (!mayCreateStaff(user.role, body)) throw refuse();
    const global = isGlobalRole(body.role);
    if (!global) {
      if (!op) throw badRequest(STAFF_MESSAGES.ROLE_NEEDS_OPERATOR);
      checkPlacement(body.role, op);
    }
    const email = body.email.toLowerCase();
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
    if (taken) throw conflict(STAFF_MESSAGES.EMAIL_TAKEN);
    const opId = global ? null : op!.opId;
    const [templateId, passwordHash] = await Promise.all([templateOf(db, body.role), hashPassword(body.password)]);
    const row = await db.transaction(async (tx) => {
      const [u] = await tx.insert(users).values({
        email, passwordHash, nickname: body.nickname, userCode: body.userCode ?? null, role: body.role, opId, templateId,
        isHidden: body.isHidden, roundReportNumbers: body.roundReportNumbers, language: body.language, timezone: body.timezone,
        playerSubInfoType: body.playerSubInfoType,
      }).returning();
      // Never the password or its hash in the log.
      await audit(tx, {
        targetType: 'user', targetId: email, opId, before: null,
        after: { email, nickname: u!.nickname, userCode: u!.userCode, role: u!.role, opId, isHidden: u!.isHidden, language: u!.language, timezone: u!.timezone },
      });
      return u!;
    }).catch((e: unknown) => { throw isUniqueViolation(e) ? conflict(STAFF_MESSAGES.EMAIL_TAKEN) : e; });
    const parentTitle = op?.parentOpId ? (await db.select({ t: operators.title }).from(operators).where(eq(operators.opId, op.parentOpId)))[0]?.t ?? null : null;
    const answer: StaffRow = {
      id: row.id, email: row.email, nickname: row.nickname, role: body.role, opId, opTitle: op && !global ? op.title : null,
      parentOpTitle: global ? null : parentTitle, isBlocked: false, twoFactor: false, createdAt: row.createdAt.toISOString(), lastLoginAt: null,
    };
    return ok(answer, [STAFF_MESSAGES.CREATED]);
  },

  /** BLOCK or UNBLOCK (002 §4: a toggle); a block ends the account's sessions at once. */
  'staff.block': async ({ db, user, body, found: target, audit }) => {
    assertMayManage(user, target);
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

  /**
   * Deletes the account and its sessions; the e-mail typed to confirm must be the account's. A
   * PARTNER account only by SUPER_ADMIN or ADMIN, as POST /api/affiliates/delete (`mayDeleteStaff`).
   */
  'staff.delete': async ({ db, user, body, found: target, audit }) => {
    assertMayManage(user, target);
    // 002 §8: a refused delete says "You don't have permissions to perform this action.", as POST /api/affiliates/delete does.
    if (!mayDeleteStaff(user, { id: target.id, role: target.role as Role })) throw refuse();
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
    assertMayManage(user, target);
    const passwordHash = await hashPassword(body.newPassword);
    const ended = await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, target.id));
      const gone = await tx.delete(sessions).where(eq(sessions.userId, target.id)).returning({ id: sessions.id });
      // A sign-in waiting for its code was made with the old password: it ends too.
      await tx.delete(loginChallenges).where(eq(loginChallenges.userId, target.id));
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
   * an operator role keeps the account's operator unless a SUPER_ADMIN picks another, which must be
   * ACTIVE; a partner operator keeps partner users only (a partner user's role is not changed there).
   */
  'staff.changeRoles': async ({ db, user, body, found: target, repo, audit }) => {
    assertMayManage(user, target);
    const role = body.roles[0]!;
    if (!assignableRoles(user.role).includes(role)) throw refuse();
    let opId: string | null = null;
    if (!isGlobalRole(role)) {
      opId = body.opId ?? target.opId;
      const op = opId ? await repo.find('operator', opId) : undefined;
      if (!op) throw badRequest(STAFF_MESSAGES.ROLE_NEEDS_OPERATOR);
      checkPlacement(role, op, op.opId !== target.opId);
    }
    const templateId = await templateOf(db, role);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role, opId, templateId, extraPermissions: [], revokedPermissions: [] }).where(eq(users.id, target.id));
      await audit(tx, { before: { role: target.role, opId: target.opId }, after: { role, opId } });
    });
    return ok({ id: target.id, role, opId }, [STAFF_MESSAGES.ROLE_CHANGED]);
  },

  /** The staff details page: the account, its operator by title, and its permissions in effect with their labels. */
  'staff.details': async ({ db, found: u }) => {
    const [[op], tpl, [login]] = await Promise.all([
      u.opId ? db.select({ title: operators.title, parentTitle: parent.title }).from(operators).leftJoin(parent, eq(parent.opId, operators.parentOpId)).where(eq(operators.opId, u.opId)) : Promise.resolve([]),
      templateKeys(db, u),
      db.select({ at: sql<string | null>`max(${loginAttempts.createdAt})::text` }).from(loginAttempts).where(and(eq(loginAttempts.email, u.email), eq(loginAttempts.success, true))),
    ]);
    const role = u.role as Role;
    const base = tpl.keys ?? [...DEFAULT_ROLE_PERMISSIONS[role]];
    const effective = inEffect(u, tpl.keys);
    const revoked = u.revokedPermissions.filter((k) => base.includes(k));
    const keys = [...new Set([...effective, ...revoked])];
    const described = keys.length ? await db.select({ key: permissions.key, d: permissions.description }).from(permissions).where(inArray(permissions.key, keys)) : [];
    const label = new Map(described.map((r) => [r.key, r.d]));
    const labelOf = (k: string) => label.get(k) ?? permissionLabel(k);
    const data: StaffDetails = {
      id: u.id, email: u.email, nickname: u.nickname, role, opId: u.opId, opTitle: op?.title ?? null, parentOpTitle: op?.parentTitle ?? null,
      isBlocked: u.isBlocked, twoFactor: !!u.totpEnabledAt, createdAt: u.createdAt.toISOString(), lastLoginAt: login?.at ? new Date(login.at).toISOString() : null,
      userCode: u.userCode, isHidden: u.isHidden, roundReportNumbers: u.roundReportNumbers, language: u.language, timezone: u.timezone,
      playerSubInfoType: u.playerSubInfoType, templateId: u.templateId, templateName: tpl.name,
      permissions: effective.map((key) => ({ key, label: labelOf(key), source: base.includes(key) ? 'template' as const : 'extra' as const })),
      revoked: revoked.map((key) => ({ key, label: labelOf(key) })),
    };
    return ok(data);
  },

  /** Refresh Permissions: the account takes its role's template again, without its own extra and revoked keys. */
  'staff.refreshPermissions': async ({ db, user, body, found: target, audit }) => {
    assertMayManage(user, target);
    const role = body.roles[0]!;
    if (role !== target.role) throw badRequest(STAFF_MESSAGES.REFRESH_ROLE_MISMATCH);
    if (body.opId && body.opId !== target.opId) throw badRequest(STAFF_MESSAGES.REFRESH_OPERATOR_MISMATCH);
    const templateId = await templateOf(db, role);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ templateId, extraPermissions: [], revokedPermissions: [] }).where(eq(users.id, target.id));
      await audit(tx, {
        before: { templateId: target.templateId, extraPermissions: target.extraPermissions, revokedPermissions: target.revokedPermissions },
        after: { templateId, extraPermissions: [], revokedPermissions: [] },
      });
    });
    return ok({ id: target.id, role, templateId }, [STAFF_MESSAGES.REFRESHED]);
  },

  /**
   * Clone Permissions: the target (found in scope by the table) takes exactly the listed keys, all
   * of which the source (also within the caller's operators) holds; both have the same role. The
   * target takes the source's template, with extra and revoked keys making up the difference.
   */
  'staff.clonePermissions': async ({ db, user, body, found: target, repo, audit }) => {
    const source = await repo.get('user', body.sourceUserId);
    assertMayManage(user, target);
    if (source.id === target.id) throw badRequest(STAFF_MESSAGES.CLONE_SAME_USER);
    if (body.sourceRole !== source.role || target.role !== source.role) throw badRequest(STAFF_MESSAGES.CLONE_SAME_ROLE);
    const tpl = await templateKeys(db, source);
    const held = new Set(inEffect(source, tpl.keys));
    const wanted = [...new Set(body.permissions)];
    if (wanted.some((k) => !held.has(k))) throw badRequest(STAFF_MESSAGES.CLONE_NOT_SOURCE);
    const base = tpl.keys ?? [...DEFAULT_ROLE_PERMISSIONS[source.role as Role]];
    const extra = wanted.filter((k) => !base.includes(k)).sort();
    const revoked = base.filter((k) => !wanted.includes(k)).sort();
    await db.transaction(async (tx) => {
      await tx.update(users).set({ templateId: source.templateId, extraPermissions: extra, revokedPermissions: revoked }).where(eq(users.id, target.id));
      await audit(tx, {
        before: { templateId: target.templateId, extraPermissions: target.extraPermissions, revokedPermissions: target.revokedPermissions },
        after: { source: source.email, templateId: source.templateId, extraPermissions: extra, revokedPermissions: revoked },
      });
    });
    return ok({ id: target.id, permissions: wanted.length }, [STAFF_MESSAGES.CLONED]);
  },

  /**
   * Migrate User: to another of the caller's operators (ACTIVE; partner rules as for a new
   * account) with an operator role the caller may give. A new role brings its template.
   */
  'staff.migrate': async ({ db, user, body, found: target, repo, audit }) => {
    assertMayManage(user, target);
    if (!mayMigrateStaff({ role: target.role as Role })) throw forbidden(STAFF_MESSAGES.MIGRATE_SUPER_ADMIN);
    if (isGlobalRole(body.role)) throw badRequest(STAFF_MESSAGES.MIGRATE_GLOBAL);
    if (!mayCreateStaff(user.role, { role: body.role })) throw refuse();
    const op = await repo.find('operator', body.opId);
    if (!op) throw new HttpError(404, [MSG.OPERATOR_NOT_FOUND]);
    checkPlacement(body.role, op);
    if (op.opId === target.opId && body.role === target.role) throw badRequest(STAFF_MESSAGES.MIGRATE_SAME);
    const sameRole = body.role === target.role;
    const templateId = sameRole ? target.templateId : await templateOf(db, body.role);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ opId: op.opId, role: body.role, templateId, ...(sameRole ? {} : { extraPermissions: [], revokedPermissions: [] }) })
        .where(eq(users.id, target.id));
      await audit(tx, { before: { opId: target.opId, role: target.role }, after: { opId: op.opId, role: body.role } });
    });
    return ok({ id: target.id, opId: op.opId, role: body.role }, [STAFF_MESSAGES.MIGRATED]);
  },

  /** /settings/general: the signed-in user's display settings and, for operator staff, their operator with its brands. */
  'staff.general': async ({ db, user }) => {
    const [me] = await db.select().from(users).where(eq(users.id, user.id));
    // The account went away since the session was checked: signed out, never a made-up account.
    if (!me) throw new HttpError(401, [MSG.UNAUTHENTICATED]);
    const allowed = await allowedOperators(db, user);
    const { rows, byId } = await loadOperators(db);
    const op = user.opId ? byId.get(user.opId) : undefined;
    // The rule that covers the user: their operator's own, or its parent's (a brand's staff).
    const requireTwoFactor = op ? await twoFactorRuleFor(db, op.opId) : false;
    const data: StaffGeneral = {
      account: {
        email: me.email, nickname: me.nickname, role: user.role, language: me.language, timezone: me.timezone,
        playerSubInfoType: me.playerSubInfoType as StaffGeneral['account']['playerSubInfoType'], roundReportNumbers: me.roundReportNumbers,
      },
      operator: op ? {
        opId: op.opId, title: op.title, kind: op.kind, status: op.status, parentTitle: op.parentOpId ? byId.get(op.parentOpId)?.title ?? null : null,
        allowedCurrencies: op.allowedCurrencies, allowedLangs: op.allowedLangs, dailyTopupLimitInUsd: op.dailyTopupLimitInUsd, requireTwoFactor,
        brands: rows.filter((b) => b.parentOpId === op.opId && b.kind === 'BRAND' && (!allowed || allowed.has(b.opId))).map((b) => ({ opId: b.opId, title: b.title, status: b.status })),
      } : null,
      operatorsInScope: allowed ? allowed.size : null,
    };
    return ok(data);
  },

  'staff.generalSave': async ({ db, user, body, audit }) => {
    const [me] = await db.select({ p: users.playerSubInfoType, r: users.roundReportNumbers }).from(users).where(eq(users.id, user.id));
    await db.transaction(async (tx) => {
      await tx.update(users).set(body).where(eq(users.id, user.id));
      await audit(tx, { targetType: 'user', targetId: user.email, opId: user.opId, before: { playerSubInfoType: me?.p, roundReportNumbers: me?.r }, after: body });
    });
    return ok(body, [GENERAL_MESSAGES.SAVED]);
  },
};

export const staffHandlers = { ...accountHandlers, ...roleHandlers };
