import { useNavigate } from 'react-router';
import { z } from 'zod';
import { WINNER_STATUSES, WINNER_STATUS_LABELS } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';
import { useScope } from '../shell/useScope';
import { PayoutButtons, Prize, Score, WinnerStatusChip, winnerName, type WinnerView } from './common';

const urlShape = {
  status: z.enum(WINNER_STATUSES).optional(),
  tournamentId: z.uuid().optional(),
  playerCode: z.string().trim().min(1).max(64).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'status', label: 'Prize status', type: 'select', options: WINNER_STATUSES.map((s) => ({ value: s, label: WINNER_STATUS_LABELS[s] })) },
  { name: 'playerCode', label: 'Player code', maxLength: 64 },
];

/** /tournament/winners/list: the winners of ended tournaments, the latest first, with Winner Prize Payout Confirmation. */
export default function WinnersPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const navigate = useNavigate();
  const { scopeSearch } = useScope();
  const columns: Column<WinnerView>[] = [
    { key: 'tournament', header: 'Tournament', render: (w) => w.tournamentTitle, simple: true },
    { key: 'rank', header: 'Rank', align: 'right', render: (w) => w.rank, simple: true },
    { key: 'player', header: 'Player', render: (w) => winnerName(w), simple: true },
    { key: 'operator', header: 'Operator', render: (w) => operatorName(w) },
    { key: 'score', header: 'Score', align: 'right', render: (w) => <Score score={w.score} scoring={w.scoring} /> },
    { key: 'prize', header: 'Prize', align: 'right', render: (w) => <Prize w={w} />, csv: (w) => `${w.prizeAmount} ${w.currency}`, simple: true },
    { key: 'status', header: 'Status', render: (w) => <WinnerStatusChip status={w.status} />, simple: true },
    { key: 'createdAt', header: 'Fixed', render: (w) => fmt(w.createdAt) },
    { key: 'actions', header: '', render: (w) => <span onClick={(e) => e.stopPropagation()}><PayoutButtons winner={w} /></span>, csv: () => '' },
  ];
  return (
    <ListPage<WinnerView>
      label="Tournament winners"
      endpoint="tournaments.winners"
      list={list}
      columns={columns}
      filters={FILTERS}
      rowKey={(w) => w.id}
      exportName="tournament-winners"
      onRowClick={(w) => navigate(linkTo('/tournament/winners/:id', { id: w.id }, scopeSearch))}
    />
  );
}
