/**
 * Staff two-factor authentication (TOTP, RFC 6238) and sessions: the messages and the code
 * rules of both sides, written once. Zod-free: the login page (the console's first load) reads
 * it; the schemas of the calls are in profile.ts.
 */
export const TWO_FACTOR_MESSAGES = {
  CODE_REQUIRED: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  CODE_FORMAT: 'Enter the 6-digit code from your authenticator app.',
  CODE_INVALID: 'The code is not valid. Check the time on your device and try again.',
  TOO_MANY_CODES: 'Too many wrong codes. Please try again later.',
  CHALLENGE_EXPIRED: 'The sign-in has expired. Please sign in again.',
  SECOND_STEP: 'Two-factor authentication is on for this account: enter a code to finish signing in.',
  NOT_STARTED: 'Start the two-factor setup first.',
  ALREADY_ENABLED: 'Two-factor authentication is already on.',
  NOT_ENABLED: 'Two-factor authentication is not on.',
  ENABLED: 'Two-factor authentication is on. Keep the recovery codes somewhere safe: they are shown once.',
  DISABLED: 'Two-factor authentication is off.',
  DISABLE_PROOF: 'Enter a current code or your password.',
  PASSWORD_WRONG: 'The password is not correct.',
  REQUIRED_BY_OPERATOR: 'Your operator requires two-factor authentication: it cannot be turned off.',
  RECOVERY_CODES_NEW: 'New recovery codes made: the old ones no longer work.',
  recoveryCodeUsed: (left: number) => `Signed in with a recovery code: ${left} left.`,
  RESET: 'Two-factor authentication has been reset: the user sets it up again at their next sign-in.',
  RESET_NOTHING: 'This user has no two-factor authentication to reset.',
  SETUP_REQUIRED: 'Your operator requires two-factor authentication. Set it up on your profile to use the console.',
  RULE_ON: "Two-factor authentication is now required for this operator's staff.",
  RULE_OFF: "Two-factor authentication is no longer required for this operator's staff.",
  RULE_UNCHANGED: 'The rule is already set that way.',
  RULE_SELF_FIRST: 'Set up two-factor authentication on your own account first: the rule covers you too.',
} as const;

export const SESSION_MESSAGES = {
  NOT_FOUND: 'Session not found.',
  CURRENT: 'This is the session you are using: sign out instead.',
  REVOKED: 'The session has been ended.',
  othersRevoked: (n: number) => (n === 1 ? '1 other session has been ended.' : `${n} other sessions have been ended.`),
  allRevoked: (n: number) => (n === 1 ? '1 session has been ended.' : `${n} sessions have been ended.`),
} as const;

/** The TOTP parameters every authenticator app understands (RFC 6238 defaults). */
export const TOTP_PARAMS = { issuer: 'Pitboss', algorithm: 'SHA1', digits: 6, period: 30, secretBytes: 20 } as const;
/** Codes of the step before and after the current one are accepted (clock drift). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the code step of a sign-in stays open. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** A session's last-seen time is written at most this often. */
export const SESSION_SEEN_EVERY_MS = 60_000;

/** Recovery codes: two groups of five characters that cannot be mistaken for each other. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/;

/** A typed code as it is checked: spaces dropped, lower case, a recovery code's hyphen put back. */
export function normalizeCode(raw: string): string {
  const s = raw.replace(/\s+/g, '').toLowerCase();
  return /^[a-z0-9]{10}$/.test(s) && !/^\d+$/.test(s) ? `${s.slice(0, 5)}-${s.slice(5)}` : s;
}

export type CodeKind = 'totp' | 'recovery';
/** Which kind of code this is (after `normalizeCode`), or null when it is neither. */
export function codeKind(code: string): CodeKind | null {
  if (TOTP_CODE_PATTERN.test(code)) return 'totp';
  if (RECOVERY_CODE_PATTERN.test(code)) return 'recovery';
  return null;
}

/** What the sign-in's first step answers when a code is still needed. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  challenge: string;
  expiresAt: string;
}

/** "Chrome on Windows" from a User-Agent header (what a staff member recognises in a session list). */
export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua) ? 'Edge' : /OPR\//.test(ua) ? 'Opera' : /Firefox\//.test(ua) ? 'Firefox'
    : /(Chrome|Chromium|HeadlessChrome)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari'
      : /curl\//i.test(ua) ? 'curl' : /lightMyRequest/i.test(ua) ? 'API client' : null;
  const os = /Windows/.test(ua) ? 'Windows' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
    : /Android/.test(ua) ? 'Android' : /CrOS/.test(ua) ? 'ChromeOS' : /Linux/.test(ua) ? 'Linux' : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}
