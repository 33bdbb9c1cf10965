import { eq, sql } from 'drizzle-orm';
import { MSG } from '@pitboss/contract';
import { users } from '../../db/schema.js';
import { HttpError, ok } from '../../lib/http.js';
import type { AuthedUser } from '../../lib/context.js';
import type { Handlers } from '../../platform/endpoints.js';
import {
  SESSION_COOKIE, checkPassword, createSession, destroySession, invalidateUser, loadUserById, recordAttempt,
} from './service.js';
import { attemptFailed, attemptSucceeded, pruneThrottle, reserveAttempt } from './throttle.js';

export const toPublicUser = (u: AuthedUser) => ({
  id: u.id, email: u.email, nickname: u.nickname, role: u.role, opId: u.opId, parentOpId: u.parentOpId,
  timezone: u.timezone, permissions: u.permissions,
});

export const authHandlers: Handlers<'auth.login' | 'auth.logout' | 'auth.logoutRedirect' | 'auth.sessionCheck' | 'auth.setTimezone'> = {
  /**
   * Sign-in. The attempt is reserved with the throttle (modules/auth/throttle.ts) before the
   * password is verified, so concurrent requests cannot verify more passwords than the limit;
   * an unknown e-mail is verified against a dummy hash, so it answers in the same time.
   */
  'auth.login': async ({ db, req, reply, body }) => {
    const config = req.server.config;
    const email = body.email.toLowerCase();
    const ip = req.ip;
    const reservation = await reserveAttempt(db, config, email, ip);
    if (!reservation) {
      await recordAttempt(db, { email, ip, success: false, reason: 'RATE_LIMITED' });
      throw new HttpError(429, [MSG.TOO_MANY_ATTEMPTS]);
    }
    if (Math.random() < 0.01) void pruneThrottle(db).catch(() => {});
    const [u] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
    const valid = await checkPassword(u?.passwordHash, body.password);
    if (!u || !valid) {
      await attemptFailed(db, reservation);
      await recordAttempt(db, { email, userId: u?.id, ip, success: false, reason: 'WRONG_CREDENTIALS' });
      throw new HttpError(401, [MSG.WRONG_CREDENTIALS]);
    }
    await attemptSucceeded(db, reservation);
    if (u.isBlocked) {
      await recordAttempt(db, { email, userId: u.id, ip, success: false, reason: 'BLOCKED' });
      throw new HttpError(403, [MSG.USER_BLOCKED], 'FORBIDDEN_ACCESS', { redirect: '/admin?error=forbidden-access' });
    }
    await recordAttempt(db, { email, userId: u.id, ip, success: true });
    const token = await createSession(db, u.id, config.SESSION_TTL_HOURS, ip);
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge: config.SESSION_TTL_HOURS * 3600,
    });
    const user = await loadUserById(db, u.id);
    return ok(user ? toPublicUser(user) : null);
  },

  'auth.logout': async ({ db, req, reply }) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await destroySession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok(null);
  },

  /** A plain link (no script): ends the session and sends the browser to the login page. */
  'auth.logoutRedirect': async ({ db, req, reply }) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await destroySession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.redirect('/login');
  },

  /** The signed-in user (spec's /api/users/me also lists the operators the user can pick). */
  'auth.sessionCheck': async ({ user }) => ok(toPublicUser(user)),

  'auth.setTimezone': async ({ db, user, body, audit }) => {
    try { new Intl.DateTimeFormat('en-US', { timeZone: body.timezone }); } catch { throw new HttpError(400, [MSG.UNKNOWN_TIMEZONE]); }
    await db.transaction(async (tx) => {
      await tx.update(users).set({ timezone: body.timezone }).where(eq(users.id, user.id));
      await audit(tx, { targetType: 'user', targetId: user.id, opId: user.opId, before: { timezone: user.timezone }, after: { timezone: body.timezone } });
    });
    await invalidateUser(db, user.id);
    return ok({ timezone: body.timezone });
  },
};
