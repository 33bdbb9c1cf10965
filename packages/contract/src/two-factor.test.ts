import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { loginTwoFactorBody, profilePasswordBody, profileUpdateBody, totpCodeSchema, PROFILE_MESSAGES } from './profile.js';
import { timezoneNames } from './validation.js';
import { STAFF_MESSAGES, newPasswordStrong, nicknameSchema, passwordMissing, passwordSchema, staffCreateBody, staffPasswordBody, staffPasswordForm } from './staff.js';
import { TWO_FACTOR_MESSAGES, codeKind, describeUserAgent, normalizeCode } from './two-factor.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('codes', () => {
  it('a typed code is normalised: spaces out, lower case, the recovery code hyphen back', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('ABCDE FGHJK')).toBe('abcde-fghjk');
    expect(normalizeCode('abcdefghjk')).toBe('abcde-fghjk');
    expect(codeKind('123456')).toBe('totp');
    expect(codeKind('abcde-fghjk')).toBe('recovery');
    expect(codeKind('abcde-fghj1')).toBeNull(); // 1 is not in the alphabet
    expect(codeKind('12345')).toBeNull();
  });

  it('the code step refuses an empty or malformed code with its message', () => {
    expect(firstMessage(totpCodeSchema.safeParse(''))).toBe(TWO_FACTOR_MESSAGES.CODE_REQUIRED);
    expect(firstMessage(totpCodeSchema.safeParse('12a456'))).toBe(TWO_FACTOR_MESSAGES.CODE_FORMAT);
    expect(totpCodeSchema.parse(' 123 456')).toBe('123456');
    expect(firstMessage(loginTwoFactorBody.safeParse({ challenge: 'x'.repeat(43), code: 'nope' }))).toBe(TWO_FACTOR_MESSAGES.CODE_INVALID);
    expect(loginTwoFactorBody.parse({ challenge: 'x'.repeat(43), code: 'QWERT YUPAS' }).code).toBe('qwert-yupas');
  });
});

describe('profile rules', () => {
  it('nickname: letters, digits and spaces, 3 to 15 (002 §5)', () => {
    expect(nicknameSchema.parse('  Ayşe Demir 2 ')).toBe('Ayşe Demir 2');
    expect(firstMessage(nicknameSchema.safeParse('alpha-admin'))).toBe(STAFF_MESSAGES.NICKNAME_INVALID);
    expect(firstMessage(nicknameSchema.safeParse('ab'))).toBe(STAFF_MESSAGES.NICKNAME_LENGTH);
    expect(firstMessage(nicknameSchema.safeParse('a'.repeat(16)))).toBe(STAFF_MESSAGES.NICKNAME_LENGTH);
  });

  it('timezone: an IANA name, stored canonical; UTC first in the list', () => {
    expect(profileUpdateBody.parse({ timezone: 'asia/tehran' }).timezone).toBe('Asia/Tehran');
    expect(firstMessage(profileUpdateBody.safeParse({ timezone: 'Nowhere/City' }))).toBe(MSG.UNKNOWN_TIMEZONE);
    expect(timezoneNames()[0]).toBe('UTC');
    expect(timezoneNames()).toContain('Europe/Istanbul');
    expect(firstMessage(profileUpdateBody.safeParse({}))).toBe(PROFILE_MESSAGES.NOTHING_TO_UPDATE);
  });

  it('a changed password (002 §5): lowercase, uppercase, digit and 8 characters; what is missing is listed', () => {
    const weak = STAFF_MESSAGES.passwordMissing(['one uppercase letter', 'one digit']);
    expect(passwordMissing('Abcdefg1')).toEqual([]);
    expect(firstMessage(passwordSchema.safeParse('weakpassword'))).toBe(weak);
    expect(firstMessage(passwordSchema.safeParse(undefined))).toBe(STAFF_MESSAGES.passwordMissing(['one lowercase letter', 'one uppercase letter', 'one digit', '8 characters']));
    const adminId = '00000000-0000-4000-8000-000000000000';
    expect(firstMessage(staffPasswordForm.safeParse({ newPassword: 'weakpassword', passwordConfirm: 'weakpassword' }))).toBe(weak);
    expect(firstMessage(staffPasswordBody.safeParse({ adminId, newPassword: 'weakpassword', passwordConfirm: 'weakpassword' }))).toBe(weak);
    expect(firstMessage(profilePasswordBody.safeParse({ currentPassword: 'x', newPassword: 'weakpassword', passwordConfirm: 'weakpassword' }))).toBe(weak);
    expect(firstMessage(staffPasswordForm.safeParse({ newPassword: 'abcdef1!', passwordConfirm: 'abcdef1!' }))).toBe(STAFF_MESSAGES.passwordMissing(['one uppercase letter']));
    expect(firstMessage(staffPasswordForm.safeParse({ newPassword: 'Abcdefg1', passwordConfirm: 'Abcdefg2' }))).toBe(STAFF_MESSAGES.PASSWORD_MISMATCH);
  });

  it("a new account's password (002 §5): 8 characters and at least 3 of the 4 character types, else 'Password is weak'", () => {
    const create = (password: string) => staffCreateBody.safeParse({ email: 'a@b.co', password, nickname: 'New One', role: 'DEV_OPS' });
    expect(firstMessage(create('weakpassword'))).toBe(STAFF_MESSAGES.PASSWORD_WEAK);
    expect(firstMessage(create('Ab1!x'))).toBe(STAFF_MESSAGES.PASSWORD_WEAK);
    expect(firstMessage(create('abcdefgh12'))).toBe(STAFF_MESSAGES.PASSWORD_WEAK);
    // Three types are enough, whichever three: no uppercase here, no digit there.
    expect(newPasswordStrong('abcdef1!')).toBe(true);
    expect(newPasswordStrong('Abcdefg!')).toBe(true);
    expect(newPasswordStrong('Abcdefg1')).toBe(true);
    expect(newPasswordStrong('Abc1!')).toBe(false);
    expect(create('abcdef1!').success).toBe(true);
  });

  it('own password: the current one required, the new one different and strong', () => {
    expect(firstMessage(profilePasswordBody.safeParse({ currentPassword: '', newPassword: 'Abcdefg1', passwordConfirm: 'Abcdefg1' }))).toBe(PROFILE_MESSAGES.CURRENT_PASSWORD_REQUIRED);
    expect(firstMessage(profilePasswordBody.safeParse({ currentPassword: 'Abcdefg1', newPassword: 'Abcdefg1', passwordConfirm: 'Abcdefg1' }))).toBe(PROFILE_MESSAGES.SAME_PASSWORD);
    expect(profilePasswordBody.safeParse({ currentPassword: 'old', newPassword: 'Abcdefg1', passwordConfirm: 'Abcdefg1' }).success).toBe(true);
  });
});

describe('devices', () => {
  it('names a session’s browser and system', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Windows');
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toBe('Safari on macOS');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Linux');
    expect(describeUserAgent(null)).toBe('Unknown device');
  });
});
