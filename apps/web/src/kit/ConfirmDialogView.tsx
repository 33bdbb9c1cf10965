import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import type { ConfirmOptions } from './useConfirm';

/** The confirmation dialog of useConfirm; loaded the first time a confirmation is asked. */
export function ConfirmDialogView(props: {
  opts: ConfirmOptions | null;
  typed: string;
  onType: (v: string) => void;
  onClose: (confirmed: boolean) => void;
}) {
  const { opts, typed, onType, onClose } = props;
  const blocked = !!opts?.typeToConfirm && typed.trim() !== opts.typeToConfirm;
  return (
    <Dialog open={!!opts} onClose={() => onClose(false)} aria-labelledby="confirm-title" maxWidth="xs" fullWidth>
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
            onChange={(e) => onType(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'type-to-confirm', autoComplete: 'off' } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{opts?.cancelText ?? 'Cancel'}</Button>
        <Button onClick={() => onClose(true)} disabled={blocked} variant="contained" color={opts?.destructive ? 'error' : 'primary'}>
          {opts?.confirmText ?? 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
