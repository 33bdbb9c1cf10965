import { MSG, PAYMENT_MESSAGES, transactionDeleteRefusal } from '@pitboss/contract';
import type { TxView } from '../api/transactions';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useIsSuper } from '../shell/session';

/** Delete transaction (SUPER_ADMIN and ADMIN; not one `transactionDeleteRefusal` refuses: confirmed, in progress, a pending withdrawal). */
export function DeleteTransactionButton({ t, onDeleted }: { t: TxView; onDeleted?: () => void }) {
  const isSuper = useIsSuper();
  const remove = useEndpointMutation('transactions.delete', { success: PAYMENT_MESSAGES.TX_DELETED, errorTitle: MSG.UNABLE_TO_PROCEED, onDone: () => onDeleted?.() });
  if (!isSuper || t.isDeleted || transactionDeleteRefusal(t)) return null;
  return (
    <DeleteAction
      label="Delete Transaction"
      title="Delete Transaction"
      description={`Delete transaction ${t.txId}? It will be hidden from the lists.`}
      button={{ size: 'small', variant: 'outlined' }}
      busy={remove.isPending}
      onConfirmed={() => remove.mutate({ body: { txId: t.txId } })}
    />
  );
}
