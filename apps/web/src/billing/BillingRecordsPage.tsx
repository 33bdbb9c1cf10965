import { Suspense, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Alert, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { BILLING_RECORD_TYPES, PAYMENT_TYPES, PAYMENT_TYPE_LABELS, invoiceYears } from '@pitboss/contract';
import type { BillingRecordView } from '@pitboss/contract/endpoint-schemas';
import { matchRoute, type RoutePath } from '@pitboss/contract/routes';
import { apiData } from '../api/endpoint';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { lazyDialog } from '../kit/lazyDialog';
import { useFormatTime, useIsSuper, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { useScope } from '../shell/useScope';
import { BillingRecordDrawer, paymentTypeLabel, periodOf } from './common';

const GenerateInvoiceDialog = lazyDialog(() => import('./BillingDialogs'), 'GenerateInvoiceDialog');
const InvoiceDialog = lazyDialog(() => import('./BillingDialogs'), 'InvoiceDialog');
const NewPaymentDialog = lazyDialog(() => import('./BillingDialogs'), 'NewPaymentDialog');
const ManualPaymentDialog = lazyDialog(() => import('./BillingDialogs'), 'ManualPaymentDialog');
const InvoiceRunDialog = lazyDialog(() => import('./BillingDialogs'), 'InvoiceRunDialog');
const ProviderPaymentDialog = lazyDialog(() => import('./BillingDialogs'), 'ProviderPaymentDialog');

interface Config { label: string; type?: 'INVOICE'; own?: boolean; runs?: boolean }
const CONFIGS: Partial<Record<RoutePath, Config>> = {
  '/billing/transaction-history': { label: 'Billing records' },
  '/billing/invoices': { label: 'Invoices', type: 'INVOICE', runs: true },
  '/billing/me': { label: 'My billing', own: true },
  '/billing/meV2': { label: 'My billing', own: true },
};

const urlShape = {
  type: z.enum(BILLING_RECORD_TYPES).optional(),
  paymentType: z.enum(PAYMENT_TYPES).optional(),
  year: z.coerce.number().int().min(2024).max(2100).optional(),
  title: z.string().trim().min(1).max(200).optional(),
};

/**
 * Debt and provider payments of the operator (dashboard cards) and the Provider Payment dialog: SUPER_ADMIN
 * and ADMIN open it without an operator picked in the shell and pick one in it (002 §6).
 */
function Cards({ opId }: { opId?: string }) {
  const [open, setOpen] = useState(false);
  const pick = useIsSuper();
  const q = useQuery({ queryKey: ['billing.dashboardCards', opId], queryFn: () => apiData('billing.dashboardCards', { body: { opId: opId!, includeBrands: true } }), enabled: !!opId });
  const d = q.data;
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }}>
      {opId && [['Debt', d?.debt.amountInUSD], ['Invoiced', d?.invoicedInUSD], ['Paid', d?.paidInUSD], ['Paid through CPG', d?.cpgProvider.amountInUSD]].map(([k, v]) => (
        <Paper key={k} variant="outlined" sx={{ p: 2, minWidth: 160 }}>
          <Typography variant="caption">{k}</Typography>
          <Typography variant="h6" data-testid={`card-${String(k).toLowerCase().replace(/ /g, '-')}`}>{d ? <Usd value={v} /> : '…'}</Typography>
        </Paper>
      ))}
      {(opId || pick) && <Button variant="contained" onClick={() => setOpen(true)} sx={{ alignSelf: 'center' }}>Provider Payment</Button>}
      {open && <Suspense fallback={null}><ProviderPaymentDialog opId={opId} onClose={() => setOpen(false)} /></Suspense>}
    </Stack>
  );
}

/** The progress of the latest invoice runs (/billing/invoices). */
function Runs() {
  const q = useQuery({ queryKey: ['billing.runs'], queryFn: () => apiData('billing.runs', { body: { page: 1, limit: 3 } }), refetchInterval: (x) => (x.state.data?.items.some((r) => r.status === 'QUEUED' || r.status === 'RUNNING') ? 2000 : false) });
  const runs = q.data?.items ?? [];
  if (!runs.length) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {runs.map((r) => (
        <Paper key={r.id} variant="outlined" sx={{ p: 1.5 }} data-testid="invoice-run">
          <Typography variant="body2">
            Invoice run {r.month}/{r.year}: {r.status.toLowerCase()} — {r.done} of {r.total} operators ({r.created} invoiced, {r.skipped} already invoiced, {r.failed} failed)
          </Typography>
          {(r.status === 'QUEUED' || r.status === 'RUNNING') && <LinearProgress variant={r.total ? 'determinate' : 'indeterminate'} value={r.total ? (100 * r.done) / r.total : 0} />}
          {r.error && <Alert severity="error">{r.error}</Alert>}
        </Paper>
      ))}
    </Stack>
  );
}

