import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from '@mui/material';

export interface ErrorState {
  title: string;
  messages: string[];
}

/** The generic error-response dialog (000 §8): default title, lists the messages, OK. Loaded when first shown. */
export function ErrorDialogView({ state, onClose }: { state: ErrorState | null; onClose: () => void }) {
  return (
    <Dialog open={!!state} onClose={onClose} aria-labelledby="error-dialog-title" maxWidth="xs" fullWidth>
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
        <Button onClick={onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
