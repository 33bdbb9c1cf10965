import { Suspense, useState } from 'react';
import { useLocation, useNavigate, Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Button, Chip, MenuItem, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  ALL_OPERATORS, ALL_PROVIDERS, COUNTRIES, GAME_STATUSES, GAME_STATUS_LABELS, cmsAggregatorBody, mayViewGameJson, type GameDetailsView, type GameView,
} from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { apiData } from '../api/endpoint';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { DetailDrawer, type DrawerTab } from '../kit/DetailDrawer';
import { Fields } from '../kit/Fields';
import { JsonBlock } from '../kit/JsonBlock';
import { useListParams } from '../kit/useListParams';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';
import { FormOperatorField } from '../kit/actions/FormOperatorField';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { GameImage, GameStatusChip, offersGames, providerFilter, withoutShellScope } from './common';
import { EnableOperators } from './EnableOperators';

const urlShape = {
  search: z.string().trim().min(1).max(120).optional(),
  aggregator: z.string().trim().min(1).max(64).optional(),
  provider: z.string().trim().min(1).max(64).optional(),
  status: z.enum(GAME_STATUSES).optional(),
  category: z.string().trim().min(1).max(64).optional(),
};

/** Enable or disable every game of an aggregator (one provider or ALL) for one operator or all (*). */
function AggregatorDialog({ onClose }: { onClose: () => void }) {
  const aggs = useQuery({ queryKey: ['games.aggregators'], queryFn: () => apiData('games.aggregators', {}) });
  const [action, setAction] = useState<'enable' | 'disable'>('enable');
  return (
    <EndpointDialog
      endpoint={action === 'enable' ? 'games.cmsEnableAggregator' : 'games.cmsDisableAggregator'}
      title="Enable or disable games by aggregator"
      schema={cmsAggregatorBody}
      defaultValues={{ aggregator: '', providerId: ALL_PROVIDERS, opId: ALL_OPERATORS }}
      submitText={action === 'enable' ? 'Enable' : 'Disable'}
      confirm={(v) => ({ title: `${action === 'enable' ? 'Enable' : 'Disable'} the games of ${v.aggregator}?`, description: `Provider ${v.providerId}, operator ${v.opId === ALL_OPERATORS ? 'all operators' : v.opId}.` })}
      input={(v) => ({ body: v })}
      onClose={onClose}
    >
      {(form) => {
        const agg = aggs.data?.find((a) => a.aggregator === form.watch('aggregator'));
        return (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction="row" spacing={1}>
              <Chip label="Enable" color={action === 'enable' ? 'primary' : 'default'} onClick={() => setAction('enable')} />
              <Chip label="Disable" color={action === 'disable' ? 'primary' : 'default'} onClick={() => setAction('disable')} />
            </Stack>
            <FormTextField control={form.control} name="aggregator" label="Aggregator" select onValue={() => form.setValue('providerId', ALL_PROVIDERS)}>
              {(aggs.data ?? []).map((a) => <MenuItem key={a.aggregator} value={a.aggregator}>{a.aggregator} ({a.games} games)</MenuItem>)}
            </FormTextField>
            <FormTextField control={form.control} name="providerId" label="Provider" select>
              <MenuItem value={ALL_PROVIDERS}>All providers (ALL)</MenuItem>
              {(agg?.providers ?? []).map((p) => <MenuItem key={p.slug} value={p.slug}>{p.name} ({p.games})</MenuItem>)}
            </FormTextField>
            <FormOperatorField control={form.control} label="Operator" leading={[{ value: ALL_OPERATORS, label: 'All operators (*)' }]} filter={offersGames} />
          </Stack>
        );
      }}
    </EndpointDialog>
  );
}

