import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Alert, Button, Chip, LinearProgress, Stack, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import AddIcon from '@mui/icons-material/Add';
import {
  ACTIVE_PLAYER_DAYS, PARTNER_FIELD_LABELS, PARTNER_PERCENT_FIELDS, PARTNER_STATUSES, PARTNER_STATUS_LABELS,
  formatMoney, type PartnerRow,
} from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer, type RecordField } from '../kit/RecordDrawer';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { lazyDialog } from '../kit/lazyDialog';
import { EmptyRow } from '../kit/EmptyRow';
import { useListParams } from '../kit/useListParams';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { ActiveChip, WithdrawStatusChip, settingsSummary } from './common';

const PartnerWizard = lazyDialog(() => import('./PartnerWizard'), 'PartnerWizard');
const EditPartnerDialog = lazyDialog(() => import('./EditPartnerDialog'), 'EditPartnerDialog');

const url = {
  status: z.enum(PARTNER_STATUSES).optional(),
  search: z.string().trim().min(1).max(20).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'status', label: 'Status', type: 'select', options: PARTNER_STATUSES.map((s) => ({ value: s, label: PARTNER_STATUS_LABELS[s] })) },
  { name: 'search', label: 'Partner name', maxLength: 20 },
];

function ActivePlayers({ opId }: { opId: string }) {
  const fmt = useFormatTime();
  const q = useQuery({ queryKey: ['partners.activePlayers', opId], queryFn: () => apiData('partners.activePlayers', { body: { opId, page: 1, limit: 50 } }) });
  if (q.isPending) return <LinearProgress aria-label="Loading active players" />;
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  return (
    <Stack spacing={1}>
      <Typography variant="body2">{q.data.count.toLocaleString('en-US')} active players (activity in the last {ACTIVE_PLAYER_DAYS} days){q.data.remaining ? ', the 50 most recent shown' : ''}.</Typography>
      <Table size="small" aria-label="Active players">
        <TableHead><TableRow><TableCell>Player</TableCell><TableCell>Brand</TableCell><TableCell>Channel</TableCell><TableCell>Last activity</TableCell></TableRow></TableHead>
        <TableBody>
          {q.data.items.map((p) => (
            <TableRow key={p.playerId}><TableCell>{p.username ?? p.playerCode}</TableCell><TableCell>{p.opTitle}</TableCell><TableCell>{p.channelId ?? '—'}</TableCell><TableCell>{fmt(p.lastActivityAt)}</TableCell></TableRow>
          ))}
          {q.data.items.length === 0 && <EmptyRow colSpan={4} />}
        </TableBody>
      </Table>
    </Stack>
  );
}

/** Affiliate Withdrawal History (000 §2.3): the partner's withdraw requests. */
function WithdrawHistory({ opId }: { opId: string }) {
  const fmt = useFormatTime();
  const q = useQuery({ queryKey: ['partners.withdrawHistory', { opId, limit: 50 }], queryFn: () => apiData('partners.withdrawHistory', { body: { opId, limit: 50 } }) });
  if (q.isPending) return <LinearProgress aria-label="Loading withdraw history" />;
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  return (
    <Table size="small" aria-label="Withdraw history">
      <TableHead><TableRow><TableCell>Requested</TableCell><TableCell align="right">Amount</TableCell><TableCell>Status</TableCell><TableCell>Note</TableCell></TableRow></TableHead>
      <TableBody>
        {q.data.items.map((w) => (
          <TableRow key={w.txId}><TableCell>{fmt(w.createdAt)}</TableCell><TableCell align="right">{formatMoney(w.toAmount, w.toCurrency)}</TableCell><TableCell><WithdrawStatusChip status={w.status} /></TableCell><TableCell>{w.note ?? '—'}</TableCell></TableRow>
        ))}
        {q.data.items.length === 0 && <EmptyRow colSpan={4} />}
      </TableBody>
    </Table>
  );
}

