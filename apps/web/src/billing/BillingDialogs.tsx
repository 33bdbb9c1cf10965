/** The billing dialogs (002 §2), loaded when first opened; each form is the contract's schema the server also enforces. */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useFieldArray, useForm, type Control, type UseFormReturn } from 'react-hook-form';
import {
  BILLING_CURRENCIES, BILLING_MESSAGES, EMPTY_INVOICE_SETTINGS, MSG, BILLING_NOTE_MAX, BILLING_TEXT_MAX, MANUAL_PAYMENT_DEFAULTS, MANUAL_PAYMENT_TYPES, MONTHS, PAYMENT_TYPE_LABELS,
  PROVIDER_PAYMENT_NOTE, TEST_PLAYERS_INCLUSIONS, TEST_PLAYERS_LABELS, cpgPaymentUpdateForm, invoiceGenerateForm, invoiceRecordForm, invoiceRunForm,
  invoiceSettingsForm, invoiceV2CreateForm, invoiceV2UpdateForm, invoiceYears, manualPaymentUpdateForm, manualPaymentForm, paymentCreateForm, paymentInUsd, previousMonth,
  type PaymentType,
} from '@pitboss/contract';
import type { BillingRecordView, BodyOf } from '@pitboss/contract/endpoint-schemas';
import { formatUsd } from '@pitboss/contract/decimal';
import { ApiError } from '../api/client';
import { apiData } from '../api/endpoint';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormDialog } from '../kit/actions/FormDialog';
import { FormDateTimeField } from '../kit/actions/FormDateTimeField';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormOperatorField } from '../kit/actions/FormOperatorField';
import { FormSwitch } from '../kit/actions/FormSwitch';
import { useEndpointMutation, type MutationInput } from '../kit/actions/useEndpointMutation';
import { useConfirm } from '../kit/useConfirm';
import { CopyButton } from '../kit/CopyButton';
import { Usd } from '../kit/Money';
import { useIsSuper, useSession } from '../shell/session';

const monthLabel = (m: string) => m.charAt(0) + m.slice(1).toLowerCase();

/** The operators a billing form may pick (operators and partners the user sees, by title). */
function OperatorField({ control, disabled }: { control: Control<any, unknown, any>; disabled?: boolean }) {
  return <FormOperatorField control={control} label="Operator" required disabled={disabled} />;
}

/** Now, to the minute (what a date and time field shows is what is sent). */
const nowToMinute = () => { const d = new Date(); d.setSeconds(0, 0); return d.toISOString(); };

type InvoiceWrite = 'billing.invoiceGenerate' | 'billing.invoiceCreate';

/**
 * Sends an invoice of an operator and month; CONFLICT_ERROR (the month is invoiced) opens the
 * Existing Invoice dialog, whose confirmation resends with overwriteExistingInvoice (002 §4).
 */
function useInvoiceWrite<K extends InvoiceWrite>(endpoint: K, onClose: () => void) {
  const confirm = useConfirm();
  const sent = useRef<BodyOf<K> | null>(null);
  const write = useEndpointMutation(endpoint, {
    onDone: onClose,
    // The conflict is a question, not an error: asked in the Existing Invoice dialog.
    warning: (e) => e.code === 'CONFLICT_ERROR',
    onFailed: (e) => {
      if (!(e instanceof ApiError) || e.code !== 'CONFLICT_ERROR' || !sent.current) return;
      const body = { ...sent.current, overwriteExistingInvoice: true };
      void confirm({ title: 'Existing Invoice', description: BILLING_MESSAGES.CONFLICT, confirmText: 'Overwrite' })
        .then((ok) => { if (ok) write.mutate({ body } as MutationInput<K>); });
    },
  });
  return { busy: write.isPending, send: (body: BodyOf<K>) => { sent.current = body; write.mutate({ body } as MutationInput<K>); } };
}

