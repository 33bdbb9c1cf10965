import { TX_STATUSES, type TxStatus, type TxType } from '@pitboss/contract';
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
  /** Which money actions the drawer offers. */
  actions: 'none' | 'withdraw' | 'deposit';
}

export const TX_LIST_CONFIGS: Record<string, TxListConfig> = {
  [R.transactions.path]: { label: 'Transactions', actions: 'none' },
  [R.depositList.path]: { label: 'Deposits', type: 'DEPOSIT', actions: 'deposit' },
  [R.depositPending.path]: { label: 'Pending deposits', type: 'DEPOSIT', statuses: ['PENDING'], defaultStatus: 'PENDING', actions: 'deposit' },
  [R.depositOrders.path]: { label: 'Deposit orders', type: 'DEPOSIT', actions: 'deposit' },
  [R.withdrawList.path]: { label: 'Withdrawals', type: 'WITHDRAW', actions: 'withdraw' },
  [R.withdrawPending.path]: { label: 'Pending withdrawals', type: 'WITHDRAW', statuses: ['PENDING', 'IN_PROGRESS'], defaultStatus: 'PENDING', actions: 'withdraw' },
};

export const statusesOf = (c: TxListConfig): readonly TxStatus[] => c.statuses ?? TX_STATUSES;
