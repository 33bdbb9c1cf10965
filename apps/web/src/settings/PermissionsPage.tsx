import { Suspense, useState } from 'react';
import { z } from 'zod';
import { Button, Chip, Stack } from '@mui/material';
import { ROLES, ROLE_LABELS, menuItemLabel, type PermissionRow } from '@pitboss/contract';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer, type RecordField } from '../kit/RecordDrawer';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { lazyDialog } from '../kit/lazyDialog';
import { useListParams } from '../kit/useListParams';
import { useFormatTime } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { StaffJobsPanel } from './StaffJobsPanel';

const PermissionDialog = lazyDialog(() => import('./PermissionDialog'), 'PermissionDialog');

const url = {
  search: z.string().trim().min(1).max(80).optional(),
  tag: z.string().trim().min(1).max(40).optional(),
  role: z.enum(ROLES).optional(),
};
const FILTERS: FilterDef[] = [
  { name: 'search', label: 'Key or description', maxLength: 80 },
  { name: 'tag', label: 'Tag', maxLength: 40 },
  { name: 'role', label: 'Allowed for', type: 'select', options: ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })) },
];
const rolesOf = (p: PermissionRow) => p.allowedRoles.map((r) => ROLE_LABELS[r]).join(', ');

/**
 * /settings/staff-permissions — the permission catalogue: key, description, tags, the roles
 * allowed to hold each and the menu items that need it (in the drawer). SUPER_ADMIN and ADMIN create and edit permissions (the key fixed once
 * made) and delete those staff added; the keys the console checks are marked built-in.
 */
export default function PermissionsPage() {
  const list = useListParams(url);
  const canCall = useCanCall();
  const fmt = useFormatTime();
  const [editing, setEditing] = useState<PermissionRow | 'new' | null>(null);
  const remove = useEndpointMutation('staff.permissionDelete');
  const mayEdit = canCall('staff.permissionSave');
  const columns: Column<PermissionRow>[] = [
    { key: 'key', header: 'Key', render: (p) => <code>{p.key}</code>, csv: (p) => p.key, simple: true },
    { key: 'description', header: 'Description', render: (p) => p.description, simple: true },
    { key: 'tags', header: 'Tags', render: (p) => p.tags.join(', ') },
    { key: 'roles', header: 'Allowed roles', render: rolesOf },
    { key: 'builtIn', header: 'Kind', render: (p) => (p.builtIn ? <Chip size="small" label="Built-in" /> : <Chip size="small" color="info" label="Added" />), csv: (p) => (p.builtIn ? 'Built-in' : 'Added') },
  ];
  const fields: RecordField<PermissionRow>[] = [
    { label: 'Key', value: (p) => <code>{p.key}</code> },
    { label: 'Description', value: (p) => p.description },
    { label: 'Tags', value: (p) => p.tags.join(', ') },
    { label: 'Allowed roles', value: rolesOf },
    { label: 'Required menu items', value: (p) => (p.requiredMenuItems.length ? p.requiredMenuItems.map(menuItemLabel).join(', ') : 'None') },
    { label: 'Kind', value: (p) => (p.builtIn ? 'Built-in (checked by the console)' : 'Added by staff') },
    { label: 'Updated', value: (p) => fmt(p.updatedAt) },
  ];
  return (
    <Stack spacing={2}>
      <ListPage<PermissionRow>
        label="Permissions"
        endpoint="staff.permissionList"
        list={list}
        columns={columns}
        filters={FILTERS}
        rowKey={(p) => p.id}
        exportName="permissions"
        toolbar={mayEdit && <Button variant="contained" onClick={() => setEditing('new')}>New Permission</Button>}
        renderDrawer={(ctx) => (
          <RecordDrawer
            ctx={ctx}
            title={(p) => p.key}
            fields={fields}
            actions={(p) => mayEdit && (
              <>
                <Button variant="outlined" onClick={() => setEditing(p)}>Edit</Button>
                {!p.builtIn && (
                  <DeleteAction
                    label="Delete" title="Delete permission" busy={remove.isPending}
                    description={`Delete ${p.key}? Role templates and users holding it lose it in the background.`}
                    onConfirmed={() => remove.mutate({ query: { permissionId: p.id } }, { onSuccess: ctx.close })}
                  />
                )}
              </>
            )}
          />
        )}
      />
      <StaffJobsPanel />
      <Suspense fallback={null}>
        {editing && <PermissionDialog p={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      </Suspense>
    </Stack>
  );
}
