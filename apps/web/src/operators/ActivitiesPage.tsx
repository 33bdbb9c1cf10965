import { ActivitiesList, type ActivitiesConfig } from '../players/ActivitiesPage';

const OPERATOR_LOG: ActivitiesConfig = { log: 'operator', label: 'Operator activities', targetLabel: 'Operator ID' };

/** /operators/activities — activation and transformation records of the user's operators (one activities table feeds every log). */
export default function OperatorActivitiesPage() {
  return <ActivitiesList config={OPERATOR_LOG} />;
}
