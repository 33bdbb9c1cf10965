import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Drawer, IconButton, Stack, Typography, type ButtonProps } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useBlocker } from 'react-router';
import { useConfirm } from '../useConfirm';

export const DISCARD_CHANGES = { title: 'Discard changes?', description: 'What you changed in this form is not saved.', confirmText: 'Discard' } as const;

/** The schema of a dialog without fields (a confirmation that sends). */
export const NO_FIELDS = z.object({});

export type FormOf<S extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

export interface FormDialogProps<S extends z.ZodType<FieldValues, FieldValues>> {
  title: ReactNode;
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  submitText: string;
  onSubmit: (values: z.output<S>) => void;
  onClose: () => void;
  busy?: boolean;
  submitColor?: ButtonProps['color'];
  /** No submit button (a step of the dialog before its submission, or nothing left to submit). */
  hideSubmit?: boolean;
  /** The submit stays enabled and shows the form's errors when pressed (default: disabled until the form is valid). */
  checkOnSubmit?: boolean;
  /** More reasons to keep the submit disabled (read from the form's current values). */
  submitDisabled?: (form: FormOf<S>) => boolean;
  cancelText?: string;
  /** Buttons between Cancel and the submit (Back, Next of a stepped dialog); `busy` while the submission runs. */
  actions?: (form: FormOf<S>, busy: boolean) => ReactNode;
  /** Shown as a side drawer (the edit form of a list's record) instead of a centred dialog. */
  drawer?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** What the discard confirmation says (default: DISCARD_CHANGES). */
  discardText?: string;
  children: (form: FormOf<S>) => ReactNode;
}

/**
 * A form in a dialog: react-hook-form validated by the contract's zod schema (the same one the
 * server enforces), the submit disabled while it runs, and a guard against leaving a changed
 * form — closing the dialog or navigating away asks before discarding.
 */
export function FormDialog<S extends z.ZodType<FieldValues, FieldValues>>(props: FormDialogProps<S>) {
  const confirm = useConfirm();
  const form: FormOf<S> = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(props.schema as never) as never, defaultValues: props.defaultValues, mode: 'onChange' });
  const dirty = form.formState.isDirty;
  const { discardText } = props;
  const discard = useMemo(() => ({ ...DISCARD_CHANGES, description: discardText ?? DISCARD_CHANGES.description }), [discardText]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !props.busy && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm(discard).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, confirm, discard]);
  const close = async () => {
    if (props.busy) return;
    if (dirty && !(await confirm(discard))) return;
    props.onClose();
  };
  const titleId = useId();
  const submit = !props.hideSubmit && (
    <Button
      type="submit"
      variant="contained"
      color={props.submitColor ?? 'primary'}
      disabled={props.busy || (!props.checkOnSubmit && !form.formState.isValid) || props.submitDisabled?.(form)}
    >
      {props.submitText}
    </Button>
  );
  const onSubmit = form.handleSubmit((v) => props.onSubmit(v));
  if (props.drawer)
    return (
      <Drawer anchor="right" open onClose={() => void close()} slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 420 } } } as object }}>
        <Stack component="form" spacing={2} sx={{ p: 2 }} noValidate onSubmit={onSubmit}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography id={titleId} variant="h6" component="h2">{props.title}</Typography>
            <IconButton aria-label="Close" onClick={() => void close()}><CloseIcon /></IconButton>
          </Stack>
          {props.children(form)}
          <Stack direction="row" spacing={1}>{submit}{props.actions?.(form, !!props.busy)}</Stack>
        </Stack>
      </Drawer>
    );
  return (
    <Dialog open onClose={() => void close()} fullWidth maxWidth={props.maxWidth ?? 'sm'} aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>{props.children(form)}</Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void close()} disabled={props.busy}>{props.cancelText ?? 'Cancel'}</Button>
          {props.actions?.(form, !!props.busy)}
          {submit}
        </DialogActions>
      </form>
    </Dialog>
  );
}
