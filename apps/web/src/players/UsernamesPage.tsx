import { Suspense, useState } from 'react';
import { z } from 'zod';
import { Alert, Box, Button, Stack } from '@mui/material';
import { USERNAME_STATUSES, labelOptions } from '@pitboss/contract';
import { fetchUsernames, playerKeys, type UsernameRequestRow } from '../api/players';
import { ListPage, type Column, type DrawerContext } from '../kit/ListPage';
import { DetailDrawer } from '../kit/DetailDrawer';
import { Fields } from '../kit/Fields';
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

/**
 * Username Request: the request's details and Moderate (the same dialog as the row's button).
 * Once the request is decided the list's queue mode opens the next pending one.
 */
function UsernameDrawer({ ctx, canModerate, onModerate }: { ctx: DrawerContext<UsernameRequestRow>; canModerate: boolean; onModerate: (r: UsernameRequestRow) => void }) {
  const fmt = useFormatTime();
  const r = ctx.row;
  return (
    <DetailDrawer
      open
      title={r ? `Username Request — ${r.playerCode}` : 'Username Request'}
      onClose={ctx.close}
      hasPrev={!!ctx.prevKey}
      hasNext={!!ctx.nextKey}
      onPrev={() => ctx.step(-1)}
      onNext={() => ctx.step(1)}
      tabs={[{
        label: 'Details',
        content: !r ? <Alert severity="info">This request is not on the current page of the list.</Alert> : (
          <Stack spacing={2}>
            <Box><StatusChip status={r.status} kind="usernameStatus" /></Box>
            <Fields
              items={[
                { label: 'Player code', value: r.playerCode },
                { label: 'Requested username', value: r.username, testId: 'requested-username' },
                { label: 'Current username', value: r.currentUsername ?? '—' },
                { label: 'Note for the player', value: r.note ?? '—' },
                { label: 'Requested at', value: fmt(r.createdAt) },
                { label: 'Moderated by', value: r.moderatedBy ? `${r.moderatedBy} · ${fmt(r.moderatedAt)}` : '—' },
              ]}
            />
            {canModerate && r.status === 'PENDING' && (
              <Stack direction="row"><Button variant="contained" onClick={() => onModerate(r)}>Moderate</Button></Stack>
            )}
          </Stack>
        ),
      }]}
    />
  );
}

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
          <Button size="small" variant="outlined" data-testid={`moderate-${r.playerCode}`} onClick={(e) => { e.stopPropagation(); setEditing(r); }}>
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
        renderDrawer={(ctx) => <UsernameDrawer key={ctx.openKey} ctx={ctx} canModerate={canModerate} onModerate={setEditing} />}
      />
      {editing && (
        <Suspense fallback={null}>
          <EditUsernameDialog row={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}
