import { z } from 'zod';
import { Alert, MenuItem, Typography } from '@mui/material';
import {
  BONUS_FORM_MESSAGES, BONUS_PRIZE_TYPES, DECIMAL_PATTERN, needsFourEyes, bonusApproveForm, bonusFormForm, bonusRejectForm, bonusRequestForm, formatUsd, label,
  type BonusFormRow, type BonusRequestRow, type OperatorSummary,
} from '@pitboss/contract';
import { refusedOr } from '../api/client';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormSwitch } from '../kit/actions/FormSwitch';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormOperatorField } from '../kit/actions/FormOperatorField';
import { operatorName } from '../kit/operator';
import { useSession } from '../shell/session';
import { FourEyesFields, awaitingFirst, fourEyesBody, fourEyesDefaults, fourEyesFormFields } from '../kit/actions/FourEyesFields';
import { AcceptField, WalletNoteField } from '../wallet/WalletFields';
import { AbuseSignals } from './AbuseSignals';

/** The request of the dialogs, as staff read it: the player, the form and what was asked. */
function RequestSummary({ r }: { r: BonusRequestRow }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {r.username ? `${r.username} (${r.playerCode})` : r.playerCode} · {operatorName(r)} · {r.formTitle} · {label('bonusPrizeType', r.prizeType)} ·
      {' '}requested {formatUsd(r.amountInUSD)} — “{r.note}”
    </Typography>
  );
}

/** The Topup Player form: the accept checkbox starts unchecked and must be checked (the contract's literal true); the four-eyes reason when asked. */
const approveFormSchema = bonusApproveForm.extend({
  accept: z.boolean().refine((v) => v, BONUS_FORM_MESSAGES.ACCEPT_REQUIRED),
  ...fourEyesFormFields,
});

/** Topup Player (approve a bonus form request), 001 §2, §5: amount above 0 (at most the form's maximum), note, accept checkbox. */
export function TopupPlayerDialog({ r, onClose }: { r: BonusRequestRow; onClose: () => void }) {
  const wallet = r.prizeType === 'CASH' ? 'main wallet (in its currency, converted from USD)' : 'bonus wallet (USD)';
  // Four-eyes: a first approval awaits its second (by someone else), or this approval will be the first above the threshold.
  const first = awaitingFirst(r.firstApproval);
  return (
    <EndpointDialog
      endpoint="bonus.requestDecision"
      title={`Topup Player — ${r.playerCode}`}
      schema={approveFormSchema}
      defaultValues={{ amountInUSD: (first?.amountInUSD ?? r.amountInUSD).replace(/\.?0+$/, ''), note: '', accept: false, ...fourEyesDefaults }}
      checkOnSubmit
      submitText="Topup"
      onClose={onClose}
      input={(v) => {
        const reason = fourEyesBody(v, !first && needsFourEyes(v.amountInUSD, r.fourEyesThresholdInUSD));
        return { body: { requestId: r.requestId, bonusId: r.bonusId, playerCode: r.playerCode, opId: r.opId, action: 'APPROVE' as const, amountInUSD: v.amountInUSD, note: v.note, accept: true, ...reason } };
      }}
      options={{
        success: BONUS_FORM_MESSAGES.APPROVED, toast: (a) => a.messages[0] ?? BONUS_FORM_MESSAGES.APPROVED, errorTitle: BONUS_FORM_MESSAGES.APPROVE_FAILED,
        errorFallback: refusedOr(BONUS_FORM_MESSAGES.APPROVE_FAILED, BONUS_FORM_MESSAGES.APPROVE_ERROR),
      }}
    >
      {({ control, watch }) => (
        <>
          <RequestSummary r={r} />
          <AbuseSignals playerCode={r.playerCode} opId={r.opId} bonusId={r.bonusId} />
          <Alert severity="info">The amount is credited to the player&apos;s {wallet}, at most {formatUsd(r.maxAmountInUSD)}.</Alert>
          <FormTextField control={control} name="amountInUSD" label="Amount (USD)" required maxLength={24} />
          <FourEyesFields
            control={control} first={first} thresholdInUSD={r.fourEyesThresholdInUSD}
            needed={needsFourEyes(DECIMAL_PATTERN.test(watch('amountInUSD') ?? '') ? watch('amountInUSD') : '0', r.fourEyesThresholdInUSD)}
          />
          <WalletNoteField control={control} />
          <AcceptField control={control} label="I confirm this bonus top-up" />
        </>
      )}
    </EndpointDialog>
  );
}

