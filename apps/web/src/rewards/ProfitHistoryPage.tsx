import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Chip, Link, Stack, Typography } from '@mui/material';
import {
  DAY_PATTERN, PROFIT_HISTORY_TYPES, TX_STATUSES, dayRangeProblem, label, labelOptions, txTypeLabel,
  type ProfitHistoryRow, type ProfitHistoryTotal, countOf,
} from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import type { FilterDef } from '../kit/FilterDrawer';
import { ListPage, useDayRangeRequest, useListCallWithExtras, type Column } from '../kit/ListPage';
import { Money, Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useListParams } from '../kit/useListParams';
import { StatusChip } from '../players/PlayerSections';
import { useFormatTime, useSession } from '../shell/session';
import { useScope } from '../shell/useScope';

const urlShape = {
  type: z.enum(PROFIT_HISTORY_TYPES).optional(),
  status: z.enum(TX_STATUSES).optional(),
  playerCode: z.string().trim().max(64).optional(),
  from: z.string().regex(DAY_PATTERN).optional(),
  to: z.string().regex(DAY_PATTERN).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'type', label: 'Type', type: 'select', options: labelOptions('txType', PROFIT_HISTORY_TYPES) },
  { name: 'status', label: 'Status', type: 'select', options: labelOptions('txStatus', TX_STATUSES) },
  { name: 'playerCode', label: 'Player code', maxLength: 64 },
  { name: 'from', label: 'From date', type: 'date' },
  { name: 'to', label: 'To date', type: 'date' },
];

/** The totals of the whole filter, one chip per status: confirmed money is never added to rejected money. */
function Totals({ totals }: { totals: ProfitHistoryTotal[] | null }) {
  if (!totals) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }} aria-label="Totals by status" data-testid="profit-history-totals">
      {totals.length === 0 && <Typography variant="body2" color="text.secondary">No transactions match the filters.</Typography>}
      {totals.map((t) => (
        <Chip
          key={t.status}
          variant="outlined"
          data-testid={`profit-total-${t.status}`}
          label={<>{label('txStatus', t.status)}: <Usd value={t.amountInUSD} /> in {countOf(t.count, 'transaction')}</>}
        />
      ))}
    </Stack>
  );
}

/**
 * /profit-history — Profit History: the players' REFERRAL_PROFIT (affiliate profit) and CASHBACK
 * transactions of the operators in the operator selector, newest first, with the totals of the
 * whole filter per status. Filters: type, status, player code and a date range (days in the
 * staff member's time zone). A player's name opens their page.
 */
export default function ProfitHistoryPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const tz = useSession().user.timezone;
  const { scopeSearch } = useScope();
  const toRequest = useDayRangeRequest(tz);
  const { call, extras: totals } = useListCallWithExtras<ProfitHistoryRow, 'reports.profitHistory', ProfitHistoryTotal[]>('reports.profitHistory', (d) => d.totals);
  const columns: Column<ProfitHistoryRow>[] = [
    { key: 'createdAt', header: 'Date', render: (r) => fmt(r.createdAt), simple: true },
    {
      key: 'player', header: 'Player', simple: true,
      render: (r) => (
        <Link component={RouterLink} to={linkTo('/players/:playerCode', { playerCode: r.playerCode }, scopeSearch)}>
          {`${r.playerName ?? r.username ?? r.playerCode} (${r.playerCode})`}
        </Link>
      ),
      csv: (r) => `${r.playerName ?? r.username ?? r.playerCode} (${r.playerCode})`,
    },
    { key: 'operator', header: 'Operator/Brand', render: (r) => operatorName(r) },
    { key: 'type', header: 'Type', render: (r) => txTypeLabel(r.transactionType, r.transactionSubType) },
    { key: 'status', header: 'Status', render: (r) => <StatusChip status={r.status} kind="txStatus" />, simple: true },
    { key: 'amount', header: 'Amount', align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} />, simple: true },
    { key: 'usd', header: 'Amount (USD)', align: 'right', render: (r) => <Usd value={r.amountInUSD} /> },
    { key: 'by', header: 'Decided by', render: (r) => r.confirmedBy ?? r.rejectedBy ?? '—' },
  ];
  return (
    <ListPage<ProfitHistoryRow>
      label="Profit history"
      list={list}
      queryKey={call.queryKey}
      fetcher={call.fetcher}
      toRequest={toRequest}
      columns={columns}
      filters={FILTERS}
      validateFilters={dayRangeProblem}
      rowKey={(r) => r.txId}
      exportName="profit-history"
      header={<Totals totals={totals} />}
    />
  );
}
