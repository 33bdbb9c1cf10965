import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  Alert, Button, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, MenuItem,
  Stack, Step, StepLabel, Stepper, TextField, Typography,
} from '@mui/material';
import {
  DECIMAL_PATTERN, MSG, NOTE_MAX, TOPUP_MESSAGES, TOPUP_REASONS, cmpDec, subDec, topupBody, type TopupAction,
} from '@pitboss/contract';
import { usePlayerWallet } from '../api/players';
import { topupPlayer, useTopupInfo } from '../api/wallet';
import { formatUsd } from '../shell/rates';
import { useWalletMutation } from './useWalletMutation';

/** The form of the Topup Player dialog: the contract's topupBody, the accept checkbox as a boolean. */
const formSchema = topupBody.omit({ playerCode: true, accept: true }).extend({
  accept: z.boolean().refine((v) => v, TOPUP_MESSAGES.ACCEPT_REQUIRED),
});
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

const REASON_LABELS: Record<(typeof TOPUP_REASONS)[number], string> = {
  COMPENSATION: 'Compensation', CORRECTION: 'Correction', PROMOTION: 'Promotion', TEST: 'Test', OTHER: 'Other',
};
const STEPS = ['Amount and currency', 'Increase or decrease', 'Confirm'];

/**
 * Topup Player (001 §4-5): amount and currency → Increase or Decrease → reason, note, accept → send.
 * The operator's daily limit is shown next to today's total; Decrease is disabled when the
 * balance of that currency would go below zero (exact decimals, never floats).
 */
export function TopupPlayerDialog({ playerCode, onClose }: { playerCode: string; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const info = useTopupInfo(playerCode, true);
  const wallet = usePlayerWallet(playerCode, true);
  const { control, handleSubmit, trigger, watch, setValue, formState } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(formSchema),
    defaultValues: { amount: '', currency: '', action: undefined, reason: undefined, note: '', accept: false },
    mode: 'onChange',
  });
  const send = useWalletMutation(playerCode, topupPlayer, onClose, TOPUP_MESSAGES.DONE);
  const amount = watch('amount');
  const currency = watch('currency');
  const action = watch('action');
  const balance = wallet.data?.balances.find((b) => b.currency === currency)?.balance ?? '0';
  const validAmount = DECIMAL_PATTERN.test(amount.trim()) && cmpDec(amount.trim(), '0') > 0;
  const decreaseBlocked = !validAmount || cmpDec(subDec(balance, amount.trim()), '0') < 0;

  const next = async () => {
    if (await trigger(['amount', 'currency'])) setStep(1);
  };
  const choose = (a: TopupAction) => {
    setValue('action', a, { shouldValidate: true });
    setStep(2);
  };
  const i = info.data;
  return (
    <Dialog open onClose={send.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="topup-title">
      <DialogTitle id="topup-title">Topup Player — {playerCode}</DialogTitle>
      <form onSubmit={handleSubmit((v) => send.mutate({ ...v, playerCode, accept: true }))} noValidate>
        <DialogContent>
          <Stepper activeStep={step} sx={{ mb: 2 }}>
            {STEPS.map((l) => (
              <Step key={l}>
                <StepLabel>{l}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {info.isPending && <CircularProgress size={24} aria-label="Loading operator data" />}
          {info.isError && <Alert severity="error">{info.error.message || MSG.GENERIC_ERROR}</Alert>}
          {i && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="topup-limit">
              Today&apos;s total: {formatUsd(i.stats.todayTotalTopupInUSD)} of the daily limit {formatUsd(i.limits.dailyTopupLimitInUSD)}
            </Alert>
          )}
          {step === 0 && (
            <Stack spacing={2}>
              <Controller
                name="amount"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField {...field} label="Amount" inputMode="decimal" required error={!!fieldState.error} helperText={fieldState.error?.message} slotProps={{ htmlInput: { maxLength: 24 } }} />
                )}
              />
              <Controller
                name="currency"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField {...field} select label="Currency" required error={!!fieldState.error} helperText={fieldState.error?.message ?? (currency ? `Balance: ${balance} ${currency}` : undefined)}>
                    {(i?.currencies ?? []).map((c) => (
                      <MenuItem key={c} value={c}>
                        {c}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
          )}
          {step === 1 && (
            <Stack spacing={2}>
              <Typography>
                {amount} {currency} — current balance {balance} {currency}
              </Typography>
              <Stack direction="row" spacing={2}>
                <Button variant="contained" color="success" onClick={() => choose('INCREASE')}>
                  Increase
                </Button>
                <Button variant="contained" color="warning" disabled={decreaseBlocked || wallet.isPending} onClick={() => choose('DECREASE')}>
                  Decrease
                </Button>
              </Stack>
              {decreaseBlocked && validAmount && <FormHelperText>{TOPUP_MESSAGES.BELOW_ZERO}</FormHelperText>}
            </Stack>
          )}
          {step === 2 && (
            <Stack spacing={2}>
              <Typography>
                {action === 'DECREASE' ? 'Decrease' : 'Increase'} {amount} {currency} for {playerCode}
              </Typography>
              <Controller
                name="reason"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField {...field} value={field.value ?? ''} select label="Reason" required error={!!fieldState.error} helperText={fieldState.error?.message}>
                    {TOPUP_REASONS.map((r) => (
                      <MenuItem key={r} value={r}>
                        {REASON_LABELS[r]}
                      </MenuItem>
                    ))}
                  </TextField>
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
                    <FormControlLabel
                      control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                      label="I confirm this wallet change"
                    />
                    {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
                  </div>
                )}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          {step > 0 && (
            <Button onClick={() => setStep(step - 1)} disabled={send.isPending}>
              Back
            </Button>
          )}
          {step === 0 && (
            <Button variant="contained" onClick={() => void next()} disabled={!i}>
              Next
            </Button>
          )}
          {step === 2 && (
            <Button type="submit" variant="contained" disabled={send.isPending || formState.isSubmitting || (action === 'DECREASE' && decreaseBlocked)}>
              Send
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