/** Generate Invoice Form (issued at defaults to now, shown in the user's time zone, 002 §5); CONFLICT_ERROR opens the Existing Invoice dialog, whose confirmation resends with overwriteExistingInvoice (002 §4). */
export function GenerateInvoiceDialog({ opId, onClose }: { opId?: string; onClose: () => void }) {
  const { user } = useSession();
  const prev = previousMonth();
  const generate = useInvoiceWrite('billing.invoiceGenerate', onClose);
  return (
    <FormDialog
      title="Generate Invoice"
      schema={invoiceGenerateForm}
      drawer
      busy={generate.busy}
      defaultValues={{ opId: opId ?? '', title: `Invoice ${MONTHS[prev.month - 1]} ${prev.year}`, month: MONTHS[prev.month - 1], year: prev.year, issuedAt: nowToMinute(), testPlayersInclusion: 'NO_TEST', includeBrands: true, reference: '', note: '', description: '' }}
      submitText="Generate"
      onClose={onClose}
      onSubmit={(v) => generate.send(v)}
    >
      {({ control }) => (
        <>
          <OperatorField control={control as never} />
          <FormTextField control={control} name="title" label="Title" required maxLength={BILLING_TEXT_MAX} />
          <Stack direction="row" spacing={2}>
            <FormTextField control={control} name="month" select label="Month" required sx={{ flex: 1 }}>
              {MONTHS.map((m) => <MenuItem key={m} value={m}>{monthLabel(m)}</MenuItem>)}
            </FormTextField>
            <FormTextField control={control} name="year" select label="Year" required sx={{ flex: 1 }}>
              {invoiceYears().map((y) => <MenuItem key={y} value={y}>{y}</MenuItem>)}
            </FormTextField>
          </Stack>
          <FormDateTimeField control={control} name="issuedAt" label="Issued at" tz={user.timezone} fullWidth />
          <FormTextField control={control} name="testPlayersInclusion" select label="Test players" required>
            {TEST_PLAYERS_INCLUSIONS.map((t) => <MenuItem key={t} value={t}>{TEST_PLAYERS_LABELS[t]}</MenuItem>)}
          </FormTextField>
          <FormSwitch control={control} name="includeBrands" label="Include brands" />
          <FormTextField control={control} name="reference" label="Reference" required maxLength={BILLING_TEXT_MAX} />
          <FormTextField control={control} name="note" label="Note" required multiline minRows={2} maxLength={BILLING_NOTE_MAX} />
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} maxLength={BILLING_NOTE_MAX} />
        </>
      )}
    </FormDialog>
  );
}

/** New Payment Form: an amount in USD, issued at now unless changed. */
export function NewPaymentDialog({ opId, onClose }: { opId?: string; onClose: () => void }) {
  const { user } = useSession();
  return (
    <EndpointDialog
      endpoint="billing.paymentCreate" title="New Payment" schema={paymentCreateForm} drawer submitText="Add Payment" onClose={onClose}
      defaultValues={{ opId: opId ?? '', title: '', paidBy: '', amountInUSD: '', reference: '', description: '', issuedAt: nowToMinute() }}
      input={(v) => ({ body: v })}
    >
      {({ control }) => (
        <>
          <OperatorField control={control as never} />
          <FormTextField control={control} name="title" label="Title" required maxLength={BILLING_TEXT_MAX} />
          <FormTextField control={control} name="paidBy" label="Paid by" required maxLength={BILLING_TEXT_MAX} />
          <FormTextField control={control} name="amountInUSD" label="Amount (USD)" required inputMode="decimal" />
          <FormDateTimeField control={control} name="issuedAt" label="Issued at" tz={user.timezone} fullWidth />
          <FormTextField control={control} name="reference" label="Reference" required maxLength={BILLING_TEXT_MAX} />
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} maxLength={BILLING_NOTE_MAX} />
        </>
      )}
    </EndpointDialog>
  );
}

/**
 * Add Payment (manual) and Edit Manual Payment: defaults Cash / TRX / rate 1 / amount 1; amount in USD = rate × amount,
 * read-only (002 §4); the issue date (now unless changed) and the month and year it pays (the previous month unless changed).
 */
