import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { useSnackbar } from 'notistack';
import { MSG } from '@pitboss/contract';
import { ApiError } from '../api/client';

interface ErrorState {
  title: string;
  messages: string[];
}
const Ctx = createContext<(s: ErrorState) => void>(() => undefined);

/** The generic error-response dialog (000 §8): default title, lists the messages, OK. */
export function ErrorDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ErrorState | null>(null);
  const show = useCallback((s: ErrorState) => setState(s), []);
  return (
    <Ctx.Provider value={show}>
      {children}
      <Dialog open={!!state} onClose={() => setState(null)} aria-labelledby="error-dialog-title" maxWidth="xs" fullWidth>
        <DialogTitle id="error-dialog-title">{state?.title}</DialogTitle>
        <DialogContent>
          <List dense>
            {state?.messages.map((m) => (
              <ListItem key={m} disableGutters>
                <ListItemText primary={m} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setState(null)} variant="contained" autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </Ctx.Provider>
  );
}

/**
 * One way to report a failed call: messages from the server open the error dialog,
 * a failure without messages shows `fallback` in the dialog when given, else the generic error toast.
 */
export function useApiError() {
  const show = useContext(Ctx);
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () =>
      (err: unknown, title: string = MSG.ERROR_DIALOG_TITLE, fallback?: string) => {
        if (err instanceof ApiError && err.messages.length > 0) show({ title, messages: err.messages });
        else if (fallback) show({ title, messages: [fallback] });
        else enqueueSnackbar(MSG.GENERIC_ERROR, { variant: 'error' });
      },
    [show, enqueueSnackbar],
  );
}
