/**
 * Role templates and the permission catalogue (002 §2–§9). Both are platform-wide (not tenant
 * data): who sees and changes what follows the caller's role. SUPER_ADMIN and ADMIN see every
 * template, with each permission's allowed roles; other holders of the roles page see the
 * templates of the roles they may give, and only the permissions allowed for that role. A save
 * that changes existing accounts starts a background job (jobs.ts) whose progress `staff.jobs`
 * answers.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  MENU_ITEMS, PERMISSION_MESSAGES, ROLES, ROLE_MESSAGES, SUPER_ADMIN_KEPT_PERMISSIONS, assignableRoles, isSuperRole, mayChangeRoleTemplate, permissionLabel,
  type PermissionEntry, type PermissionRow, type Role, type RoleTemplateRow, type StaffJobRow,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { permissions, roleTemplates, staffJobs, users } from '../../db/schema.js';
import type { AuthedUser } from '../../lib/context.js';
import { badRequest, conflict, forbidden, notFound, ok } from '../../lib/http.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { refuse } from './common.js';
import { createStaffJob, kickStaffJob } from './jobs.js';

type Perm = typeof permissions.$inferSelect;
type Template = typeof roleTemplates.$inferSelect;


/** The templates' base roles the caller sees: every role for SUPER_ADMIN and ADMIN, else the roles they may give. */
const visibleRoles = (user: AuthedUser): readonly Role[] => (isSuperRole(user.role) ? ROLES : assignableRoles(user.role));

/** A template the caller sees, else 404. */
async function visibleTemplate(db: Db, user: AuthedUser, id: string): Promise<Template> {
  const [t] = await db.select().from(roleTemplates).where(and(eq(roleTemplates.id, id), inArray(roleTemplates.baseRole, [...visibleRoles(user)])));
  if (!t) throw notFound(ROLE_MESSAGES.NOT_FOUND);
  return t;
}

/** A template of a global role (SUPER_ADMIN, ADMIN, DEV_OPS) is changed by a SUPER_ADMIN only. */
function mayChange(user: AuthedUser, t: Template): void {
  if (!mayChangeRoleTemplate(user.role, t.baseRole as Role)) throw refuse();
}

const rowOf = (p: Perm): PermissionRow => ({
  id: p.id, key: p.key, description: p.description, tags: p.tags, allowedRoles: p.allowedRoles as Role[], requiredMenuItems: p.requiredMenuItems,
  builtIn: p.builtIn, updatedAt: p.updatedAt.toISOString(),
});

async function userCount(db: Db, templateId: string): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.templateId, templateId));
  return Number(r?.n ?? 0);
}

type RoleEndpoint = 'staff.roleList' | 'staff.roleShow' | 'staff.roleSave' | 'staff.roleDelete'
  | 'staff.permissionList' | 'staff.permissionSave' | 'staff.permissionDelete' | 'staff.jobs';

