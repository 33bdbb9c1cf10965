import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AFFILIATE_SETTINGS, calculateAffiliateProfit, formatUsd, type AffiliateProfitCalculatorInput } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'superadmin@demo.local', null);
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

describe("the player's affiliate panel", () => {
  it("opens the Affiliate Profit Calculator on the player's settings (calculated on opening) and the LTV Calculator with the call's figures", async () => {
    const api = s.context.request;
    const post = async (url: string, data: unknown) => (await (await api.post(url, { data })).json()).data;
    const players = (await post('/api/players/balances', { kind: 'CASHBACK', limit: 50 })).items as { playerCode: string }[];
    const code = players[2]!.playerCode;
    const settings = (await post('/api/reports/player/reward-settings', { playerCode: code })).affiliates.settings;
    const ltv = await post('/api/reports/player/ltv', { playerCode: code });

    const page = s.page;
    await page.goto(`/players/${code}`);
    await page.getByRole('button', { name: 'Player Wallet' }).click();
    const wallet = page.getByRole('dialog', { name: `Player Wallet — ${code}` });
    await wallet.getByRole('button', { name: 'Affiliate wallet' }).click();
    const panel = wallet.getByRole('region', { name: 'Affiliate panel' });

    // Calculated as soon as it opens, with the player's settings.
    const opened = page.waitForResponse((r) => r.url().endsWith('/api/reports/affiliate/profit/test-calculate') && r.request().method() === 'POST');
    await panel.getByRole('button', { name: 'Affiliate Profit Calculator' }).click();
    const first = await opened;
    expect(first.status()).toBe(200);
    expect(first.request().postDataJSON()).toMatchObject({ levelSettings: settings.levelSettings, revenueShareSettings: settings.revenueShareSettings });
    const d = page.getByRole('dialog', { name: 'Affiliate Profit Calculator' });
    for (let i = 0; i < 2; i++) await d.getByRole('button', { name: 'Next' }).click();
    // Level Settings shows the player's levels.
    await expect.poll(() => d.getByTestId(/^level-row-/).count()).toBe(settings.levelSettings.length);
    await d.getByRole('button', { name: 'Next' }).click();
    await d.getByRole('button', { name: 'Calculate Profit' }).click();
    await expect.poll(() => d.getByTestId('calc-affiliate-profit').textContent()).toBe('$0.00');
    await d.getByRole('button', { name: 'Finish' }).click();
    await expect.poll(() => d.count()).toBe(0);

    await panel.getByRole('button', { name: 'LTV Calculator' }).click();
    const l = page.getByRole('dialog', { name: `LTV Calculator — ${code}` });
    await l.getByRole('button', { name: 'Calculate LTV' }).click();
    await expect.poll(() => l.getByTestId('ltv-value').textContent()).toBe(formatUsd(ltv.ltvInUSD));
    expect(await l.getByTestId('ltv-pl').textContent()).toBe(formatUsd(ltv.plInUSD));
  });
});
