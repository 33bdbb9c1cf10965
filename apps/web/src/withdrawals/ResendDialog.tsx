import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { PAYMENT_FLOW_MESSAGES } from '@pitboss/contract';
import { resendWithdraw, type ResendAnswer, type TxView } from '../api/transactions';
import { JsonBlock } from '../transactions/TransactionFields';
import { useMoneyAction, useToast } from './useMoneyAction';

/**
 * Resend Withdraw Confirmation (and its card-gateway variant, cpg). When the gateway answers
 * data it is shown as "Gateway Response"; otherwise the dialog closes and the lists refresh.
 */
export function ResendDialog({ t, onClose }: { t: TxView; onClose: () => void }) {
  const toast = useToast();
  const cpg = t.provider === 'cpg';
  const [response, setResponse] = useState<unknown>(undefined);
  const resend = useMoneyAction<string, { data: ResendAnswer; messages: string[] }>({
    send: (txId, key) => resendWithdraw(txId, cpg, key),
    onDone: (env) => {
      toast(env.messages[0] ?? PAYMENT_FLOW_MESSAGES.RESENT, { variant: 'info' });
      if (env.data && env.data.gatewayResponse !== undefined && env.data.gatewayResponse !== null) setResponse(env.data.gatewayResponse);
      else onClose();
    },
  });
  const title = cpg ? 'Resend Card Withdraw Confirmation' : 'Resend Withdraw Confirmation';
  return (
    <Dialog open onClose={resend.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="resend-title">
      <DialogTitle id="resend-title">{title}</DialogTitle>
      <DialogContent>
        {response === undefined ? (
          <DialogContentText>
            Send withdrawal {t.txId} ({t.toAmount} {t.toCurrency}) to {cpg ? 'the card gateway' : `the ${t.provider ?? ''} gateway`} again?
          </DialogContentText>
        ) : (
          <>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              Gateway Response
            </Typography>
            <JsonBlock value={response} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={resend.isPending}>
          {response === undefined ? 'Cancel' : 'Close'}
        </Button>
        {response === undefined && (
          <Button variant="contained" disabled={resend.isPending} onClick={() => resend.mutate(t.txId)}>
            Resend
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
