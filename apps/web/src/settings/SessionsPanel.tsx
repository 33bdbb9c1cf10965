import {
  Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Table, TableBody, TableHead, TableRow, Typography,
} from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { describeUserAgent } from '@pitboss/contract/two-factor';
import { MSG } from '@pitboss/contract/messages';
import { useSessions } from '../api/profile';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useConfirm } from '../kit/useConfirm';
import { useFormatTime } from '../shell/session';

/**
 * The active sessions of a staff account: its own (`userId="me"`, on /user/profile) or another's
 * (an admin, on the staff details). Device, address, when it signed in and was last seen; one
 * session ends from its row, and the others (own) or all (admin) at once, each after a confirmation.
 */
export function SessionsPanel({ userId }: { userId: string }) {
  const own = userId === 'me';
  const q = useSessions(userId);
  const fmt = useFormatTime();
  const confirm = useConfirm();
  const revokeOwn = useEndpointMutation('profile.revokeSession');
  const revokeOthers = useEndpointMutation('profile.revokeOtherSessions');
  const revokeStaff = useEndpointMutation('staff.revokeSessions');
  const busy = revokeOwn.isPending || revokeOthers.isPending || revokeStaff.isPending;
  const items = q.data?.items ?? [];
  const mayRevoke = q.data?.mayRevoke ?? false;
  const others = items.filter((s) => !s.current);

  const endOne = async (id: string, device: string) => {
    if (!(await confirm({ title: 'End session', description: `${device} is signed out at once.`, confirmText: 'End session', destructive: true }))) return;
    if (own) revokeOwn.mutate({ body: { sessionId: id } });
    else revokeStaff.mutate({ body: { adminId: userId, sessionId: id } });
  };
  const endMany = async () => {
    if (own) {
      if (!(await confirm({ title: 'Sign out other sessions', description: 'Every other device signed in to your account is signed out at once. This one stays signed in.', confirmText: 'Sign out others', destructive: true }))) return;
      revokeOthers.mutate({ body: {} });
    } else {
      if (!(await confirm({ title: 'End all sessions', description: 'The user is signed out everywhere at once.', confirmText: 'End all sessions', destructive: true }))) return;
      revokeStaff.mutate({ body: { adminId: userId } });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`sessions-${userId}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography id={`sessions-${userId}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Active sessions
        </Typography>
        {mayRevoke && (own ? others.length > 0 : items.length > 0) && (
          <Button size="small" variant="outlined" color="warning" disabled={busy} onClick={() => void endMany()}>
            {own ? 'Sign out other sessions' : 'End all sessions'}
          </Button>
        )}
      </Stack>
      {q.isPending && <CircularProgress size={24} aria-label="Loading sessions" />}
      {q.isError && <Alert severity="error">{MSG.GENERIC_ERROR}</Alert>}
      {q.data && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Active sessions">
            <TableHead>
              <TableRow>
                <TableCell>Device</TableCell>
                <TableCell>IP address</TableCell>
                <TableCell>Signed in</TableCell>
                <TableCell>Last seen</TableCell>
                <TableCell>Expires</TableCell>
                {mayRevoke && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={mayRevoke ? 6 : 5}>No active sessions.</TableCell>
                </TableRow>
              )}
              {items.map((s) => {
                const device = describeUserAgent(s.userAgent);
                return (
                  <TableRow key={s.id} data-testid="session-row">
                    <TableCell title={s.userAgent ?? undefined}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <span>{device}</span>
                        {s.current && <Chip size="small" color="success" variant="outlined" label="This session" />}
                      </Stack>
                    </TableCell>
                    <TableCell>{s.ip ?? '—'}</TableCell>
                    <TableCell>{fmt(s.createdAt)}</TableCell>
                    <TableCell>{fmt(s.lastSeenAt)}</TableCell>
                    <TableCell>{fmt(s.expiresAt)}</TableCell>
                    {mayRevoke && (
                      <TableCell align="right">
                        {!s.current && (
                          <Button size="small" color="warning" disabled={busy} onClick={() => void endOne(s.id, device)}>
                            End session
                          </Button>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

export default SessionsPanel;
