import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import {
  Alert, Box, Button, FormControlLabel, LinearProgress, MenuItem, Paper, Stack, Switch, Table, TableBody, TableFooter, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { TableCell } from '../kit/TableCell';
import {
  BET_TYPES, MSG, REPORT_DEFS, TX_STATUSES, TX_TYPES, label, matchRoute, toCsv, type LabelKind, type ReportBody, type ReportId,
} from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { download } from '../kit/csv';
import { loadErrorText } from '../kit/EmptyRow';
import { LineChart } from '../kit/LineChart';
import { useCan } from '../shell/session';
import { useScope } from '../shell/useScope';
import { BarChart, PeriodPicker, cellText, count, scopeBody, usePeriod } from './common';
import { formatUsd } from '@pitboss/contract/decimal';

const FILTER_OPTIONS: Record<string, { label: string; values: readonly string[]; labels: LabelKind }> = {
  betType: { label: 'Bet type', values: BET_TYPES, labels: 'betType' },
  transactionType: { label: 'Type', values: TX_TYPES, labels: 'txType' },
  status: { label: 'Status', values: TX_STATUSES, labels: 'txStatus' },
};

/**
 * Every table report (/reports/game-currency … /reports/top-channels) is this page configured by
 * its route: the report's columns, chart and filters come from the contract's REPORT_DEFS, the
 * figures from `POST /api/reports/table`. Period chips and days, filters, the table with its totals
 * row, the chart, CSV of what the table shows (at most REPORT_MAX_ROWS rows: a direct download).
 */
export default function ReportPage() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  const id = (route?.path.replace('/reports/', '') ?? 'operator') as ReportId;
  const def = REPORT_DEFS[id];
  const { opId, includeBrands } = useScope();
  const p = usePeriod();
  const can = useCan();
  const includeTest = p.param('includeTest') === 'true';
  const filters = Object.fromEntries(def.filters.map((f) => [f, p.param(f) && FILTER_OPTIONS[f]!.values.includes(p.param(f)!) ? p.param(f) : undefined]));
  const body = { report: id, ...p.period, ...filters, ...scopeBody({ opId, includeBrands }), includeTest } as ReportBody;
  const q = useQuery({ queryKey: ['reports.table', body], queryFn: () => apiData('reports.table', { body }) });
  const d = q.data;
  const chartCol = def.columns.findIndex((c) => c.key === def.chart.column);
  const chartKind = def.columns[chartCol]?.kind;
  const fmt = (v: number) => (chartKind === 'usd' ? formatUsd(v.toFixed(2)) : count(String(Math.round(v))));

  const exportCsv = () => {
    if (!d) return;
    const header = [def.rowLabel, ...def.columns.map((c) => c.label)];
    const rows = d.rows.map((r) => [r.label, ...r.values.map((v, i) => cellText(def.columns[i]!.kind, v, r.currency))]);
    rows.push(['Total', ...d.totals.map((v, i) => cellText(def.columns[i]!.kind, v, null))]);
    download(`${id}-${d.from}-${d.to}.csv`, toCsv(header, rows));
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">{def.about}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <PeriodPicker p={p} />
        {def.filters.map((f) => {
          const o = FILTER_OPTIONS[f]!;
          return (
            <TextField key={f} select size="small" label={o.label} value={filters[f] ?? ''} onChange={(e) => p.setParam(f, e.target.value || undefined)} sx={{ minWidth: 140 }}>
              <MenuItem value="">All</MenuItem>
              {o.values.map((v) => <MenuItem key={v} value={v}>{label(o.labels, v)}</MenuItem>)}
            </TextField>
          );
        })}
        <FormControlLabel control={<Switch checked={includeTest} onChange={(e) => p.setParam('includeTest', e.target.checked ? 'true' : undefined)} />} label="Include test players" />
        <Box sx={{ flex: 1 }} />
        {can('export_csv') && <Button variant="outlined" onClick={exportCsv} disabled={!d || d.rows.length === 0}>Export CSV</Button>}
      </Stack>
      {q.isFetching && <LinearProgress aria-label="Loading the report" />}
      {q.isError && <Alert severity="error">{loadErrorText(q.error) || MSG.GENERIC_ERROR}</Alert>}
      {d && d.rows.length === 0 && <Alert severity="info" data-testid="no-report">{MSG.NO_REPORT}</Alert>}
      {d && d.rows.length > 0 && (
        <>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            {def.chart.type === 'line'
              ? <LineChart title={def.chart.title} labels={d.rows.map((r) => r.label.slice(5))} series={[{ name: def.chart.title, values: d.rows.map((r) => Number(r.values[chartCol] || 0)) }]} format={fmt} />
              : <BarChart title={def.chart.title} bars={d.rows.map((r) => ({ label: r.label, value: Number(r.values[chartCol] || 0) })).sort((a, b) => b.value - a.value)} format={fmt} />}
          </Paper>
          {d.truncated && <Alert severity="warning">Only the first {d.rows.length} rows are shown: choose a shorter period or a filter.</Alert>}
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={route?.title ?? 'Report'} data-testid="report-table">
              <TableHead>
                <TableRow>
                  <TableCell>{def.rowLabel}</TableCell>
                  {def.columns.map((c) => <TableCell key={c.key} align="right">{c.label}</TableCell>)}
                </TableRow>
              </TableHead>
              <TableBody>
                {d.rows.map((r) => (
                  <TableRow key={r.key} hover>
                    <TableCell>{r.label}</TableCell>
                    {r.values.map((v, i) => <TableCell key={def.columns[i]!.key} align="right">{cellText(def.columns[i]!.kind, v, r.currency)}</TableCell>)}
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow data-testid="report-totals">
                  <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
                  {d.totals.map((v, i) => <TableCell key={def.columns[i]!.key} align="right" sx={{ fontWeight: 600 }}>{cellText(def.columns[i]!.kind, v, null)}</TableCell>)}
                </TableRow>
              </TableFooter>
            </Table>
          </Paper>
          <Typography variant="caption" color="text.secondary">UTC days {d.from} to {d.to}; test players {includeTest ? 'included' : 'left out'}.</Typography>
        </>
      )}
    </Stack>
  );
}
