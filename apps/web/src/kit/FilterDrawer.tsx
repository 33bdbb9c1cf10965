import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Drawer, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { SuggestField, SuggestPickField, type PickOption } from './SuggestField';

export interface FilterDef {
  name: string;
  label: string;
  type?: 'text' | 'select' | 'date';
  options?: readonly { value: string; label: string }[];
  /** The empty choice of a select (default "Any"; the admin list's roles filter says "All", 002 §6). */
  emptyLabel?: string;
  maxLength?: number;
  /** A text filter that suggests values from 2 characters (see SuggestField). */
  suggest?: (q: string) => Promise<readonly string[]>;
  /** What the suggestions also depend on (part of their query key). */
  suggestKey?: string;
  /**
   * A filter that picks one known value by name, suggested from 2 characters (see
   * SuggestPickField): the server's search; `options` name the values known beforehand.
   */
  pick?: (q: string) => Promise<readonly PickOption[]>;
}

/**
 * The right-side filter drawer (loaded by ListPage when first opened). Submitting rewrites the query string (through `onSubmit`)
 * and closes the drawer (000 §2.2).
 */
export function FilterDrawer(props: {
  open: boolean;
  onClose: () => void;
  filters: readonly FilterDef[];
  values: Record<string, unknown>;
  onSubmit: (values: Record<string, string>) => void;
  /** Cross-field check of the draft (e.g. from ≤ to); a message blocks Apply. */
  validate?: (values: Record<string, string>) => string | null;
}) {
  const { open, filters, values } = props;
  const [draft, setDraft] = useState<Record<string, string>>({});
  useEffect(() => {
    if (open) setDraft(Object.fromEntries(filters.map((f) => [f.name, values[f.name] == null ? '' : String(values[f.name])])));
  }, [open, filters, values]);

  const problem = props.validate?.(draft) ?? null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    props.onSubmit(draft);
    props.onClose();
  };

  return (
    // At the modal layer, so it also opens over a list shown inside a dialog or a drawer (the later modal stacks on top).
    <Drawer anchor="right" open={open} onClose={props.onClose} sx={{ zIndex: (t) => t.zIndex.modal }} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 } } } }}>
      <Box component="form" onSubmit={submit} sx={{ p: 2 }} aria-label="Filters">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h6">Filters</Typography>
          <IconButton aria-label="Close filters" onClick={props.onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Stack spacing={2}>
          {filters.map((f) => {
            // What every suggesting field of a filter takes: its name, label, draft value and length cap.
            const field = { name: f.name, label: f.label, value: draft[f.name] ?? '', maxLength: f.maxLength, onChange: (v: string) => setDraft((d) => ({ ...d, [f.name]: v })) };
            if (f.pick) return <SuggestPickField key={f.name} {...field} search={f.pick} known={f.options} />;
            if (f.suggest) return <SuggestField key={f.name} {...field} suggest={f.suggest} suggestKey={f.suggestKey} />;
            return (
              <TextField
                key={f.name}
                name={f.name}
                label={f.label}
                size="small"
                select={f.type === 'select'}
                type={f.type === 'date' ? 'date' : undefined}
                value={draft[f.name] ?? ''}
                onChange={(e) => setDraft((d) => ({ ...d, [f.name]: e.target.value }))}
                slotProps={{ htmlInput: { maxLength: f.maxLength ?? 64 }, ...(f.type === 'date' ? { inputLabel: { shrink: true } } : {}) }}
              >
                {f.type === 'select' && [
                  <MenuItem key="" value="">
                    <em>{f.emptyLabel ?? 'Any'}</em>
                  </MenuItem>,
                  ...(f.options ?? []).map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  )),
                ]}
              </TextField>
            );
          })}
        </Stack>
        {problem && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 2 }}>
            {problem}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={!!problem}>
            Apply filters
          </Button>
          <Button onClick={() => setDraft(Object.fromEntries(filters.map((f) => [f.name, ''])))}>Clear</Button>
        </Stack>
      </Box>
    </Drawer>
  );
}
