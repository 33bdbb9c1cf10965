import { useNavigate, Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { TOURNAMENT_STATUSES, TOURNAMENT_STATUS_LABELS } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { useScope } from '../shell/useScope';
import { TournamentStatusChip, eligibleOf, scoringLabel, type TournamentView } from './common';

const urlShape = {
  status: z.enum(TOURNAMENT_STATUSES).optional(),
  title: z.string().trim().min(1).max(100).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'status', label: 'Status', type: 'select', options: TOURNAMENT_STATUSES.map((s) => ({ value: s, label: TOURNAMENT_STATUS_LABELS[s] })) },
  { name: 'title', label: 'Title', maxLength: 100 },
];

/** /tournament/list: the tournaments, the latest end first; a row opens the tournament with its leaderboard. */
export default function TournamentsPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const navigate = useNavigate();
  const canCall = useCanCall();
  const { scopeSearch } = useScope();
  const columns: Column<TournamentView>[] = [
    { key: 'title', header: 'Title', render: (t) => t.title, simple: true },
    { key: 'operator', header: 'Operator', render: (t) => operatorName(t) },
    { key: 'status', header: 'Status', render: (t) => <TournamentStatusChip status={t.status} />, simple: true },
    { key: 'startsAt', header: 'Starts', render: (t) => fmt(t.startsAt), simple: true },
    { key: 'endsAt', header: 'Ends', render: (t) => fmt(t.endsAt), simple: true },
    { key: 'scoring', header: 'Scoring', render: (t) => scoringLabel(t.scoring) },
    { key: 'eligible', header: 'Providers / games', render: (t) => eligibleOf(t) },
    { key: 'pool', header: 'Prize pool', align: 'right', render: (t) => <Usd value={t.prizePoolUsd} />, simple: true },
  ];
  return (
    <ListPage<TournamentView>
      label="Tournaments"
      endpoint="tournaments.list"
      list={list}
      columns={columns}
      filters={FILTERS}
      rowKey={(t) => t.id}
      exportName="tournaments"
      onRowClick={(t) => navigate(linkTo('/tournament/:id', { id: t.id }, scopeSearch))}
      toolbar={canCall('tournaments.create') ? (
        <Button size="small" variant="contained" startIcon={<AddIcon />} component={RouterLink} to={linkTo('/tournament/new', undefined, scopeSearch)}>
          New Tournament
        </Button>
      ) : undefined}
    />
  );
}
