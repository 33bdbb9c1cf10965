import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Drawer, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  DEFAULT_PAGE_SIZE, REWARD_HISTORY_PAGE, REWARD_HISTORY_REFRESH_MS, REWARD_HISTORY_TITLES, dayRangeProblem, txTypeLabel,
  type ReferredPlayerRow, type RewardHistoryRow, type RewardHistoryType, countOf,
} from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import type { FilterDef } from '../kit/FilterDrawer';
import { ListPage, useDayRangeRequest, useListCallWithExtras, type Column } from '../kit/ListPage';
import { Money, Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import type { ParamPatch } from '../kit/useListParams';
import { useFormatTime, useSession } from '../shell/session';
import { StatusChip } from './PlayerSections';

/**
 * The reward history drawers of the Player Wallet panels (001 §2): Player Profit Transactions
 * List (AFFILIATE: commissions and profit withdrawals; refreshed every 15 s), Cashback Withdrawal
 * History (CASHBACK), Referral Claim History (REFERRAL_PROFIT) and the Referred Players List.
 * Each opens over the panel it comes from, so closing it shows the affiliate's player details on
 * the same panel again (the spec's "closing it reopens the affiliate's player details on the
 * affiliate reports tab"). Their paging and filters are the drawer's own state, not the URL's:
 * the page under them keeps its list.
 */

/** A list's state held by the drawer (the shape ListPage takes from `useListParams`). */
function useLocalList(initial: Record<string, unknown> = {}) {
  const [params, setParams] = useState<Record<string, unknown> & { page: number; limit: number }>({ page: 1, limit: DEFAULT_PAGE_SIZE, ...initial });
  const set = useCallback((patch: ParamPatch) => setParams((p) => {
    const next = { ...p } as Record<string, unknown>;
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === null || v === '') delete next[k];
      else next[k] = v;
    }
    return { ...next, page: Number(next.page ?? 1), limit: Number(next.limit ?? DEFAULT_PAGE_SIZE) };
  }), []);
  const setFilters = useCallback((f: ParamPatch) => set({ ...f, page: undefined, drawer: undefined }), [set]);
  return { params, set, setFilters };
}

