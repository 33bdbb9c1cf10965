import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextField } from '@mui/material';
import { NOTE_MAX, PAYMENT_MESSAGES } from '@pitboss/contract';

/** "Note for the player" (≤ NOTE_MAX characters), the field `name` of a dialog's form. */
export function NoteField<T extends FieldValues>(props: { control: Control<T>; name: Path<T> }) {
  return (
    <Controller
      name={props.name}
      control={props.control}
      render={({ field }) => (
        <TextField
          {...field}
          fullWidth multiline minRows={2} maxRows={6} label="Note for the player"
          error={field.value.length > NOTE_MAX}
          helperText={field.value.length > NOTE_MAX ? PAYMENT_MESSAGES.NOTE_MAX : `${field.value.length}/${NOTE_MAX}`}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
        />
      )}
    />
  );
}
