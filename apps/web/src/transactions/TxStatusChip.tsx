import { Chip, Tooltip } from '@mui/material';
import { TX_STATUS_HINTS, label, type TxStatus } from '@pitboss/contract';
import { withCellText } from '../kit/csv';

const COLORS: Record<string, 'success' | 'error' | 'warning' | 'info' | 'secondary' | 'default'> = {
  CONFIRMED: 'success',
  REJECTED: 'error',
  PENDING: 'warning',
  IN_PROGRESS: 'info',
  CANCELED: 'default',
  // A provider call is out; the movement settles when its answer comes (or a job settles it).
  IN_FLIGHT: 'secondary',
};

type Props = { status: string; deleted?: boolean };

export const TxStatusChip = withCellText(function TxStatusChip({ status, deleted }: Props) {
  const hint = TX_STATUS_HINTS[status as TxStatus];
  const chip = <Chip size="small" variant="outlined" label={label('txStatus', status)} color={COLORS[status] ?? 'default'} />;
  return (
    <>
      {hint ? <Tooltip title={hint} describeChild>{chip}</Tooltip> : chip}
      {deleted && <Chip size="small" label="Deleted" sx={{ ml: 0.5 }} />}
    </>
  );
}, ({ status, deleted }: Props) => `${label('txStatus', status)}${deleted ? ' (Deleted)' : ''}`);
