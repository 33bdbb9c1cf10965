import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PARTNER_FIELD_LABELS, PARTNER_MESSAGES, PARTNER_WITHDRAW_STATUS_LABELS, formatMoney, trackingLink } from '@pitboss/contract';
import { PASSWORD, choose, login, loginWithForm, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

/** A second signed-in user in a browser context of their own. */
async function otherUser(email: string, password = PASSWORD): Promise<Page> {
  const context = await s.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await loginWithForm(page, email, password);
  return page;
}

const WALLET = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
/** The request's amount as the tables show it ("125.50 USDT"). */
const AMOUNT = formatMoney('125.50', 'USDT');

describe('partners', () => {
  it('a super admin runs the wizard (brand, user, settings); the new partner signs in and lands on their dashboard', async () => {
    await login(s.page, 'superadmin@demo.local', '/partners/list');
    await s.page.getByRole('table', { name: 'Partners' }).locator('tbody tr').filter({ hasText: 'Alpha Partners' }).waitFor();
    await s.page.getByRole('button', { name: 'Add New Partner' }).click();
    const wizard = s.page.getByRole('dialog', { name: 'Add New Partner' });

    // Step 1: Next stays disabled until a parent operator is chosen.
    await wizard.getByLabel('Partner name').fill('Nova Partners');
    await wizard.getByLabel('Domain').fill('https://nova.example');
    await wizard.getByText(PARTNER_MESSAGES.DOMAIN_NO_PROTOCOL).waitFor();
    await wizard.getByLabel('Domain').fill('nova-partners.example');
    expect(await wizard.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await choose(s.page, wizard.getByLabel('Parent operator'), 'Bravo Entertainment');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await s.page.getByText(PARTNER_MESSAGES.INITIALIZED).waitFor();

    // Step 2: the partner's user; its code is the new opId and a 4-digit number.
    await wizard.getByText(/User code: nova-partn-\d{4}/).waitFor();
    await wizard.getByLabel('E-mail').fill('nova@demo.local');
    await wizard.getByLabel('Nickname').fill('nova partner');
    await wizard.getByLabel('Password').fill('Nova-Pass-2026');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await s.page.getByText(PARTNER_MESSAGES.USER_CREATED).waitFor();

    // Step 3: the settings start at the new-partner defaults (inactive, each value 1).
    expect(await wizard.getByLabel(PARTNER_FIELD_LABELS.casinoSharePercentage).inputValue()).toBe('1');
    expect(await wizard.getByLabel('Active', { exact: true }).isChecked()).toBe(false);
    await wizard.getByLabel(PARTNER_FIELD_LABELS.casinoSharePercentage).fill('101');
    await wizard.getByText(PARTNER_MESSAGES.PERCENT).waitFor();
    expect(await wizard.getByRole('button', { name: 'Finish' }).isDisabled()).toBe(true);
    await wizard.getByLabel(PARTNER_FIELD_LABELS.casinoSharePercentage).fill('30');
    await wizard.getByLabel(PARTNER_FIELD_LABELS.minWithdrawAmountInUSD).fill('20');
    await wizard.getByLabel('Active', { exact: true }).check();
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await s.page.getByText(PARTNER_MESSAGES.CREATED).first().waitFor();
    await wizard.waitFor({ state: 'detached' });
    const row = s.page.getByRole('table', { name: 'Partners' }).locator('tbody tr').filter({ hasText: 'Nova Partners' });
    await row.getByText('Bravo Entertainment').waitFor();
    await row.getByText('nova@demo.local').waitFor();
    await row.getByText(/Casino 30%/).waitFor();

    const partner = await otherUser('nova@demo.local', 'Nova-Pass-2026');
    await partner.waitForURL(/\/partner-dashboard/);
    await partner.getByRole('heading', { name: 'Nova Partners' }).waitFor();
    await partner.getByTestId('figure-registered').waitFor();
    await partner.getByRole('button', { name: 'This Year' }).click();
    await partner.getByRole('img', { name: 'Registered players' }).waitFor();
    // Their players page says whose players it lists (their own site's), and where the others are counted.
    await partner.goto('/players');
    await partner.getByText('The players who registered on your own site.', { exact: false }).waitFor();
    await partner.context().close();
  });

  it('Complete Setup of a partner whose user already exists: e-mail and nickname prefilled, the wizard starts at step 2 and creates no second user', async () => {
    const api = s.context.request;
    const title = `Prefill ${String(Date.now()).slice(-5)}`;
    const brand = await api.post('/api/operators/brands/new/v3', { data: { parentOpId: 'op-bravo', title, domain: 'prefill-partner.example' } });
    expect(brand.ok(), await brand.text()).toBe(true);
    const opId = (await brand.json()).data.opId as string;
    const email = `prefill.${String(Date.now()).slice(-6)}@demo.local`;
    const user = await api.post('/api/users', { data: { email, nickname: 'Prefill Partner', password: 'Prefill-Pass-1', role: 'PARTNER', opId, userCode: `${opId}-1234` } });
    expect(user.ok(), await user.text()).toBe(true);
    const partnerUsers = async () => ((await (await api.post('/api/users/list', { data: { opId, role: 'PARTNER', limit: 50 } })).json()).data.items as { email: string }[]).map((u) => u.email);
    expect(await partnerUsers()).toEqual([email]);

    const calls: string[] = [];
    const onRequest = (r: { url(): string; method(): string }) => { if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/users') calls.push(r.url()); };
    s.page.on('request', onRequest);
    try {
      await s.page.goto(`/partners/list?search=${encodeURIComponent(title)}&drawer=${opId}`);
      await s.page.getByTestId('detail-drawer').getByRole('button', { name: 'Complete Setup' }).click();
      const wizard = s.page.getByRole('dialog', { name: `Complete Partner Setup — ${title}` });
      await wizard.getByText('This partner already has an active user: it is kept.').waitFor();
      // Step 2 (User Details) is the active step; step 1's fields and the password are not asked.
      expect(await wizard.locator('.MuiStepLabel-label.Mui-active').innerText()).toBe('User Details');
      expect(await wizard.getByLabel('Partner name').count()).toBe(0);
      expect(await wizard.getByLabel('Password').count()).toBe(0);
      const emailField = wizard.getByLabel('E-mail');
      expect(await emailField.inputValue()).toBe(email);
      expect(await emailField.isDisabled()).toBe(true);
      expect(await wizard.getByLabel('Nickname').inputValue()).toBe('Prefill Partner');
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('button', { name: 'Finish' }).waitFor();
      expect(await wizard.locator('.MuiStepLabel-label.Mui-active').innerText()).toBe('Settings');
      await wizard.getByRole('button', { name: 'Finish' }).click();
      await s.page.getByText(PARTNER_MESSAGES.CREATED).first().waitFor();
      await wizard.waitFor({ state: 'detached' });
    } finally {
      s.page.off('request', onRequest);
    }
    expect(calls).toEqual([]);
    expect(await partnerUsers()).toEqual([email]);
  });

  it('a partner requests a withdrawal from their balance; staff approve it with a note the partner sees (not who approved)', async () => {
    const partner = await otherUser('partner@demo.local');
    await partner.waitForURL(/\/partner-dashboard/);
    await partner.getByTestId('dashboard-balance').getByText('$').waitFor();
    await partner.goto('/partners/withdraw');
    const form = partner.getByRole('form', { name: 'Request Withdrawal' });
    await form.getByLabel('Amount (USD)').fill('125.50');
    // Request Withdrawal is disabled without a wallet address.
    expect(await form.getByRole('button', { name: 'Request Withdrawal' }).isDisabled()).toBe(true);
    await form.getByLabel('Wallet address (TRON)').fill(WALLET);
    await form.getByRole('button', { name: 'Request Withdrawal' }).click();
    await partner.getByText(PARTNER_MESSAGES.REQUESTED).waitFor();
    const history = partner.getByRole('table', { name: 'Withdraw history' });
    await history.locator('tbody tr').filter({ hasText: AMOUNT }).getByText(PARTNER_WITHDRAW_STATUS_LABELS.PENDING).waitFor();

    await s.page.goto('/partners/withdraw');
    const pending = s.page.getByRole('table', { name: 'Partner withdraw requests' }).locator('tbody tr').filter({ hasText: AMOUNT });
    // Staff see who decided (the same fieldAccess rule the server applies).
    await s.page.getByRole('columnheader', { name: 'Decided by' }).waitFor();
    await pending.click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByText(WALLET).waitFor();
    expect(await drawer.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await drawer.getByLabel('Note for the partner').fill('Paid to your TRON wallet.');
    await drawer.getByRole('button', { name: 'Approve' }).click();
    await s.page.getByText(PARTNER_MESSAGES.CONFIRMED).first().waitFor();

    await partner.reload();
    const done = partner.getByRole('table', { name: 'Withdraw history' }).locator('tbody tr').filter({ hasText: AMOUNT });
    await done.getByText(PARTNER_WITHDRAW_STATUS_LABELS.CONFIRMED).waitFor();
    await done.getByText('Paid to your TRON wallet.').waitFor();
    // Which staff member decided is staff's: the partner's history names no one.
    expect(await done.getByText('superadmin@demo.local').count()).toBe(0);
    expect(await partner.getByRole('columnheader', { name: 'Decided by' }).count()).toBe(0);
    await partner.context().close();
  });

  it('channels: a partner adds a channel and copies its link from the marketing page', async () => {
    const partner = await otherUser('partner@demo.local');
    await partner.goto('/channels');
    await partner.getByRole('button', { name: 'New Channel' }).click();
    const dialog = partner.getByRole('dialog', { name: 'New Channel' });
    expect(await dialog.getByLabel('Partner').count()).toBe(0);
    await dialog.getByLabel('Channel ID').fill('winter-promo');
    await dialog.getByLabel('Channel name').fill('Winter promo');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await partner.getByText(PARTNER_MESSAGES.CHANNEL_CREATED).waitFor();
    await partner.goto('/marketings');
    const card = partner.getByRole('region', { name: 'Winter promo' });
    await card.getByText(trackingLink('alpha-partners.example', 'alpha-partner', 'winter-promo')).waitFor();
    await card.getByRole('button', { name: /Copy link/ }).waitFor();
    // Their players page lists the players of their own site (none of their parent operator's).
    await partner.goto('/players');
    const rows = partner.getByRole('table', { name: 'Players' }).locator('tbody tr');
    await rows.filter({ hasText: 'P900001' }).waitFor();
    expect(await rows.filter({ hasText: 'P100001' }).count()).toBe(0);
    await partner.context().close();
  });

  it("an inactive partner sees why instead of the request form; their operator's admin blocks their login but cannot delete it", async () => {
    const api = s.context.request;
    const stamp = String(Date.now()).slice(-6);
    const brand = await api.post('/api/operators/brands/new/v3', { data: { parentOpId: 'op-alpha', title: `Idle ${stamp.slice(-5)}`, domain: 'idle-partner.example' } });
    expect(brand.ok(), await brand.text()).toBe(true);
    const opId = (await brand.json()).data.opId as string;
    const email = `idle.${stamp}@demo.local`;
    const user = await api.post('/api/users', { data: { email, nickname: 'Idle Partner', password: 'Idle-Pass-2026', role: 'PARTNER', opId, userCode: `${opId}-1234` } });
    expect(user.ok(), await user.text()).toBe(true);

    const partner = await otherUser(email, 'Idle-Pass-2026');
    await partner.goto('/partners/withdraw');
    await partner.getByText(PARTNER_MESSAGES.WITHDRAW_INACTIVE).waitFor();
    expect(await partner.getByRole('form', { name: 'Request Withdrawal' }).count()).toBe(0);
    await partner.context().close();

    const opa = await otherUser('operator.admin@demo.local');
    await opa.goto(`/settings/admins?search=${encodeURIComponent(email)}`);
    await opa.getByRole('table', { name: 'Admin users' }).locator('tbody tr').filter({ hasText: email }).click();
    const drawer = opa.getByTestId('detail-drawer');
    await drawer.getByRole('button', { name: 'Block User' }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Delete User' }).count()).toBe(0);
    await opa.context().close();
  });
});
