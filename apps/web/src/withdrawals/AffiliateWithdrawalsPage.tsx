import { useCallback, useEffect, useRef } from 'react';
import { z } from 'zod';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AFFILIATE_WITHDRAW_MESSAGES, DAY_PATTERN, label, dayRangeProblem, dayRangeUtc, type AffiliateWithdrawJobRow, type AffiliateWithdrawJobStatus, type AffiliateWithdrawalRow, countOf,
} from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import type { FilterDef } from '../kit/FilterDrawer';
import { ListPage, type Column } from '../kit/ListPage';
import { Money, Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useConfirm } from '../kit/useConfirm';
import { useListParams } from '../kit/useListParams';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { useScope } from '../shell/useScope';

const urlShape = { from: z.string().regex(DAY_PATTERN).optional(), to: z.string().regex(DAY_PATTERN).optional() };
const FILTERS: FilterDef[] = [
  { name: 'from', label: 'From date', type: 'date' },
  { name: 'to', label: 'To date', type: 'date' },
];

const STATUS_COLOR = { RUNNING: 'info', CANCELLED: 'default', DONE: 'success', FAILED: 'error' } as const;
const JobChip = ({ s }: { s: AffiliateWithdrawJobStatus }) => <Chip size="small" variant="outlined" color={STATUS_COLOR[s]} label={label('affiliateJobStatus', s)} />;

const FAILURE_COLOR = { FAILED: 'error', RETRYING: 'warning', PAID: 'success' } as const;

