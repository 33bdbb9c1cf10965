import { useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { destinationRevealBody, humanize, isDestinationSecret } from '@pitboss/contract';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { Fields } from '../kit/Fields';
import { useCanCall } from '../shell/useCanCall';

const reasonForm = destinationRevealBody.pick({ reason: true });
type Shown = { txId: string; destination: unknown };

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * Where a withdrawal is paid to. Card numbers, IBANs and account numbers arrive masked (last 4);
 * "Show full numbers" (for those who approve withdrawals) asks for the reason, which the activity
 * log keeps, and shows the full values until the drawer moves to another transaction.
 */
export function Destination({ txId, destination }: { txId: string; destination: unknown }) {
  const canCall = useCanCall();
  const [asking, setAsking] = useState(false);
  const [revealed, setRevealed] = useState<Shown | null>(null);
  const shown = revealed?.txId === txId ? revealed.destination : destination;
  if (!shown || typeof shown !== 'object' || Array.isArray(shown)) return <>{text(shown)}</>;
  const entries = Object.entries(shown as Record<string, unknown>);
  const hasSecret = entries.some(([k]) => isDestinationSecret(k));
  return (
    <Stack spacing={1} data-testid="destination">
      <Fields items={entries.map(([k, v]) => ({ label: humanize(k), value: text(v), testId: `destination-${k}` }))} />
      {hasSecret && revealed?.txId !== txId && canCall('transactions.destinationReveal') && (
        <Box>
          <Button size="small" startIcon={<VisibilityIcon />} onClick={() => setAsking(true)}>Show full numbers</Button>
        </Box>
      )}
      {asking && (
        <EndpointDialog
          endpoint="transactions.destinationReveal"
          title="Show full numbers"
          schema={reasonForm}
          defaultValues={{ reason: '' }}
          submitText="Show"
          onClose={() => setAsking(false)}
          input={(v) => ({ body: { txId, reason: v.reason } })}
          options={{ success: false, invalidate: false, onDone: (a) => { setRevealed(a.data); setAsking(false); } }}
        >
          {({ control }) => <FormTextField control={control} name="reason" label="Reason (kept in the activity log)" multiline minRows={2} maxLength={500} />}
        </EndpointDialog>
      )}
    </Stack>
  );
}
