import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Badge, Box, Button, FormControlLabel, LinearProgress, Switch, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow,
} from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import DownloadIcon from '@mui/icons-material/Download';
import { useIsSuper } from '../shell/session';
import { cellText, download, fetchForExport, toCsv } from './csv';
import { unbroken } from './cells';
import type { ListAnswer } from '@pitboss/contract';
import { dayRangeUtc } from '@pitboss/contract/time';
import { ENDPOINTS, type EndpointName } from '@pitboss/contract/endpoints';
import type { DataOf } from '@pitboss/contract/endpoint-schemas';
import { apiData } from '../api/endpoint';
import type { FilterDef } from './FilterDrawer';
import { lazyDialog } from './lazyDialog';
import { Pagination } from './Pagination';
import { EmptyRow, ErrorRow } from './EmptyRow';
import { useApiError } from './ErrorDialog';
import { toBody, type ParamPatch } from './useListParams';
import { stepKeys } from './DetailDrawer';
import { DrawerQueueContext, nextInQueue } from './actions/queue';

const FilterDrawer = lazyDialog(() => import('./FilterDrawer'), 'FilterDrawer');

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Plain text of the cell for CSV export (default: the rendered text). */
  csv?: (row: T) => string;
  /** Shown in the simple view (super roles can switch a list to its simple columns). */
  simple?: boolean;
  /** Keep the cell on one line (times and amounts are kept on one line without it: `unbroken`). */
  nowrap?: boolean;
  /** A column of the CSV export only: the table shows its figure inside another column. */
  exportOnly?: boolean;
}


/** What a drawer renderer gets: the open row key, its row (if on this page) and navigation. */
export interface DrawerContext<T> {
  openKey: string;
  row: T | undefined;
  rows: readonly T[];
  close: () => void;
  prevKey: string | undefined;
  nextKey: string | undefined;
  goTo: (key: string) => void;
  /** Step to the previous (-1) or next (+1) row of the current page, from the latest URL. */
  step: (dir: -1 | 1) => void;
}

export interface ListPageProps<T> {
  list: {
    params: Record<string, unknown> & { page: number; limit: number; drawer?: string };
    set: (patch: ParamPatch, o?: { replace?: boolean }) => void;
    setFilters: (f: ParamPatch) => void;
  };
  /**
   * The list call of the endpoint table: the query key and the fetch follow from it (its body,
   * or its query for a GET). A list without one passes `queryKey` and `fetcher`.
   */
  endpoint?: ListEndpoint;
  queryKey?: (body: Record<string, unknown>) => readonly unknown[];
  fetcher?: (body: Record<string, unknown>) => Promise<ListAnswer<T>>;
  columns: readonly Column<T>[];
  filters?: readonly FilterDef[];
  rowKey: (row: T) => string;
  /** Defaults to opening the drawer of the row when `renderDrawer` is given. */
  onRowClick?: (row: T) => void;
  toolbar?: ReactNode;
  renderDrawer?: (ctx: DrawerContext<T>) => ReactNode;
  /** Accessible name of the table. */
  label: string;
  /** Enables "Export as CSV" (SUPER_ADMIN and ADMIN, up to EXPORT_MAX_ROWS rows); the file name stem. */
  exportName?: string;
  /** Cross-field check of the filter drawer (see FilterDrawer). */
  validateFilters?: (values: Record<string, string>) => string | null;
  /** Shown between the toolbar and the table (e.g. a totals strip). */
  header?: ReactNode;
  /**
   * Queue mode (pending lists): after a decision in the drawer, the drawer moves to the next
   * record of the page that `isPending` still accepts (see kit/actions/queue.tsx).
   */
  queue?: { isPending: (row: T) => boolean };
  /** Turns the URL params into the list call's body (e.g. dates into instants). */
  toRequest?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** A live list (a work queue): refetched every this many milliseconds while shown. */
  refetchInterval?: number;
}

/** The endpoints of the table that answer a page of a list. */
export type ListEndpoint = { [K in EndpointName]: DataOf<K> extends { items: readonly unknown[]; remaining: boolean } ? K : never }[EndpointName];

/** The query key and fetch of a list call of the endpoint table. */
export function listCall<T>(name: ListEndpoint) {
  const get = ENDPOINTS[name].method === 'GET';
  return {
    queryKey: (body: Record<string, unknown>) => [name, body] as const,
    fetcher: (body: Record<string, unknown>) => apiData(name, (get ? { query: body } : { body }) as never) as unknown as Promise<ListAnswer<T>>,
  };
}

/**
 * A list call whose answer carries figures of the whole filter beside the page (totals):
 * `call` for the list page, `extras` the figures of the latest answer, picked by `pick`.
 */
