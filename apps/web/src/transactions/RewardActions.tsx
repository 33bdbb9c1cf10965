import { Suspense, useState } from 'react';
import { Button } from '@mui/material';
import { MSG, REWARD_MESSAGES } from '@pitboss/contract';
import { DECISION_ENDPOINTS, REWARD_TYPES, isRewardType, type RewardDecisionBody, type RewardType } from '../api/rewards';
import type { TxView } from '../api/transactions';
import { useCanCall } from '../shell/useCanCall';
import { lazyDialog } from '../kit/lazyDialog';

const RewardDecisionDialog = lazyDialog(() => import('./RewardDecisionDialog'), 'RewardDecisionDialog');

export type Decision = RewardDecisionBody['actionType'];

/**
 * How each pending reward is decided: the dialog title (001 §5 dialog names) and the contract's
 * success messages used when the server answers none. Who sees the buttons is the decision
 * call's own access rule in the endpoint table (the pages the reward is handled on; affiliate
 * withdrawals not for OPERATOR_MANAGER).
 */
export const REWARD_DECISIONS: Record<RewardType, { title: string; confirmed: string; rejected: string }> = {
  CASHBACK: {
    title: 'Cashback approve/reject',
    confirmed: REWARD_MESSAGES.CASHBACK_CONFIRMED,
    rejected: REWARD_MESSAGES.CASHBACK_REJECTED,
  },
  BONUS: {
    title: 'Bonus approve/reject',
    confirmed: REWARD_MESSAGES.BONUS_CONFIRMED,
    rejected: REWARD_MESSAGES.BONUS_REJECTED,
  },
  REFERRAL_PROFIT: {
    title: 'Referral claim approval',
    confirmed: REWARD_MESSAGES.REFERRAL_APPROVED,
    rejected: MSG.SUCCESS,
  },
  AFFILIATE: {
    title: 'Affiliate Withdraw Confirmation',
    confirmed: REWARD_MESSAGES.AFFILIATE_WITHDRAWN,
    rejected: MSG.SUCCESS,
  },
};

/**
 * Approve / Reject of a pending cashback, bonus, affiliate profit or referral claim, shown only
 * when the user may make the decision call. `types` narrows which reward types this list decides.
 */
export function RewardActions({ t, types = REWARD_TYPES }: { t: TxView; types?: readonly RewardType[] }) {
  const canCall = useCanCall();
  const [decision, setDecision] = useState<Decision | null>(null);
  const type = t.transactionType;
  if (!isRewardType(type) || !types.includes(type)) return null;
  // An open dialog stays mounted when the refreshed transaction leaves PENDING.
  const actionable = !t.isDeleted && t.status === 'PENDING' && canCall(DECISION_ENDPOINTS[type]);
  return (
    <>
      {actionable && (
        <>
          <Button size="small" variant="contained" onClick={() => setDecision('confirm')}>
            Approve
          </Button>
          <Button size="small" variant="outlined" color="error" onClick={() => setDecision('reject')}>
            Reject
          </Button>
        </>
      )}
      {decision && (
        <Suspense fallback={null}>
          <RewardDecisionDialog t={t} type={type} decision={decision} onClose={() => setDecision(null)} />
        </Suspense>
      )}
    </>
  );
}
