import type { Envelope } from '@pitboss/contract';
import { ENDPOINTS } from '@pitboss/contract/endpoints';

/** A failed call: HTTP status plus the server's envelope messages (may be empty). */
export class ApiError extends Error {
  constructor(
    public readonly httpStatus: number,
    public readonly messages: string[],
    public readonly data: unknown = null,
    public readonly code?: string,
    public readonly statusText = '',
  ) {
    super(messages.join('; ') || `HTTP ${httpStatus}${statusText ? ` ${statusText}` : ''}`);
  }
}

/** The server answered (a refusal), as opposed to a call that never got an answer (network, thrown). */
export const answered = (e: unknown): e is ApiError => e instanceof ApiError && e.httpStatus > 0;

/** A failure's text when it carries no message: `ifAnswered` when the server answered, `ifNot` when no answer came. */
export const answeredOr = (ifAnswered: string, ifNot: string) => (e: unknown): string => (answered(e) ? ifAnswered : ifNot);

/** The payment dialogs' text for a failure without messages (001 §8): "HTTP {status} {text}" when the server answered, else `thrown`. */
export const httpStatusOr = (thrown: string) => (e: unknown): string => (answered(e) ? e.message : thrown);

/**
 * The spec's pair of failure texts of an action without server messages (001 §8, 002 §8):
 * `refused` when the server answered ("Failed to update 2FA settings"), `thrown` when the call
 * got no answer ("An error occurred while updating the 2FA settings").
 */
export const refusedOr = (refused: string, thrown: string) => (e: unknown): string => (answered(e) ? refused : thrown);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Drop empty values so optional filters are not sent as "". */
export function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;
}

/**
 * A user blocked during the session is sent to /admin?error=forbidden-access (the server answers
 * 403 FORBIDDEN_ACCESS with the redirect), one whose operator came to require two-factor
 * authentication to /user/profile; an expired session goes back to the login page.
 * The login call (and the session check, for 401) handle their own answers.
 */
function redirectIfSignedOut(url: string, httpStatus: number, env: { status?: string; data?: unknown } | null): void {
  if (typeof window === 'undefined' || url === ENDPOINTS['auth.login'].path || url === ENDPOINTS['auth.loginTwoFactor'].path) return;
  const redirect = (env?.data as { redirect?: unknown } | null)?.redirect;
  if (httpStatus === 403 && env?.status === 'FORBIDDEN_ACCESS' && typeof redirect === 'string' && redirect.startsWith('/')) {
    window.location.assign(redirect);
  } else if (httpStatus === 403 && env?.status === 'TWO_FACTOR_SETUP_REQUIRED' && redirect === '/user/profile' && window.location.pathname !== redirect) {
    // The operator's two-factor rule came into force during the session: the profile is where it is set up.
    window.location.assign(redirect);
  } else if (httpStatus === 401 && url !== ENDPOINTS['auth.sessionCheck'].path && window.location.pathname !== '/login') {
    window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }
}

/** One call to the API; resolves with the whole envelope, rejects with ApiError. */
export async function call<T>(method: Method, url: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<Envelope<T> & { warnings?: string[] }> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined || isForm ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' }),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, []);
  }
  let env: Partial<Envelope<T>> | null = null;
  try {
    env = (await res.json()) as Partial<Envelope<T>>;
  } catch {
    env = null;
  }
  const messages = Array.isArray(env?.messages) ? env.messages.filter((m): m is string => typeof m === 'string') : [];
  if (!res.ok || !env || env.success === false) {
    redirectIfSignedOut(url, res.status, env);
    throw new ApiError(res.status, messages, env?.data ?? null, env?.status, res.statusText);
  }
  const warnings = Array.isArray((env as { warnings?: unknown }).warnings)
    ? ((env as { warnings: unknown[] }).warnings.filter((m): m is string => typeof m === 'string'))
    : undefined;
  return { success: true, data: env.data as T, messages, status: env.status, ...(warnings ? { warnings } : {}) };
}

/** A query-string from a flat object, skipping empty values. */
export const qs = (o: Record<string, unknown>): string => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(compact(o))) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};
