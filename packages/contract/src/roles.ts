/** The six staff roles of the spec (000 §6, 001 §1). */
export const ROLES = ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'PARTNER', 'DEV_OPS'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  SUPER_ADMIN: 'Super Admin',
  ADMIN: 'Admin',
  OPERATOR_ADMIN: 'Operator Admin',
  OPERATOR_MANAGER: 'Operator Manager',
  PARTNER: 'Partner',
  DEV_OPS: 'Dev Ops',
};

/** SUPER_ADMIN and ADMIN are treated together as "super" (001 §1). */
export const isSuperRole = (role: Role): boolean => role === 'SUPER_ADMIN' || role === 'ADMIN';

/** Roles that see every operator; the others are scoped to their own operator (and its brands). */
export const isGlobalRole = (role: Role): boolean => role === 'SUPER_ADMIN' || role === 'ADMIN' || role === 'DEV_OPS';

/**
 * The shell's scope controls a role has use for: operator staff and admins choose an operator
 * and a player type and follow the pending badges; a partner works on its own brand (no
 * selector, no badges); DEV_OPS has no players or money pages (none of the three).
 */
export function shellControls(role: Role): { operatorSelector: boolean; playerTypeFilter: boolean; badges: boolean } {
  return {
    operatorSelector: role !== 'PARTNER' && role !== 'DEV_OPS',
    playerTypeFilter: role !== 'DEV_OPS',
    badges: role !== 'PARTNER' && role !== 'DEV_OPS',
  };
}
