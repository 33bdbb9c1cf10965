import { useState, type ReactNode } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { useDrawerQueue } from './queue';

/** The note rule of one side of a decision (from the contract's validation rules). */
export interface NoteRule {
  required: boolean;
  min?: number;
  max: number;
  /** The spec's message when the note breaks the rule. */
  message: string;
}
export type Decision = 'approve' | 'reject';

/** The message of a note that breaks `rule`, or null. */
export function noteError(note: string, rule: NoteRule): string | null {
  const n = note.trim();
  if (!n) return rule.required ? rule.message : null;
  if (n.length < (rule.min ?? 0) || n.length > rule.max) return rule.message;
  return null;
}

/**
 * Approve / reject with a note (KYC, bank accounts, withdrawals, deposits, rewards). Each side's
 * note follows its rule; the buttons stay disabled while a note breaks it or a decision runs.
 * `decide` resolves once the server applied the decision; in a queue-mode list the drawer then
 * moves to the next pending record.
 */
export function DecisionPanel(props: {
  rules: Record<Decision, NoteRule>;
  labels?: Partial<Record<Decision, string>>;
  noteLabel?: string;
  disabled?: Partial<Record<Decision, boolean>>;
  extra?: ReactNode;
  decide: (decision: Decision, note: string) => Promise<unknown>;
}) {
  const queue = useDrawerQueue();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<Decision | null>(null);
  const [touched, setTouched] = useState<Decision | null>(null);
  const run = async (d: Decision) => {
    setTouched(d);
    if (noteError(note, props.rules[d])) return;
    setBusy(d);
    try {
      await props.decide(d, note.trim());
      setNote('');
      setTouched(null);
      queue?.advance();
    } catch {
      // reported by the mutation's error dialog
    } finally {
      setBusy(null);
    }
  };
  const shown = touched ? noteError(note, props.rules[touched]) : null;
  return (
    <Stack spacing={1.5}>
      {props.extra}
      <TextField
        label={props.noteLabel ?? 'Note'}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        error={!!shown}
        helperText={shown ?? `${note.trim().length}/${Math.max(props.rules.approve.max, props.rules.reject.max)}`}
      />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" disabled={!!busy || props.disabled?.approve} onClick={() => void run('approve')}>
          {props.labels?.approve ?? 'Approve'}
        </Button>
        <Button variant="outlined" color="error" disabled={!!busy || props.disabled?.reject} onClick={() => void run('reject')}>
          {props.labels?.reject ?? 'Reject'}
        </Button>
      </Stack>
    </Stack>
  );
}