export function ManualPaymentDialog({ opId, row, onClose }: { opId?: string; row?: BillingRecordView; onClose: () => void }) {
  const { user } = useSession();
  const editing = !!row;
  const schema = editing ? manualPaymentUpdateForm : manualPaymentForm;
  const prev = previousMonth();
  // A payment recorded without a period reads as the month it was issued in (as the list's filters do).
  const issued = row ? new Date(row.issuedAt) : null;
  const defaults = row
    ? {
        id: row.id, opId: row.opId, paymentType: row.paymentType as PaymentType, currency: (row.currency ?? 'TRX') as 'TRX', amount: row.amount ?? '1', exchangeRateInUSD: row.exchangeRateInUSD ?? '1', description: row.description,
        issuedDate: row.issuedAt, year: row.year ?? issued!.getUTCFullYear(), month: row.month ?? issued!.getUTCMonth() + 1, ...(row.paidInvoiceNo ? { invoiceNo: row.paidInvoiceNo } : {}),
      }
    : { opId: opId ?? '', ...MANUAL_PAYMENT_DEFAULTS, description: '', issuedDate: nowToMinute(), year: prev.year, month: prev.month };
  return (
    <EndpointDialog
      endpoint={editing ? 'billing.manualPaymentUpdate' : 'billing.manualPaymentCreate'} title={editing ? 'Edit Manual Payment' : 'Add Payment'}
      schema={schema as typeof manualPaymentUpdateForm} drawer submitText={editing ? 'Save' : 'Add Payment'} onClose={onClose}
      defaultValues={defaults as never}
      // 002 §5: the invoice number is sent only when nonzero.
      input={(v) => ({ body: { ...v, ...(v.invoiceNo ? {} : { invoiceNo: undefined }) } }) as never}
    >
      {({ control, watch }) => (
        <>
          <OperatorField control={control as never} disabled={editing} />
          <FormTextField control={control} name="paymentType" select label="Payment type" required>
            {MANUAL_PAYMENT_TYPES.map((t) => <MenuItem key={t} value={t}>{PAYMENT_TYPE_LABELS[t]}</MenuItem>)}
          </FormTextField>
          <FormTextField control={control} name="invoiceNo" label="Invoice No. (optional)" inputMode="numeric" />
          <FormTextField control={control} name="currency" select label="Currency" required>
            {BILLING_CURRENCIES.map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
          </FormTextField>
          <FormTextField control={control} name="amount" label="Amount" required inputMode="decimal" />
          <FormTextField control={control} name="exchangeRateInUSD" label="Exchange rate in USD" required inputMode="decimal" />
          <TextField label="Amount in USD" value={formatUsd(paymentInUsd(String(watch('amount') ?? ''), String(watch('exchangeRateInUSD') ?? '')))} slotProps={{ input: { readOnly: true } }} />
          <FormDateTimeField control={control} name="issuedDate" label="Issued date" tz={user.timezone} fullWidth />
          <Stack direction="row" spacing={2}>
            <FormTextField control={control} name="month" select label="Month" sx={{ flex: 1 }}>
              {MONTHS.map((m, i) => <MenuItem key={m} value={i + 1}>{monthLabel(m)}</MenuItem>)}
            </FormTextField>
            <FormTextField control={control} name="year" select label="Year" sx={{ flex: 1 }}>
              {invoiceYears().map((y) => <MenuItem key={y} value={y}>{y}</MenuItem>)}
            </FormTextField>
          </Stack>
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} maxLength={BILLING_NOTE_MAX} />
        </>
      )}
    </EndpointDialog>
  );
}

/** Edit CPG Transfer payment: the provider's figures read-only, the description and invoice editable. */
export function CpgPaymentDialog({ row, onClose }: { row: BillingRecordView; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="billing.cpgPaymentUpdate" title="Edit CPG Transfer" schema={cpgPaymentUpdateForm} submitText="Save" onClose={onClose}
      defaultValues={{ id: row.id, opId: row.opId, description: row.description, ...(row.paidInvoiceNo ? { invoiceNo: row.paidInvoiceNo } : {}) }}
      input={(v) => ({ body: v })}
    >
      {({ control }) => (
        <>
          <TextField label="Payment type" value={PAYMENT_TYPE_LABELS.CPG_TRANSFER} slotProps={{ input: { readOnly: true } }} />
          <TextField label="Amount" value={`${row.amount ?? ''} ${row.currency ?? ''}`} slotProps={{ input: { readOnly: true } }} />
          <TextField label="Amount in USD" value={formatUsd(row.amountInUSD)} slotProps={{ input: { readOnly: true } }} />
          <FormTextField control={control} name="invoiceNo" label="Invoice No. (optional)" inputMode="numeric" />
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} maxLength={BILLING_NOTE_MAX} />
        </>
      )}
    </EndpointDialog>
  );
}

/** Edit Operator Invoice Record: title, reference (link or proof), note, description. */
export function InvoiceRecordDialog({ row, onClose }: { row: BillingRecordView; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="billing.invoiceRecordUpdate" title="Edit Operator Invoice Record" schema={invoiceRecordForm} submitText="Save" onClose={onClose}
      defaultValues={{ id: row.id, title: row.title, reference: row.reference, note: row.note, description: row.description }}
      input={(v) => ({ body: v })}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="title" label="Title" required maxLength={BILLING_TEXT_MAX} />
          <FormTextField control={control} name="reference" label="Reference (link or proof)" maxLength={BILLING_TEXT_MAX} />
          <FormTextField control={control} name="note" label="Note" multiline minRows={2} maxLength={BILLING_NOTE_MAX} />
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} maxLength={BILLING_NOTE_MAX} />
        </>
      )}
    </EndpointDialog>
  );
}

