import { Controller } from 'react-hook-form';
import { Alert, Checkbox, FormControlLabel, FormHelperText, Typography } from '@mui/material';
import { PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, WITHDRAW_PROVIDER_SUFFIXES, needsFourEyes, withdrawDecisionForm, type WithdrawProviderSuffix, providerName } from '@pitboss/contract';
import { paymentErrors, useTransaction, type ProviderAnswer, type TxView } from '../api/transactions';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FourEyesFields, awaitingFirst, fourEyesBody, fourEyesDefaults, fourEyesFormFields } from '../kit/actions/FourEyesFields';
import { Money } from '../kit/Money';
import type { MutationInput } from '../kit/actions/useEndpointMutation';
import { NoteField } from './NoteField';

export type Decision = 'confirm' | 'reject';

/** The provider suffix route of a withdrawal (undefined: Witcher / Tomani reject / no provider use PUT /withdraw). */
export const suffixOf = (provider: string | null): WithdrawProviderSuffix | undefined =>
  WITHDRAW_PROVIDER_SUFFIXES.find((s) => s === provider);

/** Approving: the note is optional; rejecting: required (the player is told why the money came back). */
const FORMS = { confirm: withdrawDecisionForm(false).extend(fourEyesFormFields), reject: withdrawDecisionForm(true).extend(fourEyesFormFields) };

/**
 * A pending withdrawal's four-eyes state (its details answer): the first approval awaiting its
 * second, and whether confirming it now is a first approval above the operator's threshold.
 */
export function useWithdrawFourEyes(t: TxView) {
  const details = useTransaction(t.txId);
  const state = t.status === 'PENDING' ? details.data?.fourEyes : undefined;
  const first = awaitingFirst(state?.firstApproval);
  return { first, thresholdInUSD: state?.thresholdInUSD ?? null, asFirst: !first && needsFourEyes(t.fromAmountInUSD, state?.thresholdInUSD) };
}

/**
 * General withdraw approve/reject (001 §4). IN_PROGRESS: the in-progress call (APPROVE/REJECT).
 * Otherwise the provider route; rejecting asks the required "Include in Daily Withdraw Request"
 * (default on). A confirmation answered with status 0 hands over to the Force Approve dialog.
 */
export function WithdrawDecisionDialog(props: { t: TxView; decision: Decision; onClose: () => void; onNeedsForce: (a: ProviderAnswer, playerNote: string) => void }) {
  const { t, decision } = props;
  const inProgress = t.status === 'IN_PROGRESS';
  const suffix = suffixOf(t.provider);
  const confirm = decision === 'confirm';
  const held = (data: unknown): data is ProviderAnswer => confirm && !!data && (data as Partial<ProviderAnswer>).status === 0;
  const fourEyes = useWithdrawFourEyes(t);
  return (
    <EndpointDialog
      endpoint={inProgress ? 'payments.withdrawInProgress' : suffix ? 'payments.withdrawProvider' : 'payments.withdraw'}
      title={confirm ? 'Approve Withdraw' : 'Reject Withdraw'}
      schema={FORMS[decision]}
      defaultValues={{ playerNote: '', countsTowardDailyLimit: true, ...fourEyesDefaults }}
      checkOnSubmit
      submitText={confirm ? 'Approve' : 'Reject'}
      submitColor={confirm ? 'primary' : 'error'}
      onClose={props.onClose}
      input={({ playerNote, countsTowardDailyLimit, ...reason }) => {
        // Three calls of the table (one per route); each branch is checked against its own endpoint.
        const body = { txId: t.txId, actionType: decision, playerNote, ...(confirm ? fourEyesBody(reason, fourEyes.asFirst) : { countsTowardDailyLimit }) };
        if (inProgress) return { body: { txId: t.txId, note: playerNote, status: confirm ? 'APPROVE' : 'REJECT' } } satisfies MutationInput<'payments.withdrawInProgress'> as never;
        return (suffix ? { params: { suffix }, body } satisfies MutationInput<'payments.withdrawProvider'> : { body } satisfies MutationInput<'payments.withdraw'>) as never;
      }}
      options={{
        ...paymentErrors(inProgress ? PAYMENT_MESSAGES.IN_PROGRESS_FAILED : PAYMENT_MESSAGES.UNEXPECTED),
        success: ({ data }) => !held(data) && (confirm ? PAYMENT_MESSAGES.WITHDRAW_CONFIRMED : PAYMENT_MESSAGES.WITHDRAW_REJECTED),
        onDone: ({ data }, { body }) => (held(data) ? props.onNeedsForce(data, (body as { playerNote?: string }).playerNote ?? '') : props.onClose()),
      }}
    >
      {({ control }) => (
        <>
          <Typography variant="body2">
            <Money amount={t.toAmount} currency={t.toCurrency} /> · player {t.player.playerCode} · {t.provider ? providerName(t.provider) : 'no provider'}
            {inProgress ? ' · in progress' : ''}
          </Typography>
          {confirm && t.provider === 'witcher' && <Alert severity="warning">{PAYMENT_FLOW_MESSAGES.WITCHER_NO_AUTOMATION}</Alert>}
          {!confirm && <Alert severity="info">The amount returns to the player&apos;s wallet.</Alert>}
          {confirm && !inProgress && <FourEyesFields control={control} first={fourEyes.first} needed={fourEyes.asFirst} thresholdInUSD={fourEyes.thresholdInUSD} />}
          <NoteField control={control} name="playerNote" required={!confirm} />
          {!confirm && !inProgress && (
            <div>
              <Controller
                name="countsTowardDailyLimit"
                control={control}
                render={({ field }) => (
                  <FormControlLabel control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="Include in Daily Withdraw Request" />
                )}
              />
              <FormHelperText>Required: whether this withdrawal counts toward the player&apos;s daily withdraw request limit.</FormHelperText>
            </div>
          )}
        </>
      )}
    </EndpointDialog>
  );
}
