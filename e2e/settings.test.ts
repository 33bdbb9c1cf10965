import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

describe('settings and rates', () => {
  it('login activity lists a failed attempt with its reason', async () => {
    const r = await s.context.request.post('/api/auth/login', { data: { email: 'brand.admin@demo.local', password: 'not-the-password' } });
    expect(r.status()).toBe(401);
    await login(s.page, 'superadmin@demo.local');
    await s.page.goto('/settings/login-activitiy?success=false&email=brand.');
    const row = s.page.locator('tbody tr').filter({ hasText: 'brand.admin@demo.local' }).first();
    await row.getByText('WRONG_CREDENTIALS').waitFor();
  });

  it('the activities log shows the audited changes', async () => {
    const players = await (await s.context.request.post('/api/players', { data: { limit: 1, opId: 'op-bravo' } })).json();
    const p = players.data.items[0] as { playerId: string; playerCode: string };
    expect((await s.context.request.post('/api/players/2fa', { data: { playerId: p.playerId, playerCode: p.playerCode } })).status()).toBe(200);
    await s.page.goto('/settings/activities?action=PLAYER_2FA_RESET');
    await s.page.locator('tbody tr').filter({ hasText: p.playerCode }).first().waitFor();
    expect(await s.page.getByRole('table').locator('thead th').allInnerTexts()).toEqual(['Time', 'Action', 'Target type', 'Target', 'By', 'Operator/Brand']);
  });

  it('admin users: names and titles, the drawer blocks and unblocks, delete asks for the e-mail', async () => {
    await s.page.goto('/settings/admins?search=casino');
    const table = s.page.getByRole('table', { name: 'Admin users' });
    const row = table.locator('tbody tr').filter({ hasText: 'casino.manager@demo.local' });
    await row.getByText('Alpha Casino (Alpha Gaming)').waitFor();
    await row.getByText('Operator Manager').waitFor();
    await row.click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('heading', { name: 'casino manager' }).waitFor();
    await drawer.getByRole('button', { name: 'Block User' }).click();
    await s.page.getByText('User successfully blocked!').waitFor();
    await drawer.getByText('Blocked', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Unblock User' }).click();
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

  it('admin users: a weak password is refused with what it lacks; the role changes from the drawer', async () => {
    await s.page.goto('/settings/admins?search=bravo.manager');
    await s.page.getByRole('table', { name: 'Admin users' }).locator('tbody tr').filter({ hasText: 'bravo.manager@demo.local' }).click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('button', { name: 'Change Password' }).click();
    const pw = s.page.getByRole('dialog', { name: /Change Password/ });
    await pw.getByLabel('New password').fill('weakpass');
    await pw.getByText('The password needs at least one uppercase letter, one digit.').waitFor();
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