export const roleHandlers: Handlers<RoleEndpoint> = {
  /** The templates the caller sees, in the order of the roles, with how many keys and accounts each has. */
  'staff.roleList': async ({ db, user }) => {
    const [rows, counts] = await Promise.all([
      db.select().from(roleTemplates).where(inArray(roleTemplates.baseRole, [...visibleRoles(user)])),
      db.select({ id: users.templateId, n: sql<number>`count(*)::int` }).from(users).groupBy(users.templateId),
    ]);
    const count = new Map(counts.map((c) => [c.id, Number(c.n)]));
    const order = (r: string) => ROLES.indexOf(r as Role);
    const items: RoleTemplateRow[] = rows
      .sort((a, b) => order(a.baseRole) - order(b.baseRole) || a.name.localeCompare(b.name))
      .map((t) => ({ id: t.id, name: t.name, baseRole: t.baseRole as Role, permissionCount: new Set(t.permissions).size, userCount: count.get(t.id) ?? 0, createdAt: t.createdAt.toISOString() }));
    return ok({ items });
  },

  /** Role Details: the active permissions by name, and the catalogue of the all-permissions panel (002 §6). */
  'staff.roleShow': async ({ db, user, query }) => {
    const t = await visibleTemplate(db, user, query.role);
    const all = await db.select().from(permissions).orderBy(asc(permissions.key));
    const full = isSuperRole(user.role);
    const entry = (p: Pick<Perm, 'key' | 'description' | 'tags' | 'allowedRoles'>): PermissionEntry =>
      ({ name: p.key, desc: p.description, tags: p.tags, ...(full ? { allowedRoles: p.allowedRoles as Role[] } : {}) });
    const byKey = new Map(all.map((p) => [p.key, p]));
    const active = Object.fromEntries(t.permissions.map((k) => [k, entry(byKey.get(k) ?? { key: k, description: permissionLabel(k), tags: [], allowedRoles: [] })]));
    return ok({
      id: t.id, name: t.name, baseRole: t.baseRole as Role, userCount: await userCount(db, t.id),
      permissions: active,
      all: (full ? all : all.filter((p) => p.allowedRoles.includes(t.baseRole))).map(entry),
    });
  },

  /**
   * Save Changes of Role Details: name and keys. Every key is in the catalogue and allowed for
   * the template's role; a caller other than SUPER_ADMIN adds only keys they hold themselves; the
   * Super Admin template keeps the roles page and its update right. The template applies at once
   * (every session reloads it); its accounts' own tweaks are tidied by a background job.
   */
  'staff.roleSave': async ({ db, user, body, audit }) => {
    const t = await visibleTemplate(db, user, body.roleId);
    mayChange(user, t);
    const keys = [...new Set(body.permissions)].sort();
    const known = keys.length ? await db.select().from(permissions).where(inArray(permissions.key, keys)) : [];
    const byKey = new Map(known.map((p) => [p.key, p]));
    const unknown = keys.find((k) => !byKey.has(k));
    if (unknown) throw badRequest(ROLE_MESSAGES.unknownPermission(unknown));
    const notAllowed = keys.find((k) => !byKey.get(k)!.allowedRoles.includes(t.baseRole));
    if (notAllowed) throw badRequest(ROLE_MESSAGES.notAllowedForRole(notAllowed, t.baseRole as Role));
    if (user.role !== 'SUPER_ADMIN' && keys.some((k) => !t.permissions.includes(k) && !user.permissionSet.has(k))) throw forbidden(ROLE_MESSAGES.ONLY_OWN);
    if (t.baseRole === 'SUPER_ADMIN' && SUPER_ADMIN_KEPT_PERMISSIONS.some((k) => !keys.includes(k))) throw badRequest(ROLE_MESSAGES.SUPER_LOCK);
    const name = body.roleName;
    const jobId = await db.transaction(async (tx) => {
      await tx.update(roleTemplates).set({ name, permissions: keys }).where(eq(roleTemplates.id, t.id));
      const id = await createStaffJob(tx, { kind: 'ROLE_SAVE', subject: name, subjectId: t.id, createdBy: user.email });
      const added = keys.filter((k) => !t.permissions.includes(k));
      const removed = t.permissions.filter((k) => !keys.includes(k));
      await audit(tx, { targetType: 'role', targetId: name, opId: null, before: { name: t.name, removed }, after: { name, added, permissions: keys.length } });
      return id;
    }).catch((e: unknown) => { throw isUniqueViolation(e) ? conflict(ROLE_MESSAGES.NAME_TAKEN) : e; });
    await kickStaffJob(db, jobId);
    return { ...ok({ id: t.id, name, permissions: keys.length, jobId }, [ROLE_MESSAGES.SAVED]), warnings: [ROLE_MESSAGES.WAIT] };
  },

  /** Deletes a template no account uses (else 409 with how many do). */
  'staff.roleDelete': async ({ db, user, query, audit }) => {
    const t = await visibleTemplate(db, user, query.templateId);
    mayChange(user, t);
    const n = await userCount(db, t.id);
    if (n) throw conflict(ROLE_MESSAGES.inUse(n));
    await db.transaction(async (tx) => {
      // Conditional on no account taking it meanwhile.
      const gone = await tx.delete(roleTemplates).where(and(eq(roleTemplates.id, t.id), sql`not exists (select 1 from ${users} where ${users.templateId} = ${t.id})`)).returning({ id: roleTemplates.id });
      if (!gone.length) throw conflict(ROLE_MESSAGES.inUse(1));
      await audit(tx, { targetType: 'role', targetId: t.name, opId: null, before: { name: t.name, baseRole: t.baseRole, permissions: t.permissions }, after: null });
    });
    return ok({ id: t.id, deleted: true as const }, [ROLE_MESSAGES.DELETED]);
  },

  'staff.permissionList': async (ctx) => ok(await list(ctx, {
    rows: (select) => select({ p: permissions }).from(permissions),
    filters: {
      search: match.contains(permissions.key, permissions.description),
      tag: (v: string) => sql`${v.toLowerCase()} = any(${permissions.tags})`,
      role: (r: Role) => sql`${r} = any(${permissions.allowedRoles})`,
    },
    sort: { keys: { key: permissions.key }, default: 'key', dir: 'asc', tiebreak: permissions.id },
    map: (x) => rowOf(x.p),
  })),

  /**
   * Create or edit a permission (002 §5). Tags are kept lower-case. On edit the key cannot change;
   * a built-in key stays allowed for SUPER_ADMIN. Roles taken away are taken from their templates
   * and accounts by a background job. The required menu items (002 §3) are stored in the menu's
   * order, once each; an edit that does not send them keeps them.
   */
  'staff.permissionSave': async ({ db, user, body, audit }) => {
    const tags = [...new Set(body.tags.map((x) => x.toLowerCase()))];
    const allowedRoles = ROLES.filter((r) => body.allowedRoles.includes(r));
    const menuItems = body.requiredMenuItems && MENU_ITEMS.map((x) => x.path).filter((k) => body.requiredMenuItems!.includes(k));
    if (body.permissionId) {
      const [p] = await db.select().from(permissions).where(eq(permissions.id, body.permissionId));
      if (!p) throw notFound(PERMISSION_MESSAGES.NOT_FOUND);
      if (p.key !== body.key) throw badRequest(PERMISSION_MESSAGES.KEY_FIXED);
      if (p.builtIn && !allowedRoles.includes('SUPER_ADMIN')) throw badRequest(PERMISSION_MESSAGES.SUPER_ALWAYS);
      const lost = p.allowedRoles.filter((r) => !allowedRoles.includes(r as Role));
      const requiredMenuItems = menuItems ?? p.requiredMenuItems;
      const { row, jobId } = await db.transaction(async (tx) => {
        const [u] = await tx.update(permissions).set({ description: body.description, tags, allowedRoles, requiredMenuItems, updatedAt: new Date() }).where(eq(permissions.id, p.id)).returning();
        const id = lost.length ? await createStaffJob(tx, { kind: 'PERMISSION_SAVE', subject: p.key, createdBy: user.email }) : null;
        await audit(tx, {
          action: 'PERMISSION_UPDATE', targetType: 'permission', targetId: p.key, opId: null,
          before: { description: p.description, tags: p.tags, allowedRoles: p.allowedRoles, requiredMenuItems: p.requiredMenuItems },
          after: { description: body.description, tags, allowedRoles, requiredMenuItems },
        });
        return { row: u!, jobId: id };
      });
      if (jobId) await kickStaffJob(db, jobId);
      return { ...ok({ ...rowOf(row), jobId }, [PERMISSION_MESSAGES.SAVED]), ...(jobId ? { warnings: [ROLE_MESSAGES.WAIT] } : {}) };
    }
    const row = await db.transaction(async (tx) => {
      const requiredMenuItems = menuItems ?? [];
      const [u] = await tx.insert(permissions).values({ key: body.key, description: body.description, tags, allowedRoles, requiredMenuItems }).returning();
      await audit(tx, { action: 'PERMISSION_CREATE', targetType: 'permission', targetId: body.key, opId: null, before: null, after: { description: body.description, tags, allowedRoles, requiredMenuItems } });
      return u!;
    }).catch((e: unknown) => { throw isUniqueViolation(e) ? conflict(PERMISSION_MESSAGES.KEY_TAKEN) : e; });
    return ok({ ...rowOf(row), jobId: null }, [PERMISSION_MESSAGES.SAVED]);
  },

  /** Deletes a permission staff created (a key the console checks stays); templates and accounts lose it in a background job. */
  'staff.permissionDelete': async ({ db, user, query, audit }) => {
    const [p] = await db.select().from(permissions).where(eq(permissions.id, query.permissionId));
    if (!p) throw notFound(PERMISSION_MESSAGES.NOT_FOUND);
    if (p.builtIn) throw badRequest(PERMISSION_MESSAGES.BUILT_IN);
    const jobId = await db.transaction(async (tx) => {
      await tx.delete(permissions).where(eq(permissions.id, p.id));
      const id = await createStaffJob(tx, { kind: 'PERMISSION_DELETE', subject: p.key, createdBy: user.email });
      await audit(tx, { targetType: 'permission', targetId: p.key, opId: null, before: { description: p.description, tags: p.tags, allowedRoles: p.allowedRoles, requiredMenuItems: p.requiredMenuItems }, after: null });
      return id;
    });
    await kickStaffJob(db, jobId);
    return { ...ok({ id: p.id, deleted: true as const, jobId }, [PERMISSION_MESSAGES.DELETED]), warnings: [ROLE_MESSAGES.WAIT] };
  },

  /** The latest background updates with their progress (who started them: SUPER_ADMIN and ADMIN see everyone's, others their own). */
  'staff.jobs': async ({ db, user }) => {
    const rows = await db.select().from(staffJobs).orderBy(desc(staffJobs.createdAt), desc(staffJobs.id)).limit(10);
    const items: StaffJobRow[] = rows.map((j) => ({
      id: j.id, kind: j.kind as StaffJobRow['kind'], subject: j.subject, status: j.status as StaffJobRow['status'], total: j.total, done: j.done,
      createdBy: isSuperRole(user.role) || j.createdBy === user.email ? j.createdBy : null, error: j.error,
      createdAt: j.createdAt.toISOString(), finishedAt: j.finishedAt?.toISOString() ?? null,
    }));
    return ok({ items });
  },
};
