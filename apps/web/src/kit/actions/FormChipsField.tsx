import { useRef, useState } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { AUTOCOMPLETE_MIN_CHARS, MSG } from '@pitboss/contract';
import { useDebounced } from '../useDebounced';

export interface ChipOption { value: string; label: string }

/**
 * A list field of a kit form picked from known values (categories, tags, jurisdictions, countries):
 * staff type part of a name and pick it; each chosen value shows as a chip with its name, never as
 * a bare slug or code. A value the options do not know (a category since deleted) keeps its chip
 * under its code, so saving never drops it silently. The contract's schema checks the list (its
 * message under the field). `freeSolo`: values typed in (aliases) become chips on Enter or when
 * the field is left, trimmed; the options only suggest. `search`: the values are suggested by the
 * server once AUTOCOMPLETE_MIN_CHARS characters are typed (000 §5, §9: autocomplete from 2
 * characters; fewer suggest nothing), `options` then only name the values already chosen.
 */
export function FormChipsField<T extends FieldValues, O = T>(props: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  options: readonly ChipOption[];
  hint?: string;
  loading?: boolean;
  freeSolo?: boolean;
  search?: (q: string) => Promise<readonly ChipOption[]>;
}) {
  const [input, setInput] = useState('');
  const term = useDebounced(input.trim(), 250);
  const searching = !!props.search && term.length >= AUTOCOMPLETE_MIN_CHARS;
  const found = useQuery({
    queryKey: ['chips-search', props.name, term], queryFn: () => props.search!(term), enabled: searching, staleTime: 30_000,
  });
  const results = searching ? (found.data ?? []) : [];
  // Every name seen (known options and the searches' answers), so a picked value keeps its name.
  const seen = useRef(new Map<string, string>());
  for (const o of [...props.options, ...results]) seen.current.set(o.value, o.label);
  const labelOf = seen.current;
  const optionValues = props.search ? results.map((o) => o.value) : props.options.map((o) => o.value);
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
            options={optionValues}
            value={value}
            loading={props.loading || (searching && found.isFetching)}
            {...(props.search ? {
              inputValue: input,
              onInputChange: (_: unknown, v: string) => setInput(v),
              filterOptions: (x: string[]) => x,
              noOptionsText: input.trim().length < AUTOCOMPLETE_MIN_CHARS ? MSG.SEARCH_TOO_SHORT : 'No match',
            } : {})}
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
