import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { SCOPE_KEYS, scopeShape } from '../kit/useListParams';

/**
 * The shell's view of the shared scope params. Changing the operator (or the brands
 * switch or the test filter) removes `page` and `limit` (000 §2.2) and closes any drawer.
 */
export function useScope() {
  const [sp, setSp] = useSearchParams();
  const read = <K extends (typeof SCOPE_KEYS)[number]>(k: K) => {
    const r = scopeShape[k].safeParse(sp.get(k) ?? undefined);
    return r.success ? r.data : undefined;
  };
  const opId = read('opId');
  const includeBrands = read('includeBrands');
  const isTest = read('isTest');

  const setScope = useCallback(
    (patch: Partial<Record<(typeof SCOPE_KEYS)[number], string | undefined>>) => {
      setSp((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, v);
        }
        next.delete('page');
        next.delete('limit');
        next.delete('drawer');
        return next;
      });
    },
    [setSp],
  );

  /** The scope part of the query string, carried along by navigation links. */
  const scopeSearch = (() => {
    const p = new URLSearchParams();
    for (const k of SCOPE_KEYS) {
      const v = sp.get(k);
      if (v) p.set(k, v);
    }
    const s = p.toString();
    return s ? `?${s}` : '';
  })();

  return { opId, includeBrands, isTest, setScope, scopeSearch };
}
