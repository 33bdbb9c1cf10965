import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); await login(s.page, 'operator.admin@demo.local', null); });
afterAll(async () => { await s?.close(); });

const tableCall = (preset?: string) => s.page.waitForResponse((r) => r.url().endsWith('/api/reports/table') && r.request().method() === 'POST'
  && (!preset || (r.request().postDataJSON() as { preset?: string }).preset === preset));

describe('reports', () => {
  it('a report shows its rows, totals and chart, follows the period chips and says when it is empty', async () => {
    const first = tableCall('LAST_7_DAYS');
    await s.page.goto('/reports/game-providers');
    expect((await first).status()).toBe(200);
    const table = s.page.getByTestId('report-table');
    await table.locator('tbody tr').first().waitFor();
    await s.page.getByTestId('report-totals').getByText('Total').waitFor();
    await s.page.getByRole('img', { name: 'GGR by provider (USD)' }).waitFor();
    const wider = tableCall('LAST_90_DAYS');
    await s.page.getByRole('button', { name: 'Last 90 days' }).click();
    expect((await wider).status()).toBe(200);
    expect(s.page.url()).toContain('preset=LAST_90_DAYS');
    await s.page.goto('/reports/registration?from=2001-01-01&to=2001-01-02');
    // A day report lists every day of the period, with zeros.
    await s.page.getByTestId('report-table').getByText('2001-01-02').waitFor();
    await s.page.goto('/reports/top-channels?from=2001-01-01&to=2001-01-02');
    await s.page.getByText(MSG.NO_REPORT).waitFor();
  });

  it('the dashboard compares the period with the one before; the bets chart is not an operator admin\'s', async () => {
    const call = s.page.waitForResponse((r) => r.url().endsWith('/api/reports/dashboard'));
    await s.page.goto('/dashboard?preset=LAST_30_DAYS');
    expect((await call).status()).toBe(200);
    await s.page.getByRole('region', { name: 'Deposits', exact: true }).getByText('Period before').waitFor();
    await s.page.getByRole('img', { name: 'GGR (USD)' }).first().waitFor();
    expect(await s.page.getByTestId('dashboard-bets-chart').count()).toBe(0);
    await s.page.goto('/quick-dashboard');
    await s.page.getByRole('region', { name: 'New players', exact: true }).getByText('Yesterday').waitFor();
    await s.page.getByRole('region', { name: 'Pending queues' }).getByRole('link', { name: /Pending withdrawals/ }).click();
    await s.page.waitForURL((u) => u.pathname === '/withdraw/pending');
  });

  it('a dashboard chart has a value axis with zero, and under the pointer reads out the day and its value', async () => {
    const call = s.page.waitForResponse((r) => r.url().endsWith('/api/reports/dashboard'));
    await s.page.goto('/dashboard?preset=LAST_7_DAYS');
    const body = (await (await call).json()) as { data: { series: { labels: string[] } } };
    const chart = s.page.getByRole('img', { name: 'GGR (USD)' }).first();
    await chart.waitFor();
    // Round ticks without cents, zero among them.
    expect(await chart.locator('text', { hasText: /^\$0$/ }).count()).toBe(1);
    expect(await s.page.getByTestId('chart-readout').count()).toBe(0);
    const box = (await chart.boundingBox())!;
    await s.page.mouse.move(box.x + box.width - 12, box.y + box.height / 2);
    const readout = s.page.getByTestId('chart-readout');
    await readout.waitFor();
    const labels = body.data.series.labels;
    expect(await readout.innerText()).toContain(labels[labels.length - 1]!.slice(5));
    expect(await readout.innerText()).toMatch(/GGR\s+-?\$[\d,]+\.\d{2}/);
    await s.page.mouse.move(box.x + box.width / 2, box.y + box.height + 200);
    await readout.waitFor({ state: 'detached' });
  });

  it('risk management: a shared card opens its Card Users List and Card Transactions List', async () => {
    const cards = s.page.waitForResponse((r) => r.url().endsWith('/api/reports/risk-management/cards'));
    await s.page.goto('/reports/risk-management');
    expect((await cards).status()).toBe(200);
    const first = s.page.locator('tbody tr').first();
    await first.getByText(/•••• \d{4}/).waitFor();
    const users = s.page.waitForResponse((r) => r.url().endsWith('/api/reports/risk-management/card-users'));
    await first.click();
    const body = (await users).request().postDataJSON() as { limit: number };
    expect(body.limit).toBe(50);
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('heading', { name: /Card Users List/ }).waitFor();
    expect(await drawer.getByRole('table', { name: 'Card players' }).locator('tbody tr').count()).toBeGreaterThan(1);
    const txs = s.page.waitForResponse((r) => r.url().endsWith('/api/reports/risk-management/card-transactions'));
    await drawer.getByRole('button', { name: 'Card Transactions List' }).click();
    const sent = (await txs).request().postDataJSON() as { filters: { statuses: string[] } };
    expect(sent.filters.statuses).toEqual(['CONFIRMED', 'REJECTED']);
    await s.page.getByTestId('detail-drawer').getByRole('heading', { name: /Card Transactions List/ }).waitFor();
  });
});
