import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';

/** An on/off field of a kit form, bound by name (the schema's message under it when it has one). */
export function FormSwitch<T extends FieldValues, O = T>(props: { control: Control<T, unknown, O>; name: Path<T>; label: string; hint?: string; disabled?: boolean }) {
  const { control, name, label, hint, disabled } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Stack>
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />}
          />
          {(fieldState.error?.message ?? hint) && <FormHelperText error={!!fieldState.error}>{fieldState.error?.message ?? hint}</FormHelperText>}
        </Stack>
      )}
    />
  );
}
