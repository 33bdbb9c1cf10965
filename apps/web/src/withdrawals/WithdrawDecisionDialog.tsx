import { useState } from 'react';
import {
  Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Stack, Typography,
} from '@mui/material';
import { NOTE_MAX, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, WITHDRAW_PROVIDER_SUFFIXES, type WithdrawProviderSuffix } from '@pitboss/contract';
import {
  withdrawInProgress, withdrawProvider, type InProgressBody, type ProviderActionBody, type ProviderAnswer, type TxView,
} from '../api/transactions';
import { NoteField } from './NoteField';
import { useMoneyAction, useToast } from './useMoneyAction';

export type Decision = 'confirm' | 'reject';

/** The provider suffix route of a withdrawal (undefined: Witcher / Tomani reject / no provider use PUT /withdraw). */
export const suffixOf = (provider: string | null): WithdrawProviderSuffix | undefined =>
  WITHDRAW_PROVIDER_SUFFIXES.find((s) => s === provider);

type Answer = { data: unknown; messages: string[]; warnings?: string[] };

/**
 * General withdraw approve/reject (001 §4). IN_PROGRESS: the in-progress call (APPROVE/REJECT).
 * Otherwise the provider route; rejecting asks the required "Include in Daily Withdraw Request"
 * (default on). A confirmation answered with status 0 hands over to the Force Approve dialog.
 */
export function WithdrawDecisionDialog(props: { t: TxView; decision: Decision; onClose: () => void; onNeedsForce: (a: ProviderAnswer, playerNote: string) => void }) {
  const { t, decision } = props;
  const toast = useToast();
  const [note, setNote] = useState('');
  const [counts, setCounts] = useState(true);
  const inProgress = t.status === 'IN_PROGRESS';
  const isWitcher = t.provider === 'witcher';

  const action = useMoneyAction<ProviderActionBody | InProgressBody, Answer>({
    send: (body, key) =>
      inProgress
        ? withdrawInProgress(body as InProgressBody, key)
        : withdrawProvider(suffixOf(t.provider), body as ProviderActionBody, key),
    errorTitle: undefined,
    thrownMessage: inProgress ? PAYMENT_MESSAGES.IN_PROGRESS_FAILED : PAYMENT_MESSAGES.UNEXPECTED,
    onDone: (env) => {
      const data = env.data as Partial<ProviderAnswer> | null;
      if (decision === 'confirm' && data && data.status === 0) {
        props.onNeedsForce(data as ProviderAnswer, note.trim());
        return;
      }
      const fallback = decision === 'confirm' ? PAYMENT_MESSAGES.WITHDRAW_CONFIRMED : PAYMENT_MESSAGES.WITHDRAW_REJECTED;
      toast(env.messages[0] ?? fallback, { variant: 'success' });
      for (const w of env.warnings ?? []) toast(w, { variant: 'warning' });
      props.onClose();
    },
  });

  const submit = () => {
    if (inProgress) action.mutate({ txId: t.txId, note: note.trim(), status: decision === 'confirm' ? 'APPROVE' : 'REJECT' });
    else
      action.mutate({
        txId: t.txId,
        actionType: decision,
        playerNote: note.trim(),
        ...(decision === 'reject' ? { countsTowardDailyLimit: counts } : {}),
      });
  };
  const title = decision === 'confirm' ? 'Approve Withdraw' : 'Reject Withdraw';
  return (
    <Dialog open onClose={action.isPending ? undefined : props.onClose} fullWidth maxWidth="sm" aria-labelledby="withdraw-decision-title">
      <DialogTitle id="withdraw-decision-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {t.toAmount} {t.toCurrency} · player {t.player.playerCode} · {t.provider ?? 'no provider'}
            {inProgress ? ' · in progress' : ''}
          </Typography>
          {decision === 'confirm' && isWitcher && <Alert severity="warning">{PAYMENT_FLOW_MESSAGES.WITCHER_NO_AUTOMATION}</Alert>}
          {decision === 'reject' && <Alert severity="info">The amount returns to the player&apos;s wallet.</Alert>}
          <NoteField value={note} onChange={setNote} />
          {decision === 'reject' && !inProgress && (
            <div>
              <FormControlLabel
                control={<Checkbox checked={counts} onChange={(e) => setCounts(e.target.checked)} />}
                label="Include in Daily Withdraw Request"
              />
              <FormHelperText>Required: whether this withdrawal counts toward the player&apos;s daily withdraw request limit.</FormHelperText>
            </div>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={action.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={decision === 'confirm' ? 'primary' : 'error'}
          disabled={action.isPending || note.length > NOTE_MAX}
          onClick={submit}
        >
          {decision === 'confirm' ? 'Approve' : 'Reject'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
