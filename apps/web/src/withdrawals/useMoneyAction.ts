import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { MSG, PAYMENT_MESSAGES } from '@pitboss/contract';
import { ApiError } from '../api/client';
import { txKeys } from '../api/transactions';
import { useApiError } from '../kit/ErrorDialog';
import { useIdempotencyKey } from '../kit/useIdempotencyKey';

/**
 * One money-moving dialog submission (never optimistic): sends with an Idempotency-Key that is
 * reused while the user retries the same submission, reports errors the withdraw way (001 §8:
 * "Unable To Proceed" with the messages, "HTTP {status}" without, "An unexpected error occurred"
 * when nothing answered), and refreshes the transaction lists when done.
 */
export function useMoneyAction<B, R>(opts: {
  send: (body: B, key: string) => Promise<R>;
  onDone: (answer: R) => void;
  errorTitle?: string;
  thrownMessage?: string;
  /** After the error is reported (e.g. a 409: someone else decided first, refresh and close). */
  onFailed?: (error: unknown) => void;
}) {
  const qc = useQueryClient();
  const reportError = useApiError();
  const idem = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: B) => opts.send(body, idem.keyFor(body)),
    onSuccess: (answer) => {
      idem.reset();
      void qc.invalidateQueries({ queryKey: txKeys.all });
      opts.onDone(answer);
    },
    onError: (e) => {
      const fallback = e instanceof ApiError && e.httpStatus > 0 ? `HTTP ${e.httpStatus}` : (opts.thrownMessage ?? PAYMENT_MESSAGES.UNEXPECTED);
      reportError(e, opts.errorTitle ?? MSG.UNABLE_TO_PROCEED, fallback);
      opts.onFailed?.(e);
    },
  });
}

export const useToast = () => useSnackbar().enqueueSnackbar;
