/** Small things staff rely on: a failed list load says so, the brands chip only where it means something, the top-up's currency. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPUP_MESSAGES, addDec, cmpDec } from '@pitboss/contract';
import { choose, login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'superadmin@demo.local', null);
});
afterAll(async () => { await s?.close(); });

describe('console details', () => {
  it('a failed list load shows its error (not "No data found"); Try again loads the rows', async () => {
    await s.page.route('**/api/players/balances', (route) => route.fulfill({
      status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, data: null, messages: ['The database is busy, try again.'] }),
    }));
    try {
      await s.page.goto('/players/balances');
      await s.page.getByTestId('list-error').getByText('The database is busy, try again.').waitFor();
      expect(await s.page.getByText('No data found').count()).toBe(0);
      // The failure also opens the error-response dialog with the server's message: dismiss it.
      const dialog = s.page.getByRole('dialog').filter({ hasText: 'The database is busy, try again.' });
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await s.page.unroute('**/api/players/balances');
    }
    await s.page.getByRole('button', { name: 'Try again' }).click();
    await s.page.locator('tbody tr').nth(1).waitFor();
    expect(await s.page.getByTestId('list-error').count()).toBe(0);
  });

  it('the brands chip shows only with an operator that has brands selected', async () => {
    await s.page.goto('/players');
    await s.page.locator('tbody tr').first().waitFor();
    expect(await s.page.getByRole('button', { name: /^Brands (excluded|included)$/ }).count()).toBe(0);
    await s.page.goto('/players?opId=op-alpha');
    await s.page.getByRole('button', { name: 'Brands excluded' }).waitFor();
    await s.page.getByRole('button', { name: 'Brands excluded' }).click();
    await s.page.getByRole('dialog', { name: 'Brands' }).getByLabel('Include brands').click();
    await s.page.getByRole('button', { name: 'Brands included' }).waitFor();
    expect(new URL(s.page.url()).searchParams.get('includeBrands')).toBe('true');
    // A brand has no brands of its own: no chip.
    await s.page.goto('/players?opId=alpha-bet');
    await s.page.locator('tbody tr').first().waitFor();
    expect(await s.page.getByRole('button', { name: /^Brands (excluded|included)$/ }).count()).toBe(0);
  });

  it('Topup Player preselects USD', async () => {
    const r = await s.context.request.post('/api/players', { data: { limit: 1, opId: 'op-alpha' } });
    const code = ((await r.json()).data.items[0] as { playerCode: string }).playerCode;
    await s.page.goto(`/players?drawer=${code}`);
    await s.page.getByTestId('detail-drawer').getByRole('button', { name: 'Topup Player', exact: true }).click();
    const dialog = s.page.getByRole('dialog').last();
    await dialog.getByTestId('topup-limit').waitFor();
    expect(await dialog.getByLabel('Currency').textContent()).toBe('USD');
    await dialog.getByText(/^Balance: /).waitFor();
  });

  it('the top-up success toast says what happened: the wallet, the player, the amount and the balance before and after', async () => {
    const r = await s.context.request.post('/api/players', { data: { limit: 1, opId: 'op-bravo' } });
    const code = ((await r.json()).data.items[0] as { playerCode: string }).playerCode;
    const usd = async () => (((await (await s.context.request.post('/api/player/wallet', { data: { playerCode: code } })).json()).data.balances as { currency: string; balance: string }[])
      .find((b) => b.currency === 'USD')?.balance ?? '0');
    const before = await usd();
    await s.page.goto(`/players?drawer=${code}`);
    await s.page.getByTestId('detail-drawer').getByRole('button', { name: 'Topup Player', exact: true }).click();
    const dialog = s.page.getByRole('dialog', { name: `Topup Player — ${code}` });
    await dialog.getByText(/^Balance: /).waitFor();
    await dialog.getByLabel('Amount').fill('12.34');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Increase' }).click();
    await choose(s.page, dialog.getByLabel('Reason'), 'Compensation');
    await dialog.getByLabel('Note').fill('Goodwill after a failed game round.');
    await dialog.getByLabel('I confirm this wallet change').check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = await usd();
    await s.page.getByText(TOPUP_MESSAGES.APPLIED({ action: 'INCREASE', amount: '12.34', currency: 'USD', playerCode: code, before, after })).waitFor();
    expect(cmpDec(after, addDec(before, '12.34'))).toBe(0);
  });
});
