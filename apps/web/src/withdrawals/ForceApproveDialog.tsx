import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES } from '@pitboss/contract';
import { withdrawJbForce, type ProviderAnswer, type TxView } from '../api/transactions';
import { useMoneyAction, useToast } from './useMoneyAction';

/**
 * Force Approve JB withdraw: the provider held the withdrawal (status 0). The description is
 * shown; "Force Approve" only when canForce (and the provider has a force route: JB).
 */
export function ForceApproveDialog(props: { t: TxView; answer: ProviderAnswer; playerNote: string; onClose: () => void }) {
  const toast = useToast();
  const [answer, setAnswer] = useState(props.answer);
  const force = useMoneyAction<{ txId: string; playerNote: string }, { data: ProviderAnswer; messages: string[] }>({
    send: withdrawJbForce,
    onDone: (env) => {
      if (env.data?.status === 0) {
        setAnswer(env.data);
        return;
      }
      toast(env.messages[0] ?? PAYMENT_MESSAGES.WITHDRAW_CONFIRMED, { variant: 'success' });
      props.onClose();
    },
  });
  const canForce = answer.canForce && props.t.provider === 'jb';
  return (
    <Dialog open onClose={force.isPending ? undefined : props.onClose} fullWidth maxWidth="sm" aria-labelledby="force-title">
      <DialogTitle id="force-title">Force Approve Withdraw</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning" data-testid="provider-description">
            {answer.description ?? PAYMENT_FLOW_MESSAGES.PROVIDER_FAILED}
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={force.isPending}>
          Close
        </Button>
        {canForce && (
          <Button variant="contained" color="warning" disabled={force.isPending} onClick={() => force.mutate({ txId: props.t.txId, playerNote: props.playerNote })}>
            Force Approve
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
