import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Autocomplete, Chip, TextField } from '@mui/material';

export interface ChipOption { value: string; label: string }

/**
 * A list field of a kit form picked from known values (categories, tags, jurisdictions, countries):
 * staff type part of a name and pick it; each chosen value shows as a chip with its name, never as
 * a bare slug or code. A value the options do not know (a category since deleted) keeps its chip
 * under its code, so saving never drops it silently. The contract's schema checks the list (its
 * message under the field). `freeSolo`: values typed in (aliases) become chips on Enter or when
 * the field is left, trimmed; the options only suggest.
 */
export function FormChipsField<T extends FieldValues, O = T>(props: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  options: readonly ChipOption[];
  hint?: string;
  loading?: boolean;
  freeSolo?: boolean;
}) {
  const labelOf = new Map(props.options.map((o) => [o.value, o.label]));
  return (
    <Controller
      name={props.name}
      control={props.control}
      render={({ field, fieldState }) => {
        const value = (Array.isArray(field.value) ? field.value : []) as string[];
        return (
          <Autocomplete
            multiple
            freeSolo={props.freeSolo}
            autoSelect={props.freeSolo}
            options={props.options.map((o) => o.value)}
            value={value}
            loading={props.loading}
            onChange={(_, v) => field.onChange(props.freeSolo ? [...new Set(v.map((x) => x.trim()).filter(Boolean))] : v)}
            onBlur={field.onBlur}
            getOptionLabel={(v) => labelOf.get(v) ?? v}
            filterSelectedOptions
            renderValue={(vs, getItemProps) => vs.map((v, index) => {
              const { key, ...item } = getItemProps({ index });
              return <Chip key={key} size="small" label={labelOf.get(v) ?? v} {...item} />;
            })}
            renderInput={(params) => (
              <TextField {...params} label={props.label} error={!!fieldState.error} helperText={fieldState.error?.message ?? props.hint} />
            )}
          />
        );
      }}
    />
  );
}
