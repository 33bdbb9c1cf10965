import { Suspense, useState } from 'react';
import { z } from 'zod';
import { Button, Chip } from '@mui/material';
import {
  ROLES, ROLE_LABELS, STAFF_STATUSES, STAFF_STATUS_LABELS, mayManageStaff, staffRoleFilter, type StaffRow,
} from '@pitboss/contract';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer, type RecordField } from '../kit/RecordDrawer';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useListParams } from '../kit/useListParams';
import { useCan, useFormatTime, useSession } from '../shell/session';
import { lazyDialog } from '../kit/lazyDialog';

const ChangePasswordDialog = lazyDialog(() => import('./StaffDialogs'), 'ChangePasswordDialog');
const ChangeRoleDialog = lazyDialog(() => import('./StaffDialogs'), 'ChangeRoleDialog');

const adminsUrl = {
  role: z.enum(ROLES).optional(),
  status: z.enum(STAFF_STATUSES).optional(),
  search: z.string().trim().min(1).max(120).optional(),
};

const operatorOf = (r: StaffRow) => (r.opTitle ? (r.parentOpTitle ? `${r.opTitle} (${r.parentOpTitle})` : r.opTitle) : 'All operators');
const StatusOf = ({ r }: { r: StaffRow }) => (
  <Chip size="small" variant="outlined" color={r.isBlocked ? 'error' : 'success'} label={STAFF_STATUS_LABELS[r.isBlocked ? 'blocked' : 'active']} />
);

/** Block/unblock, password, role and delete of one account, for holders of the admins page who may manage it. */
function AccountActions({ r, onDeleted }: { r: StaffRow; onDeleted: () => void }) {
  const [open, setOpen] = useState<'password' | 'role' | null>(null);
  const block = useEndpointMutation('staff.block');
  const remove = useEndpointMutation('staff.delete', { onDone: onDeleted });
  return (
    <>
      <Button
        variant="outlined" color={r.isBlocked ? 'primary' : 'warning'} disabled={block.isPending}
        onClick={() => block.mutate({ body: { adminId: r.id, action: r.isBlocked ? 'UNBLOCK' : 'BLOCK', adminEmail: r.email } })}
      >
        {r.isBlocked ? 'Unblock User' : 'Block User'}
      </Button>
      <Button variant="outlined" onClick={() => setOpen('password')}>Change Password</Button>
      <Button variant="outlined" onClick={() => setOpen('role')}>Change Role</Button>
      <Suspense fallback={null}>
        {open === 'password' && <ChangePasswordDialog r={r} onClose={() => setOpen(null)} />}
        {open === 'role' && <ChangeRoleDialog r={r} onClose={() => setOpen(null)} />}
      </Suspense>
      <DeleteAction
        label="Delete User" title="Delete user" typeToConfirm={r.email} busy={remove.isPending}
        description={`${r.nickname} (${r.email}) loses access at once. Type the e-mail address to confirm.`}
        onConfirmed={() => remove.mutate({ body: { adminId: r.id, adminEmail: r.email, adminUsername: r.nickname } })}
      />
    </>
  );
}

/** /settings/admins — staff accounts with the roles filter (002 §6), a details drawer, block and delete. */
export default function AdminsPage() {
  const list = useListParams(adminsUrl);
  const { user } = useSession();
  const allowed = useCan();
  const fmt = useFormatTime();
  const filters: FilterDef[] = [
    { name: 'role', label: 'Role', type: 'select', options: staffRoleFilter(user.role).map((r) => ({ value: r, label: ROLE_LABELS[r] })) },
    { name: 'status', label: 'Status', type: 'select', options: STAFF_STATUSES.map((s) => ({ value: s, label: STAFF_STATUS_LABELS[s] })) },
    { name: 'search', label: 'E-mail or nickname', maxLength: 120 },
  ];
  const columns: Column<StaffRow>[] = [
    { key: 'nickname', header: 'Nickname', render: (r) => r.nickname, simple: true },
    { key: 'email', header: 'E-mail', render: (r) => r.email, simple: true },
    { key: 'role', header: 'Role', render: (r) => ROLE_LABELS[r.role], csv: (r) => ROLE_LABELS[r.role], simple: true },
    { key: 'operator', header: 'Operator/Brand', render: operatorOf },
    { key: 'status', header: 'Status', render: (r) => <StatusOf r={r} />, csv: (r) => STAFF_STATUS_LABELS[r.isBlocked ? 'blocked' : 'active'] },
    { key: 'lastLoginAt', header: 'Last sign-in', render: (r) => (r.lastLoginAt ? fmt(r.lastLoginAt) : 'Never') },
    { key: 'createdAt', header: 'Created', render: (r) => fmt(r.createdAt) },
  ];
  const fields: RecordField<StaffRow>[] = [
    { label: 'E-mail', value: (r) => r.email },
    { label: 'Role', value: (r) => ROLE_LABELS[r.role] },
    { label: 'Operator/Brand', value: operatorOf },
    { label: 'Status', value: (r) => <StatusOf r={r} /> },
    { label: 'Last sign-in', value: (r) => (r.lastLoginAt ? fmt(r.lastLoginAt) : 'Never') },
    { label: 'Created', value: (r) => fmt(r.createdAt) },
  ];
  return (
    <ListPage<StaffRow>
      label="Admin users"
      endpoint="staff.list"
      list={list}
      columns={columns}
      filters={filters}
      rowKey={(r) => r.id}
      exportName="admins"
      renderDrawer={(ctx) => (
        <RecordDrawer
          ctx={ctx}
          title={(r) => r.nickname}
          fields={fields}
          actions={(r) => (allowed('settings_admins') && mayManageStaff(user, r) ? <AccountActions r={r} onDeleted={ctx.close} /> : null)}
        />
      )}
    />
  );
}
