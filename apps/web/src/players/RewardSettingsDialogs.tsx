import { useState, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  addCashbackRow, addLevelRow, addRevenueShareRow, affiliateSettingsInput, cashbackAddDisabled, cashbackFormRows, cashbackSettingsInput,
  cashbackLevelName, levelWagerDisabled, removeLastRow, rowRemovable, settingsToOverride, type CashbackRowInput, type AffiliateSettingsInput,
} from '@pitboss/contract';
import type { DataOf } from '@pitboss/contract/endpoint-schemas';
import { apiData } from '../api/endpoint';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormSwitch } from '../kit/actions/FormSwitch';
import { FormTextField } from '../kit/actions/FormTextField';
import { useConfirm } from '../kit/useConfirm';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';

type Effective = DataOf<'reports.playerRewardSettings'>;

/** The player's effective affiliate and cashback settings (override or operator's), read with the panel. */
export const useRewardSettings = (playerCode: string, opId: string | undefined) =>
  useQuery({
    queryKey: ['player-reward-settings', playerCode, opId ?? ''],
    queryFn: (): Promise<Effective> => apiData('reports.playerRewardSettings', { body: { playerCode, ...(opId ? { opId } : {}) } }),
    staleTime: 0,
  });

/** A number field (percentages) of a kit form: empty or the typed number, the schema's message under it. */
export function NumField<T extends FieldValues>(props: { control: Control<T, unknown, unknown>; name: string; label: string; disabled?: boolean }) {
  return (
    <Controller
      name={props.name as Path<T>}
      control={props.control}
      render={({ field, fieldState }) => (
        <TextField
          size="small" type="number" label={props.label} disabled={props.disabled} value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
          onBlur={field.onBlur} error={!!fieldState.error} helperText={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A row's Remove: only the last row, only while more than one exists (001 §5). */
function RemoveRow(props: { rows: readonly unknown[]; i: number; onRemove: () => void; label: string }) {
  if (!rowRemovable(props.rows, props.i)) return <Box sx={{ width: 40 }} />;
  return <IconButton aria-label={props.label} onClick={props.onRemove}><DeleteIcon /></IconButton>;
}

/** The overridden badge of a panel. */
export function OverriddenChip({ on, label }: { on: boolean; label: string }) {
  return on ? <Chip size="small" color="warning" label={label} data-testid={label.toLowerCase().replace(/\W+/g, '-')} /> : null;
}

/** The affiliate settings form's fields as the kit forms hold them (the override dialog and the Affiliate Profit Calculator). */
type AffiliateForm = UseFormReturn<AffiliateSettingsInput>;

/**
 * One settings step of an affiliate form (0 General, 1 Level, 2 Revenue Share) with the row rules
 * of 001 §5: the Override Affiliate Settings dialog and the Affiliate Profit Calculator share it.
 */
export function AffiliateSettingsStep({ step, form }: { step: number; form: Pick<AffiliateForm, 'control' | 'watch' | 'setValue' | 'getValues' | 'formState'> }) {
  const { control, watch, setValue, getValues, formState } = form;
  const set = (name: 'levelSettings' | 'revenueShareSettings', rows: unknown) => setValue(name, rows as never, { shouldDirty: true, shouldValidate: true });
  if (step === 0)
    return (
      <Stack spacing={2}>
        <FormTextField control={control} name="general.minRequiredWagerInUSDToConsiderAPlayerAsActive" label="Min required wager to consider a player active (USD)" size="small" />
        <NumField control={control as never} name="general.claimedBonusAdminFeePercentage" label="Claimed bonus admin fee (%)" />
        <NumField control={control as never} name="general.cashbackAdminFeePercentage" label="Cashback admin fee (%)" />
        <NumField control={control as never} name="general.affiliatesAdminFeePercentage" label="Affiliates admin fee (%)" />
        <FormTextField control={control} name="general.minWithdrawableAmountInUSD" label="Min withdrawable amount (USD)" size="small" />
      </Stack>
    );
  if (step === 1) {
    const rows = watch('levelSettings');
    // The rules across the rows (numbering, rising wagers) are errors of the list itself.
    const listError = formState.errors.levelSettings as { message?: string; root?: { message?: string } } | undefined;
    const levelsError = listError?.message ?? listError?.root?.message;
    return (
      <Stack spacing={1.5}>
        {rows.map((_, i) => (
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid={`level-row-${i}`}>
            <Typography sx={{ pt: 1, minWidth: 60 }}>Level {i + 1}</Typography>
            <FormTextField control={control} name={`levelSettings.${i}.requiredWagerInUSD`} label="Required wager (USD)" size="small" disabled={levelWagerDisabled(rows, i)} />
            {(['emailCpr', 'telegramCpr', 'gmailCpr', 'maxCpr', 'cpa'] as const).map((k) => (
              <FormTextField key={k} control={control} name={`levelSettings.${i}.${k}`} label={k === 'cpa' ? 'CPA' : k.replace('Cpr', ' CPR')} size="small" sx={{ width: 110 }} />
            ))}
            <RemoveRow rows={rows} i={i} label={`Remove level ${i + 1}`} onRemove={() => set('levelSettings', removeLastRow(getValues('levelSettings')))} />
          </Stack>
        ))}
        {levelsError && <Typography color="error" variant="body2" role="alert">{levelsError}</Typography>}
        <Box><Button onClick={() => set('levelSettings', addLevelRow(getValues('levelSettings')))}>Add level</Button></Box>
      </Stack>
    );
  }
  const rows = watch('revenueShareSettings');
  return (
    <Stack spacing={1.5}>
      {rows.map((_, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid={`share-row-${i}`}>
          <FormTextField control={control} name={`revenueShareSettings.${i}.monthlyReferredPlayersTotalWagerInUSD`} label="Monthly referred players' wager (USD)" size="small" />
          <NumField control={control as never} name={`revenueShareSettings.${i}.revenueSharePercentage`} label="Revenue share (%)" />
          <RemoveRow rows={rows} i={i} label={`Remove revenue share row ${i + 1}`} onRemove={() => set('revenueShareSettings', removeLastRow(getValues('revenueShareSettings')))} />
        </Stack>
      ))}
      <Box><Button onClick={() => set('revenueShareSettings', addRevenueShareRow(getValues('revenueShareSettings')))}>Add row</Button></Box>
    </Stack>
  );

}

const STEPS = ['General', 'Level', 'Revenue Share'] as const;

/** Override Affiliate Settings (3 steps: General, Level, Revenue Share), starting from the player's effective settings. */
export function OverrideAffiliateDialog({ playerCode, opId, data, onClose }: { playerCode: string; opId?: string; data: Effective; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const s = data.affiliates.settings;
  return (
    <EndpointDialog
      endpoint="reports.affiliateOverride"
      title={`Override Affiliate Settings — ${STEPS[step]}`}
      maxWidth="md"
      schema={affiliateSettingsInput}
      defaultValues={structuredClone(s)}
      submitText="Save"
      hideSubmit={step < STEPS.length - 1}
      onClose={onClose}
      input={(v) => ({ body: { playerCode, ...(opId ? { opId } : {}), ...v } })}
      actions={() => (
        <>
          {step > 0 && <Button onClick={() => setStep(step - 1)}>Back</Button>}
          {step < STEPS.length - 1 && <Button variant="contained" onClick={() => setStep(step + 1)}>Next</Button>}
        </>
      )}
    >
      {(form) => <AffiliateSettingsStep step={step} form={form as never} />}
    </EndpointDialog>
  );
}

const cashbackForm = cashbackSettingsInput.omit({ settingsToOverride: true });

/** Override Player Cashback Settings: min withdraw, auto approval, rows (≤ 20) with the operator's and the player's percentage. */
export function OverrideCashbackDialog({ playerCode, opId, data, onClose }: { playerCode: string; opId?: string; data: Effective; onClose: () => void }) {
  const c = data.cashback.settings;
  return (
    <EndpointDialog
      endpoint="reports.cashbackOverride"
      title="Override Player Cashback Settings"
      maxWidth="md"
      schema={cashbackForm}
      defaultValues={{ minWithdrawAmountInUSD: c.minWithdrawAmountInUSD, autoApproval: c.autoApproval, settings: cashbackFormRows(c, data.operator.cashback) }}
      submitText="Save"
      onClose={onClose}
      input={(v) => ({ body: { playerCode, ...(opId ? { opId } : {}), ...v, settingsToOverride: settingsToOverride(v.settings) } })}
    >
      {({ control, watch, setValue, getValues }) => {
        const rows = watch('settings') as CashbackRowInput[];
        const set = (next: CashbackRowInput[]) => setValue('settings', next, { shouldDirty: true, shouldValidate: true });
        const limited = cashbackAddDisabled(rows);
        return (
          <Stack spacing={2}>
            <FormTextField control={control} name="minWithdrawAmountInUSD" label="Min withdraw amount (USD)" size="small" />
            <FormSwitch control={control} name="autoApproval" label="Auto approval" />
            {rows.map((r, i) => (
              <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid={`cashback-row-${i}`}>
                <Typography sx={{ pt: 1, minWidth: 60 }}>{cashbackLevelName(r.index)}</Typography>
                <FormTextField control={control} name={`settings.${i}.lostAmountInUSD`} label="Lost amount (USD)" size="small" />
                <TextField size="small" label="Operator %" value={r.percentage} disabled sx={{ width: 110 }} />
                <NumField control={control as never} name={`settings.${i}.overriddenPercentage`} label="Player %" />
                <RemoveRow rows={rows} i={i} label={`Remove cashback row ${i + 1}`} onRemove={() => set(removeLastRow(getValues('settings') as CashbackRowInput[]))} />
              </Stack>
            ))}
            <Box>
              <Tooltip title={limited ?? ''}>
                <span><Button disabled={!!limited} onClick={() => set(addCashbackRow(getValues('settings') as CashbackRowInput[]))}>Add row</Button></span>
              </Tooltip>
            </Box>
          </Stack>
        );
      }}
    </EndpointDialog>
  );
}

/** Restore operator affiliate / cashback settings, after a confirmation. */
export function RestoreButton({ kind, playerCode, opId }: { kind: 'affiliate' | 'cashback'; playerCode: string; opId?: string }) {
  const confirm = useConfirm();
  const send = useEndpointMutation(kind === 'affiliate' ? 'reports.affiliateRestore' : 'reports.cashbackRestore', { errorTitle: 'Unable to Restore' });
  const title = `Restore operator ${kind} settings`;
  return (
    <Button size="small" color="warning" disabled={send.isPending} onClick={() => void (async () => {
      if (await confirm({ title, description: `The player will use the operator's ${kind} settings again.`, confirmText: 'Restore' }))
        send.mutate({ body: { playerCode, ...(opId ? { opId } : {}) } });
    })()}>
      {title}
    </Button>
  );
}

/** The panel's settings actions: override (dialog) and restore (when overridden). */
export function SettingsActions(props: { kind: 'affiliate' | 'cashback'; playerCode: string; opId?: string }): ReactNode {
  const q = useRewardSettings(props.playerCode, props.opId);
  const [open, setOpen] = useState(false);
  if (!q.data) return null;
  const overridden = props.kind === 'affiliate' ? q.data.affiliates.overridden : q.data.cashback.overridden;
  const Dialog = props.kind === 'affiliate' ? OverrideAffiliateDialog : OverrideCashbackDialog;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <OverriddenChip on={overridden} label={props.kind === 'affiliate' ? 'Player affiliate settings overridden' : 'Player cashback settings overridden'} />
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
        {props.kind === 'affiliate' ? 'Override Affiliate Settings' : 'Override Player Cashback Settings'}
      </Button>
      {overridden && <RestoreButton kind={props.kind} playerCode={props.playerCode} {...(props.opId ? { opId: props.opId } : {})} />}
      {open && <Dialog playerCode={props.playerCode} {...(props.opId ? { opId: props.opId } : {})} data={q.data} onClose={() => setOpen(false)} />}
    </Stack>
  );
}
