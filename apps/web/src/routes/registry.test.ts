import { describe, expect, it } from 'vitest';
import { ROUTES } from '@pitboss/contract/routes';
import { PAGES } from './registry';

describe('the page registry', () => {
  it('has a page for every built route of the table, and only for built routes', () => {
    const built = ROUTES.filter((r) => r.built).map((r) => r.path).sort();
    expect(Object.keys(PAGES).sort()).toEqual(built);
  });
});
