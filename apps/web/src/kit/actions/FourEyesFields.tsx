import { Alert, MenuItem } from '@mui/material';
import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { FOUR_EYES_MESSAGES, FOUR_EYES_NOTE_MAX, FOUR_EYES_REASONS, formatUsd, label, type FirstApproval, type FourEyesReason } from '@pitboss/contract';
import { useSession } from '../../shell/session';
import { FormTextField } from './FormTextField';

/** The form fields a four-eyes approval adds to an approval dialog's schema (sent only on a first approval). */
export const fourEyesFormFields = {
  reasonCode: z.string().optional(),
  reasonNote: z.string().max(FOUR_EYES_NOTE_MAX, FOUR_EYES_MESSAGES.REASON_NOTE_MAX).optional(),
};
export const fourEyesDefaults = { reasonCode: '', reasonNote: '' };
type ReasonValues = { reasonCode?: string | undefined; reasonNote?: string | undefined };

/** The first approval still awaiting its second (else null): then the approval being made is the second. */
export const awaitingFirst = (a: FirstApproval | null | undefined): FirstApproval | null => (a?.status === 'AWAITING_SECOND_APPROVAL' ? a : null);

/** The reason fields of the call body: only on a first approval above the threshold (`asFirst`). */
export const fourEyesBody = (v: ReasonValues, asFirst: boolean): { reasonCode?: FourEyesReason; reasonNote?: string } =>
  (asFirst ? { ...(v.reasonCode ? { reasonCode: v.reasonCode as FourEyesReason } : {}), ...(v.reasonNote ? { reasonNote: v.reasonNote } : {}) } : {});

/**
 * Four-eyes in an approval dialog: while a first approval awaits its second, who approved first
 * and why (the same staff member reads that someone else must approve); else, when this approval
 * needs two approvers (`needed`), the reason code select and its note (required with Other).
 */
export function FourEyesFields<T extends ReasonValues>({ control, first, needed, thresholdInUSD }: {
  control: Control<T>; first: FirstApproval | null; needed: boolean; thresholdInUSD: string | null | undefined;
}) {
  const me = useSession().user;
  const c = control as unknown as Control<ReasonValues>;
  if (first) {
    return (
      <Alert severity="warning" data-testid="four-eyes-awaiting">
        {FOUR_EYES_MESSAGES.awaitingBy(first.firstByName, first.firstBy === me?.email)} · {label('fourEyesReason', first.reasonCode)}{first.reasonNote ? ` — “${first.reasonNote}”` : ''}
      </Alert>
    );
  }
  if (!needed) return null;
  return (
    <>
      <Alert severity="info">Above {formatUsd(thresholdInUSD ?? '0')} a second staff member must approve: your approval is recorded with its reason.</Alert>
      <FormTextField control={c} name="reasonCode" select label="Reason code" required>
        {FOUR_EYES_REASONS.map((r) => <MenuItem key={r} value={r}>{label('fourEyesReason', r)}</MenuItem>)}
      </FormTextField>
      <FormTextField control={c} name="reasonNote" label="Reason note" maxLength={FOUR_EYES_NOTE_MAX} />
    </>
  );
}
