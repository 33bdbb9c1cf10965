import { TX_STATUSES, TX_SUB_TYPES, type TxStatus, type TxSubType, type TxType } from '@pitboss/contract';
import type { RewardType } from '../api/rewards';
import { R } from '../routes/paths';

/**
 * The transaction lists differ only by configuration (STYLE: one component, several
 * configurations): a fixed type, a fixed or default status and which actions the drawer offers.
 */
export interface TxListConfig {
  label: string;
  /** Sent with every call; the type filter is hidden when set. */
  type?: TxType;
  /** Statuses offered by the status filter (all when absent); a single one is fixed. */
  statuses?: readonly TxStatus[];
  /** Status used when the URL has none. */
  defaultStatus?: TxStatus;
  /** Sub-types offered by the sub-type filter (all when absent). */
  subTypes?: readonly TxSubType[];
  /** Sub-type used when the URL has none. */
  defaultSubType?: TxSubType;
  /** Which money actions the drawer offers. */
  actions: TxActions;
  /** With `actions: 'reward'`: the pending reward types offered Approve/Reject (all reward types when absent). */
  rewardTypes?: readonly RewardType[];
}
export type TxActions = 'none' | 'withdraw' | 'deposit' | 'reward';

const PENDING = { statuses: ['PENDING'], defaultStatus: 'PENDING' } as const;
/** Deposits and withdrawals also show the ones whose provider call is out (IN_FLIGHT: no action until it settles). */
const PENDING_OR_IN_FLIGHT = { statuses: ['PENDING', 'IN_FLIGHT'], defaultStatus: 'PENDING' } as const;
const BONUS_SUB_TYPES = ['BONUS_CLAIM', 'DEPOSIT_BONUS', 'MANUAL_BONUS', 'REGISTRATION_BONUS', 'OTHER'] as const satisfies readonly TxSubType[];

export const TX_LIST_CONFIGS: Record<string, TxListConfig> = {
  // The general list offers the decisions that have no list of their own (pending bonus and referral claims).
  [R.transactions.path]: { label: 'Transactions', actions: 'reward', rewardTypes: ['BONUS', 'REFERRAL_PROFIT'] },
  [R.depositList.path]: { label: 'Deposits', type: 'DEPOSIT', actions: 'deposit' },
  [R.depositPending.path]: { label: 'Pending deposits', type: 'DEPOSIT', ...PENDING_OR_IN_FLIGHT, actions: 'deposit' },
  [R.depositOrders.path]: { label: 'Deposit orders', type: 'DEPOSIT', actions: 'deposit' },
  [R.withdrawList.path]: { label: 'Withdrawals', type: 'WITHDRAW', actions: 'withdraw' },
  [R.withdrawPending.path]: { label: 'Pending withdrawals', type: 'WITHDRAW', statuses: ['PENDING', 'IN_PROGRESS', 'IN_FLIGHT'], defaultStatus: 'PENDING', actions: 'withdraw' },
  // Cashback: every status, `?status=CONFIRMED` (the status filter) narrows to the paid ones.
  [R.cashbackList.path]: { label: R.cashbackList.title, type: 'CASHBACK', actions: 'reward' },
  [R.cashbackPending.path]: { label: R.cashbackPending.title, type: 'CASHBACK', ...PENDING, actions: 'reward' },
  [R.affiliateProfitList.path]: { label: R.affiliateProfitList.title, type: 'AFFILIATE', actions: 'reward' },
  [R.affiliateProfitPending.path]: { label: R.affiliateProfitPending.title, type: 'AFFILIATE', ...PENDING, actions: 'reward' },
  [R.claimedBonus.path]: { label: R.claimedBonus.title, type: 'BONUS', subTypes: BONUS_SUB_TYPES, defaultSubType: 'BONUS_CLAIM', actions: 'reward' },
};

export const statusesOf = (c: TxListConfig): readonly TxStatus[] => c.statuses ?? TX_STATUSES;
export const subTypesOf = (c: TxListConfig): readonly TxSubType[] => c.subTypes ?? TX_SUB_TYPES;