function CostsField({ control }: { control: Control<any, unknown, any> }) {
  const costs = useFieldArray({ control, name: 'additionalCosts' });
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">Additional costs</Typography>
      {costs.fields.map((f, i) => (
        <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <FormTextField control={control} name={`additionalCosts.${i}.name` as never} label="Name" size="small" maxLength={100} sx={{ flex: 2 }} />
          <FormTextField control={control} name={`additionalCosts.${i}.value` as never} label="USD" size="small" inputMode="decimal" sx={{ flex: 1 }} />
          <IconButton aria-label="Remove cost" onClick={() => costs.remove(i)}><DeleteIcon /></IconButton>
        </Stack>
      ))}
      <Box><Button size="small" startIcon={<AddIcon />} onClick={() => costs.append({ name: '', value: '0' })}>Add cost</Button></Box>
    </Stack>
  );
}

/** The fee fields (percentages and fixed fees); Brand Fee only where `brandFee` (002 §4: with override on). */
function FeeFields({ control, brandFee = true }: { control: Control<any, unknown, any>; brandFee?: boolean }) {
  return (
    <>
      <Stack direction="row" spacing={2}>
        <FormTextField control={control} name="casinoGGRPercentage" label="Casino GGR %" inputMode="decimal" sx={{ flex: 1 }} />
        <FormTextField control={control} name="sportGGRPercentage" label="Sport GGR %" inputMode="decimal" sx={{ flex: 1 }} />
      </Stack>
      <Stack direction="row" spacing={2}>
        <FormTextField control={control} name="premiumSportInUSD" label="Premium sport (USD)" inputMode="decimal" sx={{ flex: 1 }} />
        <FormTextField control={control} name="premiumBotInUSD" label="Premium bot (USD)" inputMode="decimal" sx={{ flex: 1 }} />
      </Stack>
      <Stack direction="row" spacing={2}>
        {brandFee && <FormTextField control={control} name="brandFeeInUSD" label="Brand fee per brand (USD)" inputMode="decimal" sx={{ flex: 1 }} />}
        <FormTextField control={control} name="minMonthlyFeeInUSD" label="Minimum monthly fee (USD)" inputMode="decimal" sx={{ flex: 1 }} />
      </Stack>
      <CostsField control={control as never} />
    </>
  );
}

const FEE_KEYS = ['casinoGGRPercentage', 'sportGGRPercentage', 'premiumSportInUSD', 'premiumBotInUSD', 'brandFeeInUSD', 'minMonthlyFeeInUSD', 'additionalCosts'] as const;

/** With Override Settings on, the fee fields start from the picked operator's invoice settings (its own, else its parent's). */
function SettingsPrefill({ form }: { form: UseFormReturn<any, unknown, any> }) {
  const opId = form.watch('opId') as string;
  const on = !!form.watch('overrideSettings');
  const q = useQuery({
    queryKey: ['billing.settingsGet', opId], queryFn: () => apiData('billing.settingsGet', { query: { opId } }), enabled: on && !!opId, retry: false,
  });
  const d = q.data;
  useEffect(() => {
    if (!on || !d) return;
    for (const k of FEE_KEYS) form.setValue(k, d[k], { shouldValidate: true, shouldDirty: true });
  }, [on, d, form]);
  return on && d && !d.saved ? <Alert severity="warning">{BILLING_MESSAGES.NO_SETTINGS}</Alert> : null;
}

/**
 * Edit Operator Invoice (`row`): the note (SUPER_ADMIN and ADMIN) and, with Override Settings, the
 * fee fields recomputed from the invoice's GGR. New Invoice (no `row`, 002 §3 invoice form):
 * operator, year, month, issue date and, with Override Settings, the invoice's own fees;
 * POST /api/billingV2/invoice, with the Existing Invoice prompt on CONFLICT_ERROR.
 */
