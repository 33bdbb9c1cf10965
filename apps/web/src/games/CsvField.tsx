import { useState } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextField } from '@mui/material';

const parse = (text: string, upper: boolean): string[] => text.split(',').map((s) => (upper ? s.trim().toUpperCase() : s.trim())).filter(Boolean);

/**
 * A list field of a kit form typed as comma-separated text (slugs, codes, aliases): the text stays
 * as typed while the form holds the parsed list, validated by the contract's schema (its message
 * under the field).
 */
export function CsvField<T extends FieldValues, O = T>(props: { control: Control<T, unknown, O>; name: Path<T>; label: string; hint?: string; upper?: boolean; keepEmpty?: boolean }) {
  return (
    <Controller
      name={props.name}
      control={props.control}
      render={({ field, fieldState }) => <CsvText {...props} value={field.value as unknown} onList={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />}
    />
  );
}

function CsvText(p: { label: string; hint?: string; upper?: boolean; keepEmpty?: boolean; value: unknown; onList: (v: string[]) => void; onBlur: () => void; error?: string }) {
  const [text, setText] = useState(() => (Array.isArray(p.value) ? (p.value as string[]).join(', ') : ''));
  return (
    <TextField
      label={p.label}
      value={text}
      onBlur={p.onBlur}
      onChange={(e) => {
        setText(e.target.value);
        // Aliases keep an empty entry so the schema can say "Aliases cannot be empty."; other lists drop them.
        p.onList(p.keepEmpty ? (e.target.value.trim() ? e.target.value.split(',').map((s) => s.trim()) : []) : parse(e.target.value, !!p.upper));
      }}
      error={!!p.error}
      helperText={p.error ?? p.hint}
      slotProps={{ htmlInput: { maxLength: 2000 } }}
    />
  );
}
