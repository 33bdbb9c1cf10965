import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { MSG, NOTE_MAX, REWARD_MESSAGES } from '@pitboss/contract';
import { ApiError } from '../api/client';
import { playerKeys } from '../api/players';
import { DECISION_ENDPOINTS, REWARD_TYPES, decideReward, isRewardType, type RewardDecisionBody, type RewardType } from '../api/rewards';
import { shellKeys } from '../api/shell';
import { txKeys, type TxView } from '../api/transactions';
import { formatUsd } from '../shell/rates';
import { useCanCall } from '../shell/useCanCall';
import { NoteField } from '../withdrawals/NoteField';
import { useMoneyAction, useToast } from '../withdrawals/useMoneyAction';

type Decision = RewardDecisionBody['actionType'];

/**
 * How each pending reward is decided: the dialog title (001 §5 dialog names) and the contract's
 * success messages used when the server answers none. Who sees the buttons is the decision
 * call's own access rule in the endpoint table (the pages the reward is handled on; affiliate
 * withdrawals not for OPERATOR_MANAGER).
 */
export const REWARD_DECISIONS: Record<RewardType, { title: string; confirmed: string; rejected: string }> = {
  CASHBACK: {
    title: 'Cashback approve/reject',
    confirmed: REWARD_MESSAGES.CASHBACK_CONFIRMED,
    rejected: REWARD_MESSAGES.CASHBACK_REJECTED,
  },
  BONUS: {
    title: 'Bonus approve/reject',
    confirmed: REWARD_MESSAGES.BONUS_CONFIRMED,
    rejected: REWARD_MESSAGES.BONUS_REJECTED,
  },
  REFERRAL_PROFIT: {
    title: 'Referral claim approval',
    confirmed: REWARD_MESSAGES.REFERRAL_APPROVED,
    rejected: MSG.SUCCESS,
  },
  AFFILIATE: {
    title: 'Affiliate Withdraw Confirmation',
    confirmed: REWARD_MESSAGES.AFFILIATE_WITHDRAWN,
    rejected: MSG.SUCCESS,
  },
};

/**
 * Approve / Reject of a pending cashback, bonus, affiliate profit or referral claim, shown only
 * when the user may make the decision call. `types` narrows which reward types this list decides.
 */
export function RewardActions({ t, types = REWARD_TYPES }: { t: TxView; types?: readonly RewardType[] }) {
  const canCall = useCanCall();
  const [decision, setDecision] = useState<Decision | null>(null);
  const type = t.transactionType;
  if (!isRewardType(type) || !types.includes(type)) return null;
  // An open dialog stays mounted when the refreshed transaction leaves PENDING.
  const actionable = !t.isDeleted && t.status === 'PENDING' && canCall(DECISION_ENDPOINTS[type]);
  return (
    <>
      {actionable && (
        <>
          <Button size="small" variant="contained" onClick={() => setDecision('confirm')}>
            Approve
          </Button>
          <Button size="small" variant="outlined" color="error" onClick={() => setDecision('reject')}>
            Reject
          </Button>
        </>
      )}
      {decision && <RewardDecisionDialog t={t} type={type} decision={decision} onClose={() => setDecision(null)} />}
    </>
  );
}

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
