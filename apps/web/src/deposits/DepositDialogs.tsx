import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { Alert, CircularProgress, DialogContentText, Stack, TextField, Typography } from '@mui/material';
import { NOTE_MAX, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, REJECT_DEPOSIT_REASON_MIN, humanize, rejectDepositOrderBody, providerName } from '@pitboss/contract';
import type { ApiError } from '../api/client';
import { fetchOrderStatus, paymentErrors, txKeys, type TxView } from '../api/transactions';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { Money } from '../kit/Money';
import { NO_FIELDS } from '../kit/actions/FormDialog';
import { Fields } from '../kit/Fields';
import { JsonBlock } from '../transactions/TransactionFields';
import { TxStatusChip } from '../transactions/TxStatusChip';

/* The deposit order dialogs, loaded when one is opened (see DepositActions). */

/** Verify a pending deposit with its provider (shared by Verify Deposit Confirmation and Order Status → Confirm). */
const VERIFY = {
  endpoint: 'payments.depositVerify',
  schema: NO_FIELDS,
  defaultValues: {},
  checkOnSubmit: true,
  options: {
    ...paymentErrors(PAYMENT_MESSAGES.DEPOSIT_VERIFY_THROWN, PAYMENT_MESSAGES.DEPOSIT_VERIFY_TITLE),
    success: PAYMENT_FLOW_MESSAGES.DEPOSIT_VERIFIED,
    // The provider did not answer in time: nothing failed, try again later — a warning toast with the messages (001 §8).
    warning: (e: ApiError) => e.code === 'PROVIDER_TIMEOUT',
  },
} as const;
const rejectSchema = rejectDepositOrderBody.pick({ rejectReason: true });

/** Order Status: the provider's view of the order; Confirm only while the transaction is pending. */
export function OrderStatusDialog({ t, onClose }: { t: TxView; onClose: () => void }) {
  const q = useQuery({ queryKey: txKeys.orderStatus(t.txId), queryFn: () => fetchOrderStatus(t.txId), staleTime: 0, gcTime: 0 });
  const d = q.data;
  return (
    <EndpointDialog {...VERIFY} title="Order Status" cancelText="Close" submitText="Confirm" hideSubmit={!d?.canConfirm} onClose={onClose} input={() => ({ body: { txId: t.txId } })}>
      {() => (
        <>
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
                        { label: 'Provider', value: providerName(d.order.provider) },
                        { label: 'Order ID', value: d.order.orderId },
                        { label: 'Provider status', value: d.order.paid ? 'Paid' : humanize(d.order.outcome) },
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
        </>
      )}
    </EndpointDialog>
  );
}

export function VerifyDialog({ t, onClose }: { t: TxView; onClose: () => void }) {
  return (
    <EndpointDialog {...VERIFY} title="Verify Deposit Confirmation" maxWidth="xs" submitText="Verify" onClose={onClose} input={() => ({ body: { txId: t.txId } })}>
      {() => (
        <DialogContentText>
          Ask the provider whether deposit {t.txId} (<Money amount={t.toAmount} currency={t.toCurrency} />) was paid? A paid deposit is confirmed and credited to the player.
        </DialogContentText>
      )}
    </EndpointDialog>
  );
}

export function RejectOrderDialog({ t, onClose }: { t: TxView; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="payments.depositReject"
      title="Reject Deposit Order"
      schema={rejectSchema}
      defaultValues={{ rejectReason: '' }}
      submitText="Confirm"
      submitColor="error"
      onClose={onClose}
      input={(v) => ({ body: { txId: t.txId, rejectReason: v.rejectReason } })}
      options={{ ...paymentErrors(), success: PAYMENT_FLOW_MESSAGES.DEPOSIT_ORDER_REJECTED }}
    >
      {({ control }) => (
        <Controller
          name="rejectReason"
          control={control}
          render={({ field }) => {
            const short = field.value.trim().length < REJECT_DEPOSIT_REASON_MIN;
            return (
              <TextField
                {...field}
                fullWidth
                multiline
                minRows={3}
                label="Reject reason"
                required
                error={field.value.length > 0 && short}
                helperText={short ? PAYMENT_MESSAGES.REJECT_REASON_MIN : `${field.value.length}/${NOTE_MAX}`}
                slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
              />
            );
          }}
        />
      )}
    </EndpointDialog>
  );
}
