import { ActivitiesList, type ActivitiesConfig } from '../players/ActivitiesPage';

const ALL_LOG: ActivitiesConfig = { log: 'all', label: 'Activities', targetLabel: 'Target' };

/** /settings/activities — every audited change within the user's operators (one activities table feeds every log). */
export default function SettingsActivitiesPage() {
  return <ActivitiesList config={ALL_LOG} />;
}
