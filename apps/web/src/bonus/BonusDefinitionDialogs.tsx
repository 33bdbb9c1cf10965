import { useState } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import {
  BONUS_BET_TYPES, BONUS_DEFINITION_EDITABLE_STATUSES, BONUS_DEFINITION_MESSAGES, bonusCloneForm, bonusDefinitionCreateBody, bonusDefinitionEditForm,
  label, type BonusDefinitionRow, type OperatorSummary,
} from '@pitboss/contract';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormOperatorField } from '../kit/actions/FormOperatorField';
import { FormDateTimeField as WhenField } from '../kit/actions/FormDateTimeField';
import { useSession } from '../shell/session';
import { useScope } from '../shell/useScope';

const DAY = 86_400_000;

/** A free list typed as comma-separated names (providers, games, currencies); the form holds the array. */
function NamesField<T extends FieldValues>({ control, name, label: text, hint, upper }: { control: Control<T>; name: Path<T>; label: string; hint: string; upper?: boolean }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => <NamesInput value={field.value as string[]} onChange={field.onChange} onBlur={field.onBlur} label={text} hint={hint} upper={upper} error={fieldState.error?.message} />}
    />
  );
}
function NamesInput(p: { value: string[] | undefined; onChange: (v: string[]) => void; onBlur: () => void; label: string; hint: string; upper?: boolean; error?: string }) {
  const [text, setText] = useState((p.value ?? []).join(', '));
  return (
    <TextField
      label={p.label} value={text} onBlur={p.onBlur} error={!!p.error} helperText={p.error ?? p.hint} fullWidth
      onChange={(e) => {
        const v = p.upper ? e.target.value.toUpperCase() : e.target.value;
        setText(v);
        p.onChange(v.split(',').map((s) => s.trim()).filter(Boolean));
      }}
    />
  );
}

type FieldsControl = Control<FieldValues>;

/** The fields of the New Bonus and Edit Bonus forms. */
function DefinitionFields({ control, tz }: { control: FieldsControl; tz: string }) {
  return (
    <>
      <FormTextField control={control} name="title" label="Title" required maxLength={100} />
      <FormTextField control={control} name="description" label="Description" multiline minRows={2} maxLength={1000} />
      <FormTextField control={control} name="status" select label="Status">
        {BONUS_DEFINITION_EDITABLE_STATUSES.map((s) => <MenuItem key={s} value={s}>{label('bonusDefinitionStatus', s)}</MenuItem>)}
      </FormTextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <WhenField control={control} name="startTime" label="Start time" tz={tz} fullWidth />
        <WhenField control={control} name="endTime" label="End time" tz={tz} fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="percentage" label="Percentage of deposit (%)" inputMode="decimal" maxLength={8} fullWidth />
        <FormTextField control={control} name="wagerMultiplier" label="Wager requirement (×)" inputMode="numeric" maxLength={3} fullWidth hint={() => 'Times the bonus amount.'} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="maxBonusInUSD" label="Max bonus (USD)" inputMode="decimal" maxLength={15} fullWidth />
        <FormTextField control={control} name="minDepositInUSD" label="Min deposit (USD)" inputMode="decimal" maxLength={15} fullWidth />
      </Stack>
      <FormTextField control={control} name="betType" select label="Bet type">
        {BONUS_BET_TYPES.map((b) => <MenuItem key={b} value={b}>{label('bonusBetType', b)}</MenuItem>)}
      </FormTextField>
      <NamesField control={control} name="providers" label="Providers" hint="Comma-separated; empty: every provider." />
      <NamesField control={control} name="games" label="Games" hint="Comma-separated; empty: every game." />
      <NamesField control={control} name="currencies" label="Currencies" hint="Comma-separated codes (EUR, USD); empty: every currency." upper />
    </>
  );
}

const fieldsOf = (d: BonusDefinitionRow) => ({
  title: d.title, description: d.description, status: d.status === 'DEACTIVE' ? 'DEACTIVE' as const : 'ACTIVE' as const, startTime: d.startTime, endTime: d.endTime,
  percentage: d.percentage, maxBonusInUSD: d.maxBonusInUSD.replace(/\.?0+$/, ''), minDepositInUSD: d.minDepositInUSD.replace(/\.?0+$/, '') || '0',
  wagerMultiplier: d.wagerMultiplier, betType: d.betType, providers: d.providers, games: d.games, currencies: d.currencies,
});

