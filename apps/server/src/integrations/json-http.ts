/**
 * One JSON request to an outside service (payment providers, the sportsbook): bearer key,
 * `Accept: application/json`, an optional `Idempotency-Key`, a timeout through AbortController.
 * The answer says what happened without judging it; each client maps it to its own outcomes:
 * - `response`: the service answered (any status), the body parsed as JSON when it is JSON;
 * - `timeout`: no answer within the time allowed (the request may have been acted on);
 * - `unreachable`: the request never left (connection refused, unknown host, invalid URL);
 * - `broken`: the connection failed after it was made (the request may have been acted on).
 */
export interface JsonHttpConfig {
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export type JsonAnswer =
  | { kind: 'response'; status: number; statusText: string; body: unknown }
  | { kind: 'timeout'; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'broken'; message: string };

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ERR_INVALID_URL']);

function errorCode(e: unknown): string | undefined {
  const c = (e as { cause?: { code?: string }; code?: string });
  return c?.cause?.code ?? c?.code;
}

/** `baseUrl` without its trailing slashes. */
export const baseOf = (cfg: JsonHttpConfig): string => cfg.baseUrl.replace(/\/+$/, '');

export async function sendJson(
  cfg: JsonHttpConfig, defaultTimeoutMs: number, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, idempotencyKey?: string,
): Promise<JsonAnswer> {
  const timeoutMs = cfg.timeoutMs ?? defaultTimeoutMs;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (cfg.apiKey) headers.authorization = `Bearer ${cfg.apiKey}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  try {
    const res = await (cfg.fetchImpl ?? fetch)(`${baseOf(cfg)}${path}`, {
      method, headers, signal: ctrl.signal, ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = text ? JSON.parse(text) : null; } catch { /* keep the text */ }
    return { kind: 'response', status: res.status, statusText: res.statusText, body: parsed };
  } catch (e) {
    if (ctrl.signal.aborted) return { kind: 'timeout', message: `No answer within ${timeoutMs} ms.` };
    const code = errorCode(e);
    const message = `${(e as Error).message}${code ? ` (${code})` : ''}`;
    return code && NOT_SENT_CODES.has(code) ? { kind: 'unreachable', message } : { kind: 'broken', message };
  } finally {
    clearTimeout(timer);
  }
}
