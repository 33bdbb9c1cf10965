import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, openBrowser, type Session, signOut } from './browser.js';

let s: Session;
/** Messages of the browser console that report a blocked resource or script (CSP) or a crash. */
const problems: string[] = [];
beforeAll(async () => {
  s = await openBrowser();
  s.page.on('console', (m) => { if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text()); });
  s.page.on('pageerror', (e) => problems.push(e.message));
});
afterAll(async () => { await s?.close(); });

describe('the built console as shipped', () => {
  it('a cold /login loads the entry only (no MUI, no zod, no console shell), within the 180 kB budget', async () => {
    const scripts: { url: string; bytes: number }[] = [];
    s.page.on('response', async (r) => {
      if (r.request().resourceType() !== 'script') return;
      const sizes = await r.request().sizes().catch(() => null);
      scripts.push({ url: r.url(), bytes: sizes?.responseBodySize ?? 0 });
    });
    await signOut(s);
    await s.page.goto('/login');
    await s.page.getByLabel('Email').waitFor();
    await s.page.waitForLoadState('networkidle');
    s.page.removeAllListeners('response');
    const names = scripts.map((x) => new URL(x.url).pathname);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => /mui-core|zod|ConsoleRoot|TextField/.test(n))).toEqual([]);
    const total = scripts.reduce((sum, x) => sum + x.bytes, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(180 * 1024);
  });

  it('the login form checks its fields, then signs in, with no CSP violation on the way', async () => {
    await signOut(s);
    await s.page.goto('/login');
    await s.page.getByRole('button', { name: 'Log in' }).click();
    await s.page.getByText('Email is required.').waitFor();
    await s.page.getByText('Password is required.').waitFor();
    await s.page.getByLabel('Email').fill('not-an-email');
    await s.page.getByText('Invalid email address.').waitFor();
    await s.page.getByLabel('Email').fill('superadmin@demo.local');
    await s.page.getByLabel('Password').fill(PASSWORD);
    await expect.poll(() => s.page.getByText('Email is required.').count()).toBe(0);
    await s.page.getByRole('button', { name: 'Log in' }).click();
    await s.page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await s.page.goto('/players');
    await s.page.getByRole('table').waitFor();
    expect(problems).toEqual([]);
  });

  it('serves hashed assets precompressed and immutable, index.html revalidated, with the security headers', async () => {
    const page = await fetch(`${s.baseURL}/login`, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await page.text();
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    for (const [encoding, expected] of [['br', 'br'], ['gzip', 'gzip'], ['identity', null]] as const) {
      const res = await fetch(`${s.baseURL}${entry}`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding'), encoding).toBe(expected);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect((await res.text()).length).toBeGreaterThan(1000);
    }
  });

  it('the OpenAPI page renders under the Content-Security-Policy', async () => {
    await s.page.goto('/api/docs');
    await s.page.getByText('Pitboss API').first().waitFor();
    expect(problems).toEqual([]);
  });
});
