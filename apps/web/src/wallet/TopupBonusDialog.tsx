import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Stack, TextField } from '@mui/material';
import { NOTE_MAX, TOPUP_MESSAGES, topupBonusBody } from '@pitboss/contract';
import { topupPlayerBonus } from '../api/wallet';
import { useWalletMutation } from './useWalletMutation';

const formSchema = topupBonusBody.omit({ playerCode: true, accept: true, action: true }).extend({
  accept: z.boolean().refine((v) => v, TOPUP_MESSAGES.ACCEPT_REQUIRED),
});
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

/** Topup Player Bonus: a signed USD amount within ±100,000,000, a note and the accept checkbox. */
export function TopupBonusDialog({ playerCode, onClose }: { playerCode: string; onClose: () => void }) {
  const { control, handleSubmit, formState } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(formSchema),
    defaultValues: { amount: '', note: '', accept: false },
    mode: 'onChange',
  });
  const send = useWalletMutation(playerCode, topupPlayerBonus, onClose, TOPUP_MESSAGES.DONE);
  return (
    <Dialog open onClose={send.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="topup-bonus-title">
      <DialogTitle id="topup-bonus-title">Topup Player Bonus — {playerCode}</DialogTitle>
      <form onSubmit={handleSubmit((v) => send.mutate({ playerCode, amount: v.amount, note: v.note, accept: true }))} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              name="amount"
              control={control}
              render={({ field, fieldState }) => (
                <TextField {...field} label="Amount (USD, negative to reduce)" required error={!!fieldState.error} helperText={fieldState.error?.message} slotProps={{ htmlInput: { maxLength: 24 } }} />
              )}
            />
            <Controller
              name="note"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Note"
                  multiline
                  minRows={2}
                  required
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? `${field.value.length}/${NOTE_MAX}`}
                  slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
                />
              )}
            />
            <Controller
              name="accept"
              control={control}
              render={({ field, fieldState }) => (
                <div>
                  <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="I confirm this bonus wallet change" />
                  {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
                </div>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={send.isPending || formState.isSubmitting}>
            Send
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
