/**
 * The login form's rules without a schema library: the console's first screen checks its
 * fields with `loginFieldErrors` (zod stays off the first load), and `loginBody` (api.ts)
 * applies the same rules with the same messages on the server.
 */
export const LOGIN_MESSAGES = {
  EMAIL_REQUIRED: 'Email is required.',
  EMAIL_INVALID: 'Invalid email address.',
  PASSWORD_REQUIRED: 'Password is required.',
} as const;

/** The email pattern of both sides (zod's default `z.regexes.email`). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export interface LoginFields {
  email: string;
  password: string;
}

/** The first failed rule of each field (none: the form may be sent). */
export function loginFieldErrors(v: LoginFields): Partial<Record<keyof LoginFields, string>> {
  const errors: Partial<Record<keyof LoginFields, string>> = {};
  const email = v.email.trim();
  if (!email) errors.email = LOGIN_MESSAGES.EMAIL_REQUIRED;
  else if (!EMAIL_PATTERN.test(email)) errors.email = LOGIN_MESSAGES.EMAIL_INVALID;
  if (!v.password) errors.password = LOGIN_MESSAGES.PASSWORD_REQUIRED;
  return errors;
}
