import { describe, expect, it } from 'vitest';
import { mayDeleteStaff, mayMigrateStaff, staffOperatorLabel } from './staff.js';
import { SUPER_ADMIN_KEPT_PERMISSIONS, mayChangeRoleTemplate } from './staff-roles.js';
import { DEFAULT_ROLE_PERMISSIONS } from './permissions.js';

describe('staff rules the console and the server share', () => {
  it('a global role template is changed by a super admin only; an operator role template by any holder of the update right', () => {
    for (const base of ['SUPER_ADMIN', 'ADMIN', 'DEV_OPS'] as const) {
      expect(mayChangeRoleTemplate('SUPER_ADMIN', base)).toBe(true);
      expect(mayChangeRoleTemplate('ADMIN', base)).toBe(false);
      expect(mayChangeRoleTemplate('OPERATOR_ADMIN', base)).toBe(false);
    }
    expect(mayChangeRoleTemplate('OPERATOR_ADMIN', 'OPERATOR_MANAGER')).toBe(true);
    expect(mayChangeRoleTemplate('ADMIN', 'PARTNER')).toBe(true);
  });

  it('the Super Admin template keeps keys it holds by default', () => {
    expect(SUPER_ADMIN_KEPT_PERMISSIONS).toEqual(['settings_roles', 'settings_roles_update']);
    for (const k of SUPER_ADMIN_KEPT_PERMISSIONS) expect(DEFAULT_ROLE_PERMISSIONS.SUPER_ADMIN).toContain(k);
  });

  it('a Super Admin account is never migrated; any other is', () => {
    expect(mayMigrateStaff({ role: 'SUPER_ADMIN' })).toBe(false);
    for (const role of ['ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'PARTNER', 'DEV_OPS'] as const) expect(mayMigrateStaff({ role })).toBe(true);
  });

  it('a PARTNER account is deleted by SUPER_ADMIN or ADMIN only (as POST /api/affiliates/delete); other accounts as mayManageStaff', () => {
    const partner = { id: 'p', role: 'PARTNER' as const };
    expect(mayDeleteStaff({ id: 's', role: 'SUPER_ADMIN' }, partner)).toBe(true);
    expect(mayDeleteStaff({ id: 'a', role: 'ADMIN' }, partner)).toBe(true);
    for (const role of ['OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'DEV_OPS', 'PARTNER'] as const) expect(mayDeleteStaff({ id: 'x', role }, partner)).toBe(false);
    expect(mayDeleteStaff({ id: 'x', role: 'OPERATOR_ADMIN' }, { id: 'm', role: 'OPERATOR_MANAGER' })).toBe(true);
    expect(mayDeleteStaff({ id: 'a', role: 'ADMIN' }, { id: 's', role: 'SUPER_ADMIN' })).toBe(false);
    expect(mayDeleteStaff({ id: 'a', role: 'ADMIN' }, { id: 'a', role: 'ADMIN' })).toBe(false);
  });

  it("an account's operator reads Title (Parent), or All operators", () => {
    expect(staffOperatorLabel({ opTitle: 'Alpha Casino', parentOpTitle: 'Alpha Gaming' })).toBe('Alpha Casino (Alpha Gaming)');
    expect(staffOperatorLabel({ opTitle: 'Alpha Gaming', parentOpTitle: null })).toBe('Alpha Gaming');
    expect(staffOperatorLabel({ opTitle: null, parentOpTitle: null })).toBe('All operators');
  });
});
