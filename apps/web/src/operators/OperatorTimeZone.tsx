import { useEffect, useMemo, useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { OPERATOR_MESSAGES, timezoneNames } from '@pitboss/contract';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useCanCall } from '../shell/useCanCall';

/**
 * The operator's time zone (PUT /api/operators/time-zone): where its bonus release periods — days,
 * weeks, months — begin. Empty follows the parent operator (a brand) or UTC. Editable with Save for
 * those allowed to call it; read-only for the others.
 */
export function OperatorTimeZone({ opId, timeZone, effectiveTimeZone }: { opId: string; timeZone: string | null; effectiveTimeZone: string }) {
  const canCall = useCanCall();
  const zones = useMemo(() => timezoneNames(), []);
  const saved = timeZone ?? '';
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  const save = useEndpointMutation('operators.timeZone', {
    success: (a) => (a.data.timeZone === null ? OPERATOR_MESSAGES.TIME_ZONE_CLEARED : OPERATOR_MESSAGES.TIME_ZONE_SAVED),
  });
  const inherited = timeZone === null ? ` (${effectiveTimeZone === 'UTC' ? 'UTC' : `${effectiveTimeZone}, from the parent operator`})` : '';
  if (!canCall('operators.timeZone', { request: { opId } })) {
    return <Typography variant="body2">Time zone of bonus release periods: {timeZone ?? 'Not set'}{inherited}</Typography>;
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 2 }} component="form" aria-label="Operator time zone"
      onSubmit={(e) => { e.preventDefault(); save.mutate({ body: { opId, timeZone: value } }); }}
    >
      {/* A native select: some 400 zones, typed to jump, without the autocomplete's code on the operator page. */}
      <TextField
        select size="small" label="Time zone" value={value} onChange={(e) => setValue(e.target.value)} sx={{ minWidth: 280 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        helperText={`Bonus release days, weeks and months begin at midnight here. Empty: the parent operator's, else UTC${inherited}.`}
      >
        <option value="">Not set</option>
        {zones.map((z) => <option key={z} value={z}>{z}</option>)}
      </TextField>
      <Button type="submit" variant="outlined" disabled={save.isPending || value === saved}>Save</Button>
    </Stack>
  );
}
