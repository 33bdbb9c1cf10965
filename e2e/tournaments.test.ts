import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOURNAMENT_MESSAGES } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); await login(s.page, 'operator.admin@demo.local', null); });
afterAll(async () => { await s?.close(); });

describe('tournaments', () => {
  it("an operator admin approves a winner's prize payout and sees it paid", async () => {
    await s.page.goto('/tournament/winners/list?status=PENDING');
    const table = s.page.getByRole('table', { name: 'Tournament winners' });
    const first = table.locator('tbody tr').first();
    await first.getByText('Pending', { exact: true }).waitFor();
    await first.click();
    await s.page.waitForURL(/\/tournament\/winners\/[0-9a-f-]{36}/);
    const url = s.page.url();
    await s.page.getByRole('heading', { name: /Tournament Winner —/ }).waitFor();
    await s.page.getByRole('button', { name: 'Reject' }).click();
    const reject = s.page.getByRole('dialog', { name: /Winner Prize Payout Confirmation/ });
    await reject.getByLabel(/Note for the player/).fill('x');
    await reject.getByLabel(/Note for the player/).fill('');
    await reject.getByText(TOURNAMENT_MESSAGES.NOTE_REQUIRED).waitFor();
    expect(await reject.getByRole('button', { name: 'Reject prize' }).isDisabled()).toBe(true);
    await reject.getByRole('button', { name: 'Cancel' }).click();
    await s.page.getByRole('button', { name: 'Approve' }).click();
    const dialog = s.page.getByRole('dialog', { name: /Winner Prize Payout Confirmation/ });
    await dialog.getByLabel('Note for the player').fill('Congratulations on your win!');
    await dialog.getByRole('button', { name: 'Pay prize' }).click();
    await s.page.getByText(TOURNAMENT_MESSAGES.PAID).waitFor();
    await s.page.getByText('Paid', { exact: true }).waitFor();
    expect(s.page.url()).toBe(url);
    await s.page.getByRole('link', { name: 'Tournament prize' }).waitFor();
  });

  it('creates a tournament, then deletes it after the confirmation and lands on the list with "Tournament Deleted!"', async () => {
    await s.page.goto('/tournament/list');
    await s.page.getByRole('link', { name: 'New Tournament' }).click();
    const form = s.page.getByRole('form', { name: 'New Tournament' });
    await form.getByLabel('Title').fill('E2E Slots Sprint');
    await form.getByRole('button', { name: 'Create Tournament' }).click();
    await form.getByText(TOURNAMENT_MESSAGES.ELIGIBLE_REQUIRED).waitFor();
    await form.getByLabel('Eligible providers').click();
    await s.page.getByRole('option', { name: 'Pragmatic Play' }).click();
    await s.page.keyboard.press('Escape');
    await form.getByLabel('Prize for rank 1 (USD)').fill('250');
    await form.getByRole('button', { name: 'Create Tournament' }).click();
    await s.page.getByText(TOURNAMENT_MESSAGES.CREATED).waitFor();
    await s.page.waitForURL(/\/tournament\/[0-9a-f-]{36}/);
    await s.page.getByRole('heading', { name: 'E2E Slots Sprint' }).waitFor();

    await s.page.getByRole('button', { name: 'Delete Tournament' }).click();
    const confirm = s.page.getByRole('dialog', { name: 'Delete Tournament' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await s.page.getByText(TOURNAMENT_MESSAGES.DELETED).waitFor();
    await s.page.waitForURL((u) => u.pathname === '/tournament/list');
    await s.page.getByRole('table', { name: 'Tournaments' }).locator('tbody tr').first().waitFor();
    expect(await s.page.getByText('E2E Slots Sprint').count()).toBe(0);
  });
});
