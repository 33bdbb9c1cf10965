import { Typography } from '@mui/material';
import { MSG, kycNoteSchema, type KycRecord } from '@pitboss/contract';
import { DecisionPanel } from '../kit/actions/DecisionPanel';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';

const RULES = { approve: kycNoteSchema, reject: kycNoteSchema };

/**
 * Confirm / Reject with a required note for the player (000 §4, §5): each button is disabled
 * when there is no note or the document is already in that status.
 */
export function KycDecision({ rec }: { rec: KycRecord }) {
  const m = useEndpointMutation('kyc.update', { success: MSG.KYC_APPROVED });
  return (
    <section aria-label="Decision">
      <DecisionPanel
        extra={<Typography variant="subtitle2" component="h3">Decision</Typography>}
        rules={RULES}
        labels={{ approve: 'Confirm' }}
        noteLabel="Note for the player"
        rows={3}
        disabled={{ approve: rec.kycStatus === 'CONFIRMED', reject: rec.kycStatus === 'REJECTED' }}
        decide={(action, noteForPlayer) => m.mutateAsync({ body: { action, kycId: rec.kycId, noteForPlayer } })}
      />
    </section>
  );
}
