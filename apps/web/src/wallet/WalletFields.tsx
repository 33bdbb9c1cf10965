import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { NOTE_MAX } from '@pitboss/contract';
import { FormTextField } from '../kit/actions/FormTextField';

/* The fields the top-up dialogs share: the required note and the accept checkbox (named `note`, `accept`). */

export function WalletNoteField<T extends FieldValues, O>({ control }: { control: Control<T, unknown, O> }) {
  return (
    <FormTextField control={control} name={'note' as Path<T>} label="Note" multiline minRows={2} required maxLength={NOTE_MAX}
      hint={(v) => `${String(v ?? '').length}/${NOTE_MAX}`} />
  );
}

export function AcceptField<T extends FieldValues>({ control, label }: { control: Control<T>; label: string }) {
  return (
    <Controller
      name={'accept' as Path<T>}
      control={control}
      render={({ field, fieldState }) => (
        <div>
          <FormControlLabel control={<Checkbox checked={field.value as boolean} onChange={(e) => field.onChange(e.target.checked)} />} label={label} />
          {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
        </div>
      )}
    />
  );
}