export function InvoiceDialog({ row, opId, onClose }: { row?: BillingRecordView; opId?: string; onClose: () => void }) {
  const { user } = useSession();
  if (!row) return <NewInvoiceDialog opId={opId} onClose={onClose} />;
  const s = row.settings;
  return (
    <EndpointDialog
      endpoint="billing.invoiceUpdate" title="Edit Operator Invoice" schema={invoiceV2UpdateForm} drawer submitText="Save" onClose={onClose}
      defaultValues={{
        invoiceId: row.id, opId: row.opId, issuedAt: row.issuedAt, description: row.description, superAdminNote: row.superAdminNote ?? '', overrideSettings: false,
        casinoGGRPercentage: s?.casinoGGRPercentage, sportGGRPercentage: s?.sportGGRPercentage, premiumSportInUSD: s?.premiumSportInUSD,
        premiumBotInUSD: s?.premiumBotInUSD, brandFeeInUSD: s?.brandFeeInUSD, minMonthlyFeeInUSD: s?.minMonthlyFeeInUSD, additionalCosts: s?.additionalCosts ?? [],
      }}
      input={(v) => ({ body: v })}
    >
      {({ control, watch }) => (
        <>
          <TextField label="Period" value={`${monthLabel(MONTHS[(row.month ?? 1) - 1]!)} ${row.year ?? ''}`} slotProps={{ input: { readOnly: true } }} />
          <FormDateTimeField control={control} name="issuedAt" label="Issued at" tz={user.timezone} fullWidth />
          <FormTextField control={control} name="superAdminNote" label="Note" multiline minRows={2} maxLength={BILLING_NOTE_MAX} />
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} maxLength={BILLING_NOTE_MAX} />
          <FormSwitch control={control} name="overrideSettings" label="Override Settings" hint="Recompute this invoice from its month's GGR with these fees." />
          {watch('overrideSettings') && <FeeFields control={control as never} brandFee />}
        </>
      )}
    </EndpointDialog>
  );
}

function NewInvoiceDialog({ opId, onClose }: { opId?: string; onClose: () => void }) {
  const { user } = useSession();
  const prev = previousMonth();
  const create = useInvoiceWrite('billing.invoiceCreate', onClose);
  return (
    <FormDialog
      title="New Invoice"
      schema={invoiceV2CreateForm}
      drawer
      busy={create.busy}
      defaultValues={{ opId: opId ?? '', year: prev.year, month: prev.month, issuedAt: nowToMinute(), description: '', superAdminNote: '', overrideSettings: false, overwriteExistingInvoice: false }}
      submitText="Create Invoice"
      onClose={onClose}
      onSubmit={(v) => create.send(v)}
    >
      {(form) => {
        const { control, watch } = form;
        return (
          <>
            <OperatorField control={control as never} />
            <Stack direction="row" spacing={2}>
              <FormTextField control={control} name="month" select label="Month" required sx={{ flex: 1 }}>
                {MONTHS.map((m, i) => <MenuItem key={m} value={i + 1}>{monthLabel(m)}</MenuItem>)}
              </FormTextField>
              <FormTextField control={control} name="year" select label="Year" required sx={{ flex: 1 }}>
                {invoiceYears().map((y) => <MenuItem key={y} value={y}>{y}</MenuItem>)}
              </FormTextField>
            </Stack>
            <FormDateTimeField control={control} name="issuedAt" label="Issued at" tz={user.timezone} fullWidth />
            <FormTextField control={control} name="superAdminNote" label="Note" multiline minRows={2} maxLength={BILLING_NOTE_MAX} />
            <FormTextField control={control} name="description" label="Description" multiline minRows={2} maxLength={BILLING_NOTE_MAX} />
            <FormSwitch control={control} name="overrideSettings" label="Override Settings" hint="This invoice's own fees instead of the operator's settings." />
            <SettingsPrefill form={form as never} />
            {watch('overrideSettings') && <FeeFields control={control as never} brandFee />}
          </>
        );
      }}
    </FormDialog>
  );
}

