import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { loginTwoFactorBody, profilePasswordBody, profileUpdateBody, timezoneNames, totpCodeSchema, PROFILE_MESSAGES } from './profile.js';
import { STAFF_MESSAGES, nicknameSchema } from './staff.js';
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
