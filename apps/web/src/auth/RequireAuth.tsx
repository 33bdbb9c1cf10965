import { Navigate, useLocation } from 'react-router';
import { Alert, Box, Button } from '@mui/material';
import { MSG } from '@pitboss/contract';
import { useMe, useSessionCheck } from '../api/session';
import { FullScreenLoader } from '../kit/FullScreenLoader';
import { SessionContext } from '../shell/session';
import { RatesProvider } from '../shell/rates';
import { Shell } from '../shell/Shell';

/** Full-screen loader until the user is loaded; signed-out users go to /login. */
export function RequireAuth() {
  const check = useSessionCheck();
  const signedIn = !!check.data;
  const me = useMe(signedIn);
  const location = useLocation();

  if (check.isPending || (signedIn && me.isPending)) return <FullScreenLoader />;
  if (check.isError || me.isError) {
    return (
      <Box sx={{ p: 4 }}>
        <Alert severity="error" action={<Button onClick={() => window.location.reload()}>Retry</Button>}>
          {MSG.GENERIC_ERROR}
        </Alert>
      </Box>
    );
  }
  if (!check.data || !me.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <SessionContext.Provider value={me.data}>
      <RatesProvider enabled={me.data.user.role !== 'PARTNER'}>
        <Shell />
      </RatesProvider>
    </SessionContext.Provider>
  );
}
