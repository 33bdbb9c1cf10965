import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loginBody, MSG } from '@pitboss/contract';
import { users } from '../../db/schema.js';
import { HttpError, ok } from '../../lib/http.js';
import { audit } from '../../lib/audit.js';
import { currentUser } from '../../lib/context.js';
import type { Config } from '../../config.js';
import {
  SESSION_COOKIE, createSession, destroySession, invalidateUser, isRateLimited, loadUserById, recordAttempt, verifyPassword,
} from './service.js';

export const toPublicUser = (u: ReturnType<typeof currentUser>) => ({
  id: u.id, email: u.email, nickname: u.nickname, role: u.role, opId: u.opId, parentOpId: u.parentOpId,
  timezone: u.timezone, permissions: u.permissions,
});

export async function authRoutes(app: FastifyInstance, config: Config) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/auth/login', { schema: { body: loginBody, tags: ['auth'] }, config: { permission: false } }, async (req, reply) => {
    const email = req.body.email.toLowerCase();
    const db = app.db;
    if (await isRateLimited(db, email, req.ip)) {
      await recordAttempt(db, { email, ip: req.ip, success: false, reason: 'RATE_LIMITED' });
      throw new HttpError(429, [MSG.TOO_MANY_ATTEMPTS]);
    }
    const [u] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
    const valid = u ? await verifyPassword(u.passwordHash, req.body.password) : false;
    if (!u || !valid) {
      await recordAttempt(db, { email, userId: u?.id, ip: req.ip, success: false, reason: 'WRONG_CREDENTIALS' });
      throw new HttpError(401, [MSG.WRONG_CREDENTIALS]);
    }
    if (u.isBlocked) {
      await recordAttempt(db, { email, userId: u.id, ip: req.ip, success: false, reason: 'BLOCKED' });
      throw new HttpError(403, [MSG.USER_BLOCKED], 'FORBIDDEN_ACCESS', { redirect: '/admin?error=forbidden-access' });
    }
    await recordAttempt(db, { email, userId: u.id, ip: req.ip, success: true });
    const token = await createSession(db, u.id, config.SESSION_TTL_HOURS, req.ip);
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge: config.SESSION_TTL_HOURS * 3600,
    });
    const user = await loadUserById(db, u.id);
    return ok(user ? toPublicUser(user) : null);
  });

  const logout = async (token: string | undefined) => { if (token) await destroySession(app.db, token); };
  r.post('/api/auth/logout', { config: { permission: false } }, async (req, reply) => {
    await logout(req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok(null);
  });
  r.get('/api/auth/logout', { config: { permission: false } }, async (req, reply) => {
    await logout(req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.redirect('/login');
  });

  /** The signed-in user (spec's /api/users/me also lists the operators the user can pick). */
  r.get('/api/users/me/check', { config: { permission: '' } }, async (req) => ok(toPublicUser(currentUser(req))));

  r.put('/api/users/me/timezone', {
    schema: { body: z.object({ timezone: z.string().min(1).max(64) }) },
    config: { permission: '' },
  }, async (req) => {
    const me = currentUser(req);
    try { new Intl.DateTimeFormat('en-US', { timeZone: req.body.timezone }); } catch { throw new HttpError(400, [MSG.UNKNOWN_TIMEZONE]); }
    await app.db.transaction(async (tx) => {
      await tx.update(users).set({ timezone: req.body.timezone }).where(eq(users.id, me.id));
      await audit(tx, req, { action: 'USER_TIMEZONE_UPDATE', targetType: 'user', targetId: me.id, opId: me.opId, before: { timezone: me.timezone }, after: { timezone: req.body.timezone } });
    });
    await invalidateUser(app.db, me.id);
    return ok({ timezone: req.body.timezone });
  });
}
