import {
  Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Table, TableBody, TableHead, TableRow,
} from '@mui/material';
import { TableCell } from './TableCell';
import { errorDataTable } from './errorData';

export interface ErrorState {
  title: string;
  messages: string[];
  /** The answer's data, when it carries any: shown as a table under the messages. */
  data?: unknown;
}

/** The generic error-response dialog (000 §8): default title, lists the messages, optional data table, OK. Loaded when first shown. */
export function ErrorDialogView({ state, onClose }: { state: ErrorState | null; onClose: () => void }) {
  const table = errorDataTable(state?.data);
  return (
    <Dialog open={!!state} onClose={onClose} aria-labelledby="error-dialog-title" maxWidth={table ? 'sm' : 'xs'} fullWidth>
      <DialogTitle id="error-dialog-title">{state?.title}</DialogTitle>
      <DialogContent>
        <List dense>
          {state?.messages.map((m) => (
            <ListItem key={m} disableGutters>
              <ListItemText primary={m} />
            </ListItem>
          ))}
        </List>
        {table && (
          <Table size="small" aria-label="Error details">
            <TableHead>
              <TableRow>
                {table.columns.map((c) => (
                  <TableCell key={c} sx={{ fontWeight: 600 }}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((r, i) => (
                <TableRow key={i}>
                  {r.map((v, j) => (
                    <TableCell key={j} sx={{ wordBreak: 'break-word' }}>
                      {v}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
