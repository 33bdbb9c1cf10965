import { useState } from 'react';
import { z } from 'zod';
import { Alert, Button, CircularProgress, FormHelperText, MenuItem, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import {
  DECIMAL_PATTERN, FOUR_EYES_MESSAGES, MSG, REPORTING_CURRENCY, TOPUP_MESSAGES, TOPUP_REASONS, cmpDec, formatMoney, label, subDec, topupBody, type TopupAction,
} from '@pitboss/contract';
import { usePlayerWallet } from '../api/players';
import { WALLET_ERRORS, useTopupInfo } from '../api/wallet';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import type { FormOf } from '../kit/actions/FormDialog';
import { formatUsd } from '../shell/rates';
import { AcceptField, WalletNoteField } from './WalletFields';

/** The form of the Topup Player dialog: the contract's topupBody, the accept checkbox as a boolean. */
const formSchema = topupBody.omit({ playerCode: true, accept: true }).extend({
  accept: z.boolean().refine((v) => v, TOPUP_MESSAGES.ACCEPT_REQUIRED),
});

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
  const i = info.data;
  /** The amount and currency chosen, the balance of that currency and whether a decrease would go below zero. */
  const read = ({ watch }: FormOf<typeof formSchema>) => {
    const [amount, currency, action] = [watch('amount'), watch('currency'), watch('action')];
    const balance = wallet.data?.balances.find((b) => b.currency === currency)?.balance ?? '0';
    const validAmount = DECIMAL_PATTERN.test(amount.trim()) && cmpDec(amount.trim(), '0') > 0;
    return { amount, currency, action, balance, validAmount, decreaseBlocked: !validAmount || cmpDec(subDec(balance, amount.trim()), '0') < 0 };
  };
  const choose = ({ setValue }: FormOf<typeof formSchema>, a: TopupAction) => {
    setValue('action', a, { shouldValidate: true, shouldDirty: true });
    setStep(2);
  };
  return (
    <EndpointDialog
      endpoint="wallet.topup"
      title={`Topup Player — ${playerCode}`}
      schema={formSchema}
      // USD is preselected (the reporting currency every operator allows).
      defaultValues={{ amount: '', currency: REPORTING_CURRENCY, action: undefined, reason: undefined, note: '', accept: false }}
      checkOnSubmit
      submitText="Send"
      hideSubmit={step !== 2}
      submitDisabled={(form) => { const r = read(form); return r.action === 'DECREASE' && r.decreaseBlocked; }}
      onClose={onClose}
      input={(v) => ({ body: { ...v, playerCode, accept: true as const } })}
      options={{
        ...WALLET_ERRORS,
        success: TOPUP_MESSAGES.DONE,
        // Above the four-eyes threshold nothing moved: the first approval is recorded.
        toast: (a, { body }) => ('awaitingSecondApproval' in a.data ? FOUR_EYES_MESSAGES.RECORDED
          : TOPUP_MESSAGES.APPLIED({ action: body.action, amount: body.amount, currency: a.data.currency, playerCode, before: a.data.balanceBefore, after: a.data.balanceAfter })),
      }}
      actions={(form, busy) => (
        <>
          {step > 0 && <Button onClick={() => setStep(step - 1)} disabled={busy}>Back</Button>}
          {step === 0 && (
            <Button variant="contained" onClick={async () => { if (await form.trigger(['amount', 'currency'])) setStep(1); }} disabled={!i}>
              Next
            </Button>
          )}
        </>
      )}
    >
      {(form) => {
        const { control } = form;
        const { amount, currency, action, balance, validAmount, decreaseBlocked } = read(form);
        return (
          <>
            <Stepper activeStep={step}>
              {STEPS.map((l) => (
                <Step key={l}>
                  <StepLabel>{l}</StepLabel>
                </Step>
              ))}
            </Stepper>
            {info.isPending && <CircularProgress size={24} aria-label="Loading operator data" />}
            {info.isError && <Alert severity="error">{info.error.message || MSG.GENERIC_ERROR}</Alert>}
            {i && (
              <Alert severity="info" data-testid="topup-limit">
                Today&apos;s total: {formatUsd(i.stats.todayTotalTopupInUSD)} of the daily limit {formatUsd(i.limits.dailyTopupLimitInUSD)}
              </Alert>
            )}
            {step === 0 && (
              <>
                <FormTextField control={control} name="amount" label="Amount" inputMode="decimal" required maxLength={24} />
                <FormTextField control={control} name="currency" select label="Currency" required hint={() => (currency ? `Balance: ${formatMoney(balance, currency)}` : undefined)}>
                  {(i?.currencies ?? []).map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
                </FormTextField>
              </>
            )}
            {step === 1 && (
              <>
                <Typography>
                  {formatMoney(amount, currency)} — current balance {formatMoney(balance, currency)}
                </Typography>
                <Stack direction="row" spacing={2}>
                  <Button variant="contained" color="success" onClick={() => choose(form, 'INCREASE')}>
                    Increase
                  </Button>
                  <Button variant="contained" color="warning" disabled={decreaseBlocked || wallet.isPending} onClick={() => choose(form, 'DECREASE')}>
                    Decrease
                  </Button>
                </Stack>
                {decreaseBlocked && validAmount && <FormHelperText>{TOPUP_MESSAGES.BELOW_ZERO}</FormHelperText>}
              </>
            )}
            {step === 2 && (
              <>
                <Typography>
                  {label('topupAction', action)} {formatMoney(amount, currency)} for {playerCode}
                </Typography>
                <FormTextField control={control} name="reason" select label="Reason" required>
                  {TOPUP_REASONS.map((r) => <MenuItem key={r} value={r}>{label('topupReason', r)}</MenuItem>)}
                </FormTextField>
                <WalletNoteField control={control} />
                <AcceptField control={control} label="I confirm this wallet change" />
              </>
            )}
          </>
        );
      }}
    </EndpointDialog>
  );
}
