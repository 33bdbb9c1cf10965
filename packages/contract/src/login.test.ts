import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBody } from './api.js';
import { EMAIL_PATTERN, loginFieldErrors } from './login.js';

/** The first message of each field, as the console's form showed it with zod. */
function zodErrors(v: { email: string; password: string }) {
  const res = loginBody.safeParse(v);
  const out: Record<string, string> = {};
  if (!res.success) for (const i of res.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
}

describe('login rules without zod', () => {
  it('use zod\'s email pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it.each([
    ['', ''],
    ['   ', 'x'],
    ['admin', 'x'],
    ['admin@', 'x'],
    ['admin@demo', 'x'],
    ['admin@demo.local', ''],
    ['  admin@demo.local  ', 'pw'],
    ['a.b+c@sub.example.com', 'pw'],
    ['.a@b.cd', 'pw'],
    ['a..b@b.cd', 'pw'],
    ['a@-b.cd', 'pw'],
  ])('%j / %j: the same answer as loginBody', (email, password) => {
    expect(loginFieldErrors({ email, password })).toEqual(zodErrors({ email, password }));
  });
});
