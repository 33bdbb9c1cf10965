import { Suspense, useState } from 'react';
import { Button } from '@mui/material';
import { MSG, REWARD_MESSAGES, routeByPath } from '@pitboss/contract';
import { REWARD_TYPES, isRewardType, type RewardDecisionBody, type RewardType } from '../api/rewards';
import type { TxView } from '../api/transactions';
import { R } from '../routes/paths';
import { useCan } from '../shell/session';
import { lazyDialog } from '../kit/lazyDialog';

const RewardDecisionDialog = lazyDialog(() => import('./RewardDecisionDialog'), 'RewardDecisionDialog');

export type Decision = RewardDecisionBody['actionType'];

/** The page slug of a contract route that is not built yet (a typo fails at start-up). */
function slugOf(path: string): string {
  const r = routeByPath(path);
  if (!r) throw new Error(`Route ${path} is not in the contract table`);
  return r.slug;
}

/**
 * How each pending reward is decided: the dialog title (001 §5 dialog names), the page
 * permissions that show the buttons (any one of them: the lists the reward is handled on, the
 * same any-of the server checks; referral claims are affiliate pay-outs) and the contract's
 * success messages used when the server answers none.
 */
export const REWARD_DECISIONS: Record<RewardType, { title: string; anyOf: readonly string[]; confirmed: string; rejected: string }> = {
  CASHBACK: {
    title: 'Cashback approve/reject',
    anyOf: [R.cashbackPending.slug],
    confirmed: REWARD_MESSAGES.CASHBACK_CONFIRMED,
    rejected: REWARD_MESSAGES.CASHBACK_REJECTED,
  },
  BONUS: {
    title: 'Bonus approve/reject',
    anyOf: [slugOf('/bonus/claims'), R.claimedBonus.slug],
    confirmed: REWARD_MESSAGES.BONUS_CONFIRMED,
    rejected: REWARD_MESSAGES.BONUS_REJECTED,
  },
  REFERRAL_PROFIT: {
    title: 'Referral claim approval',
    anyOf: [R.affiliateProfitList.slug, R.affiliateProfitPending.slug],
    confirmed: REWARD_MESSAGES.REFERRAL_APPROVED,
    rejected: MSG.SUCCESS,
  },
  AFFILIATE: {
    title: 'Affiliate Withdraw Confirmation',
    anyOf: [R.affiliateProfitPending.slug],
    confirmed: REWARD_MESSAGES.AFFILIATE_WITHDRAWN,
    rejected: MSG.SUCCESS,
  },
};

/**
 * Approve / Reject of a pending cashback, bonus, affiliate profit or referral claim, shown only
 * with a page permission of the list it is decided on. `types` narrows which reward types this list decides.
 */
export function RewardActions({ t, types = REWARD_TYPES }: { t: TxView; types?: readonly RewardType[] }) {
  const allowed = useCan();
  const [decision, setDecision] = useState<Decision | null>(null);
  const type = t.transactionType;
  if (!isRewardType(type) || !types.includes(type)) return null;
  // An open dialog stays mounted when the refreshed transaction leaves PENDING.
  const actionable = !t.isDeleted && t.status === 'PENDING' && REWARD_DECISIONS[type].anyOf.some(allowed);
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
