import { useMemo } from 'react';
import { MenuItem } from '@mui/material';
import { MSG, NOTE_MAX, USERNAME_STATUSES, usernameModerationForm } from '@pitboss/contract';
import type { UsernameRequestRow } from '../api/players';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { useIsSuper } from '../shell/session';

const STATUS_LABELS: Record<(typeof USERNAME_STATUSES)[number], string> = { PENDING: 'Pending', APPROVE: 'Approve', REJECT: 'Reject' };

export function EditUsernameDialog({ row, onClose }: { row: UsernameRequestRow; onClose: () => void }) {
  const isSuper = useIsSuper();
  const schema = useMemo(() => usernameModerationForm(isSuper), [isSuper]);
  return (
    <EndpointDialog
      endpoint="players.moderateUsername"
      title={`Edit Username — ${row.playerCode}`}
      maxWidth="xs"
      schema={schema}
      defaultValues={{ username: row.username, status: 'PENDING', note: row.note ?? '' }}
      checkOnSubmit
      submitText="Save"
      onClose={onClose}
      input={(v) => ({ body: { playerCode: row.playerCode, username: v.username, status: v.status, note: v.note, requestId: row.id } })}
      options={{ success: MSG.USERNAME_UPDATED }}
    >
      {({ control, watch, setValue }) => (
        <>
          <FormTextField
            control={control}
            name="status"
            select
            label="Status"
            // Choosing REJECT resets the username to the original (001 §4).
            onValue={(v) => { if (v === 'REJECT') setValue('username', row.originalUsername ?? row.currentUsername ?? '', { shouldValidate: true }); }}
          >
            {USERNAME_STATUSES.map((s) => <MenuItem key={s} value={s}>{STATUS_LABELS[s]}</MenuItem>)}
          </FormTextField>
          <FormTextField control={control} name="username" label="Username" disabled={watch('status') === 'REJECT'} maxLength={64} />
          <FormTextField control={control} name="note" label="Note for the player" multiline minRows={2} required={watch('status') === 'REJECT'} maxLength={NOTE_MAX} />
        </>
      )}
    </EndpointDialog>
  );
}