/** The Game Details drawer (000 §2.3): Details, Restricted Countries, JSON (SUPER_ADMIN), Enable Operators (SUPER_ADMIN, ADMIN). */
function GameDrawer({ id, row, onClose, onPrev, onNext, hasPrev, hasNext }: {
  id: string; row: GameView | undefined; onClose: () => void; onPrev: () => void; onNext: () => void; hasPrev: boolean; hasNext: boolean;
}) {
  const { user } = useSession();
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const q = useQuery({ queryKey: ['games.get', id], queryFn: () => apiData('games.get', { params: { id } }) });
  const g: GameDetailsView | GameView | undefined = q.data ?? row;
  const del = useEndpointMutation('games.delete', { onDone: onClose });
  const tabs: DrawerTab[] = g ? [
    { label: 'Details', content: <Fields items={[
      { label: 'Image', value: <GameImage url={g.imageUrl} title={g.title} size={72} /> },
      { label: 'Title', value: g.title },
      { label: 'Provider', value: g.providerName },
      { label: 'Aggregator', value: `${g.aggregator} / ${g.aggregatorGameId}` },
      { label: 'Status', value: <GameStatusChip status={g.status} /> },
      { label: 'Order', value: g.order },
      { label: 'Categories', value: [...g.categories, ...g.subCategories].join(', ') || '—' },
      { label: 'Tags', value: g.tags.join(', ') || '—' },
      { label: 'Tag', value: g.tag ?? '—' },
      { label: 'Jurisdictions', value: g.jurisdictions.join(', ') || '—' },
      { label: 'RTP / display RTP', value: `${g.rtp ?? '—'} / ${g.displayRTP ?? '—'}` },
      { label: 'Demo / chat / branded', value: [g.hasDemo ? 'Demo' : null, g.hasChat ? 'Chat' : null, g.isBranded ? 'Branded' : null].filter(Boolean).join(', ') || '—' },
      { label: 'Operators', value: g.operatorsCount },
      { label: 'Updated', value: fmt(g.updatedAt) },
    ]} /> },
    { label: 'Restricted Countries', content: g.restrictedCountries.length
      ? <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>{g.restrictedCountries.map((c) => <Chip key={c} size="small" label={`${COUNTRIES[c] ?? c} (${c})`} />)}</Stack>
      : <Typography color="text.secondary">No restricted countries.</Typography> },
    ...(mayViewGameJson(user) ? [{ label: 'JSON', content: <JsonBlock value={g} /> }] : []),
    ...(canCall('games.operators') && q.data ? [{ label: 'Enable Operators', content: <EnableOperators game={q.data} /> }] : []),
  ] : [];
  return (
    <DetailDrawer
      open title={g?.title ?? 'Game'} onClose={onClose} hasPrev={hasPrev} hasNext={hasNext} onPrev={onPrev} onNext={onNext} width={640}
      headerActions={g ? (
        <Stack direction="row" spacing={1}>
          <Button size="small" component={RouterLink} to={linkTo('/gamesV2/:id', { id: g.id })} endIcon={<OpenInNewIcon fontSize="small" />}>Open details</Button>
          {canCall('games.delete') && (
            <DeleteAction
              title={`Delete ${g.title}?`} typeToConfirm={g.aggregatorGameId} busy={del.isPending} button={{ size: 'small' }}
              description="The game leaves the catalogue with every operator's entry and its images."
              onConfirmed={() => del.mutate({ query: { aggregator: g.aggregator, aggregatorGameId: g.aggregatorGameId } })}
            />
          )}
        </Stack>
      ) : undefined}
      tabs={tabs}
    />
  );
}

/** /gamesV2 and /games-cms/all-games: the catalogue. /gamesV2 opens the Game Details drawer; All Games opens the game's page and enables games by aggregator. */
export default function GamesCatalogPage() {
  const { pathname } = useLocation();
  const cms = pathname.startsWith('/games-cms');
  const list = useListParams(urlShape);
  const navigate = useNavigate();
  const canCall = useCanCall();
  const [bulk, setBulk] = useState(false);
  const aggs = useQuery({ queryKey: ['games.aggregators'], queryFn: () => apiData('games.aggregators', {}) });
  const filters: FilterDef[] = [
    { name: 'search', label: 'Title or game ID', maxLength: 120 },
    { name: 'aggregator', label: 'Aggregator', type: 'select', options: (aggs.data ?? []).map((a) => ({ value: a.aggregator, label: a.aggregator })) },
    providerFilter([...new Map((aggs.data ?? []).flatMap((a) => a.providers).map((p) => [p.slug, { value: p.slug, label: p.name }])).values()], canCall('games.providersSearch')),
    { name: 'status', label: 'Status', type: 'select', options: GAME_STATUSES.map((s) => ({ value: s, label: GAME_STATUS_LABELS[s] })) },
    { name: 'category', label: 'Category slug', maxLength: 64 },
  ];
  const columns: Column<GameView>[] = [
    { key: 'image', header: '', render: (g) => <GameImage url={g.imageUrl} title={g.title} />, csv: () => '' },
    { key: 'title', header: 'Title', render: (g) => g.title, simple: true },
    { key: 'provider', header: 'Provider', render: (g) => g.providerName, simple: true },
    { key: 'aggregator', header: 'Aggregator', render: (g) => g.aggregator },
    { key: 'categories', header: 'Categories', render: (g) => g.categories.join(', ') },
    { key: 'status', header: 'Status', render: (g) => <GameStatusChip status={g.status} />, csv: (g) => g.status, simple: true },
    { key: 'order', header: 'Order', align: 'right', render: (g) => g.order },
    { key: 'operators', header: 'Operators', align: 'right', render: (g) => g.operatorsCount },
  ];
  return (
    <ListPage<GameView>
      key={pathname}
      label={cms ? 'All games' : 'Games'}
      endpoint="games.list"
      list={list}
      columns={columns}
      filters={filters}
      rowKey={(g) => g.id}
      exportName="games"
      toRequest={withoutShellScope}
      onRowClick={cms ? (g) => navigate(linkTo('/games-cms/all-games/:id', { id: g.id })) : undefined}
      toolbar={cms && canCall('games.cmsEnableAggregator') ? (
        <>
          <Button size="small" variant="contained" onClick={() => setBulk(true)}>Enable / disable by aggregator</Button>
          <Suspense fallback={null}>{bulk && <AggregatorDialog onClose={() => setBulk(false)} />}</Suspense>
        </>
      ) : undefined}
      renderDrawer={cms ? undefined : (ctx) => (
        <GameDrawer
          id={ctx.openKey} row={ctx.row} onClose={ctx.close} hasPrev={!!ctx.prevKey} hasNext={!!ctx.nextKey} onPrev={() => ctx.step(-1)} onNext={() => ctx.step(1)}
        />
      )}
    />
  );
}
