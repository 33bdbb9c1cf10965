import { ENDPOINTS, accessAllows, withheldFields, type EndpointMeta, type EndpointName } from '@pitboss/contract/endpoints';
import { can } from '@pitboss/contract/permissions';
import { useSession } from './session';

/**
 * "May this user make this call" — the endpoint table's own access rule (permissions, roles, a
 * field of the request or of the record acted on), so an action is shown exactly when the
 * server would accept it. `on.record`: the record the call acts on (a gateway, a bank account).
 */
export function useCanCall(): (name: EndpointName, on?: { request?: unknown; record?: unknown }) => boolean {
  const { user } = useSession();
  return (name, on) => {
    const meta: EndpointMeta = ENDPOINTS[name];
    // Until a second factor the operator requires is set up, the server answers only the profile's calls.
    if (user.twoFactorSetupRequired && !meta.twoFactorSetup) return false;
    return accessAllows(meta.access, { role: user.role, has: (k) => can(user.permissions, k) }, on);
  };
}

/**
 * "Does this user receive this field of the call's answer" — the table's `fieldAccess`, as the
 * server applies it (`items[].<field>` for a field of a list's items): a column the server
 * leaves out is not shown empty.
 */
export function useReceives(): (name: EndpointName, field: string) => boolean {
  const { user } = useSession();
  return (name, field) => !withheldFields(ENDPOINTS[name], { role: user.role, has: (k) => can(user.permissions, k) }).has(field);
}
