import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Button, LinearProgress, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import {
  MSG, PARTNER_MESSAGES, PARTNER_WITHDRAW_CURRENCY, PARTNER_WITHDRAW_NETWORK, PARTNER_WITHDRAW_STATUSES, PARTNER_WITHDRAW_STATUS_LABELS,
  formatMoney, partnerNote, partnerWithdrawForm, type PartnerWithdrawRow,
} from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { DecisionPanel } from '../kit/actions/DecisionPanel';
import { FormTextField } from '../kit/actions/FormTextField';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer, type RecordField } from '../kit/RecordDrawer';
import { useListParams } from '../kit/useListParams';
import { formatUsd } from '../shell/rates';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall, useReceives } from '../shell/useCanCall';
import { WithdrawStatusChip } from './common';

const QUEUE = { isPending: (w: PartnerWithdrawRow) => w.status === 'PENDING' };
const NOTE_RULES = { approve: partnerNote, reject: partnerNote };
/** The request-send failure title of 001 §8. */
const SEND_TITLE = 'Unable To Send Request';

/** Who decided a request and when, or that it waits. */
const decidedBy = (w: PartnerWithdrawRow) => (w.status === 'CONFIRMED' ? w.confirmedBy : w.status === 'REJECTED' ? w.rejectedBy : null);
const decidedAt = (w: PartnerWithdrawRow) => (w.status === 'CONFIRMED' ? w.confirmedAt : w.status === 'REJECTED' ? w.rejectedAt : null);

function useColumnsAndFields(staff: boolean) {
  const fmt = useFormatTime();
  // Who decided is staff's: the server leaves it out for the partner (the endpoint's fieldAccess).
  const deciders = useReceives()('partners.withdrawHistory', 'items[].confirmedBy');
  const columns: Column<PartnerWithdrawRow>[] = [
    ...(staff ? [
      { key: 'partner', header: 'Partner', render: (w: PartnerWithdrawRow) => w.opTitle, simple: true },
      { key: 'parent', header: 'Parent operator', render: (w: PartnerWithdrawRow) => w.parentOpTitle ?? '—' },
    ] : []),
    { key: 'amount', header: 'Amount', align: 'right', render: (w) => formatMoney(w.toAmount, w.toCurrency), simple: true },
    { key: 'usd', header: 'Amount (USD)', align: 'right', render: (w) => formatUsd(w.fromAmountInUSD) },
    { key: 'status', header: 'Status', render: (w) => <WithdrawStatusChip status={w.status} />, simple: true },
    { key: 'createdAt', header: 'Requested', render: (w) => fmt(w.createdAt) },
    ...(deciders ? [{ key: 'decidedBy', header: 'Decided by', render: (w: PartnerWithdrawRow) => decidedBy(w) ?? '—' }] : []),
    { key: 'decidedAt', header: 'Decided', render: (w) => fmt(decidedAt(w)) },
    { key: 'note', header: 'Note', render: (w) => w.note ?? '—' },
  ];
  const fields: RecordField<PartnerWithdrawRow>[] = [
    { label: 'Partner', value: (w) => `${w.opTitle}${w.parentOpTitle ? ` (${w.parentOpTitle})` : ''}` },
    { label: 'Status', value: (w) => <WithdrawStatusChip status={w.status} /> },
    { label: 'Amount', value: (w) => `${formatMoney(w.toAmount, w.toCurrency)} on ${w.network}` },
    { label: 'From balance', value: (w) => formatMoney(w.fromAmount, w.fromCurrency) },
    { label: 'Wallet address', value: (w) => w.destinationAddress },
    { label: 'Requested by', value: (w) => w.requestedBy },
    { label: 'Requested', value: (w) => fmt(w.createdAt) },
    ...(deciders ? [{ label: 'Confirmed by', value: (w: PartnerWithdrawRow) => w.confirmedBy ?? '—' }] : []),
    { label: 'Confirmed', value: (w) => fmt(w.confirmedAt) },
    ...(deciders ? [{ label: 'Rejected by', value: (w: PartnerWithdrawRow) => w.rejectedBy ?? '—' }] : []),
    { label: 'Rejected', value: (w) => fmt(w.rejectedAt) },
    { label: 'Note for the partner', value: (w) => w.note ?? '—' },
    { label: 'Transaction', value: (w) => w.txId },
  ];
  return { columns, fields };
}

/** Approve / reject a PENDING request with a note shown to the partner (001 §4), with the approve or reject permission. */
function Decision({ w }: { w: PartnerWithdrawRow }) {
  const canCall = useCanCall();
  const decide = useEndpointMutation('partners.withdrawDecision');
  const may = { approve: canCall('partners.withdrawDecision', { request: { actionType: 'confirm' } }), reject: canCall('partners.withdrawDecision', { request: { actionType: 'reject' } }) };
  if (w.status !== 'PENDING') return null;
  if (!may.approve && !may.reject) return <Alert severity="info">{MSG.NO_PERMISSION}</Alert>;
  return (
    <DecisionPanel
      rules={NOTE_RULES}
      noteLabel="Note for the partner"
      required
      disabled={{ approve: !may.approve, reject: !may.reject }}
      decide={(d, note) => decide.mutateAsync({ body: { txId: w.txId, actionType: d === 'approve' ? 'confirm' : 'reject', note } })}
    />
  );
}

