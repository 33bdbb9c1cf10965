import { useEffect, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useBlocker } from 'react-router';
import { useConfirm } from '../useConfirm';

export const DISCARD_CHANGES = { title: 'Discard changes?', description: 'What you changed in this form is not saved.', confirmText: 'Discard' } as const;

/**
 * A form in a dialog: react-hook-form validated by the contract's zod schema (the same one the
 * server enforces), the submit disabled while it runs, and a guard against leaving a changed
 * form — closing the dialog or navigating away asks before discarding.
 */
export function FormDialog<S extends z.ZodType<FieldValues, FieldValues>>(props: {
  title: ReactNode;
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  submitText: string;
  onSubmit: (values: z.output<S>) => void;
  onClose: () => void;
  busy?: boolean;
  destructive?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
}) {
  const confirm = useConfirm();
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(props.schema as never) as never, defaultValues: props.defaultValues, mode: 'onChange' });
  const dirty = form.formState.isDirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !props.busy && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm(DISCARD_CHANGES).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, confirm]);
  const close = async () => {
    if (props.busy) return;
    if (dirty && !(await confirm(DISCARD_CHANGES))) return;
    props.onClose();
  };
  const titleId = 'form-dialog-title';
  return (
    <Dialog open onClose={() => void close()} fullWidth maxWidth={props.maxWidth ?? 'sm'} aria-labelledby={titleId}>
      <form noValidate onSubmit={form.handleSubmit((v) => props.onSubmit(v))}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>{props.children(form)}</Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void close()} disabled={props.busy}>Cancel</Button>
          <Button type="submit" variant="contained" color={props.destructive ? 'error' : 'primary'} disabled={props.busy || !form.formState.isValid}>
            {props.submitText}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
