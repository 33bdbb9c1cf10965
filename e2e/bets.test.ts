import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BET_MESSAGES, BET_STATUS_LABELS } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

describe('bets', () => {
  it('an admin filters open casino bets, steps through the Bet Details drawer and settles a bet; the list shows it won', async () => {
    await login(s.page, 'admin@demo.local', '/bets?betType=CASINO&status=OPEN');
    const table = s.page.getByRole('table', { name: 'Bets' });
    const first = table.locator('tbody tr').first();
    await first.getByText(BET_STATUS_LABELS.OPEN, { exact: true }).waitFor();
    const betId = (await first.locator('td').nth(1).textContent())!;
    // Every column, Status the last, is within the window (1400 px): the bet's type is under its game.
    const status = await table.getByRole('columnheader', { name: 'Status' }).boundingBox();
    expect(status!.x + status!.width).toBeLessThanOrEqual(1400);
    await first.getByText('Casino', { exact: true }).waitFor();
    const secondId = (await table.locator('tbody tr').nth(1).locator('td').nth(1).textContent())!;
    await first.click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByText('Bet Details').waitFor();
    await drawer.getByText(betId, { exact: true }).waitFor();
    expect(await drawer.getByRole('link', { name: 'Open bet page' }).getAttribute('href')).toMatch(/^\/bets\/[0-9a-f-]{36}/);
    await drawer.getByRole('button', { name: 'Next' }).click();
    await drawer.getByText(secondId, { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Previous' }).click();
    await drawer.getByText(betId, { exact: true }).waitFor();

    await drawer.getByRole('button', { name: 'Settle' }).click();
    const dialog = s.page.getByRole('dialog', { name: `Settle Open Bet — ${betId}` });
    await dialog.getByLabel(/Win amount/).fill('-1');
    await dialog.getByText(BET_MESSAGES.WIN_AMOUNT_INVALID).waitFor();
    await dialog.getByLabel(/Win amount/).fill('12.5');
    await dialog.getByRole('button', { name: 'Settle' }).click();
    await s.page.getByText(BET_MESSAGES.SETTLED).waitFor();
    // The list refreshes (after 2 s): the bet is no longer among the open ones, and shows Won by its Bet ID.
    await s.page.goto(`/bets?betId=${encodeURIComponent(betId)}`);
    await table.locator('tbody tr').filter({ hasText: betId }).getByText(BET_STATUS_LABELS.WON, { exact: true }).waitFor();
  });

  it('an admin cancels an open sport bet from the Bet Details drawer with a note; the list shows it canceled', async () => {
    // Still logged in as the admin (same browser session as the test above).
    await s.page.goto('/bets?betType=SPORT&status=OPEN');
    const table = s.page.getByRole('table', { name: 'Bets' });
    const first = table.locator('tbody tr').first();
    await first.getByText(BET_STATUS_LABELS.OPEN, { exact: true }).waitFor();
    const betId = (await first.locator('td').nth(1).textContent())!;
    await first.click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByText(betId, { exact: true }).waitFor();
    // A sport bet's selections, one line each with its pick and odds under the event.
    const selections = drawer.getByRole('list', { name: 'Selections' });
    await selections.getByRole('listitem').first().waitFor();
    expect(await selections.getByRole('listitem').first().textContent()).toMatch(/ · 1X2 (1|X|2) @ \d+\.\d{2}$/);
    await drawer.getByRole('button', { name: 'Settle' }).waitFor();
    await drawer.getByRole('button', { name: 'Cancel bet' }).click();
    const dialog = s.page.getByRole('dialog', { name: `Cancel Open Bet — ${betId}` });
    await dialog.getByText(/goes back to the player/).waitFor();
    // Blank is no note: the form says so and does not send.
    await dialog.getByLabel(/Note/).fill('   ');
    await dialog.getByText(BET_MESSAGES.CANCEL_NOTE_REQUIRED).waitFor();
    await dialog.getByLabel(/Note/).fill('Event abandoned');
    await dialog.getByRole('button', { name: 'Cancel bet' }).click();
    await s.page.getByText(BET_MESSAGES.CANCELED).waitFor();
    await s.page.goto(`/bets?betId=${encodeURIComponent(betId)}`);
    const row = table.locator('tbody tr').filter({ hasText: betId });
    await row.getByText(BET_STATUS_LABELS.CANCELED, { exact: true }).waitFor();
    // The note is kept on the bet: the Bet Details drawer and the bet page show it.
    await row.click();
    const note = drawer.locator('dt', { hasText: 'Cancel note' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => note.textContent()).toBe('Event abandoned');
    await drawer.getByRole('link', { name: 'Open bet page' }).click();
    await s.page.getByRole('heading', { name: `Bet Details — ${betId}` }).waitFor();
    const pageNote = s.page.locator('dt', { hasText: 'Cancel note' }).locator('xpath=following-sibling::dd[1]');
    expect(await pageNote.textContent()).toBe('Event abandoned');
  });
});

describe('bets filters autocomplete', () => {
  let o: Session;
  beforeAll(async () => { o = await openBrowser(); });
  afterAll(async () => { await o?.close(); });

  it('suggests Bet IDs and game titles once 2 characters are typed, from the operator\'s own bets; a pick filters the list', async () => {
    await login(o.page, 'operator.admin@demo.local');
    const asked: string[] = [];
    o.page.on('request', (r) => { if (r.url().endsWith('/api/bets/suggest')) asked.push(r.postData() ?? ''); });
    await o.page.goto('/bets?betType=CASINO');
    const table = o.page.getByRole('table', { name: 'Bets' });
    const first = table.locator('tbody tr').first();
    await first.locator('td').nth(1).waitFor();
    const betId = (await first.locator('td').nth(1).textContent())!;

    await o.page.getByRole('button', { name: 'Filters' }).click();
    const filters = o.page.getByRole('form', { name: 'Filters' });
    const betIdField = filters.getByRole('combobox', { name: 'Bet ID' });
    // One character: nothing is asked and nothing is suggested.
    await betIdField.fill(betId.slice(0, 1));
    // Then the Bet ID but its last character, typed in lower case: the bet is suggested.
    const partial = betId.slice(0, -1).toLowerCase();
    const answered = o.page.waitForResponse((r) => r.url().endsWith('/api/bets/suggest') && JSON.parse(r.request().postData() ?? '{}').q === partial);
    await betIdField.fill(partial);
    const res = await answered;
    const body = await res.json() as { data: string[] };
    expect(body.data).toContain(betId);
    await o.page.getByRole('listbox').getByRole('option', { name: betId, exact: true }).click();
    expect(await betIdField.inputValue()).toBe(betId);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((b) => (JSON.parse(b) as { q: string }).q.trim().length >= 2)).toBe(true);

    // Game title: "st" suggests Starburst.
    const game = filters.getByRole('combobox', { name: 'Game title' });
    await game.fill('st');
    await o.page.getByRole('listbox').getByRole('option', { name: 'Starburst', exact: true }).waitFor();
    await game.fill('');
    await o.page.getByRole('listbox').waitFor({ state: 'detached' });

    // The picked bet is also the unfiltered list's first row: wait for the filtered list's answer, then count.
    const filtered = o.page.waitForResponse((r) => r.url().endsWith('/api/bets/list') && (JSON.parse(r.request().postData() ?? '{}') as { betId?: string }).betId === betId);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await o.page.waitForURL((u) => u.searchParams.get('betId') === betId);
    await filtered;
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    await table.locator('tbody tr').filter({ hasText: betId }).waitFor();
  });
});
