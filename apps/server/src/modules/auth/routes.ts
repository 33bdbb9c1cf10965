import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, TWO_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_MESSAGES } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { loginChallenges, users } from '../../db/schema.js';
import { HttpError, ok } from '../../lib/http.js';
import type { AuthedUser } from '../../lib/context.js';
import type { Handlers } from '../../platform/endpoints.js';
import {
  SESSION_COOKIE, checkPassword, createSession, destroySession, invalidateUser, loadUserById, recordAttempt, sha256, userAgentOf,
} from './service.js';
import { attemptFailed, attemptSucceeded, pruneThrottle, reserveAttempt } from './throttle.js';
import { acceptCode, throttledCodeCheck } from './totp.js';

export const toPublicUser = (u: AuthedUser) => ({
  id: u.id, email: u.email, nickname: u.nickname, role: u.role, opId: u.opId, parentOpId: u.parentOpId,
  timezone: u.timezone, permissions: u.permissions, twoFactorEnabled: u.twoFactorEnabled, twoFactorSetupRequired: u.twoFactorSetupRequired,
});

/** A blocked account never gets a session (the console sends it to /admin?error=forbidden-access). */
const blocked = () => new HttpError(403, [MSG.USER_BLOCKED], 'FORBIDDEN_ACCESS', { redirect: '/admin?error=forbidden-access' });

/** The session cookie of a new session, and the user it answers. */
async function startSession(db: Db, req: FastifyRequest, reply: FastifyReply, userId: string) {
  const config = req.server.config;
  const token = await createSession(db, userId, config.SESSION_TTL_HOURS, req.ip, userAgentOf(req));
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge: config.SESSION_TTL_HOURS * 3600,
  });
  return loadUserById(db, userId);
}

export const authHandlers: Handlers<'auth.login' | 'auth.loginTwoFactor' | 'auth.logout' | 'auth.logoutRedirect' | 'auth.sessionCheck' | 'auth.setTimezone'> = {
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
      throw blocked();
    }
    if (u.totpEnabledAt) {
      // The password was right; a code is still needed: a short-lived, single-use challenge, no session.
      const challenge = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000);
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, sql`now()`));
      await db.insert(loginChallenges).values({ id: sha256(challenge), userId: u.id, ip, userAgent: userAgentOf(req), expiresAt });
      return { ...ok({ twoFactorRequired: true as const, challenge, expiresAt: expiresAt.toISOString() }, [TWO_FACTOR_MESSAGES.SECOND_STEP]), status: 'TWO_FACTOR_REQUIRED' };
    }
    await recordAttempt(db, { email, userId: u.id, ip, success: true });
    const user = await startSession(db, req, reply, u.id);
    return ok(user ? toPublicUser(user) : null);
  },

  /**
   * The sign-in's second step: the challenge (unexpired) and a code, checked under the code
   * throttle. A right code uses the challenge up (one session per challenge, whatever races it)
   * and starts the session; a wrong one leaves it for another try until it expires.
   */
  'auth.loginTwoFactor': async ({ db, req, reply, body }) => {
    const id = sha256(body.challenge);
    const [c] = await db.select({ userId: loginChallenges.userId, email: users.email, totpSecret: users.totpSecret, isBlocked: users.isBlocked })
      .from(loginChallenges).innerJoin(users, eq(users.id, loginChallenges.userId))
      .where(and(eq(loginChallenges.id, id), gt(loginChallenges.expiresAt, sql`now()`))).limit(1);
    if (!c) throw new HttpError(401, [TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED], 'CHALLENGE_EXPIRED');
    const email = c.email.toLowerCase();
    const accepted = await throttledCodeCheck(db, req.server.config, c.userId, req.ip, () => acceptCode(db, { id: c.userId, totpSecret: c.totpSecret }, body.code, true));
    if (!accepted) {
      await recordAttempt(db, { email, userId: c.userId, ip: req.ip, success: false, reason: 'WRONG_CODE' });
      throw new HttpError(401, [TWO_FACTOR_MESSAGES.CODE_INVALID]);
    }
    const used = await db.delete(loginChallenges).where(eq(loginChallenges.id, id)).returning({ id: loginChallenges.id });
    if (!used.length) throw new HttpError(401, [TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED], 'CHALLENGE_EXPIRED');
    if (c.isBlocked) {
      await recordAttempt(db, { email, userId: c.userId, ip: req.ip, success: false, reason: 'BLOCKED' });
      throw blocked();
    }
    await recordAttempt(db, { email, userId: c.userId, ip: req.ip, success: true, reason: accepted.kind === 'recovery' ? 'RECOVERY_CODE' : 'TOTP' });
    const user = await startSession(db, req, reply, c.userId);
    if (!user) throw new HttpError(401, [TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED], 'CHALLENGE_EXPIRED');
    return ok(toPublicUser(user), accepted.kind === 'recovery' ? [TWO_FACTOR_MESSAGES.recoveryCodeUsed(accepted.recoveryCodesLeft)] : []);
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
    await db.transaction(async (tx) => {
      await tx.update(users).set({ timezone: body.timezone }).where(eq(users.id, user.id));
      await audit(tx, { targetType: 'user', targetId: user.id, opId: user.opId, before: { timezone: user.timezone }, after: { timezone: body.timezone } });
    });
    await invalidateUser(db, user.id);
    return ok({ timezone: body.timezone });
  },
};