/** The partner's own actions: Edit, Complete Setup (a partner without a user or saved settings), delete its users. */
function PartnerActions({ p }: { p: PartnerRow }) {
  const [open, setOpen] = useState<'edit' | 'setup' | null>(null);
  const canCall = useCanCall();
  const remove = useEndpointMutation('partners.deleteAffiliate');
  if (!canCall('partners.settings')) return null;
  const incomplete = !p.users.some((u) => !u.isBlocked) || !p.settingsUpdatedAt;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen('edit')}>Edit Partner</Button>
      {incomplete && <Button variant="outlined" color="warning" onClick={() => setOpen('setup')}>Complete Setup</Button>}
      {p.users.map((u) => (
        <DeleteAction
          key={u.id} label={`Delete ${u.nickname}`} title="Delete partner user" typeToConfirm={u.email} busy={remove.isPending}
          description={`${u.nickname} (${u.email}) loses access to the partner console at once. Type the e-mail address to confirm.`}
          onConfirmed={() => remove.mutate({ body: { adminId: u.id, adminEmail: u.email } })}
        />
      ))}
      <Suspense fallback={null}>
        {open === 'edit' && <EditPartnerDialog p={p} onClose={() => setOpen(null)} />}
        {open === 'setup' && <PartnerWizard existing={p} onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}

/** /partners/list — partners by name with their parent operator, settings and users; the Add New Partner wizard (SUPER_ADMIN, ADMIN). */
export default function PartnersPage() {
  const list = useListParams(url);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const [wizard, setWizard] = useState(false);
  const columns: Column<PartnerRow>[] = [
    { key: 'title', header: 'Partner', render: (p) => p.title, simple: true },
    { key: 'parent', header: 'Parent operator', render: (p) => p.parentOpTitle ?? '—', simple: true },
    { key: 'domain', header: 'Domain', render: (p) => p.domain ?? '—' },
    { key: 'settings', header: 'Settings', render: (p) => <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>{settingsSummary(p.settings)}</Typography>, csv: (p) => settingsSummary(p.settings) },
    { key: 'status', header: 'Status', render: (p) => <ActiveChip active={p.settings.isActive} />, csv: (p) => (p.settings.isActive ? 'Active' : 'Inactive'), simple: true },
    {
      key: 'users', header: 'Users', csv: (p) => p.users.map((u) => u.email).join(' '),
      render: (p) => (p.users.length ? p.users.map((u) => u.email).join(', ') : <Chip size="small" color="warning" variant="outlined" label="No user" />),
    },
    { key: 'createdAt', header: 'Created', render: (p) => fmt(p.createdAt) },
  ];
  const fields: RecordField<PartnerRow>[] = [
    { label: 'Partner', value: (p) => p.title },
    { label: 'Parent operator', value: (p) => p.parentOpTitle ?? '—' },
    { label: 'Domain', value: (p) => p.domain ?? '—' },
    { label: 'Status', value: (p) => <ActiveChip active={p.settings.isActive} /> },
    ...PARTNER_PERCENT_FIELDS.map((f) => ({ label: PARTNER_FIELD_LABELS[f], value: (p: PartnerRow) => `${p.settings[f]}%` })),
    { label: PARTNER_FIELD_LABELS.minWithdrawAmountInUSD, value: (p) => `${p.settings.minWithdrawAmountInUSD.toLocaleString('en-US')} USD` },
    { label: 'Settings saved', value: (p) => (p.settingsUpdatedAt ? fmt(p.settingsUpdatedAt) : 'Never (new-partner defaults)') },
    { label: 'Users', value: (p) => (p.users.length ? p.users.map((u) => `${u.nickname} (${u.email})${u.isBlocked ? ' — blocked' : ''}`).join(', ') : 'None') },
    { label: 'Created', value: (p) => fmt(p.createdAt) },
  ];
  return (
    <>
      <ListPage<PartnerRow>
        label="Partners"
        endpoint="partners.list"
        list={list}
        columns={columns}
        filters={FILTERS}
        rowKey={(p) => p.opId}
        exportName="partners"
        toolbar={canCall('partners.createBrand') && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setWizard(true)}>Add New Partner</Button>
        )}
        renderDrawer={(ctx) => (
          <RecordDrawer
            ctx={ctx}
            title={(p) => p.title}
            fields={fields}
            actions={(p) => <PartnerActions p={p} />}
            tabs={(p) => [
              { label: 'Active Players', content: <ActivePlayers opId={p.opId} /> },
              { label: 'Withdraw History', content: <WithdrawHistory opId={p.opId} /> },
            ]}
          />
        )}
      />
      <Suspense fallback={null}>{wizard && <PartnerWizard onClose={() => setWizard(false)} />}</Suspense>
    </>
  );
}
