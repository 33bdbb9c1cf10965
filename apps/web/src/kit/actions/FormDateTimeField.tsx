import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextField } from '@mui/material';
import { localMidnightUtc, tzOffsetMs } from '@pitboss/contract';

/** An instant as the wall time of a `datetime-local` field in the time zone `tz` ('' when not an instant yet). */
export const toWall = (iso: string, tz: string) => (iso && !Number.isNaN(Date.parse(iso)) ? new Date(new Date(iso).getTime() + tzOffsetMs(new Date(iso), tz)).toISOString().slice(0, 16) : '');

/** A `datetime-local` wall time in the time zone `tz` as an instant (ISO 8601); anything else is kept for the schema to refuse. */
export function fromWall(wall: string, tz: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return wall;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  return new Date(localMidnightUtc(y, mo - 1, d, tz).getTime() + (h * 60 + mi) * 60_000).toISOString();
}

/**
 * A date and time field of a kit form, typed in the staff member's time zone and held by the form
 * as an instant (the schema's message under it, else the time zone).
 */
export function FormDateTimeField<T extends FieldValues, O = T>(props: { control: Control<T, unknown, O>; name: Path<T>; label: string; tz: string; fullWidth?: boolean }) {
  const { control, name, label, tz, fullWidth } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          type="datetime-local" label={label} value={toWall(field.value as string, tz)} onChange={(e) => field.onChange(fromWall(e.target.value, tz))} onBlur={field.onBlur}
          error={!!fieldState.error} helperText={fieldState.error?.message ?? `Time zone ${tz}`} slotProps={{ inputLabel: { shrink: true } }} fullWidth={fullWidth}
        />
      )}
    />
  );
}
