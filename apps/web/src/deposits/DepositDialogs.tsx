import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography,
} from '@mui/material';
import { NOTE_MAX, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, REJECT_DEPOSIT_REASON_MIN } from '@pitboss/contract';
import { fetchOrderStatus, rejectDepositOrder, txKeys, verifyDeposit, type TxView } from '../api/transactions';
import { Fields } from '../kit/Fields';
import { JsonBlock } from '../transactions/TransactionFields';
import { TxStatusChip } from '../transactions/TxStatusChip';
import { useMoneyAction, useToast } from '../withdrawals/useMoneyAction';

/* The deposit order dialogs, loaded when one is opened (see DepositActions). */

/** Verify a pending deposit with its provider (shared by Verify Deposit Confirmation and Order Status → Confirm). */
function useVerify(onDone: () => void) {
  const toast = useToast();
  return useMoneyAction<string, { messages: string[] }>({
    send: verifyDeposit,
    errorTitle: PAYMENT_MESSAGES.DEPOSIT_VERIFY_TITLE,
    thrownMessage: PAYMENT_MESSAGES.DEPOSIT_VERIFY_THROWN,
    onDone: (env) => {
      toast(env.messages[0] ?? PAYMENT_FLOW_MESSAGES.DEPOSIT_VERIFIED, { variant: 'success' });
      onDone();
    },
  });
}

/** Order Status: the provider's view of the order; Confirm only while the transaction is pending. */
export function OrderStatusDialog({ t, onClose }: { t: TxView; onClose: () => void }) {
  const q = useQuery({ queryKey: txKeys.orderStatus(t.txId), queryFn: () => fetchOrderStatus(t.txId), staleTime: 0, gcTime: 0 });
  const verify = useVerify(onClose);
  const d = q.data;
  return (
    <Dialog open onClose={verify.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="order-status-title">
      <DialogTitle id="order-status-title">Order Status</DialogTitle>
      <DialogContent>
        {q.isPending && <CircularProgress size={24} aria-label="Loading order status" />}
        {q.isError && <Alert severity="error">{q.error.message}</Alert>}
        {d && !d.order && <Typography>No Data</Typography>}
        {d && (
          <Stack spacing={2}>
            <Fields
              items={[
                { label: 'Transaction', value: <TxStatusChip status={d.transaction.status} /> },
                ...(d.order
                  ? [
                      { label: 'Provider', value: d.order.provider },
                      { label: 'Order ID', value: d.order.orderId },
                      { label: 'Provider status', value: d.order.paid ? 'Paid' : d.order.outcome },
                      { label: 'Description', value: d.order.description ?? '—' },
                    ]
                  : []),
              ]}
            />
            {d.order?.gatewayResponse != null && (
              <div>
                <Typography variant="subtitle2" component="h3" gutterBottom>
                  Gateway Response
                </Typography>
                <JsonBlock value={d.order.gatewayResponse} />
              </div>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={verify.isPending}>
          Close
        </Button>
        {d?.canConfirm && (
          <Button variant="contained" disabled={verify.isPending} onClick={() => verify.mutate(t.txId)}>
            Confirm
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export function VerifyDialog({ t, onClose }: { t: TxView; onClose: () => void }) {
  const verify = useVerify(onClose);
  return (
    <Dialog open onClose={verify.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="verify-title">
      <DialogTitle id="verify-title">Verify Deposit Confirmation</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Ask the provider whether deposit {t.txId} ({t.toAmount} {t.toCurrency}) was paid? A paid deposit is confirmed and credited to the player.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={verify.isPending}>
          Cancel
        </Button>
        <Button variant="contained" disabled={verify.isPending} onClick={() => verify.mutate(t.txId)}>
          Verify
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function RejectOrderDialog({ t, onClose }: { t: TxView; onClose: () => void }) {
  const toast = useToast();
  const [reason, setReason] = useState('');
  const reject = useMoneyAction<{ txId: string; rejectReason: string }, { messages: string[] }>({
    send: (b, key) => rejectDepositOrder(b.txId, b.rejectReason, key),
    onDone: (env) => {
      toast(env.messages[0] ?? PAYMENT_FLOW_MESSAGES.DEPOSIT_ORDER_REJECTED, { variant: 'success' });
      onClose();
    },
  });
  const short = reason.trim().length < REJECT_DEPOSIT_REASON_MIN;
  return (
    <Dialog open onClose={reject.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="reject-order-title">
      <DialogTitle id="reject-order-title">Reject Deposit Order</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          multiline
          minRows={3}
          sx={{ mt: 1 }}
          label="Reject reason"
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={reason.length > 0 && short}
          helperText={short ? PAYMENT_MESSAGES.REJECT_REASON_MIN : `${reason.length}/${NOTE_MAX}`}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={reject.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={short || reject.isPending}
          onClick={() => reject.mutate({ txId: t.txId, rejectReason: reason.trim() })}
        >
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
