/**
 * Staff two-factor sign-in in the browser: a staff member sets it up on /user/profile (the test
 * reads the key the dialog shows and computes the codes, as an authenticator app would), signs
 * out, and the next sign-in asks for a code; an admin resets it from the admin list; the
 * operator's rule keeps a staff member without it on their profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP } from 'otpauth';
import { TWO_FACTOR_MESSAGES } from '@pitboss/contract/two-factor';
import { PASSWORD, login, openBrowser, type Session, signOut } from './browser.js';

const EMAIL = 'ops.admin@demo.local';
/** The code an authenticator app shows `steps` periods from now (a code is accepted once, and the next period's now). */
const codeFor = (secret: string, steps = 0) => new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });

let s: Session;
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

async function signInWithPassword(email: string) {
  await s.page.goto('/login');
  await s.page.getByLabel('Email').fill(email);
  await s.page.getByLabel('Password').fill(PASSWORD);
  await s.page.getByRole('button', { name: 'Log in' }).click();
}

describe('two-factor sign-in', () => {
  let secret = '';

  it('a staff member sets it up on the profile with the key shown, and keeps ten recovery codes', async () => {
    await login(s.page, EMAIL, '/user/profile');
    const section = s.page.getByRole('region', { name: 'Two-factor authentication' });
    await section.getByTestId('two-factor-state').getByText('Off').waitFor();
    await section.getByRole('button', { name: 'Set Up Two-Factor' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    await dialog.getByRole('img', { name: 'QR code of the two-factor secret' }).waitFor();
    secret = (await dialog.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await dialog.getByLabel('Authentication code').fill(codeFor(secret));
    await dialog.getByRole('button', { name: 'Turn On' }).click();
    const codes = s.page.getByRole('dialog', { name: 'Recovery codes' });
    await codes.getByTestId('recovery-code').first().waitFor();
    expect(await codes.getByTestId('recovery-code').count()).toBe(10);
    await codes.getByRole('button', { name: 'Done' }).click();
    await section.getByTestId('two-factor-state').getByText('On').waitFor();
    await s.page.getByRole('table', { name: 'Active sessions' }).getByText('This session').waitFor();
  });

  it('after signing out, the password asks for the code; a wrong code is refused, the right one signs in', async () => {
    await s.page.getByRole('button', { name: 'Log out' }).click();
    await s.page.getByRole('button', { name: 'Confirm log out' }).click();
    await s.page.waitForURL('**/login');
    await signInWithPassword(EMAIL);
    const form = s.page.getByRole('form', { name: 'Authentication code' });
    await form.getByLabel('Authentication code').waitFor();
    await form.getByLabel('Authentication code').fill('000000');
    await form.getByRole('button', { name: 'Verify' }).click();
    await form.getByRole('alert').getByText(TWO_FACTOR_MESSAGES.CODE_INVALID).waitFor();
    await form.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await form.getByRole('button', { name: 'Verify' }).click();
    await s.page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await s.page.getByTestId('user-nickname').innerText()).toBe('ops admin');
  });

  it('an admin resets it from the admin list; the next sign-in needs the password only', async () => {
    const admin = await s.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await admin.newPage();
    try {
      await login(page, 'superadmin@demo.local', '/settings/admins?search=ops.admin');
      const row = page.getByRole('table', { name: 'Admin users' }).locator('tbody tr').filter({ hasText: EMAIL });
      await row.getByText('On', { exact: true }).waitFor();
      await row.click();
      const drawer = page.getByTestId('detail-drawer');
      await drawer.getByRole('button', { name: 'Reset Two-Factor' }).click();
      await page.getByRole('dialog', { name: 'Reset two-factor authentication' }).getByRole('button', { name: 'Reset' }).click();
      await page.getByText(TWO_FACTOR_MESSAGES.RESET).waitFor();
      await drawer.getByRole('button', { name: 'Reset Two-Factor' }).waitFor({ state: 'detached' });
    } finally {
      await admin.close();
    }
    await signOut(s);
    await login(s.page, EMAIL);
  });

  it("the operator's rule keeps a staff member without it on the profile, with the reason, until they set it up", async () => {
    const admin = await s.newContext();
    try {
      const page = await admin.newPage();
      await login(page, 'superadmin@demo.local');
      expect((await admin.request.post('/api/operators/two-factor', { data: { opId: 'op-bravo', requireTwoFactor: true } })).status()).toBe(200);
      await signOut(s);
      await login(s.page, 'bravo.admin@demo.local');
      await s.page.waitForURL('**/user/profile**');
      await s.page.getByTestId('two-factor-required').getByText(TWO_FACTOR_MESSAGES.SETUP_REQUIRED).waitFor();
      const nav = s.page.getByRole('navigation', { name: 'Main navigation' });
      expect(await nav.getByRole('link').allInnerTexts()).toEqual(['My Profile']);
      await s.page.goto('/players');
      await s.page.waitForURL('**/user/profile**');
      // Set up: the console opens.
      await s.page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
      const dialog = s.page.getByRole('dialog', { name: 'Set up two-factor authentication' });
      const key = (await dialog.getByTestId('totp-secret').getAttribute('data-secret')) ?? '';
      await dialog.getByLabel('Authentication code').fill(codeFor(key));
      await dialog.getByRole('button', { name: 'Turn On' }).click();
      await s.page.getByRole('dialog', { name: 'Recovery codes' }).getByRole('button', { name: 'Done' }).click();
      await s.page.getByTestId('two-factor-required').waitFor({ state: 'detached' });
      await nav.getByRole('link', { name: 'Players' }).waitFor();
    } finally {
      await admin.request.post('/api/operators/two-factor', { data: { opId: 'op-bravo', requireTwoFactor: false } });
      await admin.close();
    }
  });
});
