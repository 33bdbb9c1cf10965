import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { MenuItem, TextField } from '@mui/material';
import { MSG, NOTE_MAX, USERNAME_STATUSES, usernameModerationForm } from '@pitboss/contract';
import type { UsernameRequestRow } from '../api/players';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
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
          <Controller
            name="status"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                onChange={(e) => {
                  field.onChange(e);
                  // Choosing REJECT resets the username to the original (001 §4).
                  if (e.target.value === 'REJECT') setValue('username', row.originalUsername ?? row.currentUsername ?? '', { shouldValidate: true });
                }}
                select
                label="Status"
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              >
                {USERNAME_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="username"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Username"
                disabled={watch('status') === 'REJECT'}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: 64 } }}
              />
            )}
          />
          <Controller
            name="note"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Note for the player"
                multiline
                minRows={2}
                required={watch('status') === 'REJECT'}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
              />
            )}
          />
        </>
      )}
    </EndpointDialog>
  );
}
