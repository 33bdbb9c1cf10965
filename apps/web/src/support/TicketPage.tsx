import { Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { SUPPORT_MESSAGES, TICKET_MESSAGE_MAX, TICKET_POLL_MS, ticketReplyForm, type TicketDetails } from '@pitboss/contract';
import { ApiError } from '../api/client';
import { apiData } from '../api/endpoint';
import { FormTextField } from '../kit/actions/FormTextField';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { Fields } from '../kit/Fields';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';
import { usePoll } from '../shell/live';
import { useCanCall } from '../shell/useCanCall';
import { ClaimButton, HolderChip, SlaTimer, TicketStatusChip, UpdateStatusDialog } from './common';

/** The conversation, oldest first: the player's messages on the left, the agents' on the right. */
function Conversation({ t }: { t: TicketDetails }) {
  const fmt = useFormatTime();
  return (
    <Stack spacing={1.5} aria-label="Conversation" role="list">
      {t.messages.map((m) => (
        <Box key={m.id} role="listitem" sx={{ alignSelf: m.authorType === 'STAFF' ? 'flex-end' : 'flex-start', maxWidth: '80%' }}>
          <Paper variant="outlined" sx={{ p: 1.5, bgcolor: m.authorType === 'STAFF' ? 'primary.50' : 'grey.50' }}>
            <Typography variant="caption" color="text.secondary">{m.author} · {fmt(m.createdAt)}</Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.body}</Typography>
          </Paper>
        </Box>
      ))}
    </Stack>
  );
}

/** The agent's reply box: disabled while another agent holds the ticket, or once it is closed. */
function ReplyBox({ t }: { t: TicketDetails }) {
  const form = useForm<z.input<typeof ticketReplyForm>, unknown, z.output<typeof ticketReplyForm>>({
    resolver: zodResolver(ticketReplyForm), defaultValues: { message: '' }, mode: 'onChange',
  });
  const send = useEndpointMutation('support.reply', { onDone: () => form.reset({ message: '' }) });
  const heldByOther = !!t.claimedBy && !t.claimedByMe;
  const closed = t.status === 'CLOSED' || t.status === 'ARCHIVED';
  return (
    <Stack component="form" spacing={1} noValidate aria-label="Reply to the player" onSubmit={form.handleSubmit((v) => send.mutate({ body: { ticketId: t.id, message: v.message } }))}>
      {heldByOther && <Alert severity="warning">{SUPPORT_MESSAGES.heldBy(t.claimedBy!)}</Alert>}
      {closed && <Alert severity="info">{SUPPORT_MESSAGES.REPLY_CLOSED}</Alert>}
      <FormTextField control={form.control} name="message" label="Reply" multiline minRows={3} maxLength={TICKET_MESSAGE_MAX} fullWidth disabled={heldByOther || closed} />
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={heldByOther || closed || send.isPending || !form.formState.isValid}>Send reply</Button>
      </Stack>
    </Stack>
  );
}

/** /support/{brandId}/{ticketId} — one ticket: its conversation, the reply box, the claim and the SLA timer. */
export default function TicketPage() {
  const { ticketId = '' } = useParams();
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const [statusOpen, setStatusOpen] = useState(false);
  const poll = usePoll(TICKET_POLL_MS);
  const q = useQuery({ queryKey: ['support.get', ticketId], queryFn: () => apiData('support.get', { body: { ticketId } }), refetchInterval: poll });
  if (q.isPending) return <CircularProgress aria-label="Loading ticket" />;
  if (q.isError) return <Alert severity="error">{q.error instanceof ApiError && q.error.messages[0] ? q.error.messages[0] : SUPPORT_MESSAGES.TICKET_NOT_FOUND}</Alert>;
  const t = q.data;
  const heldByOther = !!t.claimedBy && !t.claimedByMe;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
          <Typography variant="h6" component="h2">Ticket #{t.ticketNumber} — {t.subject}</Typography>
          <TicketStatusChip status={t.status} />
          <SlaTimer t={t} />
          <HolderChip t={t} />
          <span style={{ flex: 1 }} />
          <ClaimButton t={t} />
          {canCall('support.status') && <Button variant="outlined" disabled={heldByOther} onClick={() => setStatusOpen(true)}>Update Ticket Status</Button>}
          <Button component={RouterLink} to="/support" variant="text">Back to tickets</Button>
        </Stack>
        <Fields items={[
          { label: 'Player', value: t.username ? `${t.username} (${t.playerCode})` : t.playerCode },
          { label: 'Brand', value: operatorName({ opTitle: t.brandTitle, parentOpTitle: t.parentOpTitle, opId: t.brandId }) },
          { label: 'Created', value: fmt(t.createdAt) },
          { label: 'First reply due', value: fmt(t.firstReplyDueAt) },
          { label: 'First replied', value: fmt(t.firstRepliedAt) },
          { label: 'Held until', value: t.claimedUntil ? fmt(t.claimedUntil) : '—' },
        ]}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Conversation t={t} />
      </Paper>
      {canCall('support.reply') && <Paper variant="outlined" sx={{ p: 2 }}><ReplyBox t={t} /></Paper>}
      <Suspense fallback={null}>{statusOpen && <UpdateStatusDialog t={t} onClose={() => setStatusOpen(false)} />}</Suspense>
    </Stack>
  );
}
