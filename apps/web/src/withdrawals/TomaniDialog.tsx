import { useMemo, useState } from 'react';
import {
  Alert, Button, CircularProgress, List, ListItemButton, ListItemIcon, ListItemText, Radio, Stack, Step, StepLabel, Stepper, TextField, Typography,
} from '@mui/material';
import { FOUR_EYES_MESSAGES, MSG, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, TOMANI_SEARCH_THRESHOLD, tomaniBody, providerName } from '@pitboss/contract';
import { paymentErrors, useTomaniGateways, type ProviderAnswer, type TxView } from '../api/transactions';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { Money } from '../kit/Money';
import { FourEyesFields, fourEyesBody, fourEyesDefaults, fourEyesFormFields } from '../kit/actions/FourEyesFields';
import { NoteField } from './NoteField';
import { useWithdrawFourEyes } from './WithdrawDecisionDialog';

const formSchema = tomaniBody.pick({ noteForThePlayer: true }).extend(fourEyesFormFields);

/**
 * Tomani withdraw (001 §4): step 0 select a gateway (search bar above 10 gateways; "Select This
 * Gateway" disabled until one is chosen), step 1 confirm, step 2 forced approval: the provider's
 * description, with "Force Approve" only when canForce (re-sent with withForce).
 */
export function TomaniDialog({ t, onClose }: { t: TxView; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ProviderAnswer | null>(null);
  const gateways = useTomaniGateways(t.opId, true);
  const all = gateways.data ?? [];
  const shown = useMemo(() => {
    const s = search.trim().toLowerCase();
    return s ? all.filter((g) => g.title.en.toLowerCase().includes(s) || g.uuid.includes(s)) : all;
  }, [all, search]);
  const gateway = all.find((g) => g.uuid === chosen);
  // Status 0: the provider held it (step 2), unless it is a four-eyes first approval (recorded, nothing sent).
  const held = (a: { data: ProviderAnswer | null }) => a.data?.status === 0 && a.data.description !== FOUR_EYES_MESSAGES.RECORDED;
  const fourEyes = useWithdrawFourEyes(t);

  return (
    <EndpointDialog
      endpoint="payments.withdrawTomani"
      title="Tomani Withdraw"
      schema={formSchema}
      defaultValues={{ noteForThePlayer: '', ...fourEyesDefaults }}
      checkOnSubmit
      submitText={step === 2 ? 'Force Approve' : 'Confirm'}
      submitColor={step === 2 ? 'warning' : 'primary'}
      hideSubmit={step === 0 || (step === 2 && !answer?.canForce)}
      onClose={onClose}
      input={(v) => ({
        body: { txId: t.txId, gatewayUuid: chosen ?? '', provider: gateway?.provider ?? 'tomani', noteForThePlayer: v.noteForThePlayer, ...(step === 2 ? { withForce: true } : fourEyesBody(v, fourEyes.asFirst)) },
      })}
      options={{
        ...paymentErrors(),
        success: (a) => !held(a) && PAYMENT_MESSAGES.WITHDRAW_CONFIRMED,
        onDone: (a) => {
          if (!held(a)) return onClose();
          setAnswer(a.data);
          setStep(2);
        },
      }}
      actions={(_, busy) => (
        <>
          {step === 1 && <Button onClick={() => setStep(0)} disabled={busy}>Back</Button>}
          {step === 0 && <Button variant="contained" disabled={!chosen} onClick={() => setStep(1)}>Select This Gateway</Button>}
        </>
      )}
    >
      {({ control }) => (
        <>
          <Stepper activeStep={step}>
            {['Select gateway', 'Confirm', 'Forced approval'].map((l) => (
              <Step key={l}>
                <StepLabel>{l}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {step === 0 && (
            <Stack spacing={1}>
              {gateways.isPending && <CircularProgress size={24} aria-label="Loading gateways" />}
              {gateways.isError && <Alert severity="error">{MSG.GENERIC_ERROR}</Alert>}
              {all.length > TOMANI_SEARCH_THRESHOLD && (
                <TextField size="small" label="Search gateways" value={search} onChange={(e) => setSearch(e.target.value)} slotProps={{ htmlInput: { maxLength: 64 } }} />
              )}
              {gateways.isSuccess && all.length === 0 && <Alert severity="info">{MSG.NO_DATA}</Alert>}
              <List dense aria-label="Tomani gateways" sx={{ maxHeight: 320, overflow: 'auto' }}>
                {shown.map((g) => (
                  <ListItemButton key={g.uuid} selected={g.uuid === chosen} onClick={() => setChosen(g.uuid)}>
                    <ListItemIcon>
                      <Radio edge="start" checked={g.uuid === chosen} tabIndex={-1} slotProps={{ input: { 'aria-label': g.title.en || g.uuid } }} />
                    </ListItemIcon>
                    <ListItemText primary={g.title.en || g.uuid} secondary={providerName(g.provider)} />
                  </ListItemButton>
                ))}
              </List>
            </Stack>
          )}
          {step === 1 && (
            <>
              <Typography variant="body2">
                Confirm <Money amount={t.toAmount} currency={t.toCurrency} /> for {t.player.playerCode} through <b>{gateway?.title.en}</b>?
              </Typography>
              <FourEyesFields control={control} first={fourEyes.first} needed={fourEyes.asFirst} thresholdInUSD={fourEyes.thresholdInUSD} />
              <NoteField control={control} name="noteForThePlayer" />
            </>
          )}
          {step === 2 && answer && (
            <Alert severity="warning" data-testid="provider-description">
              {answer.description ?? PAYMENT_FLOW_MESSAGES.PROVIDER_FAILED}
            </Alert>
          )}
        </>
      )}
    </EndpointDialog>
  );
}
