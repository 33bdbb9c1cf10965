import { useState } from 'react';
import { z } from 'zod';
import { Chip, Stack } from '@mui/material';
import { BONUS_RELEASE_STATUSES, labelOptions, type BonusReleaseReportRow } from '@pitboss/contract';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useListParams } from '../kit/useListParams';
import { useFormatTime } from '../shell/session';
import { ReleaseStatusChip, ReportDetailsDialog } from './BonusReleaseParts';

const urlShape = {
  status: z.enum(BONUS_RELEASE_STATUSES).optional(),
  title: z.string().trim().min(1).max(100).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'status', label: 'Status', type: 'select', options: labelOptions('bonusReleaseStatus', BONUS_RELEASE_STATUSES) },
  { name: 'title', label: 'Title', maxLength: 100 },
];

/** /reports/bonus-releases: one row per release definition with its figures; a row opens Bonus Release Report Details. */
export default function BonusReleasesReportPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const [open, setOpen] = useState<BonusReleaseReportRow | null>(null);
  const columns: Column<BonusReleaseReportRow>[] = [
    { key: 'bonus', header: 'Bonus', render: (r) => r.bonus.title, csv: (r) => r.bonus.title, simple: true },
    { key: 'operator', header: 'Operator/Brand', render: (r) => operatorName(r) },
    {
      key: 'status', header: 'Status', simple: true, csv: (r) => `${r.status}${r.isDeleted ? ' (deleted)' : ''}`,
      render: (r) => <Stack direction="row" spacing={0.5}><ReleaseStatusChip status={r.status} />{r.isDeleted && <Chip size="small" color="error" variant="outlined" label="Deleted" />}</Stack>,
    },
    { key: 'end', header: 'End', render: (r) => fmt(r.bonus.endTime) },
    { key: 'bonusAmountInUSD', header: 'Bonus amount', align: 'right', render: (r) => <Usd value={r.bonusAmountInUSD} /> },
    { key: 'totalUnlockedAmountInUSD', header: 'Unlocked', align: 'right', render: (r) => <Usd value={r.totalUnlockedAmountInUSD} />, simple: true },
    { key: 'totalPlayersUnlocked', header: 'Players unlocked', align: 'right', render: (r) => r.totalPlayersUnlocked },
    { key: 'totalWageredAmountInUSD', header: 'Wagered', align: 'right', render: (r) => <Usd value={r.totalWageredAmountInUSD} /> },
    { key: 'totalClaimedAmountInUSD', header: 'Claimed', align: 'right', render: (r) => <Usd value={r.totalClaimedAmountInUSD} />, simple: true },
    { key: 'totalClaimedCount', header: 'Claims', align: 'right', render: (r) => r.totalClaimedCount },
  ];
  return (
    <>
      <ListPage<BonusReleaseReportRow>
        label="Bonus releases report"
        endpoint="bonusReleases.report"
        list={list}
        columns={columns}
        filters={FILTERS}
        rowKey={(r) => r.bonusId}
        exportName="bonus-releases-report"
        onRowClick={(r) => setOpen(r)}
      />
      {open && <ReportDetailsDialog row={open} onClose={() => setOpen(null)} />}
    </>
  );
}
