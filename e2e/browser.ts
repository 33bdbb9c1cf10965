import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { ENDPOINTS } from '@pitboss/contract';
import './global-setup.js';

export const PASSWORD = 'demo-Pitboss-1';

export interface Session {
  context: BrowserContext; page: Page; baseURL: string;
  /** Another browser context on the same server (a second staff member), closed with the session. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * The server of this test worker: vitest numbers its workers from 1 (VITEST_POOL_ID) and runs at
 * most E2E_WORKERS at once, each against its own server (global-setup.ts).
 */
export function serverURL(): string {
  const urls = inject('baseURLs');
  const id = Number(process.env.VITEST_POOL_ID ?? 1) || 1;
  return urls[(id - 1) % urls.length]!;
}

/**
 * A session of its own: a browser context (cookies, storage and cache apart) on the run's shared
 * Chromium (global-setup.ts), reached through one connection per test worker; `close` ends the
 * session's contexts.
 */
export async function openBrowser(): Promise<Session> {
  const baseURL = serverURL();
  const browser = await (connection ??= chromium.connect(inject('browserWSEndpoint')));
  // Reduced motion, as a staff member may ask their system for: the console then skips its animations (theme.ts).
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const others: BrowserContext[] = [];
  return {
    context, page, baseURL,
    async newContext(options) {
      const other = await browser.newContext({ baseURL, ...options });
      others.push(other);
      return other;
    },
    async close() { await Promise.all([context, ...others].map((c) => c.close())); },
  };
}
let connection: Promise<Browser> | undefined;

/**
 * Signs in as `email` the way the console's form does, without the form: the session cookie of
 * `POST /api/auth/login` lands in the page's browser context, then the console opens at `at`
 * (by default `/`, from which it goes on to the role's landing page, as after the form) and the
 * shell is waited for. The form itself (its rules, failures, two-factor step and `next`) has
 * tests of its own (`loginWithForm`); skipping it here saves a page load of every other test's
 * sign-in, and opening the test's page at once saves another. `at: null` signs in only, for a
 * file whose tests each open their own page.
 */
export async function login(page: Page, email: string, at: string | null = '/'): Promise<void> {
  const res = await page.context().request.post(ENDPOINTS['auth.login'].path, { data: { email, password: PASSWORD } });
  const body = await res.json() as { success?: boolean; data?: { challenge?: unknown } | null };
  if (!res.ok() || !body.success || body.data?.challenge) throw new Error(`sign-in of ${email}: ${res.status()} ${JSON.stringify(body).slice(0, 200)}`);
  if (at === null) return;
  await page.goto(at);
  // The shell is there. A page opened with its drawer (`?drawer=`) shows it as a modal, which hides
  // the rest of the page from assistive technology: the navigation is then attached but hidden.
  await page.getByRole('navigation', { name: 'Main navigation', includeHidden: true }).waitFor({ state: 'attached' });
}

/**
 * Signs out without the console: the page leaves for `about:blank` first (its polls and timers
 * stop, so none of them, seeing the session gone, sends the page to the login page in the middle
 * of the test's next navigation), then the session cookie is dropped.
 */
export async function signOut(s: Session): Promise<void> {
  await s.page.goto('about:blank');
  await s.context.clearCookies();
}

/** Signs in through the login form, as a staff member does. */
export async function loginWithForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
}

/**
 * Picks an option of a MUI select: opens it, clicks the option, and waits until the menu has
 * gone and the field shows the choice, so the next step never acts on a page the closing menu
 * still hides from assistive technology.
 */
export async function choose(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  const listbox = page.getByRole('listbox');
  // A click that lands while the menu is still settling after its opening transition can be lost
  // on a loaded machine: the menu then stays open, so the pick is repeated.
  for (let attempt = 1; ; attempt++) {
    await listbox.getByRole('option', { name: option, exact: true }).click();
    try {
      await listbox.waitFor({ state: 'detached', timeout: 5_000 });
      break;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
  await expect.poll(() => field.textContent()).toContain(option);
}
