/**
 * Staff two-factor authentication (TOTP, RFC 6238): setup on the profile, the sign-in's second
 * step (challenge + code, recovery codes once, code guesses throttled, a code used once), the
 * admin reset and the operator-wide rule.
 *
 * A TOTP code is accepted once (its time step must follow the last one accepted), and a code of
 * the next step is accepted now (window ±1): a test that signs in right after setting it up uses
 * `codeFor(secret, 1)`, the code of the next step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import {
  MSG, PROFILE_MESSAGES, RECOVERY_CODE_PATTERN, STAFF_MESSAGES, TWO_FACTOR_MESSAGES, type StaffRow,
} from '@pitboss/contract';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { activities, loginAttempts, loginChallenges, operators, users } from '../src/db/schema.js';
import { sha256 } from '../src/modules/auth/service.js';
import { newTotpSecret } from '../src/modules/auth/totp.js';
import { expectError, expectForbidden, makeApp } from './support.js';
import type { Login, TestApp } from './helpers.js';

const SUPER: Login = 'superadmin@demo.local';
const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

type Res = { statusCode: number; json(): any; cookies: { name: string; value: string }[]; body: string };
const codeFor = (secret: string, steps = 0) => new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });
const password = (email: string, pw = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: pw } }) as Promise<Res>;
const second = (challenge: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challenge, code } }) as Promise<Res>;
const cookieOf = (res: Res) => {
  const c = res.cookies.find((x) => x.name === 'pitboss_session');
  return c ? `pitboss_session=${c.value}` : null;
};
const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(body !== undefined ? { payload: body as never } : {}) }) as Promise<Res>;
/** A fresh session of an account without two-factor authentication. */
const signIn = async (email: string) => {
  const res = await password(email);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.twoFactorRequired).toBeUndefined();
  return cookieOf(res)!;
};
const account = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;
/** Two-factor authentication on, straight in the database (for the tests that are not about setting it up). */
const enrolDirect = async (email: string) => {
  const secret = newTotpSecret();
  const codes = ['aaaaa-bbbbb', 'ccccc-ddddd'];
  await t.database.db.update(users).set({ totpSecret: secret, totpEnabledAt: new Date(), totpLastStep: null, recoveryCodes: codes.map(sha256) }).where(eq(users.email, email));
  return { secret, codes };
};
/** The challenge of the password step of an account with two-factor authentication on. */
const challengeOf = async (email: string) => {
  const res = await password(email);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ success: true, status: 'TWO_FACTOR_REQUIRED', data: { twoFactorRequired: true }, messages: [TWO_FACTOR_MESSAGES.SECOND_STEP] });
  expect(cookieOf(res)).toBeNull();
  return res.json().data.challenge as string;
};

