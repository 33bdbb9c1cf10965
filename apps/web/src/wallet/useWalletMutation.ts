import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { MSG, TOPUP_MESSAGES } from '@pitboss/contract';
import { ApiError } from '../api/client';
import { playerKeys } from '../api/players';
import { txKeys } from '../api/transactions';
import { walletKeys } from '../api/wallet';
import { useApiError } from '../kit/ErrorDialog';
import { useIdempotencyKey } from '../kit/useIdempotencyKey';

/**
 * A money-moving wallet submission (top-up, bonus top-up, convert): never optimistic, one
 * Idempotency-Key per user action reused on retry, the player's wallet and lists refreshed after.
 * `freshKey`: every submission is a new user action (one confirmation, one key), e.g. the wallet claims
 * whose body does not change between two claims.
 */
export function useWalletMutation<B>(
  playerCode: string,
  send: (body: B, key: string) => Promise<{ messages: string[] }>,
  onDone: () => void,
  successFallback: string,
  opts: { freshKey?: boolean } = {},
) {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useApiError();
  const idem = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: B) => {
      if (opts.freshKey) idem.reset();
      return send(body, idem.keyFor(body));
    },
    onSuccess: (env) => {
      idem.reset();
      enqueueSnackbar(env.messages[0] ?? successFallback, { variant: 'success' });
      void qc.invalidateQueries({ queryKey: playerKeys.wallet(playerCode) });
      void qc.invalidateQueries({ queryKey: playerKeys.detail(playerCode) });
      void qc.invalidateQueries({ queryKey: playerKeys.lists() });
      void qc.invalidateQueries({ queryKey: walletKeys.all });
      void qc.invalidateQueries({ queryKey: txKeys.all });
      onDone();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === 'TOP_UP_LIMIT_HAS_BEEN_EXCEEDED') reportError(new ApiError(e.httpStatus, [TOPUP_MESSAGES.LIMIT_EXCEEDED]), MSG.UNABLE_TO_PROCEED);
      else reportError(e, MSG.UNABLE_TO_PROCEED);
    },
  });
}
