import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AFFILIATE_SETTINGS, calculateAffiliateProfit, formatUsd, type AffiliateProfitCalculatorInput } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'superadmin@demo.local');
});
afterAll(async () => { await s?.close(); });

describe('Affiliate Profit Calculator', () => {
  it('calculates from the stats and the settings; a revenue share percentage changed locally changes the Calculated Profit', async () => {
    const stats = {
      totalPlayersWagerInUSD: '120000', totalReferredPlayersPlInUSD: '8765.43', totalClaimedBonusAmountInUSD: '1234.56', totalCashbacksInUSD: '432.10',
      emailRegistrations: 12, telegramRegistrations: 5, gmailRegistrations: 3, ftdPlayers: 7,
    };
    const input: AffiliateProfitCalculatorInput = { ...structuredClone(DEFAULT_AFFILIATE_SETTINGS), referredPlayersStats: stats };
    const edited = structuredClone(input);
    edited.revenueShareSettings[1]!.revenueSharePercentage = 25;
    const before = calculateAffiliateProfit(input).affiliateProfitInUSD;
    const after = calculateAffiliateProfit(edited).affiliateProfitInUSD;
    // The README's figures on the default settings.
    expect([before, after]).toEqual(['1314.67', '1634.12']);

    const page = s.page;
    await page.goto('/internal-cashback-affiliate-calculator');
    await page.getByRole('tab', { name: 'Affiliate Profit Calculator' }).click();
    const calc = page.getByTestId('affiliate-profit-calculator');
    const fill = (label: string, v: string | number) => calc.getByLabel(label, { exact: true }).fill(String(v));
    await fill("Referred players' wager (USD)", stats.totalPlayersWagerInUSD);
    await fill("Referred players' GGR (USD)", stats.totalReferredPlayersPlInUSD);
    await fill('Claimed bonuses (USD)', stats.totalClaimedBonusAmountInUSD);
    await fill('Cashbacks (USD)', stats.totalCashbacksInUSD);
    await fill('Registrations by email', stats.emailRegistrations);
    await fill('Registrations by Telegram', stats.telegramRegistrations);
    await fill('Registrations by Gmail', stats.gmailRegistrations);
    await fill('First-time depositors', stats.ftdPlayers);
    for (let i = 0; i < 3; i++) await calc.getByRole('button', { name: 'Next' }).click();
    await calc.getByRole('button', { name: 'Calculate Profit' }).click();
    await expect.poll(() => calc.getByTestId('calc-affiliate-profit').textContent()).toBe(formatUsd(before));
    expect(await calc.getByTestId('calc-affiliate-profit').textContent()).toBe('$1,314.67');

    await calc.getByRole('button', { name: 'Back' }).click();
    await calc.getByTestId('share-row-1').getByLabel('Revenue share (%)').fill('25');
    await calc.getByRole('button', { name: 'Calculate Profit' }).click();
    await expect.poll(() => calc.getByTestId('calc-affiliate-profit').textContent()).toBe('$1,634.12');
    expect(await calc.getByTestId('calc-operator-profit').textContent()).toBe(formatUsd(calculateAffiliateProfit(edited).operatorProfitInUSD));
  });
});
