import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, Step, StepLabel, Stepper, TextField } from '@mui/material';
import { cashbackCalculatorBody, cashbackGgrWarning, type CashbackCalculatorInput, type CashbackCalculatorResult } from '@pitboss/contract';
import { FormTextField } from '../kit/actions/FormTextField';
import { Fields } from '../kit/Fields';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { formatUsd } from '../shell/rates';

const AMOUNTS = [
  ['betAmountInUSD', 'Bet amount (USD)'],
  ['winAmountInUSD', 'Win amount (USD)'],
  ['cashBonusInUSD', 'Cash bonus (USD)'],
  ['bonusClaimInUSD', 'Bonus claim (USD)'],
  ['claimedCashbacksInUSD', 'Claimed cashbacks (USD)'],
] as const;

/** Cashback Calculator (2 steps: Player Stats, Calculated Cashback); nothing is saved. */
export function CashbackCalculator() {
  const [step, setStep] = useState(0);
  const [result, setResult] = useState<CashbackCalculatorResult | null>(null);
  const form = useForm<CashbackCalculatorInput>({
    resolver: zodResolver(cashbackCalculatorBody as never) as never,
    mode: 'onChange',
    defaultValues: { betAmountInUSD: '0', winAmountInUSD: '0', cashBonusInUSD: '0', bonusClaimInUSD: '0', claimedCashbacksInUSD: '0', cashbackPercentage: 5 },
  });
  const calc = useEndpointMutation('reports.cashbackCalculator', { invalidate: false, success: false, onDone: (a) => { setResult(a.data); setStep(1); } });
  const values = form.watch();
  const warning = cashbackGgrWarning(values);
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Stepper activeStep={step} sx={{ mb: 2 }}>
        <Step><StepLabel>Player Stats</StepLabel></Step>
        <Step><StepLabel>Calculated Cashback</StepLabel></Step>
      </Stepper>
      {step === 0 ? (
        <Stack component="form" spacing={2} noValidate onSubmit={form.handleSubmit((v) => calc.mutate({ body: v }))}>
          {AMOUNTS.map(([name, label]) => <FormTextField key={name} control={form.control} name={name} label={label} size="small" />)}
          <Controller
            control={form.control}
            name="cashbackPercentage"
            render={({ field, fieldState }) => (
              <TextField
                size="small" type="number" label="Cashback percentage (%)" value={field.value ?? ''} onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
                error={!!fieldState.error} helperText={fieldState.error?.message}
              />
            )}
          />
          {warning && <Alert severity="warning">{warning}</Alert>}
          <Box><Button type="submit" variant="contained" disabled={!form.formState.isValid || calc.isPending}>Calculate Cashback</Button></Box>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Fields items={[
            { label: 'Player loss (GGR)', value: formatUsd(result!.playerLossInUSD), testId: 'calc-player-loss' },
            { label: 'Effective player loss', value: formatUsd(result!.adjustedPlayerLossInUSD), testId: 'calc-adjusted-loss' },
            { label: 'Available cashback', value: formatUsd(result!.availableCashbackAmountInUSD), testId: 'calc-available' },
          ]} />
          <Box><Button onClick={() => setStep(0)}>Back</Button></Box>
        </Stack>
      )}
    </Box>
  );
}
