import { z } from 'zod';
import { GAME_LOG_TYPES, GAME_LOG_TYPE_LABELS, ROLE_LABELS, mayViewGameJson, type GameActivityView, type GameLogType, type Role } from '@pitboss/contract';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { DetailDrawer } from '../kit/DetailDrawer';
import { Fields } from '../kit/Fields';
import { JsonBlock } from '../kit/JsonBlock';
import { useListParams } from '../kit/useListParams';
import { useFormatTime, useSession } from '../shell/session';
import { withoutShellScope } from './common';

const urlShape = {
  type: z.enum(GAME_LOG_TYPES).optional(),
  targetId: z.string().trim().min(1).max(80).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'type', label: 'Type', type: 'select', options: GAME_LOG_TYPES.map((t) => ({ value: t, label: GAME_LOG_TYPE_LABELS[t] })) },
  { name: 'targetId', label: 'Record (slug, code or id)', maxLength: 80 },
];
const typeLabel = (t: string) => GAME_LOG_TYPE_LABELS[t as GameLogType] ?? t;

/**
 * /gamesV2/activities: the game activity log; a row opens Game Activity Log details (Details, and
 * JSON for SUPER_ADMIN alone, as the game drawer's: 000 §6 `mayViewGameJson`). The list names a
 * game by its title (its id in the drawer and the CSV); the subtype (the action's code) is in the
 * drawer only, the message says it in words.
 */
export default function GameActivitiesPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const { user } = useSession();
  const json = mayViewGameJson(user);
  const columns: Column<GameActivityView>[] = [
    { key: 'timestamp', header: 'Time', render: (a) => fmt(a.timestamp), simple: true },
    { key: 'message', header: 'Message', render: (a) => a.message, simple: true },
    { key: 'type', header: 'Type', render: (a) => typeLabel(a.type), csv: (a) => a.type },
    { key: 'target', header: 'Record', render: (a) => a.targetTitle ?? a.targetId ?? '—', csv: (a) => a.targetId ?? '' },
    { key: 'operator', header: 'Operator', render: (a) => a.opTitle ?? 'All operators' },
    { key: 'actor', header: 'By', render: (a) => a.actorEmail ?? '—', simple: true },
  ];
  return (
    <ListPage<GameActivityView>
      label="Game activities"
      endpoint="games.activities"
      list={list}
      columns={columns}
      filters={FILTERS}
      rowKey={(a) => a.uuid}
      exportName="game-activities"
      toRequest={withoutShellScope}
      renderDrawer={(ctx) => {
        const a = ctx.row;
        return (
          <DetailDrawer
            open title={a ? a.message : 'Game activity'} onClose={ctx.close}
            hasPrev={!!ctx.prevKey} hasNext={!!ctx.nextKey} onPrev={() => ctx.step(-1)} onNext={() => ctx.step(1)}
            tabs={a ? [
              { label: 'Details', content: <Fields items={[
                { label: 'UUID', value: a.uuid },
                { label: 'Time', value: fmt(a.timestamp) },
                { label: 'Environment', value: a.env },
                { label: 'Message', value: a.message },
                { label: 'Type', value: typeLabel(a.type) },
                { label: 'Subtype', value: a.subtype },
                { label: 'Record', value: a.targetTitle ? `${a.targetTitle} (${a.targetId})` : a.targetId ?? '—' },
                { label: 'Operator', value: a.opTitle ?? 'All operators' },
                { label: 'By', value: `${a.actorEmail ?? '—'} (${a.actorRole ? ROLE_LABELS[a.actorRole as Role] ?? a.actorRole : '—'})` },
                { label: 'Before', value: <JsonBlock value={a.logMeta.before} /> },
                { label: 'After', value: <JsonBlock value={a.logMeta.after} /> },
              ]} /> },
              ...(json ? [{ label: 'JSON', content: <JsonBlock value={a} /> }] : []),
            ] : []}
          />
        );
      }}
    />
  );
}
