import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Box, Button, IconButton, List, ListItem, ListItemText, Popover, Stack, Tooltip, Typography } from '@mui/material';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import NewReleasesOutlinedIcon from '@mui/icons-material/NewReleasesOutlined';
import { mayOpenRoute } from '@pitboss/contract/permissions';
import { linkTo, route } from '@pitboss/contract/routes';
import RefreshIcon from '@mui/icons-material/Refresh';
import LogoutIcon from '@mui/icons-material/Logout';
import { LOGOUT_DISABLE_MS } from '@pitboss/contract/constants';
import { MSG } from '@pitboss/contract/messages';
import { formatInTz } from '@pitboss/contract/time';
import { useNotifications, useWhatsNewUnread } from '../api/shell';
import { logout } from '../api/session';
import { useApiError } from '../kit/ErrorDialog';
import { useSession } from './session';

export function NotificationsButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { user } = useSession();
  const q = useNotifications(user.role !== 'PARTNER' && !user.twoFactorSetupRequired);
  const items = q.data ?? [];
  return (
    <>
      <Tooltip title="Information">
        <IconButton color="inherit" aria-label="Information" onClick={(e) => setAnchor(e.currentTarget)}>
          <Badge badgeContent={items.length} color="secondary" max={9}>
            <InfoOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ width: 360, maxHeight: 420, overflow: 'auto' }} role="dialog" aria-label="Notifications">
          <Typography variant="subtitle1" sx={{ px: 2, pt: 2 }}>
            Notifications
          </Typography>
          <List dense>
            {items.length === 0 && (
              <ListItem>
                <ListItemText primary={MSG.NO_DATA} />
              </ListItem>
            )}
            {items.map((n) => (
              <ListItem key={n.id} alignItems="flex-start">
                <ListItemText primary={n.title} secondary={`${formatInTz(n.createdAt, user.timezone)} — ${n.body}`} />
              </ListItem>
            ))}
          </List>
        </Box>
      </Popover>
    </>
  );
}

/** What's New with the number of unread release notes; opens /whats-new (which marks them read). */
export function WhatsNewButton() {
  const { user } = useSession();
  const navigate = useNavigate();
  const page = route('/whats-new');
  const allowed = page.built && !user.twoFactorSetupRequired && mayOpenRoute(user, page);
  const q = useWhatsNewUnread(allowed);
  if (!allowed) return null;
  const unread = q.data?.unread ?? 0;
  return (
    <Tooltip title="What's New">
      <IconButton color="inherit" aria-label={unread ? `What's New, ${unread} unread` : "What's New"} onClick={() => void navigate(linkTo('/whats-new'))}>
        <Badge badgeContent={unread} color="secondary" max={9} data-testid="whats-new-unread">
          <NewReleasesOutlinedIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

export function RefreshButton() {
  const qc = useQueryClient();
  return (
    <Tooltip title="Refresh">
      <IconButton color="inherit" aria-label="Refresh" onClick={() => void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' })}>
        <RefreshIcon />
      </IconButton>
    </Tooltip>
  );
}

/** Logout popover with a confirmation; its button is disabled for LOGOUT_DISABLE_MS after click. */
export function LogoutButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [disabled, setDisabled] = useState(false);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const reportError = useApiError();
  useEffect(() => {
    if (!disabled) return;
    const t = setTimeout(() => setDisabled(false), LOGOUT_DISABLE_MS);
    return () => clearTimeout(t);
  }, [disabled]);

  const confirm = async () => {
    setDisabled(true);
    try {
      await logout();
      qc.clear();
      navigate('/login', { replace: true });
    } catch (e) {
      reportError(e);
    }
  };
  return (
    <>
      <Tooltip title="Log out">
        <IconButton color="inherit" aria-label="Log out" onClick={(e) => setAnchor(e.currentTarget)}>
          <LogoutIcon />
        </IconButton>
      </Tooltip>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Stack spacing={1.5} sx={{ p: 2 }} role="dialog" aria-label="Log out confirmation">
          <Typography>Are you sure you want to log out?</Typography>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => setAnchor(null)}>Cancel</Button>
            <Button variant="contained" color="error" disabled={disabled} onClick={() => void confirm()}>
              Confirm log out
            </Button>
          </Stack>
        </Stack>
      </Popover>
    </>
  );
}

/** A clock in the user's timezone, refreshed each second. */
export function Clock({ timeZone }: { timeZone: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  return (
    <Typography variant="caption" component="time" dateTime={now.toISOString()} aria-label={`Time in ${timeZone}`} sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatInTz(now, timeZone)} ({timeZone})
    </Typography>
  );
}
