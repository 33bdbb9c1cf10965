import { createContext, useContext } from 'react';
import { can, consolePermissions } from '@pitboss/contract/permissions';
import { formatInTz } from '@pitboss/contract/time';
import { isSuperRole } from '@pitboss/contract/roles';
import type { OperatorSummary, SessionUser } from '@pitboss/contract/api';

export interface Session {
  user: SessionUser;
  operators: OperatorSummary[];
}
export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside the signed-in shell');
  return s;
}

/** "May this user do X" — the contract's can(), deny by default (STYLE 8). */
export function useCan(): (key: string) => boolean {
  const { user } = useSession();
  return (key) => can(consolePermissions(user), key);
}

export const useIsSuper = () => isSuperRole(useSession().user.role);

/** Format an instant in the signed-in user's timezone ("—" for empty). */
export function useFormatTime(): (d: string | Date | null | undefined) => string {
  const { user } = useSession();
  return (d) => (d ? formatInTz(d, user.timezone) : '—');
}
