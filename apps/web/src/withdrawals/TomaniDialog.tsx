import { useMemo, useState } from 'react';
import {
  Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemIcon, ListItemText,
  Radio, Stack, Step, StepLabel, Stepper, TextField, Typography,
} from '@mui/material';
import { MSG, NOTE_MAX, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, TOMANI_SEARCH_THRESHOLD } from '@pitboss/contract';
import { useTomaniGateways, withdrawTomani, type ProviderAnswer, type TomaniBody, type TxView } from '../api/transactions';
import { NoteField } from './NoteField';
import { useMoneyAction, useToast } from './useMoneyAction';

/**
 * Tomani withdraw (001 §4): step 0 select a gateway (search bar above 10 gateways; "Select This
 * Gateway" disabled until one is chosen), step 1 confirm, step 2 forced approval: the provider's
 * description, with "Force Approve" only when canForce (re-sent with withForce).
 */
export function TomaniDialog({ t, onClose }: { t: TxView; onClose: () => void }) {
  const toast = useToast();
  const [step, setStep] = useState(0);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [answer, setAnswer] = useState<ProviderAnswer | null>(null);
  const gateways = useTomaniGateways(t.opId, true);
  const all = gateways.data ?? [];
  const shown = useMemo(() => {
    const s = search.trim().toLowerCase();
    return s ? all.filter((g) => g.title.en.toLowerCase().includes(s) || g.uuid.includes(s)) : all;
  }, [all, search]);
  const gateway = all.find((g) => g.uuid === chosen);

  const send = useMoneyAction<TomaniBody, { data: ProviderAnswer; messages: string[] }>({
    send: withdrawTomani,
    onDone: (env) => {
      if (env.data?.status === 0) {
        setAnswer(env.data);
        setStep(2);
        return;
      }
      toast(env.messages[0] ?? PAYMENT_MESSAGES.WITHDRAW_CONFIRMED, { variant: 'success' });
      onClose();
    },
  });
  const body = (withForce: boolean): TomaniBody => ({
    txId: t.txId,
    gatewayUuid: chosen ?? '',
    provider: gateway?.provider ?? 'tomani',
    noteForThePlayer: note.trim(),
    ...(withForce ? { withForce: true } : {}),
  });

  return (
    <Dialog open onClose={send.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="tomani-title">
      <DialogTitle id="tomani-title">Tomani Withdraw</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 2 }}>
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
                  <ListItemText primary={g.title.en || g.uuid} secondary={g.provider} />
                </ListItemButton>
              ))}
            </List>
          </Stack>
        )}
        {step === 1 && (
          <Stack spacing={2}>
            <Typography variant="body2">
              Confirm {t.toAmount} {t.toCurrency} for {t.player.playerCode} through <b>{gateway?.title.en}</b>?
            </Typography>
            <NoteField value={note} onChange={setNote} />
          </Stack>
        )}
        {step === 2 && answer && (
          <Alert severity="warning" data-testid="provider-description">
            {answer.description ?? PAYMENT_FLOW_MESSAGES.PROVIDER_FAILED}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        {step === 1 && (
          <Button onClick={() => setStep(0)} disabled={send.isPending}>
            Back
          </Button>
        )}
        {step === 0 && (
          <Button variant="contained" disabled={!chosen} onClick={() => setStep(1)}>
            Select This Gateway
          </Button>
        )}
        {step === 1 && (
          <Button variant="contained" disabled={send.isPending || note.length > NOTE_MAX} onClick={() => send.mutate(body(false))}>
            Confirm
          </Button>
        )}
        {step === 2 && answer?.canForce && (
          <Button variant="contained" color="warning" disabled={send.isPending} onClick={() => send.mutate(body(true))}>
            Force Approve
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
