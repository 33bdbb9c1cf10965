import { useQuery } from '@tanstack/react-query';
import { Alert, Chip, LinearProgress, Paper, Stack, Table, TableContainer, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { SYSTEM_STATE_LABELS, type SystemState } from '@pitboss/contract/tech-support';
import { apiData } from '../api/endpoint';
import { EmptyRow } from '../kit/EmptyRow';
import { useFormatTime } from '../shell/session';

const COLORS: Record<SystemState, 'default' | 'info' | 'success' | 'error'> = { NOT_CONFIGURED: 'default', SIMULATED: 'info', OK: 'success', DEGRADED: 'error' };
const CLIENT_LABELS = { none: 'No adapter', simulator: 'Simulator', http: 'Real client' } as const;

/**
 * /tech-support — the state of each outside system (payment providers, sportsbook, Cloudflare,
 * Front Door, Azure Monitor) over the last hours, from what the server records (provider calls),
 * with the recent failures. Systems this build has no adapter for are shown as not configured.
 */
export default function TechSupportPage() {
  const fmt = useFormatTime();
  const q = useQuery({ queryKey: ['techSupport.systems'], queryFn: () => apiData('techSupport.systems', { query: {} }), refetchInterval: 60_000 });
  const d = q.data;
  return (
    <Stack spacing={2}>
      {q.isFetching && <LinearProgress aria-label="Loading the systems" />}
      {q.isError && <Alert severity="error">{q.error.message}</Alert>}
      {d && (
        <>
          <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label="Outside systems">
            <Typography variant="subtitle2" component="h2">Outside systems (last {d.windowHours} hours)</Typography>
            <TableContainer>
              <Table size="small" aria-label="Outside systems">
              <TableHead><TableRow>
                <TableCell>System</TableCell><TableCell>State</TableCell><TableCell>Client</TableCell><TableCell align="right">Calls</TableCell>
                <TableCell align="right">Failures</TableCell><TableCell>Last call</TableCell><TableCell>Last failure</TableCell><TableCell>Note</TableCell>
              </TableRow></TableHead>
              <TableBody>
                {d.systems.map((s) => (
                  <TableRow key={s.key} data-testid={`system-${s.key}`}>
                    <TableCell>{s.name}</TableCell>
                    <TableCell><Chip size="small" color={COLORS[s.state]} label={SYSTEM_STATE_LABELS[s.state]} /></TableCell>
                    <TableCell>{CLIENT_LABELS[s.client]}</TableCell>
                    <TableCell align="right">{s.calls.toLocaleString('en-US')}</TableCell>
                    <TableCell align="right">{s.failures.toLocaleString('en-US')}</TableCell>
                    <TableCell>{s.lastCallAt ? fmt(s.lastCallAt) : '—'}</TableCell>
                    <TableCell>{s.lastFailureAt ? fmt(s.lastFailureAt) : '—'}</TableCell>
                    <TableCell>{s.note}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              </Table>
            </TableContainer>
          </Paper>
          <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label="Recent failures">
            <Typography variant="subtitle2" component="h2">Recent failures</Typography>
            <TableContainer>
              <Table size="small" aria-label="Recent failures">
              <TableHead><TableRow><TableCell>When</TableCell><TableCell>System</TableCell><TableCell>Call</TableCell><TableCell>Outcome</TableCell><TableCell>Description</TableCell><TableCell>Transaction</TableCell></TableRow></TableHead>
              <TableBody>
                {d.recentFailures.map((f) => (
                  <TableRow key={f.id}>
                    <TableCell>{fmt(f.at)}</TableCell><TableCell>{f.system}</TableCell><TableCell>{f.action}</TableCell><TableCell>{f.outcome}</TableCell>
                    <TableCell>{f.description ?? '—'}</TableCell><TableCell>{f.txId ?? '—'}</TableCell>
                  </TableRow>
                ))}
                {d.recentFailures.length === 0 && <EmptyRow colSpan={6} />}
              </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        </>
      )}
    </Stack>
  );
}
