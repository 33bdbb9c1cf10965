import { TableCell as MuiTableCell, type TableCellProps } from '@mui/material';
import { unbroken } from './cells';

/**
 * MUI's table cell, keeping a time or an amount on one line as the list kit's cells do
 * (`unbroken`): the console's own tables (reports, sessions, outside systems, profiles…) use this
 * one, so a time never reads "2026-11-29" over "13:17:53".
 */
export function TableCell({ sx, ...props }: TableCellProps) {
  if (!unbroken(props.children)) return <MuiTableCell sx={sx} {...props} />;
  return <MuiTableCell sx={[{ whiteSpace: 'nowrap' }, ...(Array.isArray(sx) ? sx : [sx])]} {...props} />;
}
