import { useQuery } from '@tanstack/react-query';
import { Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { STAFF_JOB_KIND_LABELS, STAFF_JOB_STATUS_LABELS, type StaffJobRow, countOf, permissionLabel } from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { useFormatTime } from '../shell/session';

const COLORS = { QUEUED: 'default', RUNNING: 'info', DONE: 'success', FAILED: 'error' } as const;
const POLL_MS = 2_000;
const running = (j: StaffJobRow) => j.status === 'QUEUED' || j.status === 'RUNNING';
/** What a job changed: a role template by its name; a permission by its label, its key beside it. */
const subjectOf = (j: StaffJobRow) => {
  if (j.kind === 'ROLE_SAVE') return j.subject;
  const label = permissionLabel(j.subject);
  return label === j.subject ? j.subject : `${label} (${j.subject})`;
};

/**
 * The background updates of existing accounts after role and permission saves (002 §4), with
 * their progress (accounts done of total); polled every 2 s while one is waiting or running.
 */
export function StaffJobsPanel() {
  const fmt = useFormatTime();
  const q = useQuery({
    queryKey: ['staff.jobs'],
    queryFn: () => apiData('staff.jobs', { query: {} }),
    refetchInterval: (query) => (query.state.data?.items.some(running) ? POLL_MS : false),
  });
  const items = q.data?.items ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Background updates">
      <Typography variant="subtitle1" component="h2" gutterBottom>Background updates of existing users</Typography>
      {!items.length && <Typography variant="body2" color="text.secondary">No update has run yet.</Typography>}
      <Stack spacing={1.5}>
        {items.map((j) => (
          <Stack key={j.id} spacing={0.5} data-testid="staff-job">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" color={COLORS[j.status]} label={STAFF_JOB_STATUS_LABELS[j.status]} />
              <Typography variant="body2">{STAFF_JOB_KIND_LABELS[j.kind]}: <strong>{subjectOf(j)}</strong></Typography>
              <Typography variant="body2" color="text.secondary">
                {j.total ? `${j.done} of ${countOf(j.total, 'user')}` : j.status === 'DONE' ? 'no user to update' : ''} · {fmt(j.createdAt)}{j.createdBy ? ` · ${j.createdBy}` : ''}
              </Typography>
            </Stack>
            {running(j) && <LinearProgress variant={j.total ? 'determinate' : 'indeterminate'} value={j.total ? (100 * j.done) / j.total : undefined} aria-label={`Progress of ${j.subject}`} />}
            {j.error && <Typography variant="body2" color="error">{j.error}</Typography>}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
