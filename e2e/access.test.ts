import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, ENDPOINTS, MSG, ROUTES, mayOpenRoute, type Role } from '@pitboss/contract';
import { login, openBrowser, type Session, signOut } from './browser.js';

/*
 * What a URL typed or pasted into the address bar opens: a page the role may not open shows the
 * permission message and none of its data; an address that is no page says so; a session ended
 * from another device is signed out on its next step.
 */
let s: Session;
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

/** The console frame's own calls (session, operators, badges, rates, notifications): not a page's data. */
const FRAME_PATHS = new Set<string>(Object.values(ENDPOINTS).filter((e) => e.tag === 'shell' || e.tag === 'auth').map((e) => e.path));

/** Built pages without parameters that this role's default template may not open. */
function forbidden(role: Role, n: number): string[] {
  return ROUTES
    .filter((r) => r.built && !r.path.includes(':') && !mayOpenRoute({ role, permissions: DEFAULT_ROLE_PERMISSIONS[role] }, r))
    .slice(0, n)
    .map((r) => r.path);
}

describe('a page opened by its address', () => {
  it.each<[string, Role]>([
    ['devops@demo.local', 'DEV_OPS'],
    ['partner@demo.local', 'PARTNER'],
    ['operator.manager@demo.local', 'OPERATOR_MANAGER'],
  ])('%s (%s) is refused the pages of other roles and loads none of their data', async (email, role) => {
    await signOut(s);
    await login(s.page, email);
    const paths = forbidden(role, 2);
    expect(paths.length, `${role} should have pages it may not open`).toBeGreaterThan(0);
    for (const path of paths) {
      const dataCalls: string[] = [];
      const onResponse = (r: { url(): string; status(): number }) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith('/api/') && !FRAME_PATHS.has(u.pathname) && r.status() === 200) dataCalls.push(u.pathname);
      };
      // From a blank page, so nothing the previous page asked for can answer meanwhile.
      await s.page.goto('about:blank');
      s.page.on('response', onResponse);
      await s.page.goto(path);
      await s.page.getByRole('alert').filter({ hasText: MSG.NO_PERMISSION }).waitFor();
      expect(await s.page.getByRole('main').getByRole('table').count(), `${path} must show no list to ${role}`).toBe(0);
      s.page.off('response', onResponse);
      expect(dataCalls, `${path} loaded data for ${role}`).toEqual([]);
    }
  });

  it('an address that is no page, or a page not built yet, says it is not found', async () => {
    await signOut(s);
    await login(s.page, 'admin@demo.local');
    const unbuilt = ROUTES.find((r) => !r.built && !r.path.includes(':'));
    for (const path of ['/no-such-page', ...(unbuilt ? [unbuilt.path] : [])]) {
      await s.page.goto(path);
      await s.page.getByText(MSG.NOT_FOUND, { exact: true }).waitFor();
    }
  });
});

describe('sessions', () => {
  it('signing out the other sessions from the profile signs the other browser out', async () => {
    const other = await openBrowser();
    try {
      const email = 'ops.admin@demo.local';
      await login(other.page, email);
      await signOut(s);
      await login(s.page, email, '/user/profile');
      const sessions = s.page.getByRole('table', { name: 'Active sessions' });
      await sessions.getByText('This session').waitFor();
      await expect.poll(() => sessions.getByTestId('session-row').count()).toBeGreaterThan(1);
      await s.page.getByRole('button', { name: 'Sign out other sessions' }).click();
      await s.page.getByRole('dialog').getByRole('button', { name: 'Sign out others' }).click();
      await expect.poll(() => sessions.getByTestId('session-row').count()).toBe(1);

      // The other browser's next step finds its session ended: back to the login page.
      await other.page.goto('/settings/admins');
      await other.page.waitForURL(/\/login/);
      await other.page.getByLabel('Email').waitFor();
      // This one stays signed in.
      await s.page.reload();
      await s.page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    } finally {
      await other.close();
    }
  });
});
