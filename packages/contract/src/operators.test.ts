import { describe, expect, it } from 'vitest';
import { ENDPOINTS, accessAllows } from './endpoints/index.js';
import { DEFAULT_ROLE_PERMISSIONS, mayOpenRoute } from './permissions.js';
import { route } from './routes.js';
import { OPERATOR_MESSAGES, brandToOperatorBody, operatorToBrandBody, operatorToBrandForm, providerName } from './operators.js';
import type { Role } from './roles.js';

const caller = (role: Role, drop: string[] = []) => {
  const keys = DEFAULT_ROLE_PERMISSIONS[role].filter((k) => !drop.includes(k));
  return { role, permissions: keys, has: (k: string) => keys.includes(k) };
};

describe('the brands menu needs brands_access for non-admins (000 §6)', () => {
  it('the route: operator admin yes, operator manager (no brands_access) no, admin even without the key', () => {
    const brands = route('/brands');
    expect(mayOpenRoute(caller('OPERATOR_ADMIN'), brands)).toBe(true);
    expect(mayOpenRoute(caller('OPERATOR_MANAGER'), brands)).toBe(false);
    expect(mayOpenRoute(caller('OPERATOR_ADMIN', ['brands_access']), brands)).toBe(false);
    expect(mayOpenRoute(caller('ADMIN', ['brands_access']), brands)).toBe(true);
    expect(mayOpenRoute(caller('ADMIN', ['brands']), brands)).toBe(false);
  });

  it('the brands list call applies the same rule', () => {
    const rule = ENDPOINTS['operators.brandsList'].access;
    expect(accessAllows(rule, caller('OPERATOR_ADMIN'))).toBe(true);
    expect(accessAllows(rule, caller('OPERATOR_MANAGER'))).toBe(false);
    expect(accessAllows(rule, caller('SUPER_ADMIN', ['brands_access']))).toBe(true);
    expect(accessAllows(rule, caller('PARTNER'))).toBe(false);
  });
});

describe('transformation (002 §4–§5)', () => {
  it('the parent operator is required, with its message', () => {
    const r = operatorToBrandForm.safeParse({ parentOpId: '' });
    expect(r.success ? null : r.error.issues.map((i) => i.message)).toEqual([OPERATOR_MESSAGES.PARENT_REQUIRED]);
    const missing = operatorToBrandBody.safeParse({ opId: 'op-delta' });
    expect(missing.success ? null : missing.error.issues.map((i) => i.message)).toEqual([OPERATOR_MESSAGES.PARENT_REQUIRED]);
    expect(operatorToBrandBody.parse({ opId: ' op-delta ', parentOpId: 'op-alpha', parentOpTitle: 'Alpha Gaming' })).toEqual({ opId: 'op-delta', parentOpId: 'op-alpha', parentOpTitle: 'Alpha Gaming' });
    expect(brandToOperatorBody.safeParse({}).success).toBe(false);
  });

  it('only SUPER_ADMIN and ADMIN may transform or change the status', () => {
    for (const name of ['operators.transform', 'operators.transformBrand', 'operators.status'] as const) {
      const allowed = (['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER', 'PARTNER', 'DEV_OPS'] as const).filter((r) => accessAllows(ENDPOINTS[name].access, caller(r)));
      expect(allowed).toEqual(['SUPER_ADMIN', 'ADMIN']);
    }
  });
});

describe('providerName', () => {
  it('names providers as staff read them', () => {
    expect(['cpg', 'jb', 'tomani', 'witcher', 'caspian-pay'].map(providerName)).toEqual(['CPG', 'JB', 'Tomani', 'Witcher', 'Caspian Pay']);
  });
});
