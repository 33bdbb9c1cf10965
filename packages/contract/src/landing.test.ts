import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS } from './permissions.js';
import { ROUTES, landingPath, pagesNotBuilt, usablePages, type RouteDef } from './routes.js';
import { shellControls } from './roles.js';

/** The route table as if only these pages were built. */
const withBuilt = (...paths: string[]): RouteDef[] => ROUTES.map((r) => ({ ...r, built: paths.includes(r.path) }));

describe('landingPath: one function of the role and the built routes', () => {
  it('operator roles and admins land on the first page of their navigation', () => {
    for (const role of ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN', 'OPERATOR_MANAGER'] as const) {
      expect(landingPath(role, DEFAULT_ROLE_PERMISSIONS[role])).toBe(usablePages(DEFAULT_ROLE_PERMISSIONS[role])[0]!.path);
    }
    // The dashboards come first in the navigation: today's figures against yesterday's, with the queues.
    expect(landingPath('OPERATOR_MANAGER', DEFAULT_ROLE_PERMISSIONS.OPERATOR_MANAGER)).toBe('/quick-dashboard');
  });

  it('PARTNER lands on the partner dashboard as soon as it is built; until then on the landing page (null), not the empty players list', () => {
    const perms = DEFAULT_ROLE_PERMISSIONS.PARTNER;
    expect(landingPath('PARTNER', perms, withBuilt())).toBeNull();
    expect(landingPath('PARTNER', perms)).toBe('/partner-dashboard');
    expect(landingPath('PARTNER', perms, withBuilt('/partners/withdraw'))).toBe('/partners/withdraw');
    expect(landingPath('PARTNER', perms, withBuilt('/partners/withdraw', '/partner-dashboard'))).toBe('/partner-dashboard');
  });

  it('DEV_OPS lands on an infrastructure page once one is built; until then on the landing page', () => {
    const perms = DEFAULT_ROLE_PERMISSIONS.DEV_OPS;
    expect(landingPath('DEV_OPS', perms, withBuilt())).toBeNull();
    expect(landingPath('DEV_OPS', perms, withBuilt('/settings/domains', '/settings'))).toBe('/settings/domains');
    // Today the tech support page is the first infrastructure page built.
    expect(landingPath('DEV_OPS', perms)).toBe('/tech-support');
    expect(landingPath('DEV_OPS', perms, withBuilt('/tech-support/servers', '/settings'))).toBe('/tech-support/servers');
    // What the landing page lists: no player, KYC or money page, and the infrastructure pages the role will have.
    expect(usablePages(perms).map((r) => r.path)).not.toEqual(expect.arrayContaining(['/players']));
    expect(usablePages(perms).map((r) => r.path)).toEqual(expect.arrayContaining(['/settings/domains', '/settings/cf-account-v2']));
    // Every route is built: nothing is listed as to come.
    expect(pagesNotBuilt(perms)).toEqual([]);
  });

  it('a start page the user is not permitted is skipped', () => {
    expect(landingPath('PARTNER', ['partners_withdraw'], withBuilt('/partners/withdraw', '/partner-dashboard'))).toBe('/partners/withdraw');
  });
});

describe('shellControls', () => {
  it('hides the operator selector and the badges from PARTNER and DEV_OPS, the player-type filter from DEV_OPS', () => {
    expect(shellControls('ADMIN')).toEqual({ operatorSelector: true, playerTypeFilter: true, badges: true });
    expect(shellControls('PARTNER')).toEqual({ operatorSelector: false, playerTypeFilter: true, badges: false });
    expect(shellControls('DEV_OPS')).toEqual({ operatorSelector: false, playerTypeFilter: false, badges: false });
  });
});