/** Reject Bonus Request, 001 §5: the note is required and shown to the player (failure: "Failed to reject bonus request"). */
export function RejectBonusRequestDialog({ r, onClose }: { r: BonusRequestRow; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="bonus.requestDecision"
      title="Reject Bonus Request"
      schema={bonusRejectForm}
      defaultValues={{ note: '' }}
      checkOnSubmit
      submitText="Reject"
      submitColor="error"
      onClose={onClose}
      input={(v) => ({ body: { requestId: r.requestId, bonusId: r.bonusId, playerCode: r.playerCode, opId: r.opId, action: 'REJECT' as const, note: v.note } })}
      options={{
        success: BONUS_FORM_MESSAGES.REJECTED, errorTitle: BONUS_FORM_MESSAGES.REJECT_FAILED,
        errorFallback: refusedOr(BONUS_FORM_MESSAGES.REJECT_FAILED, BONUS_FORM_MESSAGES.REJECT_ERROR),
      }}
    >
      {({ control }) => (
        <>
          <RequestSummary r={r} />
          <FormTextField control={control} name="note" label="Note for the player" helperText="Shown to the player." multiline minRows={2} required maxLength={200} />
        </>
      )}
    </EndpointDialog>
  );
}

/** A request of a form for a player (the form's drawer): player code, amount (the form's default), note. */
export function BonusRequestDialog({ form, onClose }: { form: BonusFormRow; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="bonus.requestCreate"
      title={`Request ${form.title}`}
      schema={bonusRequestForm}
      defaultValues={{ playerCode: '', amountInUSD: form.defaultAmountInUSD.replace(/\.?0+$/, ''), note: '', prizeType: form.prizeType }}
      checkOnSubmit
      submitText="Send request"
      onClose={onClose}
      input={(v) => ({ body: { ...v, bonusId: form.bonusId, opId: form.opId } })}
      options={{ success: BONUS_FORM_MESSAGES.REQUEST_CREATED, errorTitle: BONUS_FORM_MESSAGES.REQUEST_FAILED }}
    >
      {({ control }) => (
        <>
          <Typography variant="body2" color="text.secondary">{operatorName(form)} · at most {formatUsd(form.maxAmountInUSD)}</Typography>
          <FormTextField control={control} name="playerCode" label="Player code" required maxLength={64} />
          <FormTextField control={control} name="prizeType" label="Prize type" select required>
            {BONUS_PRIZE_TYPES.map((p) => <MenuItem key={p} value={p}>{label('bonusPrizeType', p)}</MenuItem>)}
          </FormTextField>
          <FormTextField control={control} name="amountInUSD" label="Amount (USD)" required maxLength={24} />
          <WalletNoteField control={control} />
        </>
      )}
    </EndpointDialog>
  );
}

const newFormSchema = bonusFormForm.safeExtend({ opId: z.string().trim().min(1, BONUS_FORM_MESSAGES.OPERATOR_REQUIRED) });

/** New Bonus Form (/bonus/form/new): the operator or brand (the selected one by default), title, prize type, amounts, active. */
/** The operators a bonus form may belong to: ACTIVE operators and brands. */
const formOperator = (o: OperatorSummary) => (o.kind === 'OPERATOR' || o.kind === 'BRAND') && o.status === 'ACTIVE';

export function NewBonusFormDialog({ opId, onClose }: { opId: string | undefined; onClose: () => void }) {
  const { operators } = useSession();
  const choices = operators.filter(formOperator);
  return (
    <EndpointDialog
      drawer
      endpoint="bonus.formCreate"
      title="New Bonus Form"
      schema={newFormSchema}
      defaultValues={{ opId: opId && choices.some((c) => c.opId === opId) ? opId : '', title: '', prizeType: 'CASH', defaultAmountInUSD: '', maxAmountInUSD: '', isActive: true }}
      checkOnSubmit
      submitText="Create"
      discardText="This bonus form is not created."
      onClose={onClose}
      input={(v) => ({ body: v })}
      options={{ success: BONUS_FORM_MESSAGES.FORM_CREATED, errorTitle: BONUS_FORM_MESSAGES.CREATE_FAILED }}
    >
      {({ control }) => (
        <>
          <FormOperatorField control={control} required filter={formOperator} />
          <FormTextField control={control} name="title" label="Title" required maxLength={80} />
          <FormTextField control={control} name="prizeType" label="Prize type" select required>
            {BONUS_PRIZE_TYPES.map((p) => <MenuItem key={p} value={p}>{label('bonusPrizeType', p)}</MenuItem>)}
          </FormTextField>
          <FormTextField control={control} name="defaultAmountInUSD" label="Default amount (USD)" required maxLength={24} />
          <FormTextField control={control} name="maxAmountInUSD" label="Maximum amount (USD)" required maxLength={24} />
          <FormSwitch control={control} name="isActive" label="Active" />
        </>
      )}
    </EndpointDialog>
  );
}
