import { Suspense, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button, Stack } from '@mui/material';
import type { BillingAccountView } from '@pitboss/contract/endpoint-schemas';
import { linkTo, matchRoute, type RoutePath } from '@pitboss/contract/routes';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { lazyDialog } from '../kit/lazyDialog';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';

const InvoiceSettingsDialog = lazyDialog(() => import('./BillingDialogs'), 'InvoiceSettingsDialog');
const GenerateInvoiceDialog = lazyDialog(() => import('./BillingDialogs'), 'GenerateInvoiceDialog');
const ManualPaymentDialog = lazyDialog(() => import('./BillingDialogs'), 'ManualPaymentDialog');

const CONFIGS: Partial<Record<RoutePath, { label: string; kind: 'OPERATOR' | 'BRAND' | 'PARTNER' }>> = {
  '/billing/operators': { label: 'Operators billing', kind: 'OPERATOR' },
  '/billing/operatorsV2': { label: 'Operators billing', kind: 'OPERATOR' },
  '/billing/brands': { label: 'Brands billing', kind: 'BRAND' },
  '/billing/affiliates': { label: 'Affiliates billing', kind: 'PARTNER' },
};
const urlShape = { withDebt: z.enum(['true']).optional() };
const FILTERS: FilterDef[] = [{ name: 'withDebt', label: 'Debt', type: 'select', options: [{ value: 'true', label: 'With debt only' }] }];

/** /billing/operators, operatorsV2, brands, affiliates: per operator, brand or partner — invoiced, paid, debt; settings, invoice and payment actions. */
export default function BillingAccountsPage() {
  const { pathname } = useLocation();
  const config = CONFIGS[(matchRoute(pathname)?.path ?? '/') as RoutePath] ?? CONFIGS['/billing/operators']!;
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const navigate = useNavigate();
  const [open, setOpen] = useState<null | { kind: 'settings' | 'invoice' | 'payment'; opId: string }>(null);
  const kind = config.kind;
  const toRequest = useMemo(() => (b: Record<string, unknown>) => ({ ...b, kind, withDebt: b.withDebt === 'true' ? true : undefined }), [kind]);
  const columns: Column<BillingAccountView>[] = [
    { key: 'operator', header: 'Operator', render: (r) => operatorName(r), simple: true },
    { key: 'status', header: 'Status', render: (r) => (r.status === 'ACTIVE' ? 'Active' : 'Inactive') },
    { key: 'invoiced', header: 'Invoiced', align: 'right', render: (r) => <Usd value={r.invoicedInUSD} />, simple: true },
    { key: 'paid', header: 'Paid', align: 'right', render: (r) => <Usd value={r.paidInUSD} />, simple: true },
    { key: 'debt', header: 'Debt', align: 'right', render: (r) => <strong><Usd value={r.debtInUSD} /></strong>, simple: true },
    { key: 'invoices', header: 'Invoices', align: 'right', render: (r) => r.invoices },
    { key: 'lastInvoiceAt', header: 'Last invoice', render: (r) => fmt(r.lastInvoiceAt) },
    { key: 'lastPaymentAt', header: 'Last payment', render: (r) => fmt(r.lastPaymentAt) },
    { key: 'settings', header: 'Settings', render: (r) => (r.hasSettings ? 'Set' : 'None') },
    {
      key: 'actions', header: 'Actions', csv: () => '', render: (r) => (
        <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
          {canCall('billing.settingsSave') && <Button size="small" onClick={() => setOpen({ kind: 'settings', opId: r.opId })}>Invoice Setting</Button>}
          {canCall('billing.invoiceGenerate') && <Button size="small" onClick={() => setOpen({ kind: 'invoice', opId: r.opId })}>Generate Invoice</Button>}
          {canCall('billing.manualPaymentCreate') && <Button size="small" onClick={() => setOpen({ kind: 'payment', opId: r.opId })}>Add Payment</Button>}
        </Stack>
      ),
    },
  ];
  return (
    <>
      <ListPage<BillingAccountView>
        label={config.label}
        endpoint="billing.accounts"
        list={list}
        columns={columns}
        filters={FILTERS}
        toRequest={toRequest}
        rowKey={(r) => r.opId}
        exportName="billing-accounts"
        onRowClick={(r) => navigate(linkTo('/billing/transaction-history', undefined, `?opId=${encodeURIComponent(r.opId)}&includeBrands=false`))}
      />
      {open && (
        <Suspense fallback={null}>
          {open.kind === 'settings' && <InvoiceSettingsDialog opId={open.opId} onClose={() => setOpen(null)} />}
          {open.kind === 'invoice' && <GenerateInvoiceDialog opId={open.opId} onClose={() => setOpen(null)} />}
          {open.kind === 'payment' && <ManualPaymentDialog opId={open.opId} onClose={() => setOpen(null)} />}
        </Suspense>
      )}
    </>
  );
}
