import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Button, Link, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { TICKET_POLL_MS, TICKET_STATUSES, TICKET_STATUS_LABELS, type TicketRow } from '@pitboss/contract';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer, type RecordField } from '../kit/RecordDrawer';
import { useListParams } from '../kit/useListParams';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';
import { usePoll } from '../shell/live';
import { useCanCall } from '../shell/useCanCall';
import { ClaimButton, CreateTicketDialog, HolderChip, SlaTimer, TicketStatusChip, UpdateStatusDialog } from './common';

const url = {
  status: z.enum(TICKET_STATUSES).optional(),
  brandId: z.string().trim().min(1).max(64).optional(),
  playerCode: z.string().trim().min(1).max(64).optional(),
  ticketNumber: z.coerce.number().int().min(1).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'status', label: 'Status', type: 'select', options: TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] })) },
  { name: 'ticketNumber', label: 'Ticket number', maxLength: 16 },
  { name: 'playerCode', label: 'Player code', maxLength: 64 },
];

export const ticketPath = (t: Pick<TicketRow, 'brandId' | 'id'>) => `/support/${encodeURIComponent(t.brandId)}/${t.id}`;
const brandOf = (t: TicketRow) => operatorName({ opTitle: t.brandTitle, parentOpTitle: t.parentOpTitle, opId: t.brandId });
const playerOf = (t: TicketRow) => (t.username ? `${t.username} (${t.playerCode})` : t.playerCode);

/** The ticket drawer's actions: the ticket page, claim/release, Update Ticket Status. */
function DrawerActions({ t }: { t: TicketRow }) {
  const canCall = useCanCall();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button component={RouterLink} to={ticketPath(t)} variant="outlined">Open ticket</Button>
      <ClaimButton t={t} />
      {canCall('support.status') && <Button variant="outlined" disabled={!!t.claimedBy && !t.claimedByMe} onClick={() => setOpen(true)}>Update Ticket Status</Button>}
      <Suspense fallback={null}>{open && <UpdateStatusDialog t={t} onClose={() => setOpen(false)} />}</Suspense>
    </>
  );
}

/** /support — the tickets queue: awaiting an agent first, by reply due (SLA); who holds each ticket. */
export default function SupportPage() {
  const poll = usePoll(TICKET_POLL_MS);
  const list = useListParams(url);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const [creating, setCreating] = useState(false);
  const columns: Column<TicketRow>[] = [
    { key: 'ticketNumber', header: 'Ticket', render: (t) => <Link component={RouterLink} to={ticketPath(t)} onClick={(e) => e.stopPropagation()}>#{t.ticketNumber}</Link>, csv: (t) => String(t.ticketNumber), simple: true },
    { key: 'status', header: 'Status', render: (t) => <TicketStatusChip status={t.status} />, simple: true },
    { key: 'sla', header: 'SLA', render: (t) => <SlaTimer t={t} />, csv: (t) => t.replyDueAt ?? '' },
    { key: 'holder', header: 'Held by', render: (t) => <HolderChip t={t} />, csv: (t) => t.claimedBy ?? '' },
    { key: 'subject', header: 'Subject', render: (t) => t.subject, simple: true },
    { key: 'player', header: 'Player', render: playerOf, simple: true },
    { key: 'brand', header: 'Brand', render: brandOf },
    { key: 'createdAt', header: 'Created', render: (t) => fmt(t.createdAt) },
    { key: 'updatedAt', header: 'Last change', render: (t) => fmt(t.updatedAt) },
  ];
  const fields: RecordField<TicketRow>[] = [
    { label: 'Ticket number', value: (t) => `#${t.ticketNumber}` },
    { label: 'Status', value: (t) => <TicketStatusChip status={t.status} /> },
    { label: 'SLA', value: (t) => <SlaTimer t={t} /> },
    { label: 'Held by', value: (t) => (t.claimedBy ? <HolderChip t={t} /> : 'Nobody') },
    { label: 'Subject', value: (t) => t.subject },
    { label: 'Message', value: (t) => t.message },
    { label: 'Player', value: playerOf },
    { label: 'Brand', value: brandOf },
    { label: 'First reply due', value: (t) => fmt(t.firstReplyDueAt) },
    { label: 'First replied', value: (t) => fmt(t.firstRepliedAt) },
    { label: 'Created', value: (t) => fmt(t.createdAt) },
    { label: 'Ticket page', value: (t) => <Link component={RouterLink} to={ticketPath(t)}>Ticket #{t.ticketNumber} with its conversation</Link> },
  ];
  return (
    <>
      <ListPage<TicketRow>
        label="Support tickets"
        endpoint="support.list"
        list={list}
        columns={columns}
        filters={FILTERS}
        rowKey={(t) => t.id}
        exportName="support-tickets"
        refetchInterval={poll}
        toolbar={canCall('support.create') && <Stack direction="row"><Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>Create Support Ticket</Button></Stack>}
        renderDrawer={(ctx) => (
          <RecordDrawer ctx={ctx} title={(t) => <>Ticket #{t.ticketNumber} <TicketStatusChip status={t.status} /></>} fields={fields} actions={(t) => <DrawerActions t={t} />} />
        )}
      />
      <Suspense fallback={null}>{creating && <CreateTicketDialog onClose={() => setCreating(false)} />}</Suspense>
    </>
  );
}
