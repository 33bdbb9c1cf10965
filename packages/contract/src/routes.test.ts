import { describe, expect, it } from 'vitest';
import {
  PAGE_SLUGS, ROUTES, buildPath, isBrandsOnlySelector, isOperatorSelectorHidden, isTestFilterHidden, matchRoute, routeByPath, slugOf,
} from './routes.js';
import { COMPONENT_PERMISSIONS, DEFAULT_ROLE_PERMISSIONS, PERMISSION_KEYS, can } from './permissions.js';

describe('ROUTES (000 §2.1)', () => {
  it('has exactly 162 routes with unique paths', () => {
    expect(ROUTES).toHaveLength(162);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(162);
  });

  it('every route path starts with a slash and has a title', () => {
    for (const r of ROUTES) {
      expect(r.path).toMatch(/^\/[A-Za-z]/);
      expect(r.title.length).toBeGreaterThan(0);
    }
  });

  it('every built route has a slug that is a permission key', () => {
    const built = ROUTES.filter((r) => r.built);
    expect(built.map((r) => r.path)).toEqual(expect.arrayContaining(['/documentsV2', '/players', '/players/:playerCode', '/players/balances', '/players/usernames', '/players/details-activities']));
    for (const r of built) expect(PERMISSION_KEYS).toContain(r.slug);
  });

  it('every route slug is a permission key, and page slugs and component permissions do not collide', () => {
    for (const r of ROUTES) expect(PERMISSION_KEYS).toContain(r.slug);
    for (const c of COMPONENT_PERMISSIONS) expect(PAGE_SLUGS).not.toContain(c);
    expect(new Set(PERMISSION_KEYS).size).toBe(PERMISSION_KEYS.length);
  });

  it('detail routes use the slug of their list route and are not in the navigation', () => {
    const detail = routeByPath('/players/:playerCode')!;
    expect(detail.slug).toBe('players');
    expect(detail.nav).toBe(false);
    expect(routeByPath('/settings/admins/:user_id')!.slug).toBe('settings_admins');
    expect(routeByPath('/betsV2/:betId')!.slug).toBe('quick_bets');
    for (const r of ROUTES.filter((x) => x.path.includes(':'))) expect(r.nav).toBe(false);
  });

  it('the spec groups count as listed (Reports 18, Settings 16, CMS v2 21, Players 5)', () => {
    const count = (prefix: string) => ROUTES.filter((r) => r.path.startsWith(prefix)).length;
    expect(count('/reports/')).toBe(18);
    expect(count('/settings')).toBe(16);
    expect(count('/cms/v2/')).toBe(21);
    expect(count('/players')).toBe(5);
  });

  it('badges sit on the routes named in 000 §2.2', () => {
    const badges = Object.fromEntries(ROUTES.filter((r) => r.badge).map((r) => [r.badge!, r.path]));
    expect(badges).toEqual({
      bankAccounts: '/withdraw/bank-accounts', withdraw: '/withdraw/pending', deposit: '/deposit/pending', kyc: '/documentsV2',
      playerUsernames: '/players/usernames', affProfit: '/transactions/pending-affiliate-profit', cashback: '/transactions/pending-cashback', tickets: '/support',
    });
  });

  it('slugOf turns paths into slugs', () => {
    expect(slugOf('/players/:playerCode')).toBe('players_playerCode');
    expect(slugOf('/cms/v2/modals/affiliate')).toBe('cms_v2_modals_affiliate');
    expect(slugOf('/players/details-activities')).toBe('players_details_activities');
    expect(slugOf('/')).toBe('root');
  });
});

