import { Link as RouterLink } from 'react-router';
import { Box, Link, Stack, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { humanize, label, providerName, txTypeLabel } from '@pitboss/contract';
import type { TxDetails, TxView } from '../api/transactions';
import { CopyButton } from '../kit/CopyButton';
import { Fields } from '../kit/Fields';
import { Money, Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { Destination } from '../withdrawals/Destination';
import { useFormatTime } from '../shell/session';
import { useScope } from '../shell/useScope';
import { TxStatusChip } from './TxStatusChip';
import { linkTo } from '@pitboss/contract/routes';

export { JsonBlock } from '../kit/JsonBlock';

/** The Details tab of a transaction (drawer and page). */
export function TransactionFields({ t }: { t: TxView | TxDetails }) {
  const fmt = useFormatTime();
  const { scopeSearch } = useScope();
  const calls = 'providerCalls' in t ? t.providerCalls : [];
  return (
    <Stack spacing={2}>
      <Fields
        items={[
          {
            label: 'Transaction ID',
            value: (
              <>
                {t.txId} <CopyButton value={t.txId} label="Copy transaction ID" />
              </>
            ),
          },
          { label: 'Status', value: <TxStatusChip status={t.status} deleted={t.isDeleted} />, testId: 'tx-status' },
          { label: 'Type', value: txTypeLabel(t.transactionType, t.transactionSubType), testId: 'tx-type' },
          {
            label: 'Player',
            value: (
              <Link component={RouterLink} to={linkTo('/players/:playerCode', { playerCode: t.player.playerCode }, scopeSearch)}>
                {t.player.playerCode}
              </Link>
            ),
          },
          { label: 'Operator/Brand', value: operatorName(t) },
          { label: 'Amount', value: <><Money amount={t.toAmount} currency={t.toCurrency} /> (<Usd value={t.toAmountInUSD} />)</>, testId: 'tx-amount' },
          ...(t.fromCurrency !== t.toCurrency || t.fromAmount !== t.toAmount ? [{ label: 'From amount', value: <Money amount={t.fromAmount} currency={t.fromCurrency} /> }] : []),
          { label: 'Wallet', value: label('walletKind', t.walletType) },
          { label: 'Balance before / after', value: <><Money amount={t.balanceBefore} currency={t.toCurrency} /> / <Money amount={t.balanceAfter} currency={t.toCurrency} /></> },
          { label: 'Gateway', value: t.gateway ? providerName(t.gateway) : '—' },
          { label: 'Provider', value: t.provider ? providerName(t.provider) : '—' },
          { label: 'FTD', value: t.isFTD ? 'Yes' : 'No' },
          { label: 'Reason', value: t.reason ? label('topupReason', t.reason) : '—' },
          { label: 'Note', value: t.note ?? '—' },
          { label: 'Note for the player', value: t.playerNote ?? '—' },
          ...(t.rejectReason ? [{ label: 'Reject reason', value: t.rejectReason }] : []),
          ...(t.transactionType === 'WITHDRAW' && t.status === 'REJECTED'
            ? [{ label: 'Counts toward daily limit', value: t.countsTowardDailyLimit ? 'Yes' : 'No' }]
            : []),
          ...(t.destination ? [{ label: 'Destination', value: <Destination txId={t.txId} destination={t.destination} /> }] : []),
          { label: 'Created', value: `${fmt(t.createdAt)}${t.createdBy ? ` by ${t.createdBy}` : ''}` },
          ...(t.confirmedAt ? [{ label: 'Confirmed', value: `${fmt(t.confirmedAt)}${t.confirmedBy ? ` by ${t.confirmedBy}` : ''}` }] : []),
          ...(t.rejectedAt ? [{ label: 'Rejected', value: `${fmt(t.rejectedAt)}${t.rejectedBy ? ` by ${t.rejectedBy}` : ''}` }] : []),
        ]}
      />
      {calls.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            Provider calls
          </Typography>
          <Table size="small" aria-label="Provider calls">
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Outcome</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {calls.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>{fmt(c.createdAt)}</TableCell>
                  <TableCell>{humanize(c.action)}</TableCell>
                  <TableCell>{c.outcome ? humanize(String(c.outcome)) : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}