function HistoryDrawer(props: { title: string; subtitle: string; onClose: () => void; children: React.ReactNode }) {
  return (
    <Drawer
      anchor="right"
      open
      onClose={props.onClose}
      // At the modal layer, so it opens over the Player Wallet dialog it comes from (a drawer sits
      // below dialogs by default); its own menus and filter drawer, opened later, stack over it.
      sx={{ zIndex: (t) => t.zIndex.modal }}
      slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-label': props.title, sx: { width: { xs: '100%', md: 860 } } } as object }}
    >
      <Stack direction="row" spacing={1} sx={{ p: 1.5, alignItems: 'center' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={props.onClose}>Back</Button>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" noWrap>{props.title}</Typography>
          <Typography variant="caption" color="text.secondary">{props.subtitle}</Typography>
        </Box>
      </Stack>
      <Box sx={{ p: 2, pt: 0, overflow: 'auto' }}>{props.children}</Box>
    </Drawer>
  );
}

const DATE_FILTERS: FilterDef[] = [
  { name: 'from', label: 'From date', type: 'date' },
  { name: 'to', label: 'To date', type: 'date' },
];
const dateProblem = (v: Record<string, string>) => dayRangeProblem(v);

/** One player's reward transactions of one type, with the confirmed total of the whole filter. */
export function RewardTransactionsDrawer(props: { playerCode: string; opId?: string; type: RewardHistoryType; onClose: () => void }) {
  const { playerCode, opId, type } = props;
  const list = useLocalList({ limit: REWARD_HISTORY_PAGE });
  const fmt = useFormatTime();
  const tz = useSession().user.timezone;
  const toRequest = useDayRangeRequest(tz, { playerCode, type, ...(opId ? { opId } : {}) });
  const { call, extras: total } = useListCallWithExtras<RewardHistoryRow, 'reports.playerRewardTransactions', { usd: string; n: number }>(
    'reports.playerRewardTransactions', (d) => ({ usd: d.confirmedTotalInUSD, n: d.confirmedCount }),
  );
  const columns: Column<RewardHistoryRow>[] = [
    { key: 'createdAt', header: 'Date', render: (r) => fmt(r.createdAt), simple: true },
    { key: 'type', header: 'Type', render: (r) => txTypeLabel(r.transactionType, r.transactionSubType) },
    { key: 'status', header: 'Status', render: (r) => <StatusChip status={r.status} kind="txStatus" />, simple: true },
    { key: 'amount', header: 'Amount', align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} />, simple: true },
    { key: 'usd', header: 'Amount (USD)', align: 'right', render: (r) => <Usd value={r.amountInUSD} /> },
    { key: 'by', header: 'Decided by', render: (r) => r.confirmedBy ?? r.rejectedBy ?? '—' },
    { key: 'note', header: 'Note', render: (r) => r.note ?? '—' },
  ];
  return (
    <HistoryDrawer title={REWARD_HISTORY_TITLES[type]} subtitle={`Player ${playerCode}`} onClose={props.onClose}>
      <ListPage<RewardHistoryRow>
        list={list}
        queryKey={call.queryKey}
        fetcher={call.fetcher}
        toRequest={toRequest}
        columns={columns}
        filters={DATE_FILTERS}
        validateFilters={dateProblem}
        rowKey={(r) => r.txId}
        label={REWARD_HISTORY_TITLES[type]}
        exportName={`${type.toLowerCase()}-${playerCode}`}
        {...(type === 'AFFILIATE' ? { refetchInterval: REWARD_HISTORY_REFRESH_MS } : {})}
        header={(
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="reward-history-total">
            Confirmed total: {total ? <><Usd value={total.usd} /> in {countOf(total.n, 'transaction')}</> : '—'}
          </Typography>
        )}
      />
    </HistoryDrawer>
  );
}

const SORTS = [
  { value: 'createdAt:desc', label: 'Registered, newest first' },
  { value: 'createdAt:asc', label: 'Registered, oldest first' },
  { value: 'playerCode:asc', label: 'Player code' },
  { value: 'totalBetCount:desc', label: 'Most bets' },
  { value: 'totalDepositCount:desc', label: 'Most deposits' },
] as const;

/** The players the affiliate referred: a paged table sorted by the toolbar's choice. */
export function ReferredPlayersDrawer(props: { playerCode: string; opId?: string; onClose: () => void }) {
  const { playerCode, opId } = props;
  const list = useLocalList();
  const fmt = useFormatTime();
  const [sort, setSort] = useState<(typeof SORTS)[number]['value']>('createdAt:desc');
  const toRequest = useCallback((b: Record<string, unknown>) => {
    const { drawer: _d, ...rest } = b;
    const [sortBy, dir] = sort.split(':');
    return { ...rest, playerCode, ...(opId ? { opId } : {}), sortBy, sort: dir };
  }, [playerCode, opId, sort]);
  const columns: Column<ReferredPlayerRow>[] = [
    {
      key: 'player', header: 'Player',
      render: (r) => <Link component={RouterLink} to={linkTo('/players/:playerCode', { playerCode: r.playerCode })}>{`${r.playerName ?? r.username ?? r.playerCode} (${r.playerCode})`}</Link>,
      csv: (r) => r.playerCode,
    },
    { key: 'operator', header: 'Operator/Brand', render: (r) => operatorName(r) },
    { key: 'channel', header: 'Channel', render: (r) => [r.channelId, r.subChannelId].filter(Boolean).join(' / ') || '—' },
    { key: 'bets', header: 'Bets', align: 'right', render: (r) => r.totalBetCount.toLocaleString() },
    { key: 'deposits', header: 'Deposits', align: 'right', render: (r) => r.totalDepositCount.toLocaleString() },
    { key: 'status', header: 'Status', render: (r) => (r.isBlocked ? 'Blocked' : r.isTest ? 'Test player' : 'Active') },
    { key: 'createdAt', header: 'Registered', render: (r) => fmt(r.createdAt) },
  ];
  return (
    <HistoryDrawer title="Referred Players List" subtitle={`Referred by ${playerCode}`} onClose={props.onClose}>
      <ListPage<ReferredPlayerRow>
        list={list}
        endpoint="reports.referredPlayers"
        toRequest={toRequest}
        columns={columns}
        rowKey={(r) => r.playerId}
        label="Referred players"
        toolbar={(
          <TextField select size="small" label="Sort by" value={sort} sx={{ minWidth: 240 }}
            onChange={(e) => { setSort(e.target.value as typeof sort); list.set({ page: undefined }); }}>
            {SORTS.map((s) => <MenuItem key={s.value} value={s.value}>{s.label}</MenuItem>)}
          </TextField>
        )}
      />
    </HistoryDrawer>
  );
}