describe('setup on the profile', () => {
  const email = 'ops.admin@demo.local';
  let cookie: string;
  let secret: string;

  it('start answers a secret, its otpauth URI and a QR code, and nothing is on yet', async () => {
    cookie = await signIn(email);
    const res = await as(cookie, 'POST', '/api/users/me/two-factor/start', {});
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    secret = d.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(d.uri).toBe(`otpauth://totp/Pitboss:ops.admin%40demo.local?issuer=Pitboss&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect(d.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect((await account(email)).totpEnabledAt).toBeNull();
    // Not on until confirmed: the password alone still signs in.
    await signIn(email);
    expect((await as(cookie, 'GET', '/api/users/me/profile')).json().data.twoFactor).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, requiredByOperator: false });
  });

  it('a wrong or malformed code is refused with its message, and nothing is turned on', async () => {
    const wrong = String((Number(codeFor(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    expectError(await as(cookie, 'POST', '/api/users/me/two-factor/confirm', { code: wrong }), 400, [TWO_FACTOR_MESSAGES.CODE_INVALID]);
    expectError(await as(cookie, 'POST', '/api/users/me/two-factor/confirm', { code: '12ab' }), 400, [TWO_FACTOR_MESSAGES.CODE_FORMAT]);
    expectError(await as(cookie, 'POST', '/api/users/me/two-factor/confirm', { code: '' }), 400, [TWO_FACTOR_MESSAGES.CODE_REQUIRED]);
    expect((await account(email)).totpEnabledAt).toBeNull();
  });

  it('a right code turns it on and answers ten recovery codes once; only their hashes are kept, no secret is logged', async () => {
    const res = await as(cookie, 'POST', '/api/users/me/two-factor/confirm', { code: codeFor(secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([TWO_FACTOR_MESSAGES.ENABLED]);
    const codes: string[] = res.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(RECOVERY_CODE_PATTERN);
    const u = await account(email);
    expect(u.totpEnabledAt).not.toBeNull();
    expect(u.recoveryCodes).toEqual(codes.map(sha256));
    const act = await t.lastActivity();
    expect(act).toMatchObject({ action: 'USER_2FA_ENABLE', targetType: 'user', targetId: email, actorEmail: email, after: { twoFactor: true } });
    expect(JSON.stringify(act)).not.toContain(secret);
    for (const c of codes) expect(JSON.stringify(act)).not.toContain(c);
    expectError(await as(cookie, 'POST', '/api/users/me/two-factor/start', {}), 409, [TWO_FACTOR_MESSAGES.ALREADY_ENABLED]);
    expect((await as(cookie, 'GET', '/api/users/me/profile')).json().data.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await as(cookie, 'GET', '/api/users/me/check')).json().data).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
  });

  it('the next sign-in needs a code: the password answers a challenge, no session; a right code starts the session', async () => {
    const challenge = await challengeOf(email);
    const wrong = await second(challenge, '000000');
    expectError(wrong, 401, [TWO_FACTOR_MESSAGES.CODE_INVALID]);
    expect(cookieOf(wrong)).toBeNull();
    const code = codeFor(secret, 1);
    const res = await second(challenge, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email, twoFactorEnabled: true });
    const c = cookieOf(res)!;
    expect((await as(c, 'GET', '/api/users/me/check')).statusCode).toBe(200);
    // The challenge is used up; the same code with a new challenge is refused (a code is used once).
    expectError(await second(challenge, code), 401, [TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED]);
    expectError(await second(await challengeOf(email), code), 401, [TWO_FACTOR_MESSAGES.CODE_INVALID]);
    // The sign-in log: the wrong code, the right one (by the app), the code used again.
    const attempts = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, email)).orderBy(loginAttempts.id);
    expect(attempts.slice(-3).map((a) => [a.success, a.reason])).toEqual([[false, 'WRONG_CODE'], [true, 'TOTP'], [false, 'WRONG_CODE']]);
  });

  it('a recovery code signs in once (typed in capitals with spaces too), and says how many are left', async () => {
    const u = await account(email);
    // The test knows its codes by hash only: give the account one it knows.
    await t.database.db.update(users).set({ recoveryCodes: [...u.recoveryCodes.slice(1), sha256('kkkkk-mmmmm')] }).where(eq(users.id, u.id));
    const res = await second(await challengeOf(email), 'KKKKK MMMMM');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([TWO_FACTOR_MESSAGES.recoveryCodeUsed(9)]);
    expect((await account(email)).recoveryCodes).toHaveLength(9);
    expectError(await second(await challengeOf(email), 'kkkkk-mmmmm'), 401, [TWO_FACTOR_MESSAGES.CODE_INVALID]);
  });

  it('an expired challenge is refused, whatever the code', async () => {
    const challenge = await challengeOf(email);
    await t.database.db.update(loginChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(loginChallenges.id, sha256(challenge)));
    expectError(await second(challenge, codeFor(secret)), 401, [TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED]);
    expectError(await second('x'.repeat(43), codeFor(secret)), 401, [TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED]);
  });

  it('turning it off needs a current code or the password; the activity says which', async () => {
    expectError(await as(cookie, 'POST', '/api/users/me/two-factor/disable', {}), 400, [TWO_FACTOR_MESSAGES.DISABLE_PROOF]);
    expectError(await as(cookie, 'POST', '/api/users/me/two-factor/disable', { password: 'not-it' }), 400, [TWO_FACTOR_MESSAGES.PASSWORD_WRONG]);
    const res = await as(cookie, 'POST', '/api/users/me/two-factor/disable', { password: DEMO_PASSWORD });
    expect(res.json()).toEqual({ success: true, data: { enabled: false }, messages: [TWO_FACTOR_MESSAGES.DISABLED] });
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_2FA_DISABLE', after: { twoFactor: false, confirmedWith: 'password' } });
    const u = await account(email);
    expect({ secret: u.totpSecret, on: u.totpEnabledAt, codes: u.recoveryCodes }).toEqual({ secret: null, on: null, codes: [] });
    await signIn(email);
    expectError(await as(cookie, 'POST', '/api/users/me/two-factor/disable', { password: DEMO_PASSWORD }), 409, [TWO_FACTOR_MESSAGES.NOT_ENABLED]);
  });
});

describe('code guesses are throttled', () => {
  it('five wrong codes lock the account’s code step: the sixth try answers 429, even with the right code', async () => {
    const email = 'casino.manager@demo.local';
    const { secret } = await enrolDirect(email);
    const challenge = await challengeOf(email);
    for (let i = 0; i < 5; i++) expectError(await second(challenge, `00000${i}`), 401, [TWO_FACTOR_MESSAGES.CODE_INVALID]);
    expectError(await second(challenge, codeFor(secret)), 429, [TWO_FACTOR_MESSAGES.TOO_MANY_CODES]);
    // Another challenge (the password is right) does not reopen it.
    expectError(await second(await challengeOf(email), codeFor(secret)), 429, [TWO_FACTOR_MESSAGES.TOO_MANY_CODES]);
    const wrong = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
    expect(wrong.filter((a) => a.reason === 'WRONG_CODE')).toHaveLength(5);
  });
});

describe('admin reset of another account’s second factor', () => {
  const email = 'bravo.admin@demo.local';

  it('the admin list shows who has it', async () => {
    await enrolDirect(email);
    const res = await t.call('POST', '/api/users/list', { as: SUPER, body: { limit: 100 } });
    const rows = res.json().data.items as StaffRow[];
    expect(rows.find((r) => r.email === email)?.twoFactor).toBe(true);
    expect(rows.find((r) => r.email === 'admin@demo.local')?.twoFactor).toBe(false);
    // The details page says it once, as the list does.
    const details = (await t.call('GET', `/api/users/details/${(await account(email)).id}`, { as: SUPER })).json().data;
    expect(details).toMatchObject({ email, twoFactor: true });
    expect(Object.keys(details)).not.toContain('twoFactorEnabled');
  });

  it('is refused without the admins page, and another operator’s account is not found', async () => {
    const adminId = (await account(email)).id;
    expectForbidden(await t.call('POST', '/api/users/reset-2fa', { as: OPM, body: { adminId } }));
    expectError(await t.call('POST', '/api/users/reset-2fa', { as: OPA, body: { adminId } }), 404, [STAFF_MESSAGES.USER_NOT_FOUND]);
    expectError(await t.call('POST', '/api/users/reset-2fa', { as: OPA, body: { adminId: (await account(OPA)).id } }), 403, [STAFF_MESSAGES.NO_PERMISSION]);
    expect((await account(email)).totpEnabledAt).not.toBeNull();
  });

  it('clears the secret and the recovery codes, ends a pending sign-in, and is logged', async () => {
    const u = await account(email);
    const challenge = await challengeOf(email);
    const res = await t.call('POST', '/api/users/reset-2fa', { as: SUPER, body: { adminId: u.id } });
    expect(res.json()).toEqual({ success: true, data: { id: u.id, twoFactor: false }, messages: [TWO_FACTOR_MESSAGES.RESET] });
    const after = await account(email);
    expect({ secret: after.totpSecret, on: after.totpEnabledAt, codes: after.recoveryCodes }).toEqual({ secret: null, on: null, codes: [] });
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_2FA_RESET', actorEmail: SUPER, targetType: 'user', targetId: email, opId: 'op-bravo', after: { twoFactor: false } });
    expectError(await second(challenge, 'aaaaa-bbbbb'), 401, [TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED]);
    await signIn(email);
    expectError(await t.call('POST', '/api/users/reset-2fa', { as: SUPER, body: { adminId: u.id } }), 409, [TWO_FACTOR_MESSAGES.RESET_NOTHING]);
  });
});

describe('the operator-wide rule', () => {
  const rule = (as: Login, opId: string, requireTwoFactor: boolean) => t.call('POST', '/api/operators/two-factor', { as, body: { opId, requireTwoFactor } });

  it('is set by global admins and by the operator’s own admin only', async () => {
    expectForbidden(await rule(OPM, 'op-alpha', true));
    expectForbidden(await rule('partner@demo.local', 'op-alpha', true));
    expectError(await rule(OPA, 'op-bravo', true), 404, [MSG.OPERATOR_NOT_FOUND]);
    expectError(await t.call('GET', '/api/operators/two-factor?opId=op-bravo', { as: OPA }), 404, [MSG.OPERATOR_NOT_FOUND]);
    // The rule covers its author, who has no second factor yet.
    expectError(await rule(OPA, 'op-alpha', true), 409, [TWO_FACTOR_MESSAGES.RULE_SELF_FIRST]);
    const [op] = await t.database.db.select().from(operators).where(eq(operators.opId, 'op-alpha'));
    expect(op!.requireTwoFactor).toBe(false);
  });

  it('on: covered staff without a second factor sign in but reach only their profile until they set it up', async () => {
    const email = 'operator.manager@demo.local';
    const cookie = await signIn(email);
    const before = await as(cookie, 'POST', '/api/players', { limit: 1 });
    expect(before.statusCode).toBe(200);

    const on = await rule(SUPER, 'op-alpha', true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().messages).toEqual([TWO_FACTOR_MESSAGES.RULE_ON]);
    expect(on.json().data).toMatchObject({ opId: 'op-alpha', title: 'Alpha Gaming', requireTwoFactor: true, requiredByParent: null });
    expect(on.json().data.staffWithoutTwoFactor).toBeGreaterThan(0);
    expect(await t.lastActivity()).toMatchObject({ action: 'OPERATOR_2FA_RULE', targetType: 'operator', targetId: 'op-alpha', before: { requireTwoFactor: false }, after: { requireTwoFactor: true } });
    expectError(await rule(SUPER, 'op-alpha', true), 409, [TWO_FACTOR_MESSAGES.RULE_UNCHANGED]);
    // A brand's rule view says its parent requires it.
    expect((await t.call('GET', '/api/operators/two-factor?opId=alpha-casino', { as: SUPER })).json().data.requiredByParent).toEqual({ opId: 'op-alpha', title: 'Alpha Gaming' });

    // The running session at once: every call but the profile's answers 403 with the reason.
    const refused = await as(cookie, 'POST', '/api/players', { limit: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, status: 'TWO_FACTOR_SETUP_REQUIRED', messages: [TWO_FACTOR_MESSAGES.SETUP_REQUIRED], data: { redirect: '/user/profile' } });
    expect((await as(cookie, 'GET', '/api/users/me/check')).json().data).toMatchObject({ twoFactorSetupRequired: true, twoFactorEnabled: false });
    expect((await as(cookie, 'GET', '/api/operators/menu-list')).json().data.map((m: { path: string }) => m.path)).toEqual(['/user/profile']);
    expect((await as(cookie, 'GET', '/api/users/me/profile')).json().data.twoFactor.requiredByOperator).toBe(true);
    // A new sign-in too (a brand's staff is covered by its parent's rule); a global account is not.
    const brand = await signIn('brand.admin@demo.local');
    expect((await as(brand, 'POST', '/api/players', { limit: 1 })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/players', { as: SUPER, body: { limit: 1 } })).statusCode).toBe(200);

    // Setting it up opens the console.
    const { secret } = (await as(cookie, 'POST', '/api/users/me/two-factor/start', {})).json().data;
    expect((await as(cookie, 'POST', '/api/users/me/two-factor/confirm', { code: codeFor(secret) })).statusCode).toBe(200);
    expect((await as(cookie, 'POST', '/api/players', { limit: 1 })).statusCode).toBe(200);
    // And it cannot be turned off while the rule stands.
    expectError(await as(cookie, 'POST', '/api/users/me/two-factor/disable', { password: DEMO_PASSWORD }), 403, [TWO_FACTOR_MESSAGES.REQUIRED_BY_OPERATOR]);
  });

  it('off: the covered staff reach the console again', async () => {
    const brand = await signIn('brand.admin@demo.local');
    expect((await as(brand, 'POST', '/api/players', { limit: 1 })).statusCode).toBe(403);
    const off = await rule(SUPER, 'op-alpha', false);
    expect(off.json().messages).toEqual([TWO_FACTOR_MESSAGES.RULE_OFF]);
    expect((await as(brand, 'POST', '/api/players', { limit: 1 })).statusCode).toBe(200);
  });
});

describe('own profile', () => {
  it('every role opens it, partner and dev ops included', async () => {
    for (const who of ['partner@demo.local', 'devops@demo.local', OPM] as Login[]) {
      const res = await t.call('GET', '/api/users/me/profile', { as: who });
      expect(res.statusCode, `${who} ${res.body}`).toBe(200);
      expect(res.json().data).toMatchObject({ email: who, language: 'en', timezone: 'UTC' });
    }
    expect((await t.call('GET', '/api/users/me/check', { as: 'partner@demo.local' })).json().data.permissions).toContain('user_profile');
  });

  it('nickname, language and timezone: the rules and their messages', async () => {
    const who: Login = 'devops@demo.local';
    const put = (body: unknown) => t.call('PUT', '/api/users/me/profile', { as: who, body });
    expectError(await put({ nickname: 'dev-ops!' }), 400, [STAFF_MESSAGES.NICKNAME_INVALID]);
    expectError(await put({ nickname: 'ab' }), 400, [STAFF_MESSAGES.NICKNAME_LENGTH]);
    expectError(await put({ nickname: 'a'.repeat(16) }), 400, [STAFF_MESSAGES.NICKNAME_LENGTH]);
    expectError(await put({ timezone: 'Mars/Olympus' }), 400, [MSG.UNKNOWN_TIMEZONE]);
    expectError(await put({}), 400, [PROFILE_MESSAGES.NOTHING_TO_UPDATE]);
    const res = await put({ nickname: ' Dev Ops 2 ', language: 'tr', timezone: 'europe/istanbul' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ nickname: 'Dev Ops 2', language: 'tr', timezone: 'Europe/Istanbul' });
    expect(res.json().messages).toEqual([PROFILE_MESSAGES.UPDATED]);
    expect(await t.lastActivity()).toMatchObject({ action: 'USER_PROFILE_UPDATE', targetId: who, before: { nickname: 'devops', language: 'en', timezone: 'UTC' } });
    // The session sees it at once (its cached user is dropped).
    expect((await t.call('GET', '/api/users/me/check', { as: who })).json().data).toMatchObject({ nickname: 'Dev Ops 2', timezone: 'Europe/Istanbul' });
    expectError(await put({ nickname: 'Dev Ops 2' }), 400, [PROFILE_MESSAGES.NOTHING_TO_UPDATE]);
    expectError(await put({ language: 'xx' }), 400, [MSG.LANGUAGE_INVALID]);
  });

  it("the top bar's time zone follows the profile's rule: an IANA name, stored canonical", async () => {
    const who: Login = 'devops@demo.local';
    expectError(await t.call('PUT', '/api/users/me/timezone', { as: who, body: { timezone: 'Mars/Olympus' } }), 400, [MSG.UNKNOWN_TIMEZONE]);
    const res = await t.call('PUT', '/api/users/me/timezone', { as: who, body: { timezone: 'asia/tehran' } });
    expect(res.json()).toEqual({ success: true, data: { timezone: 'Asia/Tehran' }, messages: [] });
    expect((await t.call('GET', '/api/users/me/profile', { as: who })).json().data.timezone).toBe('Asia/Tehran');
  });

  it('own password: the current one is required; the rules of 002 §5; the other sessions end, this one stays', async () => {
    const email = 'former.manager@demo.local';
    await t.database.db.update(users).set({ isBlocked: false }).where(eq(users.email, email));
    const mine = await signIn(email);
    const other = await signIn(email);
    const change = (body: unknown) => as(mine, 'POST', '/api/users/me/password', body);
    expectError(await change({ currentPassword: '', newPassword: 'Fresh-Pass-2026', passwordConfirm: 'Fresh-Pass-2026' }), 400, [PROFILE_MESSAGES.CURRENT_PASSWORD_REQUIRED]);
    expectError(await change({ currentPassword: 'wrong', newPassword: 'Fresh-Pass-2026', passwordConfirm: 'Fresh-Pass-2026' }), 400, [PROFILE_MESSAGES.CURRENT_PASSWORD_WRONG]);
    expectError(await change({ currentPassword: DEMO_PASSWORD, newPassword: 'short', passwordConfirm: 'short' }), 400,
      [STAFF_MESSAGES.passwordMissing(['one uppercase letter', 'one digit', '8 characters'])]);
    expectError(await change({ currentPassword: DEMO_PASSWORD, newPassword: 'Fresh-Pass-2026', passwordConfirm: 'Fresh-Pass-2027' }), 400, [STAFF_MESSAGES.PASSWORD_MISMATCH]);
    expectError(await change({ currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, passwordConfirm: DEMO_PASSWORD }), 400, [PROFILE_MESSAGES.SAME_PASSWORD]);
    const res = await change({ currentPassword: DEMO_PASSWORD, newPassword: 'Fresh-Pass-2026', passwordConfirm: 'Fresh-Pass-2026' });
    expect(res.json()).toEqual({ success: true, data: { ended: 1 }, messages: [PROFILE_MESSAGES.passwordUpdated(1)] });
    expect((await as(mine, 'GET', '/api/users/me/check')).statusCode).toBe(200);
    expect((await as(other, 'GET', '/api/users/me/check')).statusCode).toBe(401);
    const act = await t.lastActivity();
    expect(act).toMatchObject({ action: 'USER_PASSWORD_CHANGE', targetId: email, after: { passwordChanged: true, otherSessionsEnded: 1 } });
    expect(JSON.stringify(act)).not.toContain('Fresh-Pass-2026');
    expect((await password(email, 'Fresh-Pass-2026')).statusCode).toBe(200);
  });

  it('writes no activity for a refused change', async () => {
    const n = (await t.database.db.select().from(activities)).length;
    expectError(await t.call('PUT', '/api/users/me/profile', { as: 'partner@demo.local', body: { nickname: '!!!' } }), 400, [STAFF_MESSAGES.NICKNAME_INVALID]);
    expect((await t.database.db.select().from(activities)).length).toBe(n);
  });
});

describe('new recovery codes on the profile', () => {
  const who: Login = 'admin@demo.local';
  const renew = (body: unknown) => t.call('POST', '/api/users/me/two-factor/recovery-codes', { as: who, body });

  it('are refused while two-factor authentication is off, and without a current code of the app', async () => {
    expectError(await renew({ code: '123456' }), 409, [TWO_FACTOR_MESSAGES.NOT_ENABLED]);
    const { secret, codes } = await enrolDirect(who);
    expectError(await renew({ code: '' }), 400, [TWO_FACTOR_MESSAGES.CODE_REQUIRED]);
    // A recovery code is not a code of the app.
    expectError(await renew({ code: codes[0] }), 400, [TWO_FACTOR_MESSAGES.CODE_FORMAT]);
    const wrong = String((Number(codeFor(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    expectError(await renew({ code: wrong }), 400, [TWO_FACTOR_MESSAGES.CODE_INVALID]);
    expect((await account(who)).recoveryCodes).toEqual(codes.map(sha256));
  });

  it('a current code makes ten new ones, shown once; the old ones stop working; logged without a code', async () => {
    const u = await account(who);
    const code = codeFor(u.totpSecret!);
    const res = await renew({ code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([TWO_FACTOR_MESSAGES.RECOVERY_CODES_NEW]);
    const fresh: string[] = res.json().data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(new Set(fresh).size).toBe(10);
    for (const c of fresh) expect(c).toMatch(RECOVERY_CODE_PATTERN);
    expect((await account(who)).recoveryCodes).toEqual(fresh.map(sha256));
    const act = await t.lastActivity();
    expect(act).toMatchObject({ action: 'USER_2FA_RECOVERY_CODES', actorEmail: who, targetType: 'user', targetId: who, before: { recoveryCodes: 2 }, after: { recoveryCodes: 10 } });
    for (const c of fresh) expect(JSON.stringify(act)).not.toContain(c);
    // The same code of the app is used once.
    expectError(await renew({ code }), 400, [TWO_FACTOR_MESSAGES.CODE_INVALID]);
    // An old recovery code no longer signs in; a new one does, once.
    expectError(await second(await challengeOf(who), 'aaaaa-bbbbb'), 401, [TWO_FACTOR_MESSAGES.CODE_INVALID]);
    const signedIn = await second(await challengeOf(who), fresh[0]!);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().messages).toEqual([TWO_FACTOR_MESSAGES.recoveryCodeUsed(9)]);
    expect((await t.call('GET', '/api/users/me/profile', { as: who })).json().data.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
  });
});

describe('what the issue shows: a new operator admin enrols and is asked for a code next time', () => {
  it('a super admin creates an operator admin, who signs in, sets up two-factor and needs a code at the next sign-in', async () => {
    const email = 'enrolled.admin@demo.local';
    const pw = 'Enrol-Pass-2026';
    const created = await t.call('POST', '/api/users', { as: SUPER, body: { email, password: pw, nickname: 'Enrolled Admin', role: 'OPERATOR_ADMIN', opId: 'op-charlie' } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ role: 'OPERATOR_ADMIN', opId: 'op-charlie', twoFactor: false });
    const first = await password(email, pw);
    expect(first.statusCode, first.body).toBe(200);
    const cookie = cookieOf(first)!;
    const start = await as(cookie, 'POST', '/api/users/me/two-factor/start', {});
    expect(start.statusCode, start.body).toBe(200);
    const secret = start.json().data.secret as string;
    expect((await as(cookie, 'POST', '/api/users/me/two-factor/confirm', { code: codeFor(secret) })).statusCode).toBe(200);
    // The admin list shows it to the super admin.
    const row = (await t.call('POST', '/api/users/list', { as: SUPER, body: { search: email } })).json().data.items as StaffRow[];
    expect(row.map((r) => [r.email, r.twoFactor])).toEqual([[email, true]]);
    // Next sign-in: the password alone starts no session.
    const next = await password(email, pw);
    expect(next.json()).toMatchObject({ status: 'TWO_FACTOR_REQUIRED', data: { twoFactorRequired: true } });
    expect(cookieOf(next)).toBeNull();
    expectError(await second(next.json().data.challenge, '123456'), 401, [TWO_FACTOR_MESSAGES.CODE_INVALID]);
    const done = await second(next.json().data.challenge, codeFor(secret, 1));
    expect(done.statusCode, done.body).toBe(200);
    expect((await as(cookieOf(done)!, 'POST', '/api/users/list', {})).statusCode).toBe(200);
  });
});
