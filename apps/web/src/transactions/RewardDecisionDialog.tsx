import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { NOTE_MAX } from '@pitboss/contract';
import { ApiError } from '../api/client';
import { playerKeys } from '../api/players';
import { decideReward, type RewardDecisionBody, type RewardType } from '../api/rewards';
import { shellKeys } from '../api/shell';
import { txKeys, type TxView } from '../api/transactions';
import { formatUsd } from '../shell/rates';
import { NoteField } from '../withdrawals/NoteField';
import { useMoneyAction, useToast } from '../withdrawals/useMoneyAction';
import { REWARD_DECISIONS, type Decision } from './RewardActions';

/* The reward decision dialog, loaded when it is opened (see RewardActions). */

/**
 * The one decision dialog of the reward types: a note for the player, never optimistic (the
 * lists refresh from the server's answer). A 409 (already decided by someone else) shows the
 * server's message in the error dialog, refreshes the transaction and closes this dialog.
 */
export function RewardDecisionDialog({ t, type, decision, onClose }: { t: TxView; type: RewardType; decision: Decision; onClose: () => void }) {
  const def = REWARD_DECISIONS[type];
  const toast = useToast();
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const refreshAround = () => {
    void qc.invalidateQueries({ queryKey: txKeys.all });
    void qc.invalidateQueries({ queryKey: playerKeys.wallet(t.player.playerCode) });
    void qc.invalidateQueries({ queryKey: shellKeys.all });
  };
  const action = useMoneyAction<RewardDecisionBody, { messages: string[] }>({
    send: (body, key) => decideReward(type, body, key),
    onDone: (env) => {
      refreshAround();
      toast(env.messages[0] ?? (decision === 'confirm' ? def.confirmed : def.rejected), { variant: 'success' });
      onClose();
    },
    onFailed: (e) => {
      if (e instanceof ApiError && e.httpStatus === 409) {
        refreshAround();
        onClose();
      }
    },
  });
  const submit = () =>
    action.mutate({ txId: t.txId, actionType: decision, noteForThePlayer: note.trim(), playerCode: t.player.playerCode });
  const approve = decision === 'confirm';
  return (
    <Dialog open onClose={action.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="reward-decision-title">
      <DialogTitle id="reward-decision-title">{def.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {approve ? 'Approve' : 'Reject'} {t.toAmount} {t.toCurrency} ({formatUsd(t.toAmountInUSD)}) · player {t.player.playerCode}
            {t.transactionSubType && t.transactionSubType !== 'OTHER' ? ` · ${t.transactionSubType}` : ''}
          </Typography>
          <NoteField value={note} onChange={setNote} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={action.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color={approve ? 'primary' : 'error'} disabled={action.isPending || note.length > NOTE_MAX} onClick={submit}>
          {approve ? 'Approve' : 'Reject'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
