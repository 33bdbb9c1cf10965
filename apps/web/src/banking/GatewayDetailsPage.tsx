import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert, Button, CircularProgress, FormControlLabel, MenuItem, Paper, Stack, Switch, TextField, Typography,
} from '@mui/material';
import { BANKING_MESSAGES, MSG, PAYMENT_MESSAGES, gatewayEditBody, humanize, matchRoute, type GatewayDirection, providerName } from '@pitboss/contract';
import { ApiError } from '../api/client';
import { gatewayKeys, useGateway, type GatewayRow, type GatewayTestAnswer } from '../api/banking';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { Fields } from '../kit/Fields';
import { Money } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { formatUsd } from '../shell/rates';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { FormTextField } from '../kit/actions/FormTextField';
import { useScope } from '../shell/useScope';
import { gatewayV2Paths } from './gatewayConfig';

const formSchema = z.object({
  titleEn: z.string().trim().min(1, BANKING_MESSAGES.GATEWAY_TITLE_EN),
  currencies: z.string().trim().min(1, BANKING_MESSAGES.GATEWAY_CURRENCIES),
  minAmount: z.string(),
  maxAmount: z.string(),
  feePercentage: z.string(),
  isActive: z.boolean(),
  order: z.number({ error: BANKING_MESSAGES.GATEWAY_ORDER }),
});
type FormValues = z.infer<typeof formSchema>;

/**
 * The edit form: its values become the contract's gatewayEditBody (checked with it before
 * sending). Without the right to edit (OPERATOR_MANAGER) the settings are shown, not saved.
 */
function GatewayEditForm({ g, canEdit }: { g: GatewayRow; canEdit: boolean }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, formState, reset } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      titleEn: g.title.en ?? '', currencies: g.currencies.join(', '), minAmount: g.minAmount, maxAmount: g.maxAmount,
      feePercentage: g.feePercentage, isActive: g.isActive, order: g.order,
    },
  });
  const save = useEndpointMutation('banking.gatewayUpdate', { success: BANKING_MESSAGES.GATEWAY_UPDATED, onDone: () => reset(undefined, { keepValues: true }) });
  const submit = (v: FormValues) => {
    const body = {
      title: { ...g.title, en: v.titleEn.trim() },
      currencies: v.currencies.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean),
      minAmount: v.minAmount.trim(), maxAmount: v.maxAmount.trim(), feePercentage: v.feePercentage.trim(), isActive: v.isActive, order: v.order,
    };
    const parsed = gatewayEditBody.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? MSG.GENERIC_ERROR);
      return;
    }
    setProblem(null);
    save.mutate({ params: { uuid: g.uuid }, body: parsed.data });
  };
  const text = (name: Exclude<keyof FormValues, 'isActive' | 'order'>, label: string) => <FormTextField control={control} name={name} size="small" label={label} />;
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)} aria-label="Edit gateway">
      {text('titleEn', 'Title (en)')}
      {text('currencies', 'Currencies (comma separated)')}
      <Stack direction="row" spacing={2}>
        {text('minAmount', 'Min amount (USD)')}
        {text('maxAmount', 'Max amount (USD)')}
        {text('feePercentage', 'Fee %')}
      </Stack>
      <Controller
        name="order"
        control={control}
        render={({ field, fieldState }) => (
          <TextField {...field} size="small" type="number" label="Order" onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))} error={!!fieldState.error} helperText={fieldState.error?.message} />
        )}
      />
      <Controller
        name="isActive"
        control={control}
        render={({ field }) => <FormControlLabel control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="Active" />}
      />
      {problem && <Alert severity="error">{problem}</Alert>}
      {canEdit ? (
        <div>
          <Button type="submit" variant="contained" disabled={save.isPending || !formState.isDirty}>
            Save
          </Button>
        </div>
      ) : (
        <Alert severity="info">{MSG.NO_PERMISSION}</Alert>
      )}
    </Stack>
  );
}

