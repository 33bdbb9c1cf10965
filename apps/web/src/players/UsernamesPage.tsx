import { Suspense, useState } from 'react';
import { z } from 'zod';
import { Button } from '@mui/material';
import { USERNAME_STATUSES, labelOptions } from '@pitboss/contract';
import { fetchUsernames, playerKeys, type UsernameRequestRow } from '../api/players';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { useCan, useFormatTime } from '../shell/session';
import { StatusChip } from './PlayerSections';
import { lazyDialog } from '../kit/lazyDialog';

/** Queue mode: after a decision the drawer moves to the next pending request. */
const QUEUE = { isPending: (r: UsernameRequestRow) => r.status === 'PENDING' };


const EditUsernameDialog = lazyDialog(() => import('./EditUsernameDialog'), 'EditUsernameDialog');

const usernamesUrl = {
  status: z.enum(USERNAME_STATUSES).optional(),
  playerCode: z.string().trim().min(1).max(64).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'status', label: 'Status', type: 'select', options: labelOptions('usernameStatus', USERNAME_STATUSES) },
  { name: 'playerCode', label: 'Player code' },
];

/** /players/usernames — the username moderation queue. */
export default function UsernamesPage() {
  const list = useListParams(usernamesUrl);
  const fmt = useFormatTime();
  const allowed = useCan();
  const canModerate = allowed('player_usernames_moderate');
  const [editing, setEditing] = useState<UsernameRequestRow | null>(null);
  const columns: Column<UsernameRequestRow>[] = [
    { key: 'playerCode', header: 'Player code', render: (r) => r.playerCode },
    { key: 'username', header: 'Requested username', render: (r) => r.username },
    { key: 'current', header: 'Current username', render: (r) => r.currentUsername ?? '—' },
    { key: 'status', header: 'Status', render: (r) => <StatusChip status={r.status} kind="usernameStatus" /> },
    { key: 'note', header: 'Note', render: (r) => r.note ?? '—' },
    { key: 'createdAt', header: 'Requested at', render: (r) => fmt(r.createdAt) },
    { key: 'moderatedBy', header: 'Moderated by', render: (r) => (r.moderatedBy ? `${r.moderatedBy} · ${fmt(r.moderatedAt)}` : '—') },
  ];
  if (canModerate) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (r) =>
        r.status === 'PENDING' ? (
          <Button size="small" variant="outlined" data-testid={`moderate-${r.playerCode}`} onClick={() => setEditing(r)}>
            Moderate
          </Button>
        ) : null,
    });
  }
  return (
    <>
      <ListPage<UsernameRequestRow>
        label="Player usernames"
        queue={QUEUE}
        list={list}
        queryKey={playerKeys.usernames}
        fetcher={fetchUsernames}
        columns={columns}
        filters={FILTERS}
        rowKey={(r) => r.id}
      />
      {editing && (
        <Suspense fallback={null}>
          <EditUsernameDialog row={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}
