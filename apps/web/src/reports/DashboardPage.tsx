import { useQuery } from '@tanstack/react-query';
import { Alert, Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { DASHBOARD_BETS_CHART, type DashboardBody, type DashboardFigures } from '@pitboss/contract';
import { formatUsd } from '@pitboss/contract/decimal';
import { apiData } from '../api/endpoint';
import { loadErrorText } from '../kit/EmptyRow';
import { LineChart } from '../kit/LineChart';
import { useCan } from '../shell/session';
import { useScope } from '../shell/useScope';
import { Figure, PeriodPicker, count, scopeBody, usePeriod } from './common';

const money = (v: number) => formatUsd(v.toFixed(2));

/** The cards of a period against another (the dashboard: the period before; the quick dashboard: yesterday). */
export function FigureCards({ c, p, compare }: { c: DashboardFigures; p: DashboardFigures; compare: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
      <Figure label="Deposits" value={`${formatUsd(c.deposits)} (${count(c.depositCount)})`} previous={`${formatUsd(p.deposits)} (${count(p.depositCount)})`} compare={compare} testId="figure-deposits" />
      <Figure label="Withdrawals" value={`${formatUsd(c.withdrawals)} (${count(c.withdrawCount)})`} previous={`${formatUsd(p.withdrawals)} (${count(p.withdrawCount)})`} compare={compare} />
      <Figure label="Net deposits" value={formatUsd(c.netDeposits)} previous={formatUsd(p.netDeposits)} compare={compare} />
      <Figure label="GGR" value={formatUsd(c.ggr)} previous={formatUsd(p.ggr)} compare={compare} testId="figure-ggr" />
      <Figure label="NGR" value={formatUsd(c.ngr)} previous={formatUsd(p.ngr)} compare={compare} />
      <Figure label="New players" value={count(c.registrations)} previous={count(p.registrations)} compare={compare} testId="figure-registrations" />
      <Figure label="First-time depositors" value={`${count(c.ftd)} · ${formatUsd(c.ftdAmount)}`} previous={`${count(p.ftd)} · ${formatUsd(p.ftdAmount)}`} compare={compare} />
      <Figure label="Bets" value={`${count(c.bets)} · ${formatUsd(c.stake)}`} previous={`${count(p.bets)} · ${formatUsd(p.stake)}`} compare={compare} />
    </Box>
  );
}

/** The bets chart: only for holders of `dashboard_bets_chart` (002 §6). */
function BetsChart({ body }: { body: DashboardBody }) {
  const q = useQuery({ queryKey: ['reports.dashboardBets', body], queryFn: () => apiData('reports.dashboardBets', { body }) });
  if (!q.data) return null;
  const d = q.data;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="dashboard-bets-chart">
      <LineChart title="Bets per day" labels={d.labels.map((l) => l.slice(5))} series={[{ name: 'Casino', values: d.casinoBets }, { name: 'Sport', values: d.sportBets, muted: true }]} format={(v) => count(String(Math.round(v)))} />
    </Paper>
  );
}

/**
 * /dashboard — period chips (000 §9 presets, UTC days) or days; the period's figures against the
 * period of the same length before; deposits/withdrawals, GGR and sign-ups per day; the bets chart
 * for holders of `dashboard_bets_chart`. Test players are left out.
 */
export default function DashboardPage() {
  const { opId, includeBrands } = useScope();
  const p = usePeriod();
  const can = useCan();
  const body = { ...p.period, ...scopeBody({ opId, includeBrands }) } as DashboardBody;
  const q = useQuery({ queryKey: ['reports.dashboard', body], queryFn: () => apiData('reports.dashboard', { body }) });
  const d = q.data;
  const labels = d?.series.labels.map((l) => l.slice(5)) ?? [];
  return (
    <Stack spacing={2}>
      <PeriodPicker p={p} />
      {q.isFetching && <LinearProgress aria-label="Loading the dashboard" />}
      {q.isError && <Alert severity="error">{loadErrorText(q.error)}</Alert>}
      {d && (
        <>
          <Typography variant="caption" color="text.secondary">UTC days {d.from} to {d.to}, compared with {d.previousFrom} to {d.previousTo}.</Typography>
          <FigureCards c={d.current} p={d.previous} compare="Period before" />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <LineChart title="Deposits and withdrawals (USD)" labels={labels}
                series={[{ name: 'Deposits', values: d.series.deposits.map(Number) }, { name: 'Withdrawals', values: d.series.withdrawals.map(Number), muted: true }]} format={money} />
            </Paper>
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <LineChart title="GGR (USD)" labels={labels} series={[{ name: 'GGR', values: d.series.ggr.map(Number) }]} format={money} />
            </Paper>
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <LineChart title="New players" labels={labels} series={[{ name: 'New players', values: d.series.registrations }]} format={(v) => count(String(Math.round(v)))} />
            </Paper>
            {can(DASHBOARD_BETS_CHART) && <BetsChart body={body} />}
          </Box>
        </>
      )}
    </Stack>
  );
}
