import { Suspense, useState } from 'react';
import { z } from 'zod';
import { Button, Stack } from '@mui/material';
import { useLocation } from 'react-router';
import { BONUS_PRIZE_TYPES, BONUS_REQUEST_STATUSES, label, labelOptions, type BonusRequestRow } from '@pitboss/contract';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer, type RecordField } from '../kit/RecordDrawer';
import { Money, Usd } from '../kit/Money';
import { lazyDialog } from '../kit/lazyDialog';
import { operatorName } from '../kit/operator';
import { useListParams } from '../kit/useListParams';
import { StatusChip } from '../players/PlayerSections';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';

const TopupPlayerDialog = lazyDialog(() => import('./BonusDialogs'), 'TopupPlayerDialog');
const RejectDialog = lazyDialog(() => import('./BonusDialogs'), 'RejectBonusRequestDialog');

const url = {
  status: z.enum(BONUS_REQUEST_STATUSES).optional(),
  prizeType: z.enum(BONUS_PRIZE_TYPES).optional(),
  playerCode: z.string().trim().min(1).max(64).optional(),
};

/** Queue mode: after a decision the drawer moves to the next pending request. */
const QUEUE = { isPending: (r: BonusRequestRow) => r.status === 'PENDING' };
const playerOf = (r: BonusRequestRow) => (r.username ? `${r.username} (${r.playerCode})` : r.playerCode);

/**
 * /bonus/form/requests (the pending queue: Topup Player or Reject Bonus Request) and
 * /bonus/form/history (the decided requests): one page, two configurations.
 */
export default function BonusRequestsPage() {
  const history = useLocation().pathname.startsWith('/bonus/form/history');
  const list = useListParams(url);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const mayDecide = !history && canCall('bonus.requestDecision');
  const [dialog, setDialog] = useState<{ kind: 'approve' | 'reject'; r: BonusRequestRow } | null>(null);
  const filters: FilterDef[] = [
    ...(history ? [{ name: 'status', label: 'Status', type: 'select' as const, options: labelOptions('bonusRequestStatus', BONUS_REQUEST_STATUSES.filter((s) => s !== 'PENDING')) }] : []),
    { name: 'prizeType', label: 'Prize type', type: 'select', options: labelOptions('bonusPrizeType', BONUS_PRIZE_TYPES) },
    { name: 'playerCode', label: 'Player code' },
  ];
  const actions = (r: BonusRequestRow) => mayDecide && r.status === 'PENDING' && (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button size="small" variant="contained" data-testid={`approve-${r.requestId}`} onClick={(e) => { e.stopPropagation(); setDialog({ kind: 'approve', r }); }}>Approve</Button>
      <Button size="small" color="error" variant="outlined" onClick={(e) => { e.stopPropagation(); setDialog({ kind: 'reject', r }); }}>Reject</Button>
    </Stack>
  );
  const credited = (r: BonusRequestRow) => (r.creditedAmount ? <Money amount={r.creditedAmount} currency={r.creditedCurrency} /> : '—');
  const columns: Column<BonusRequestRow>[] = [
    { key: 'createdAt', header: 'Requested at', render: (r) => fmt(r.createdAt) },
    { key: 'player', header: 'Player', render: playerOf, simple: true },
    { key: 'operator', header: 'Operator/Brand', render: (r) => operatorName(r) },
    { key: 'form', header: 'Bonus form', render: (r) => r.formTitle, simple: true },
    { key: 'prizeType', header: 'Prize type', render: (r) => label('bonusPrizeType', r.prizeType) },
    { key: 'amount', header: 'Amount', align: 'right', render: (r) => <Usd value={r.amountInUSD} />, simple: true },
    { key: 'note', header: 'Note', render: (r) => r.note },
    ...(history
      ? [
          { key: 'status', header: 'Status', render: (r: BonusRequestRow) => <StatusChip status={r.status} kind="bonusRequestStatus" /> },
          { key: 'credited', header: 'Credited', align: 'right' as const, render: credited },
          { key: 'decision', header: 'Decision note', render: (r: BonusRequestRow) => r.noteForPlayer ?? r.approveNote ?? '—' },
          { key: 'decided', header: 'Decided', render: (r: BonusRequestRow) => (r.decidedBy ? `${r.decidedBy} · ${fmt(r.decidedAt)}` : '—') },
        ]
      : [
          { key: 'requestedBy', header: 'Requested by', render: (r: BonusRequestRow) => r.createdBy ?? '—' },
          // Four-eyes: a first approval awaiting its second, by the first approver's name.
          { key: 'fourEyes', header: 'Approvals', render: (r: BonusRequestRow) => (r.firstApproval?.status === 'AWAITING_SECOND_APPROVAL' ? `Awaiting second approval (first: ${r.firstApproval.firstByName})` : '—') },
          ...(mayDecide ? [{ key: 'actions', header: 'Actions', align: 'right' as const, render: (r: BonusRequestRow) => actions(r) || null, csv: () => '' }] : []),
        ]),
  ];
  const fields: RecordField<BonusRequestRow>[] = [
    { label: 'Player', value: playerOf },
    { label: 'Operator/Brand', value: (r) => operatorName(r) },
    { label: 'Bonus form', value: (r) => r.formTitle },
    { label: 'Prize type', value: (r) => label('bonusPrizeType', r.prizeType) },
    { label: 'Amount requested', value: (r) => <Usd value={r.amountInUSD} /> },
    { label: 'Note', value: (r) => r.note },
    { label: 'Requested', value: (r) => `${fmt(r.createdAt)}${r.createdBy ? ` by ${r.createdBy}` : ''}` },
    { label: 'Status', value: (r) => <StatusChip status={r.status} kind="bonusRequestStatus" /> },
    { label: 'Amount approved', value: (r) => (r.approvedAmountInUSD ? <Usd value={r.approvedAmountInUSD} /> : '—') },
    { label: 'Credited', value: (r) => (r.walletType ? <>{credited(r)} · {label('walletKind', r.walletType)} wallet</> : '—') },
    { label: 'Note for the player', value: (r) => r.noteForPlayer ?? '—' },
    { label: 'Approval note', value: (r) => r.approveNote ?? '—' },
    { label: 'Decided', value: (r) => (r.decidedBy ? `${fmt(r.decidedAt)} by ${r.decidedBy}` : '—') },
  ];
  return (
    <>
      <ListPage<BonusRequestRow>
        key={history ? 'history' : 'pending'}
        label={history ? 'Bonus form history' : 'Bonus form requests'}
        endpoint="bonus.requestList"
        toRequest={(b) => ({ ...b, view: history ? 'history' : 'pending' })}
        queue={history ? undefined : QUEUE}
        list={list}
        columns={columns}
        filters={filters}
        rowKey={(r) => r.requestId}
        exportName={history ? 'bonus-form-history' : 'bonus-form-requests'}
        renderDrawer={(ctx) => (
          <RecordDrawer bonus ctx={ctx} title={(r) => `${r.formTitle} — ${r.playerCode}`} fields={fields} actions={(r) => actions(r)} />
        )}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'approve' && <TopupPlayerDialog r={dialog.r} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'reject' && <RejectDialog r={dialog.r} onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
