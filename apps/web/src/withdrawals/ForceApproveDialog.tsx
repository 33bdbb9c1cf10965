import { useState } from 'react';
import { Alert } from '@mui/material';
import { PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES } from '@pitboss/contract';
import { paymentErrors, type ProviderAnswer, type TxView } from '../api/transactions';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { NO_FIELDS } from '../kit/actions/FormDialog';

/**
 * Force Approve JB withdraw: the provider held the withdrawal (status 0). The description is
 * shown; "Force Approve" only when canForce (and the provider has a force route: JB).
 */
export function ForceApproveDialog(props: { t: TxView; answer: ProviderAnswer; playerNote: string; onClose: () => void }) {
  const [answer, setAnswer] = useState(props.answer);
  const held = (a: { data: ProviderAnswer | null }) => a.data?.status === 0;
  return (
    <EndpointDialog
      endpoint="payments.withdrawJbForce"
      title="Force Approve Withdraw"
      schema={NO_FIELDS}
      defaultValues={{}}
      checkOnSubmit
      cancelText="Close"
      submitText="Force Approve"
      submitColor="warning"
      hideSubmit={!(answer.canForce && props.t.provider === 'jb')}
      onClose={props.onClose}
      input={() => ({ body: { txId: props.t.txId, playerNote: props.playerNote, actionType: 'confirm' as const } })}
      options={{
        ...paymentErrors(),
        success: (a) => !held(a) && PAYMENT_MESSAGES.WITHDRAW_CONFIRMED,
        onDone: (a) => (held(a) ? setAnswer(a.data) : props.onClose()),
      }}
    >
      {() => (
        <Alert severity="warning" data-testid="provider-description">
          {answer.description ?? PAYMENT_FLOW_MESSAGES.PROVIDER_FAILED}
        </Alert>
      )}
    </EndpointDialog>
  );
}
