import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { ENDPOINTS, type EndpointName } from '@pitboss/contract/endpoints';
import { MSG } from '@pitboss/contract';
import { ApiError } from '../../api/client';
import { api, type Answer, type Input } from '../../api/endpoint';
import { useApiError } from '../ErrorDialog';
import { useIdempotencyKey } from '../useIdempotencyKey';

export type MutationInput<K extends EndpointName> = Omit<Input<K>, 'idempotencyKey'>;

export interface EndpointMutationOptions<K extends EndpointName> {
  /**
   * The success toast when the server's answer carries no message; a function may choose it per
   * answer. `false`: this answer is not toasted at all (the dialog shows the outcome itself).
   */
  success?: string | false | ((answer: Answer<K>, input: MutationInput<K>) => string | false);
  /** What the success toast says whatever the server's message (a sentence built from the answer and the input). */
  toast?: (answer: Answer<K>, input: MutationInput<K>) => string;
  /** The success toast's variant (default: success). */
  variant?: 'success' | 'info';
  /** `false`: the call changes nothing (a calculation), no cached query is invalidated. */
  invalidate?: boolean;
  /** Title of the error-response dialog (default: the spec's error title); a function may choose it per failure. */
  errorTitle?: string | ((e: unknown) => string);
  /** Shown in the error dialog when the failure carries no message. */
  errorFallback?: (e: unknown) => string | undefined;
  /** `false`: the form shows the failure itself (an inline alert, from `onFailed`): no error-response dialog. */
  errorDialog?: false;
  /** A refusal that is not an error (a transient provider answer): its messages are warning toasts, no error dialog. */
  warning?: (e: ApiError) => boolean;
  /** Replace a failure before it is shown (e.g. a status code with the spec's text). */
  mapError?: (e: ApiError) => ApiError;
  /** Every submission is a new user action (a fresh Idempotency-Key even with the same body). */
  freshKey?: boolean;
  onDone?: (answer: Answer<K>, input: MutationInput<K>) => void;
  onFailed?: (e: unknown) => void;
}

/**
 * The one way the console changes data through an endpoint of the table. Never optimistic
 * (STYLE 7). A money call gets its Idempotency-Key here (kept while the user retries the same
 * submission, fresh after success); the answer's message — or `success` — is toasted; a
 * failure opens the error-response dialog with the server's messages. After a change every
 * cached query is invalidated: the mounted lists, details and badges refetch, the others
 * refetch when next shown — by construction, no list of keys to keep in step.
 */
export function useEndpointMutation<K extends EndpointName>(name: K, opts: EndpointMutationOptions<K> = {}) {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useApiError();
  const idem = useIdempotencyKey();
  const money = (ENDPOINTS[name] as { money?: boolean }).money === true;
  return useMutation({
    mutationFn: (input: MutationInput<K>) => {
      if (opts.freshKey) idem.reset();
      return api(name, (money ? { ...input, idempotencyKey: idem.keyFor(input) } : input) as Input<K>);
    },
    onSuccess: (answer, input) => {
      idem.reset();
      const fallback = typeof opts.success === 'function' ? opts.success(answer, input) : opts.success;
      if (fallback !== false) {
        const text = opts.toast ? opts.toast(answer, input) : answer.messages[0] ?? fallback;
        if (text) enqueueSnackbar(text, { variant: opts.variant ?? 'success' });
        for (const w of answer.warnings ?? []) enqueueSnackbar(w, { variant: 'warning' });
      }
      if (opts.invalidate !== false) void qc.invalidateQueries();
      opts.onDone?.(answer, input);
    },
    onError: (e) => {
      const err = e instanceof ApiError && opts.mapError ? opts.mapError(e) : e;
      if (err instanceof ApiError && err.messages.length && opts.warning?.(err)) {
        for (const m of err.messages) enqueueSnackbar(m, { variant: 'warning' });
      } else if (opts.errorDialog !== false) reportError(err, (typeof opts.errorTitle === 'function' ? opts.errorTitle(err) : opts.errorTitle) ?? MSG.ERROR_DIALOG_TITLE, opts.errorFallback?.(err));
      opts.onFailed?.(err);
    },
  });
}
