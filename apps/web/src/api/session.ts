import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataOf } from '@pitboss/contract/endpoint-schemas';
import { ApiError } from './client';
import { api, apiData } from './endpoint';

export const sessionKeys = {
  all: ['session'] as const,
  check: () => [...sessionKeys.all, 'check'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

/** The signed-in user and the operators they can pick (`shell.me`). */
const meQuery = { queryKey: sessionKeys.me(), queryFn: () => apiData('shell.me', {}), staleTime: 5 * 60_000 };

/** The session check (`auth.sessionCheck`): the user, or null when signed out (401). */
export async function fetchSessionCheck(): Promise<DataOf<'auth.sessionCheck'> | null> {
  try {
    return await apiData('auth.sessionCheck', {});
  } catch (e) {
    if (e instanceof ApiError && e.httpStatus === 401) return null;
    throw e;
  }
}

/**
 * The session check. When it finds a signed-in user, the user's details (`shell.me`) are asked
 * for at once, while the console's code loads, instead of after it has loaded.
 */
export const useSessionCheck = () => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: sessionKeys.check(),
    queryFn: async () => {
      const check = await fetchSessionCheck();
      if (check) void queryClient.prefetchQuery(meQuery);
      return check;
    },
    staleTime: Infinity,
    retry: false,
  });
};

/** The signed-in user and the operators they can pick. */
export type Me = DataOf<'shell.me'>;
export const useMe = (enabled = true) => useQuery({ ...meQuery, enabled });

export const login = (email: string, password: string) => api('auth.login', { body: { email, password } });
/** The sign-in's second step: the first step's challenge and a code of the authenticator app (or a recovery code). */
export const loginTwoFactor = (challenge: string, code: string) => api('auth.loginTwoFactor', { body: { challenge, code } });
export const logout = () => api('auth.logout', {});
