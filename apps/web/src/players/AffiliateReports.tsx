import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Paper, Stack, TextField, Typography,
} from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import {
  AFFILIATE_CHANNEL_TYPES, MSG, PREVIOUS_PERIOD_LABELS, REPORT_PERIODS, REPORT_PERIOD_LABELS, labelOptions, type AffiliateChannelType, type ReportPeriod,
} from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { LineChart } from '../kit/LineChart';
import { formatUsd } from '../shell/rates';

type Filters = { channelType: AffiliateChannelType | ''; channelId: string; subChannelId: string };
const NO_FILTERS: Filters = { channelType: '', channelId: '', subChannelId: '' };
const count = (n: number) => n.toLocaleString('en-US');

function Card(props: { label: string; value: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label={props.label}>
      <Typography variant="caption" color="text.secondary">{props.label}</Typography>
      <Typography variant="h6" data-testid={props.testId}>{props.value}</Typography>
    </Paper>
  );
}

/**
 * The Affiliate panel's Reports (001 §2): period chips (Today, This Week, This Month, This Year)
 * and a Filter chip; the referred players' cards and the Bets and Registered charts against the
 * previous period. What each figure counts is written in the contract (affiliate-reports.ts).
 */
export function AffiliateReports({ playerCode, opId }: { playerCode: string; opId?: string }) {
  const [period, setPeriod] = useState<ReportPeriod>('TODAY');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: ['affiliate-report', playerCode, opId ?? '', period, filters],
    queryFn: () => apiData('reports.affiliateReport', {
      body: {
        playerCode, period, ...(opId ? { opId } : {}),
        ...(filters.channelType ? { channelType: filters.channelType } : {}),
        ...(filters.channelId ? { channelId: filters.channelId } : {}),
        ...(filters.subChannelId ? { subChannelId: filters.subChannelId } : {}),
      },
    }),
    staleTime: 0,
  });
  const active = [filters.channelType, filters.channelId, filters.subChannelId].filter(Boolean).length;
  const now = REPORT_PERIOD_LABELS[period];
  const before = PREVIOUS_PERIOD_LABELS[period];
  return (
    <Box component="section" aria-label="Affiliate reports" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 1.5 }} role="group" aria-label="Period">
        {REPORT_PERIODS.map((p) => (
          <Chip key={p} label={REPORT_PERIOD_LABELS[p]} color={p === period ? 'primary' : 'default'} variant={p === period ? 'filled' : 'outlined'} aria-pressed={p === period} onClick={() => setPeriod(p)} />
        ))}
        <Chip icon={<FilterListIcon />} label={active ? `Filter (${active})` : 'Filter'} variant="outlined" color={active ? 'primary' : 'default'} onClick={() => setOpen(true)} />
      </Stack>
      {q.isPending ? <CircularProgress size={20} aria-label="Loading affiliate reports" /> : q.isError ? <Alert severity="error">{MSG.GENERIC_ERROR}</Alert> : (
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1 }}>
            <Card label="Registered" value={count(q.data.cards.registered)} testId="report-registered" />
            <Card label="Affiliate Profit" value={formatUsd(q.data.cards.affiliateProfitInUSD)} testId="report-affiliate-profit" />
            <Card label="Withdraw" value={formatUsd(q.data.cards.refPlayersWithdrawInUSD)} testId="report-withdraw" />
            <Card label="Deposit" value={formatUsd(q.data.cards.refPlayersDepositInUSD)} testId="report-deposit" />
            <Card label="Active" value={count(q.data.cards.activePlayers)} testId="report-active" />
            <Card label="FTD" value={`${formatUsd(q.data.cards.refPlayersFTDInUSD)} (${count(q.data.cards.refPlayersFTDCount)})`} testId="report-ftd" />
          </Box>
          {(['bets', 'registrations'] as const).map((k) => {
            const c = q.data.charts[k];
            return (
              <Paper key={k} variant="outlined" sx={{ p: 1.5 }}>
                <LineChart
                  title={k === 'bets' ? 'Bets' : 'Registered'}
                  labels={c.currentPeriod.labels}
                  series={[{ name: now, values: c.currentPeriod.values }, { name: before, values: c.previousPeriod.values, muted: true }]}
                  format={count}
                />
              </Paper>
            );
          })}
        </Stack>
      )}
      {open && <MoreFiltersDialog playerCode={playerCode} {...(opId ? { opId } : {})} value={filters} onApply={(f) => { setFilters(f); setOpen(false); }} onClose={() => setOpen(false)} />}
    </Box>
  );
}

/** More Filters: Channel Type, Channel ID and SubChannel ID (channels from the affiliate's referred players). */
function MoreFiltersDialog(props: { playerCode: string; opId?: string; value: Filters; onApply: (f: Filters) => void; onClose: () => void }) {
  const [f, setF] = useState<Filters>(props.value);
  const channels = useQuery({
    queryKey: ['affiliate-channels', props.playerCode, props.opId ?? ''],
    queryFn: () => apiData('reports.affiliateChannels', { body: { playerCode: props.playerCode, limit: 100, page: 1, ...(props.opId ? { opId: props.opId } : {}) } }),
  });
  const items = channels.data?.items ?? [];
  const direct = f.channelType === 'DIRECT';
  const subs = f.channelId ? (items.find((c) => c.channelId === f.channelId)?.subChannels ?? []) : [...new Set(items.flatMap((c) => c.subChannels))].sort();
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="more-filters-title">
      <DialogTitle id="more-filters-title">More Filters</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select size="small" label="Channel Type" value={f.channelType}
            onChange={(e) => { const v = e.target.value as Filters['channelType']; setF(v === 'DIRECT' ? { channelType: v, channelId: '', subChannelId: '' } : { ...f, channelType: v }); }}>
            <MenuItem value="">All</MenuItem>
            {labelOptions('affiliateChannelType', AFFILIATE_CHANNEL_TYPES).map((o) => <MenuItem key={o.value} value={o.value}>{o.label}</MenuItem>)}
          </TextField>
          <TextField select size="small" label="Channel ID" value={f.channelId} disabled={direct || channels.isPending}
            onChange={(e) => setF({ ...f, channelId: e.target.value, subChannelId: '' })}>
            <MenuItem value="">All</MenuItem>
            {items.map((c) => <MenuItem key={c.channelId} value={c.channelId}>{c.description ? `${c.channelId} — ${c.description}` : c.channelId}</MenuItem>)}
          </TextField>
          <TextField select size="small" label="SubChannel ID" value={f.subChannelId} disabled={direct || channels.isPending}
            onChange={(e) => setF({ ...f, subChannelId: e.target.value })}>
            <MenuItem value="">All</MenuItem>
            {subs.map((s) => <MenuItem key={s} value={s}>{s}</MenuItem>)}
          </TextField>
          {channels.isError && <Alert severity="error">{MSG.GENERIC_ERROR}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => props.onApply(NO_FILTERS)}>Clear</Button>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => props.onApply(f)}>Apply</Button>
      </DialogActions>
    </Dialog>
  );
}
