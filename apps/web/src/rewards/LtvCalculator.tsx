import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup, Stack, Step, StepLabel, Stepper } from '@mui/material';
import { LTV_FLAGS, LTV_FLAG_LABELS, formatUsd, ltvBody, type LtvBody, type LtvReport } from '@pitboss/contract';
import { Fields } from '../kit/Fields';
import { FormTextField } from '../kit/actions/FormTextField';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';

const STEPS = ['Player and Costs', 'LTV'] as const;

/**
 * LTV Calculator (001 §3 "LTV report"): a player's P/L (bets − wins) minus the costs chosen,
 * optionally over a period; `playerCode` fixed in the player drawer, typed on the calculators page.
 */
export function LtvCalculator({ playerCode, opId, onFinish }: { playerCode?: string; opId?: string; onFinish?: () => void }) {
  const [step, setStep] = useState(0);
  const [report, setReport] = useState<LtvReport | null>(null);
  const form = useForm<LtvBody>({
    resolver: zodResolver(ltvBody as never) as never,
    mode: 'onChange',
    defaultValues: { playerCode: playerCode ?? '', ...Object.fromEntries(LTV_FLAGS.map((k) => [k, true])) },
  });
  const calc = useEndpointMutation('reports.playerLtv', { invalidate: false, success: false, errorTitle: 'Unable to Calculate', onDone: (a) => { setReport(a.data); setStep(1); } });
  const submit = form.handleSubmit((v) => {
    const body = { ...v, ...(opId ? { opId } : {}) };
    // Empty dates are no bound.
    if (!body.from) delete body.from;
    if (!body.to) delete body.to;
    calc.mutate({ body });
  });
  return (
    <Stack spacing={2} data-testid="ltv-calculator">
      <Stepper activeStep={step}>{STEPS.map((l) => <Step key={l}><StepLabel>{l}</StepLabel></Step>)}</Stepper>
      {step === 0 ? (
        <Stack component="form" spacing={2} noValidate onSubmit={(e) => void submit(e)}>
          {playerCode === undefined && <FormTextField control={form.control} name="playerCode" label="Player code" size="small" />}
          <Stack direction="row" spacing={2}>
            <FormTextField control={form.control} name="from" label="From" type="date" size="small" slotProps={{ inputLabel: { shrink: true } }} />
            <FormTextField control={form.control} name="to" label="To" type="date" size="small" slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
          <FormGroup>
            {LTV_FLAGS.map((k) => (
              <Controller key={k} control={form.control} name={k} render={({ field }) => (
                <FormControlLabel control={<Checkbox checked={field.value !== false} onChange={(e) => field.onChange(e.target.checked)} />} label={`Deduct ${LTV_FLAG_LABELS[k].toLowerCase()}`} />
              )} />
            ))}
          </FormGroup>
          <Box><Button type="submit" variant="contained" disabled={calc.isPending}>Calculate LTV</Button></Box>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Fields items={[
            { label: 'P/L (bets − wins)', value: formatUsd(report!.plInUSD), testId: 'ltv-pl' },
            { label: 'Claimed bonuses', value: formatUsd(report!.bonusesClaimedInUSD) },
            { label: 'Claimed cashbacks', value: formatUsd(report!.cashbackClaimedInUSD) },
            { label: 'CPR', value: formatUsd(report!.cprInUSD) },
            { label: 'CPA', value: formatUsd(report!.cpaInUSD) },
            { label: 'Affiliate commission', value: formatUsd(report!.affCommissionInUSD) },
            { label: 'Tournament prizes', value: formatUsd(report!.tournamentPrizeInUSD) },
            { label: 'LTV', value: <strong>{formatUsd(report!.ltvInUSD)}</strong>, testId: 'ltv-value' },
          ]} />
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setStep(0)}>Back</Button>
            {onFinish && <Button variant="contained" onClick={onFinish}>Finish</Button>}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

/** The LTV Calculator as a dialog (the player drawer's affiliate panel). */
export function LtvCalculatorDialog({ playerCode, opId, onClose }: { playerCode: string; opId?: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>LTV Calculator — {playerCode}</DialogTitle>
      <DialogContent><Box sx={{ pt: 1 }}><LtvCalculator playerCode={playerCode} {...(opId ? { opId } : {})} onFinish={onClose} /></Box></DialogContent>
      <DialogActions><Button onClick={onClose}>Close</Button></DialogActions>
    </Dialog>
  );
}
