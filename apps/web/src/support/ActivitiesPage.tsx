import { ActivitiesList, type ActivitiesConfig } from '../players/ActivitiesPage';

const TICKET_LOG: ActivitiesConfig = { log: 'ticket', label: 'Support activities', targetLabel: 'Ticket number' };

/** /support/activities — the activity log component configured with log 'ticket' (create, status, reply, claim, release). */
export default function SupportActivitiesPage() {
  return <ActivitiesList config={TICKET_LOG} />;
}
