import { TextField } from '@mui/material';
import { NOTE_MAX, PAYMENT_MESSAGES } from '@pitboss/contract';

/** "Note for the player" (≤ NOTE_MAX characters). */
export function NoteField(props: { value: string; onChange: (v: string) => void; required?: boolean; label?: string; rows?: number }) {
  const over = props.value.length > NOTE_MAX;
  return (
    <TextField
      fullWidth
      multiline
      minRows={props.rows ?? 2}
      maxRows={props.rows ?? 6}
      label={props.label ?? 'Note for the player'}
      required={props.required}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={over}
      helperText={over ? PAYMENT_MESSAGES.NOTE_MAX : `${props.value.length}/${NOTE_MAX}`}
      slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
    />
  );
}
