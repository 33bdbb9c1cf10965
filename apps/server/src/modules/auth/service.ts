import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_ROLE_PERMISSIONS, ROLES, SESSION_SEEN_EVERY_MS, SIGNED_IN_PAGES, type Role } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { loginAttempts, operators, roleTemplates, sessions, users } from '../../db/schema.js';
import type { AuthedUser } from '../../lib/context.js';
import { invalidate, LiveCache } from '../../lib/cache-bus.js';

export const SESSION_COOKIE = 'pitboss_session';

export const hashPassword = (password: string) => hash(password, { algorithm: 2 /* Argon2id */ });
/**
 * Password verifications this process made. argon2 is the cost a login flood multiplies, and this
 * function is the only caller of its `verify`; the login throttle's tests count here.
 */
export const passwordVerifications = { count: 0 };
export const verifyPassword = (stored: string, password: string) => {
  passwordVerifications.count++;
  return verify(stored, password).catch(() => false);
};
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A hash of a random password nobody knows, made once with the same parameters as real ones. */
let dummyHash: Promise<string> | null = null;
/**
 * Verifies a sign-in's password against the account's hash, or, for an e-mail that names no
 * account, against a dummy hash: the same work either way, so the answer's timing does not
 * tell which e-mails have accounts. Never true without an account.
 */
export async function checkPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (stored !== undefined) return verifyPassword(stored, password);
  await verifyPassword(await prepareDummyHash(), password);
  return false;
}
/** Makes the dummy hash ahead of the first sign-in (at start), so that one costs no more than the others. */
export const prepareDummyHash = () => (dummyHash ??= hashPassword(randomBytes(32).toString('base64url')));

export async function recordAttempt(db: Db, a: { email: string; userId?: string | null; ip: string; success: boolean; reason?: string }) {
  await db.insert(loginAttempts).values({ email: a.email, userId: a.userId ?? null, ip: a.ip, success: a.success, reason: a.reason ?? null });
}

/** The longest User-Agent kept with a session (what the sessions list shows). */
const USER_AGENT_MAX = 300;
export const userAgentOf = (req: FastifyRequest): string | null => {
  const ua = req.headers['user-agent'];
  return typeof ua === 'string' && ua ? ua.slice(0, USER_AGENT_MAX) : null;
};

export async function createSession(db: Db, userId: string, ttlHours: number, ip: string, userAgent: string | null = null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ id: sha256(token), userId, ip, userAgent, lastSeenAt: new Date(), expiresAt: new Date(Date.now() + ttlHours * 3_600_000) });
  return token;
}

/** The id (sha256 of the cookie's token) of the session a request came with. */
export function currentSessionId(req: FastifyRequest): string | null {
  const token = req.cookies[SESSION_COOKIE];
  return token ? sha256(token) : null;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  const sid = sha256(token);
  await db.delete(sessions).where(eq(sessions.id, sid));
  await invalidateSession(db, sid);
}

/** Effective permissions: the role template's keys, plus the user's extra keys, less revoked ones. */
export function effectivePermissions(role: Role, template: string[] | null, extra: string[], revoked: string[]): string[] {
  const base = template ?? [...DEFAULT_ROLE_PERMISSIONS[role]];
  const set = new Set([...base, ...extra]);
  for (const k of revoked) set.delete(k);
  for (const k of SIGNED_IN_PAGES) set.add(k);
  return [...set].sort();
}

type LoadedUser = AuthedUser & { isBlocked: boolean };

const userFields = {
  id: users.id, email: users.email, nickname: users.nickname, role: users.role, opId: users.opId, timezone: users.timezone,
  extra: users.extraPermissions, revoked: users.revokedPermissions, isBlocked: users.isBlocked,
  tpl: roleTemplates.permissions, parentOpId: operators.parentOpId, totpEnabledAt: users.totpEnabledAt,
  // The operator's two-factor rule, or its parent's (a parent operator's rule covers its brands' staff).
  twoFactorRule: sql<boolean>`(coalesce(${operators.requireTwoFactor}, false) or coalesce((select p.require_two_factor from operators p where p.op_id = ${operators.parentOpId}), false))`,
};
type UserRow = {
  id: string; email: string; nickname: string; role: string; opId: string | null; timezone: string; extra: string[]; revoked: string[]; isBlocked: boolean;
  tpl: string[] | null; parentOpId: string | null; totpEnabledAt: Date | null; twoFactorRule: boolean | null;
};

