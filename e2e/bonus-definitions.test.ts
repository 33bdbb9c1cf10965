import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_DEFINITION_MESSAGES } from '@pitboss/contract';
import { choose, login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); await login(s.page, 'operator.admin@demo.local', null); });
afterAll(async () => { await s?.close(); });

/** A `datetime-local` value `days` from now (the wall time of any time zone lies within a day of it). */
const wall = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

describe('deposit bonus definitions', () => {
  it('creates a definition, sees it in the list with its money formatted, and a clone overlapping it is refused with the spec\'s text', async () => {
    const title = `E2E Reload ${Date.now() % 100_000}`;
    await s.page.goto('/bonus');
    await s.page.getByRole('table', { name: 'Bonus definitions' }).locator('tbody tr').first().waitFor();
    await s.page.getByRole('button', { name: 'New Bonus' }).click();
    const form = s.page.getByRole('dialog', { name: 'New Bonus' });
    await choose(s.page, form.getByLabel('Operator'), 'Alpha Gaming');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Max bonus (USD)').fill('0');
    await form.getByRole('button', { name: 'Create Bonus' }).click();
    await form.getByText(BONUS_DEFINITION_MESSAGES.MAX_BONUS_INVALID).waitFor();
    await form.getByLabel('Max bonus (USD)').fill('1234.5');
    await form.getByLabel('Percentage of deposit (%)').fill('40');
    await form.getByLabel('Min deposit (USD)').fill('20');
    await form.getByLabel('Providers').fill('Evolution, NetEnt');
    await form.getByRole('button', { name: 'Create Bonus' }).click();
    await s.page.getByText(BONUS_DEFINITION_MESSAGES.CREATED).first().waitFor();

    await s.page.goto(`/bonus?title=${encodeURIComponent(title)}`);
    const table = s.page.getByRole('table', { name: 'Bonus definitions' });
    const row = table.locator('tbody tr', { hasText: title });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByText('$1,234.50').count()).toBe(1);
    await expect.poll(() => row.getByText('40%').count()).toBe(1);

    await row.click();
    await s.page.waitForURL(/\/bonus\/[0-9a-f-]{36}/);
    await s.page.getByRole('heading', { name: title }).waitFor();
    // Not SUPER_ADMIN: no JSON tab.
    expect(await s.page.getByRole('tab', { name: 'JSON' }).count()).toBe(0);
    await s.page.getByRole('button', { name: 'Clone' }).click();
    const clone = s.page.getByRole('dialog', { name: `Clone Bonus — ${title}` });
    await choose(s.page, clone.getByLabel('Target operator'), 'Alpha Gaming');
    await clone.getByLabel('Start time').fill(wall(2));
    await clone.getByLabel('End time').fill(wall(4));
    await clone.getByRole('button', { name: 'Clone' }).click();
    await expect.poll(() => s.page.getByText(BONUS_DEFINITION_MESSAGES.CLONE_CONFLICT).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it("a player bonus row opens the Player Bonus Details drawer (Details; JSON for a super admin only) with a link to the definition", async () => {
    await s.page.goto('/bonus/list');
    const row = s.page.getByRole('table', { name: 'Player bonuses' }).locator('tbody tr').first();
    await row.waitFor();
    const bonus = (await row.locator('td').nth(3).innerText()).trim();
    await row.click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('heading', { name: 'Player Bonus Details' }).waitFor();
    // The spec's player bonus fields, by label; not SUPER_ADMIN: no tabs (Details alone, no JSON).
    for (const f of ['Unique ID', 'Type', 'Prize type', 'Bonus amount', 'Version']) await drawer.getByText(f, { exact: true }).waitFor();
    await drawer.getByText('Deposit bonus', { exact: true }).waitFor();
    await drawer.getByText('Locked prize', { exact: true }).waitFor();
    expect(await drawer.getByRole('tab', { name: 'JSON' }).count()).toBe(0);
    expect(s.page.url()).toContain('/bonus/list');
    await drawer.getByRole('link', { name: 'Open bonus definition' }).click();
    await s.page.waitForURL(/\/bonus\/[0-9a-f-]{36}/);
    await s.page.getByRole('heading', { name: bonus }).waitFor();

    // A super admin has the JSON tab, with the record's unique ID.
    const sa = await s.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await sa.newPage();
    await login(page, 'superadmin@demo.local', '/bonus/list');
    await page.getByRole('table', { name: 'Player bonuses' }).locator('tbody tr').first().click();
    const saDrawer = page.getByTestId('detail-drawer');
    await saDrawer.getByRole('tab', { name: 'JSON' }).click();
    await saDrawer.getByText('"uniuqeId"').waitFor();
  });
});
