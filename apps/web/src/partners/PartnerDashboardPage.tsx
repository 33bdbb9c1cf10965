import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert, Box, Button, Chip, LinearProgress, MenuItem, Paper, Stack, Table, TableBody, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { TableCell } from '../kit/TableCell';
import {
  AFFILIATE_CHANNELS_LIMIT, MSG, PREVIOUS_PERIOD_LABELS, REPORT_PERIODS, REPORT_PERIOD_LABELS, formatMoney, linkTo, type PartnerDashboard, type ReportPeriod,
} from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { EmptyRow } from '../kit/EmptyRow';
import { LineChart } from '../kit/LineChart';
import { formatUsd } from '../shell/rates';
import { useCan, useFormatTime, useSession } from '../shell/session';
import { useScope } from '../shell/useScope';
import { LinkCell, WithdrawStatusChip, usePartnerOptions } from './common';

const count = (n: number) => n.toLocaleString('en-US');
/** A decimal string as a number, for drawing only (figures are shown from the strings). */
const plot = (v: string) => Number(v);

function Figure(props: { label: string; value: string; previous: string; compare: string; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label={props.label}>
      <Typography variant="caption" color="text.secondary">{props.label}</Typography>
      <Typography variant="h6" data-testid={props.testId}>{props.value}</Typography>
      <Typography variant="caption" color="text.secondary">{props.compare}: {props.previous}</Typography>
    </Paper>
  );
}

function Figures({ d }: { d: PartnerDashboard }) {
  const c = d.current;
  const p = d.previous;
  const compare = PREVIOUS_PERIOD_LABELS[d.period];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, gap: 1.5 }}>
      <Figure label="Registered" value={count(c.registered)} previous={count(p.registered)} compare={compare} testId="figure-registered" />
      <Figure label="First-time depositors" value={`${count(c.ftd)} · ${formatUsd(c.ftdAmountInUSD)}`} previous={`${count(p.ftd)} · ${formatUsd(p.ftdAmountInUSD)}`} compare={compare} />
      <Figure label="Deposits" value={`${formatUsd(c.depositAmountInUSD)} (${count(c.deposits)})`} previous={`${formatUsd(p.depositAmountInUSD)} (${count(p.deposits)})`} compare={compare} />
      <Figure label="Active players" value={count(c.activePlayers)} previous={count(p.activePlayers)} compare={compare} />
      <Figure label="Players' profit (GGR)" value={formatUsd(c.profitInUSD)} previous={formatUsd(p.profitInUSD)} compare={compare} />
    </Box>
  );
}

function Charts({ d }: { d: PartnerDashboard }) {
  const now = REPORT_PERIOD_LABELS[d.period];
  const before = PREVIOUS_PERIOD_LABELS[d.period];
  const pair = (s: { current: readonly number[]; previous: readonly number[] }) => [{ name: now, values: s.current }, { name: before, values: s.previous, muted: true }];
  const money = (s: { current: readonly string[]; previous: readonly string[] }) => pair({ current: s.current.map(plot), previous: s.previous.map(plot) });
  const usd = (v: number) => formatUsd(v.toFixed(2));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 1.5 }}><LineChart title="Registered players" labels={d.labels} series={pair(d.series.registered)} format={count} /></Paper>
      <Paper variant="outlined" sx={{ p: 1.5 }}><LineChart title="Deposits (USD)" labels={d.labels} series={money(d.series.depositAmountInUSD)} format={usd} /></Paper>
      <Paper variant="outlined" sx={{ p: 1.5 }}><LineChart title="Active players" labels={d.labels} series={pair(d.series.activePlayers)} format={count} /></Paper>
      <Paper variant="outlined" sx={{ p: 1.5 }}><LineChart title="Players' profit (USD)" labels={d.labels} series={money(d.series.profitInUSD)} format={usd} /></Paper>
    </Box>
  );
}

