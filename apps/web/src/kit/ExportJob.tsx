import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { EXPORT_MESSAGES, type ExportView } from '@pitboss/contract/exports';
import { apiData } from '../api/endpoint';
import { useEndpointMutation } from './actions/useEndpointMutation';

/**
 * Background exports (Export High Depositors, the support report): one call queues the export
 * and answers it (`ExportView`), another reads it by id while the job builds the file, and the
 * finished file downloads from its `downloadUrl`. The run, the follow-up and the progress are
 * here once.
 */

/** The calls that queue an export. */
export type ExportStartEndpoint = 'exports.highDepositors' | 'techSupport.reportExport';
/** The calls that read an export by its id. */
export type ExportFollowEndpoint = 'exports.get' | 'techSupport.reportGet';

const finished = (e: ExportView | undefined) => e?.status === 'DONE' || e?.status === 'FAILED';

/**
 * Starts an export through its call (never optimistic: a refusal opens the error dialog like any
 * call); once queued, `started` is the export to follow with ExportProgress.
 */
export function useExportRun<K extends ExportStartEndpoint>(endpoint: K) {
  const [started, setStarted] = useState<ExportView | null>(null);
  const send = useEndpointMutation<ExportStartEndpoint>(endpoint, { success: false, onDone: (a) => setStarted(a.data) });
  return { started, send };
}

/** The export as it is now: read every second until its file is ready or it failed. */
export function useExportJob(follow: ExportFollowEndpoint, first: ExportView): ExportView {
  return useQuery({
    queryKey: [follow, first.exportId],
    queryFn: (): Promise<ExportView> => apiData(follow, { params: { id: first.exportId } }),
    initialData: first,
    refetchInterval: (query) => (finished(query.state.data) ? false : 1000),
  }).data;
}

/**
 * An export's file name, progress bar and status ("Building… 40%", "Ready: 12 players."), its
 * failure, and the Download CSV link once the file is ready. `rows` names what the file counts.
 */
export function ExportProgress({ follow, first, rows }: { follow: ExportFollowEndpoint; first: ExportView; rows: readonly [one: string, many: string] }) {
  const e = useExportJob(follow, first);
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{e.fileName}</Typography>
      {e.status !== 'FAILED' && (
        <Stack spacing={1}>
          <LinearProgress variant="determinate" value={e.progress} aria-label="Export progress" />
          <Typography variant="caption" color="text.secondary" data-testid="export-status">
            {e.status === 'DONE' ? `Ready: ${e.rows} ${e.rows === 1 ? rows[0] : rows[1]}.` : `${e.status === 'QUEUED' ? 'Queued' : 'Building'}… ${e.progress}%`}
          </Typography>
        </Stack>
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
