import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, TEST_PLAYER_FILTER } from '@pitboss/contract/constants';

/**
 * The typed URL contract shared by every list (000 §2.2): opId, includeBrands, isTest,
 * page, limit. Each field is parsed on its own with zod `safeParse`, so one bad value
 * falls back to its default instead of discarding the whole query string.
 */
/** The page size: one of PAGE_SIZES, `fallback` when absent or not one of them. */
const limitShape = (fallback: number) => z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
  .catch(fallback)
  .default(fallback);

export const scopeShape = {
  opId: z.string().trim().min(1).optional(),
  includeBrands: z.enum(['true', 'false']).optional(),
  isTest: z.enum(TEST_PLAYER_FILTER.map((x) => x.value) as ['true', 'false', 'all']).optional(),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  limit: limitShape(DEFAULT_PAGE_SIZE),
  /** The open detail drawer of the list (see kit/DetailDrawer.tsx for why it is a param). */
  drawer: z.string().trim().min(1).max(120).optional(),
};

type Shape = Record<string, z.ZodType>;
export type ListParams<S extends Shape> = { [K in keyof (typeof scopeShape & S)]: z.output<(typeof scopeShape & S)[K]> };
export type ParamPatch = Record<string, string | number | boolean | null | undefined>;

/** The keys of the scope that belong to the shell, not to a page's filter drawer. */
export const SCOPE_KEYS = ['opId', 'includeBrands', 'isTest'] as const;

function parseShape<S extends Shape>(shape: S, read: (k: string) => string | undefined) {
  const out: Record<string, unknown> = {};
  for (const [k, schema] of Object.entries(shape)) {
    const res = schema.safeParse(read(k));
    if (res.success) out[k] = res.data;
    else {
      const fallback = schema.safeParse(undefined);
      out[k] = fallback.success ? fallback.data : undefined;
    }
  }
  return out;
}

/**
 * Read and write one list's URL state. `prefix` namespaces the page-specific keys when a
 * page holds two tables (the shared scope keys are never prefixed); `defaultLimit` is the page
 * size when the URL names none (DEFAULT_PAGE_SIZE unless the spec gives the list its own).
 */
export function useListParams<S extends Shape>(extra: S, opts: { prefix?: string; defaultLimit?: (typeof PAGE_SIZES)[number] } = {}) {
  const [sp, setSp] = useSearchParams();
  const prefix = opts.prefix ?? '';
  const defaultLimit = opts.defaultLimit ?? DEFAULT_PAGE_SIZE;
  const key = useCallback((k: string) => ((SCOPE_KEYS as readonly string[]).includes(k) ? k : `${prefix}${k}`), [prefix]);
  const shape = useMemo(() => ({ ...scopeShape, ...(defaultLimit === DEFAULT_PAGE_SIZE ? {} : { limit: limitShape(defaultLimit) }), ...extra }), [extra, defaultLimit]);
  const spKey = sp.toString();

  const params = useMemo(
    () => parseShape(shape, (k) => sp.get(key(k)) ?? undefined) as ListParams<S>,
    [shape, spKey, key],
  );

  /** Merge a patch into the URL; empty values remove their key. */
  const set = useCallback(
    (patch: ParamPatch, o: { replace?: boolean } = {}) => {
      setSp(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === null || v === '') next.delete(key(k));
            else next.set(key(k), String(v));
          }
          return next;
        },
        { replace: o.replace },
      );
    },
    [setSp, key],
  );

  /** Replace the page filters (from the filter drawer): resets page, keeps scope and limit. */
  const setFilters = useCallback(
    (filters: ParamPatch) => {
      const cleared: ParamPatch = {};
      for (const k of Object.keys(extra)) cleared[k] = undefined;
      set({ ...cleared, ...filters, page: undefined, drawer: undefined });
    },
    [extra, set],
  );

  return { params, set, setFilters };
}

export type ListState<S extends Shape> = ReturnType<typeof useListParams<S>>;

/** The body sent to list calls: the parsed params without the UI-only `drawer` key. */
export function toBody(params: Record<string, unknown>): Record<string, unknown> {
  const { drawer: _drawer, ...rest } = params;
  return rest;
}
