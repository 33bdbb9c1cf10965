import { z } from 'zod';
import { Tab, Tabs } from '@mui/material';
import { KYC_OPTION_TYPES, KYC_STATUSES, KYC_STATUS_LABELS, label, labelOptions, type KycRecord } from '@pitboss/contract';
import { fetchKycList, kycKeys } from '../api/kyc';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { useFormatTime } from '../shell/session';
import { StatusChip } from '../players/PlayerSections';
import { KycDrawer } from './KycDrawer';
import { claimedByColumn } from '../kit/claims';

/** Queue mode: after a decision the drawer moves to the next pending document. */
const QUEUE = { isPending: (k: KycRecord) => k.kycStatus === 'PENDING' };


const documentsUrl = {
  status: z.enum(KYC_STATUSES).optional(),
  optionType: z.enum(KYC_OPTION_TYPES).optional(),
  playerCode: z.string().trim().min(1).max(64).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'playerCode', label: 'Player code' },
  { name: 'optionType', label: 'Document type', type: 'select', options: labelOptions('kycOptionType', KYC_OPTION_TYPES) },
];
/** Tab order of the spec (000 §2.1). */
const TAB_ORDER = ['NOT_SUBMITTED', 'CONFIRMED', 'PENDING', 'REJECTED'] as const satisfies readonly (typeof KYC_STATUSES)[number][];

/** /documentsV2 — KYC documents with status tabs (URL param `status`) and the KYC Details drawer. */
export default function DocumentsPage() {
  const list = useListParams(documentsUrl);
  const fmt = useFormatTime();
  const columns: Column<KycRecord>[] = [
    { key: 'playerCode', header: 'Player code', render: (k) => k.playerCode },
    { key: 'username', header: 'Username', render: (k) => k.player.username ?? '—' },
    { key: 'optionType', header: 'Document type', render: (k) => label('kycOptionType', k.optionType) },
    { key: 'level', header: 'Level', render: (k) => k.level },
    { key: 'status', header: 'Status', render: (k) => <StatusChip status={k.kycStatus} kind="kycStatus" /> },
    { key: 'createdAt', header: 'Submitted', render: (k) => fmt(k.createdAt) },
    { key: 'updatedAt', header: 'Updated', render: (k) => fmt(k.updatedAt) },
    claimedByColumn<KycRecord>(),
  ];
  return (
    <ListPage<KycRecord>
      label="KYC documents"
      queue={QUEUE}
      list={list}
      queryKey={kycKeys.list}
      fetcher={fetchKycList}
      columns={columns}
      filters={FILTERS}
      rowKey={(k) => k.kycId}
      toolbar={
        <Tabs
          value={list.params.status ?? 'ALL'}
          onChange={(_, v: string) => list.set({ status: v === 'ALL' ? undefined : v, page: undefined, drawer: undefined })}
          aria-label="Document status"
          variant="scrollable"
        >
          <Tab value="ALL" label="All" />
          {TAB_ORDER.map((s) => (
            <Tab key={s} value={s} label={KYC_STATUS_LABELS[s]} />
          ))}
        </Tabs>
      }
      renderDrawer={(ctx) => <KycDrawer ctx={ctx} />}
    />
  );
}
