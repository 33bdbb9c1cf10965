import { ActivitiesList, type ActivitiesConfig } from '../players/ActivitiesPage';

const CMS_LOG: ActivitiesConfig = { log: 'cms', label: 'CMS activities', targetLabel: 'Content' };

/** /cms/activities — the CMS changes (sections, pages, posts, footer, media) of the user's operators (one activities table feeds every log). */
export default function CmsActivitiesPage() {
  return <ActivitiesList config={CMS_LOG} />;
}
