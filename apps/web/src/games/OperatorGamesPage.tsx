import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Button } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { GAME_STATUSES, GAME_STATUS_LABELS, type OperatorGameView } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { apiData } from '../api/endpoint';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer } from '../kit/RecordDrawer';
import { useListParams } from '../kit/useListParams';
import { operatorName } from '../kit/operator';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { GameImage, GameStatusChip, offersGames, providerFilter } from './common';
import { OperatorGameDialog } from './OperatorGameDialog';

const urlShape = {
  operator: z.string().trim().min(1).max(64).optional(),
  search: z.string().trim().min(1).max(120).optional(),
  status: z.enum(GAME_STATUSES).optional(),
  aggregator: z.string().trim().min(1).max(64).optional(),
  provider: z.string().trim().min(1).max(64).optional(),
};

/**
 * /games and /games-cms/operator-games: the games the caller's operators offer, by order. The
 * operator selector is hidden on the games pages (000 §2.1): the operator is a filter of the page.
 * /games edits order and status in its drawer; Operator Games opens the entry's page.
 */
export default function OperatorGamesPage() {
  const { pathname } = useLocation();
  const cms = pathname.startsWith('/games-cms');
  const list = useListParams(urlShape);
  const { operators } = useSession();
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<OperatorGameView | null>(null);
  const aggs = useQuery({ queryKey: ['games.aggregators'], queryFn: () => apiData('games.aggregators', {}) });
  const filters: FilterDef[] = [
    { name: 'operator', label: 'Operator', type: 'select', options: operators.filter(offersGames).map((o) => ({ value: o.opId, label: o.parentOpId ? `↳ ${o.title}` : o.title })) },
    { name: 'search', label: 'Title', maxLength: 120 },
    { name: 'status', label: 'Status', type: 'select', options: GAME_STATUSES.map((s) => ({ value: s, label: GAME_STATUS_LABELS[s] })) },
    { name: 'aggregator', label: 'Aggregator', type: 'select', options: (aggs.data ?? []).map((a) => ({ value: a.aggregator, label: a.aggregator })) },
    providerFilter([...new Map((aggs.data ?? []).flatMap((a) => a.providers).map((p) => [p.slug, { value: p.slug, label: p.name }])).values()], canCall('games.providersSearch')),
  ];
  const columns: Column<OperatorGameView>[] = [
    { key: 'order', header: 'Order', align: 'right', render: (r) => r.order, simple: true },
    { key: 'image', header: '', render: (r) => <GameImage url={r.imageUrl} title={r.gameTitle} />, csv: () => '' },
    { key: 'title', header: 'Game', render: (r) => r.gameTitle, simple: true },
    { key: 'operator', header: 'Operator', render: (r) => operatorName(r), simple: true },
    { key: 'status', header: 'Status', render: (r) => <GameStatusChip status={r.status} />, csv: (r) => r.status, simple: true },
    { key: 'provider', header: 'Provider', render: (r) => r.providerName },
    { key: 'aggregator', header: 'Aggregator', render: (r) => r.aggregator },
    { key: 'catalogue', header: 'Catalogue status', render: (r) => <GameStatusChip status={r.gameStatus} />, csv: (r) => r.gameStatus },
    { key: 'updatedAt', header: 'Updated', render: (r) => fmt(r.updatedAt) },
  ];
  const mayEdit = canCall('games.operatorUpdate');
  return (
    <>
      <ListPage<OperatorGameView>
        key={pathname}
        label={cms ? 'Operator games' : 'Games'}
        endpoint="games.operatorList"
        list={list}
        columns={columns}
        filters={filters}
        rowKey={(r) => r.id}
        exportName="operator-games"
        toRequest={(b) => {
          const { operator, opId: _o, includeBrands: _b, isTest: _t, drawer: _d, ...rest } = b;
          return { ...rest, ...(operator ? { opId: operator } : {}) };
        }}
        onRowClick={cms ? (r) => navigate(linkTo('/games-cms/operator-games/:id', { id: r.id })) : undefined}
        renderDrawer={cms ? undefined : (ctx) => (
          <RecordDrawer
            ctx={ctx}
            title={(r) => `${r.gameTitle} — ${r.opTitle}`}
            fields={[
              { label: 'Game', value: (r) => r.gameTitle },
              { label: 'Operator', value: (r) => operatorName(r) },
              { label: 'Status', value: (r) => <GameStatusChip status={r.status} /> },
              { label: 'Order', value: (r) => r.order },
              { label: 'Provider', value: (r) => r.providerName },
              { label: 'Aggregator', value: (r) => `${r.aggregator} / ${r.aggregatorGameId}` },
              { label: 'Categories', value: (r) => r.categories.join(', ') || '—' },
              { label: 'Catalogue status', value: (r) => <GameStatusChip status={r.gameStatus} /> },
              { label: 'Updated', value: (r) => fmt(r.updatedAt) },
            ]}
            actions={mayEdit ? (r) => <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(r)}>Edit order and status</Button> : undefined}
          />
        )}
      />
      <Suspense fallback={null}>{editing && <OperatorGameDialog row={editing} onClose={() => setEditing(null)} />}</Suspense>
    </>
  );
}
