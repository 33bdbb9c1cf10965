import { Navigate, useLocation } from 'react-router';
import { Alert, Box, Typography } from '@mui/material';
import { MSG, can, type RouteDef } from '@pitboss/contract';
import { RequireAuth } from '../auth/RequireAuth';
import { MuiProviders } from '../kit/MuiProviders';
import { useSession } from '../shell/session';
import { navItems } from '../shell/NavMenu';
import { PAGES } from '../routes/registry';
import type { RoutePath } from '@pitboss/contract/routes';

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

/** Section-level access check: the page's permission slug, deny by default (STYLE 8). */
export function RoutePage({ route }: { route: RouteDef }) {
  const { user } = useSession();
  if (!can(user.permissions, route.slug)) {
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

/** `/`: the first page of the user's navigation. */
export function Home() {
  const { user } = useSession();
  const { search } = useLocation();
  const first = [...navItems(user.permissions, false).values()][0]?.[0];
  if (first) return <Navigate to={`${first.path}${search}`} replace />;
  return <Typography>Welcome to Pitboss.</Typography>;
}

export function NotFound() {
  return (
    <Box>
      <Alert severity="info">{MSG.NOT_FOUND}</Alert>
    </Box>
  );
}
