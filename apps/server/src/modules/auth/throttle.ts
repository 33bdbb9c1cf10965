/**
 * The login throttle. An attempt is *reserved* before its password is verified, each counter
 * in one conditional statement (an upsert that only counts while under its limit), so however
 * many requests arrive at once, at most the limit of them reach the password check:
 *
 * - `account:<email>|<ip>`: LOGIN_MAX_FAILURES per account and address. The reservation that
 *   reaches the limit locks that address out of that account for LOGIN_LOCK_MINUTES, each
 *   further lock twice as long (up to a day; the count of locks is forgotten after a quiet day).
 *   Another address is not locked: an attacker elsewhere cannot lock a staff member out.
 * - `address:<ip>`: LOGIN_MAX_FAILURES_PER_ADDRESS per window, any account (password spraying).
 * - `email:<email>`: LOGIN_MAX_FAILURES_PER_ACCOUNT per window, counted only for addresses
 *   that never signed in to the account, so guesses spread over many addresses stay bounded
 *   while the staff member's usual address keeps working.
 *
 * A refused attempt (429) changes no counter: it neither counts as a failure nor extends a
 * lock. A success gives its reservations back and clears its account-and-address failures.
 *
 * Two-factor codes (the sign-in's second step, and the code checks of the profile) are throttled
 * the same way on their own key, `code:<userId>`: LOGIN_MAX_FAILURES wrong codes per account,
 * whatever the address (a code is only tried after the password, or inside a session), lock and
 * back-off as above. A right password does not clear it; only a right code does.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { loginAttempts } from '../../db/schema.js';
import { rowsOf } from '../../lib/query.js';

export type ThrottleConfig = Pick<Config, 'LOGIN_MAX_FAILURES' | 'LOGIN_MAX_FAILURES_PER_ADDRESS' | 'LOGIN_MAX_FAILURES_PER_ACCOUNT' | 'LOGIN_LOCK_MINUTES'>;

/** The longest lock of an account and address. */
const MAX_LOCK_SECONDS = 86_400;

export const throttleKeys = (email: string, ip: string) => ({
  account: `account:${email}|${ip}`,
  address: `address:${ip}`,
  email: `email:${email}`,
});

/** A held reservation: what to release or settle once the password (or code) is checked. `lock`: its key with the lock. */
export interface Reservation { email: string; ip: string; keys: string[]; lock: string }

/**
 * Counts one attempt on `key` if it is under `limit` (one statement: concurrent callers are
 * serialized on the row). With `lock`, the attempt that reaches the limit locks the key with
 * back-off. Answers whether the attempt was counted.
 */
async function reserve(db: Db, key: string, limit: number, windowSeconds: number, lock: boolean): Promise<boolean> {
  const win = sql`make_interval(secs => ${windowSeconds})`;
  // A new window: the lock (if any) is over, or there is no lock and the window has passed.
  const fresh = sql`(case when t.locked_until is not null then t.locked_until <= now() else t.window_start <= now() - ${win} end)`;
  const next = sql`(case when ${fresh} then 1 else t.attempts + 1 end)`;
  // Back-off is forgotten after a quiet day.
  const locks = sql`(case when coalesce(t.locked_until, t.window_start) <= now() - interval '1 day' then 0 else t.locks end)`;
  const lockFor = (n: SQL) => sql`now() + make_interval(secs => least(${windowSeconds}::float8 * power(2, ${n}), ${MAX_LOCK_SECONDS}))`;
  const reaches = (n: SQL) => (lock ? sql`(${n} >= ${limit})` : sql`false`);
  const rows = await rowsOf<{ attempts: number }>(db, sql`
    insert into login_throttle as t (key, attempts, in_flight, window_start, locked_until, locks)
    values (${key}, 1, 1, now(), case when ${reaches(sql`1`)} then ${lockFor(sql`0`)} end, case when ${reaches(sql`1`)} then 1 else 0 end)
    on conflict (key) do update set
      attempts = ${next},
      in_flight = case when ${fresh} then 1 else t.in_flight + 1 end,
      window_start = case when ${fresh} then now() else t.window_start end,
      locked_until = case when ${reaches(next)} then ${lockFor(locks)} when ${fresh} then null else t.locked_until end,
      locks = case when ${reaches(next)} then ${locks} + 1 else ${locks} end
    where ${fresh} or (t.locked_until is null and t.attempts < ${limit})
    returning t.attempts`);
  return rows.length > 0;
}

