import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { FREEBET_ERROR_TEXTS, FREEBET_MESSAGES } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
let api: APIRequestContext;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'operator.admin@demo.local', null);
  api = s.context.request;
});
afterAll(async () => { await s?.close(); });

describe('sport free bets', () => {
  it('shows a template\'s details on /bonus/sport; grants a free bet from the player\'s page, lists it, and a second grant says it is already activated', async () => {
    await s.page.goto('/bonus/sport');
    const table = s.page.getByRole('table', { name: 'Sport free bet templates' });
    await table.waitFor();
    const row = table.getByTestId('sport-template-row').filter({ hasText: 'Weekend Football Free Bet' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => row.getByText('10.00 USD').count()).toBe(1);
    // Its operator by name, its period written as every time of the console (not 22/11/2026, 06:24).
    const text = await row.innerText();
    expect(text).toMatch(/Alpha/);
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? – \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await row.click();
    const details = s.page.getByRole('dialog', { name: 'Sport FreeBet Details — Weekend Football Free Bet' });
    await details.waitFor();
    await expect.poll(() => details.getByText('Prematch', { exact: true }).count()).toBe(1);
    await expect.poll(() => details.getByText('Single', { exact: true }).count()).toBe(1);
    await expect.poll(() => details.getByText('500.00 USD').count()).toBe(1);
    // JSON is for SUPER_ADMIN only.
    expect(await details.getByRole('tab', { name: 'JSON' }).count()).toBe(0);
    await details.getByRole('button', { name: 'Back' }).click();

    const players = (await (await api.post('/api/players', { data: { limit: 50 } })).json()).data.items as { playerCode: string; isDeleted: boolean }[];
    const code = players.find((p) => !p.isDeleted)!.playerCode;
    await s.page.goto(`/players/${code}`);
    await s.page.getByRole('button', { name: 'Add Sport FreeBet' }).click();
    const drawer = s.page.getByRole('dialog', { name: `Sport FreeBet Templates — ${code}` });
    await drawer.waitFor();
    // Add is disabled for the paused and the ended templates.
    await expect.poll(() => drawer.getByRole('button', { name: 'Add Basketball Boost (paused)' }).isDisabled(), { timeout: 15_000 }).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Add Cup Final Free Bet (ended)' }).isDisabled()).toBe(true);

    const grant = async () => {
      await drawer.getByRole('button', { name: 'Add Weekend Football Free Bet' }).click();
      const confirm = s.page.getByRole('dialog', { name: 'Add Sport FreeBet' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Add', exact: true }).click();
    };
    await grant();
    await expect.poll(() => s.page.getByText(FREEBET_MESSAGES.GRANTED).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await s.page.keyboard.press('Escape');
    const applied = s.page.getByRole('table', { name: 'Applied free bets' });
    await expect.poll(() => applied.getByTestId('applied-freebet-row').filter({ hasText: 'Weekend Football Free Bet' }).count(), { timeout: 10_000 }).toBe(1);

    await s.page.getByRole('button', { name: 'Add Sport FreeBet' }).click();
    await drawer.waitFor();
    await grant();
    await expect.poll(() => s.page.getByText(FREEBET_ERROR_TEXTS[34]).count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