const staffUrl = { status: z.enum([...PARTNER_WITHDRAW_STATUSES, 'ALL']).default('PENDING') };
const STAFF_FILTERS: FilterDef[] = [
  { name: 'status', label: 'Status', type: 'select', options: [{ value: 'ALL', label: 'All' }, ...PARTNER_WITHDRAW_STATUSES.map((s) => ({ value: s, label: PARTNER_WITHDRAW_STATUS_LABELS[s] }))] },
];
const staffRequest = (b: Record<string, unknown>) => (b.status === 'ALL' ? { ...b, status: undefined } : b);

/** Staff: the partners' requests, pending first (or all), approve / reject in the drawer (queue mode). */
function StaffView() {
  const list = useListParams(staffUrl);
  const { columns, fields } = useColumnsAndFields(true);
  const status = list.params.status;
  return (
    <ListPage<PartnerWithdrawRow>
      label="Partner withdraw requests"
      endpoint="partners.withdrawHistory"
      list={list}
      queue={QUEUE}
      columns={columns}
      filters={STAFF_FILTERS}
      toRequest={staffRequest}
      rowKey={(w) => w.txId}
      exportName="partner-withdrawals"
      toolbar={(
        <ToggleButtonGroup size="small" exclusive value={status === 'PENDING' ? 'PENDING' : 'ALL'} onChange={(_, v: string | null) => v && list.setFilters({ status: v })} aria-label="Requests shown">
          <ToggleButton value="PENDING">Pending</ToggleButton>
          <ToggleButton value="ALL">All</ToggleButton>
        </ToggleButtonGroup>
      )}
      renderDrawer={(ctx) => (
        <RecordDrawer ctx={ctx} title={(w) => `Partner Withdraw — ${w.opTitle}`} fields={fields} actions={(w) => <Decision w={w} />} />
      )}
    />
  );
}

/** The partner's Request Withdrawal form: amount and TRON wallet address; USDT on TRON only; disabled without an address. */
function RequestForm({ opId, min }: { opId: string; min: number }) {
  const form = useForm<z.input<typeof partnerWithdrawForm>, unknown, z.output<typeof partnerWithdrawForm>>({
    resolver: zodResolver(partnerWithdrawForm), defaultValues: { amount: '', walletAddress: '' }, mode: 'onChange',
  });
  const send = useEndpointMutation('partners.withdrawRequest', { errorTitle: SEND_TITLE, onDone: () => form.reset({ amount: '', walletAddress: form.getValues('walletAddress') }) });
  const address = form.watch('walletAddress');
  return (
    <Stack
      component="form" spacing={2} noValidate aria-label="Request Withdrawal"
      onSubmit={form.handleSubmit((v) => send.mutate({ body: { opId, amount: v.amount, walletAddress: v.walletAddress, currency: PARTNER_WITHDRAW_CURRENCY, network: PARTNER_WITHDRAW_NETWORK } }))}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={form.control} name="amount" label="Amount (USD)" inputMode="decimal" maxLength={15} hint={() => `At least ${min.toLocaleString('en-US')} USD`} />
        <TextField label="Currency" value={PARTNER_WITHDRAW_CURRENCY} disabled />
        <TextField label="Network" value={PARTNER_WITHDRAW_NETWORK} disabled />
      </Stack>
      <FormTextField control={form.control} name="walletAddress" label="Wallet address (TRON)" maxLength={34} fullWidth />
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={!address?.trim() || send.isPending || !form.formState.isValid}>Request Withdrawal</Button>
      </Stack>
    </Stack>
  );
}

/** The partner: balance, the request form (none while the partner is inactive: the server's refusal shown instead) and their history (who acted, when, the note). */
function PartnerView({ opId }: { opId: string }) {
  const list = useListParams({});
  const { columns, fields } = useColumnsAndFields(false);
  const balance = useQuery({ queryKey: ['partners.balance', opId], queryFn: () => apiData('partners.balance', { body: { opId } }) });
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {balance.isPending ? <LinearProgress aria-label="Loading the balance" /> : balance.isError ? <Alert severity="error">{balance.error.message}</Alert> : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap' }}>
              <div><Typography variant="caption" color="text.secondary">Balance</Typography><Typography variant="h5" data-testid="partner-balance">{formatUsd(balance.data.balance)}</Typography></div>
              <div><Typography variant="caption" color="text.secondary">Held by pending requests</Typography><Typography variant="h6">{formatUsd(balance.data.pendingAmount)}</Typography></div>
              <div><Typography variant="caption" color="text.secondary">Minimum withdraw</Typography><Typography variant="h6">{formatUsd(String(balance.data.minWithdrawAmountInUSD))}</Typography></div>
            </Stack>
            {balance.data.isActive
              ? <RequestForm opId={opId} min={balance.data.minWithdrawAmountInUSD} />
              : <Alert severity="warning">{PARTNER_MESSAGES.WITHDRAW_INACTIVE}</Alert>}
          </Stack>
        )}
      </Paper>
      <Typography variant="h6" component="h2">Withdraw history</Typography>
      <ListPage<PartnerWithdrawRow>
        label="Withdraw history"
        endpoint="partners.withdrawHistory"
        list={list}
        columns={columns}
        rowKey={(w) => w.txId}
        renderDrawer={(ctx) => <RecordDrawer ctx={ctx} title={() => 'Withdraw Request'} fields={fields} />}
      />
    </Stack>
  );
}

/** /partners/withdraw — staff decide partners' requests; a partner requests from their balance and sees their history. */
export default function PartnerWithdrawPage() {
  const { user } = useSession();
  if (user.role === 'PARTNER') return user.opId ? <PartnerView opId={user.opId} /> : <Alert severity="warning">{MSG.NO_PERMISSION}</Alert>;
  return <StaffView />;
}
