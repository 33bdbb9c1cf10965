import { useEffect, useState } from 'react';
import { Button, Chip, MenuItem, Tooltip } from '@mui/material';
import {
  DEFAULT_TICKET_SUBJECT, SUPPORT_MESSAGES, TICKET_MESSAGE_MAX, TICKET_STATUS_LABELS, TICKET_SUBJECTS, statusChoices, ticketCreateForm, ticketStatusForm, type TicketRow, type TicketStatus,
} from '@pitboss/contract';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { withCellText } from '../kit/csv';
import { HolderChip as RecordHolderChip } from '../kit/claims';

const STATUS_COLOR: Record<TicketStatus, 'info' | 'warning' | 'success' | 'default'> = {
  NEW: 'info', PENDING: 'warning', REPLIED: 'success', CLOSED: 'default', ARCHIVED: 'default',
};

export const TicketStatusChip = withCellText(
  ({ status }: { status: TicketStatus }) => <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={TICKET_STATUS_LABELS[status]} data-testid="ticket-status" />,
  ({ status }) => TICKET_STATUS_LABELS[status],
);

/** "now" that moves every `ms` (timers on screen). */
function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

const span = (msAbs: number) => {
  const m = Math.round(msAbs / 60_000);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return h < 48 ? `${h} h ${m % 60} min` : `${Math.floor(h / 24)} d ${h % 24} h`;
};

/** The SLA timer: the reply due (first or next), counting down, red when overdue; "—" when no reply is due. */
export function SlaTimer({ t }: { t: Pick<TicketRow, 'replyDueAt' | 'firstRepliedAt'> }) {
  const now = useNow();
  if (!t.replyDueAt) return <span>—</span>;
  const left = new Date(t.replyDueAt).getTime() - now;
  const which = t.firstRepliedAt ? 'Next reply' : 'First reply';
  return (
    <Chip
      size="small" data-testid="sla-timer"
      color={left < 0 ? 'error' : left < 15 * 60_000 ? 'warning' : 'default'}
      label={left < 0 ? `${which} overdue ${span(-left)}` : `${which} due in ${span(left)}`}
    />
  );
}

/** Who holds the ticket (nobody: nothing shown): the chip of every claimed queue. */
export function HolderChip({ t }: { t: Pick<TicketRow, 'claimedBy' | 'claimedByMe'> }) {
  return <RecordHolderChip c={t} testId="ticket-holder" />;
}

/** Claim or release: claim when nobody (else) holds it, release when the caller does; disabled while another agent holds it. */
export function ClaimButton({ t }: { t: TicketRow }) {
  const canCall = useCanCall();
  const send = useEndpointMutation('support.claim');
  if (!canCall('support.claim')) return null;
  const heldByOther = !!t.claimedBy && !t.claimedByMe;
  const button = (
    <Button
      variant={t.claimedByMe ? 'outlined' : 'contained'} disabled={heldByOther || send.isPending}
      onClick={() => send.mutate({ body: { ticketId: t.id, action: t.claimedByMe ? 'release' : 'claim' } })}
    >
      {t.claimedByMe ? 'Release' : 'Claim'}
    </Button>
  );
  return heldByOther ? <Tooltip title={SUPPORT_MESSAGES.holder(t.claimedBy, false)}><span>{button}</span></Tooltip> : button;
}

/** Create Support Ticket (001 §5): brand, customer (player code or id), subject (default: login and registration) and message. */
export function CreateTicketDialog({ onClose, initial }: { onClose: () => void; initial?: { brandId?: string; customerId?: string } }) {
  const { operators } = useSession();
  const brands = operators.filter((o) => o.kind !== 'PARTNER' && !o.isCmsDefault);
  const title = (opId: string | null) => operators.find((o) => o.opId === opId)?.title;
  return (
    <EndpointDialog
      endpoint="support.create"
      title="Create Support Ticket"
      schema={ticketCreateForm}
      defaultValues={{ brandId: initial?.brandId ?? '', customerId: initial?.customerId ?? '', subject: DEFAULT_TICKET_SUBJECT, message: '' }}
      submitText="Create"
      onClose={onClose}
      input={(v) => ({ body: v })}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="brandId" select label="Brand" required>
            {brands.map((o) => <MenuItem key={o.opId} value={o.opId}>{o.title}{o.parentOpId ? ` (${title(o.parentOpId) ?? ''})` : ''}</MenuItem>)}
          </FormTextField>
          <FormTextField control={control} name="customerId" label="Customer (player code)" required maxLength={64} />
          <FormTextField control={control} name="subject" select label="Subject" required>
            {TICKET_SUBJECTS.map((s) => <MenuItem key={s} value={s}>{s}</MenuItem>)}
          </FormTextField>
          <FormTextField control={control} name="message" label="Message" required multiline minRows={3} maxLength={TICKET_MESSAGE_MAX} />
        </>
      )}
    </EndpointDialog>
  );
}

/** Update Ticket Status (001 §5): a selection is required; a closed ticket does not offer NEW. */
export function UpdateStatusDialog({ t, onClose }: { t: TicketRow; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="support.status"
      title="Update Ticket Status"
      schema={ticketStatusForm}
      defaultValues={{}}
      submitText="Update"
      onClose={onClose}
      input={(v) => ({ body: { id: t.id, brandId: t.brandId, opId: t.opId, status: v.status } })}
    >
      {({ control }) => (
        <FormTextField control={control} name="status" select label="Status" required>
          {statusChoices(t.status).map((s) => <MenuItem key={s} value={s}>{TICKET_STATUS_LABELS[s]}</MenuItem>)}
        </FormTextField>
      )}
    </EndpointDialog>
  );
}
