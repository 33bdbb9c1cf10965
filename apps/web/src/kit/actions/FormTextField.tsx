import type { ChangeEvent } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextField, type TextFieldProps } from '@mui/material';

/**
 * A text (or `select`) field of a kit form: bound to the form by name, showing the schema's
 * message of the field under it (or `hint` while it is valid). `maxLength` caps what can be typed;
 * `onValue` runs after a change (e.g. a status that resets another field).
 */
export function FormTextField<T extends FieldValues, O = T>(props: Omit<TextFieldProps, 'name' | 'error'> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
  maxLength?: number;
  hint?: (value: unknown) => string | undefined;
  onValue?: (value: string) => void;
}) {
  const { control, name, maxLength, hint, onValue, ...rest } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          {...rest}
          onChange={(e: ChangeEvent<HTMLInputElement>) => { field.onChange(e); onValue?.(e.target.value); }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? hint?.(field.value)}
          {...(maxLength ? { slotProps: { ...rest.slotProps, htmlInput: { maxLength } } } : {})}
        />
      )}
    />
  );
}
