import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox, FormControlLabel, FormHelperText, TextField } from '@mui/material';
import { NOTE_MAX } from '@pitboss/contract';

/* The fields the top-up dialogs share: the required note and the accept checkbox (named `note`, `accept`). */

export function WalletNoteField<T extends FieldValues>({ control }: { control: Control<T> }) {
  return (
    <Controller
      name={'note' as Path<T>}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label="Note"
          multiline
          minRows={2}
          required
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? `${(field.value as string).length}/${NOTE_MAX}`}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
        />
      )}
    />
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
