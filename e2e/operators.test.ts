import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { OPERATOR_MESSAGES, humanize } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
  // The page's clock runs in real time (the first ticks of a countdown are checked so) until a
  // test moves it on (waitOutCountdown).
  await s.context.clock.install();
});

/** Moves the page's clock on a second at a time until the countdown's Save shows, instead of waiting the seconds out. */
async function waitOutCountdown(dialog: Locator): Promise<Locator> {
  const save = dialog.getByRole('button', { name: 'Save', exact: true });
  for (let i = 0; i < 12 && !(await save.isVisible()); i++) {
    await s.page.clock.fastForward(1_000);
    await save.waitFor({ timeout: 200 }).catch(() => undefined);
  }
  return save;
}
afterAll(async () => {
  // Delta Bets back to an operator of its own, for the other browser suites on this server.
  await s?.context.request.post('/api/operators/transform/brand', { data: { opId: 'op-delta' } }).catch(() => undefined);
  await s?.close();
});

describe('operators and brands', () => {
  it('the operators list shows the type chips and the inactive onboarding operator', async () => {
    await login(s.page, 'superadmin@demo.local', '/operators');
    await s.page.getByRole('group', { name: 'Operator type' }).getByText('Parent operators').click();
    await s.page.waitForURL(/type=parent/);
    const table = s.page.getByRole('table', { name: 'Operators' });
    const delta = table.locator('tbody tr').filter({ hasText: 'Delta Bets' });
    await delta.getByText('Inactive', { exact: true }).waitFor();
    await delta.getByText('op-delta', { exact: true }).waitFor();
    await table.locator('tbody tr').filter({ hasText: 'AlphaBet' }).waitFor({ state: 'detached' });
  });

  it('transforms an operator into a brand: Save waits out its countdown, then the list shows the new parent', async () => {
    await s.page.goto('/operators?type=parent');
    await s.page.getByRole('table', { name: 'Operators' }).locator('tbody tr').filter({ hasText: 'Delta Bets' }).click();
    await s.page.waitForURL(/\/operators\/op-delta/);
    await s.page.getByRole('heading', { name: 'Delta Bets', exact: true }).waitFor();
    await s.page.getByRole('region', { name: 'Affiliate settings' }).waitFor();
    await s.page.getByRole('button', { name: 'Transform Operator to Brand' }).click();

    const dialog = s.page.getByRole('dialog', { name: 'Transform Operator to Brand' });
    const wait10 = dialog.getByRole('button', { name: 'Wait 10s' });
    await wait10.waitFor();
    expect(await wait10.isDisabled()).toBe(true);
    // One tick per second.
    const later = dialog.getByRole('button', { name: /^Wait [1-9]s$/ });
    await dialog.getByRole('button', { name: 'Wait 9s' }).waitFor({ timeout: 3_000 });
    expect(await later.isDisabled()).toBe(true);

    // The parent choices: the ACTIVE parent operators by title (not itself, which is inactive anyway).
    await dialog.getByLabel('Parent operator').click();
    expect(await s.page.getByRole('option').allInnerTexts()).toEqual(['Alpha Gaming', 'Bravo Entertainment', 'Charlie Play']);
    await s.page.getByRole('option', { name: 'Charlie Play' }).click();
    expect(await later.isDisabled()).toBe(true);

    const save = await waitOutCountdown(dialog);
    await save.waitFor();
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await s.page.getByText(OPERATOR_MESSAGES.TO_BRAND_DONE('Delta Bets', 'Charlie Play')).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await s.page.getByTestId('parent-operator').getByText('Charlie Play').waitFor();
    await s.page.getByRole('button', { name: 'Transform Brand to Operator' }).waitFor();

    await s.page.goto('/operators?type=brand');
    const row = s.page.getByRole('table', { name: 'Operators' }).locator('tbody tr').filter({ hasText: 'Delta Bets' });
    await row.getByText('Charlie Play', { exact: true }).waitFor();
    await row.getByText('Brand', { exact: true }).waitFor();

    await s.page.goto('/operators/activities');
    await s.page.getByRole('table', { name: 'Operator activities' }).locator('tbody tr').filter({ hasText: humanize('OPERATOR_TO_BRAND') }).filter({ hasText: 'op-delta' }).waitFor();
  });

  it('transforms the brand back into an operator: Save waits out its countdown (no call before), then the page shows an operator of its own', async () => {
    await s.page.goto('/operators/op-delta');
    await s.page.getByRole('heading', { name: 'Delta Bets', exact: true }).waitFor();
    const calls: string[] = [];
    const onRequest = (r: { url(): string; method(): string }) => { if (r.url().includes('/api/operators/transform')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`); };
    s.page.on('request', onRequest);
    try {
      await s.page.getByRole('button', { name: 'Transform Brand to Operator' }).click();
      const dialog = s.page.getByRole('dialog', { name: 'Transform Brand to Operator' });
      await dialog.getByText('Delta Bets leaves Charlie Play', { exact: false }).waitFor();
      const wait10 = dialog.getByRole('button', { name: 'Wait 10s' });
      await wait10.waitFor();
      expect(await wait10.isDisabled()).toBe(true);
      const waiting = dialog.getByRole('button', { name: /^Wait [1-9]s$/ });
      await dialog.getByRole('button', { name: 'Wait 9s' }).waitFor({ timeout: 5_000 });
      expect(await waiting.isDisabled()).toBe(true);
      // A click during the countdown sends nothing.
      await waiting.click({ force: true }).catch(() => undefined);
      expect(calls).toEqual([]);

      const save = await waitOutCountdown(dialog);
      await save.waitFor();
      expect(await save.isEnabled()).toBe(true);
      await save.click();
      await s.page.getByText(OPERATOR_MESSAGES.TO_OPERATOR_DONE('Delta Bets')).waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect(calls).toEqual(['POST /api/operators/transform/brand']);
    } finally {
      s.page.off('request', onRequest);
    }
    await s.page.getByRole('button', { name: 'Transform Operator to Brand' }).waitFor();
    await s.page.goto('/operators?type=parent');
    await s.page.getByRole('table', { name: 'Operators' }).locator('tbody tr').filter({ hasText: 'Delta Bets' }).getByText('op-delta', { exact: true }).waitFor();
    await s.page.goto('/operators/activities');
    await s.page.getByRole('table', { name: 'Operator activities' }).locator('tbody tr').filter({ hasText: humanize('BRAND_TO_OPERATOR') }).filter({ hasText: 'op-delta' }).waitFor();
  });

  it('the brand delete confirmation is titled Delete Notification and makes no call', async () => {
    await s.page.goto('/brands?search=Bravo%20Spin');
    await s.page.getByRole('table', { name: 'Brands' }).locator('tbody tr').filter({ hasText: 'Bravo Spin' }).click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('button', { name: 'Delete Brand' }).click();
    const confirm = s.page.getByRole('dialog', { name: OPERATOR_MESSAGES.BRAND_DELETE_TITLE });
    await confirm.getByText(OPERATOR_MESSAGES.BRAND_DELETE_TEXT).waitFor();
    const calls: string[] = [];
    s.page.on('request', (r) => { if (r.url().includes('/api/') && r.method() !== 'GET') calls.push(`${r.method()} ${r.url()}`); });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await s.page.waitForTimeout(500);
    expect(calls.filter((c) => !c.includes('/api/operators/brands/list'))).toEqual([]);
    await drawer.getByRole('heading', { name: 'Bravo Spin' }).waitFor();
  });

  it("an operator's top-up currencies are edited on its page, and the Topup Player dialog offers USD plus them", async () => {
    await login(s.page, 'superadmin@demo.local', '/operators/alpha-bet');
    const form = s.page.getByRole('form', { name: 'Top-up currencies' });
    const tryBox = form.getByRole('checkbox', { name: 'TRY' });
    await tryBox.waitFor();
    expect(await tryBox.isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'EUR' }).isChecked()).toBe(true);
    await tryBox.uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await s.page.getByText(OPERATOR_MESSAGES.TOPUP_CURRENCIES_SAVED).first().waitFor();
    try {
      const code = ((await (await s.context.request.post('/api/players', { data: { limit: 1, opId: 'alpha-bet' } })).json()).data.items[0] as { playerCode: string }).playerCode;
      await s.page.goto(`/players?drawer=${code}`);
      await s.page.getByTestId('detail-drawer').getByRole('button', { name: 'Topup Player', exact: true }).click();
      const dialog = s.page.getByRole('dialog', { name: `Topup Player — ${code}` });
      await dialog.getByTestId('topup-limit').waitFor();
      await dialog.getByLabel('Currency').click();
      const listbox = s.page.getByRole('listbox');
      await listbox.getByRole('option').first().waitFor();
      expect(await listbox.getByRole('option').allInnerTexts()).toEqual(['USD', 'EUR']);
    } finally {
      await s.context.request.put('/api/operators/topup-currencies', { data: { opId: 'alpha-bet', additionalTopupCurrencies: ['EUR', 'TRY'] } });
    }
  });
});
