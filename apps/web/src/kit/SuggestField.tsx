import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, TextField, type AutocompleteRenderInputParams } from '@mui/material';
import { AUTOCOMPLETE_MIN_CHARS, MSG } from '@pitboss/contract';

import { useDebounced } from './useDebounced';

/** The text field of a suggesting input: its name, label and length cap (64 unless given). */
const inputOf = (name: string, label: string, maxLength?: number) => (params: AutocompleteRenderInputParams) => (
  <TextField
    {...params}
    name={name}
    label={label}
    size="small"
    slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: maxLength ?? 64 } }}
  />
);

/** What both suggesting fields take: the field's name, label, text value and length cap. */
interface SuggestingProps {
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  maxLength?: number;
}

/**
 * A free text field that suggests values once AUTOCOMPLETE_MIN_CHARS characters are typed
 * (001 §6 / 000 §6: autocomplete from 2 characters): `suggest` asks the server, debounced; the
 * typed text stays the field's value whether a suggestion is picked or not.
 */
export function SuggestField(props: SuggestingProps & {
  suggest: (q: string) => Promise<readonly string[]>;
  /** Part of the query key: what else the suggestions depend on (the operator chosen, …). */
  suggestKey?: string;
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
      renderInput={inputOf(name, label, props.maxLength)}
    />
  );
}

/** A value the server suggests, with the name staff read. */
export interface PickOption { value: string; label: string }

/**
 * A field that picks one known value by its name (an original provider), suggested once
 * AUTOCOMPLETE_MIN_CHARS characters are typed (000 §5, §9: autocomplete from 2 characters):
 * `search` asks the server, debounced; fewer characters suggest nothing. The value is the
 * picked option's key (a slug) while the field shows its name; emptying the text clears it.
 * `known` names a value already chosen (from the address) before any search.
 */
export function SuggestPickField(props: SuggestingProps & {
  search: (q: string) => Promise<readonly PickOption[]>;
  known?: readonly PickOption[];
}) {
  const { name, label, value, onChange, search } = props;
  const [picked, setPicked] = useState<PickOption | null>(null);
  const current: PickOption | null = value
    ? (picked?.value === value ? picked : { value, label: props.known?.find((o) => o.value === value)?.label ?? value })
    : null;
  const [text, setText] = useState(current?.label ?? '');
  useEffect(() => { setText(current?.label ?? ''); }, [current?.value, current?.label]);
  const term = useDebounced(text.trim(), 250);
  const enabled = term.length >= AUTOCOMPLETE_MIN_CHARS;
  const q = useQuery({ queryKey: ['suggest-pick', name, term], queryFn: () => search(term), enabled, staleTime: 30_000 });
  const found = enabled ? (q.data ?? []) : [];
  // The chosen value stays among the options (hidden from the list) so the field can show it.
  const options = current && !found.some((o) => o.value === current.value) ? [current, ...found] : found;
  return (
    <Autocomplete
      options={options}
      value={current}
      inputValue={text}
      onInputChange={(_, v, reason) => {
        setText(v);
        if (reason !== 'reset' && v.trim() === '' && value) onChange('');
      }}
      onChange={(_, o) => { setPicked(o); onChange(o?.value ?? ''); }}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => o.value}
      filterOptions={(x) => x}
      filterSelectedOptions
      noOptionsText={text.trim().length < AUTOCOMPLETE_MIN_CHARS ? MSG.SEARCH_TOO_SHORT : 'No match'}
      loading={enabled && q.isFetching}
      renderInput={inputOf(name, label, props.maxLength)}
    />
  );
}
