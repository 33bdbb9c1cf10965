import { Typography } from '@mui/material';
import { MSG, kycNoteSchema, type KycRecord } from '@pitboss/contract';
import { DecisionPanel } from '../kit/actions/DecisionPanel';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useConfirm } from '../kit/useConfirm';

const RULES = { approve: kycNoteSchema, reject: kycNoteSchema };

/**
 * Confirm / Reject with a required note for the player (000 §4, §5): each button is disabled
 * when there is no note or the document is already in that status. When an image of the
 * document cannot be seen (`unseenImages`), confirming asks for a second look first. While
 * another staff member holds the document (`held`), both buttons are disabled.
 */
export function KycDecision({ rec, unseenImages = [], held = false }: { rec: KycRecord; unseenImages?: readonly string[]; held?: boolean }) {
  const confirm = useConfirm();
  // A failure without the server's messages: "An error occurred." (000 §8).
  const m = useEndpointMutation('kyc.update', { success: MSG.KYC_APPROVED, errorFallback: () => MSG.KYC_GENERIC });
  return (
    <section aria-label="Decision">
      <DecisionPanel
        extra={<Typography variant="subtitle2" component="h3">Decision</Typography>}
        rules={RULES}
        labels={{ approve: 'Confirm' }}
        noteLabel="Note for the player"
        rows={3}
        disabled={{ approve: held || rec.kycStatus === 'CONFIRMED', reject: held || rec.kycStatus === 'REJECTED' }}
        beforeDecide={async (d) => d !== 'approve' || unseenImages.length === 0 || confirm({
          title: 'Take a second look',
          description: `${unseenImages.length === 1 ? 'An image' : `${unseenImages.length} images`} of this document could not be seen. Confirm the document only after checking it another way (otherwise reject it and ask the player to upload it again).`,
          confirmText: 'Confirm anyway',
        })}
        decide={(action, noteForPlayer) => m.mutateAsync({ body: { action, kycId: rec.kycId, noteForPlayer } })}
      />
    </section>
  );
}
