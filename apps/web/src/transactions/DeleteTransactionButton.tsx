import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Button } from '@mui/material';
import { MSG, PAYMENT_MESSAGES } from '@pitboss/contract';
import { deleteTransaction, txKeys, type TxView } from '../api/transactions';
import { useApiError } from '../kit/ErrorDialog';
import { useConfirm } from '../kit/useConfirm';
import { useIsSuper } from '../shell/session';

/** Delete transaction (SUPER_ADMIN and ADMIN; confirmed and in-progress ones cannot be deleted). */
export function DeleteTransactionButton({ t, onDeleted }: { t: TxView; onDeleted?: () => void }) {
  const isSuper = useIsSuper();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useApiError();
  const remove = useMutation({
    mutationFn: () => deleteTransaction(t.txId),
    onSuccess: (env) => {
      enqueueSnackbar(env.messages[0] ?? PAYMENT_MESSAGES.TX_DELETED, { variant: 'success' });
      void qc.invalidateQueries({ queryKey: txKeys.all });
      onDeleted?.();
    },
    onError: (e) => reportError(e, MSG.UNABLE_TO_PROCEED),
  });
  if (!isSuper || t.isDeleted || t.status === 'CONFIRMED' || t.status === 'IN_PROGRESS' || t.status === 'IN_FLIGHT') return null;
  return (
    <Button
      size="small"
      color="error"
      variant="outlined"
      disabled={remove.isPending}
      onClick={async () => {
        const ok = await confirm({
          title: 'Delete Transaction',
          description: `Delete transaction ${t.txId}? It will be hidden from the lists.`,
          confirmText: 'Delete',
          destructive: true,
        });
        if (ok) remove.mutate();
      }}
    >
      Delete Transaction
    </Button>
  );
}
