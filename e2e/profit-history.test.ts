import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'operator.manager@demo.local', null);
});
afterAll(async () => { await s?.close(); });

const URL = '/api/reports/player/transactions/list';

describe('/profit-history', () => {
  it("lists the players' cashback filtered by player, with totals per status and the player's name opening their page", async () => {
    const page = s.page;
    const first = (await (await s.context.request.post(URL, { data: { type: 'CASHBACK', limit: 1 } })).json()).data;
    const code = first.items[0]?.playerCode as string;
    expect(code, 'a player with cashback transactions').toBeTruthy();
    const answered = page.waitForResponse((r) => r.url().endsWith(URL) && r.request().postDataJSON().playerCode === code);
    await page.goto(`/profit-history?type=CASHBACK&playerCode=${code}`);
    const res = await answered;
    expect(res.status()).toBe(200);
    const d = (await res.json()).data as { items: { playerCode: string; transactionType: string }[]; totals: { status: string; count: number; amountInUSD: string }[] };
    expect(d.items.length).toBeGreaterThan(0);
    expect(d.items.every((x) => x.playerCode === code && x.transactionType === 'CASHBACK')).toBe(true);
    const table = page.getByRole('table', { name: 'Profit history' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(Math.min(d.items.length, 50));
    for (const tot of d.totals) {
      const chip = page.getByTestId(`profit-total-${tot.status}`);
      await expect.poll(() => chip.textContent()).toContain(`${formatUsd(tot.amountInUSD)} in ${tot.count} transaction`);
    }
    const link = table.locator('tbody tr').first().getByRole('link');
    expect(await link.textContent()).toContain(`(${code})`);
    await link.click();
    await expect.poll(() => page.url()).toContain(`/players/${code}`);
  });
});