export function useListCallWithExtras<T, K extends ListEndpoint, X>(name: K, pick: (answer: DataOf<K>) => X): { call: ReturnType<typeof listCall<T>>; extras: X | null } {
  const [extras, setExtras] = useState<X | null>(null);
  const pickRef = useRef(pick);
  pickRef.current = pick;
  const call = useMemo(() => {
    const base = listCall<T>(name);
    return { ...base, fetcher: async (body: Record<string, unknown>) => { const d = await base.fetcher(body); setExtras(pickRef.current(d as unknown as DataOf<K>)); return d; } };
  }, [name]);
  return { call, extras };
}

/**
 * The request of a list filtered by a day range (`from`, `to`: days in the staff member's time
 * zone `tz`) as the call wants it (`fromDate`, `toDate`: instants), with `fixed` fields added.
 */
export function useDayRangeRequest(tz: string, fixed: Record<string, unknown> = {}): (body: Record<string, unknown>) => Record<string, unknown> {
  const key = JSON.stringify(fixed);
  return useCallback((b: Record<string, unknown>) => {
    const { from, to, drawer: _d, ...rest } = b as Record<string, unknown> & { from?: string; to?: string };
    const r = dayRangeUtc(from, to, tz);
    return { ...rest, ...(JSON.parse(key) as Record<string, unknown>), ...(r.from ? { fromDate: r.from } : {}), ...(r.to ? { toDate: r.to } : {}) };
  }, [tz, key]);
}

