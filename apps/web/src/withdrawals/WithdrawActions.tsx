import { Suspense, useState } from 'react';
import { Button } from '@mui/material';
import type { ProviderAnswer, TxView } from '../api/transactions';
import { useCan } from '../shell/session';
import { lazyDialog } from '../kit/lazyDialog';
import { ClaimNotice, useRecordClaim } from '../kit/claims';
import type { Decision } from './WithdrawDecisionDialog';

const ForceApproveDialog = lazyDialog(() => import('./ForceApproveDialog'), 'ForceApproveDialog');
const ResendDialog = lazyDialog(() => import('./ResendDialog'), 'ResendDialog');
const TomaniDialog = lazyDialog(() => import('./TomaniDialog'), 'TomaniDialog');
const WithdrawDecisionDialog = lazyDialog(() => import('./WithdrawDecisionDialog'), 'WithdrawDecisionDialog');

type Open =
  | { kind: 'decision'; decision: Decision }
  | { kind: 'tomani' }
  | { kind: 'force'; answer: ProviderAnswer; playerNote: string }
  | { kind: 'resend' }
  | null;

/**
 * The withdraw actions of a pending or in-progress withdrawal (001 §4): Approve (needs
 * transactions_withdraw_approve), Reject (transactions_withdraw_reject), Resend. Showing them
 * claims the withdrawal (kit/claims.tsx): while another staff member holds it, the drawer says
 * who and the decisions are disabled (the server refuses them too).
 */
export function WithdrawActions({ t }: { t: TxView }) {
  const allowed = useCan();
  const [open, setOpen] = useState<Open>(null);
  // Buttons only for pending / in-progress withdrawals; an open dialog stays mounted when the
  // refreshed transaction moves on (e.g. Resend showing its Gateway Response after CONFIRMED).
  const actionable = !t.isDeleted && (t.status === 'PENDING' || t.status === 'IN_PROGRESS');
  const canApprove = actionable && allowed('transactions_withdraw_approve');
  const canReject = actionable && allowed('transactions_withdraw_reject');
  const inProgress = t.status === 'IN_PROGRESS';
  const tomani = !inProgress && t.provider === 'tomani';
  const canResend = canApprove && !!t.provider && t.provider !== 'witcher';
  const claim = useRecordClaim('withdrawal', actionable && (canApprove || canReject) ? t.txId : null);
  const held = claim.heldByOther;
  const close = () => setOpen(null);
  return (
    <>
      <ClaimNotice claim={claim} kind="withdrawal" />
      {canApprove && (
        <Button size="small" variant="contained" disabled={held} onClick={() => setOpen(tomani ? { kind: 'tomani' } : { kind: 'decision', decision: 'confirm' })}>
          Approve Withdraw
        </Button>
      )}
      {canReject && (
        <Button size="small" variant="outlined" color="error" disabled={held} onClick={() => setOpen({ kind: 'decision', decision: 'reject' })}>
          Reject Withdraw
        </Button>
      )}
      {canResend && (
        <Button size="small" variant="outlined" disabled={held} onClick={() => setOpen({ kind: 'resend' })}>
          {t.provider === 'cpg' ? 'Resend (Card Gateway)' : 'Resend'}
        </Button>
      )}
      <Suspense fallback={null}>
        {open?.kind === 'decision' && (
          <WithdrawDecisionDialog
            t={t}
            decision={open.decision}
            onClose={close}
            onNeedsForce={(answer, playerNote) => setOpen({ kind: 'force', answer, playerNote })}
          />
        )}
        {open?.kind === 'tomani' && <TomaniDialog t={t} onClose={close} />}
        {open?.kind === 'force' && <ForceApproveDialog t={t} answer={open.answer} playerNote={open.playerNote} onClose={close} />}
        {open?.kind === 'resend' && <ResendDialog t={t} onClose={close} />}
      </Suspense>
    </>
  );
}
