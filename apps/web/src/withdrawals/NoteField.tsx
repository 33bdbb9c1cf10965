import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextField } from '@mui/material';
import { NOTE_MAX, PAYMENT_MESSAGES } from '@pitboss/contract';

/**
 * "Note for the player" (≤ NOTE_MAX characters), the field `name` of a dialog's form; `required`
 * where the decision asks for one (the form's schema says so, its message shows here).
 */
export function NoteField<T extends FieldValues>(props: { control: Control<T>; name: Path<T>; required?: boolean }) {
  return (
    <Controller
      name={props.name}
      control={props.control}
      render={({ field, fieldState }) => {
        const long = field.value.length > NOTE_MAX;
        const message = long ? PAYMENT_MESSAGES.NOTE_MAX : fieldState.error?.message;
        return (
          <TextField
            {...field}
            fullWidth multiline minRows={2} maxRows={6} label="Note for the player" required={props.required}
            error={!!message}
            helperText={message ?? `${field.value.length}/${NOTE_MAX}`}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
          />
        );
      }}
    />
  );
}
