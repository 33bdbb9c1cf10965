import { createContext, useContext } from 'react';
import { can, formatInTz, isSuperRole, type OperatorSummary, type SessionUser } from '@pitboss/contract';

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
  return (key) => can(user.permissions, key);
}

export const useIsSuper = () => isSuperRole(useSession().user.role);

/** Format an instant in the signed-in user's timezone ("—" for empty). */
export function useFormatTime(): (d: string | Date | null | undefined) => string {
  const { user } = useSession();
  return (d) => (d ? formatInTz(d, user.timezone) : '—');
}
