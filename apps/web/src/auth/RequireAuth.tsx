import { Alert, Box, Button } from '@mui/material';
import { MSG } from '@pitboss/contract/messages';
import { useMe } from '../api/session';
import { FullScreenLoader } from '../kit/FullScreenLoader';
import { SessionContext } from '../shell/session';
import { RatesProvider } from '../shell/rates';
import { Shell } from '../shell/Shell';

/** Full-screen loader until the user is loaded (the session itself is checked by SessionGate). */
export function RequireAuth() {
  const me = useMe(true);
  if (me.isPending) return <FullScreenLoader />;
  if (me.isError) {
    return (
      <Box sx={{ p: 4 }}>
        <Alert severity="error" action={<Button onClick={() => window.location.reload()}>Retry</Button>}>
          {MSG.GENERIC_ERROR}
        </Alert>
      </Box>
    );
  }
  return (
    <SessionContext.Provider value={me.data}>
      <RatesProvider enabled={me.data.user.role !== 'PARTNER'}>
        <Shell />
      </RatesProvider>
    </SessionContext.Provider>
  );
}
