import { useEffect, useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { FOUR_EYES_MESSAGES, thresholdField } from '@pitboss/contract';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { formatUsd } from '../shell/rates';
import { useCanCall } from '../shell/useCanCall';

/**
 * Four-eyes approval of an operator (PUT /api/operators/four-eyes): the USD threshold above which
 * bonus requests, manual top-ups and withdrawal confirmations need a second staff member; empty is
 * off. Editable with Save for those allowed to call it; read-only for the others.
 */
export function FourEyesThreshold({ opId, thresholdInUSD }: { opId: string; thresholdInUSD: string | null }) {
  const canCall = useCanCall();
  const saved = thresholdInUSD === null ? '' : thresholdInUSD.includes('.') ? thresholdInUSD.replace(/\.?0+$/, '') : thresholdInUSD;
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  const save = useEndpointMutation('operators.fourEyes', {
    success: (a) => (a.data.fourEyesThresholdInUSD === null ? FOUR_EYES_MESSAGES.THRESHOLD_CLEARED : FOUR_EYES_MESSAGES.THRESHOLD_SAVED),
    errorTitle: FOUR_EYES_MESSAGES.THRESHOLD_SAVE_FAILED,
  });
  if (!canCall('operators.fourEyes', { request: { opId } })) {
    return <Typography variant="body2">Four-eyes threshold (USD): {thresholdInUSD === null ? 'Off' : formatUsd(thresholdInUSD)}</Typography>;
  }
  const parsed = thresholdField.safeParse(value);
  const error = parsed.success ? undefined : parsed.error.issues[0]?.message;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 2 }} component="form" aria-label="Four-eyes approval"
      onSubmit={(e) => { e.preventDefault(); if (parsed.success) save.mutate({ body: { opId, thresholdInUSD: value.trim() } }); }}
    >
      <TextField
        size="small" label="Four-eyes threshold (USD)" value={value} onChange={(e) => setValue(e.target.value)}
        error={!!error} helperText={error ?? 'Above this amount a second staff member must approve. Empty: off.'}
        slotProps={{ htmlInput: { maxLength: 32, inputMode: 'decimal' } }}
      />
      <Button type="submit" variant="outlined" disabled={!!error || save.isPending || value.trim() === saved}>Save</Button>
    </Stack>
  );
}
