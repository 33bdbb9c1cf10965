import { useQuery } from '@tanstack/react-query';
import { Autocomplete, TextField } from '@mui/material';
import { AUTOCOMPLETE_MIN_CHARS } from '@pitboss/contract';

import { useDebounced } from './useDebounced';

/**
 * A free text field that suggests values once AUTOCOMPLETE_MIN_CHARS characters are typed
 * (001 §6 / 000 §6: autocomplete from 2 characters): `suggest` asks the server, debounced; the
 * typed text stays the field's value whether a suggestion is picked or not.
 */
export function SuggestField(props: {
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  suggest: (q: string) => Promise<readonly string[]>;
  /** Part of the query key: what else the suggestions depend on (the operator chosen, …). */
  suggestKey?: string;
  maxLength?: number;
}) {
  const { name, label, value, onChange, suggest } = props;
  const term = useDebounced(value.trim(), 250);
  const enabled = term.length >= AUTOCOMPLETE_MIN_CHARS;
  const q = useQuery({ queryKey: ['suggest', name, props.suggestKey ?? '', term], queryFn: () => suggest(term), enabled, staleTime: 30_000 });
  const options = enabled ? (q.data ?? []) : [];
  return (
    <Autocomplete
      freeSolo
      options={options as string[]}
      inputValue={value}
      onInputChange={(_, v) => onChange(v)}
      filterOptions={(x) => x}
      loading={enabled && q.isFetching}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          size="small"
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: props.maxLength ?? 64 } }}
        />
      )}
    />
  );
}
