import { Controller } from 'react-hook-form';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack } from '@mui/material';
import { highDepositorsForm, localMidnightUtc } from '@pitboss/contract';
import { ExportProgress, useExportRun } from '../kit/ExportJob';
import { FormDialog } from '../kit/actions/FormDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormOperatorField } from '../kit/actions/FormOperatorField';
import { useSession } from '../shell/session';

/** A day in the user's time zone → the instant it starts (`next`: the first instant after it, the call's exclusive end). */
function instant(day: string, tz: string, next = false): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localMidnightUtc(y, m - 1, d + (next ? 1 : 0), tz).toISOString();
}

/**
 * Export High Depositors (001 §2, §5): an operator (required), the period, the USD threshold (≥ 0);
 * the file is built in the background, its progress followed here, then downloaded.
 */
export function HighDepositorsDialog({ opId, onClose }: { opId?: string; onClose: () => void }) {
  const { user } = useSession();
  const run = useExportRun('exports.highDepositors');
  if (run.started)
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="export-progress-title">
        <DialogTitle id="export-progress-title">Export High Depositors</DialogTitle>
        <DialogContent>
          <ExportProgress follow="exports.get" first={run.started} rows={['player', 'players']} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
    );
  return (
    <FormDialog
      title="Export High Depositors"
      schema={highDepositorsForm}
      defaultValues={{ opId: opId ?? '', includeBrands: true, trimDecimals: false, from: '', to: '', threshold: '1000' }}
      submitText="Export"
      onClose={onClose}
      checkOnSubmit
      busy={run.send.isPending}
      onSubmit={(v) => run.send.mutate({
        body: {
          opId: v.opId, includeBrands: v.includeBrands, trimDecimals: v.trimDecimals, depositAmountInUSDThreshold: Number(v.threshold),
          from: instant(v.from, user.timezone), to: instant(v.to, user.timezone, true),
        },
      })}
    >
      {({ control }) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormOperatorField control={control} label="Operator" required />
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
    </FormDialog>
  );
}