describe('matchRoute', () => {
  it('a player code matches the player details route', () => {
    const r = matchRoute('/players/P100001');
    expect(r?.path).toBe('/players/:playerCode');
    expect(r?.title).toBe('Player Details');
  });
  it('static paths win over parameter paths', () => {
    expect(matchRoute('/players/balances')?.path).toBe('/players/balances');
    expect(matchRoute('/players/usernames')?.path).toBe('/players/usernames');
    expect(matchRoute('/bonus/form')?.path).toBe('/bonus/form');
    expect(matchRoute('/bonus/42')?.path).toBe('/bonus/:id');
    expect(matchRoute('/operators/activities')?.path).toBe('/operators/activities');
  });
  it('ignores a trailing slash and matches two parameters', () => {
    expect(matchRoute('/players/')?.path).toBe('/players');
    expect(matchRoute('/support/alpha-bet/T-1')?.path).toBe('/support/:brandId/:ticketId');
  });
  it('answers undefined for unknown paths', () => {
    expect(matchRoute('/nope')).toBeUndefined();
    expect(matchRoute('/players/P1/extra')).toBeUndefined();
  });
  it('buildPath fills and encodes parameters', () => {
    expect(buildPath('/players/:playerCode', { playerCode: 'P 1' })).toBe('/players/P%201');
  });
});

describe('test-player filter visibility (000 §2.1)', () => {
  it.each([
    '/partner-dashboard', '/partners/list', '/marketings', '/reports/games', '/reports/transactionsV2', '/quick-dashboard', '/dashboard',
    '/reports/affiliate-revenue', '/reports/top-channels', '/reports/top-affiliates', '/games', '/gamesV2', '/gamesV2/tags',
    '/games-cms/all-games', '/games-cms/operator-games/12',
  ])('hidden on %s', (p) => {
    expect(isTestFilterHidden(p)).toBe(true);
  });
  it.each(['/players', '/documentsV2', '/players/balances', '/partners/withdraw', '/withdraw/list', '/settings/general'])('shown on %s', (p) => {
    expect(isTestFilterHidden(p)).toBe(false);
  });
});

describe('operator selector visibility (000 §2.1)', () => {
  it.each(['/settings', '/settings/general', '/settings/admins/u-1', '/games-cms/operator-games/7', '/games', '/gamesV2', '/gamesV2/categories', '/games-cms/all-games'])('hidden on %s', (p) => {
    expect(isOperatorSelectorHidden(p)).toBe(true);
  });
  it.each(['/settings/admins', '/settings/roles', '/players', '/documentsV2', '/dashboard', '/settings/admins/u-1/x'])('shown on %s', (p) => {
    expect(isOperatorSelectorHidden(p)).toBe(false);
  });
  it.each(['/quick-dashboard', '/dashboard', '/partner-dashboard', '/partners/withdraw', '/marketings'])('offers brands only on %s', (p) => {
    expect(isBrandsOnlySelector(p)).toBe(true);
  });
  it.each(['/players', '/partners/list', '/documentsV2', '/brands'])('offers every operator on %s', (p) => {
    expect(isBrandsOnlySelector(p)).toBe(false);
  });
});

describe('default role permissions', () => {
  it('KYC component rights per role (000 §6)', () => {
    expect(can(DEFAULT_ROLE_PERMISSIONS.OPERATOR_ADMIN, 'edit_kyc_data')).toBe(true);
    expect(can(DEFAULT_ROLE_PERMISSIONS.OPERATOR_MANAGER, 'edit_kyc_data')).toBe(false);
    expect(can(DEFAULT_ROLE_PERMISSIONS.OPERATOR_MANAGER, 'approve_reject_kyc')).toBe(true);
    expect(can(DEFAULT_ROLE_PERMISSIONS.PARTNER, 'documentsV2')).toBe(false);
    expect(can(DEFAULT_ROLE_PERMISSIONS.DEV_OPS, 'players')).toBe(false);
    expect(can(new Set(DEFAULT_ROLE_PERMISSIONS.SUPER_ADMIN), 'whats_new_super_admin')).toBe(true);
    expect(can(DEFAULT_ROLE_PERMISSIONS.ADMIN, 'whats_new_super_admin')).toBe(false);
  });
});
