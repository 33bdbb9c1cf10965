import { TX_STATUSES, TX_SUB_TYPES, type TxStatus, type TxSubType, type TxType } from '@pitboss/contract';
import type { RewardType } from '../api/rewards';
import { route, type RoutePath } from '@pitboss/contract/routes';

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

export const TX_LIST_CONFIGS: Partial<Record<RoutePath, TxListConfig>> = {
  // The general list offers the decisions that have no list of their own (pending bonus and referral claims).
  '/transactions/list': { label: 'Transactions', actions: 'reward', rewardTypes: ['BONUS', 'REFERRAL_PROFIT'] },
  '/deposit/list': { label: 'Deposits', type: 'DEPOSIT', actions: 'deposit' },
  '/deposit/pending': { label: 'Pending deposits', type: 'DEPOSIT', ...PENDING_OR_IN_FLIGHT, actions: 'deposit' },
  '/deposit/orders': { label: 'Deposit orders', type: 'DEPOSIT', actions: 'deposit' },
  '/withdraw/list': { label: 'Withdrawals', type: 'WITHDRAW', actions: 'withdraw' },
  '/withdraw/pending': { label: 'Pending withdrawals', type: 'WITHDRAW', statuses: ['PENDING', 'IN_PROGRESS', 'IN_FLIGHT'], defaultStatus: 'PENDING', actions: 'withdraw' },
  // Cashback: every status, `?status=CONFIRMED` (the status filter) narrows to the paid ones.
  '/transactions/cashback': { label: route('/transactions/cashback').title, type: 'CASHBACK', actions: 'reward' },
  '/transactions/pending-cashback': { label: route('/transactions/pending-cashback').title, type: 'CASHBACK', ...PENDING, actions: 'reward' },
  '/transactions/affiliate-profit': { label: route('/transactions/affiliate-profit').title, type: 'AFFILIATE', actions: 'reward' },
  '/transactions/pending-affiliate-profit': { label: route('/transactions/pending-affiliate-profit').title, type: 'AFFILIATE', ...PENDING, actions: 'reward' },
  '/transactions/claimed-bonus': { label: route('/transactions/claimed-bonus').title, type: 'BONUS', subTypes: BONUS_SUB_TYPES, defaultSubType: 'BONUS_CLAIM', actions: 'reward' },
  // The bonus area's lists of the same transactions: the claims (with their approvals), and every bonus transaction (the report reads the same list).
  '/bonus/claims': { label: route('/bonus/claims').title, type: 'BONUS', subTypes: BONUS_SUB_TYPES, defaultSubType: 'BONUS_CLAIM', actions: 'reward', rewardTypes: ['BONUS'] },
  '/bonus/transactions': { label: route('/bonus/transactions').title, type: 'BONUS', subTypes: BONUS_SUB_TYPES, actions: 'none' },
  '/reports/bonus-transactions': { label: route('/reports/bonus-transactions').title, type: 'BONUS', subTypes: BONUS_SUB_TYPES, actions: 'none' },
};

export const statusesOf = (c: TxListConfig): readonly TxStatus[] => c.statuses ?? TX_STATUSES;
export const subTypesOf = (c: TxListConfig): readonly TxSubType[] => c.subTypes ?? TX_SUB_TYPES;