/** Invoice Setting (per operator): the six fee fields and standing additional costs; "No Settings Found." as a warning. */
export function InvoiceSettingsDialog({ opId, onClose }: { opId: string; onClose: () => void }) {
  const q = useQuery({ queryKey: ['billing.settingsGet', opId], queryFn: () => apiData('billing.settingsGet', { query: { opId } }), retry: false });
  if (q.isPending) return null;
  // A failed read still opens the form, empty, with the failure as its warning (002 §7).
  const failure = q.error ? (q.error instanceof ApiError && q.error.messages[0]) || MSG.GENERIC_ERROR : null;
  const d = q.data ?? { ...EMPTY_INVOICE_SETTINGS, saved: true };
  return (
    <EndpointDialog
      endpoint="billing.settingsSave" title="Invoice Setting" schema={invoiceSettingsForm} drawer submitText="Save" onClose={onClose}
      defaultValues={{ opId, casinoGGRPercentage: d.casinoGGRPercentage, sportGGRPercentage: d.sportGGRPercentage, premiumSportInUSD: d.premiumSportInUSD, premiumBotInUSD: d.premiumBotInUSD, brandFeeInUSD: d.brandFeeInUSD, minMonthlyFeeInUSD: d.minMonthlyFeeInUSD, additionalCosts: d.additionalCosts }}
      input={(v) => ({ body: v })}
    >
      {({ control }) => (
        <>
          {failure && <Alert severity="warning">{failure}</Alert>}
          {!d.saved && <Alert severity="warning">{BILLING_MESSAGES.NO_SETTINGS}</Alert>}
          <FeeFields control={control as never} />
        </>
      )}
    </EndpointDialog>
  );
}

/** Invoice every operator of a month in the background (the run's progress shows on /billing/invoices). */
export function InvoiceRunDialog({ onClose }: { onClose: () => void }) {
  const prev = previousMonth();
  return (
    <EndpointDialog
      endpoint="billing.runStart" title="Invoice every operator" schema={invoiceRunForm} submitText="Start" onClose={onClose}
      defaultValues={{ month: MONTHS[prev.month - 1], year: prev.year, testPlayersInclusion: 'NO_TEST', overwriteExistingInvoice: false }}
      input={(v) => ({ body: v })}
    >
      {({ control }) => (
        <>
          <Stack direction="row" spacing={2}>
            <FormTextField control={control} name="month" select label="Month" sx={{ flex: 1 }}>{MONTHS.map((m) => <MenuItem key={m} value={m}>{monthLabel(m)}</MenuItem>)}</FormTextField>
            <FormTextField control={control} name="year" select label="Year" sx={{ flex: 1 }}>{invoiceYears().map((y) => <MenuItem key={y} value={y}>{y}</MenuItem>)}</FormTextField>
          </Stack>
          <FormTextField control={control} name="testPlayersInclusion" select label="Test players">
            {TEST_PLAYERS_INCLUSIONS.map((t) => <MenuItem key={t} value={t}>{TEST_PLAYERS_LABELS[t]}</MenuItem>)}
          </FormTextField>
          <FormSwitch control={control} name="overwriteExistingInvoice" label="Overwrite existing invoices" />
        </>
      )}
    </EndpointDialog>
  );
}

/**
 * Provider Payment: the operator's CPG wallet (QR code, address, copy), debt and balance, the provider note (002 §9).
 * SUPER_ADMIN and ADMIN pick the operator (002 §6); others see their own operator's wallet (`opId`).
 */
export function ProviderPaymentDialog({ opId, onClose }: { opId?: string; onClose: () => void }) {
  const pick = useIsSuper();
  const { control, watch } = useForm<{ opId: string }>({ defaultValues: { opId: opId ?? '' } });
  const picked = pick ? watch('opId') : opId ?? '';
  const q = useQuery({
    queryKey: ['billing.dashboardCards', picked, 'wallet'], queryFn: () => apiData('billing.dashboardCards', { body: { opId: picked, includeBrands: true } }), enabled: !!picked,
  });
  const d = picked ? q.data : undefined;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Provider Payment</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {pick && <FormOperatorField control={control} label="Operator" required />}
          {pick && !picked && <Alert severity="info">{BILLING_MESSAGES.OPERATOR_REQUIRED}</Alert>}
          {d ? (
            <Stack spacing={2} sx={{ alignItems: "center" }}>
              <img src={d.cpgBillingWallets.qrCode} alt="CPG billing wallet QR code" width={200} height={200} />
              <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="cpg-address">{d.cpgBillingWallets.address}</Typography>
                <CopyButton value={d.cpgBillingWallets.address} />
              </Stack>
              <Typography variant="caption">{d.cpgBillingWallets.network}</Typography>
              <Stack direction="row" spacing={3}>
                <Box><Typography variant="caption">Debt</Typography><Typography><Usd value={d.debt.amountInUSD} /></Typography></Box>
                <Box><Typography variant="caption">Paid through CPG</Typography><Typography><Usd value={d.cpgProvider.amountInUSD} /></Typography></Box>
              </Stack>
              <Alert severity="info">{PROVIDER_PAYMENT_NOTE}</Alert>
            </Stack>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>Close</Button></DialogActions>
    </Dialog>
  );
}
