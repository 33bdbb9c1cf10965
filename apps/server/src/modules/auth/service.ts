import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import { DEFAULT_ROLE_PERMISSIONS, ROLES, type Role } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { loginAttempts, operators, roleTemplates, sessions, users } from '../../db/schema.js';
import type { AuthedUser } from '../../lib/context.js';

export const SESSION_COOKIE = 'pitboss_session';
export const MAX_FAILS_PER_ACCOUNT = 5;
export const MAX_FAILS_PER_IP = 20;
export const FAIL_WINDOW_MINUTES = 15;

export const hashPassword = (password: string) => hash(password, { algorithm: 2 /* Argon2id */ });
export const verifyPassword = (stored: string, password: string) => verify(stored, password).catch(() => false);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Whether recent failures lock this account or IP (rate limit on failed logins). */
export async function isRateLimited(db: Db, email: string, ip: string): Promise<boolean> {
  const since = sql`now() - make_interval(mins => ${FAIL_WINDOW_MINUTES})`;
  const [byEmail] = await db.select({ n: sql<number>`count(*)::int` }).from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)));
  if ((byEmail?.n ?? 0) >= MAX_FAILS_PER_ACCOUNT) return true;
  const [byIp] = await db.select({ n: sql<number>`count(*)::int` }).from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)));
  return (byIp?.n ?? 0) >= MAX_FAILS_PER_IP;
}

export async function recordAttempt(db: Db, a: { email: string; userId?: string | null; ip: string; success: boolean; reason?: string }) {
  await db.insert(loginAttempts).values({ email: a.email, userId: a.userId ?? null, ip: a.ip, success: a.success, reason: a.reason ?? null });
}

export async function createSession(db: Db, userId: string, ttlHours: number, ip: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ id: sha256(token), userId, ip, expiresAt: new Date(Date.now() + ttlHours * 3_600_000) });
  return token;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sha256(token)));
}

/** Effective permissions: the role template's keys, plus the user's extra keys, less revoked ones. */
export function effectivePermissions(role: Role, template: string[] | null, extra: string[], revoked: string[]): string[] {
  const base = template ?? [...DEFAULT_ROLE_PERMISSIONS[role]];
  const set = new Set([...base, ...extra]);
  for (const k of revoked) set.delete(k);
  return [...set].sort();
}

export async function loadUserById(db: Db, userId: string): Promise<(AuthedUser & { isBlocked: boolean }) | null> {
  const rows = await db
    .select({ u: users, tpl: roleTemplates.permissions, parentOpId: operators.parentOpId })
    .from(users)
    .leftJoin(roleTemplates, eq(roleTemplates.id, users.templateId))
    .leftJoin(operators, eq(operators.opId, users.opId))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const role = (ROLES as readonly string[]).includes(row.u.role) ? (row.u.role as Role) : null;
  if (!role) return null;
  const permissions = effectivePermissions(role, row.tpl, row.u.extraPermissions, row.u.revokedPermissions);
  return {
    id: row.u.id,
    email: row.u.email,
    nickname: row.u.nickname,
    role,
    opId: row.u.opId,
    parentOpId: row.parentOpId ?? null,
    timezone: row.u.timezone,
    permissions,
    permissionSet: new Set(permissions),
    isBlocked: row.u.isBlocked,
  };
}

export async function userFromToken(db: Db, token: string) {
  const [s] = await db.select().from(sessions).where(and(eq(sessions.id, sha256(token)), gt(sessions.expiresAt, sql`now()`))).limit(1);
  if (!s) return null;
  return loadUserById(db, s.userId);
}
