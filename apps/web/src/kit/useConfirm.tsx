import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';

export interface ConfirmOptions {
  title: string;
  description?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Type-to-confirm: the confirm button stays disabled until exactly this text is typed. */
  typeToConfirm?: string;
  destructive?: boolean;
}
type Confirm = (o: ConfirmOptions) => Promise<boolean>;
const Ctx = createContext<Confirm>(async () => false);

/** Confirmation as a promise: `if (await confirm({ title })) …` (STYLE 7). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [opts, setOpts] = useState<ConfirmOptions | null>(null);
  const [typed, setTyped] = useState('');
  const resolver = useRef<((v: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((o) => {
    resolver.current?.(false);
    setTyped('');
    setOpts(o);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = (v: boolean) => {
    resolver.current?.(v);
    resolver.current = null;
    setOpts(null);
  };
  const blocked = !!opts?.typeToConfirm && typed.trim() !== opts.typeToConfirm;

  return (
    <Ctx.Provider value={confirm}>
      {children}
      <Dialog open={!!opts} onClose={() => close(false)} aria-labelledby="confirm-title" maxWidth="xs" fullWidth>
        <DialogTitle id="confirm-title">{opts?.title}</DialogTitle>
        <DialogContent>
          {opts?.description && <DialogContentText sx={{ mb: 2 }}>{opts.description}</DialogContentText>}
          {opts?.typeToConfirm && (
            <TextField
              autoFocus
              fullWidth
              size="small"
              label={`Type ${opts.typeToConfirm} to confirm`}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'type-to-confirm', autoComplete: 'off' } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)}>{opts?.cancelText ?? 'Cancel'}</Button>
          <Button
            onClick={() => close(true)}
            disabled={blocked}
            variant="contained"
            color={opts?.destructive ? 'error' : 'primary'}
          >
            {opts?.confirmText ?? 'Confirm'}
          </Button>
        </DialogActions>
      </Dialog>
    </Ctx.Provider>
  );
}

export const useConfirm = () => useContext(Ctx);
