import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@pitboss/contract';
import { choose, login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

describe('settings and rates', () => {
  it('login activity lists a failed attempt with its reason', async () => {
    const r = await s.context.request.post('/api/auth/login', { data: { email: 'brand.admin@demo.local', password: 'not-the-password' } });
    expect(r.status()).toBe(401);
    await login(s.page, 'superadmin@demo.local', '/settings/login-activitiy?success=false&email=brand.');
    const row = s.page.locator('tbody tr').filter({ hasText: 'brand.admin@demo.local' }).first();
    await row.getByText('Wrong credentials').waitFor();
  });

  it('the settings landing says what each page is for (never its title again); general settings show the language by name', async () => {
    await login(s.page, 'superadmin@demo.local', '/settings');
    const cards = s.page.getByRole('navigation', { name: 'Settings pages' }).locator('.MuiCard-root');
    await cards.first().waitFor();
    const texts = await cards.evaluateAll((els) => els.map((e) => [e.querySelector('h2')?.textContent ?? '', e.querySelector('p')?.textContent ?? '']));
    expect(texts.length).toBeGreaterThan(8);
    for (const [title, purpose] of texts) {
      expect(purpose, title).not.toBe('');
      expect(purpose, title).not.toBe(title);
    }
    await s.page.goto('/settings/general');
    await s.page.getByText('English', { exact: true }).waitFor();
  });

  it('the activities log shows the audited changes', async () => {
    const players = await (await s.context.request.post('/api/players', { data: { limit: 1, opId: 'op-bravo' } })).json();
    const p = players.data.items[0] as { playerId: string; playerCode: string };
    expect((await s.context.request.post('/api/players/2fa', { data: { playerId: p.playerId, playerCode: p.playerCode } })).status()).toBe(200);
    await s.page.goto('/settings/activities?action=PLAYER_2FA_RESET');
    await s.page.locator('tbody tr').filter({ hasText: p.playerCode }).first().waitFor();
    expect(await s.page.getByRole('table').locator('thead th').allInnerTexts()).toEqual(['Time', 'Action', 'Target type', 'Target', 'By', 'Operator/Brand']);
  });

  it('admin users: names and titles, the drawer blocks and unblocks after a confirmation (cancel keeps the user active), delete asks for the e-mail', async () => {
    await s.page.goto('/settings/admins?search=casino');
    const table = s.page.getByRole('table', { name: 'Admin users' });
    const row = table.locator('tbody tr').filter({ hasText: 'casino.manager@demo.local' });
    await row.getByText('Alpha Casino (Alpha Gaming)').waitFor();
    await row.getByText('Operator Manager').waitFor();
    await row.click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('heading', { name: 'casino manager' }).waitFor();
    const blocked = async () => ((await (await s.context.request.post('/api/users/list', { data: { search: 'casino.manager' } })).json()).data.items as { email: string; isBlocked: boolean }[])
      .find((u) => u.email === 'casino.manager@demo.local')!.isBlocked;
    // Block/Unblock User is a dialog (002 §2): Cancel sends nothing.
    await drawer.getByRole('button', { name: 'Block User' }).click();
    const ask = s.page.getByRole('dialog', { name: 'Block User' });
    await ask.getByText('Block casino manager (casino.manager@demo.local)? Their sessions end at once and they cannot sign in until unblocked.').waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    await drawer.getByText('Active', { exact: true }).waitFor();
    expect(await blocked()).toBe(false);
    await drawer.getByRole('button', { name: 'Block User' }).click();
    await ask.getByRole('button', { name: 'Block', exact: true }).click();
    await s.page.getByText('User successfully blocked!').waitFor();
    await drawer.getByText('Blocked', { exact: true }).waitFor();
    expect(await blocked()).toBe(true);
    await drawer.getByRole('button', { name: 'Unblock User' }).click();
    await s.page.getByRole('dialog', { name: 'Unblock User' }).getByRole('button', { name: 'Unblock', exact: true }).click();
    await s.page.getByText('User successfully unblocked!').waitFor();
    await drawer.getByText('Active', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Back' }).click();

    await s.page.goto('/settings/admins?status=blocked');
    await table.locator('tbody tr').filter({ hasText: 'former.manager@demo.local' }).click();
    await drawer.getByRole('button', { name: 'Delete User' }).click();
    const confirm = s.page.getByRole('dialog', { name: 'Delete user' });
    const ok = confirm.getByRole('button', { name: 'Delete' });
    expect(await ok.isDisabled()).toBe(true);
    await confirm.getByLabel('Type former.manager@demo.local to confirm').fill('former.manager@demo.local');
    await ok.click();
    await s.page.getByText('User has been deleted successfully!').waitFor();
    await table.locator('tbody tr').filter({ hasText: 'No data found' }).waitFor();
  });

  it('admin users: the roles filter offers All, Super Admin and Admin to a super admin, and neither to an admin (002 §6)', async () => {
    const optionsOf = async (page: import('playwright-core').Page) => {
      await page.goto('/settings/admins');
      await page.getByRole('table', { name: 'Admin users' }).locator('tbody tr').first().waitFor();
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('form', { name: 'Filters' }).getByRole('combobox', { name: 'Role' }).click();
      const texts = await page.getByRole('listbox').getByRole('option').allInnerTexts();
      await page.keyboard.press('Escape');
      return texts;
    };
    expect(await optionsOf(s.page)).toEqual(['All', 'Super Admin', 'Admin', 'Operator Admin', 'Operator Manager', 'Partner']);
    const other = await openBrowser();
    try {
      await login(other.page, 'admin@demo.local', null);
      expect(await optionsOf(other.page)).toEqual(['All', 'Operator Admin', 'Operator Manager', 'Partner']);
    } finally {
      await other.close();
    }
  });

  it('admin users: a weak password is refused with what it lacks; the role changes from the drawer', async () => {
    await s.page.goto('/settings/admins?search=bravo.manager');
    await s.page.getByRole('table', { name: 'Admin users' }).locator('tbody tr').filter({ hasText: 'bravo.manager@demo.local' }).click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('button', { name: 'Change Password' }).click();
    const pw = s.page.getByRole('dialog', { name: /Change Password/ });
    await pw.getByLabel('New password').fill('weakpass');
    await pw.getByText(STAFF_MESSAGES.passwordMissing(['one uppercase letter', 'one digit'])).waitFor();
    expect(await pw.getByRole('button', { name: 'Change Password' }).isDisabled()).toBe(true);
    await pw.getByLabel('New password').fill('Strong-Pass-1');
    await pw.getByLabel('Confirm password').fill('Strong-Pass-1');
    await pw.getByRole('button', { name: 'Change Password' }).click();
    await s.page.getByText('Password updated!').waitFor();

    await drawer.getByRole('button', { name: 'Change Role' }).click();
    const dialog = s.page.getByRole('dialog', { name: /Assign Roles/ });
    await dialog.getByLabel('Role').click();
    expect(await s.page.getByRole('option').allInnerTexts()).toEqual(['Super Admin', 'Admin', 'Operator Admin', 'Operator Manager', 'Dev Ops']);
    await s.page.getByRole('option', { name: 'Operator Admin' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await s.page.getByText('User role changed successfully!').waitFor();
    await drawer.getByText('Operator Admin', { exact: true }).waitFor();
  });

  it('admin users: Change Role offers the operator picker to a super admin for an operator role (not for a global role), and moves the user; an admin gets no picker', async () => {
    const email = `picker.${Date.now()}@demo.local`;
    const created = await s.context.request.post('/api/users', { data: { email, password: 'Picker-Pass-1', nickname: 'Picker Manager', role: 'OPERATOR_MANAGER', opId: 'op-alpha' } });
    expect(created.ok(), await created.text()).toBe(true);
    const staff = async () => ((await (await s.context.request.post('/api/users/list', { data: { search: email } })).json()).data.items as { email: string; role: string; opId: string | null }[]).find((u) => u.email === email)!;

    await s.page.goto(`/settings/admins?search=${encodeURIComponent(email)}`);
    await s.page.getByRole('table', { name: 'Admin users' }).locator('tbody tr').filter({ hasText: email }).click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('button', { name: 'Change Role' }).click();
    const dialog = s.page.getByRole('dialog', { name: /Assign Roles/ });
    await dialog.getByLabel('Role').waitFor();
    // No role chosen yet: no operator picker.
    expect(await dialog.getByLabel('Operator/Brand').count()).toBe(0);
    await choose(s.page, dialog.getByLabel('Role'), 'Admin');
    expect(await dialog.getByLabel('Operator/Brand').count()).toBe(0);
    await choose(s.page, dialog.getByLabel('Role'), 'Operator Admin');
    const picker = dialog.getByLabel('Operator/Brand');
    await expect.poll(() => picker.textContent()).toContain('Alpha Gaming');
    // A partner operator holds partner users only: it is not offered.
    await picker.click();
    const bravo = s.page.getByRole('listbox').getByRole('option', { name: 'Bravo Entertainment', exact: true });
    await bravo.waitFor();
    expect(await s.page.getByRole('listbox').getByRole('option', { name: 'Alpha Partners' }).count()).toBe(0);
    await bravo.click();
    await s.page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(() => picker.textContent()).toContain('Bravo Entertainment');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await s.page.getByText('User role changed successfully!').waitFor();
    await expect.poll(staff).toMatchObject({ role: 'OPERATOR_ADMIN', opId: 'op-bravo' });

    // An admin (not a super admin) changes roles without choosing an operator.
    const other = await openBrowser();
    try {
      await login(other.page, 'admin@demo.local', `/settings/admins?search=${encodeURIComponent(email)}`);
      await other.page.getByRole('table', { name: 'Admin users' }).locator('tbody tr').filter({ hasText: email }).click();
      await other.page.getByTestId('detail-drawer').getByRole('button', { name: 'Change Role' }).click();
      const d = other.page.getByRole('dialog', { name: /Assign Roles/ });
      await choose(other.page, d.getByLabel('Role'), 'Operator Manager');
      expect(await d.getByLabel('Operator/Brand').count()).toBe(0);
      await d.getByRole('button', { name: 'Save' }).click();
      await other.page.getByText('User role changed successfully!').waitFor();
    } finally {
      await other.close();
    }
    await expect.poll(staff).toMatchObject({ role: 'OPERATOR_MANAGER', opId: 'op-bravo' });
  });

  it('admin users: a block or password change the server refuses without a message shows the spec\'s failure text', async () => {
    const refuse = (route: import('playwright-core').Route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, data: null, messages: [] }) });
    await s.page.route('**/api/users/block', refuse);
    await s.page.route('**/api/users/change-password', refuse);
    try {
      await s.page.goto('/settings/admins?search=bravo.manager');
      await s.page.getByRole('table', { name: 'Admin users' }).locator('tbody tr').filter({ hasText: 'bravo.manager@demo.local' }).click();
      const drawer = s.page.getByTestId('detail-drawer');
      await drawer.getByRole('button', { name: 'Block User' }).click();
      await s.page.getByRole('dialog', { name: 'Block User' }).getByRole('button', { name: 'Block', exact: true }).click();
      const error = s.page.getByRole('dialog').filter({ hasText: 'An error occurred, please try again' });
      await error.waitFor();
      await error.getByRole('button', { name: /close|ok/i }).first().click();
      await drawer.getByText('Active', { exact: true }).waitFor();

      await drawer.getByRole('button', { name: 'Change Password' }).click();
      const pw = s.page.getByRole('dialog', { name: /Change Password/ });
      await pw.getByLabel('New password').fill('Strong-Pass-2');
      await pw.getByLabel('Confirm password').fill('Strong-Pass-2');
      await pw.getByRole('button', { name: 'Change Password' }).click();
      await s.page.getByRole('dialog').filter({ hasText: 'Failed to update password' }).first().waitFor();
    } finally {
      await s.page.unroute('**/api/users/block');
      await s.page.unroute('**/api/users/change-password');
    }
  });

  it('admin users: a super admin creates an operator admin with New Admin (rules shown in the form), who signs in', async () => {
    await s.page.goto('/settings/admins');
    await s.page.getByRole('button', { name: 'New Admin' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'New Admin' });
    await dialog.getByLabel('E-mail').fill('not-an-address');
    await dialog.getByText('Invalid email address').waitFor();
    await dialog.getByLabel('E-mail').fill('charlie.admin@demo.local');
    await dialog.getByLabel('Nickname').fill('charlie_admin!');
    await dialog.getByText('Invalid nickname, special characters are not allowed in nickname').waitFor();
    await dialog.getByLabel('Nickname').fill('Charlie Admin');
    await dialog.getByLabel('Password').fill('weakpassword');
    await dialog.getByText(STAFF_MESSAGES.PASSWORD_WEAK).waitFor();
    await dialog.getByLabel('Password').fill('Charlie-Pass-1');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Role is required. Make sure to select a role for this user').waitFor();
    await dialog.getByLabel('Role').click();
    expect(await s.page.getByRole('option').allInnerTexts()).toEqual(['Super Admin', 'Admin', 'Operator Admin', 'Operator Manager', 'Dev Ops']);
    await s.page.getByRole('option', { name: 'Operator Admin' }).click();
    await dialog.getByLabel('Operator/Brand').click();
    expect(await s.page.getByRole('option', { name: 'Alpha Partners' }).count()).toBe(0);
    await s.page.getByRole('option', { name: 'Charlie Play', exact: true }).click();
    await dialog.getByText('Hide User Activity').waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await s.page.getByText('Admin has been created successfully!').waitFor();
    const row = s.page.getByRole('table', { name: 'Admin users' }).locator('tbody tr').filter({ hasText: 'charlie.admin@demo.local' });
    await row.getByText('Charlie Play').waitFor();
    await row.getByText('Operator Admin').waitFor();
    const other = await s.newContext();
    const r = await other.request.post('/api/auth/login', { data: { email: 'charlie.admin@demo.local', password: 'Charlie-Pass-1' } });
    expect(r.status()).toBe(200);
    await other.close();
  });

  it('admin details: opened from the list, permissions in effect with labels; a migration returns to the list with its query', async () => {
    await s.page.goto('/settings/admins?search=casino');
    await s.page.getByRole('table', { name: 'Admin users' }).locator('tbody tr').filter({ hasText: 'casino.manager@demo.local' }).click();
    await s.page.getByTestId('detail-drawer').getByRole('link', { name: 'Open details' }).click();
    await s.page.waitForURL(/\/settings\/admins\/[0-9a-f-]{36}\?search=casino$/);
    await s.page.getByRole('heading', { name: 'casino manager' }).waitFor();
    const perms = s.page.getByRole('table', { name: 'Permissions in effect' });
    await perms.getByRole('row').filter({ hasText: 'Export lists as CSV' }).getByText('Added to this account').waitFor();
    await s.page.getByLabel('Taken from this account').getByText("See a player's wallets").waitFor();
    expect(await s.page.getByRole('link', { name: 'Login activity', exact: true }).getAttribute('href')).toBe('/settings/login-activitiy?email=casino.manager%40demo.local');
    for (const name of ['Block User', 'Change Password', 'Change Role', 'Refresh Permissions', 'Clone Permissions', 'Migrate User', 'Delete User']) {
      await s.page.getByRole('button', { name }).waitFor();
    }

    await s.page.goto('/settings/admins?search=charlie');
    await s.page.getByRole('table', { name: 'Admin users' }).locator('tbody tr').filter({ hasText: 'charlie.admin@demo.local' }).click();
    await s.page.getByTestId('detail-drawer').getByRole('link', { name: 'Open details' }).click();
    await s.page.getByRole('heading', { name: 'Charlie Admin' }).waitFor();
    await s.page.getByRole('button', { name: 'Migrate User' }).click();
    const dialog = s.page.getByRole('dialog', { name: /Migrate User/ });
    await choose(s.page, dialog.getByLabel('Operator/Brand'), 'Charlie Luck (Charlie Play)');
    await dialog.getByRole('button', { name: 'Migrate' }).click();
    await s.page.getByText('User migrated successfully!').waitFor();
    await s.page.waitForURL(/\/settings\/admins\?search=charlie$/);
    await s.page.getByRole('table', { name: 'Admin users' }).locator('tbody tr').filter({ hasText: 'charlie.admin@demo.local' }).getByText('Charlie Luck (Charlie Play)').waitFor();
  });

  it('roles: a role held by one account says "1 user"; a permission\'s background update names it by its label', async () => {
    await s.page.goto('/settings/roles');
    await s.page.getByTestId('staff-job').filter({ hasText: 'Permission saved: Export lists as CSV (export_csv)' }).first().waitFor();
    await s.page.getByRole('table', { name: 'Roles' }).getByRole('row').filter({ hasText: 'SUPER_ADMIN' }).click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByText('1 user', { exact: true }).waitFor();
  });

  it('roles: the Role Details drawer removes a permission and saves it; the background update shows its progress', async () => {
    await s.page.goto('/settings/roles');
    await s.page.getByRole('table', { name: 'Roles' }).getByRole('row').filter({ hasText: 'Support Desk' }).click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('heading', { name: 'Role Details — Support Desk' }).waitFor();
    const active = drawer.getByRole('table', { name: 'Active permissions' });
    const before = await active.locator('tbody tr').count();
    expect(before).toBeGreaterThan(1);
    // Super admins see each permission's allowed roles.
    await drawer.getByRole('table', { name: 'All permissions' }).getByRole('columnheader', { name: 'Allowed roles' }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await active.getByRole('button', { name: 'Remove players_usernames' }).click();
    expect(await active.locator('tbody tr').count()).toBe(before - 1);
    await drawer.getByRole('button', { name: 'Save Changes' }).click();
    const confirm = s.page.getByRole('dialog', { name: 'Save Changes' });
    await confirm.getByText(/wait 5 minutes before other operations/).waitFor();
    await confirm.getByRole('button', { name: 'Save Changes' }).click();
    await s.page.getByText('Permissions has been updated successfully!').waitFor();
    const job = s.page.getByTestId('staff-job').filter({ hasText: 'Support Desk' }).first();
    await job.waitFor();
    await job.getByText('Done').waitFor({ timeout: 30_000 });
    await s.page.getByRole('table', { name: 'Roles' }).getByRole('row').filter({ hasText: 'Support Desk' }).getByRole('cell', { name: String(before - 1), exact: true }).waitFor();
  });

  it('bank accounts: card numbers are masked until revealed with a reason', async () => {
    const list = await (await s.context.request.post('/api/paymentsV2/withdraw/bank-accounts/list', { data: { limit: 20 } })).json();
    const acc = (list.data.items as { uuid: string; cardNumber: string | null }[]).find((x) => x.cardNumber)!;
    expect(acc.cardNumber).toMatch(/^•••• /);
    await s.page.goto(`/withdraw/bank-accounts?drawer=${acc.uuid}`);
    const drawer = s.page.getByTestId('detail-drawer');
    const card = drawer.getByTestId('card-number');
    await card.getByText(acc.cardNumber!, { exact: false }).waitFor();
    await drawer.getByRole('button', { name: 'Show full numbers' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Show full numbers' });
    await dialog.getByLabel('Reason (kept in the activity log)').fill('Payout card check with the bank');
    await dialog.getByRole('button', { name: 'Show' }).click();
    await s.page.waitForFunction(() => !document.querySelector('[data-testid="card-number"]')?.textContent?.includes('••••'));
    expect(await card.innerText()).toMatch(/\d{8}/);
  });

  it('exchange rates show the feed without IRR', async () => {
    await s.page.goto('/exchange-rates');
    const table = s.page.getByRole('table', { name: 'Exchange rates' });
    await table.getByRole('cell', { name: 'EUR', exact: true }).waitFor();
    expect(await table.getByRole('cell', { name: 'IRR', exact: true }).count()).toBe(0);
  });
});
