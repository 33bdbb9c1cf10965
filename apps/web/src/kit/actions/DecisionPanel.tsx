import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { Button, Stack, TextField } from '@mui/material';
import { NOTE_MAX } from '@pitboss/contract';
import { useDrawerQueue } from './queue';

export type Decision = 'approve' | 'reject';
/** The note rule of one side of a decision: the contract's zod schema of that note, with its messages. */
export type NoteRule = z.ZodType<unknown, string>;

/** The message of a note that breaks `rule`, or null. */
export const noteError = (note: string, rule: NoteRule): string | null => rule.safeParse(note).error?.issues[0]?.message ?? null;

/**
 * Approve / reject with a note (KYC, bank accounts). Each side's note follows its rule; a button
 * stays disabled while the note breaks its side's rule, the record is already in that state, or a
 * decision runs. The note's message shows once the field was left. `decide` resolves once the
 * server applied the decision; in a queue-mode list the drawer then moves to the next pending record.
 */
export function DecisionPanel(props: {
  rules: Record<Decision, NoteRule>;
  labels?: Partial<Record<Decision, string>>;
  noteLabel?: string;
  rows?: number; // the note's height; `maxRows` caps its growth
  maxRows?: number;
  required?: boolean;
  disabled?: Partial<Record<Decision, boolean>>;
  extra?: ReactNode;
  /** Asked before a decision is sent (e.g. a second look at a document whose image did not load); false sends nothing. */
  beforeDecide?: (decision: Decision) => Promise<boolean>;
  decide: (decision: Decision, note: string) => Promise<unknown>;
}) {
  const queue = useDrawerQueue();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<Decision | null>(null);
  const [touched, setTouched] = useState(false);
  const run = async (d: Decision) => {
    if (noteError(note, props.rules[d])) return;
    if (props.beforeDecide && !(await props.beforeDecide(d))) return;
    setBusy(d);
    try {
      await props.decide(d, note.trim());
      setNote('');
      setTouched(false);
      queue?.advance();
    } catch {
      // reported by the mutation's error dialog
    } finally {
      setBusy(null);
    }
  };
  const shown = touched ? (noteError(note, props.rules.approve) ?? noteError(note, props.rules.reject)) : null;
  const button = (d: Decision, color: 'success' | 'error', label: string) => (
    <Button variant="contained" color={color} disabled={!!busy || !!noteError(note, props.rules[d]) || props.disabled?.[d]} onClick={() => void run(d)}>
      {props.labels?.[d] ?? label}
    </Button>
  );
  return (
    <Stack spacing={1.5}>
      {props.extra}
      <TextField
        label={props.noteLabel ?? 'Note'}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        onBlur={() => setTouched(true)}
        multiline
        minRows={props.rows ?? 2}
        maxRows={props.maxRows}
        required={props.required}
        error={!!shown}
        helperText={shown ?? `${note.length}/${NOTE_MAX}`}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
      />
      <Stack direction="row" spacing={1}>
        {button('approve', 'success', 'Approve')}
        {button('reject', 'error', 'Reject')}
      </Stack>
    </Stack>
  );
}
