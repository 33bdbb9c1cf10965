import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRYPTO_NETWORK_MESSAGES, FLOW_MESSAGES } from '@pitboss/contract';
import { login, openBrowser, type Session, signOut } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

describe('crypto networks, what\'s new, flows, treasury account', () => {
  it('a super admin cannot save duplicate explorer keys (toast and inline alert), then saves fixed keys', async () => {
    await login(s.page, 'superadmin@demo.local', '/settings/crypto-networks');
    const row = s.page.getByRole('table', { name: 'Crypto networks' }).getByRole('row', { name: /Ethereum/ });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = s.page.getByRole('form', { name: 'Edit Crypto Network' });
    const first = form.getByLabel('Explorer API key 1');
    await expect.poll(() => first.inputValue()).not.toBe('');
    const value = await first.inputValue();
    await form.getByRole('button', { name: 'Add key' }).click();
    await form.getByLabel(/Explorer API key \d+/).last().fill(value);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').getByText(CRYPTO_NETWORK_MESSAGES.DUPLICATE_KEYS).waitFor();
    expect(await s.page.getByText(CRYPTO_NETWORK_MESSAGES.DUPLICATE_KEYS).count()).toBe(2);
    await form.getByLabel(/Explorer API key \d+/).last().fill('E2EFRESHKEY0001');
    const saved = s.page.waitForResponse((r) => r.url().endsWith('/api/settings/crypto-networks') && r.request().method() === 'PUT');
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await s.page.getByText(CRYPTO_NETWORK_MESSAGES.UPDATED).waitFor();
    await row.getByText(/•••• 0001/).waitFor();
  });

  it("an operator admin sees the unread count, opens What's New and the count is gone", async () => {
    await signOut(s);
    await login(s.page, 'operator.admin@demo.local');
    const badge = s.page.getByTestId('whats-new-unread');
    await expect.poll(() => badge.textContent()).toBe('4');
    const read = s.page.waitForResponse((r) => r.url().endsWith('/api/whats-new/read'));
    await s.page.getByRole('button', { name: /What's New, 4 unread/ }).click();
    await read;
    await s.page.getByRole('article', { name: /1\.4 Flows, Treasury Account/ }).waitFor();
    expect(await s.page.getByTestId('note-new').count()).toBe(4);
    await s.page.getByRole('button', { name: "What's New", exact: true }).waitFor();
  });

  it('an operator admin creates a flow, finds it in the list and deletes it', async () => {
    await s.page.goto('/flows?opId=op-alpha');
    const table = s.page.getByRole('table', { name: 'Flows' });
    await table.getByText('Large deposit alert').waitFor();
    await s.page.getByRole('button', { name: 'New Flow' }).click();
    const drawer = s.page.getByRole('dialog', { name: 'New Flow' });
    await drawer.getByLabel('Name').fill('E2E big withdrawals');
    await drawer.getByLabel(/Amount at least/).fill('2500');
    const created = s.page.waitForResponse((r) => r.url().endsWith('/api/flows') && r.request().method() === 'POST');
    await drawer.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(200);
    await s.page.getByText(FLOW_MESSAGES.CREATED).waitFor();
    await table.getByText('E2E big withdrawals').click();
    const details = s.page.getByRole('dialog', { name: 'Flow: E2E big withdrawals' });
    await details.getByRole('table', { name: 'Run history' }).waitFor();
    await details.getByRole('button', { name: 'Delete Flow' }).click();
    const deleted = s.page.waitForResponse((r) => r.url().endsWith('/api/flows/delete'));
    await s.page.getByRole('dialog', { name: 'Delete Flow' }).getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(200);
    await s.page.getByText(FLOW_MESSAGES.DELETED).waitFor();
    await expect.poll(() => table.getByText('E2E big withdrawals').count()).toBe(0);
  });

  it('the treasury account shows the total in USD, the chart and the movements', async () => {
    const summary = s.page.waitForResponse((r) => r.url().endsWith('/api/treasury-account/summary'));
    await s.page.goto('/treasury-account?opId=op-alpha');
    expect((await summary).status()).toBe(200);
    await expect.poll(() => s.page.getByTestId('treasury-total').textContent()).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await s.page.getByText('Balance over time (USD)').waitFor();
    const rows = s.page.getByRole('table', { name: 'Treasury movements' }).locator('tbody tr');
    await rows.first().getByText(/USDT|UUSD/).first().waitFor();
    expect(await rows.count()).toBeGreaterThan(5);
  });
});
