import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppBar, Box, Divider, Drawer, IconButton, Stack, Toolbar, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import { PRODUCT_VERSION } from '@pitboss/contract/constants';
import { ROLE_LABELS, isSuperRole, shellControls } from '@pitboss/contract/roles';
import { matchRoute } from '@pitboss/contract/routes';
import { useBadges } from '../api/shell';
import { PageLoader } from '../kit/FullScreenLoader';
import { NavMenu } from './NavMenu';
import { NoticeBanner } from './NoticeBanner';
import { OperatorSelector } from './OperatorSelector';
import { BrandsPopover } from './BrandsPopover';
import { TestFilter } from './TestFilter';
import { Clock, LogoutButton, NotificationsButton, RefreshButton, WhatsNewButton } from './TopBarButtons';
import { useSession } from './session';
import { useScope } from './useScope';
import { useDocumentTitle } from './useDocumentTitle';
import { hearsLive, useLiveEvents } from './live';

const NAV_WIDTH = 264;
/** Loaded when first opened (its Autocomplete is not part of the shell's chunk). */
const PlayerSearchDialog = lazy(() => import('./PlayerSearchDialog'));

/** The page shell (000 §2.2): navigation, top bar, and the routed page. */
export function Shell() {
  const { user } = useSession();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const { pathname } = useLocation();
  const { opId, includeBrands } = useScope();
  // The scope controls and badges a role has use for (the landing page has nothing to filter).
  const controls = shellControls(user.role);
  const page = matchRoute(pathname);
  const badges = useBadges(opId, includeBrands, controls.badges && !user.twoFactorSetupRequired);
  // Live updates of the records the user may see (support queue, tickets, badges).
  useLiveEvents(!user.twoFactorSetupRequired && hearsLive(user.permissions));
  const title = page?.title ?? 'Pitboss';
  useDocumentTitle(title);

  const nav = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar>
        <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
          Pitboss
        </Typography>
      </Toolbar>
      <Divider />
      <NavMenu badges={controls.badges ? (badges.data ?? {}) : {}} onNavigate={wide ? undefined : () => setMobileOpen(false)} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box component="aside" sx={{ width: { md: NAV_WIDTH }, flexShrink: { md: 0 } }}>
        {wide ? (
          <Drawer variant="permanent" open slotProps={{ paper: { sx: { width: NAV_WIDTH } } }}>
            {nav}
          </Drawer>
        ) : (
          <Drawer variant="temporary" open={mobileOpen} onClose={() => setMobileOpen(false)} ModalProps={{ keepMounted: true }} slotProps={{ paper: { sx: { width: NAV_WIDTH } } }}>
            {nav}
          </Drawer>
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position={wide ? 'sticky' : 'static'} color="default" elevation={1}>
          <Toolbar sx={{ gap: 1.5, flexWrap: 'wrap', py: 0.5 }}>
            {!wide && (
              <IconButton edge="start" aria-label="Open navigation" onClick={() => setMobileOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            <Typography variant="h6" component="h1" noWrap sx={{ mr: 1 }}>
              {title}
            </Typography>
            {controls.operatorSelector && page && (
              <>
                <OperatorSelector />
                <BrandsPopover />
              </>
            )}
            {controls.playerTypeFilter && page && <TestFilter />}
            <Box sx={{ flex: 1 }} />
            {isSuperRole(user.role) && (
              <Tooltip title="Player search">
                <IconButton color="inherit" aria-label="Player search" data-testid="player-search-button" onClick={() => setSearchOpen(true)}>
                  <PersonSearchIcon />
                </IconButton>
              </Tooltip>
            )}
            <WhatsNewButton />
            <NotificationsButton />
            <RefreshButton />
            <Stack sx={{ alignItems: 'flex-end', lineHeight: 1.1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="user-nickname">
                {user.nickname}
              </Typography>
              <Typography variant="caption" color="text.secondary" data-testid="user-role">
                {ROLE_LABELS[user.role]}
              </Typography>
              <Clock timeZone={user.timezone} />
              <Typography variant="caption" color="text.secondary" data-testid="product-version">
                Pitboss v{PRODUCT_VERSION}
              </Typography>
            </Stack>
            <LogoutButton />
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ flex: 1, p: { xs: 1.5, md: 3 } }}>
          <NoticeBanner enabled={!user.twoFactorSetupRequired} />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      {isSuperRole(user.role) && searchOpen && (
        <Suspense fallback={null}>
          <PlayerSearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
