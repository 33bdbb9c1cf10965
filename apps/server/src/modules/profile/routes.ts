/**
 * The signed-in staff member's own profile (/user/profile): nickname, language, timezone, own
 * password, two-factor authentication (setup, confirm, turn off, new recovery codes) and own
 * sessions. Every call acts on the caller's account only (`user.id`); the endpoint table's
 * `invalidates: 'self'` drops their cached sessions after a change.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  MSG, PROFILE_MESSAGES, SESSION_MESSAGES, TWO_FACTOR_MESSAGES, normalizeCode, type ProfileView, type Role,
} from '@pitboss/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { loginChallenges, operators, users } from '../../db/schema.js';
import type { AuthedUser } from '../../lib/context.js';
import { HttpError, badRequest, conflict, forbidden, notFound, ok } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import type { Handlers } from '../../platform/endpoints.js';
import { checkPassword, currentSessionId, hashPassword } from '../auth/service.js';
import { attemptFailed, attemptSucceeded, reserveAttempt } from '../auth/throttle.js';
import { acceptCode, newRecoveryCodes, newTotpSecret, otpauthUri, qrDataUrl, throttledCodeCheck, totpStep } from '../auth/totp.js';
import { endSessions, sessionHandle, sessionsOf } from './sessions.js';

/** Whether an operator's two-factor rule (or its parent's) covers its staff. */
export async function twoFactorRuleFor(db: Db, opId: string | null): Promise<boolean> {
  if (!opId) return false;
  const [r] = await rowsOf<{ required: boolean }>(db, sql`select (o.require_two_factor or coalesce(p.require_two_factor, false)) as required
    from operators o left join operators p on p.op_id = o.parent_op_id where o.op_id = ${opId}`);
  return r?.required === true;
}

async function accountOf(db: Db, userId: string) {
  const [u] = await db.select({ u: users, opTitle: operators.title }).from(users).leftJoin(operators, eq(operators.opId, users.opId)).where(eq(users.id, userId)).limit(1);
  if (!u) throw new HttpError(401, [MSG.UNAUTHENTICATED]);
  return u;
}

async function profileOf(db: Db, userId: string): Promise<ProfileView> {
  const { u, opTitle } = await accountOf(db, userId);
  return {
    id: u.id, email: u.email, nickname: u.nickname, role: u.role as Role, opId: u.opId, opTitle, language: u.language, timezone: u.timezone,
    createdAt: u.createdAt.toISOString(),
    twoFactor: {
      enabled: u.totpEnabledAt !== null, enabledAt: u.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: u.totpEnabledAt ? u.recoveryCodes.length : 0, requiredByOperator: await twoFactorRuleFor(db, u.opId),
    },
  };
}

/** The caller's password, checked under the sign-in throttle (a session cannot be used to guess it). */
async function passwordIsRight(db: Db, config: Config, user: AuthedUser, ip: string, password: string, stored: string): Promise<boolean> {
  const email = user.email.toLowerCase();
  const reservation = await reserveAttempt(db, config, email, ip);
  if (!reservation) throw new HttpError(429, [MSG.TOO_MANY_ATTEMPTS]);
  const right = await checkPassword(stored, password);
  if (right) await attemptSucceeded(db, reservation);
  else await attemptFailed(db, reservation);
  return right;
}

/** Ten new recovery codes: the hashes the account keeps, and the answer that shows the codes once, with its message. */
function issueRecoveryCodes(message: string) {
  const { codes, hashes } = newRecoveryCodes();
  return { hashes, answer: ok({ recoveryCodes: codes }, [message]) };
}

/** The account's two-factor authentication, off: secret, recovery codes and pending sign-ins gone. */
export const TWO_FACTOR_OFF = { totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: [] as string[] };

type ProfileEndpoint =
  | 'profile.get' | 'profile.update' | 'profile.changePassword' | 'profile.twoFactorStart' | 'profile.twoFactorConfirm'
  | 'profile.twoFactorDisable' | 'profile.recoveryCodes' | 'profile.sessions' | 'profile.revokeSession' | 'profile.revokeOtherSessions';

