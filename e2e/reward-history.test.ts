import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'superadmin@demo.local', null);
});
afterAll(async () => { await s?.close(); });

const post = async (url: string, data: unknown) => (await (await s.context.request.post(url, { data })).json()).data;

describe('reward history drawers of the Player Wallet panels', () => {
  it("Cashback withdrawal history shows the player's cashback transactions with the confirmed total; Back returns to the panel", async () => {
    const players = (await post('/api/players/balances', { kind: 'CASHBACK', limit: 50 })).items as { playerCode: string }[];
    let code = '';
    let expected: { items: unknown[]; confirmedTotalInUSD: string; confirmedCount: number } | null = null;
    for (const p of players) {
      const d = await post('/api/reports/player/transactions', { playerCode: p.playerCode, type: 'CASHBACK' });
      if (d.confirmedCount > 0) { code = p.playerCode; expected = d; break; }
    }
    expect(code, 'a player with confirmed cashback claims').not.toBe('');
    const page = s.page;
    await page.goto(`/players/${code}`);
    await page.getByRole('button', { name: 'Player Wallet' }).click();
    const wallet = page.getByRole('dialog', { name: `Player Wallet — ${code}` });
    await wallet.getByRole('button', { name: 'Cashback wallet' }).click();
    const panel = wallet.getByRole('region', { name: 'Cashback panel' });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/reports/player/transactions'));
    await panel.getByRole('button', { name: 'Cashback withdrawal history' }).click();
    expect((await answered).status()).toBe(200);
    const drawer = page.getByRole('dialog', { name: 'Cashback Withdrawal History' });
    const table = drawer.getByRole('table', { name: 'Cashback Withdrawal History' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(Math.min(expected!.items.length, 50));
    await expect.poll(() => drawer.getByTestId('reward-history-total').textContent())
      .toBe(`Confirmed total: ${formatUsd(expected!.confirmedTotalInUSD)} in ${expected!.confirmedCount} transaction${expected!.confirmedCount === 1 ? '' : 's'}`);
    expect(await table.locator('tbody tr').first().textContent()).toContain('Cashback');
    await drawer.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => drawer.count()).toBe(0);
    expect(await panel.isVisible()).toBe(true);
  });

  it('Referred players lists the players the affiliate referred and sorts them by bets', async () => {
    let code = '';
    for (let i = 1; i <= 40 && !code; i++) {
      const c = `P${100000 + i}`;
      const d = await post('/api/reports/affiliate/player/summary', { playerCode: c });
      if (d && d.referredPlayers > 1) code = c;
    }
    expect(code, 'an affiliate with referred players').not.toBe('');
    const byBets = (await post('/api/reports/affiliate/referred-players', { playerCode: code, sortBy: 'totalBetCount', sort: 'desc', limit: 50 })).items as { playerCode: string }[];
    const page = s.page;
    await page.goto(`/players/${code}`);
    await page.getByRole('button', { name: 'Player Wallet' }).click();
    const wallet = page.getByRole('dialog', { name: `Player Wallet — ${code}` });
    await wallet.getByRole('button', { name: 'Affiliate wallet' }).click();
    const panel = wallet.getByRole('region', { name: 'Affiliate panel' });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/reports/affiliate/referred-players'));
    await panel.getByRole('button', { name: 'Referred players' }).click();
    const res = await answered;
    expect(res.status(), `${res.request().postData()} → ${await res.text()}`).toBe(200);
    const drawer = page.getByRole('dialog', { name: 'Referred Players List' });
    const table = drawer.getByRole('table', { name: 'Referred players' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(byBets.length);
    await drawer.getByLabel('Sort by').click();
    const sorted = page.waitForResponse((r) => r.url().endsWith('/api/reports/affiliate/referred-players') && r.request().postDataJSON().sortBy === 'totalBetCount');
    await page.getByRole('listbox').getByRole('option', { name: 'Most bets' }).click();
    expect((await sorted).status()).toBe(200);
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain(`(${byBets[0]!.playerCode})`);
    await drawer.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => drawer.count()).toBe(0);
    expect(await panel.isVisible()).toBe(true);
  });
});
