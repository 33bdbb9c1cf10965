import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Chip, CircularProgress, Link, Paper, Stack, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { LANGUAGES, PLAYER_SUB_INFO_LABELS, ROLE_LABELS, STAFF_MESSAGES, STAFF_STATUS_LABELS, isSuperRole, linkTo, staffOperatorLabel, type StaffDetails } from '@pitboss/contract';
import { ApiError } from '../api/client';
import { apiData } from '../api/endpoint';
import { Fields } from '../kit/Fields';
import { useFormatTime, useSession } from '../shell/session';
import { StaffActions } from './StaffActions';
import { SessionsPanel } from './SessionsPanel';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const languageOf = (l: string) => ((LANGUAGES as readonly string[]).includes(l) ? l.toUpperCase() : l);

/** The permissions in effect (template + extra − revoked), each with its label and where it comes from. */
function PermissionsPanel({ u }: { u: StaffDetails }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Permissions in effect ({u.permissions.length})
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The {u.templateName ?? ROLE_LABELS[u.role]} role template, plus the permissions added to this account, less those taken from it.
      </Typography>
      <Box sx={{ maxHeight: 420, overflow: 'auto' }}>
        <Table size="small" aria-label="Permissions in effect" stickyHeader>
          <TableHead>
            <TableRow><TableCell>Permission</TableCell><TableCell>Key</TableCell><TableCell>From</TableCell></TableRow>
          </TableHead>
          <TableBody>
            {u.permissions.map((p) => (
              <TableRow key={p.key}>
                <TableCell>{p.label}</TableCell>
                <TableCell><code>{p.key}</code></TableCell>
                <TableCell>{p.source === 'extra' ? <Chip size="small" color="info" label="Added to this account" /> : 'Role template'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {u.revoked.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>Taken from this account</Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }} aria-label="Taken from this account">
            {u.revoked.map((p) => <Chip key={p.key} size="small" variant="outlined" color="warning" label={p.label} title={p.key} />)}
          </Stack>
        </>
      )}
    </Paper>
  );
}

/**
 * /settings/admins/{user_id} — one staff account (002 §2, no operator selector): its data, role,
 * operator by title, the permissions in effect with their labels, a link to its login activity,
 * and its actions. After a delete or a migration the page returns to the admin list with the
 * query string it was opened with.
 */
export default function AdminDetailsPage() {
  const { user_id: id = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const fmt = useFormatTime();
  const { user } = useSession();
  const q = useQuery({ queryKey: ['staff.details', id], queryFn: () => apiData('staff.details', { params: { adminId: id } }) });
  const back = () => navigate(linkTo('/settings/admins', undefined, search));
  if (q.isPending) return <CircularProgress aria-label="Loading user" />;
  if (q.isError || !q.data) {
    const msg = q.error instanceof ApiError && q.error.messages[0] ? q.error.messages[0] : STAFF_MESSAGES.USER_NOT_FOUND;
    return <Alert severity="error">{msg}</Alert>;
  }
  const u = q.data;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2">{u.nickname}</Typography>
          <Chip size="small" variant="outlined" color={u.isBlocked ? 'error' : 'success'} label={STAFF_STATUS_LABELS[u.isBlocked ? 'blocked' : 'active']} />
          <Box sx={{ flexGrow: 1 }} />
          <Link component={RouterLink} to={linkTo('/settings/admins', undefined, search)}>Back to admins</Link>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 2 }} aria-label="Account actions">
          <StaffActions r={u} details={u} onGone={back} />
        </Stack>
        <Fields
          items={[
            { label: 'E-mail', value: u.email },
            { label: 'User code', value: u.userCode ?? '—' },
            { label: 'Role', value: ROLE_LABELS[u.role] },
            { label: 'Role template', value: u.templateName ?? `${ROLE_LABELS[u.role]} (default)` },
            { label: 'Operator/Brand', value: staffOperatorLabel(u) },
            { label: 'Two-factor sign-in', value: u.twoFactor ? 'Enrolled' : 'Not enrolled' },
            ...(isSuperRole(user.role) ? [{ label: 'Hide User Activity', value: yesNo(u.isHidden) }] : []),
            { label: 'Language', value: languageOf(u.language) },
            { label: 'Time zone', value: u.timezone },
            { label: 'Player shown by', value: PLAYER_SUB_INFO_LABELS[u.playerSubInfoType as keyof typeof PLAYER_SUB_INFO_LABELS] ?? u.playerSubInfoType },
            { label: 'Round report numbers', value: yesNo(u.roundReportNumbers) },
            {
              label: 'Last sign-in',
              value: (
                <>
                  {u.lastLoginAt ? fmt(u.lastLoginAt) : 'Never'}{' · '}
                  <Link component={RouterLink} to={linkTo('/settings/login-activitiy', undefined, `?email=${encodeURIComponent(u.email)}`)}>Login activity</Link>
                </>
              ),
            },
            { label: 'Created', value: fmt(u.createdAt) },
          ]}
        />
      </Paper>
      <PermissionsPanel u={u} />
      <SessionsPanel userId={u.id} />
    </Stack>
  );
}
