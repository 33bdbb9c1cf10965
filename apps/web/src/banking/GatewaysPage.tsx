import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Chip } from '@mui/material';
import { matchRoute, providerName } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { fetchGateways, gatewayKeys, type GatewayRow } from '../api/banking';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useScope } from '../shell/useScope';
import { GATEWAY_LIST_CONFIGS, gatewayV2Paths } from './gatewayConfig';
import type { RoutePath } from '@pitboss/contract/routes';

const url = {
  provider: z.string().trim().min(1).max(40).optional(),
  isActive: z.enum(['true', 'false']).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'provider', label: 'Provider', maxLength: 40 },
  { name: 'isActive', label: 'Active', type: 'select', options: [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Inactive' }] },
];

/** /deposit/gateways, /deposit/gatewaysV2, /withdraw/gateways, /withdraw/gatewaysV2: one page, configured by route. */
export default function GatewaysPage() {
  const { pathname } = useLocation();
  const config = GATEWAY_LIST_CONFIGS[(matchRoute(pathname)?.path ?? '/') as RoutePath] ?? GATEWAY_LIST_CONFIGS['/deposit/gatewaysV2']!;
  const list = useListParams(url);
  const navigate = useNavigate();
  const { scopeSearch } = useScope();
  const toRequest = useMemo(
    () => (b: Record<string, unknown>) => ({ ...b, direction: config.direction, ...(b.isActive ? { isActive: b.isActive === 'true' } : {}) }),
    [config.direction],
  );
  const columns: Column<GatewayRow>[] = [
    { key: 'title', header: 'Title', render: (g) => g.title.en ?? providerName(g.provider) },
    { key: 'provider', header: 'Provider', render: (g) => providerName(g.provider) },
    { key: 'opId', header: 'Operator/Brand', render: (g) => operatorName(g) },
    { key: 'currencies', header: 'Currencies', render: (g) => g.currencies.join(', ') },
    { key: 'limits', header: 'Min / Max (USD)', nowrap: true, render: (g) => <><Usd value={g.minAmount} /> / <Usd value={g.maxAmount} /></> },
    { key: 'fee', header: 'Fee %', align: 'right', render: (g) => g.feePercentage },
    { key: 'order', header: 'Order', align: 'right', render: (g) => g.order },
    { key: 'active', header: 'Status', render: (g) => <Chip size="small" variant="outlined" color={g.isActive ? 'success' : 'default'} label={g.isActive ? 'Active' : 'Inactive'} /> },
  ];
  return (
    <ListPage<GatewayRow>
      key={pathname}
      label={config.label}
      list={list}
      queryKey={(b) => gatewayKeys.list(b)}
      fetcher={fetchGateways}
      toRequest={toRequest}
      columns={columns}
      filters={FILTERS}
      rowKey={(g) => g.uuid}
      onRowClick={(g) => navigate(linkTo(gatewayV2Paths(config.direction).detail, { uuid: g.uuid }, scopeSearch))}
    />
  );
}
