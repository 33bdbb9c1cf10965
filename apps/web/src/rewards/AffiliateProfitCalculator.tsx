import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Step, StepLabel, Stepper, Table, TableBody, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import {
  affiliateProfitCalculatorBody, formatUsd, type AffiliateProfitCalculatorInput, type AffiliateProfitCalculatorResult, type AffiliateSettings, type ReferredPlayersStats,
} from '@pitboss/contract';
import { FormTextField } from '../kit/actions/FormTextField';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { AffiliateSettingsStep, NumField } from '../players/RewardSettingsDialogs';

export const AFFILIATE_CALCULATOR_STEPS = ['Referred Player Stats', 'General Settings', 'Level Settings', 'Revenue Share Settings', 'Calculated Profit'] as const;
const LAST_SETTINGS = 3;
const RESULT = 4;

const AMOUNTS = [
  ['totalPlayersWagerInUSD', "Referred players' wager (USD)"],
  ['totalReferredPlayersPlInUSD', "Referred players' GGR (USD)"],
  ['totalClaimedBonusAmountInUSD', 'Claimed bonuses (USD)'],
  ['totalCashbacksInUSD', 'Cashbacks (USD)'],
] as const;
const COUNTS = [
  ['emailRegistrations', 'Registrations by email'],
  ['telegramRegistrations', 'Registrations by Telegram'],
  ['gmailRegistrations', 'Registrations by Gmail'],
  ['ftdPlayers', 'First-time depositors'],
] as const;
const EMPTY_STATS: ReferredPlayersStats = {
  totalPlayersWagerInUSD: '0', totalReferredPlayersPlInUSD: '0', totalClaimedBonusAmountInUSD: '0', totalCashbacksInUSD: '0',
  emailRegistrations: 0, telegramRegistrations: 0, gmailRegistrations: 0, ftdPlayers: 0,
};

/**
 * Affiliate Profit Calculator (001 §2: Referred Player Stats, General Settings, Level Settings,
 * Revenue Share Settings, Calculated Profit; Back, Next, Calculate Profit, Finish). The settings
 * start from `settings` (the player's effective ones, or the operator's) and are edited here
 * only, never saved; the profit is calculated as soon as the calculator opens.
 */
export function AffiliateProfitCalculator({ settings, onFinish }: { settings: AffiliateSettings; onFinish?: () => void }) {
  const [step, setStep] = useState(0);
  const [result, setResult] = useState<AffiliateProfitCalculatorResult | null>(null);
  const form = useForm<AffiliateProfitCalculatorInput>({
    resolver: zodResolver(affiliateProfitCalculatorBody as never) as never,
    mode: 'onChange',
    defaultValues: { ...structuredClone(settings), referredPlayersStats: EMPTY_STATS },
  });
  const calc = useEndpointMutation('reports.affiliateProfitCalculator', { invalidate: false, success: false, errorTitle: 'Unable to Calculate', onDone: (a) => setResult(a.data) });
  const { mutate } = calc;
  // Recalculated when the calculator opens, from the settings it starts with.
  useEffect(() => { mutate({ body: form.getValues() }); }, [mutate, form]);
  const calculate = form.handleSubmit((v) => calc.mutate({ body: v }, { onSuccess: () => setStep(RESULT) }));
  const next = async () => {
    const ok = step === 0 ? await form.trigger('referredPlayersStats') : await form.trigger(step === 1 ? 'general' : step === 2 ? 'levelSettings' : 'revenueShareSettings');
    if (ok) setStep(step + 1);
  };
  return (
    <Stack spacing={2} data-testid="affiliate-profit-calculator">
      <Stepper activeStep={step} alternativeLabel>
        {AFFILIATE_CALCULATOR_STEPS.map((l) => <Step key={l}><StepLabel>{l}</StepLabel></Step>)}
      </Stepper>
      {step === 0 && (
        <Stack spacing={2}>
          {AMOUNTS.map(([name, label]) => <FormTextField key={name} control={form.control} name={`referredPlayersStats.${name}`} label={label} size="small" />)}
          {COUNTS.map(([name, label]) => <NumField key={name} control={form.control as never} name={`referredPlayersStats.${name}`} label={label} />)}
        </Stack>
      )}
      {step >= 1 && step <= LAST_SETTINGS && <AffiliateSettingsStep step={step - 1} form={form as never} />}
      {step === RESULT && <ProfitResult result={result} />}
      <Stack direction="row" spacing={1}>
        {step > 0 && <Button onClick={() => setStep(step - 1)}>Back</Button>}
        {step < LAST_SETTINGS && <Button variant="contained" onClick={() => void next()}>Next</Button>}
        {step === LAST_SETTINGS && <Button variant="contained" disabled={calc.isPending} onClick={() => void calculate()}>Calculate Profit</Button>}
        {step === RESULT && onFinish && <Button variant="contained" onClick={onFinish}>Finish</Button>}
      </Stack>
    </Stack>
  );
}

/** Calculated Profit: the affiliate's rows (amount, setting, what it adds) and the operator's, in USD with separators. */
function ProfitResult({ result }: { result: AffiliateProfitCalculatorResult | null }) {
  if (!result) return <Typography color="text.secondary">Calculating…</Typography>;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">Affiliate profit (level {result.level}, revenue share {result.revenueSharePercentage}%)</Typography>
      <Table size="small">
        <TableHead><TableRow><TableCell>Item</TableCell><TableCell align="right">Amount</TableCell><TableCell align="right">Setting</TableCell><TableCell align="right">Affiliate gets</TableCell></TableRow></TableHead>
        <TableBody>
          {result.affiliateProfit.map((r) => (
            <TableRow key={r.label}>
              <TableCell><Tooltip title={r.labelTooltip}><span>{r.label}</span></Tooltip></TableCell>
              <TableCell align="right">{formatUsd(r.amountInUSD)}</TableCell>
              <TableCell align="right"><Tooltip title={r.settingsTooltip ?? ''}><span>{r.adminSettingsInPercentage === null ? 'per player' : `${r.adminSettingsInPercentage}%`}</span></Tooltip></TableCell>
              <TableCell align="right">{formatUsd(r.adjustedAmountInUSD)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={3}><strong>Affiliate profit</strong></TableCell>
            <TableCell align="right" data-testid="calc-affiliate-profit"><strong>{formatUsd(result.affiliateProfitInUSD)}</strong></TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="subtitle1">Operator profit</Typography>
      <Table size="small">
        <TableBody>
          {result.operatorProfit.map((r) => (
            <TableRow key={r.label}>
              <TableCell><Tooltip title={r.labelTooltip}><span>{r.label}</span></Tooltip></TableCell>
              <TableCell align="right">{formatUsd(r.amountInUSD)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell><strong>Operator profit</strong></TableCell>
            <TableCell align="right" data-testid="calc-operator-profit"><strong>{formatUsd(result.operatorProfitInUSD)}</strong></TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Stack>
  );
}

/** The calculator as a dialog (the player drawer's affiliate panel), from the player's effective settings. */
export function AffiliateProfitCalculatorDialog({ settings, onClose }: { settings: AffiliateSettings; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Affiliate Profit Calculator</DialogTitle>
      <DialogContent><Box sx={{ pt: 1 }}><AffiliateProfitCalculator settings={settings} onFinish={onClose} /></Box></DialogContent>
      <DialogActions><Button onClick={onClose}>Close</Button></DialogActions>
    </Dialog>
  );
}