/** Balance, the latest withdraw requests and the channels of one partner. */
function Money({ opId }: { opId: string }) {
  const fmt = useFormatTime();
  const allowed = useCan();
  const balance = useQuery({ queryKey: ['partners.balance', opId], queryFn: () => apiData('partners.balance', { body: { opId } }) });
  const history = useQuery({ queryKey: ['partners.withdrawHistory', { opId, limit: 5 }], queryFn: () => apiData('partners.withdrawHistory', { body: { opId, limit: 5 } }) });
  const channels = useQuery({ queryKey: ['partners.channelsList', { opId, limit: AFFILIATE_CHANNELS_LIMIT }], queryFn: () => apiData('partners.channelsList', { body: { opId, limit: AFFILIATE_CHANNELS_LIMIT } }) });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label="Balance and withdrawals">
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <div>
            <Typography variant="caption" color="text.secondary">Balance</Typography>
            <Typography variant="h5" data-testid="dashboard-balance">{balance.data ? formatUsd(balance.data.balance) : '…'}</Typography>
            {balance.data && <Typography variant="caption" color="text.secondary">Held by pending requests: {formatUsd(balance.data.pendingAmount)}</Typography>}
          </div>
          {allowed('partners_withdraw') && <Button component={RouterLink} to={linkTo('/partners/withdraw')} variant="outlined">Withdraw</Button>}
        </Stack>
        <Table size="small" aria-label="Latest withdraw requests" sx={{ mt: 1 }}>
          <TableHead><TableRow><TableCell>Requested</TableCell><TableCell align="right">Amount</TableCell><TableCell>Status</TableCell><TableCell>Note</TableCell></TableRow></TableHead>
          <TableBody>
            {history.data?.items.map((w) => (
              <TableRow key={w.txId}><TableCell>{fmt(w.createdAt)}</TableCell><TableCell align="right">{formatMoney(w.toAmount, w.toCurrency)}</TableCell><TableCell><WithdrawStatusChip status={w.status} /></TableCell><TableCell>{w.note ?? '—'}</TableCell></TableRow>
            ))}
            {history.data?.items.length === 0 && <EmptyRow colSpan={4} />}
          </TableBody>
        </Table>
      </Paper>
      <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label="Channels">
        <Typography variant="subtitle2" component="h3">Channels</Typography>
        <Table size="small" aria-label="Partner channels">
          <TableHead><TableRow><TableCell>Channel</TableCell><TableCell>Link</TableCell><TableCell align="right">Players</TableCell></TableRow></TableHead>
          <TableBody>
            {channels.data?.items.map((c) => (
              <TableRow key={c.id}><TableCell>{c.description}</TableCell><TableCell><LinkCell link={c.trackingLink} /></TableCell><TableCell align="right">{count(c.players)}</TableCell></TableRow>
            ))}
            {channels.data?.items.length === 0 && <EmptyRow colSpan={3} />}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}

/**
 * /partner-dashboard — a partner's registered players, first-time depositors, deposits, active
 * players and their profit over a period against the one before (period chips as in the
 * affiliate reports panel), its balance and withdraw requests, its channels with links. A
 * PARTNER user sees their own operator; staff choose the partner.
 */
export default function PartnerDashboardPage() {
  const { user, operators } = useSession();
  const { opId: scopeOp } = useScope();
  const [sp, setSp] = useSearchParams();
  const isPartner = user.role === 'PARTNER';
  const partners = usePartnerOptions(!isPartner);
  const period = (REPORT_PERIODS as readonly string[]).includes(sp.get('period') ?? '') ? sp.get('period') as ReportPeriod : 'THIS_MONTH';
  const scopePartner = operators.find((o) => o.opId === scopeOp && o.kind === 'PARTNER')?.opId;
  const opId = isPartner ? user.opId : sp.get('partner') ?? scopePartner ?? null;
  const set = (k: string, v: string) => setSp((prev) => { const n = new URLSearchParams(prev); n.set(k, v); return n; }, { replace: true });
  const q = useQuery({
    queryKey: ['partners.dashboard', opId, period],
    queryFn: () => apiData('partners.dashboard', { body: { opId: opId!, period } }),
    enabled: !!opId,
  });
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {!isPartner && (
          <TextField select size="small" label="Partner" value={opId ?? ''} onChange={(e) => set('partner', e.target.value)} sx={{ minWidth: 240 }}>
            {(partners.data ?? []).map((p) => <MenuItem key={p.opId} value={p.opId}>{p.title}{p.parentOpTitle ? ` (${p.parentOpTitle})` : ''}</MenuItem>)}
          </TextField>
        )}
        {q.data && <Typography variant="subtitle1" component="h2" sx={{ mr: 1 }}>{q.data.title}</Typography>}
        <Box sx={{ flex: 1 }} />
        {REPORT_PERIODS.map((p) => (
          <Chip key={p} label={REPORT_PERIOD_LABELS[p]} color={p === period ? 'primary' : 'default'} variant={p === period ? 'filled' : 'outlined'} onClick={() => set('period', p)} aria-pressed={p === period} />
        ))}
      </Stack>
      {!opId ? <Alert severity="info">Choose a partner to see its dashboard.</Alert> : (
        <>
          {q.isFetching && <LinearProgress aria-label="Loading the dashboard" />}
          {q.isError && <Alert severity="error">{q.error.message || MSG.GENERIC_ERROR}</Alert>}
          {q.data && <Figures d={q.data} />}
          {q.data && <Charts d={q.data} />}
          <Money opId={opId} />
        </>
      )}
    </Stack>
  );
}
