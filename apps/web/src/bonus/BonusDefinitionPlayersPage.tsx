import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Chip } from '@mui/material';
import { PLAYER_DEPOSIT_BONUS_STATUSES, label, labelOptions, type PlayerDepositBonusRow } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useListParams } from '../kit/useListParams';
import { withCellText } from '../kit/csv';
import { useFormatTime } from '../shell/session';
import { useScope } from '../shell/useScope';

const urlShape = {
  status: z.enum(PLAYER_DEPOSIT_BONUS_STATUSES).optional(),
  bonusId: z.uuid().optional(),
  playerCode: z.string().trim().min(1).max(64).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'status', label: 'Status', type: 'select', options: labelOptions('playerDepositBonusStatus', PLAYER_DEPOSIT_BONUS_STATUSES) },
  { name: 'playerCode', label: 'Player code', maxLength: 64 },
];
const COLOR = { ACTIVE: 'info', COMPLETED: 'success', EXPIRED: 'default', CANCELED: 'error' } as const;
const statusText = ({ status }: { status: string }) => label('playerDepositBonusStatus', status);
const StatusChip = withCellText(
  (p: { status: string }) => <Chip size="small" variant="outlined" label={statusText(p)} color={COLOR[p.status as keyof typeof COLOR] ?? 'default'} />,
  statusText,
);

/** /bonus/list — Player Bonuses: which player received which deposit bonus, for which deposit, the bonus and its wager. */
export default function BonusDefinitionPlayersPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const navigate = useNavigate();
  const { scopeSearch } = useScope();
  const columns: Column<PlayerDepositBonusRow>[] = [
    { key: 'createdAt', header: 'Received', render: (r) => fmt(r.createdAt), simple: true },
    { key: 'player', header: 'Player', render: (r) => (r.username ? `${r.username} (${r.playerCode})` : r.playerCode), simple: true },
    { key: 'operator', header: 'Operator/Brand', render: (r) => operatorName(r) },
    { key: 'bonus', header: 'Bonus', render: (r) => r.bonusTitle, simple: true },
    { key: 'deposit', header: 'Deposit', align: 'right', render: (r) => <Usd value={r.depositAmountInUSD} /> },
    { key: 'amount', header: 'Bonus amount', align: 'right', render: (r) => <Usd value={r.bonusAmountInUSD} />, simple: true },
    { key: 'wager', header: 'Wagered / required', align: 'right', render: (r) => <><Usd value={r.wageredInUSD} /> / <Usd value={r.wagerRequiredInUSD} /></> },
    { key: 'status', header: 'Status', render: (r) => <StatusChip status={r.status} />, simple: true },
  ];
  return (
    <ListPage<PlayerDepositBonusRow>
      label="Player bonuses"
      endpoint="bonusDefs.players"
      list={list}
      columns={columns}
      filters={FILTERS}
      rowKey={(r) => r.id}
      exportName="player-bonuses"
      onRowClick={(r) => navigate(linkTo('/bonus/:id', { id: r.bonusId }, scopeSearch))}
    />
  );
}
