import { Navigate, useLocation } from 'react-router';
import { Alert, Box, Typography } from '@mui/material';
import { MSG } from '@pitboss/contract/messages';
import { consolePermissions, mayOpenRoute } from '@pitboss/contract/permissions';
import { landingPath, linkTo, type RouteDef } from '@pitboss/contract/routes';
import { RequireAuth } from '../auth/RequireAuth';
import { MuiProviders } from '../kit/MuiProviders';
import { useSession } from '../shell/session';
import { PAGES, preloadPage } from '../routes/registry';
import type { RoutePath } from '@pitboss/contract/routes';
import { LandingPage } from './LandingPage';

// The page of the address the console opens on starts loading with the console's own code.
preloadPage(window.location.pathname);

/**
 * The signed-in console, loaded on demand after the session check (routes/AppRouter.tsx):
 * MUI, the shell and the page registry. The login page never loads this chunk.
 */
export default function ConsoleRoot() {
  return (
    <MuiProviders>
      <RequireAuth />
    </MuiProviders>
  );
}

/** Section-level access check: the page's permission slug (and its component permissions for non-admins), deny by default (STYLE 8). */
export function RoutePage({ route }: { route: RouteDef }) {
  const { user } = useSession();
  const { search } = useLocation();
  // The operator requires a second factor this user has not set up: the profile, where it is set up, until then.
  if (user.twoFactorSetupRequired && route.path !== '/user/profile') return <Navigate to={`${linkTo('/user/profile')}${search}`} replace />;
  if (!mayOpenRoute({ role: user.role, permissions: consolePermissions(user) }, route)) {
    return (
      <Alert severity="warning" role="alert">
        {MSG.NO_PERMISSION}
      </Alert>
    );
  }
  const Page = PAGES[route.path as RoutePath];
  if (!Page) return <Typography>This page is not built yet.</Typography>;
  return <Page />;
}

/** `/`: where the user lands (the contract's landingPath: role and built routes), else the landing page of what they can use. */
export function Home() {
  const { user } = useSession();
  const { search } = useLocation();
  const to = user.twoFactorSetupRequired ? linkTo('/user/profile') : landingPath(user.role, user.permissions);
  if (to) return <Navigate to={`${to}${search}`} replace />;
  return <LandingPage />;
}

export function NotFound() {
  return (
    <Box>
      <Alert severity="info">{MSG.NOT_FOUND}</Alert>
    </Box>
  );
}
