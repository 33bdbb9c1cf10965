import { useState } from 'react';
import { Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { bankAccountRevealBody } from '@pitboss/contract';
import type { DataOf } from '@pitboss/contract/endpoint-schemas';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';

type Numbers = DataOf<'banking.bankAccountReveal'>;
const reasonForm = bankAccountRevealBody.pick({ reason: true });

/**
 * Card number, IBAN and account number arrive masked (last 4). "Show full numbers" asks for the
 * reason, which the activity log keeps; the numbers then show until the drawer moves on.
 */
export function useRevealedNumbers(uuid: string) {
  const [asking, setAsking] = useState(false);
  const [numbers, setNumbers] = useState<Numbers | null>(null);
  const shown = numbers?.uuid === uuid ? numbers : null;
  const button = shown ? null : (
    <Button size="small" startIcon={<VisibilityIcon />} onClick={() => setAsking(true)}>Show full numbers</Button>
  );
  const dialog = asking ? (
    <EndpointDialog
      endpoint="banking.bankAccountReveal"
      title="Show full numbers"
      schema={reasonForm}
      defaultValues={{ reason: '' }}
      submitText="Show"
      onClose={() => setAsking(false)}
      input={(v) => ({ body: { uuid, reason: v.reason } })}
      options={{ success: false, invalidate: false, onDone: (a) => { setNumbers(a.data); setAsking(false); } }}
    >
      {({ control }) => <FormTextField control={control} name="reason" label="Reason (kept in the activity log)" multiline minRows={2} maxLength={500} />}
    </EndpointDialog>
  ) : null;
  return { shown, button, dialog };
}
