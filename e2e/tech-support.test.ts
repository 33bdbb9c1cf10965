import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_REPORT_MESSAGES, SYSTEM_STATE_LABELS } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

describe('tech support', () => {
  it('dev ops lands on the outside systems; each shows its client (simulators here)', async () => {
    await login(s.page, 'devops@demo.local');
    await s.page.waitForURL((u) => u.pathname === '/tech-support');
    const systems = s.page.getByRole('table', { name: 'Outside systems' });
    await systems.waitFor();
    await s.page.getByTestId('system-sportsbook').getByText(SYSTEM_STATE_LABELS.SIMULATED, { exact: true }).first().waitFor();
    for (const k of ['cloudflare', 'front-door']) {
      await s.page.getByTestId(`system-${k}`).getByText(SYSTEM_STATE_LABELS.SIMULATED, { exact: true }).first().waitFor();
      expect(await s.page.getByTestId(`system-${k}`).getByText(SYSTEM_STATE_LABELS.NOT_CONFIGURED).count()).toBe(0);
    }
    await s.page.getByTestId('system-azure-monitor').getByText(SYSTEM_STATE_LABELS.SIMULATED, { exact: true }).first().waitFor();
  });

  it('the App Service charts render CPU, average response time and memory working set of the simulated app', async () => {
    await s.page.goto('/tech-support/servers');
    await s.page.getByRole('heading', { name: 'CPU time' }).waitFor();
    await s.page.getByRole('heading', { name: 'Average response time' }).waitFor();
    await s.page.getByRole('heading', { name: 'Average memory working set' }).waitFor();
    expect(await s.page.getByTestId('app-service-chart').locator('svg polyline').count()).toBe(3);
    expect(await s.page.getByLabel('Resource group').textContent()).toContain('pitboss');
    expect(await s.page.getByLabel('App', { exact: true }).textContent()).toContain('pitboss-api');
    await s.page.getByText("Simulator: this server's own process").waitFor();
  });

  it('the support report runs in the background with its progress, then offers its CSV', async () => {
    await s.page.goto('/tech-support/export-report');
    await s.page.getByLabel('Last hours').fill('0');
    await s.page.getByRole('button', { name: 'Export', exact: true }).click();
    await s.page.getByText(SUPPORT_REPORT_MESSAGES.HOURS).waitFor();
    await s.page.getByLabel('Last hours').fill('48');
    await s.page.getByRole('button', { name: 'Export', exact: true }).click();
    await s.page.getByRole('progressbar', { name: 'Export progress' }).waitFor();
    const link = s.page.getByRole('link', { name: 'Download CSV' });
    await link.waitFor({ timeout: 60_000 });
    expect(await link.getAttribute('href')).toMatch(/^\/api\/dev\/support-report\/[0-9a-f-]+\/file$/);
    expect(await s.page.getByTestId('export-status').textContent()).toMatch(/^Ready: \d+ calls?\.$/);
  });
});
