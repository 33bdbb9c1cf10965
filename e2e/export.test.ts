import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

describe('list export and simple view', () => {
  it('a super admin exports the players list as CSV and switches to the simple view', async () => {
    await login(s.page, 'superadmin@demo.local');
    await s.page.goto('/players?isTest=false');
    await s.page.locator('tbody tr').first().waitFor();
    const [dl] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: 'Export as CSV' }).click()]);
    const text = fs.readFileSync((await dl.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Player code,Username,Operator/Brand,Wallet (USD),Status,Joined at,Last Activity');
    expect(lines.length).toBeGreaterThan(100); // more than one page: the export walks the pages
    expect(lines.length).toBeLessThanOrEqual(1001);
    expect(lines.slice(1).every((l) => !l.includes('Test '))).toBe(true);

    const headers = s.page.getByRole('table').locator('thead th');
    expect(await headers.count()).toBe(7);
    await s.page.getByLabel('Simple view').check();
    await expect.poll(() => headers.count()).toBe(4);
  });

  it('an operator admin has neither export nor simple view', async () => {
    await s.context.clearCookies();
    await login(s.page, 'operator.admin@demo.local');
    await s.page.goto('/players');
    await s.page.locator('tbody tr').first().waitFor();
    expect(await s.page.getByRole('button', { name: 'Export as CSV' }).count()).toBe(0);
    expect(await s.page.getByLabel('Simple view').count()).toBe(0);
  });
});
