import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { MSG } from '@pitboss/contract/messages';
import { useSessionCheck } from '../api/session';
import { BootError, BootLoader } from '../boot/BootScreens';

/**
 * The signed-in part of the console starts here: a signed-out visitor goes to /login before
 * the console's code (MUI, the shell) is even loaded.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const check = useSessionCheck();
  const location = useLocation();
  if (check.isPending) return <BootLoader />;
  if (check.isError) return <BootError message={MSG.GENERIC_ERROR} />;
  if (!check.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <>{children}</>;
}