/** "Test Your Settings" of a deposit gateway: fee, amount after fee, USD value and the limits check. */
function TestSettings({ g }: { g: GatewayRow }) {
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState(g.currencies[0] ?? '');
  const [result, setResult] = useState<GatewayTestAnswer | null>(null);
  // A calculation: its answer is shown here, nothing is toasted and no list changes.
  const test = useEndpointMutation('banking.depositTestSettings', { success: false, invalidate: false, errorTitle: MSG.UNABLE_TO_PROCEED, onDone: (a) => setResult(a.data) });
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2}>
        <TextField size="small" label="Amount" value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" slotProps={{ htmlInput: { maxLength: 24 } }} />
        <TextField size="small" select label="Currency" value={currency} onChange={(e) => setCurrency(e.target.value)} sx={{ minWidth: 120 }}>
          {g.currencies.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" disabled={!amount.trim() || !currency || test.isPending} onClick={() => test.mutate({ body: { gatewayUuid: g.uuid, amount: amount.trim(), currency } })}>
          Calculate
        </Button>
      </Stack>
      {result && (
        <>
          <Alert severity={result.withinLimits ? 'success' : 'warning'}>{result.message}</Alert>
          <Fields
            items={[
              { label: 'Fee', value: `${result.fee} ${result.currency} (${result.feePercentage}%)` },
              { label: 'Amount after fee', value: <Money amount={result.amountAfterFee} currency={result.currency} /> },
              { label: 'Amount (USD)', value: formatUsd(result.amountInUSD) },
              { label: 'After fee (USD)', value: formatUsd(result.amountAfterFeeInUSD) },
            ]}
          />
        </>
      )}
    </Stack>
  );
}

/** /deposit/gatewaysV2/:uuid and /withdraw/gatewaysV2/:uuid — one gateway: details, edit, test, delete. */
export default function GatewayDetailsPage() {
  const { uuid = '' } = useParams();
  const { pathname } = useLocation();
  const direction: GatewayDirection = matchRoute(pathname)?.path.startsWith('/withdraw') ? 'WITHDRAW' : 'DEPOSIT';
  const q = useGateway(uuid);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const navigate = useNavigate();
  const { scopeSearch } = useScope();
  const qc = useQueryClient();
  const remove = useEndpointMutation(direction === 'DEPOSIT' ? 'banking.depositGatewayDelete' : 'banking.withdrawGatewayDelete', {
    success: PAYMENT_MESSAGES.GATEWAY_DELETED,
    errorTitle: MSG.UNABLE_TO_PROCEED,
    onDone: () => {
      navigate(`${gatewayV2Paths(direction).list}${scopeSearch}`);
      qc.removeQueries({ queryKey: gatewayKeys.detail(uuid) });
    },
  });
  if (q.isPending) return <CircularProgress aria-label="Loading gateway" />;
  if (q.isError || !q.data || q.data.direction !== direction) {
    const msg = q.error instanceof ApiError && q.error.messages[0] ? q.error.messages[0] : BANKING_MESSAGES.GATEWAY_NOT_FOUND;
    return <Alert severity="error">{msg}</Alert>;
  }
  const g = q.data;
  const canEdit = canCall('banking.gatewayUpdate', { record: g });
  const canDelete = canCall(direction === 'DEPOSIT' ? 'banking.depositGatewayDelete' : 'banking.withdrawGatewayDelete', { record: g });
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {g.title.en ?? providerName(g.provider)}
          </Typography>
          {canDelete && (
            <DeleteAction
              label="Delete Gateway"
              title={direction === 'DEPOSIT' ? 'Delete Deposit Gateway' : 'Delete Withdraw Gateway'}
              description={`Delete gateway ${g.title.en ?? g.uuid}? Players will no longer see it.`}
              button={{ variant: 'outlined' }}
              busy={remove.isPending}
              onConfirmed={() => remove.mutate({ body: { uuid } })}
            />
          )}
        </Stack>
        <Fields
          items={[
            { label: 'Provider', value: providerName(g.provider) },
            { label: 'Operator/Brand', value: operatorName(g) },
            { label: 'Direction', value: humanize(g.direction) },
            { label: 'Updated', value: fmt(g.updatedAt) },
          ]}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          Settings
        </Typography>
        <GatewayEditForm key={g.updatedAt} g={g} canEdit={canEdit} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          Test Your Settings
        </Typography>
        {direction === 'DEPOSIT' ? <TestSettings g={g} /> : <Typography color="text.secondary">Coming Soon</Typography>}
      </Paper>
    </Stack>
  );
}
