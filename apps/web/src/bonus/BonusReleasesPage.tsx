import { useState } from 'react';
import { z } from 'zod';
import { Button, Chip } from '@mui/material';
import { type BonusReleaseView } from '@pitboss/contract';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useListParams } from '../kit/useListParams';
import { useFormatTime, useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { useScope } from '../shell/useScope';
import { CloneReleaseDialog, DeleteReleaseAction, ReleaseDrawer, ReleaseFormDrawer, ReleaseStatusChip, betTypeLabel, scheduleLabel } from './BonusReleaseParts';

const urlShape = {
  isActive: z.enum(['true', 'false']).optional(),
  deleted: z.enum(['true', 'false']).optional(),
  title: z.string().trim().min(1).max(100).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'isActive', label: 'Status', type: 'select', options: [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Disabled' }] },
  { name: 'deleted', label: 'Deleted', type: 'select', options: [{ value: 'false', label: 'Not deleted' }, { value: 'true', label: 'Deleted' }] },
  { name: 'title', label: 'Title', maxLength: 100 },
];

/** /bonus/releases: the bonus release definitions; New Bonus Release; a row opens its drawer (Details, Report, JSON for SUPER_ADMIN) with Edit, Clone, Delete. */
export default function BonusReleasesPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const canCall = useCanCall();
  const { user } = useSession();
  const { opId } = useScope();
  const [form, setForm] = useState<{ edit?: BonusReleaseView } | null>(null);
  const [cloning, setCloning] = useState<BonusReleaseView | null>(null);
  const columns: Column<BonusReleaseView>[] = [
    { key: 'title', header: 'Title', render: (r) => r.title, simple: true },
    { key: 'operator', header: 'Operator/Brand', render: (r) => operatorName(r) },
    { key: 'status', header: 'Status', render: (r) => (r.isDeleted ? <Chip size="small" color="error" variant="outlined" label="Deleted" /> : <ReleaseStatusChip status={r.status} />), csv: (r) => (r.isDeleted ? 'Deleted' : r.status), simple: true },
    { key: 'schedule', header: 'Schedule', render: (r) => scheduleLabel(r.schedule) },
    { key: 'betType', header: 'Bet type', render: (r) => betTypeLabel(r.betType) },
    { key: 'startTime', header: 'Start', render: (r) => fmt(r.startTime), simple: true },
    { key: 'endTime', header: 'End', render: (r) => fmt(r.endTime), simple: true },
    { key: 'tiers', header: 'Tiers', align: 'right', render: (r) => r.tiers.length },
    { key: 'maxBonus', header: 'Top bonus', align: 'right', render: (r) => <Usd value={r.tiers[r.tiers.length - 1]?.maxBonusAmountInUSD ?? '0'} /> },
  ];
  const manage = canCall('bonusReleases.create');
  return (
    <>
      <ListPage<BonusReleaseView>
        label="Bonus releases"
        endpoint="bonusReleases.list"
        list={list}
        columns={columns}
        filters={FILTERS}
        rowKey={(r) => r.bonusId}
        exportName="bonus-releases"
        toolbar={manage && <Button variant="contained" onClick={() => setForm({})}>New Bonus Release</Button>}
        renderDrawer={(ctx) => (
          <ReleaseDrawer
            r={ctx.row}
            onClose={ctx.close}
            hasPrev={!!ctx.prevKey} hasNext={!!ctx.nextKey} onPrev={() => ctx.step(-1)} onNext={() => ctx.step(1)}
            actions={ctx.row && !ctx.row.isDeleted && manage ? (
              <>
                <Button size="small" variant="outlined" onClick={() => setForm({ edit: ctx.row })}>Edit</Button>
                <Button size="small" variant="outlined" onClick={() => setCloning(ctx.row ?? null)}>Clone</Button>
                <DeleteReleaseAction r={ctx.row} onGone={ctx.close} />
              </>
            ) : undefined}
          />
        )}
      />
      {form && <ReleaseFormDrawer edit={form.edit} opId={opId && opId !== '*' ? opId : user.opId ?? ''} onClose={() => setForm(null)} />}
      {cloning && <CloneReleaseDialog r={cloning} onClose={() => setCloning(null)} />}
    </>
  );
}
