import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { z } from 'zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { MSG, NOTE_MAX, USERNAME_STATUSES, usernameForRole } from '@pitboss/contract';
import { moderateUsername, playerKeys, type UsernameRequestRow } from '../api/players';
import { useApiError } from '../kit/ErrorDialog';
import { useIsSuper } from '../shell/session';

/** The Edit Username form: the contract's rules (username rule for non-super roles, note on REJECT). */
const formSchema = (isSuper: boolean) =>
  z
    .object({
      username: z.string().trim(),
      status: z.enum(USERNAME_STATUSES, { error: MSG.USERNAME_STATUS_EMPTY }),
      note: z.string().trim().max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters.`),
    })
    .superRefine((v, ctx) => {
      if (v.status === 'REJECT' && !v.note) ctx.addIssue({ code: 'custom', message: MSG.USERNAME_NOTE_REQUIRED, path: ['note'] });
      if (v.status !== 'REJECT' && (!v.username || !usernameForRole(isSuper).safeParse(v.username).success))
        ctx.addIssue({ code: 'custom', message: MSG.USERNAME_INVALID, path: ['username'] });
    });
type FormValues = z.infer<ReturnType<typeof formSchema>>;

const STATUS_LABELS: Record<(typeof USERNAME_STATUSES)[number], string> = { PENDING: 'Pending', APPROVE: 'Approve', REJECT: 'Reject' };

export function EditUsernameDialog({ row, onClose }: { row: UsernameRequestRow; onClose: () => void }) {
  const isSuper = useIsSuper();
  const schema = useMemo(() => formSchema(isSuper), [isSuper]);
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useApiError();
  const { control, handleSubmit, watch, setValue, formState } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { username: row.username, status: 'PENDING', note: row.note ?? '' },
    mode: 'onChange',
  });
  const status = watch('status');
  useEffect(() => {
    // Choosing REJECT resets the username to the original (001 §4).
    if (status === 'REJECT') setValue('username', row.originalUsername ?? row.currentUsername ?? '', { shouldValidate: true });
  }, [status, row, setValue]);

  const save = useMutation({
    mutationFn: (v: FormValues) => moderateUsername({ playerCode: row.playerCode, username: v.username, status: v.status, note: v.note, requestId: row.id }),
    onSuccess: (env) => {
      enqueueSnackbar(env.messages[0] ?? MSG.USERNAME_UPDATED, { variant: 'success' });
      void qc.invalidateQueries({ queryKey: playerKeys.all });
      onClose();
    },
    onError: (e) => reportError(e),
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-username-title">
      <DialogTitle id="edit-username-title">Edit Username — {row.playerCode}</DialogTitle>
      <form onSubmit={handleSubmit((v) => save.mutate(v))} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              name="status"
              control={control}
              render={({ field, fieldState }) => (
                <TextField {...field} select label="Status" error={!!fieldState.error} helperText={fieldState.error?.message}>
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
                  disabled={status === 'REJECT'}
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
                  required={status === 'REJECT'}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || formState.isSubmitting}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
