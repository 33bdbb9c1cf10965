import { TableCell, TableRow, Typography } from '@mui/material';
import { MSG } from '@pitboss/contract';

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
