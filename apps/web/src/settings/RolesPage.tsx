import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Box, Button, Chip, CircularProgress, IconButton, MenuItem, Paper, Stack, Table, TableBody, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { TableCell } from '../kit/TableCell';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import {
  ROLES, ROLE_LABELS, ROLE_MESSAGES, SUPER_ADMIN_KEPT_PERMISSIONS, isSuperRole, mayChangeRoleTemplate, type PermissionEntry, type Role, type RoleShowAnswer, type RoleTemplateRow, countOf,
} from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { DetailDrawer } from '../kit/DetailDrawer';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useConfirm } from '../kit/useConfirm';
import { useSession } from '../shell/session';
import { useCanCall } from '../shell/useCanCall';
import { StaffJobsPanel } from './StaffJobsPanel';

/** The drawer's width (002 §9: 70vw, at least 1040 px). */
const drawerWidth = () => Math.max(1040, Math.round(window.innerWidth * 0.7));

/**
 * A permission table of the Role Details drawer: each permission on one compact row, its
 * description over its key; its tags and (for super admins) its allowed roles as short text
 * beside it, so a row stays one or two lines tall in the drawer's half width.
 */
function PermissionTable(props: {
  label: string;
  rows: readonly PermissionEntry[];
  showRoles: boolean;
  action?: { icon: 'add' | 'remove'; label: string; run: (key: string) => void; hidden?: (key: string) => boolean };
}) {
  const { rows, showRoles, action } = props;
  const small = { typography: 'caption', color: 'text.secondary' } as const;
  return (
    <Box sx={{ maxHeight: 'max(460px, calc(100vh - 300px))', overflow: 'auto' }}>
      <Table size="small" stickyHeader aria-label={props.label} sx={{ tableLayout: 'fixed', '& td': { verticalAlign: 'top', py: 0.75, overflowWrap: 'anywhere' } }}>
        <TableHead>
          <TableRow>
            <TableCell>Permission</TableCell>
            <TableCell sx={{ width: 100 }}>Tags</TableCell>
            {showRoles && <TableCell sx={{ width: 170 }}>Allowed roles</TableCell>}
            {action && <TableCell align="right" sx={{ width: 52 }} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((p) => (
            <TableRow key={p.name} hover>
              <TableCell>
                <Box>{p.desc}</Box>
                <Box component="code" sx={{ ...small, fontFamily: 'monospace' }}>{p.name}</Box>
              </TableCell>
              <TableCell sx={small}>{p.tags.join(', ')}</TableCell>
              {showRoles && <TableCell sx={small}>{(p.allowedRoles ?? []).map((r) => ROLE_LABELS[r]).join(', ')}</TableCell>}
              {action && (
                <TableCell align="right" padding="checkbox">
                  {!action.hidden?.(p.name) && (
                    <IconButton size="small" aria-label={`${action.label} ${p.name}`} onClick={() => action.run(p.name)}>
                      {action.icon === 'add' ? <AddIcon fontSize="small" /> : <RemoveIcon fontSize="small" />}
                    </IconButton>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Role Details: the active permissions and all permissions (the catalogue) side by side. Holders
 * of the update right move permissions between them, rename the template and Save Changes (the
 * dialog warns that existing users are updated in the background). SUPER_ADMIN and ADMIN see the
 * allowed roles of each permission and filter the catalogue by any role (002 §6).
 */
function RoleDrawerBody({ role, onClose }: { role: RoleShowAnswer; onClose: () => void }) {
  const { user } = useSession();
  const canCall = useCanCall();
  const confirm = useConfirm();
  const full = isSuperRole(user.role);
  const canSave = canCall('staff.roleSave') && mayChangeRoleTemplate(user.role, role.baseRole);
  // The Super Admin template keeps its roles page and update right (the server refuses a save without them).
  const kept = (k: string) => role.baseRole === 'SUPER_ADMIN' && SUPER_ADMIN_KEPT_PERMISSIONS.includes(k);
  const [name, setName] = useState(role.name);
  const [keys, setKeys] = useState<string[]>(() => Object.keys(role.permissions));
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [forRole, setForRole] = useState<Role | ''>(full ? role.baseRole : '');
  const byKey = useMemo(() => new Map([...role.all, ...Object.values(role.permissions)].map((p) => [p.name, p])), [role]);
  const active = keys.map((k) => byKey.get(k)!).filter(Boolean).sort((a, b) => a.name.localeCompare(b.name));
  const tags = [...new Set(role.all.flatMap((p) => p.tags))].sort();
  const needle = search.trim().toLowerCase();
  const catalogue = role.all.filter((p) =>
    (!needle || p.name.toLowerCase().includes(needle) || p.desc.toLowerCase().includes(needle))
    && (!tag || p.tags.includes(tag)) && (!forRole || !p.allowedRoles || p.allowedRoles.includes(forRole)));
  const dirty = name.trim() !== role.name || keys.length !== Object.keys(role.permissions).length || keys.some((k) => !(k in role.permissions));
  const save = useEndpointMutation('staff.roleSave', { errorFallback: () => ROLE_MESSAGES.SAVE_FAILED, onDone: onClose });
  const submit = async () => {
    const ok = await confirm({
      title: 'Save Changes',
      description: `The ${name.trim()} role gets ${keys.length} permissions. ${ROLE_MESSAGES.WAIT}`,
      confirmText: 'Save Changes',
    });
    if (ok) save.mutate({ body: { roleId: role.id, roleName: name.trim(), permissions: keys } });
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField size="small" label="Role name" value={name} onChange={(e) => setName(e.target.value)} disabled={!canSave} slotProps={{ htmlInput: { maxLength: 60 } }} />
        <Chip label={ROLE_LABELS[role.baseRole]} />
        <Typography variant="body2" color="text.secondary">{countOf(role.userCount, 'user')}</Typography>
        <Box sx={{ flexGrow: 1 }} />
        {canSave && <Button variant="contained" disabled={!dirty || !name.trim() || save.isPending} onClick={() => void submit()}>Save Changes</Button>}
      </Stack>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>Active permissions ({active.length})</Typography>
          <PermissionTable
            label="Active permissions" rows={active} showRoles={false}
            action={canSave ? { icon: 'remove', label: 'Remove', run: (k) => setKeys((ks) => ks.filter((x) => x !== k)), hidden: kept } : undefined}
          />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: 1.4, minWidth: 0, width: '100%' }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>All permissions</Typography>
          <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <TextField size="small" label="Search" value={search} onChange={(e) => setSearch(e.target.value)} slotProps={{ htmlInput: { maxLength: 80 } }} />
            <TextField size="small" select label="Tag" value={tag} onChange={(e) => setTag(e.target.value)} sx={{ minWidth: 140 }}>
              <MenuItem value="">All tags</MenuItem>
              {tags.map((x) => <MenuItem key={x} value={x}>{x}</MenuItem>)}
            </TextField>
            {full && (
              <TextField size="small" select label="Allowed for" value={forRole} onChange={(e) => setForRole(e.target.value as Role | '')} sx={{ minWidth: 170 }}>
                <MenuItem value="">Every role</MenuItem>
                {ROLES.map((r) => <MenuItem key={r} value={r}>{ROLE_LABELS[r]}</MenuItem>)}
              </TextField>
            )}
          </Stack>
          <PermissionTable
            label="All permissions" rows={catalogue} showRoles={full}
            action={canSave ? { icon: 'add', label: 'Add', run: (k) => setKeys((ks) => [...ks, k]), hidden: (k) => keys.includes(k) } : undefined}
          />
        </Paper>
      </Stack>
    </Stack>
  );
}

function RoleDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const q = useQuery({ queryKey: ['staff.roleShow', id], queryFn: () => apiData('staff.roleShow', { query: { role: id } }) });
  return (
    <DetailDrawer
      open title={q.data ? `Role Details — ${q.data.name}` : 'Role Details'} onClose={onClose} width={drawerWidth()}
      tabs={[{
        label: 'Permissions',
        content: q.isPending ? <CircularProgress aria-label="Loading role" /> : q.data ? <RoleDrawerBody key={q.dataUpdatedAt} role={q.data} onClose={onClose} /> : <Alert severity="error">{ROLE_MESSAGES.NOT_FOUND}</Alert>,
      }]}
    />
  );
}

/**
 * /settings/roles — the role templates (permission templates): every role for SUPER_ADMIN and
 * ADMIN, else the roles the user may give; the Role Details drawer (`?drawer=<id>`), delete of an
 * unused template, and the background updates of existing users with their progress.
 */
export default function RolesPage() {
  const [sp, setSp] = useSearchParams();
  const canCall = useCanCall();
  const { user } = useSession();
  const q = useQuery({ queryKey: ['staff.roleList'], queryFn: () => apiData('staff.roleList', { query: {} }) });
  const open = sp.get('drawer');
  const setOpen = (id: string | null) => setSp((p) => { const n = new URLSearchParams(p); if (id) n.set('drawer', id); else n.delete('drawer'); return n; }, { replace: !id });
  const remove = useEndpointMutation('staff.roleDelete');
  const mayDelete = (t: RoleTemplateRow) => canCall('staff.roleDelete') && t.userCount === 0 && mayChangeRoleTemplate(user.role, t.baseRole);
  return (
    <Stack spacing={2}>
      <Paper variant="outlined">
        {q.isPending ? <CircularProgress aria-label="Loading roles" sx={{ m: 2 }} /> : (
          <Table aria-label="Roles">
            <TableHead>
              <TableRow><TableCell>Role</TableCell><TableCell>Base role</TableCell><TableCell align="right">Permissions</TableCell><TableCell align="right">Users</TableCell><TableCell /></TableRow>
            </TableHead>
            <TableBody>
              {(q.data?.items ?? []).map((t) => (
                <TableRow key={t.id} hover sx={{ cursor: 'pointer' }} onClick={() => setOpen(t.id)}>
                  <TableCell>{t.name}</TableCell>
                  <TableCell>{ROLE_LABELS[t.baseRole]}</TableCell>
                  <TableCell align="right">{t.permissionCount}</TableCell>
                  <TableCell align="right">{t.userCount}</TableCell>
                  <TableCell align="right" onClick={(e) => e.stopPropagation()}>
                    {mayDelete(t) && (
                      <DeleteAction
                        label="Delete" title="Delete role" button={{ size: 'small' }} busy={remove.isPending}
                        description={`Delete the role ${t.name}? No user has it.`}
                        onConfirmed={() => remove.mutate({ query: { templateId: t.id } })}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
      <StaffJobsPanel />
      {open && <RoleDrawer id={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
