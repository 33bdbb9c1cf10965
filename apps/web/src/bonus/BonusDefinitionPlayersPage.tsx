import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Button, Chip } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { PLAYER_DEPOSIT_BONUS_STATUSES, label, labelOptions, type PlayerDepositBonusRow } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { ListPage, type Column } from '../kit/ListPage';
import { RecordDrawer, type RecordField } from '../kit/RecordDrawer';
import { CopyButton } from '../kit/CopyButton';
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

const playerOf = (r: PlayerDepositBonusRow) => (r.username ? `${r.username} (${r.playerCode})` : r.playerCode);

/**
 * /bonus/list — Player Bonuses: which player received which deposit bonus, for which deposit, the
 * bonus and its wager. A row opens the Player Bonus Details drawer (001 §2: tabs Details and JSON,
 * the JSON for SUPER_ADMIN only, the kit's bonus rule), with a link to the bonus definition.
 */
export default function BonusDefinitionPlayersPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const { scopeSearch } = useScope();
  const columns: Column<PlayerDepositBonusRow>[] = [
    { key: 'createdAt', header: 'Received', render: (r) => fmt(r.createdAt), simple: true },
    { key: 'player', header: 'Player', render: playerOf, simple: true },
    { key: 'operator', header: 'Operator/Brand', render: (r) => operatorName(r) },
    { key: 'bonus', header: 'Bonus', render: (r) => r.title, simple: true },
    { key: 'deposit', header: 'Deposit', align: 'right', render: (r) => <Usd value={r.depositAmountInUSD} /> },
    { key: 'amount', header: 'Bonus amount', align: 'right', render: (r) => <Usd value={r.bonusAmountInUSD} />, simple: true },
    { key: 'wager', header: 'Wagered / required', align: 'right', nowrap: true, render: (r) => <><Usd value={r.wageredInUSD} /> / <Usd value={r.wagerRequiredInUSD} /></> },
    { key: 'status', header: 'Status', render: (r) => <StatusChip status={r.status} />, simple: true },
  ];
  // 001 §3 Player bonus: createdAt, bonusId (the definition, linked by name), uniuqeId, title, type, prizeType, bonusAmountInUSD, version.
  const fields: RecordField<PlayerDepositBonusRow>[] = [
    { label: 'Received', value: (r) => fmt(r.createdAt) },
    { label: 'Bonus', value: (r) => r.title },
    { label: 'Unique ID', value: (r) => <>{r.uniuqeId}<CopyButton value={r.uniuqeId} label="Copy unique ID" /></> },
    { label: 'Type', value: (r) => label('txSubType', r.type) },
    { label: 'Prize type', value: (r) => label('bonusPrizeType', r.prizeType) },
    { label: 'Bonus amount', value: (r) => <Usd value={r.bonusAmountInUSD} /> },
    { label: 'Version', value: (r) => r.version },
    { label: 'Player', value: playerOf },
    { label: 'Operator/Brand', value: (r) => operatorName(r) },
    { label: 'Deposit', value: (r) => <Usd value={r.depositAmountInUSD} /> },
    { label: 'Wagered / required', value: (r) => <><Usd value={r.wageredInUSD} /> / <Usd value={r.wagerRequiredInUSD} /></> },
    { label: 'Status', value: (r) => <StatusChip status={r.status} /> },
    { label: 'Completed at', value: (r) => fmt(r.completedAt) },
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
      renderDrawer={(ctx) => (
        <RecordDrawer
          bonus
          ctx={ctx}
          title={() => 'Player Bonus Details'}
          fields={fields}
          actions={(r) => (
            <Button size="small" component={RouterLink} to={linkTo('/bonus/:id', { id: r.bonusId }, scopeSearch)} endIcon={<OpenInNewIcon fontSize="small" />}>
              Open bonus definition
            </Button>
          )}
        />
      )}
    />
  );
}
