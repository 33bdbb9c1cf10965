import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, useLocation } from 'react-router';
import { Alert, Box, Typography } from '@mui/material';
import { MSG, ROUTES, can, type RouteDef } from '@pitboss/contract';
import { RequireAuth } from '../auth/RequireAuth';
import { FullScreenLoader } from '../kit/FullScreenLoader';
import { useSession } from '../shell/session';
import { navItems } from '../shell/NavMenu';
import { PAGES } from './registry';

const LoginPage = lazy(() => import('../auth/LoginPage'));
const AdminPage = lazy(() => import('../auth/AdminPage'));

/** Section-level access check: the page's permission slug, deny by default (STYLE 8). */
function RoutePage({ route }: { route: RouteDef }) {
  const { user } = useSession();
  if (!can(user.permissions, route.slug)) {
    return (
      <Alert severity="warning" role="alert">
        {MSG.NO_PERMISSION}
      </Alert>
    );
  }
  const Page = PAGES[route.path];
  if (!Page) return <Typography>This page is not built yet.</Typography>;
  return <Page />;
}

/** `/`: the first page of the user's navigation. */
function Home() {
  const { user } = useSession();
  const { search } = useLocation();
  const first = [...navItems(user.permissions, false).values()][0]?.[0];
  if (first) return <Navigate to={`${first.path}${search}`} replace />;
  return <Typography>Welcome to Pitboss.</Typography>;
}

function NotFound() {
  return (
    <Box>
      <Alert severity="info">{MSG.NOT_FOUND}</Alert>
    </Box>
  );
}

/** Only `built` routes of the contract table are mounted. */
const pageRoutes = ROUTES.filter((r) => r.built).map((r) => ({
  path: r.path.replace(/^\//, ''),
  element: <RoutePage route={r} />,
}));

const router = createBrowserRouter([
  { path: '/login', element: <Suspense fallback={<FullScreenLoader />}><LoginPage /></Suspense> },
  { path: '/admin', element: <Suspense fallback={<FullScreenLoader />}><AdminPage /></Suspense> },
  {
    path: '/',
    element: <RequireAuth />,
    children: [{ index: true, element: <Home /> }, ...pageRoutes, { path: '*', element: <NotFound /> }],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
