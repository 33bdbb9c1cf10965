import { useState } from 'react';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { SUPPORT_REPORT_COLUMNS, supportReportBody } from '@pitboss/contract/tech-support';
import { ExportProgress, useExportRun } from '../kit/ExportJob';

/**
 * /tech-support/export-report — the support report: every outside-system call of the last hours
 * that did not succeed (columns below), built as a background job whose progress is shown here,
 * then downloaded as CSV.
 */
export default function ExportReportPage() {
  const [hours, setHours] = useState('24');
  const [error, setError] = useState<string | null>(null);
  const run = useExportRun('techSupport.reportExport');
  const submit = () => {
    const parsed = supportReportBody.safeParse({ hours: hours.trim() === '' ? Number.NaN : Number(hours) });
    if (!parsed.success) { setError(parsed.error.issues[0]!.message); return; }
    setError(null);
    run.send.mutate({ body: parsed.data });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }} component="section" aria-label="Support report">
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          The outside-system calls of the period that did not succeed, newest first: {SUPPORT_REPORT_COLUMNS.join(', ')}.
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField size="small" label="Last hours" value={hours} onChange={(e) => setHours(e.target.value)} error={!!error} helperText={error ?? ' '} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <Button variant="contained" onClick={submit} disabled={run.send.isPending}>Export</Button>
        </Stack>
        {run.started && <ExportProgress key={run.started.exportId} follow="techSupport.reportGet" first={run.started} rows={['call', 'calls']} />}
      </Stack>
    </Paper>
  );
}
