import { CssBaseline, ThemeProvider } from '@mui/material';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { ApiError } from './api/client';
import { sessionKeys } from './api/session';
import { ErrorDialogProvider } from './kit/ErrorDialog';
import { ConfirmProvider } from './kit/useConfirm';
import { AppRouter } from './routes/AppRouter';
import { theme } from './theme';

/** A 401 anywhere signs the console out; a blocked user is sent where the server says. */
function onAnyError(err: unknown) {
  if (!(err instanceof ApiError)) return;
  if (err.httpStatus === 401) queryClient.setQueryData(sessionKeys.check(), null);
  if (err.httpStatus === 403 && err.code === 'FORBIDDEN_ACCESS') {
    const redirect = (err.data as { redirect?: unknown } | null)?.redirect;
    if (typeof redirect === 'string' && redirect.startsWith('/')) window.location.assign(redirect);
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onAnyError }),
  mutationCache: new MutationCache({ onError: onAnyError }),
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError && err.httpStatus >= 400 && err.httpStatus < 500) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 15_000,
    },
  },
});

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
          <ErrorDialogProvider>
            <ConfirmProvider>
              <AppRouter />
            </ConfirmProvider>
          </ErrorDialogProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
