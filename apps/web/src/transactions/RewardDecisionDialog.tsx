import { useQueryClient } from '@tanstack/react-query';
import { Typography } from '@mui/material';
import { label, rewardDecisionBody } from '@pitboss/contract';
import { ApiError } from '../api/client';
import { DECISION_ENDPOINTS, type RewardType } from '../api/rewards';
import { paymentErrors, type TxView } from '../api/transactions';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { Money, Usd } from '../kit/Money';
import { NoteField } from '../withdrawals/NoteField';
import { REWARD_DECISIONS, type Decision } from './RewardActions';

/* The reward decision dialog, loaded when it is opened (see RewardActions). */

const formSchema = rewardDecisionBody.pick({ noteForThePlayer: true });

/**
 * The one decision dialog of the reward types: a note for the player, never optimistic (the
 * lists refresh from the server's answer). A 409 (already decided by someone else) shows the
 * server's message in the error dialog, refreshes the transaction and closes this dialog.
 */
export function RewardDecisionDialog({ t, type, decision, onClose }: { t: TxView; type: RewardType; decision: Decision; onClose: () => void }) {
  const def = REWARD_DECISIONS[type];
  const qc = useQueryClient();
  const approve = decision === 'confirm';
  return (
    <EndpointDialog
      endpoint={DECISION_ENDPOINTS[type]}
      title={def.title}
      schema={formSchema}
      defaultValues={{ noteForThePlayer: '' }}
      checkOnSubmit
      submitText={approve ? 'Approve' : 'Reject'}
      submitColor={approve ? 'primary' : 'error'}
      onClose={onClose}
      input={(v) => ({ body: { txId: t.txId, actionType: decision, noteForThePlayer: v.noteForThePlayer, playerCode: t.player.playerCode } })}
      options={{
        ...paymentErrors(),
        success: approve ? def.confirmed : def.rejected,
        onFailed: (e) => {
          if (!(e instanceof ApiError && e.httpStatus === 409)) return;
          void qc.invalidateQueries();
          onClose();
        },
      }}
    >
      {({ control }) => (
        <>
          <Typography variant="body2">
            {approve ? 'Approve' : 'Reject'} <Money amount={t.toAmount} currency={t.toCurrency} /> (<Usd value={t.toAmountInUSD} />) · player {t.player.playerCode}
            {t.transactionSubType && t.transactionSubType !== 'OTHER' ? ` · ${label('txSubType', t.transactionSubType)}` : ''}
          </Typography>
          <NoteField control={control} name="noteForThePlayer" />
        </>
      )}
    </EndpointDialog>
  );
}