/** One list page: filters in a drawer, a server-paginated table and an optional detail drawer. */
export function ListPage<T>(props: ListPageProps<T>) {
  const { list, filters = [], rowKey } = props;
  const call = useMemo(() => (props.endpoint ? listCall<T>(props.endpoint) : { queryKey: props.queryKey!, fetcher: props.fetcher! }), [props.endpoint, props.queryKey, props.fetcher]);
  const isSuper = useIsSuper();
  const hasSimple = props.columns.some((c) => c.simple);
  const [simpleView, setSimpleView] = useState(false);
  const columns = simpleView && hasSimple ? props.columns.filter((c) => c.simple) : props.columns;
  const shown = columns.filter((c) => !c.exportOnly);
  const [exporting, setExporting] = useState(false);
  const { params, set, setFilters } = list;
  const [filtersOpen, setFiltersOpenState] = useState(false);
  // The drawer's code (and its autocomplete fields) loads when the drawer is first opened, then stays.
  const [filtersLoaded, setFiltersLoaded] = useState(false);
  const setFiltersOpen = (open: boolean) => {
    if (open) setFiltersLoaded(true);
    setFiltersOpenState(open);
  };
  const reportError = useApiError();

  const { toRequest } = props;
  const base = useMemo(() => (toRequest ? toRequest(toBody(params)) : toBody(params)), [params, toRequest]);
  // Keyset paging: a list that answers `nextCursor` has it remembered for the following page, so
  // stepping forward never needs a deep OFFSET; a deep link without a known cursor uses the page.
  const cursors = useRef(new Map<string, string>());
  const filtersKey = useMemo(() => JSON.stringify({ ...base, page: undefined }), [base]);
  const cursor = cursors.current.get(`${filtersKey}|${params.page}`);
  const body = useMemo(() => (cursor && params.page > 1 ? { ...base, cursor } : base), [base, cursor, params.page]);
  const q = useQuery({
    queryKey: call.queryKey(body),
    queryFn: () => call.fetcher(body),
    placeholderData: keepPreviousData,
    refetchInterval: props.refetchInterval,
  });

  useEffect(() => {
    if (q.error) reportError(q.error);
  }, [q.error, reportError]);

  const next = q.data?.nextCursor;
  useEffect(() => {
    if (next && q.data?.page === params.page) cursors.current.set(`${filtersKey}|${params.page + 1}`, next);
  }, [next, filtersKey, params.page, q.data?.page]);

  // A failed load shows its error, never the previous filters' rows (or "No data found") as if they answered this one.
  const failed = q.isError && !q.isFetching;
  const rows = failed ? [] : q.data?.items ?? [];
  const activeFilters = filters.filter((f) => params[f.name] !== undefined && params[f.name] !== '').length;

  const openRow = (row: T) => {
    if (props.onRowClick) props.onRowClick(row);
    else if (props.renderDrawer) set({ drawer: rowKey(row) });
  };
  const clickable = !!props.onRowClick || !!props.renderDrawer;

  const drawerKey = params.drawer;
  const steps = stepKeys(rows, rowKey, drawerKey);

  // Queue mode: when the open record stops waiting for a decision (decided here, or by someone
  // else and refreshed), the drawer moves on to the next pending record of the page. Whatever
  // dialog made the decision, no call site has to remember it.
  const seen = useRef<{ key: string; rows: readonly T[] } | null>(null);
  const { queue } = props;
  useEffect(() => {
    if (!queue || !drawerKey || q.isFetching || q.isError) return;
    const row = rows.find((r) => rowKey(r) === drawerKey);
    const prev = seen.current;
    if (row && queue.isPending(row)) {
      seen.current = { key: drawerKey, rows };
      return;
    }
    if (prev && prev.key === drawerKey) {
      seen.current = null;
      set({ drawer: nextInQueue(prev.rows, rowKey, drawerKey, (r) => queue.isPending(r) && rows.some((x) => rowKey(x) === rowKey(r) && queue.isPending(x))) }, { replace: true });
    }
  }, [queue, drawerKey, rows, rowKey, set, q.isFetching, q.isError]);

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1 }}>{props.toolbar}</Box>
        {isSuper && hasSimple && (
          <FormControlLabel control={<Switch checked={simpleView} onChange={(e) => setSimpleView(e.target.checked)} />} label="Simple view" />
        )}
        {isSuper && props.exportName && (
          <Button
            startIcon={<DownloadIcon />}
            variant="outlined"
            disabled={exporting}
            onClick={async () => {
              setExporting(true);
              try {
                const all = await fetchForExport(call.fetcher, base);
                const text = toCsv(columns.map((c) => c.header), all.map((r) => columns.map((c) => (c.csv ? c.csv(r) : cellText(c.render(r))))));
                download(`${props.exportName}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.csv`, text);
              } catch (e) {
                reportError(e);
              } finally {
                setExporting(false);
              }
            }}
          >
            Export as CSV
          </Button>
        )}
        {filters.length > 0 && (
          <Badge badgeContent={activeFilters} color="primary">
            <Button startIcon={<FilterListIcon />} variant="outlined" onClick={() => setFiltersOpen(true)}>
              Filters
            </Button>
          </Badge>
        )}
      </Stack>
      {props.header}
      <Paper variant="outlined">
        {q.isFetching && <LinearProgress aria-label="Loading rows" />}
        <TableContainer>
          <Table size="small" aria-label={props.label}>
            <TableHead>
              <TableRow>
                {shown.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {c.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const k = rowKey(row);
                return (
                  <TableRow
                    key={k}
                    hover={clickable}
                    selected={k === drawerKey}
                    onClick={clickable ? () => openRow(row) : undefined}
                    sx={clickable ? { cursor: 'pointer' } : undefined}
                    data-row-key={k}
                  >
                    {shown.map((c) => {
                      const v = c.render(row);
                      return (
                        <TableCell key={c.key} align={c.align} sx={c.nowrap || unbroken(v) ? { whiteSpace: 'nowrap' } : undefined}>
                          {v}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
              {failed && <ErrorRow colSpan={shown.length} error={q.error} onRetry={() => void q.refetch()} />}
              {!failed && !q.isPending && rows.length === 0 && (
                <EmptyRow colSpan={shown.length} />
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <Pagination
          page={params.page}
          limit={params.limit}
          remaining={!failed && (q.data?.remaining ?? false)}
          disabled={q.isFetching}
          onPage={(page) => set({ page, drawer: undefined })}
          onLimit={(limit) => set({ limit, page: undefined, drawer: undefined })}
        />
      </Paper>
      {filters.length > 0 && filtersLoaded && (
        <Suspense fallback={null}>
          <FilterDrawer
            open={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            filters={filters}
            values={params}
            onSubmit={(v) => setFilters(v)}
            validate={props.validateFilters}
          />
        </Suspense>
      )}
      {drawerKey && (
        <DrawerQueueContext.Provider value={props.queue ? {
          advance: () => {
            const current = new URLSearchParams(window.location.search).get('drawer') ?? drawerKey;
            const next = nextInQueue(rows, rowKey, current, props.queue!.isPending);
            set({ drawer: next }, { replace: true });
          },
        } : null}>
        {props.renderDrawer?.({
          openKey: drawerKey,
          row: steps.row,
          rows,
          close: () => set({ drawer: undefined }),
          prevKey: steps.prev,
          nextKey: steps.next,
          goTo: (key) => set({ drawer: key }, { replace: true }),
          step: (dir) => {
            // Read the open key from the live URL so fast repeated clicks never use a stale row.
            const current = new URLSearchParams(window.location.search).get('drawer') ?? drawerKey;
            const s = stepKeys(rows, rowKey, current);
            const key = dir < 0 ? s.prev : s.next;
            if (key) set({ drawer: key }, { replace: true });
          },
        })}
        </DrawerQueueContext.Provider>
      )}
    </Box>
  );
}
