import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ROUTES } from '@pitboss/contract/routes';
import LoginPage from '../auth/LoginPage';
import { SessionGate } from '../auth/SessionGate';
import { BootLoader } from '../boot/BootScreens';

/*
 * The entry chunk holds only this router, the login page and the session check: the signed-in
 * console (MUI, shell, page registry) is one lazy chunk, each page another
 * (see scripts/budget.mjs for the first-load budget the build enforces).
 */
const consoleChunk = () => import('../console/ConsoleRoot');
const ConsoleRoot = lazy(consoleChunk);
const RoutePage = lazy(() => consoleChunk().then((m) => ({ default: m.RoutePage })));
const Home = lazy(() => consoleChunk().then((m) => ({ default: m.Home })));
const NotFound = lazy(() => consoleChunk().then((m) => ({ default: m.NotFound })));
const AdminPage = lazy(() => import('../auth/AdminPage'));

/** Only `built` routes of the contract table are mounted. */
const pageRoutes = ROUTES.filter((r) => r.built).map((r) => ({
  path: r.path.replace(/^\//, ''),
  element: <RoutePage route={r} />,
}));

const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/admin', element: <Suspense fallback={<BootLoader />}><AdminPage /></Suspense> },
  {
    path: '/',
    element: (
      <SessionGate>
        <Suspense fallback={<BootLoader />}>
          <ConsoleRoot />
        </Suspense>
      </SessionGate>
    ),
    children: [{ index: true, element: <Home /> }, ...pageRoutes, { path: '*', element: <NotFound /> }],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
