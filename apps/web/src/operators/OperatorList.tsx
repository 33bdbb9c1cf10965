import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Chip, Stack, Typography } from '@mui/material';
import {
  OPERATOR_STATUSES, OPERATOR_STATUS_LABELS, linkTo, operatorKindLabel, type OperatorRowView, type OperatorStatus,
} from '@pitboss/contract';
import { ListPage, type Column, type DrawerContext, type ListEndpoint } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import type { useListParams } from '../kit/useListParams';
import { useFormatTime } from '../shell/session';
import { useScope } from '../shell/useScope';
import { withCellText } from '../kit/csv';

/** The URL filters every operators list shares (the filter drawer's fields). */
export const operatorFiltersUrl = {
  status: z.enum(OPERATOR_STATUSES).optional(),
  search: z.string().trim().min(1).max(120).optional(),
};
export const OPERATOR_FILTERS: FilterDef[] = [
  { name: 'status', label: 'Status', type: 'select', options: OPERATOR_STATUSES.map((s) => ({ value: s, label: OPERATOR_STATUS_LABELS[s] })) },
  { name: 'search', label: 'Title or operator ID', maxLength: 120 },
];

const operatorStatusText = ({ status }: { status: string }) => OPERATOR_STATUS_LABELS[status as OperatorStatus] ?? status;
export const OperatorStatusChip = withCellText(
  (p: { status: string }) => <Chip size="small" variant="outlined" color={p.status === 'ACTIVE' ? 'success' : 'default'} label={operatorStatusText(p)} />,
  operatorStatusText,
);

/** The title with the operator ID under it, small. */
export const OperatorTitle = ({ r }: { r: Pick<OperatorRowView, 'title' | 'opId'> }) => (
  <Stack spacing={0}>
    <span>{r.title}</span>
    <Typography variant="caption" color="text.secondary">{r.opId}</Typography>
  </Stack>
);

/**
 * One list of operators (the /operators page, the /brands page, an operator's brands): the same
 * columns and filters for every endpoint that answers operator rows; a row opens the operator's
 * details page unless a drawer is configured.
 */
export function OperatorList(props: {
  label: string;
  endpoint: Extract<ListEndpoint, 'operators.list' | 'operators.brandsList'>;
  list: Pick<ReturnType<typeof useListParams>, 'params' | 'set' | 'setFilters'>;
  toolbar?: React.ReactNode;
  filters?: boolean;
  toRequest?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** Columns left out (e.g. the parent on a parent's own brands). */
  hide?: readonly string[];
  renderDrawer?: (ctx: DrawerContext<OperatorRowView>) => React.ReactNode;
  exportName?: string;
}) {
  const fmt = useFormatTime();
  const navigate = useNavigate();
  const { scopeSearch } = useScope();
  const columns: Column<OperatorRowView>[] = [
    { key: 'title', header: 'Operator/Brand', render: (r) => <OperatorTitle r={r} />, csv: (r) => `${r.title} (${r.opId})`, simple: true },
    { key: 'kind', header: 'Kind', render: (r) => operatorKindLabel(r.kind), simple: true },
    { key: 'parent', header: 'Parent operator', render: (r) => r.parentOpTitle ?? '—' },
    { key: 'status', header: 'Status', render: (r) => <OperatorStatusChip status={r.status} />, simple: true },
    { key: 'brands', header: 'Brands', align: 'right', render: (r) => (r.kind === 'OPERATOR' ? r.brandsCount.toLocaleString('en-US') : '—') },
    { key: 'createdAt', header: 'Created', render: (r) => fmt(r.createdAt) },
  ];
  return (
    <ListPage<OperatorRowView>
      label={props.label}
      endpoint={props.endpoint}
      list={props.list as never}
      columns={columns.filter((c) => !props.hide?.includes(c.key))}
      filters={props.filters === false ? [] : OPERATOR_FILTERS}
      rowKey={(r) => r.opId}
      toolbar={props.toolbar}
      toRequest={props.toRequest}
      exportName={props.exportName}
      renderDrawer={props.renderDrawer}
      onRowClick={props.renderDrawer ? undefined : (r) => navigate(linkTo('/operators/:id', { id: r.opId }, scopeSearch))}
    />
  );
}