type Dialog = null | 'invoice' | 'newInvoice' | 'payment' | 'manual' | 'run';

/** /billing/transaction-history, /billing/invoices, /billing/me and /billing/meV2: invoices and payments in one keyset list. */
export default function BillingRecordsPage() {
  const { pathname } = useLocation();
  const config = CONFIGS[(matchRoute(pathname)?.path ?? '/') as RoutePath] ?? CONFIGS['/billing/transaction-history']!;
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const { user } = useSession();
  const { opId } = useScope();
  const [dialog, setDialog] = useState<Dialog>(null);
  const ownOp = opId ?? user.opId ?? undefined;
  const fixed = config.type;
  const toRequest = useMemo(() => (fixed ? (b: Record<string, unknown>) => ({ ...b, type: fixed }) : undefined), [fixed]);
  const filters: FilterDef[] = [
    ...(fixed ? [] : [{ name: 'type', label: 'Type', type: 'select' as const, options: BILLING_RECORD_TYPES.map((t) => ({ value: t, label: t === 'INVOICE' ? 'Invoice' : 'Payment' })) }]),
    { name: 'paymentType', label: 'Payment type', type: 'select', options: PAYMENT_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] })) },
    { name: 'year', label: 'Year', type: 'select', options: invoiceYears().map((y) => ({ value: String(y), label: String(y) })) },
    { name: 'title', label: 'Title', maxLength: 200 },
  ];
  const columns: Column<BillingRecordView>[] = [
    { key: 'type', header: 'Type', render: (r) => (r.type === 'INVOICE' ? 'Invoice' : 'Payment'), simple: true },
    { key: 'no', header: 'Invoice No.', render: (r) => r.invoiceNo ?? r.paidInvoiceNo ?? '—' },
    { key: 'title', header: 'Title', render: (r) => r.title, simple: true },
    { key: 'operator', header: 'Operator', render: (r) => operatorName(r), simple: true },
    { key: 'period', header: 'Period', render: (r) => periodOf(r) },
    { key: 'paymentType', header: 'Payment type', render: (r) => (r.type === 'PAYMENT' ? paymentTypeLabel(r.paymentType) : '—') },
    { key: 'amount', header: 'Amount (USD)', align: 'right', render: (r) => <Usd value={r.amountInUSD} />, simple: true },
    { key: 'issuedAt', header: 'Issued', render: (r) => fmt(r.issuedAt), simple: true },
    { key: 'createdBy', header: 'Created by', render: (r) => r.createdBy },
  ];
  const toolbar = (
    <Stack direction="row" spacing={1}>
      {!config.own && canCall('billing.invoiceGenerate') && <Button size="small" variant="contained" onClick={() => setDialog('invoice')}>Generate Invoice</Button>}
      {!config.own && canCall('billing.invoiceCreate') && <Button size="small" variant="outlined" onClick={() => setDialog('newInvoice')}>New Invoice</Button>}
      {!config.own && !config.type && canCall('billing.paymentCreate') && <Button size="small" variant="outlined" onClick={() => setDialog('payment')}>New Payment</Button>}
      {!config.own && !config.type && canCall('billing.manualPaymentCreate') && <Button size="small" variant="outlined" onClick={() => setDialog('manual')}>Add Payment</Button>}
      {config.runs && canCall('billing.runStart') && <Button size="small" variant="outlined" onClick={() => setDialog('run')}>Invoice every operator</Button>}
    </Stack>
  );
  return (
    <>
      <ListPage<BillingRecordView>
        label={config.label}
        endpoint="billing.records"
        list={list}
        columns={columns}
        filters={filters}
        toRequest={toRequest}
        rowKey={(r) => r.id}
        exportName="billing-records"
        header={<>{config.own ? <Cards opId={ownOp} /> : null}{config.own && !ownOp ? <Alert severity="info">Select an operator to see its billing.</Alert> : null}{config.runs ? <Runs /> : null}</>}
        toolbar={toolbar}
        renderDrawer={(ctx) => <BillingRecordDrawer ctx={ctx} />}
      />
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'invoice' && <GenerateInvoiceDialog opId={opId} onClose={() => setDialog(null)} />}
          {dialog === 'newInvoice' && <InvoiceDialog opId={opId} onClose={() => setDialog(null)} />}
          {dialog === 'payment' && <NewPaymentDialog opId={opId} onClose={() => setDialog(null)} />}
          {dialog === 'manual' && <ManualPaymentDialog opId={opId} onClose={() => setDialog(null)} />}
          {dialog === 'run' && <InvoiceRunDialog onClose={() => setDialog(null)} />}
        </Suspense>
      )}
    </>
  );
}
