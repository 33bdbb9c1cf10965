import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button, Chip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { BONUS_BET_TYPES, BONUS_DEFINITION_EDITABLE_STATUSES, label, labelOptions, type BonusDefinitionRow } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { Usd } from '../kit/Money';
import { lazyDialog } from '../kit/lazyDialog';
import { operatorName } from '../kit/operator';
import { useListParams } from '../kit/useListParams';
import { withCellText } from '../kit/csv';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { useScope } from '../shell/useScope';

const NewDialog = lazyDialog(() => import('./BonusDefinitionDialogs'), 'NewBonusDefinitionDialog');

const urlShape = {
  status: z.enum(BONUS_DEFINITION_EDITABLE_STATUSES).optional(),
  betType: z.enum(BONUS_BET_TYPES).optional(),
  title: z.string().trim().min(1).max(100).optional(),
};
// DELETED is a soft delete: never a filter option (001 §4).
const FILTERS: FilterDef[] = [
  { name: 'status', label: 'Status', type: 'select', options: labelOptions('bonusDefinitionStatus', BONUS_DEFINITION_EDITABLE_STATUSES) },
  { name: 'betType', label: 'Bet type', type: 'select', options: labelOptions('bonusBetType', BONUS_BET_TYPES) },
  { name: 'title', label: 'Title', maxLength: 100 },
];

const statusText = ({ status }: { status: string }) => label('bonusDefinitionStatus', status);
/** ACTIVE green, DEACTIVE ("Disabled") grey, DELETED red. */
export const BonusDefinitionStatusChip = withCellText(
  (p: { status: string }) => <Chip size="small" variant="outlined" label={statusText(p)} color={p.status === 'ACTIVE' ? 'success' : p.status === 'DELETED' ? 'error' : 'default'} />,
  statusText,
);
export const percentText = (d: { percentage: string }) => `${d.percentage}%`;

/** /bonus — the deposit bonus definitions of the selected operators, the latest start first; a row opens Bonus Details. */
export default function BonusDefinitionsPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const navigate = useNavigate();
  const canCall = useCanCall();
  const { scopeSearch } = useScope();
  const [creating, setCreating] = useState(false);
  const open = (d: BonusDefinitionRow) => navigate(linkTo('/bonus/:id', { id: d.bonusId }, scopeSearch));
  const columns: Column<BonusDefinitionRow>[] = [
    { key: 'title', header: 'Title', render: (d) => d.title, simple: true },
    { key: 'operator', header: 'Operator/Brand', render: (d) => operatorName(d) },
    { key: 'status', header: 'Status', render: (d) => <BonusDefinitionStatusChip status={d.status} />, simple: true },
    { key: 'start', header: 'Start', render: (d) => fmt(d.startTime), simple: true },
    { key: 'end', header: 'End', render: (d) => fmt(d.endTime), simple: true },
    { key: 'percentage', header: 'Percentage', align: 'right', render: percentText, simple: true },
    { key: 'max', header: 'Max bonus', align: 'right', render: (d) => <Usd value={d.maxBonusInUSD} />, simple: true },
    { key: 'min', header: 'Min deposit', align: 'right', render: (d) => <Usd value={d.minDepositInUSD} /> },
    { key: 'wager', header: 'Wager', align: 'right', render: (d) => `×${d.wagerMultiplier}` },
    { key: 'betType', header: 'Bet type', render: (d) => label('bonusBetType', d.betType) },
    { key: 'players', header: 'Players', align: 'right', render: (d) => d.playersCount },
  ];
  return (
    <>
      <ListPage<BonusDefinitionRow>
        label="Bonus definitions"
        endpoint="bonusDefs.list"
        list={list}
        columns={columns}
        filters={FILTERS}
        rowKey={(d) => d.bonusId}
        exportName="bonus-definitions"
        onRowClick={open}
        toolbar={canCall('bonusDefs.create') ? (
          <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>New Bonus</Button>
        ) : undefined}
      />
      {creating && (
        <Suspense fallback={null}>
          <NewDialog onClose={() => setCreating(false)} onCreated={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
