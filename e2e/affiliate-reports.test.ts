import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { formatUsd } from '@pitboss/contract';
import { choose, login, openBrowser, type Session } from './browser.js';

let s: Session;
let api: APIRequestContext;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'admin@demo.local', null);
  api = s.context.request; // shares the session cookie
});
afterAll(async () => { await s?.close(); });

const post = async (url: string, data: unknown) => (await (await api.post(url, { data })).json()).data;
const REPORT = '/api/reports/affiliate/player/summary/reports';

describe('affiliate panel Reports', () => {
  it('opens from the Affiliate panel, switches period and filter, and shows the Bets and Registered charts', async () => {
    // An affiliate: the referrer of a demo player.
    const list = (await post('/api/players', { limit: 100 })).items as { refId: string | null }[];
    const code = list.find((p) => p.refId)!.refId!;

    await s.page.goto(`/players/${code}`);
    await s.page.getByRole('button', { name: 'Player Wallet' }).click();
    const dialog = s.page.getByRole('dialog', { name: `Player Wallet — ${code}` });
    await dialog.getByRole('button', { name: 'Affiliate wallet' }).click();
    const panel = dialog.getByRole('region', { name: 'Affiliate panel' });
    await panel.getByRole('button', { name: 'Reports' }).click();
    const reports = panel.getByRole('region', { name: 'Affiliate reports' });

    const today = await post(REPORT, { playerCode: code, period: 'TODAY' });
    await expect.poll(() => reports.getByTestId('report-registered').textContent()).toBe(String(today.cards.registered));
    expect(await reports.getByTestId('report-deposit').textContent()).toBe(formatUsd(today.cards.refPlayersDepositInUSD));
    await reports.getByRole('img', { name: 'Bets' }).waitFor();
    expect(await reports.getByText('Yesterday').count()).toBeGreaterThan(0);

    await reports.getByRole('button', { name: 'This Year' }).click();
    const year = await post(REPORT, { playerCode: code, period: 'THIS_YEAR' });
    await expect.poll(() => reports.getByText('Last Year').count()).toBeGreaterThan(0);
    await expect.poll(() => reports.getByTestId('report-registered').textContent()).toBe(year.cards.registered.toLocaleString('en-US'));
    expect(await reports.getByTestId('report-active').textContent()).toBe(year.cards.activePlayers.toLocaleString('en-US'));
    expect(await reports.getByTestId('report-affiliate-profit').textContent()).toBe(formatUsd(year.cards.affiliateProfitInUSD));
    await reports.getByRole('img', { name: 'Registered' }).waitFor();
    expect(await reports.getByRole('img', { name: 'Bets' }).locator('text', { hasText: 'Jan' }).count()).toBe(1);

    // More Filters: direct sign-ups only.
    await reports.getByRole('button', { name: 'Filter' }).click();
    const filters = s.page.getByRole('dialog', { name: 'More Filters' });
    await choose(s.page, filters.getByRole('combobox', { name: 'Channel Type' }), 'Direct (no channel)');
    await filters.getByRole('button', { name: 'Apply' }).click();
    const direct = await post(REPORT, { playerCode: code, period: 'THIS_YEAR', channelType: 'DIRECT' });
    await expect.poll(() => reports.getByRole('button', { name: 'Filter (1)' }).count()).toBe(1);
    await expect.poll(() => reports.getByTestId('report-registered').textContent()).toBe(direct.cards.registered.toLocaleString('en-US'));
    expect(await reports.getByTestId('report-deposit').textContent()).toBe(formatUsd(direct.cards.refPlayersDepositInUSD));
  });
});
