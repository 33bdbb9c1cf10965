import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert, Box, Chip, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { DASHBOARD_BETS_CHART } from '@pitboss/contract/permissions';
import type { MetricPoint, MonitorData } from '@pitboss/contract/tech-support';
import { apiData } from '../api/endpoint';
import { LineChart } from '../kit/LineChart';
import { useCan } from '../shell/session';

const time = (iso: string) => new Date(iso).toISOString().slice(11, 16);
const seconds = (v: number) => (v >= 1 ? `${v.toFixed(2)} s` : `${(v * 1000).toFixed(0)} ms`);
const cpu = (v: number) => `${v.toFixed(2)} s`;
const MB = 1024 * 1024;
const megabytes = (v: number) => `${v.toLocaleString('en-US', { maximumFractionDigits: 0 })} MB`;

/** A metric over time; `scale` divides the values first, so the axis is round in the unit shown (MB, not bytes). */
function Chart(props: { title: string; points: readonly MetricPoint[]; format: (v: number) => string; name: string; scale?: number }) {
  const scale = props.scale ?? 1;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="app-service-chart">
      <LineChart title={props.title} labels={props.points.map((p) => time(p.timeStamp))} series={[{ name: props.name, values: props.points.map((p) => p.total / scale) }]} format={props.format} />
    </Paper>
  );
}

function Charts({ d }: { d: MonitorData }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      <Chart title="CPU time" name="CPU seconds per interval" points={d.cpuData} format={cpu} />
      <Chart title="Average response time" name="Average" points={d.averageResponseTime} format={seconds} />
      <Chart title="Average memory working set" name="Working set" points={d.averageMemoryWorkingSet} format={megabytes} scale={MB} />
    </Box>
  );
}

/**
 * /tech-support/servers — App Service Charts (002): CPU time, average response time and average
 * memory working set over time of the App Service chosen by app and resource group, from the
 * Azure Monitor adapter (the simulator charts this server's own process). Shown only to users
 * allowed the dashboard bets chart component; refreshed every minute.
 */
export default function ServersPage() {
  const can = useCan();
  const allowed = can(DASHBOARD_BETS_CHART);
  const [sp, setSp] = useSearchParams();
  const list = useQuery({ queryKey: ['techSupport.appServices'], queryFn: () => apiData('techSupport.appServices', { query: {} }), enabled: allowed });
  const apps = list.data?.apps ?? [];
  const groups = [...new Set(apps.map((a) => a.resourceGroupName))];
  const rg = sp.get('resourceGroupName') ?? groups[0] ?? '';
  const appsOfGroup = apps.filter((a) => a.resourceGroupName === rg);
  const app = sp.get('appName') ?? appsOfGroup[0]?.appName ?? '';
  const set = (next: Record<string, string | null>) => setSp((prev) => {
    const n = new URLSearchParams(prev);
    for (const [k, v] of Object.entries(next)) { if (v === null) n.delete(k); else n.set(k, v); }
    return n;
  }, { replace: true });
  const q = useQuery({
    queryKey: ['techSupport.monitor', app, rg],
    queryFn: () => apiData('techSupport.monitor', { query: { appName: app, resourceGroupName: rg } }),
    enabled: allowed && !!app && !!rg,
    refetchInterval: 60_000,
  });
  if (!allowed) return <Alert severity="info">The App Service charts are shown to users allowed the dashboard bets chart.</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField select size="small" label="Resource group" value={rg} onChange={(e) => set({ resourceGroupName: e.target.value, appName: null })} sx={{ minWidth: 200 }}>
          {groups.map((g) => <MenuItem key={g} value={g}>{g}</MenuItem>)}
        </TextField>
        <TextField select size="small" label="App" value={appsOfGroup.some((a) => a.appName === app) ? app : ''} onChange={(e) => set({ appName: e.target.value })} sx={{ minWidth: 200 }}>
          {appsOfGroup.map((a) => <MenuItem key={a.appName} value={a.appName}>{a.appName}</MenuItem>)}
        </TextField>
        <Box sx={{ flex: 1 }} />
        {q.data && <Chip size="small" variant="outlined" label={q.data.source === 'simulator' ? "Simulator: this server's own process" : 'Azure Monitor'} />}
        {q.data && <Typography variant="caption" color="text.secondary">One point per {q.data.intervalSeconds / 60} min (UTC)</Typography>}
      </Stack>
      {(q.isFetching || list.isFetching) && <LinearProgress aria-label="Loading the charts" />}
      {list.data && apps.length === 0 && <Alert severity="info">No App Service is configured (AZURE_MONITOR_APPS).</Alert>}
      {q.isError && <Alert severity="error">{q.error.message}</Alert>}
      {q.data && <Charts d={q.data} />}
    </Stack>
  );
}
