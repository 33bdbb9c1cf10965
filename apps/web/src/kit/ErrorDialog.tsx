import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import { MSG } from '@pitboss/contract/messages';
import { ApiError } from '../api/client';
import { lazyDialog } from './lazyDialog';
import type { ErrorState } from './ErrorDialogView';

const ErrorDialogView = lazyDialog(() => import('./ErrorDialogView'), 'ErrorDialogView');
const Ctx = createContext<(s: ErrorState) => void>(() => undefined);

/** The generic error-response dialog (000 §8); its code is loaded the first time it is shown. */
export function ErrorDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ErrorState | null>(null);
  const [used, setUsed] = useState(false);
  const show = useCallback((s: ErrorState) => {
    setUsed(true);
    setState(s);
  }, []);
  return (
    <Ctx.Provider value={show}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ErrorDialogView state={state} onClose={() => setState(null)} />
        </Suspense>
      )}
    </Ctx.Provider>
  );
}

/**
 * One way to report a failed call: messages from the server open the error dialog (with the
 * answer's data as a table when it carries any), a failure without messages shows `fallback` in
 * the dialog when given, else the generic error toast.
 */
export function useApiError() {
  const show = useContext(Ctx);
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () =>
      (err: unknown, title: string = MSG.ERROR_DIALOG_TITLE, fallback?: string) => {
        // The answer's data (a provider's response, the records a refusal is about) is shown as the dialog's table.
        const data = err instanceof ApiError ? err.data : null;
        if (err instanceof ApiError && err.messages.length > 0) show({ title, messages: err.messages, data });
        else if (fallback) show({ title, messages: [fallback], data });
        else enqueueSnackbar(MSG.GENERIC_ERROR, { variant: 'error' });
      },
    [show, enqueueSnackbar],
  );
}
