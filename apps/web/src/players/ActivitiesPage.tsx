import { z } from 'zod';
import { Box } from '@mui/material';
import { ROLE_LABELS, humanize, type ActivityRow, type Role } from '@pitboss/contract';
import { activityKeys, fetchActivities } from '../api/activities';
import { DetailDrawer } from '../kit/DetailDrawer';
import { Fields } from '../kit/Fields';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { operatorName } from '../kit/operator';
import { useCan, useFormatTime } from '../shell/session';

const activitiesUrl = {
  targetId: z.string().trim().min(1).max(80).optional(),
  action: z.string().trim().min(1).max(80).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'targetId', label: 'Player code', maxLength: 80 },
  { name: 'action', label: 'Action', maxLength: 80 },
];
const json = (v: unknown) => (
  <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', bgcolor: 'grey.100', p: 1, borderRadius: 1 }}>
    {JSON.stringify(v, null, 2)}
  </Box>
);

/** One activity log page, configured by its log (player, transaction, …) and labels. */
export interface ActivitiesConfig {
  log: 'player' | 'transaction' | 'kyc' | 'bank_account' | 'operator' | 'ticket' | 'cms' | 'all';
  label: string;
  targetLabel: string;
}
const FILTERS_OF = (c: ActivitiesConfig): FilterDef[] => FILTERS.map((f) => (f.name === 'targetId' ? { ...f, label: c.targetLabel } : f));

export function ActivitiesList({ config }: { config: ActivitiesConfig }) {
  const list = useListParams(activitiesUrl);
  const fmt = useFormatTime();
  const allowed = useCan();
  const columns: Column<ActivityRow>[] = [
    { key: 'createdAt', header: 'Time', render: (a) => fmt(a.createdAt) },
    { key: 'action', header: 'Action', render: (a) => <span title={a.action}>{humanize(a.action)}</span> },
    ...(config.log === 'all' || config.log === 'cms' ? [{ key: 'targetType', header: 'Target type', render: (a: ActivityRow) => humanize(a.targetType) }] : []),
    { key: 'targetId', header: config.targetLabel, render: (a) => a.targetId ?? '—' },
    { key: 'actor', header: 'By', render: (a) => a.actorEmail ?? '—' },
    { key: 'opId', header: 'Operator/Brand', render: (a) => (a.opId ? operatorName(a) : 'All operators') },
  ];
  return (
    <ListPage<ActivityRow>
      label={config.label}
      list={list}
      queryKey={(b) => activityKeys.list({ ...b, log: config.log })}
      fetcher={(b) => fetchActivities({ ...b, log: config.log })}
      columns={columns}
      filters={FILTERS_OF(config)}
      rowKey={(a) => a.id}
      renderDrawer={(ctx) => (
        <DetailDrawer
          open
          title="Activity Log Details"
          onClose={ctx.close}
          hasPrev={!!ctx.prevKey}
          hasNext={!!ctx.nextKey}
          onPrev={() => ctx.step(-1)}
          onNext={() => ctx.step(1)}
          tabs={[
            {
              label: 'Details',
              content: ctx.row ? (
                <Fields
                  items={[
                    { label: 'Time', value: fmt(ctx.row.createdAt) },
                    { label: 'Action', value: humanize(ctx.row.action) },
                    { label: 'Target', value: `${humanize(ctx.row.targetType)} ${ctx.row.targetId ?? ''}` },
                    { label: 'Operator/Brand', value: ctx.row.opId ? operatorName(ctx.row) : 'All operators' },
                    { label: 'By', value: `${ctx.row.actorEmail ?? '—'} (${ctx.row.actorRole ? ROLE_LABELS[ctx.row.actorRole as Role] ?? humanize(ctx.row.actorRole) : '—'})` },
                    { label: 'IP', value: ctx.row.ip ?? '—' },
                    { label: 'Before', value: json(ctx.row.before) },
                    { label: 'After', value: json(ctx.row.after) },
                  ]}
                />
              ) : (
                'Not on this page.'
              ),
            },
            ...(allowed('json_tab') ? [{ label: 'JSON', content: json(ctx.row ?? null) }] : []),
          ]}
        />
      )}
    />
  );
}

const PLAYER_LOG: ActivitiesConfig = { log: 'player', label: 'Player activities', targetLabel: 'Player' };

/** /players/details-activities — the player activity log (log: 'player'). */
export default function ActivitiesPage() {
  return <ActivitiesList config={PLAYER_LOG} />;
}
