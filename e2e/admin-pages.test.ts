import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPONENT_PERMISSION_LABELS, MSG, PERMISSION_MESSAGES, ROLE_LABELS, STAFF_MESSAGES, builtInPermission } from '@pitboss/contract';
import { login, openBrowser, type Session, signOut } from './browser.js';

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

  it('Create Permission picks the required menu items by name (002 §3); the drawer names them', async () => {
    await s.page.goto('/settings/staff-permissions');
    await s.page.getByRole('button', { name: 'New Permission' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Create Permission' });
    await dialog.getByLabel('Key').fill('brands_extra_view');
    await dialog.getByLabel('Description').fill('Extra brand columns');
    await dialog.getByLabel('Tags (comma separated)').fill('operators');
    await dialog.getByLabel('Super Admin', { exact: true }).check();
    await dialog.getByLabel('Required menu items').fill('Brands');
    await s.page.getByRole('option', { name: 'Operators › Brands', exact: true }).click();
    await dialog.getByRole('button', { name: 'Operators › Brands' }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await s.page.getByText(PERMISSION_MESSAGES.SAVED).first().waitFor();
    const saved = (await (await s.context.request.post('/api/users/permissions-v2/list', { data: { search: 'brands_extra_view' } })).json()).data.items[0];
    expect(saved).toMatchObject({ key: 'brands_extra_view', requiredMenuItems: ['/brands'] });

    await s.page.goto('/settings/staff-permissions?search=brands_extra_view');
    await s.page.getByRole('table', { name: 'Permissions' }).locator('tbody tr').filter({ hasText: 'brands_extra_view' }).click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByText('Required menu items').waitFor();
    await drawer.getByText('Operators › Brands', { exact: true }).waitFor();
  });

  it('an operator admin opening it by its address is refused and shown no catalogue', async () => {
    await signOut(s);
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
