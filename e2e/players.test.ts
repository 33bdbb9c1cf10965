import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'superadmin@demo.local', null);
});
afterAll(async () => { await s?.close(); });

describe('players', () => {
  it('list → drawer → next player → browser Back and the Back button close the drawer', async () => {
    await s.page.goto('/players');
    const rows = s.page.locator('tbody tr');
    await rows.first().waitFor();
    const firstCode = (await rows.nth(0).locator('td').first().innerText()).trim();
    const secondCode = (await rows.nth(1).locator('td').first().innerText()).trim();
    await rows.nth(0).click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.waitFor();
    await drawer.getByText(firstCode).first().waitFor();
    await drawer.getByRole('button', { name: 'Next' }).click();
    await drawer.getByText(secondCode).first().waitFor();
    expect(s.page.url()).toContain(secondCode);
    // Stepping replaces the history entry, so browser Back closes the drawer (deep link kept in the URL meanwhile).
    await s.page.goBack();
    await expect.poll(() => drawer.count()).toBe(0);
    expect(new URL(s.page.url()).searchParams.get('drawer')).toBeNull();
    await rows.nth(1).click();
    await drawer.getByText(secondCode).first().waitFor();
    await drawer.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(() => drawer.count()).toBe(0);
  });

  it('the KYC confirm button needs a note; after the decision the drawer moves to the next pending document (queue mode)', async () => {
    await s.page.goto('/documentsV2?status=PENDING');
    await s.page.locator('tbody tr').first().click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.waitFor();
    const openKey = () => new URL(s.page.url()).searchParams.get('drawer');
    const decided = openKey();
    expect(decided).not.toBeNull();
    const confirm = drawer.getByRole('button', { name: 'Confirm' });
    await expect.poll(() => confirm.isDisabled()).toBe(true);
    await drawer.getByLabel('Note for the player').fill('All good, verified.');
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await confirm.click();
    await s.page.getByText('Document has been successfully approved').waitFor();
    await expect.poll(openKey).not.toBe(decided);
    expect(openKey()).not.toBeNull();
    await drawer.getByRole('button', { name: 'Confirm' }).waitFor();
  });

  it('rejecting a username needs a note', async () => {
    await s.page.goto('/players/usernames?status=PENDING');
    const button = s.page.locator('[data-testid^="moderate-"]').first();
    await button.click();
    const dialog = s.page.getByRole('dialog');
    await choose(s.page, dialog.getByLabel('Status'), 'Reject');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Note for the player is required').waitFor();
  });

  it("a super admin filters the players by player UID (the player's UUID); the gateway filter of transactions lists every payment provider", async () => {
    const [target] = (await (await s.context.request.post('/api/players', { data: { limit: 1, opId: 'op-bravo', sortBy: 'playerCode' } })).json()).data.items as { playerId: string; playerCode: string }[];
    await s.page.goto('/players');
    await s.page.locator('tbody tr').first().waitFor();
    await s.page.getByRole('button', { name: 'Filters' }).click();
    const filters = s.page.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Player UID').fill(target!.playerId);
    await filters.getByLabel('Operator ID').waitFor();
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(s.page.url()).searchParams.get('playerUid')).toBe(target!.playerId);
    const rows = s.page.locator('tbody tr');
    await rows.filter({ hasText: target!.playerCode }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    await s.page.goto('/withdraw/list');
    await s.page.locator('tbody tr').first().waitFor();
    await s.page.getByRole('button', { name: 'Filters' }).click();
    const txFilters = s.page.getByRole('form', { name: 'Filters' });
    await choose(s.page, txFilters.getByLabel('Gateway'), 'Caspian Pay');
    await txFilters.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(s.page.url()).searchParams.get('gateway')).toBe('caspian-pay');
  });

  it('the player tabs area needs players_tabs: without it the drawer and the player page show the details alone', async () => {
    // operator.admin@ takes players_tabs out of the OPERATOR_MANAGER template (and puts it back at the end).
    const adminCtx = await s.newContext();
    const adminPage = await adminCtx.newPage();
    await login(adminPage, 'operator.admin@demo.local', null);
    const roles = (await (await adminCtx.request.get('/api/users/roles/list')).json()).data.items as { id: string; name: string }[];
    const tpl = roles.find((r) => r.name === 'OPERATOR_MANAGER')!;
    const keys = Object.keys((await (await adminCtx.request.get(`/api/users/roles?role=${tpl.id}`)).json()).data.permissions as Record<string, unknown>);
    expect(keys).toContain('players_tabs');
    const save = async (permissions: string[]) =>
      expect((await adminCtx.request.put('/api/users/roles', { data: { roleId: tpl.id, roleName: tpl.name, permissions } })).status()).toBe(200);

    const mgrCtx = await s.newContext({ viewport: { width: 1400, height: 900 } });
    const mgr = await mgrCtx.newPage();
    await login(mgr, 'operator.manager@demo.local', null);
    const openDrawer = async () => {
      await mgr.goto('/players');
      const row = mgr.locator('tbody tr').first();
      const code = (await row.locator('td').first().innerText()).trim();
      await row.click();
      const drawer = mgr.getByTestId('detail-drawer');
      await drawer.getByTestId('joined-at').waitFor();
      return { drawer, code };
    };
    await save(keys.filter((k) => k !== 'players_tabs'));
    try {
      const { drawer, code } = await openDrawer();
      // The player's details, without tabs.
      await drawer.getByText('Last Activity').waitFor();
      expect(await drawer.getByRole('tablist', { name: 'Details tabs' }).count()).toBe(0);
      expect(await drawer.getByRole('tab', { name: 'KYC' }).count()).toBe(0);
      await mgr.goto(`/players/${code}`);
      await mgr.getByTestId('joined-at').waitFor();
      expect(await mgr.getByRole('heading', { name: 'KYC records' }).count()).toBe(0);
      expect(await mgr.getByRole('heading', { name: 'Username requests' }).count()).toBe(0);
      expect(await mgr.getByRole('heading', { name: 'Applied free bets' }).count()).toBe(0);
    } finally {
      await save(keys);
    }
    // With it again: the tabs are back.
    const { drawer, code } = await openDrawer();
    await drawer.getByRole('tab', { name: 'KYC' }).click();
    await drawer.getByRole('tab', { name: 'Usernames' }).waitFor();
    await mgr.goto(`/players/${code}`);
    await mgr.getByRole('heading', { name: 'KYC records' }).waitFor();
  });
});
