import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { EXPORT_MESSAGES, type ExportView } from '@pitboss/contract/exports';
import { SUPPORT_REPORT_COLUMNS, supportReportBody } from '@pitboss/contract/tech-support';
import { api, apiData } from '../api/endpoint';

/** Follows a report until its file is ready (or it failed), then offers the download. */
function ReportProgress({ first }: { first: ExportView }) {
  const q = useQuery({
    queryKey: ['support-report', first.exportId],
    queryFn: () => apiData('techSupport.reportGet', { params: { id: first.exportId } }),
    initialData: first,
    refetchInterval: (query) => (['DONE', 'FAILED'].includes(query.state.data?.status ?? '') ? false : 1000),
  });
  const e = q.data;
  return (
    <Stack spacing={1}>
      <Typography variant="body2">{e.fileName}</Typography>
      {e.status !== 'FAILED' && (
        <>
          <LinearProgress variant="determinate" value={e.progress} aria-label="Export progress" />
          <Typography variant="caption" color="text.secondary" data-testid="export-status">
            {e.status === 'DONE' ? `Ready: ${e.rows} call${e.rows === 1 ? '' : 's'}.` : `${e.status === 'QUEUED' ? 'Queued' : 'Building'}… ${e.progress}%`}
          </Typography>
        </>
      )}
      {e.status === 'FAILED' && <Alert severity="error">{e.error ?? EXPORT_MESSAGES.FAILED}</Alert>}
      {e.downloadUrl && (
        <div>
          <Button variant="contained" startIcon={<DownloadIcon />} component="a" href={e.downloadUrl} download={e.fileName}>Download CSV</Button>
        </div>
      )}
    </Stack>
  );
}

/**
 * /tech-support/export-report — the support report: every outside-system call of the last hours
 * that did not succeed (columns below), built as a background job whose progress is shown here,
 * then downloaded as CSV.
 */
export default function ExportReportPage() {
  const [hours, setHours] = useState('24');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<ExportView | null>(null);
  const submit = async () => {
    const parsed = supportReportBody.safeParse({ hours: hours.trim() === '' ? Number.NaN : Number(hours) });
    if (!parsed.success) { setError(parsed.error.issues[0]!.message); return; }
    setError(null);
    setBusy(true);
    try {
      setStarted((await api('techSupport.reportExport', { body: parsed.data })).data);
    } catch (e) {
      setError((e as Error).message || EXPORT_MESSAGES.FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }} component="section" aria-label="Support report">
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          The outside-system calls of the period that did not succeed, newest first: {SUPPORT_REPORT_COLUMNS.join(', ')}.
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField size="small" label="Last hours" value={hours} onChange={(e) => setHours(e.target.value)} error={!!error} helperText={error ?? ' '} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>Export</Button>
        </Stack>
        {started && <ReportProgress key={started.exportId} first={started} />}
      </Stack>
    </Paper>
  );
}
