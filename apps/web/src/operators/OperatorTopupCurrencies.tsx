import { useEffect, useState } from 'react';
import { Button, Checkbox, FormControlLabel, FormGroup, FormHelperText, Stack, Typography } from '@mui/material';
import { OPERATOR_MESSAGES, topupCurrenciesOf } from '@pitboss/contract';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useCanCall } from '../shell/useCanCall';

/**
 * The operator's additional top-up currencies (PUT /api/operators/topup-currencies; 001 §3
 * extraData.additionalTopupCurrencies, §9 "Wallet top-up currencies: USD plus the operator's
 * additionalTopupCurrencies"): a choice among its allowed currencies other than USD. Editable with
 * Save for those allowed to call it; read-only for the others.
 */
export function OperatorTopupCurrencies({ opId, allowedCurrencies, additional }: { opId: string; allowedCurrencies: readonly string[]; additional: readonly string[] }) {
  const canCall = useCanCall();
  const choices = allowedCurrencies.filter((c) => c !== 'USD');
  const saved = additional.filter((c) => choices.includes(c));
  const savedKey = saved.join(',');
  const [value, setValue] = useState<string[]>(saved);
  // Reset when the saved list changes (by its key, not at every new array).
  useEffect(() => setValue(savedKey ? savedKey.split(',') : []), [savedKey]);
  const save = useEndpointMutation('operators.topupCurrencies', { success: OPERATOR_MESSAGES.TOPUP_CURRENCIES_SAVED });
  const current = topupCurrenciesOf({ allowedCurrencies, additionalTopupCurrencies: saved }).join(', ');
  if (!canCall('operators.topupCurrencies', { request: { opId } })) {
    return <Typography variant="body2" sx={{ mt: 2 }}>Top-up currencies: {current}</Typography>;
  }
  const changed = value.join(',') !== savedKey;
  return (
    <Stack component="form" aria-label="Top-up currencies" sx={{ mt: 2 }}
      onSubmit={(e) => { e.preventDefault(); save.mutate({ body: { opId, additionalTopupCurrencies: choices.filter((c) => value.includes(c)) } }); }}
    >
      <Typography variant="body2">Top-up currencies: USD and</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FormGroup row>
          {choices.map((c) => (
            <FormControlLabel
              key={c}
              label={c}
              control={<Checkbox size="small" checked={value.includes(c)} onChange={(e) => setValue((v) => (e.target.checked ? [...v, c] : v.filter((x) => x !== c)))} />}
            />
          ))}
        </FormGroup>
        <Button type="submit" variant="outlined" disabled={save.isPending || !changed}>Save</Button>
      </Stack>
      <FormHelperText>
        {choices.length ? 'The Topup Player dialog offers USD and the currencies ticked here.' : 'The operator allows USD only: top-ups are in USD.'}
      </FormHelperText>
    </Stack>
  );
}
