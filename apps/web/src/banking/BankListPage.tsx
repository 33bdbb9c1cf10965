import { useMemo } from 'react';
import { z } from 'zod';
import { Controller } from 'react-hook-form';
import { Alert, Button, MenuItem, TextField, Typography } from '@mui/material';
import { BANK_ORDER_MAX, DEFAULT_LANGUAGE, LANGUAGES, MSG, PAYMENT_MESSAGES, bankBody } from '@pitboss/contract';
import { bankKeys, fetchBanks, type BankRow } from '../api/banking';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { FormTextField } from '../kit/actions/FormTextField';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { useEndpointMutation, type MutationInput } from '../kit/actions/useEndpointMutation';
import { ListPage, type Column, type DrawerContext } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { StatusChip } from '../players/PlayerSections';
import { useIsSuper, useSession } from '../shell/session';
import { operatorName } from '../kit/operator';
import { useCanCall } from '../shell/useCanCall';
import { useScope } from '../shell/useScope';

const url = {
  status: z.enum(['Active', 'Inactive']).optional(),
  key: z.string().trim().min(1).max(64).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'status', label: 'Status', type: 'select', options: [{ value: 'Active', label: 'Active' }, { value: 'Inactive', label: 'Inactive' }] },
  { name: 'key', label: 'Key' },
];
const NEW = 'new';

/** The Edit Bank form: the contract's bankBody (key pattern, English name, order ≤ 99999999, operator). */
const formSchema = bankBody.extend({ opId: z.string().trim().optional() });

/** Edit Bank / New Bank drawer (000 §5). English name first, then the other allowed languages. */
function BankDrawer({ ctx, rows }: { ctx: DrawerContext<BankRow>; rows: readonly BankRow[] }) {
  const isNew = ctx.openKey === NEW;
  const bank = isNew ? undefined : rows.find((b) => b.uuid === ctx.openKey);
  const { operators } = useSession();
  const isSuper = useIsSuper();
  const canCall = useCanCall();
  // OPERATOR_MANAGER reads the banks but does not change them (the calls' access rules).
  const maySave = canCall(isNew ? 'banking.bankCreate' : 'banking.bankUpdate');
  const mayDelete = canCall('banking.bankDelete');
  const { opId: scopeOpId } = useScope();
  const opId = bank?.opId ?? scopeOpId;
  const langs = useMemo(() => {
    const op = operators.find((o) => o.opId === opId);
    const list = op ? op.allowedLangs : isSuper ? [...LANGUAGES] : [DEFAULT_LANGUAGE];
    return [DEFAULT_LANGUAGE, ...list.filter((l) => l !== DEFAULT_LANGUAGE)];
  }, [operators, opId, isSuper]);
  const remove = useEndpointMutation('banking.bankDelete', { success: MSG.SUCCESS, errorTitle: MSG.UNABLE_TO_PROCEED, onDone: ctx.close });
  return (
    <EndpointDialog
      drawer
      endpoint={isNew ? 'banking.bankCreate' : 'banking.bankUpdate'}
      title={isNew ? 'New Bank' : 'Edit Bank'}
      schema={formSchema}
      defaultValues={{
        uuid: bank?.uuid,
        opId: opId ?? '',
        key: bank?.key ?? '',
        bankName: { ...Object.fromEntries(langs.map((l) => [l, ''])), ...bank?.bankName },
        order: bank?.order ?? 1,
        status: bank?.status ?? 'Active',
      }}
      checkOnSubmit
      discardText="The changes of this bank are not saved."
      submitText="Save"
      hideSubmit={!maySave}
      submitDisabled={() => isNew && !opId}
      onClose={ctx.close}
      input={(v) => {
        const body = { ...v, bankName: Object.fromEntries(Object.entries(v.bankName).filter(([, name]) => name.trim())), opId: v.opId || undefined };
        return (v.uuid ? { body: { ...body, uuid: v.uuid } } satisfies MutationInput<'banking.bankUpdate'> : { body: { ...body, opId: body.opId ?? '' } } satisfies MutationInput<'banking.bankCreate'>) as never;
      }}
      options={{ success: isNew ? PAYMENT_MESSAGES.BANK_ADDED : PAYMENT_MESSAGES.BANK_UPDATED }}
      actions={() =>
        bank && mayDelete && (
          <DeleteAction label="Delete Bank" title="Delete Bank" description={`Delete bank ${bank.key}?`} busy={remove.isPending} onConfirmed={() => remove.mutate({ query: { uuid: bank.uuid, opId: bank.opId } })} />
        )}
    >
      {({ control, watch, formState }) => (
        <>
          {!isNew && !bank && <Alert severity="info">{MSG.NOT_FOUND}</Alert>}
          {isNew && !opId && <Alert severity="warning">{PAYMENT_MESSAGES.BANK_SELECT_OPERATOR}</Alert>}
          <FormTextField control={control} name="key" label="Key" required maxLength={64} />
          {langs.map((l) => (
            <FormTextField key={l} control={control} name={`bankName.${l}`} label={`Bank name (${l})`} required={l === DEFAULT_LANGUAGE}
              disabled={l !== DEFAULT_LANGUAGE && !(watch('bankName.en') ?? '').trim()} maxLength={120} />
          ))}
          {formState.errors.bankName?.root?.message && <Alert severity="error">{formState.errors.bankName.root.message}</Alert>}
          {(formState.errors.bankName as { message?: string } | undefined)?.message && (
            <Typography color="error" variant="body2">
              {(formState.errors.bankName as { message?: string }).message}
            </Typography>
          )}
          <Controller
            name="order"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
                type="number"
                label="Order"
                required
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { min: 0, max: BANK_ORDER_MAX, step: 1 } }}
              />
            )}
          />
          <Controller
            name="status"
            control={control}
            render={({ field }) => (
              <TextField {...field} select label="Status">
                <MenuItem value="Active">Active</MenuItem>
                <MenuItem value="Inactive">Inactive</MenuItem>
              </TextField>
            )}
          />
          {formState.errors.opId?.message && <Alert severity="error">{formState.errors.opId.message}</Alert>}
          {!maySave && <Alert severity="info">{MSG.NO_PERMISSION}</Alert>}
        </>
      )}
    </EndpointDialog>
  );
}

/** /withdraw/bank-list — the banks players can choose, per operator. */
export default function BankListPage() {
  const list = useListParams(url);
  const canCall = useCanCall();
  const columns: Column<BankRow>[] = [
    { key: 'key', header: 'Key', render: (b) => b.key },
    { key: 'name', header: 'Bank name', render: (b) => b.bankName.en ?? '—' },
    { key: 'opId', header: 'Operator/Brand', render: (b) => operatorName(b) },
    { key: 'order', header: 'Order', align: 'right', render: (b) => b.order },
    { key: 'status', header: 'Status', render: (b) => <StatusChip status={b.status} /> },
  ];
  return (
    <ListPage<BankRow>
      label="Banks"
      list={list}
      queryKey={bankKeys.list}
      fetcher={fetchBanks}
      columns={columns}
      filters={FILTERS}
      rowKey={(b) => b.uuid}
      toolbar={
        canCall('banking.bankCreate') ? (
          <Button variant="contained" onClick={() => list.set({ drawer: NEW })}>
            New Bank
          </Button>
        ) : undefined
      }
      renderDrawer={(ctx) => <BankDrawer key={ctx.openKey} ctx={ctx} rows={ctx.rows} />}
    />
  );
}
