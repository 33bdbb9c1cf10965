import { describe, expect, it } from 'vitest';
import { ROUTES } from '@pitboss/contract/routes';
import { PAGES, routeOf } from './registry';

describe('the page registry', () => {
  it('has a page for every built route of the table, and only for built routes', () => {
    const built = ROUTES.filter((r) => r.built).map((r) => r.path).sort();
    expect(Object.keys(PAGES).sort()).toEqual(built);
  });

  it('finds the page an address opens (preloaded with the console), a fixed path before a parameter', () => {
    expect(routeOf('/players')).toBe('/players');
    expect(routeOf('/players/balances')).toBe('/players/balances');
    expect(routeOf('/players/PLR-000123')).toBe('/players/:playerCode');
    expect(routeOf('/transactions/details/42')).toBe('/transactions/details/:txId');
    expect(routeOf('/no-such-page')).toBeUndefined();
    expect(routeOf('/')).toBeUndefined();
  });
});
