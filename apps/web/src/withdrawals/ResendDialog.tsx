import { useState } from 'react';
import { DialogContentText, Typography } from '@mui/material';
import { PAYMENT_FLOW_MESSAGES, providerName } from '@pitboss/contract';
import { paymentErrors, type TxView } from '../api/transactions';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { Money } from '../kit/Money';
import { NO_FIELDS } from '../kit/actions/FormDialog';
import { JsonBlock } from '../transactions/TransactionFields';

/**
 * Resend Withdraw Confirmation (and its card-gateway variant, cpg). When the gateway answers
 * data it is shown as "Gateway Response"; otherwise the dialog closes and the lists refresh.
 */
export function ResendDialog({ t, onClose }: { t: TxView; onClose: () => void }) {
  const cpg = t.provider === 'cpg';
  const [response, setResponse] = useState<unknown>(undefined);
  return (
    <EndpointDialog
      endpoint={cpg ? 'payments.cpgResend' : 'payments.resend'}
      title={cpg ? 'Resend Card Withdraw Confirmation' : 'Resend Withdraw Confirmation'}
      schema={NO_FIELDS}
      defaultValues={{}}
      checkOnSubmit
      cancelText={response === undefined ? 'Cancel' : 'Close'}
      submitText="Resend"
      hideSubmit={response !== undefined}
      onClose={onClose}
      input={() => ({ body: { txId: t.txId } })}
      options={{
        ...paymentErrors(),
        success: PAYMENT_FLOW_MESSAGES.RESENT,
        variant: 'info',
        onDone: ({ data }) => (data && data.gatewayResponse !== undefined && data.gatewayResponse !== null ? setResponse(data.gatewayResponse) : onClose()),
      }}
    >
      {() =>
        response === undefined ? (
          <DialogContentText>
            Send withdrawal {t.txId} (<Money amount={t.toAmount} currency={t.toCurrency} />) to {cpg ? 'the card gateway' : `the ${t.provider ? providerName(t.provider) : ''} gateway`} again?
          </DialogContentText>
        ) : (
          <div>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              Gateway Response
            </Typography>
            <JsonBlock value={response} />
          </div>
        )
      }
    </EndpointDialog>
  );
}
