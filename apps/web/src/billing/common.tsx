import { Suspense, useState } from 'react';
import { Alert, Button, Link, Stack, Table, TableBody, TableRow } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import EditIcon from '@mui/icons-material/Edit';
import { MONTHS, PAYMENT_TYPE_LABELS, TEST_PLAYERS_LABELS, mayViewBillingJson, type PaymentType, type TestPlayersInclusion } from '@pitboss/contract';
import type { BillingRecordView } from '@pitboss/contract/endpoint-schemas';
import { formatRate } from '@pitboss/contract/decimal';
import { RecordDrawer, type RecordField } from '../kit/RecordDrawer';
import type { DrawerContext } from '../kit/ListPage';
import { Money, Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { lazyDialog } from '../kit/lazyDialog';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';

const InvoiceRecordDialog = lazyDialog(() => import('./BillingDialogs'), 'InvoiceRecordDialog');
const InvoiceDialog = lazyDialog(() => import('./BillingDialogs'), 'InvoiceDialog');
const ManualPaymentDialog = lazyDialog(() => import('./BillingDialogs'), 'ManualPaymentDialog');
const CpgPaymentDialog = lazyDialog(() => import('./BillingDialogs'), 'CpgPaymentDialog');

export const periodOf = (r: { month: number | null; year: number | null }) => (r.month && r.year ? `${MONTHS[r.month - 1]!.charAt(0)}${MONTHS[r.month - 1]!.slice(1).toLowerCase()} ${r.year}` : '—');
export const paymentTypeLabel = (t: string | null) => (t ? PAYMENT_TYPE_LABELS[t as PaymentType] ?? t : '—');
/** 002 §2: the drawer's title by record type. */
export const recordTitle = (r: { type: string }) => (r.type === 'INVOICE' ? 'Invoice Details' : r.type === 'PAYMENT' ? 'Payment Details' : 'Billing Details');

const invoiceFields = (fmt: (d: string | null) => string, showNote: boolean): RecordField<BillingRecordView>[] => [
  { label: 'Invoice No.', value: (r) => r.invoiceNo ?? '—' },
  { label: 'Title', value: (r) => r.title },
  { label: 'Operator', value: (r) => operatorName(r) },
  { label: 'Period', value: (r) => periodOf(r) },
  { label: 'Issued at', value: (r) => fmt(r.issuedAt) },
  { label: 'Players', value: (r) => (r.testPlayersInclusion ? TEST_PLAYERS_LABELS[r.testPlayersInclusion as TestPlayersInclusion] : '—') },
  { label: 'Brands included', value: (r) => (r.includeBrands ? 'Yes' : 'No') },
  { label: 'Casino GGR', value: (r) => <Usd value={r.casinoGGRInUSD} /> },
  { label: 'Sport GGR', value: (r) => <Usd value={r.sportGGRInUSD} /> },
  { label: 'Casino GGR commission', value: (r) => <>{<Usd value={r.casinoGGRCommissionInUSD} />} ({r.settings?.casinoGGRPercentage ?? '0'} %)</> },
  { label: 'Sport GGR commission', value: (r) => <>{<Usd value={r.sportGGRCommissionInUSD} />} ({r.settings?.sportGGRPercentage ?? '0'} %)</> },
  { label: 'Premium sport', value: (r) => <Usd value={r.premiumSportInUSD} /> },
  { label: 'Premium bot', value: (r) => <Usd value={r.premiumBotInUSD} /> },
  { label: 'Brand fee', value: (r) => <>{<Usd value={r.brandFeeInUSD} />} ({r.brandsCharged ?? 0} × <Usd value={r.settings?.brandFeeInUSD} />)</> },
  { label: 'Additional costs', value: (r) => (r.settings?.additionalCosts.length ? r.settings.additionalCosts.map((c) => `${c.name}: $${c.value}`).join(', ') : '—') },
  { label: 'Minimum monthly fee', value: (r) => <>{<Usd value={r.settings?.minMonthlyFeeInUSD} />}{r.minimumApplied ? ' (applied)' : ''}</> },
  { label: 'Total payable', value: (r) => <strong><Usd value={r.totalPayableAmountInUSD} /></strong> },
  { label: 'Settings overridden', value: (r) => (r.isSettingsOverridden ? 'Yes' : 'No') },
  { label: 'Reference', value: (r) => r.reference || '—' },
  { label: 'Note', value: (r) => r.note || '—' },
  { label: 'Description', value: (r) => r.description || '—' },
  ...(showNote ? [{ label: 'Super admin note', value: (r: BillingRecordView) => r.superAdminNote || '—' }] : []),
  { label: 'Created by', value: (r) => r.createdBy },
  { label: 'Updated', value: (r) => (r.updatedBy ? `${fmt(r.updatedAt)} by ${r.updatedBy}` : '—') },
];

const paymentFields = (fmt: (d: string | null) => string): RecordField<BillingRecordView>[] => [
  { label: 'Title', value: (r) => r.title },
  { label: 'Operator', value: (r) => operatorName(r) },
  { label: 'Payment type', value: (r) => paymentTypeLabel(r.paymentType) },
  { label: 'Paid by', value: (r) => r.paidBy ?? '—' },
  { label: 'Amount', value: (r) => <Money amount={r.amount} currency={r.currency} /> },
  { label: 'Exchange rate in USD', value: (r) => formatRate(r.exchangeRateInUSD) },
  { label: 'Amount in USD', value: (r) => <strong><Usd value={r.amountInUSD} /></strong> },
  { label: 'Invoice No.', value: (r) => r.paidInvoiceNo ?? '—' },
  { label: 'Period', value: (r) => periodOf(r) },
  { label: 'Issued at', value: (r) => fmt(r.issuedAt) },
  { label: 'Reference', value: (r) => r.reference || '—' },
  { label: 'Description', value: (r) => r.description || '—' },
  { label: 'Explorer', value: (r) => (r.explorerURL ? <Link href={r.explorerURL} target="_blank" rel="noopener noreferrer">Open in explorer</Link> : '—') },
  { label: 'Created by', value: (r) => r.createdBy },
];

/** Details V2 (Preview, SUPER_ADMIN, invoices): the invoice as a statement of lines. */
function DetailsV2({ r }: { r: BillingRecordView }) {
  const lines: [string, string | null][] = [
    ['Casino GGR commission', r.casinoGGRCommissionInUSD], ['Sport GGR commission', r.sportGGRCommissionInUSD],
    ['Premium sport', r.premiumSportInUSD], ['Premium bot', r.premiumBotInUSD], ['Brand fees', r.brandFeeInUSD],
    ...(r.settings?.additionalCosts ?? []).map((c): [string, string] => [c.name, c.value]),
    ['Subtotal', r.subtotalInUSD], ['Minimum monthly fee', r.settings?.minMonthlyFeeInUSD ?? null], ['Total payable', r.totalPayableAmountInUSD],
  ];
  return (
    <Stack spacing={2}>
      <Alert severity="warning">Preview: this statement layout is not functional yet (no actions); its figures are the invoice&apos;s own.</Alert>
      <Table size="small" aria-label="Invoice statement">
        <TableBody>
          {lines.map(([k, v]) => <TableRow key={k}><TableCell>{k}</TableCell><TableCell align="right"><Usd value={v} /></TableCell></TableRow>)}
        </TableBody>
      </Table>
    </Stack>
  );
}

type Open = null | 'record' | 'invoice' | 'manual' | 'cpg';

/** Billing Record Details: Details, Details V2 (preview, SUPER_ADMIN, invoices), JSON (invoices and payments: SUPER_ADMIN and ADMIN); edit and delete for SUPER_ADMIN and ADMIN. */
export function BillingRecordDrawer({ ctx }: { ctx: DrawerContext<BillingRecordView> }) {
  const { user } = useSession();
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const [open, setOpen] = useState<Open>(null);
  const isSuperAdmin = user.role === 'SUPER_ADMIN';
  const showNote = user.role === 'SUPER_ADMIN' || user.role === 'ADMIN';
  const delInvoice = useEndpointMutation('billing.invoiceDelete', { onDone: ctx.close });
  const delPayment = useEndpointMutation('billing.paymentDelete', { onDone: ctx.close });
  const delManual = useEndpointMutation('billing.manualPaymentDelete', { onDone: ctx.close });
  const row = ctx.row;
  const isInvoice = row?.type === 'INVOICE';
  return (
    <>
      <RecordDrawer<BillingRecordView>
        ctx={ctx}
        title={recordTitle}
        fields={isInvoice ? invoiceFields(fmt, showNote) : paymentFields(fmt)}
        jsonTab={!!row && mayViewBillingJson(user.role, row.type)}
        tabs={(r) => (r.type === 'INVOICE' && isSuperAdmin ? [{ label: 'Details V2 (Preview)', content: <DetailsV2 r={r} /> }] : [])}
        actions={(r) => (r.type === 'INVOICE' ? (
          <>
            {canCall('billing.invoiceRecordUpdate') && <Button size="small" startIcon={<EditIcon />} onClick={() => setOpen('record')}>Edit Record</Button>}
            {canCall('billing.invoiceUpdate') && <Button size="small" startIcon={<EditIcon />} onClick={() => setOpen('invoice')}>Edit Invoice</Button>}
            {canCall('billing.invoiceDelete') && (
              <DeleteAction title="Delete this invoice?" description={`Invoice ${r.invoiceNo ?? ''} of ${operatorName(r)} (${periodOf(r)}) is removed and the operator's debt lowered.`}
                busy={delInvoice.isPending} button={{ size: 'small' }} onConfirmed={() => delInvoice.mutate({ query: { invoiceId: r.id, opId: r.opId } })} />
            )}
          </>
        ) : (
          <>
            {r.paymentType === 'CPG_TRANSFER'
              ? canCall('billing.cpgPaymentUpdate') && <Button size="small" startIcon={<EditIcon />} onClick={() => setOpen('cpg')}>Edit CPG Transfer</Button>
              : canCall('billing.manualPaymentUpdate') && <Button size="small" startIcon={<EditIcon />} onClick={() => setOpen('manual')}>Edit Payment</Button>}
            {r.paymentType !== 'CPG_TRANSFER' && canCall('billing.manualPaymentDelete') && (
              <DeleteAction title="Delete this payment?" description={`The payment of ${operatorName(r)} is removed and the operator's debt raised by its amount.`}
                busy={delManual.isPending || delPayment.isPending} button={{ size: 'small' }}
                onConfirmed={() => (r.paymentType === 'DIRECT_TRANSFER' && r.currency === 'USD'
                  ? delPayment.mutate({ query: { paymentId: r.id, opId: r.opId } })
                  : delManual.mutate({ query: { id: r.id, opId: r.opId } }))} />
            )}
          </>
        ))}
      />
      {row && open && (
        <Suspense fallback={null}>
          {open === 'record' && <InvoiceRecordDialog row={row} onClose={() => setOpen(null)} />}
          {open === 'invoice' && <InvoiceDialog row={row} onClose={() => setOpen(null)} />}
          {open === 'manual' && <ManualPaymentDialog opId={row.opId} row={row} onClose={() => setOpen(null)} />}
          {open === 'cpg' && <CpgPaymentDialog row={row} onClose={() => setOpen(null)} />}
        </Suspense>
      )}
    </>
  );
}