/** Gives a reservation back: the attempt was refused elsewhere, or it succeeded. */
async function release(db: Db, key: string): Promise<void> {
  await db.execute(sql`update login_throttle set attempts = greatest(attempts - 1, 0), in_flight = greatest(in_flight - 1, 0) where key = ${key}`);
}

/** Whether this address has signed in to this account before. */
async function knownAddress(db: Db, email: string, ip: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip), eq(loginAttempts.success, true))).limit(1);
  return !!row;
}

/**
 * Reserves one sign-in attempt for this account from this address, before any password is
 * verified. `null`: refused (answer 429), nothing counted.
 */
export async function reserveAttempt(db: Db, cfg: ThrottleConfig, email: string, ip: string): Promise<Reservation | null> {
  const k = throttleKeys(email, ip);
  const window = cfg.LOGIN_LOCK_MINUTES * 60;
  const steps: [string, number, boolean][] = [[k.address, cfg.LOGIN_MAX_FAILURES_PER_ADDRESS, false]];
  if (!(await knownAddress(db, email, ip))) steps.push([k.email, cfg.LOGIN_MAX_FAILURES_PER_ACCOUNT, false]);
  // Last, so that it never needs giving back: its reservation may set a lock.
  steps.push([k.account, cfg.LOGIN_MAX_FAILURES, true]);
  const held: string[] = [];
  for (const [key, limit, lock] of steps) {
    if (!(await reserve(db, key, limit, window, lock))) {
      for (const h of held) await release(db, h);
      return null;
    }
    held.push(key);
  }
  return { email, ip, keys: held, lock: k.account };
}

/** The key of an account's two-factor code attempts. */
export const codeThrottleKey = (userId: string) => `code:${userId}`;

/** Reserves one two-factor code attempt of this account, before the code is checked. `null`: refused (answer 429), nothing counted. */
export async function reserveCodeAttempt(db: Db, cfg: ThrottleConfig, userId: string, ip: string): Promise<Reservation | null> {
  const key = codeThrottleKey(userId);
  if (!(await reserve(db, key, cfg.LOGIN_MAX_FAILURES, cfg.LOGIN_LOCK_MINUTES * 60, true))) return null;
  return { email: userId, ip, keys: [key], lock: key };
}

/** The password was wrong: the reservations stay counted as failures. */
export async function attemptFailed(db: Db, r: Reservation): Promise<void> {
  await db.execute(sql`update login_throttle set in_flight = greatest(in_flight - 1, 0) where key = ${r.lock}`);
}

/**
 * The password was right: the address and account reservations are given back, and the
 * account-and-address failures, lock and back-off are cleared, unless other attempts of that
 * account and address are still being verified (a burst): then everything stays counted, so a
 * burst never verifies more passwords than the limit.
 */
export async function attemptSucceeded(db: Db, r: Reservation): Promise<void> {
  const account = r.lock;
  for (const key of r.keys) if (key !== account) await release(db, key);
  const alone = sql`in_flight <= 1`;
  await db.execute(sql`update login_throttle set
    attempts = case when ${alone} then 0 else attempts end,
    locked_until = case when ${alone} then null else locked_until end,
    locks = case when ${alone} then 0 else locks end,
    in_flight = greatest(in_flight - 1, 0)
    where key = ${account}`);
}

/** Forgets counters idle for a day (their windows, locks and back-off are over). */
export async function pruneThrottle(db: Db): Promise<void> {
  await db.execute(sql`delete from login_throttle where window_start < now() - interval '1 day'
    and (locked_until is null or locked_until < now() - interval '1 day') and in_flight = 0`);
}
