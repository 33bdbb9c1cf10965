import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import type { Envelope, KycRecord } from '@pitboss/contract';
import { kycKeys } from '../api/kyc';
import { playerKeys } from '../api/players';
import { shellKeys } from '../api/shell';
import { useApiError } from '../kit/ErrorDialog';

/**
 * A KYC change: never optimistic (STYLE 7). On success the server's message is toasted,
 * the record is replaced in the cache and lists, badges and player details refresh.
 */
export function useKycMutation<V>(fn: (v: V) => Promise<Envelope<KycRecord>>, fallback: string, onDone?: () => void) {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useApiError();
  return useMutation({
    mutationFn: fn,
    onSuccess: (env) => {
      enqueueSnackbar(env.messages[0] ?? fallback, { variant: 'success' });
      qc.setQueryData(kycKeys.detail(env.data.kycId), env.data);
      void qc.invalidateQueries({ queryKey: kycKeys.lists() });
      void qc.invalidateQueries({ queryKey: shellKeys.all });
      void qc.invalidateQueries({ queryKey: playerKeys.details() });
      onDone?.();
    },
    onError: (e) => reportError(e),
  });
}
