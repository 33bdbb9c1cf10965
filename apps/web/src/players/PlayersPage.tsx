import { Suspense, useMemo, useState } from 'react';
import { z } from 'zod';
import { Alert, Button } from '@mui/material';
import {
  CURRENCIES, KYC_STATUSES, PLAYER_SORTS, labelOptions, PLAYER_STATUS_FILTERS, QUICK_TIME_FILTERS, QUICK_TIME_FILTER_LABELS, type PlayerRow,
} from '@pitboss/contract';
import { fetchPlayers, playerKeys } from '../api/players';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { Usd } from '../kit/Money';
import { useFormatTime, useIsSuper, useSession } from '../shell/session';
import { PlayerTags } from './PlayerTags';
import { PlayerDrawer } from './PlayerDrawer';
import { lazyDialog } from '../kit/lazyDialog';

const HighDepositorsDialog = lazyDialog(() => import('./HighDepositorsDialog'), 'HighDepositorsDialog');

/** The typed URL contract of the players list (STYLE 3). */
const baseUrl = {
  playerCode: z.string().trim().min(1).max(64).optional(),
  username: z.string().trim().min(1).max(64).optional(),
  status: z.enum(PLAYER_STATUS_FILTERS).optional(),
  kycStatus: z.enum(KYC_STATUSES).optional(),
  currency: z.enum(CURRENCIES).optional(),
  quickTime: z.enum(QUICK_TIME_FILTERS).optional(),
  sortBy: z.enum(PLAYER_SORTS).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
};
/** SUPER_ADMIN and ADMIN add their extra filters (000 §6, 001 §6; the server refuses them from other roles). */
const superUrl = {
  ...baseUrl,
  playerUid: z.string().trim().min(1).max(64).optional(),
  playerId: z.string().trim().min(1).max(64).optional(),
  operatorId: z.string().trim().min(1).max(64).optional(),
};

const opt = (values: readonly string[], label: (v: string) => string = (v) => v) => values.map((v) => ({ value: v, label: label(v) }));
const STATUS_LABELS: Record<string, string> = {
  active: 'Active', blocked: 'Blocked', deleted: 'Deleted', chatBlocked: 'Chat blocked', verified: 'Verified', unverified: 'Unverified',
};
const FILTERS: FilterDef[] = [
  { name: 'playerCode', label: 'Player code' },
  { name: 'username', label: 'Username' },
  { name: 'status', label: 'Status', type: 'select', options: opt(PLAYER_STATUS_FILTERS, (v) => STATUS_LABELS[v] ?? v) },
  { name: 'kycStatus', label: 'KYC status', type: 'select', options: labelOptions('kycStatus', KYC_STATUSES) },
  { name: 'currency', label: 'Currency', type: 'select', options: opt(CURRENCIES) },
  { name: 'quickTime', label: 'Joined', type: 'select', options: opt(QUICK_TIME_FILTERS, (v) => QUICK_TIME_FILTER_LABELS[v as keyof typeof QUICK_TIME_FILTER_LABELS]) },
  { name: 'sortBy', label: 'Sort by', type: 'select', options: opt(PLAYER_SORTS) },
  { name: 'sort', label: 'Order', type: 'select', options: [{ value: 'desc', label: 'Descending' }, { value: 'asc', label: 'Ascending' }] },
];
/**
 * Each exact: Player UID the player's UUID; Player ID the player's number (the digits of its code:
 * 100001 is P100001, where Player code matches the start of codes); Operator ID one operator's
 * players without its brands.
 */
const SUPER_FILTERS: FilterDef[] = [
  ...FILTERS.slice(0, 2),
  { name: 'playerUid', label: 'Player UID', maxLength: 64 },
  { name: 'playerId', label: 'Player ID', maxLength: 64 },
  { name: 'operatorId', label: 'Operator ID', maxLength: 64 },
  ...FILTERS.slice(2),
];

export default function PlayersPage() {
  const isSuper = useIsSuper();
  const list = useListParams(useMemo(() => (isSuper ? superUrl : baseUrl), [isSuper]));
  const fmt = useFormatTime();
  const { user } = useSession();
  const [exporting, setExporting] = useState(false);
  const columns: Column<PlayerRow>[] = [
    { key: 'playerCode', header: 'Player code', render: (p) => p.playerCode, simple: true },
    { key: 'username', header: 'Username', render: (p) => p.username ?? '—', simple: true },
    {
      key: 'op',
      header: 'Operator/Brand',
      render: (p) => (user.role === 'SUPER_ADMIN' && p.parentOpTitle ? `${p.opTitle} (${p.parentOpTitle})` : p.opTitle),
    },
    { key: 'wallet', header: 'Wallet (USD)', align: 'right', render: (p) => <Usd value={p.wallet.inUSD.balance} />, simple: true },
    {
      key: 'tags', header: 'Status', render: (p) => <PlayerTags p={p} />,
      csv: (p) => [p.isTest && 'Test', p.isVerified && 'Verified', p.isBlocked && 'Blocked', p.chatIsBlocked && 'Chat blocked', p.isDeleted && 'Deleted'].filter(Boolean).join(' '),
    },
    { key: 'createdAt', header: 'Joined at', render: (p) => fmt(p.createdAt), simple: true },
    { key: 'lastActivityAt', header: 'Last Activity', render: (p) => fmt(p.lastActivityAt) },
  ];
  return (
    <>
    <ListPage<PlayerRow>
      label="Players"
      list={list}
      queryKey={playerKeys.list}
      fetcher={fetchPlayers}
      columns={columns}
      filters={isSuper ? SUPER_FILTERS : FILTERS}
      rowKey={(p) => p.playerCode}
      exportName="players"
      renderDrawer={(ctx) => <PlayerDrawer ctx={ctx} />}
      header={user.role === 'PARTNER' && (
        <Alert severity="info">
          The players who registered on your own site. The players your channels bring to your operator are counted on your dashboard.
        </Alert>
      )}
      toolbar={isSuper && (
        // Export High Depositors: SUPER_ADMIN and ADMIN (001 §6).
        <Button variant="outlined" onClick={() => setExporting(true)}>
          Export High Depositors
        </Button>
      )}
    />
    {exporting && (
      <Suspense fallback={null}>
        <HighDepositorsDialog opId={list.params.opId} onClose={() => setExporting(false)} />
      </Suspense>
    )}
    </>
  );
}
