import { useCallback, useRef } from 'react';

const stable = (v: unknown): string =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v as object).sort().map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`).join(',')}}`
    : JSON.stringify(v) ?? 'undefined';

/**
 * The Idempotency-Key of one dialog's money-moving submission. `keyFor(body)` answers the same
 * key while the user retries the same submission (same body, e.g. after a network error), and
 * a fresh crypto.randomUUID() for a new action (a changed body, or after `reset()` on success).
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown) => {
    const s = stable(body);
    if (last.current && last.current.body === s) return last.current.key;
    const key = crypto.randomUUID();
    last.current = { body: s, key };
    return key;
  }, []);
  const reset = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, reset };
}
