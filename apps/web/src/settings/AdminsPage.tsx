import { Suspense, useState } from 'react';
import { z } from 'zod';
import { Button, Chip } from '@mui/material';
import {
  ROLES, ROLE_LABELS, STAFF_ROLE_FILTER_ALL, STAFF_STATUSES, STAFF_STATUS_LABELS, linkTo, staffOperatorLabel, staffRoleFilter, type StaffRow,
} from '@pitboss/contract';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { RecordDrawer, type RecordField } from '../kit/RecordDrawer';
import { useListParams } from '../kit/useListParams';
import { useCan, useFormatTime, useSession } from '../shell/session';
import { lazyDialog } from '../kit/lazyDialog';
import { Link as RouterLink, useLocation } from 'react-router';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { StaffActions } from './StaffActions';

const NewAdminDialog = lazyDialog(() => import('./StaffDialogs'), 'NewAdminDialog');

const adminsUrl = {
  role: z.enum(ROLES).optional(),
  status: z.enum(STAFF_STATUSES).optional(),
  search: z.string().trim().min(1).max(120).optional(),
};

const twoFactorLabel = (r: StaffRow) => (r.twoFactor ? 'On' : 'Off');
const TwoFactorOf = ({ r }: { r: StaffRow }) => (
  <Chip size="small" variant="outlined" color={r.twoFactor ? 'success' : 'default'} label={twoFactorLabel(r)} />
);
const StatusOf = ({ r }: { r: StaffRow }) => (
  <Chip size="small" variant="outlined" color={r.isBlocked ? 'error' : 'success'} label={STAFF_STATUS_LABELS[r.isBlocked ? 'blocked' : 'active']} />
);

/** /settings/admins — staff accounts with the roles filter (002 §6), a details drawer, block and delete. */
export default function AdminsPage() {
  const list = useListParams(adminsUrl);
  const { user } = useSession();
  const allowed = useCan();
  const fmt = useFormatTime();
  const [creating, setCreating] = useState(false);
  // The list's query string (without the open drawer), kept by the details page for its way back.
  const { search } = useLocation();
  const listSearch = (() => { const p = new URLSearchParams(search); p.delete('drawer'); const q = p.toString(); return q ? `?${q}` : ''; })();
  const filters: FilterDef[] = [
    { name: 'role', label: 'Role', type: 'select', emptyLabel: STAFF_ROLE_FILTER_ALL, options: staffRoleFilter(user.role).map((r) => ({ value: r, label: ROLE_LABELS[r] })) },
    { name: 'status', label: 'Status', type: 'select', options: STAFF_STATUSES.map((s) => ({ value: s, label: STAFF_STATUS_LABELS[s] })) },
    { name: 'search', label: 'E-mail or nickname', maxLength: 120 },
  ];
  const columns: Column<StaffRow>[] = [
    { key: 'nickname', header: 'Nickname', render: (r) => r.nickname, simple: true },
    { key: 'email', header: 'E-mail', render: (r) => r.email, simple: true },
    { key: 'role', header: 'Role', render: (r) => ROLE_LABELS[r.role], csv: (r) => ROLE_LABELS[r.role], simple: true },
    { key: 'operator', header: 'Operator/Brand', render: staffOperatorLabel },
    { key: 'status', header: 'Status', render: (r) => <StatusOf r={r} />, csv: (r) => STAFF_STATUS_LABELS[r.isBlocked ? 'blocked' : 'active'] },
    { key: 'twoFactor', header: 'Two-factor', render: (r) => <TwoFactorOf r={r} />, csv: twoFactorLabel },
    { key: 'lastLoginAt', header: 'Last sign-in', render: (r) => (r.lastLoginAt ? fmt(r.lastLoginAt) : 'Never') },
    { key: 'createdAt', header: 'Created', render: (r) => fmt(r.createdAt) },
  ];
  const fields: RecordField<StaffRow>[] = [
    { label: 'E-mail', value: (r) => r.email },
    { label: 'Role', value: (r) => ROLE_LABELS[r.role] },
    { label: 'Operator/Brand', value: staffOperatorLabel },
    { label: 'Status', value: (r) => <StatusOf r={r} /> },
    { label: 'Two-factor', value: (r) => <TwoFactorOf r={r} /> },
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
      toolbar={allowed('settings_admins') && (
        <>
          <Button variant="contained" onClick={() => setCreating(true)}>New Admin</Button>
          <Suspense fallback={null}>{creating && <NewAdminDialog onClose={() => setCreating(false)} />}</Suspense>
        </>
      )}
      renderDrawer={(ctx) => (
        <RecordDrawer
          ctx={ctx}
          title={(r) => r.nickname}
          fields={fields}
          actions={(r) => (
            <>
              <Button size="small" component={RouterLink} to={linkTo('/settings/admins/:user_id', { user_id: r.id }, listSearch)} endIcon={<OpenInNewIcon fontSize="small" />}>
                Open details
              </Button>
              <StaffActions r={r} onGone={ctx.close} />
            </>
          )}
        />
      )}
    />
  );
}
