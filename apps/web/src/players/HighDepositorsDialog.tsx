import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import {
  Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, LinearProgress, MenuItem, Stack, Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { EXPORT_MESSAGES, highDepositorsForm, localMidnightUtc, type ExportView } from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { useSession } from '../shell/session';

/** A day in the user's time zone → the instant it starts (`next`: the instant the day ends). */
function instant(day: string, tz: string, next = false): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localMidnightUtc(y, m - 1, d + (next ? 1 : 0), tz).toISOString();
}

/** Follows an export until its file is ready (or it failed), then offers the download. */
function ExportProgress({ first, onClose }: { first: ExportView; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['export', first.exportId],
    queryFn: () => apiData('exports.get', { params: { id: first.exportId } }),
    initialData: first,
    refetchInterval: (query) => (['DONE', 'FAILED'].includes(query.state.data?.status ?? '') ? false : 1000),
  });
  const e = q.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="export-progress-title">
      <DialogTitle id="export-progress-title">Export High Depositors</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{e.fileName}</Typography>
          {e.status !== 'FAILED' && (
            <>
              <LinearProgress variant="determinate" value={e.progress} aria-label="Export progress" />
              <Typography variant="caption" color="text.secondary" data-testid="export-status">
                {e.status === 'DONE' ? `Ready: ${e.rows} player${e.rows === 1 ? '' : 's'}.` : `${e.status === 'QUEUED' ? 'Queued' : 'Building'}… ${e.progress}%`}
              </Typography>
            </>
          )}
          {e.status === 'FAILED' && <Alert severity="error">{e.error ?? EXPORT_MESSAGES.FAILED}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {e.downloadUrl && (
          <Button variant="contained" startIcon={<DownloadIcon />} component="a" href={e.downloadUrl} download={e.fileName}>
            Download CSV
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * Export High Depositors (001 §2, §5): an operator (required), the period, the USD threshold (≥ 0);
 * the file is built in the background, its progress followed here, then downloaded.
 */
export function HighDepositorsDialog({ opId, onClose }: { opId?: string; onClose: () => void }) {
  const { user, operators } = useSession();
  const [started, setStarted] = useState<ExportView | null>(null);
  if (started) return <ExportProgress first={started} onClose={onClose} />;
  return (
    <EndpointDialog
      endpoint="exports.highDepositors"
      title="Export High Depositors"
      schema={highDepositorsForm}
      defaultValues={{ opId: opId ?? '', includeBrands: true, trimDecimals: false, from: '', to: '', threshold: '1000' }}
      submitText="Export"
      onClose={onClose}
      checkOnSubmit
      input={(v) => ({
        body: {
          opId: v.opId, includeBrands: v.includeBrands, trimDecimals: v.trimDecimals, depositAmountInUSDThreshold: Number(v.threshold),
          from: instant(v.from, user.timezone), to: instant(v.to, user.timezone, true),
        },
      })}
      options={{ success: false, onDone: (a) => setStarted(a.data) }}
    >
      {({ control }) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={control} name="opId" select label="Operator" required>
            {operators.map((o) => (
              <MenuItem key={o.opId} value={o.opId}>
                {o.parentOpId ? `↳ ${o.title}` : o.title}
              </MenuItem>
            ))}
          </FormTextField>
          <Controller
            name="includeBrands"
            control={control}
            render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="Include brands" />}
          />
          <Stack direction="row" spacing={2}>
            <FormTextField control={control} name="from" type="date" label="From" slotProps={{ inputLabel: { shrink: true } }} fullWidth />
            <FormTextField control={control} name="to" type="date" label="To" slotProps={{ inputLabel: { shrink: true } }} fullWidth />
          </Stack>
          <FormTextField control={control} name="threshold" label="Deposits of at least (USD)" required maxLength={15} inputMode="decimal" />
          <Controller
            name="trimDecimals"
            control={control}
            render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="Whole dollars (trim decimals)" />}
          />
        </Stack>
      )}
    </EndpointDialog>
  );
}
