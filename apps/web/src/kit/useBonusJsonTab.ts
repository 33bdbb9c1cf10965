import { consolePermissions, mayViewBonusJson } from '@pitboss/contract/permissions';
import { useSession } from '../shell/session';

/** The JSON tab of a bonus record (definitions, player bonuses, releases, free bets, forms and requests): the contract's rule. */
export function useBonusJsonTab(): boolean {
  const { user } = useSession();
  return mayViewBonusJson({ role: user.role, permissions: consolePermissions(user) });
}
