import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { KYC_FIELD_RULES, KYC_INPUT_MAX, MSG, label, type KycRecord } from '@pitboss/contract';
import { kycKeys } from '../api/kyc';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { isImageField, optionFields } from './KycDetails';

type RuleKey = keyof typeof KYC_FIELD_RULES;
const isRuleKey = (f: string): f is RuleKey => Object.hasOwn(KYC_FIELD_RULES, f);

/** Edit KYC details (edit_kyc_data): react-hook-form with the contract's field rules and input limits. */
export function KycEditForm({ rec, onDone, onDirtyChange }: { rec: KycRecord; onDone: () => void; onDirtyChange?: (dirty: boolean) => void }) {
  const fields = useMemo(() => optionFields(rec.optionType).filter((f) => !isImageField(f) && isRuleKey(f)) as RuleKey[], [rec.optionType]);
  const schema = useMemo(() => z.object(Object.fromEntries(fields.map((f) => [f, KYC_FIELD_RULES[f]]))), [fields]);
  const { control, handleSubmit, formState } = useForm<Record<string, string>>({
    resolver: zodResolver(schema) as never,
    defaultValues: Object.fromEntries(fields.map((f) => [f, rec.data[f] ?? ''])),
    mode: 'onChange',
  });
  useEffect(() => onDirtyChange?.(formState.isDirty), [formState.isDirty, onDirtyChange]);
  const qc = useQueryClient();
  // Edit failures: "Unable to edit KYC details." (000 §8), with the server's messages when it gave any.
  const m = useEndpointMutation('kyc.update', { success: MSG.KYC_EDITED, errorTitle: MSG.KYC_EDIT_FAILED, errorFallback: () => MSG.KYC_EDIT_FAILED, onDone: (a) => { qc.setQueryData(kycKeys.detail(a.data.kycId), a.data); onDone(); } });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit((details) => m.mutate({ body: { action: 'edit', kycId: rec.kycId, details } }))} aria-label="Edit KYC details">
      <Typography variant="subtitle1" component="h3">Edit {label('kycOptionType', rec.optionType)}</Typography>
      {fields.map((f) => (
        <Controller
          key={f}
          name={f}
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={label('kycField', f)}
              type={f === 'birthDate' ? 'date' : 'text'}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{
                htmlInput: { maxLength: KYC_INPUT_MAX[f] },
                inputLabel: f === 'birthDate' ? { shrink: true } : undefined,
              }}
            />
          )}
        />
      ))}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={m.isPending || !formState.isDirty}>Save</Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
    </Stack>
  );
}