function toUser(row: UserRow | undefined): LoadedUser | null {
  if (!row) return null;
  const role = (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : null;
  if (!role) return null;
  const permissions = effectivePermissions(role, row.tpl, row.extra, row.revoked);
  return {
    id: row.id, email: row.email, nickname: row.nickname, role, opId: row.opId, parentOpId: row.parentOpId ?? null,
    timezone: row.timezone, permissions, permissionSet: new Set(permissions), isBlocked: row.isBlocked,
    twoFactorEnabled: row.totpEnabledAt !== null,
    twoFactorSetupRequired: row.totpEnabledAt === null && row.twoFactorRule === true,
  };
}

/** Prepared once per database: the user with its role template and operator (one round trip). */
const prepared = new WeakMap<Db, {
  byId: { execute(p: { id: string }): Promise<UserRow[]> };
  bySession: { execute(p: { sid: string }): Promise<(UserRow & { expiresAt: Date; lastSeenAt: Date | null })[]> };
}>();
function queries(db: Db) {
  let q = prepared.get(db);
  if (!q) {
    const byId = db.select(userFields).from(users)
      .leftJoin(roleTemplates, eq(roleTemplates.id, users.templateId))
      .leftJoin(operators, eq(operators.opId, users.opId))
      .where(eq(users.id, sql.placeholder('id'))).limit(1).prepare('pitboss_user_by_id');
    // The session and its user in one query.
    const bySession = db.select({ ...userFields, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt }).from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(roleTemplates, eq(roleTemplates.id, users.templateId))
      .leftJoin(operators, eq(operators.opId, users.opId))
      .where(and(eq(sessions.id, sql.placeholder('sid')), gt(sessions.expiresAt, sql`now()`))).limit(1).prepare('pitboss_user_by_session');
    q = { byId, bySession } as never;
    prepared.set(db, q!);
  }
  return q!;
}

export async function loadUserById(db: Db, userId: string): Promise<LoadedUser | null> {
  return toUser((await queries(db).byId.execute({ id: userId }))[0]);
}

/**
 * The session cache: a session's resolved user, kept a few seconds so a request costs no
 * database round trip for its session. Dropped at once, in every process (lib/cache-bus.ts),
 * on logout (`invalidateSession`), on a change of the user (`invalidateUser`: block, role,
 * permissions, operator, timezone), of every user (`invalidateAllUsers`: a role template)
 * and of the operators (a user's parent operator).
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
/** `seenAt`: when the session's last-seen time was last written (ms), so it is written at most once a minute. */
type SessionEntry = { user: LoadedUser; expiresAt: number; seenAt: number };
const sessionCaches = new WeakMap<Db, LiveCache<string, SessionEntry>>();
function sessionCache(db: Db): LiveCache<string, SessionEntry> {
  let c = sessionCaches.get(db);
  if (!c) {
    c = new LiveCache<string, SessionEntry>(db, SESSION_CACHE_TTL_MS, SESSION_CACHE_MAX, (cache, msg) => {
      if (msg.startsWith('session ')) cache.delete(msg.slice(8));
      else if (msg.startsWith('user ')) { const id = msg.slice(5); cache.deleteWhere((e) => e.user.id === id); }
      else cache.clear(); // 'users', 'operators', '*'
    });
    sessionCaches.set(db, c);
  }
  return c;
}

export async function userFromToken(db: Db, token: string): Promise<LoadedUser | null> {
  const sid = sha256(token);
  const cache = sessionCache(db);
  const now = Date.now();
  const hit = cache.get(sid);
  if (hit && hit.expiresAt > now) {
    await seen(db, sid, hit, now);
    return hit.user;
  }
  const generation = cache.generation;
  const [row] = await queries(db).bySession.execute({ sid });
  const user = toUser(row);
  if (user && row) {
    const expiresAt = new Date(row.expiresAt).getTime();
    const entry: SessionEntry = { user, expiresAt, seenAt: row.lastSeenAt ? new Date(row.lastSeenAt).getTime() : 0 };
    cache.set(sid, entry, generation, Math.min(SESSION_CACHE_TTL_MS, expiresAt - now));
    await seen(db, sid, entry, now);
  }
  return user;
}

/**
 * Writes a session's last-seen time, at most once a minute: the cached entry remembers when it
 * was last written (in this process), and the statement's condition keeps other processes from
 * writing it again within the minute.
 */
async function seen(db: Db, sid: string, entry: SessionEntry, now: number): Promise<void> {
  if (now - entry.seenAt < SESSION_SEEN_EVERY_MS) return;
  entry.seenAt = now;
  await db.update(sessions).set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sid), sql`(${sessions.lastSeenAt} is null or ${sessions.lastSeenAt} < now() - make_interval(secs => ${SESSION_SEEN_EVERY_MS / 1000}))`));
}

/** A session ended (logout): every process stops accepting it at once. */
export const invalidateSession = (db: Db, sessionId: string) => invalidate(db, `session ${sessionId}`);
/** A user changed (blocked, role, operator, extra/revoked permissions, timezone): call after the commit. */
export const invalidateUser = (db: Db, userId: string) => invalidate(db, `user ${userId}`);
/** Every user changed (a role template's permissions): call after the commit. */
export const invalidateAllUsers = (db: Db) => invalidate(db, 'users');