/** A job's payouts that failed: each player with its state (retrying, paid by a retry, failed for good), attempts and last error. */
function FailedPayouts({ j }: { j: AffiliateWithdrawJobRow }) {
  if (!j.failures.length) return <>—</>;
  return (
    <Stack spacing={0.5}>
      {j.failures.map((f) => (
        <Stack key={f.playerId} direction="row" spacing={1} sx={{ alignItems: 'center' }} title={f.lastError}>
          <Chip size="small" variant="outlined" color={FAILURE_COLOR[f.status]} label={label('payoutFailure', f.status)} />
          <Typography variant="caption">{f.playerCode} · {countOf(f.attempts, 'attempt')}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The job panel: Start (Affiliate Withdraw Confirmation) for the operator chosen in the operator
 * selector (operator staff: their own operator), the running job's progress read every second
 * while it runs, Cancel (Cancel affiliate withdraw job confirmation) and the recent jobs.
 */
function JobPanel({ opId }: { opId: string | null }) {
  const canCall = useCanCall();
  const confirm = useConfirm();
  const fmt = useFormatTime();
  const jobs = useQuery({
    queryKey: ['rewards.affiliateWithdrawJobList', opId],
    queryFn: () => apiData('rewards.affiliateWithdrawJobList', { body: { ...(opId ? { opId } : {}), limit: 5 } }),
    refetchInterval: (q) => (q.state.data?.items.some((j) => j.status === 'RUNNING') ? 1000 : false),
  });
  const start = useEndpointMutation('rewards.affiliateWithdrawJobStart', { freshKey: true });
  const cancel = useEndpointMutation('rewards.affiliateWithdrawJobCancel', { success: AFFILIATE_WITHDRAW_MESSAGES.JOB_CANCELED });
  const items: AffiliateWithdrawJobRow[] = jobs.data?.items ?? [];
  const running = items.find((j) => j.status === 'RUNNING' && (!opId || j.opId === opId));
  const onStart = async () => {
    if (!opId) return;
    if (await confirm({ title: AFFILIATE_WITHDRAW_MESSAGES.START_TITLE, description: AFFILIATE_WITHDRAW_MESSAGES.START_TEXT, confirmText: 'Start' })) start.mutate({ body: { opId } });
  };
  const onCancel = async () => {
    if (!running) return;
    if (await confirm({ title: AFFILIATE_WITHDRAW_MESSAGES.CANCEL_TITLE, description: AFFILIATE_WITHDRAW_MESSAGES.CANCEL_TEXT, confirmText: 'Cancel job', cancelText: 'Keep running', destructive: true })) {
      cancel.mutate({ body: { opId: running.opId } });
    }
  };
  const pct = running && running.totalPlayers > 0 ? Math.round((running.paidPlayers / running.totalPlayers) * 100) : 0;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label="Affiliate withdraw jobs" component="section">
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>Affiliate withdraw jobs</Typography>
        {canCall('rewards.affiliateWithdrawJobCancel') && running && (
          <Button color="error" variant="outlined" onClick={onCancel} disabled={cancel.isPending}>Cancel job</Button>
        )}
        {canCall('rewards.affiliateWithdrawJobStart') && (
          <Button variant="contained" onClick={onStart} disabled={!opId || !!running || start.isPending}>Start affiliate withdraw</Button>
        )}
      </Stack>
      {!opId && <Typography variant="body2" color="text.secondary">Choose an operator in the operator selector to start a job.</Typography>}
      {running && (
        <Box sx={{ mb: 2 }} data-testid="affiliate-job-progress">
          <LinearProgress variant="determinate" value={pct} aria-label="Affiliate withdraw progress" />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Paying {operatorName(running)}: {running.paidPlayers} of {running.totalPlayers} paid, <Usd value={running.paidUSD} /> of <Usd value={running.totalUSD} />
          </Typography>
        </Box>
      )}
      {items.length > 0 && (
        <Table size="small" aria-label="Recent affiliate withdraw jobs">
          <TableHead>
            <TableRow>
              <TableCell>Operator/Brand</TableCell><TableCell>Status</TableCell><TableCell align="right">Paid players</TableCell>
              <TableCell align="right">Paid</TableCell><TableCell>Failed payouts</TableCell><TableCell>Started</TableCell><TableCell>Finished</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((j) => (
              <TableRow key={j.jobId} data-testid="affiliate-job-row">
                <TableCell>{operatorName(j)}</TableCell>
                <TableCell><JobChip s={j.status} />{j.error && <Typography variant="caption" color="error" sx={{ ml: 1 }}>{j.error}</Typography>}</TableCell>
                <TableCell align="right">{j.paidPlayers} of {j.totalPlayers}</TableCell>
                <TableCell align="right"><Usd value={j.paidUSD} /></TableCell>
                <TableCell data-testid="affiliate-job-failures"><FailedPayouts j={j} /></TableCell>
                <TableCell>{fmt(j.startedAt)} · {j.startedBy}</TableCell>
                <TableCell>{j.finishedAt ? `${fmt(j.finishedAt)}${j.cancelledBy ? ` · cancelled by ${j.cancelledBy}` : ''}` : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {jobs.data && items.length === 0 && <Alert severity="info">No affiliate withdraw job yet.</Alert>}
    </Paper>
  );
}

/**
 * /withdraw/affiliate — Affiliate Withdrawals: the job panel, then the affiliate profit
 * withdrawals (AFFILIATE → MAIN) of the selected operators, newest first, with who paid them and
 * the job that did. Filters: a date range (days in the staff member's time zone) and the
 * operator selector. The list refreshes every two seconds while a job runs.
 */
export default function AffiliateWithdrawalsPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const { user } = useSession();
  const { opId } = useScope();
  const tz = user.timezone;
  const jobOp = opId ?? user.opId;
  const toRequest = useCallback((b: Record<string, unknown>) => {
    const { from, to, ...rest } = b as Record<string, unknown> & { from?: string; to?: string };
    return {
      ...rest,
      ...dayRangeUtc(from, to, tz),
    };
  }, [tz]);
  const latest = useQuery({
    queryKey: ['rewards.affiliateWithdrawJobList', jobOp],
    queryFn: () => apiData('rewards.affiliateWithdrawJobList', { body: { ...(jobOp ? { opId: jobOp } : {}), limit: 5 } }),
    select: (d) => ({ running: d.items.some((j) => j.status === 'RUNNING'), sign: d.items.map((j) => `${j.jobId}:${j.status}:${j.paidPlayers}`).join(',') }),
  }).data;
  const running = latest?.running ?? false;
  // A job that moved on (paid a batch, ended) changed the withdrawals: read the list again.
  const qc = useQueryClient();
  const seen = useRef<string | null>(null);
  const sign = latest?.sign ?? null;
  useEffect(() => {
    if (sign === null) return;
    if (seen.current !== null && seen.current !== sign) void qc.invalidateQueries({ queryKey: ['rewards.affiliateWithdrawalList'] });
    seen.current = sign;
  }, [sign, qc]);
  const columns: Column<AffiliateWithdrawalRow>[] = [
    { key: 'player', header: 'Player', render: (r) => `${r.playerName ?? r.username ?? r.playerCode} (${r.playerCode})` },
    { key: 'operator', header: 'Operator/Brand', render: (r) => operatorName(r) },
    { key: 'amount', header: 'Amount', align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
    { key: 'createdAt', header: 'Date', render: (r) => fmt(r.createdAt) },
    { key: 'by', header: 'Paid by', render: (r) => `${r.confirmedBy ?? '—'}${r.jobId ? ' (job)' : ''}` },
  ];
  return (
    <>
      <JobPanel opId={jobOp} />
      <ListPage<AffiliateWithdrawalRow>
        label="Affiliate withdrawals"
        endpoint="rewards.affiliateWithdrawalList"
        list={list}
        columns={columns}
        filters={FILTERS}
        validateFilters={dayRangeProblem}
        toRequest={toRequest}
        rowKey={(r) => r.txId}
        exportName="affiliate-withdrawals"
        refetchInterval={running ? 2000 : undefined}
      />
    </>
  );
}