const self = (user: AuthedUser) => ({ targetType: 'user', targetId: user.email, opId: user.opId });

export const profileHandlers: Handlers<ProfileEndpoint> = {
  'profile.get': async ({ db, user }) => ok(await profileOf(db, user.id)),

  'profile.update': async ({ db, user, body, audit }) => {
    const { u } = await accountOf(db, user.id);
    const change: Partial<Pick<typeof users.$inferInsert, 'nickname' | 'language' | 'timezone'>> = {};
    const before: Record<string, string> = {};
    for (const k of ['nickname', 'language', 'timezone'] as const) {
      const v = body[k];
      if (v !== undefined && v !== u[k]) { change[k] = v; before[k] = u[k]; }
    }
    if (!Object.keys(change).length) throw badRequest(PROFILE_MESSAGES.NOTHING_TO_UPDATE);
    await db.transaction(async (tx) => {
      await tx.update(users).set(change).where(eq(users.id, user.id));
      await audit(tx, { ...self(user), before, after: change });
    });
    return ok(await profileOf(db, user.id), [PROFILE_MESSAGES.UPDATED]);
  },

  /** The own password: the current one required (throttled like a sign-in); every other session of the account ends. */
  'profile.changePassword': async ({ db, req, user, body, audit }) => {
    const { u } = await accountOf(db, user.id);
    if (!(await passwordIsRight(db, req.server.config, user, req.ip, body.currentPassword, u.passwordHash))) {
      throw badRequest(PROFILE_MESSAGES.CURRENT_PASSWORD_WRONG);
    }
    const passwordHash = await hashPassword(body.newPassword);
    const ended = await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      const gone = await endSessions(tx, user.id, { keep: currentSessionId(req) });
      // Never the password or its hash in the log.
      await audit(tx, { ...self(user), before: null, after: { passwordChanged: true, otherSessionsEnded: gone.length } });
      return gone.length;
    });
    return ok({ ended }, [PROFILE_MESSAGES.passwordUpdated(ended)]);
  },

  /** A new secret (replacing one not yet confirmed); two-factor authentication is not on until a code of it is confirmed. */
  'profile.twoFactorStart': async ({ db, user }) => {
    const secret = newTotpSecret();
    const set = await db.update(users).set({ totpSecret: secret, totpLastStep: null })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt))).returning({ id: users.id });
    if (!set.length) throw conflict(TWO_FACTOR_MESSAGES.ALREADY_ENABLED);
    const uri = otpauthUri(secret, user.email);
    return ok({ secret, uri, qrDataUrl: await qrDataUrl(uri) });
  },

  /** A code of the new secret turns it on and answers ten recovery codes (only their hashes are kept). */
  'profile.twoFactorConfirm': async ({ db, req, user, body, audit }) => {
    const { u } = await accountOf(db, user.id);
    if (u.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.ALREADY_ENABLED);
    const secret = u.totpSecret;
    if (!secret) throw conflict(TWO_FACTOR_MESSAGES.NOT_STARTED);
    const step = await throttledCodeCheck(db, req.server.config, user.id, req.ip, async () => totpStep(secret, body.code));
    if (step === null) throw badRequest(TWO_FACTOR_MESSAGES.CODE_INVALID);
    const { hashes, answer } = issueRecoveryCodes(TWO_FACTOR_MESSAGES.ENABLED);
    const done = await db.transaction(async (tx) => {
      const on = await tx.update(users).set({ totpEnabledAt: sql`now()`, totpLastStep: step, recoveryCodes: hashes })
        .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt), eq(users.totpSecret, secret))).returning({ id: users.id });
      if (!on.length) return false;
      await audit(tx, { ...self(user), before: { twoFactor: false }, after: { twoFactor: true, recoveryCodes: hashes.length } });
      return true;
    });
    if (!done) throw conflict(TWO_FACTOR_MESSAGES.ALREADY_ENABLED);
    return answer;
  },

  /** Off with a current code (or a recovery code) or the password; not while the operator requires it. */
  'profile.twoFactorDisable': async ({ db, req, user, body, audit }) => {
    const { u } = await accountOf(db, user.id);
    if (!u.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.NOT_ENABLED);
    if (await twoFactorRuleFor(db, u.opId)) throw forbidden(TWO_FACTOR_MESSAGES.REQUIRED_BY_OPERATOR);
    const code = body.code?.trim();
    let by: 'code' | 'password';
    if (code) {
      const accepted = await throttledCodeCheck(db, req.server.config, user.id, req.ip, () => acceptCode(db, u, normalizeCode(code), true));
      if (!accepted) throw badRequest(TWO_FACTOR_MESSAGES.CODE_INVALID);
      by = 'code';
    } else {
      if (!(await passwordIsRight(db, req.server.config, user, req.ip, body.password ?? '', u.passwordHash))) throw badRequest(TWO_FACTOR_MESSAGES.PASSWORD_WRONG);
      by = 'password';
    }
    await db.transaction(async (tx) => {
      await tx.update(users).set(TWO_FACTOR_OFF).where(eq(users.id, user.id));
      await tx.delete(loginChallenges).where(eq(loginChallenges.userId, user.id));
      await audit(tx, { ...self(user), before: { twoFactor: true }, after: { twoFactor: false, confirmedWith: by } });
    });
    return ok({ enabled: false }, [TWO_FACTOR_MESSAGES.DISABLED]);
  },

  /** Ten new recovery codes for a current code of the app; the unused old ones stop working. */
  'profile.recoveryCodes': async ({ db, req, user, body, audit }) => {
    const { u } = await accountOf(db, user.id);
    if (!u.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.NOT_ENABLED);
    const accepted = await throttledCodeCheck(db, req.server.config, user.id, req.ip, () => acceptCode(db, u, body.code, false));
    if (!accepted) throw badRequest(TWO_FACTOR_MESSAGES.CODE_INVALID);
    const { hashes, answer } = issueRecoveryCodes(TWO_FACTOR_MESSAGES.RECOVERY_CODES_NEW);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ recoveryCodes: hashes }).where(eq(users.id, user.id));
      await audit(tx, { ...self(user), before: { recoveryCodes: u.recoveryCodes.length }, after: { recoveryCodes: hashes.length } });
    });
    return answer;
  },

  'profile.sessions': async ({ db, req, user }) => ok({ items: await sessionsOf(db, user.id, currentSessionId(req)), mayRevoke: true }),

  /** One of the own sessions, by its handle; another account's session is "not found", the current one is ended by signing out. */
  'profile.revokeSession': async ({ db, req, user, body, audit }) => {
    const current = currentSessionId(req);
    if (current && sessionHandle(current) === body.sessionId) throw badRequest(SESSION_MESSAGES.CURRENT);
    await db.transaction(async (tx) => {
      const gone = await endSessions(tx, user.id, { handle: body.sessionId, keep: current });
      if (!gone.length) throw notFound(SESSION_MESSAGES.NOT_FOUND);
      await audit(tx, { ...self(user), before: { session: body.sessionId, ip: gone[0]!.ip, userAgent: gone[0]!.userAgent }, after: null });
    });
    return ok({ ended: 1 }, [SESSION_MESSAGES.REVOKED]);
  },

  'profile.revokeOtherSessions': async ({ db, req, user, audit }) => {
    const ended = await db.transaction(async (tx) => {
      const gone = await endSessions(tx, user.id, { keep: currentSessionId(req) });
      await audit(tx, { ...self(user), before: null, after: { otherSessionsEnded: gone.length } });
      return gone.length;
    });
    return ok({ ended }, [SESSION_MESSAGES.othersRevoked(ended)]);
  },
};