/** The operators a bonus may belong to: parent operators and brands (not partners nor the CMS default). */
/** The operators a bonus definition may belong to: operators and brands, not partners. */
const bonusOperator = (o: OperatorSummary) => o.kind !== 'PARTNER' && o.kind !== 'CMS_DEFAULT';

/** New Bonus: the operator (or brand) and the definition's fields. */
export function NewBonusDefinitionDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (d: BonusDefinitionRow) => void }) {
  const { user } = useSession();
  const { opId } = useScope();
  const ops = useSession().operators.filter(bonusOperator);
  const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  return (
    <EndpointDialog
      endpoint="bonusDefs.create"
      title="New Bonus"
      drawer
      schema={bonusDefinitionCreateBody}
      defaultValues={{
        opId: opId && ops.some((o) => o.opId === opId) ? opId : user.opId ?? '', title: '', description: '', status: 'ACTIVE',
        startTime: new Date(start).toISOString(), endTime: new Date(start + 30 * DAY).toISOString(), percentage: '100', maxBonusInUSD: '', minDepositInUSD: '0',
        wagerMultiplier: 30, betType: 'CASINO', providers: [], games: [], currencies: [],
      }}
      checkOnSubmit
      submitText="Create Bonus"
      onClose={onClose}
      input={(v) => ({ body: v })}
      options={{ success: BONUS_DEFINITION_MESSAGES.CREATED, errorTitle: BONUS_DEFINITION_MESSAGES.SAVE_FAILED, onDone: (a) => onCreated(a.data) }}
    >
      {({ control }) => (
        <>
          <FormOperatorField control={control} label="Operator" filter={bonusOperator} />
          <DefinitionFields control={control as unknown as FieldsControl} tz={user.timezone} />
        </>
      )}
    </EndpointDialog>
  );
}

/** Edit Bonus: the same fields (a bonus that ended keeps its past end). */
export function EditBonusDefinitionDialog({ d, onClose }: { d: BonusDefinitionRow; onClose: () => void }) {
  const { user } = useSession();
  return (
    <EndpointDialog
      endpoint="bonusDefs.update"
      title={`Edit Bonus — ${d.title}`}
      drawer
      schema={bonusDefinitionEditForm}
      defaultValues={fieldsOf(d)}
      checkOnSubmit
      submitText="Save"
      onClose={onClose}
      input={(v) => ({ body: { ...v, bonusId: d.bonusId, opId: d.opId } })}
      options={{ success: BONUS_DEFINITION_MESSAGES.UPDATED, errorTitle: BONUS_DEFINITION_MESSAGES.SAVE_FAILED }}
    >
      {({ control }) => <DefinitionFields control={control as unknown as FieldsControl} tz={user.timezone} />}
    </EndpointDialog>
  );
}

/** Clone Bonus (001 §7): the target operator chosen by name and the new period; the server refuses a duplicate with the spec's text. */
export function CloneBonusDefinitionDialog({ d, onClose, onCloned }: { d: BonusDefinitionRow; onClose: () => void; onCloned: (c: BonusDefinitionRow) => void }) {
  const { user } = useSession();
  const start = Math.max(Date.now(), Date.parse(d.endTime));
  const begin = Math.ceil(start / 3_600_000) * 3_600_000;
  const length = Math.max(DAY, Date.parse(d.endTime) - Date.parse(d.startTime));
  return (
    <EndpointDialog
      endpoint="bonusDefs.clone"
      title={`Clone Bonus — ${d.title}`}
      schema={bonusCloneForm}
      defaultValues={{ targetOpId: '', startTime: new Date(begin).toISOString(), endTime: new Date(begin + length).toISOString() }}
      checkOnSubmit
      submitText="Clone"
      onClose={onClose}
      input={(v) => ({ body: { bonusId: d.bonusId, opId: d.opId, ...v } })}
      options={{
        success: BONUS_DEFINITION_MESSAGES.CLONED, errorTitle: BONUS_DEFINITION_MESSAGES.CLONE_FAILED, onDone: (a) => onCloned(a.data),
      }}
    >
      {({ control }) => (
        <>
          <Alert severity="info">The copy keeps the conditions of this bonus and is active in its new period.</Alert>
          <FormOperatorField control={control} name="targetOpId" label="Target operator" filter={bonusOperator} />
          <WhenField control={control} name="startTime" label="Start time" tz={user.timezone} fullWidth />
          <WhenField control={control} name="endTime" label="End time" tz={user.timezone} fullWidth />
        </>
      )}
    </EndpointDialog>
  );
}
