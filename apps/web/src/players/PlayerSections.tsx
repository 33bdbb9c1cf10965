import { Link as RouterLink } from 'react-router';
import { Chip, Link, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { MSG, humanize, label, type LabelKind } from '@pitboss/contract';
import type { PlayerDetails } from '../api/players';
import { withCellText } from '../kit/csv';
import { useFormatTime } from '../shell/session';
import { useScope } from '../shell/useScope';
import { linkTo } from '@pitboss/contract/routes';

const statusColor = (s: string) => {
  const u = s.toUpperCase();
  return u === 'CONFIRMED' || u === 'APPROVE' || u === 'APPROVED' || u === 'ACTIVE' ? 'success'
    : u === 'REJECTED' || u === 'REJECT' ? 'error' : u === 'PENDING' ? 'warning' : 'default';
};

/** A status chip: the label of its vocabulary (KYC, username, bank account…), never the code. */
const statusText = ({ status, kind }: { status: string; kind?: LabelKind }) => (kind ? label(kind, status) : humanize(status));
export const StatusChip = withCellText(
  (p: { status: string; kind?: LabelKind }) => <Chip size="small" label={statusText(p)} color={statusColor(p.status)} variant="outlined" />,
  statusText,
);

export function PlayerKycTable({ records }: { records: NonNullable<PlayerDetails['kycRecords']> }) {
  const fmt = useFormatTime();
  const { scopeSearch } = useScope();
  if (!records.length) return <Typography color="text.secondary">{MSG.NO_DATA}</Typography>;
  const sep = scopeSearch ? '&' : '?';
  return (
    <Table size="small" aria-label="KYC records">
      <TableHead>
        <TableRow>
          <TableCell>Level</TableCell>
          <TableCell>Type</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Updated</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((k) => (
          <TableRow key={k.kycId}>
            <TableCell>{k.level}</TableCell>
            <TableCell>
              <Link component={RouterLink} to={linkTo('/documentsV2', undefined, `${scopeSearch}${sep}drawer=${encodeURIComponent(k.kycId)}`)}>
                {label('kycOptionType', k.optionType)}
              </Link>
            </TableCell>
            <TableCell>
              <StatusChip status={k.kycStatus} kind="kycStatus" />
            </TableCell>
            <TableCell>{fmt(k.updatedAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function PlayerUsernameRequests({ rows }: { rows: NonNullable<PlayerDetails['usernameRequests']> }) {
  const fmt = useFormatTime();
  if (!rows.length) return <Typography color="text.secondary">{MSG.NO_DATA}</Typography>;
  return (
    <Table size="small" aria-label="Username requests">
      <TableHead>
        <TableRow>
          <TableCell>Username</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Note</TableCell>
          <TableCell>Requested</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((u) => (
          <TableRow key={u.id}>
            <TableCell>{u.username}</TableCell>
            <TableCell>
              <StatusChip status={u.status} kind="usernameStatus" />
            </TableCell>
            <TableCell>{u.note ?? '—'}</TableCell>
            <TableCell>{fmt(u.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
