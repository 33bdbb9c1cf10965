/** The JSON tab of a bonus record: one contract rule (000 §6, 001 §6), used by every bonus page of the console. */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, mayViewBonusJson } from './permissions.js';
import { ROLES } from './roles.js';

describe('mayViewBonusJson', () => {
  it('is SUPER_ADMIN alone by the default templates (an ADMIN holds json_tab but not this)', () => {
    const allowed = ROLES.filter((role) => mayViewBonusJson({ role, permissions: DEFAULT_ROLE_PERMISSIONS[role] }));
    expect(allowed).toEqual(['SUPER_ADMIN']);
    expect(DEFAULT_ROLE_PERMISSIONS.ADMIN).toContain('json_tab');
  });

  it('goes through the component permission: a SUPER_ADMIN without json_tab does not see it; no other role with it does', () => {
    expect(mayViewBonusJson({ role: 'SUPER_ADMIN', permissions: DEFAULT_ROLE_PERMISSIONS.SUPER_ADMIN.filter((k) => k !== 'json_tab') })).toBe(false);
    expect(mayViewBonusJson({ role: 'SUPER_ADMIN', permissions: new Set(['json_tab']) })).toBe(true);
    for (const role of ROLES.filter((r) => r !== 'SUPER_ADMIN')) expect(mayViewBonusJson({ role, permissions: ['json_tab'] }), role).toBe(false);
  });

  it('every bonus page of the console asks the rule, never the role or json_tab itself', () => {
    const dir = new URL('../../../apps/web/src/bonus/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.tsx'));
    const withJson = files.filter((f) => /label: 'JSON'|label="JSON"|<RecordDrawer/.test(readFileSync(new URL(f, dir), 'utf8')));
    expect(withJson.length).toBeGreaterThanOrEqual(5);
    for (const f of files) {
      const src = readFileSync(new URL(f, dir), 'utf8');
      expect(src, f).not.toMatch(/role === 'SUPER_ADMIN'|'json_tab'/);
    }
    for (const f of withJson) {
      const src = readFileSync(new URL(f, dir), 'utf8');
      expect(/useBonusJsonTab|useReleaseJson|<RecordDrawer\s+bonus/.test(src), f).toBe(true);
    }
  });
});
