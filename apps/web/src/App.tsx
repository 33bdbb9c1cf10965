import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api/client';
import { sessionKeys } from './api/session';
import { AppRouter } from './routes/AppRouter';

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

/**
 * The entry: data cache and router only. MUI and its providers (kit/MuiProviders.tsx) come
 * with the lazily loaded console, so the login page renders without them.
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  );
}
