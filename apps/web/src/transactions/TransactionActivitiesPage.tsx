import { ActivitiesList, type ActivitiesConfig } from '../players/ActivitiesPage';

const TRANSACTION_LOG: ActivitiesConfig = { log: 'transaction', label: 'Transaction activities', targetLabel: 'Transaction ID' };

/** /transactions/transactions-activities — the activity log component configured with log 'transaction'. */
export default function TransactionActivitiesPage() {
  return <ActivitiesList config={TRANSACTION_LOG} />;
}
