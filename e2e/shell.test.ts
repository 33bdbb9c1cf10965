import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, DEFAULT_ROLE_PERMISSIONS, mayOpenRoute, type Role } from '@pitboss/contract';
import { login, loginWithForm, openBrowser, type Session, signOut } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

const LOGINS: [string, Role][] = [
  ['superadmin@demo.local', 'SUPER_ADMIN'],
  ['admin@demo.local', 'ADMIN'],
  ['operator.admin@demo.local', 'OPERATOR_ADMIN'],
  ['operator.manager@demo.local', 'OPERATOR_MANAGER'],
  ['brand.admin@demo.local', 'OPERATOR_ADMIN'],
  ['partner@demo.local', 'PARTNER'],
  ['devops@demo.local', 'DEV_OPS'],
];

describe('each role sees its navigation', () => {
  it.each(LOGINS)('%s (%s)', async (email, role) => {
    await signOut(s);
    // Through the form: each role's sign-in as staff do it.
    await loginWithForm(s.page, email);
    const nav = s.page.getByRole('navigation', { name: 'Main navigation' });
    const expected = ROUTES.filter((r) => r.built && r.nav && mayOpenRoute({ role, permissions: DEFAULT_ROLE_PERMISSIONS[role] }, r));
    for (const r of ROUTES.filter((x) => x.built && x.nav)) {
      const link = nav.locator(`a[href^="${r.path}"]`).filter({ hasText: r.title });
      if (expected.includes(r)) await expect.poll(() => link.count(), { message: `${role} should see ${r.path}` }).toBeGreaterThan(0);
      else expect(await link.count(), `${role} must not see ${r.path}`).toBe(0);
    }
    const searchButton = s.page.getByTestId('player-search-button');
    if (role === 'SUPER_ADMIN' || role === 'ADMIN') await expect.poll(() => searchButton.count()).toBe(1);
    else expect(await searchButton.count()).toBe(0);
  });
});

describe('shell', () => {
  it('a wrong password shows the server message and stays on the login page', async () => {
    await signOut(s);
    await s.page.goto('/login');
    await s.page.getByLabel('Email').fill('admin@demo.local');
    await s.page.getByLabel('Password').fill('wrong-password');
    await s.page.getByRole('button', { name: 'Log in' }).click();
    await s.page.getByText('Invalid email or password.').waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/login');
  });

  it('the operator selector rewrites the URL and drops page and limit', async () => {
    await signOut(s);
    await login(s.page, 'superadmin@demo.local', '/players?page=2&limit=25');
    await s.page.getByRole('table').waitFor();
    await s.page.getByLabel('Operator').click();
    await s.page.getByRole('option', { name: 'Bravo Entertainment' }).click();
    await expect.poll(() => new URL(s.page.url()).searchParams.get('opId')).toBe('op-bravo');
    const params = new URL(s.page.url()).searchParams;
    expect(params.get('page')).toBeNull();
    expect(params.get('limit')).toBeNull();
  });

  it('the CMS default operator opens the CMS menu: its pages and the way back', async () => {
    await signOut(s);
    await login(s.page, 'superadmin@demo.local', '/players');
    await s.page.getByRole('table').waitFor();
    const nav = s.page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Players' }).first().waitFor();
    await s.page.getByLabel('Operator').click();
    await s.page.getByRole('option', { name: 'CMS Default' }).click();
    await expect.poll(() => new URL(s.page.url()).searchParams.get('opId')).toBe('cms-default');
    await nav.getByText('CMS menu', { exact: true }).waitFor();
    const note = nav.getByRole('note', { name: 'CMS menu' });
    // The CMS pages are the menu: v1 and v2 groups with their links.
    await nav.locator('a[href^="/cms/v2/branding"]').waitFor();
    expect(await nav.locator('a[href^="/cms/file-manager"]').count()).toBe(1);
    // Only the CMS menu: the player and money groups are gone.
    expect(await nav.getByRole('button', { name: 'Players' }).count()).toBe(0);
    expect(await nav.locator('a[href^="/players"]').count()).toBe(0);
    await note.getByRole('button', { name: 'Show all operators' }).click();
    await expect.poll(() => new URL(s.page.url()).searchParams.get('opId')).toBeNull();
    await nav.getByRole('button', { name: 'Players' }).first().waitFor();
    expect(await nav.getByText('CMS menu', { exact: true }).count()).toBe(0);
  });

  it('signed out, a console page sends the user to the login page', async () => {
    await signOut(s);
    await s.page.goto('/players');
    await s.page.getByLabel('Email').waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/login');
  });
});
