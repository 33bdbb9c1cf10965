/**
 * Staff two-factor authentication: TOTP (RFC 6238, the `otpauth` library) with one-time
 * recovery codes. A code is accepted once: the time step of the last accepted code is kept
 * (`users.totp_last_step`) and a code of that step or an earlier one is refused, in the same
 * conditional statement that accepts it (two requests with one code: one wins). A recovery code
 * is stored as its sha256 and removed from the account in the statement that accepts it.
 * Every code check goes through the code throttle (throttle.ts). Secrets and codes are never
 * logged nor written to an activity.
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, TOTP_PARAMS, TOTP_WINDOW, TWO_FACTOR_MESSAGES, codeKind, type CodeKind,
} from '@pitboss/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { HttpError } from '../../lib/http.js';
import { sha256 } from './service.js';
import { attemptFailed, attemptSucceeded, reserveCodeAttempt } from './throttle.js';

const totpOf = (secret: string, label = '') => new TOTP({
  issuer: TOTP_PARAMS.issuer, label, algorithm: TOTP_PARAMS.algorithm, digits: TOTP_PARAMS.digits, period: TOTP_PARAMS.period,
  secret: Secret.fromBase32(secret),
});

/** A new random secret (160 bits, base32). */
export const newTotpSecret = (): string => new Secret({ size: TOTP_PARAMS.secretBytes }).base32;

/** The otpauth:// URI an authenticator app reads (from the QR code), labelled with the account's e-mail. */
export const otpauthUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/** The QR code of the URI as a PNG data URL (made on the server: the console ships no QR library). */
export const qrDataUrl = (uri: string): Promise<string> => QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 220 });

/** The time step a 6-digit code belongs to (the current one ± the window), or null when it is not a code of this secret now. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Ten fresh recovery codes (`abcde-fghjk`, ~49 bits each) and the hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const pick = () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]!;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, pick).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(sha256) };
}

/**
 * Accepts a code of an account with two-factor authentication on, once: a TOTP code of a time
 * step after the last one accepted, or one of its unused recovery codes (then used up).
 * Answers what was accepted (and the recovery codes left), or null.
 */
export async function acceptCode(db: Db, user: { id: string; totpSecret: string | null }, code: string, allowRecovery: boolean):
  Promise<{ kind: CodeKind; recoveryCodesLeft: number } | null> {
  const kind = codeKind(code);
  if (kind === 'totp' && user.totpSecret) {
    const step = totpStep(user.totpSecret, code);
    if (step === null) return null;
    const [row] = await db.update(users).set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), isNotNull(users.totpEnabledAt), eq(users.totpSecret, user.totpSecret),
        sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`))
      .returning({ left: sql<number>`cardinality(${users.recoveryCodes})` });
    return row ? { kind, recoveryCodesLeft: Number(row.left) } : null;
  }
  if (kind === 'recovery' && allowRecovery) {
    const hash = sha256(code);
    const [row] = await db.update(users).set({ recoveryCodes: sql`array_remove(${users.recoveryCodes}, ${hash})` })
      .where(and(eq(users.id, user.id), isNotNull(users.totpEnabledAt), sql`${hash} = any(${users.recoveryCodes})`))
      .returning({ left: sql<number>`cardinality(${users.recoveryCodes})` });
    return row ? { kind, recoveryCodesLeft: Number(row.left) } : null;
  }
  return null;
}

/**
 * Runs a code check under the code throttle of the account: 429 when its attempts are used up
 * (nothing checked); a check that answers null counts as a failure, anything else clears them.
 */
export async function throttledCodeCheck<T>(db: Db, config: Config, userId: string, ip: string, check: () => Promise<T | null>): Promise<T | null> {
  const reservation = await reserveCodeAttempt(db, config, userId, ip);
  if (!reservation) throw new HttpError(429, [TWO_FACTOR_MESSAGES.TOO_MANY_CODES]);
  let result: T | null = null;
  try {
    result = await check();
  } finally {
    if (result === null) await attemptFailed(db, reservation);
    else await attemptSucceeded(db, reservation);
  }
  return result;
}
