import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { EndpointName } from '@pitboss/contract/endpoints';
import { useConfirm, type ConfirmOptions } from '../useConfirm';
import { FormDialog, type FormDialogProps } from './FormDialog';
import { useEndpointMutation, type EndpointMutationOptions, type MutationInput } from './useEndpointMutation';

/**
 * A dialog that sends one endpoint call (amount, currency, voucher, reason… then send): the form
 * of FormDialog, an optional confirmation of what is about to move, and the call through
 * useEndpointMutation. The dialog closes once the server applied it, unless `options.onDone`
 * says what happens next (a provider answer to show, a hand-over to another dialog).
 */
export function EndpointDialog<K extends EndpointName, S extends z.ZodType<FieldValues, FieldValues>>(
  props: Omit<FormDialogProps<S>, 'onSubmit' | 'busy'> & {
    endpoint: K;
    /** What is sent for the form's values. */
    input: (values: z.output<S>) => MutationInput<K>;
    /** Asked before sending; nothing sent unless confirmed. */
    confirm?: (values: z.output<S>) => ConfirmOptions;
    options?: EndpointMutationOptions<K>;
  },
) {
  const { endpoint, input, confirm: ask, options, ...dialog } = props;
  const confirm = useConfirm();
  const send = useEndpointMutation(endpoint, { ...options, onDone: options?.onDone ?? dialog.onClose });
  const submit = async (values: z.output<S>) => {
    if (ask && !(await confirm(ask(values)))) return;
    send.mutate(input(values));
  };
  return <FormDialog {...dialog} busy={send.isPending} onSubmit={(v) => void submit(v)} />;
}
