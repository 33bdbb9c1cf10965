import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_RELEASE_MESSAGES } from '@pitboss/contract';
import { login, openBrowser, type Session, signOut } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

/** Open the report filtered by a title and the Bonus Release Report Details of its first row. */
async function openReportRow(title: string) {
  await s.page.goto(`/reports/bonus-releases?title=${encodeURIComponent(title)}`);
  const table = s.page.getByRole('table', { name: 'Bonus releases report' });
  await table.waitFor();
  const row = table.getByRole('row').filter({ hasText: title }).first();
  await row.waitFor({ timeout: 15_000 });
  return row;
}

describe('bonus releases', () => {
  it('shows EXPIRED past the end and the deleted warning in Bonus Release Report Details; JSON only for SUPER_ADMIN', async () => {
    await login(s.page, 'superadmin@demo.local');
    const expired = await openReportRow('Daily sport release');
    await expect.poll(() => expired.getByText('Expired', { exact: true }).count(), { timeout: 10_000 }).toBe(1);

    const deleted = await openReportRow('Spring release (withdrawn)');
    await deleted.click();
    const dialog = s.page.getByRole('dialog', { name: 'Bonus Release Report Details' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText(BONUS_RELEASE_MESSAGES.DELETED_WARNING).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => dialog.getByText('Please be advised the following Bonus Release is deleted.').count()).toBe(1);
    expect(await dialog.getByRole('tab', { name: 'JSON' }).count()).toBe(1);
    // Each player row is one period of the release's schedule.
    expect(await dialog.getByRole('table', { name: 'Player releases' }).getByRole('columnheader', { name: 'Period from' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // ADMIN holds json_tab, yet the JSON tab of bonus releases is SUPER_ADMIN's alone.
    await signOut(s);
    await login(s.page, 'admin@demo.local');
    const again = await openReportRow('Spring release (withdrawn)');
    await again.click();
    const d2 = s.page.getByRole('dialog', { name: 'Bonus Release Report Details' });
    await d2.waitFor();
    await expect.poll(() => d2.getByText(BONUS_RELEASE_MESSAGES.DELETED_WARNING).count(), { timeout: 10_000 }).toBe(1);
    expect(await d2.getByRole('tab', { name: 'JSON' }).count()).toBe(0);
    expect(await d2.getByRole('tab', { name: 'Definition' }).count()).toBe(1);
  });

  it('creates a release in the drawer (the tier order message first), opens it, and deletes it', async () => {
    await signOut(s);
    await login(s.page, 'operator.admin@demo.local', '/bonus/releases');
    await s.page.getByRole('table', { name: 'Bonus releases' }).waitFor();
    await s.page.getByRole('button', { name: 'New Bonus Release' }).click();
    const form = s.page.getByRole('dialog', { name: 'New Bonus Release' });
    await form.waitFor();
    const title = `Browser release ${Date.now()}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Required wager').fill('100');
    await form.getByLabel('Max bonus amount').fill('10');
    await form.getByRole('button', { name: 'Add tier' }).click();
    await form.getByLabel('Required wager').nth(1).fill('50');
    await form.getByLabel('Max bonus amount').nth(1).fill('20');
    await expect.poll(() => form.getByText(BONUS_RELEASE_MESSAGES.TIER_WAGER_ORDER).count(), { timeout: 10_000 }).toBe(1);
    await form.getByLabel('Required wager').nth(1).fill('500');
    await expect.poll(() => form.getByText(BONUS_RELEASE_MESSAGES.TIER_WAGER_ORDER).count()).toBe(0);
    await form.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => s.page.getByText(BONUS_RELEASE_MESSAGES.CREATED).count(), { timeout: 10_000 }).toBeGreaterThan(0);

    await s.page.goto(`/bonus/releases?title=${encodeURIComponent(title)}`);
    const row = s.page.getByRole('table', { name: 'Bonus releases' }).getByRole('row').filter({ hasText: title });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    const drawer = s.page.getByRole('dialog', { name: title });
    await drawer.waitFor();
    expect(await drawer.getByRole('tab', { name: 'JSON' }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Delete' }).click();
    await s.page.getByRole('dialog', { name: 'Delete Bonus Release' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => s.page.getByText(BONUS_RELEASE_MESSAGES.DELETED).count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
