import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_MESSAGES } from '@pitboss/contract';
import { choose, login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); await login(s.page, 'operator.admin@demo.local', null); });
afterAll(async () => { await s?.close(); });

describe('cms', () => {
  it("an operator admin renames a slide of the operator's sliders and saves a new version", async () => {
    await s.page.goto('/cms/v2/sliders');
    const first = s.page.locator('[aria-label="Item 1"]');
    const title = first.getByLabel('Title');
    await title.waitFor();
    await title.fill('Welcome bonus 150%');
    const saved = s.page.waitForResponse((r) => r.url().includes('/api/cms/v2/section') && r.request().method() === 'PUT');
    await s.page.getByRole('button', { name: 'Save' }).click();
    if ((await saved).status() !== 200) throw new Error('section save failed');
    await s.page.getByText(CMS_MESSAGES.SECTION_SAVED).waitFor();
    await s.page.getByText(/Version 2, last saved/).waitFor();
  });

  it('adds a footer menu item with the dialog and saves the footer', async () => {
    await s.page.goto('/cms/v2/footer');
    await s.page.getByRole('button', { name: 'Add item' }).first().click();
    const dialog = s.page.getByRole('dialog', { name: 'Add Footer Menu Item' });
    await dialog.getByLabel('Title').fill('Careers');
    await dialog.getByLabel('Url').fill('/careers');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await s.page.getByText('Careers', { exact: true }).waitFor();
    const saved = s.page.waitForResponse((r) => r.url().includes('/api/cms/v2/footer') && r.request().method() === 'PUT');
    await s.page.getByRole('button', { name: 'Save' }).click();
    if ((await saved).status() !== 200) throw new Error('footer save failed');
    await s.page.getByText(CMS_MESSAGES.FOOTER_UPDATED).waitFor();
  });

  it("links a footer item to a published page picked by its title: the url and the empty title are filled", async () => {
    await s.page.goto('/cms/v2/footer');
    await s.page.getByRole('button', { name: 'Add item' }).first().click();
    const dialog = s.page.getByRole('dialog', { name: 'Add Footer Menu Item' });
    await dialog.getByLabel('Link to a page').click();
    // Published pages only: the draft VIP program is not offered.
    await s.page.getByRole('option', { name: /Responsible gaming/ }).waitFor();
    expect(await s.page.getByRole('option', { name: /VIP program/ }).count()).toBe(0);
    await s.page.getByRole('option', { name: /Responsible gaming/ }).click();
    expect(await dialog.getByLabel('Url').inputValue()).toBe('/responsible-gaming');
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Responsible gaming');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('cms media', () => {
  it('the image viewer copies the image link; its confirmation stays 2 seconds (an image link), not 1', async () => {
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await s.page.goto('/cms/v2/file-manager');
    await s.page.getByTestId('gallery-grid').getByRole('img').first().click();
    const viewer = s.page.getByRole('dialog', { name: 'Image viewer' });
    const copy = viewer.getByRole('button', { name: /^Copy image link / });
    const link = (await copy.getAttribute('aria-label'))!.replace(/^Copy image link /, '');
    expect(link).toMatch(/^http:\/\/[^/]+\/api\/cms\/v2\/assets\/.+/);
    await copy.click();
    const at = Date.now();
    expect(await s.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The pointer stays on the button: its tooltip says "Copied" while the confirmation shows.
    const copied = s.page.getByRole('tooltip', { name: 'Copied' });
    await copied.waitFor();
    // Past the 1-second confirmation of other copies, the image link's is still shown…
    await s.page.waitForTimeout(Math.max(0, 1_400 - (Date.now() - at)));
    expect(await copied.count()).toBe(1);
    // …and gone after its 2 seconds.
    await s.page.getByRole('tooltip', { name: 'Copy image link' }).waitFor({ timeout: 3_000 });
    expect(Date.now() - at).toBeGreaterThanOrEqual(1_900);
  });
});

describe('cms as a super admin', () => {
  it('the operator is chosen once, in the shell: the CMS page has no second selector and follows the shell', async () => {
    const sa = await openBrowser();
    try {
      await login(sa.page, 'superadmin@demo.local', '/cms/footer');
      await sa.page.getByText('Choose the operator whose site content you want to edit in the Operator selector at the top of the page.').waitFor();
      expect(await sa.page.getByRole('combobox', { name: 'Operator' }).count()).toBe(1);
      await choose(sa.page, sa.page.getByRole('combobox', { name: 'Operator' }), 'Alpha Gaming');
      await sa.page.getByRole('heading', { name: 'Footer · Alpha Gaming' }).waitFor();
      expect(await sa.page.getByRole('combobox', { name: 'Operator' }).count()).toBe(1);
      await sa.page.getByRole('combobox', { name: 'Language' }).waitFor();
      // Back to every operator: the hint offers the operators with a site, one click each.
      await sa.page.goto('/cms/footer');
      await sa.page.getByRole('button', { name: 'Bravo Spin (Bravo Entertainment)' }).click();
      await sa.page.getByRole('heading', { name: 'Footer · Bravo Spin' }).waitFor();
      expect(await sa.page.getByRole('button', { name: 'Alpha Partners (Alpha Gaming)' }).count()).toBe(0);
    } finally {
      await sa.close();
    }
  });
});
