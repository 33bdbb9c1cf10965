import { Button, TableRow, Typography } from '@mui/material';
import { TableCell } from './TableCell';
import { MSG } from '@pitboss/contract';
import { ApiError } from '../api/client';

/** The empty state of a table: "No data found" across all its columns. */
export function EmptyRow({ colSpan }: { colSpan: number }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>
        <Typography sx={{ py: 3, textAlign: 'center' }} color="text.secondary">
          {MSG.NO_DATA}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

/** What a failed load says: the server's messages, else the generic error. */
export const loadErrorText = (e: unknown) => (e instanceof ApiError && e.messages.length ? e.messages.join(' ') : MSG.GENERIC_ERROR);

/** A table whose rows failed to load says so (never "No data found", which would be a claim about the data), with a retry. */
export function ErrorRow({ colSpan, error, onRetry }: { colSpan: number; error: unknown; onRetry: () => void }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>
        <Typography role="alert" sx={{ pt: 3, textAlign: 'center' }} color="error" data-testid="list-error">
          {loadErrorText(error)}
        </Typography>
        <Typography sx={{ pb: 2, textAlign: 'center' }}>
          <Button size="small" onClick={onRetry}>Try again</Button>
        </Typography>
      </TableCell>
    </TableRow>
  );
}
