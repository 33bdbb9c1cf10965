import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPONENT_PERMISSION_LABELS, MSG, ROLE_LABELS, STAFF_MESSAGES, builtInPermission } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

/* The admin details page and the permission catalogue, through the console against the real server. */
let s: Session;
beforeAll(async () => {
  s = await openBrowser();
  s.page.setDefaultTimeout(20_000);
  await login(s.page, 'superadmin@demo.local', null);
});
afterAll(async () => { await s?.close(); });

describe('admin details page', () => {
  it('after deleting the admin, the console returns to /settings/admins with the query string the page was opened with', async () => {
    const email = 'leaving.manager@demo.local';
    const created = await (await s.context.request.post('/api/users', {
      data: { email, password: 'Leaving-Pass-2026', nickname: 'leaving manager', role: 'OPERATOR_MANAGER', opId: 'op-alpha' },
    })).json();
    const id = created.data.id as string;
    expect(id).toBeTruthy();

    const query = '?search=leaving.manager&role=OPERATOR_MANAGER';
    await s.page.goto(`/settings/admins/${id}${query}`);
    await s.page.getByRole('heading', { name: 'leaving manager' }).waitFor();
    await s.page.getByRole('button', { name: 'Delete User' }).click();
    const confirm = s.page.getByRole('dialog', { name: 'Delete user' });
    await confirm.getByLabel(`Type ${email} to confirm`).fill(email);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await s.page.getByText(STAFF_MESSAGES.DELETED).waitFor();
    await expect.poll(() => new URL(s.page.url()).pathname, { timeout: 10_000 }).toBe('/settings/admins');
    expect(new URL(s.page.url()).search).toBe(query);
    // The list opened with that filter: the deleted admin is gone.
    await s.page.getByRole('table', { name: 'Admin users' }).locator('tbody tr').filter({ hasText: 'No data found' }).waitFor();
    const list = await (await s.context.request.post('/api/users/list', { data: { search: email } })).json();
    expect(list.data.items).toEqual([]);
  });
});

describe('/settings/staff-permissions', () => {
  it('a super admin sees the permissions with their labels and role names', async () => {
    const table = s.page.getByRole('table', { name: 'Permissions' });
    for (const [key, label] of [['edit_kyc_data', COMPONENT_PERMISSION_LABELS.edit_kyc_data], ['players', 'Players page']] as const) {
      await s.page.goto(`/settings/staff-permissions?search=${key}`);
      const row = table.locator('tbody tr').filter({ has: s.page.locator('code', { hasText: new RegExp(`^${key}$`) }) });
      await row.waitFor();
      const cells = await row.locator('td').allInnerTexts();
      expect(cells.slice(0, 2)).toEqual([key, label]);
      expect(cells).toContain(builtInPermission(key).allowedRoles.map((r) => ROLE_LABELS[r]).join(', '));
      expect(cells).toContain('Built-in');
      expect(cells.join(' ')).not.toMatch(/SUPER_ADMIN|OPERATOR_ADMIN/);
    }
  });

  it('an operator admin opening it by its address is refused and shown no catalogue', async () => {
    await s.context.clearCookies();
    await login(s.page, 'operator.admin@demo.local');
    let listed = false;
    const onResponse = (r: { url(): string; status(): number }) => { if (new URL(r.url()).pathname === '/api/users/permissions-v2/list' && r.status() === 200) listed = true; };
    s.page.on('response', onResponse);
    await s.page.goto('/settings/staff-permissions');
    await s.page.getByRole('alert').filter({ hasText: MSG.NO_PERMISSION }).waitFor();
    s.page.off('response', onResponse);
    expect(await s.page.getByRole('table', { name: 'Permissions' }).count()).toBe(0);
    expect(listed).toBe(false);
  });
});
