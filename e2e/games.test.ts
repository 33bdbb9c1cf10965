import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_MESSAGES, MSG } from '@pitboss/contract';
import { login, openBrowser, type Session, signOut } from './browser.js';

let s: Session;

/** The first game of /gamesV2, from its drawer to its page, with the Edit dialog open. */
async function openGameEdit() {
  await s.page.goto('/gamesV2');
  await s.page.getByRole('table', { name: 'Games' }).locator('tbody tr').first().click();
  await s.page.getByTestId('detail-drawer').getByRole('link', { name: 'Open details' }).click();
  await s.page.getByRole('button', { name: 'Edit game' }).click();
  return s.page.getByRole('dialog', { name: /^Edit / });
}
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

describe('games', () => {
  it('a super admin adds a game category and sees "New Game Category added!" and the new row', async () => {
    // A reference list loads 100 rows a page (000 §9), not the lists' usual 50.
    const listed = s.page.waitForRequest((r) => r.url().endsWith('/api/gamesV2/categories/list'));
    await login(s.page, 'superadmin@demo.local', '/gamesV2/categories');
    expect((await listed).postDataJSON()).toMatchObject({ limit: 100 });
    const table = s.page.getByRole('table', { name: 'Game Categories' });
    await table.locator('tbody tr').first().waitFor();
    await s.page.getByRole('button', { name: 'New Game Category' }).click();
    const form = s.page.getByRole('dialog', { name: 'New Game Category' });
    await form.getByLabel('Slug').fill('E2E');
    await form.getByText(GAME_MESSAGES.SLUG_INVALID).waitFor();
    await form.getByLabel('Slug').fill('e-two-e');
    await form.getByLabel('Title (English)', { exact: false }).first().fill('End to End');
    const saved = s.page.waitForResponse((r) => r.url().endsWith('/api/gamesV2/categories') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Add' }).click();
    expect((await saved).status()).toBe(200);
    await s.page.getByText(GAME_MESSAGES.CATEGORY_ADDED).waitFor();
    await table.getByText('e-two-e', { exact: true }).waitFor();
  });

  it('a super admin edits the Turkish description of a category: every language is in the form, so the English one stays', async () => {
    const before = await s.context.request.post('/api/gamesV2/categories', {
      data: { opId: '*', slug: 'e-two-e', title: { en: 'End to End' }, description: { en: 'Both ways', tr: 'İki yön' } },
    });
    expect(before.ok(), await before.text()).toBe(true);
    await s.page.goto('/gamesV2/categories?search=e-two-e');
    await s.page.getByRole('table', { name: 'Game Categories' }).locator('tbody tr').filter({ hasText: 'e-two-e' }).click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByText('İki yön', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Edit' }).click();
    const form = s.page.getByRole('dialog', { name: 'Edit Game Category' });
    expect(await form.getByLabel('Description (English)').inputValue()).toBe('Both ways');
    const tr = form.getByLabel('Description (Türkçe)');
    expect(await tr.inputValue()).toBe('İki yön');
    await tr.fill('İki yönlü');
    const saved = s.page.waitForResponse((r) => r.url().endsWith('/api/gamesV2/categories') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Save' }).click();
    const res = await saved;
    expect(res.request().postDataJSON()).toMatchObject({ description: { en: 'Both ways', tr: 'İki yönlü' } });
    expect((await res.json()).data.description).toEqual({ en: 'Both ways', tr: 'İki yönlü' });
    await s.page.getByText(GAME_MESSAGES.CATEGORY_UPDATED).waitFor();
    await drawer.getByText('İki yönlü', { exact: true }).waitFor();
    await drawer.getByText('Both ways', { exact: true }).waitFor();
  });

  it('the Game Details drawer shows Details, Restricted Countries, JSON and Enable Operators to a super admin', async () => {
    await s.page.goto('/gamesV2');
    const table = s.page.getByRole('table', { name: 'Games' });
    const loaded = s.page.waitForResponse((r) => r.url().includes('/api/gamesV2/details/'));
    await table.locator('tbody tr').first().click();
    await loaded;
    const drawer = s.page.getByTestId('detail-drawer');
    for (const tab of ['Details', 'Restricted Countries', 'JSON', 'Enable Operators']) await drawer.getByRole('tab', { name: tab }).waitFor();
    // The games pages hide the operator selector (000 §2.1).
    expect(await s.page.getByRole('combobox', { name: 'Operator' }).count()).toBe(0);
  });

  it('a super admin edits a game: categories and restricted countries are picked and shown by their names', async () => {
    const dialog = await openGameEdit();
    const pick = async (field: string, typed: string, option: string) => {
      const input = dialog.getByRole('combobox', { name: field, exact: true });
      await input.click();
      // Start from an empty list: Backspace in the empty input removes the last chip.
      for (let i = 0; i < 6; i++) await input.press('Backspace');
      await input.fill(typed);
      await s.page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
      await dialog.getByRole('button', { name: option }).waitFor();
    };
    await pick('Categories', 'Crash', 'Crash Games (crash)');
    await pick('Restricted countries', 'Malta', 'Malta (MT)');
    const saved = s.page.waitForResponse((r) => r.url().endsWith('/api/gamesV2') && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).request().postDataJSON()).toMatchObject({ categories: ['crash'], restrictedCountries: ['MT'] });
    await s.page.getByText(GAME_MESSAGES.GAME_UPDATED).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The page shows them by name too.
    await s.page.getByText('Crash Games (crash)', { exact: true }).first().waitFor();
    await s.page.getByText('Malta', { exact: true }).first().waitFor();
  });

  it('a super admin adds an original provider with its aliases typed as chips (Enter, or leaving the field)', async () => {
    await s.page.goto('/gamesV2/original-providers/list');
    await s.page.getByRole('button', { name: 'New Original Provider' }).click();
    const form = s.page.getByRole('dialog', { name: 'New Original Provider' });
    await form.getByLabel('Slug').fill('e-two-e-provider');
    await form.getByLabel('Display name (English)', { exact: false }).first().fill('E2E Provider');
    const aliases = form.getByRole('combobox', { name: 'Aliases' });
    await aliases.fill('E2EP');
    await aliases.press('Enter');
    await form.getByRole('button', { name: 'E2EP', exact: true }).waitFor();
    await aliases.fill('  e2e one ');
    await aliases.press('Tab');
    await form.getByRole('button', { name: 'e2e one', exact: true }).waitFor();
    const saved = s.page.waitForResponse((r) => r.url().endsWith('/api/gamesV2/original-providers') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toMatchObject({ slug: 'e-two-e-provider', aliases: ['E2EP', 'e2e one'] });
    await s.page.getByText(GAME_MESSAGES.PROVIDER_CREATED).waitFor();
  });

  it('the Provider filter looks original providers up by name from 2 characters (000 §5, §9): one character asks nothing', async () => {
    const asked: string[] = [];
    const onRequest = (r: import('playwright-core').Request) => { if (r.url().endsWith('/api/gamesV2/original-providers/search')) asked.push((r.postDataJSON() as { q: string }).q); };
    s.page.on('request', onRequest);
    try {
      await s.page.goto('/gamesV2');
      const table = s.page.getByRole('table', { name: 'Games' });
      await table.locator('tbody tr').first().waitFor();
      await s.page.getByRole('button', { name: 'Filters' }).click();
      const filters = s.page.getByRole('form', { name: 'Filters' });
      const provider = filters.getByRole('combobox', { name: 'Provider' });
      await provider.fill('H');
      await s.page.getByText(MSG.SEARCH_TOO_SHORT).waitFor();
      await s.page.waitForTimeout(600);
      expect(await s.page.getByRole('option').count()).toBe(0);
      expect(asked).toEqual([]);
      const answered = s.page.waitForResponse((r) => r.url().endsWith('/api/gamesV2/original-providers/search') && (r.request().postDataJSON() as { q: string }).q === 'Ha');
      await provider.fill('Ha');
      expect((await (await answered).json()).data).toContainEqual({ value: 'hacksaw-gaming', label: 'Hacksaw Gaming' });
      await s.page.getByRole('listbox').getByRole('option', { name: 'Hacksaw Gaming', exact: true }).click();
      expect(await provider.inputValue()).toBe('Hacksaw Gaming');
      expect(asked.every((q) => q.trim().length >= 2)).toBe(true);
      const listed = s.page.waitForResponse((r) => r.url().endsWith('/api/gamesV2/list') && (r.request().postDataJSON() as { provider?: string }).provider === 'hacksaw-gaming');
      await filters.getByRole('button', { name: 'Apply filters' }).click();
      await s.page.waitForURL((u) => u.searchParams.get('provider') === 'hacksaw-gaming');
      const items = (await (await listed).json()).data.items as { providerName: string }[];
      expect(items.length).toBeGreaterThan(0);
      expect(new Set(items.map((g) => g.providerName))).toEqual(new Set(['Hacksaw Gaming']));
      // Opened again, the filter names the provider.
      await s.page.getByRole('button', { name: 'Filters' }).click();
      expect(await s.page.getByRole('form', { name: 'Filters' }).getByRole('combobox', { name: 'Provider' }).inputValue()).toBe('Hacksaw Gaming');
      await s.page.keyboard.press('Escape');
    } finally {
      s.page.off('request', onRequest);
    }
  });

  it('the game edit form looks jurisdictions up by name from 2 characters: one character suggests nothing', async () => {
    const dialog = await openGameEdit();
    const input = dialog.getByRole('combobox', { name: 'Jurisdictions', exact: true });
    await input.click();
    for (let i = 0; i < 8; i++) await input.press('Backspace');
    await input.fill('u');
    await s.page.getByText(MSG.SEARCH_TOO_SHORT).waitFor();
    await s.page.waitForTimeout(600);
    expect(await s.page.getByRole('option').count()).toBe(0);
    const answered = s.page.waitForResponse((r) => r.url().endsWith('/api/gamesV2/jurisdictions/search') && (r.request().postDataJSON() as { q: string }).q === 'uk');
    await input.fill('uk');
    expect((await answered).status()).toBe(200);
    await s.page.getByRole('listbox').getByRole('option', { name: 'UK Gambling Commission (ukgc)', exact: true }).click();
    await dialog.getByRole('button', { name: 'UK Gambling Commission (ukgc)' }).waitFor();
    const saved = s.page.waitForResponse((r) => r.url().endsWith('/api/gamesV2') && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).request().postDataJSON()).toMatchObject({ jurisdictions: ['ukgc'] });
    await s.page.getByText(GAME_MESSAGES.GAME_UPDATED).waitFor();
    await s.page.getByText('UK Gambling Commission (ukgc)', { exact: true }).first().waitFor();
  });

  it('Game Activity Log details: the JSON tab is a super admin\'s alone (000 §6), an admin sees the details only', async () => {
    const tabsOf = async (page: import('playwright-core').Page) => {
      await page.goto('/gamesV2/activities');
      await page.getByRole('table', { name: 'Game activities' }).locator('tbody tr').first().click();
      const drawer = page.getByTestId('detail-drawer');
      await drawer.getByText('UUID', { exact: true }).waitFor();
      // A drawer of one tab shows no tab bar.
      return drawer.getByRole('tab').allTextContents();
    };
    expect(await tabsOf(s.page)).toEqual(['Details', 'JSON']);
    const other = await openBrowser();
    try {
      await login(other.page, 'admin@demo.local', null);
      expect(await tabsOf(other.page)).toEqual([]);
      expect(await other.page.getByTestId('detail-drawer').getByRole('tab', { name: 'JSON' }).count()).toBe(0);
      // The actor's role by its label, not its code.
      const text = await other.page.getByTestId('detail-drawer').innerText();
      expect(text).toMatch(/\((Super Admin|Admin|Dev Ops)\)/);
      expect(text).not.toMatch(/\((SUPER_ADMIN|ADMIN|DEV_OPS)\)/);
    } finally {
      await other.close();
    }
  });

  it("an operator admin orders one of its operator's games: \"Game updated for operator!\"", async () => {
    await signOut(s);
    await login(s.page, 'operator.admin@demo.local', '/games');
    const table = s.page.getByRole('table', { name: 'Games' });
    await table.locator('tbody tr').first().click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('button', { name: 'Edit order and status' }).click();
    const dialog = s.page.getByRole('dialog', { name: /—/ }).last();
    await dialog.getByLabel('Order').fill('0');
    await dialog.getByText(GAME_MESSAGES.ORDER_INVALID).waitFor();
    await dialog.getByLabel('Order').fill('42');
    const saved = s.page.waitForResponse((r) => r.url().endsWith('/api/games/update'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await s.page.getByText(GAME_MESSAGES.GAME_UPDATED_FOR_OPERATOR).waitFor();
    expect(await s.page.getByRole('combobox', { name: 'Brand' }).count()).toBe(0);
  });
});
