import { Chip } from '@mui/material';

const COLORS: Record<string, 'success' | 'error' | 'warning' | 'info' | 'default'> = {
  CONFIRMED: 'success',
  REJECTED: 'error',
  PENDING: 'warning',
  IN_PROGRESS: 'info',
  CANCELED: 'default',
};

export function TxStatusChip({ status, deleted }: { status: string; deleted?: boolean }) {
  return (
    <>
      <Chip size="small" variant="outlined" label={status} color={COLORS[status] ?? 'default'} />
      {deleted && <Chip size="small" label="DELETED" sx={{ ml: 0.5 }} />}
    </>
  );
}
