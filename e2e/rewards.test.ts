import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { CASHBACK_GGR_WARNING, REWARD_SETTINGS_MESSAGES, calculateCashback, formatUsd } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
let api: APIRequestContext;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'superadmin@demo.local', null);
  api = s.context.request;
});
afterAll(async () => { await s?.close(); });

const post = async (url: string, data: unknown) => (await (await api.post(url, { data })).json()).data;

describe('player affiliate and cashback settings', () => {
  it('overrides the cashback settings with the row rules, shows it overridden, restores', async () => {
    const players = (await post('/api/players/balances', { kind: 'CASHBACK', limit: 50 })).items as { playerCode: string; balance: string }[];
    const code = players.find((p) => Number(p.balance) > 0)!.playerCode;
    const before = await post('/api/reports/player/reward-settings', { playerCode: code });
    const n = before.cashback.settings.settings.length as number;

    await s.page.goto(`/players/${code}`);
    await s.page.getByRole('button', { name: 'Player Wallet' }).click();
    const wallet = s.page.getByRole('dialog', { name: `Player Wallet — ${code}` });
    await wallet.getByRole('button', { name: 'Cashback wallet' }).click();
    const panel = wallet.getByRole('region', { name: 'Cashback panel' });
    await panel.getByRole('button', { name: 'Override Player Cashback Settings' }).click();

    const d = s.page.getByRole('dialog', { name: 'Override Player Cashback Settings' });
    await expect.poll(() => d.getByTestId(/^cashback-row-/).count()).toBe(n);
    // Only the last row is removable.
    expect(await d.getByRole('button', { name: /^Remove cashback row/ }).count()).toBe(1);
    await d.getByRole('button', { name: 'Add row' }).click();
    await expect.poll(() => d.getByTestId(/^cashback-row-/).count()).toBe(n + 1);
    const last = before.cashback.settings.settings[n - 1].lostAmountInUSD as string;
    expect(await d.getByTestId(`cashback-row-${n}`).getByLabel('Lost amount (USD)').inputValue()).toBe(String(Number(last) + 1));
    await d.getByRole('button', { name: `Remove cashback row ${n + 1}` }).click();
    await expect.poll(() => d.getByTestId(/^cashback-row-/).count()).toBe(n);

    await d.getByTestId('cashback-row-0').getByLabel('Player %').fill('42');
    await d.getByLabel('Min withdraw amount (USD)').fill('0');
    await expect.poll(() => d.getByText(REWARD_SETTINGS_MESSAGES.MIN_WITHDRAW).count()).toBe(1);
    await d.getByLabel('Min withdraw amount (USD)').fill('12.5');
    await d.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => panel.getByTestId('player-cashback-settings-overridden').count()).toBe(1);

    const after = await post('/api/reports/player/reward-settings', { playerCode: code });
    expect(after.cashback.overridden).toBe(true);
    expect(after.cashback.settings.minWithdrawAmountInUSD).toBe('12.5');
    expect(after.cashback.settings.settings[0].percentage).toBe(42);

    await panel.getByRole('button', { name: 'Restore operator cashback settings' }).click();
    await s.page.getByRole('dialog', { name: 'Restore operator cashback settings' }).getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => panel.getByTestId('player-cashback-settings-overridden').count()).toBe(0);
    expect((await post('/api/reports/player/reward-settings', { playerCode: code })).cashback.overridden).toBe(false);
  });

  it('overrides the affiliate settings in 3 steps with the level and revenue share row rules', async () => {
    const players = (await post('/api/players/balances', { kind: 'CASHBACK', limit: 50 })).items as { playerCode: string }[];
    const code = players[1]!.playerCode;
    const before = await post('/api/reports/player/reward-settings', { playerCode: code });
    const levels = before.affiliates.settings.levelSettings as { requiredWagerInUSD: string }[];
    const shares = before.affiliates.settings.revenueShareSettings as { monthlyReferredPlayersTotalWagerInUSD: string }[];

    await s.page.goto(`/players/${code}`);
    await s.page.getByRole('button', { name: 'Player Wallet' }).click();
    const wallet = s.page.getByRole('dialog', { name: `Player Wallet — ${code}` });
    await wallet.getByRole('button', { name: 'Affiliate wallet' }).click();
    const panel = wallet.getByRole('region', { name: 'Affiliate panel' });
    await panel.getByRole('button', { name: 'Override Affiliate Settings' }).click();

    await s.page.getByRole('dialog', { name: 'Override Affiliate Settings — General' }).getByRole('button', { name: 'Next' }).click();
    const lv = s.page.getByRole('dialog', { name: 'Override Affiliate Settings — Level' });
    const n = levels.length;
    await expect.poll(() => lv.getByTestId(/^level-row-/).count()).toBe(n);
    // The last level's wager is disabled; only the last level is removable.
    expect(await lv.getByTestId(`level-row-${n - 1}`).getByLabel('Required wager (USD)').isDisabled()).toBe(true);
    expect(await lv.getByTestId('level-row-0').getByLabel('Required wager (USD)').isDisabled()).toBe(false);
    expect(await lv.getByRole('button', { name: /^Remove level/ }).count()).toBe(1);
    await lv.getByRole('button', { name: 'Add level' }).click();
    await expect.poll(() => lv.getByTestId(/^level-row-/).count()).toBe(n + 1);
    expect(await lv.getByTestId(`level-row-${n - 1}`).getByLabel('Required wager (USD)').inputValue()).toBe(String(Number(levels[n - 2]!.requiredWagerInUSD) + 1));
    expect(await lv.getByTestId(`level-row-${n}`).getByLabel('Required wager (USD)').inputValue()).toBe('0');
    expect(await lv.getByTestId(`level-row-${n}`).getByLabel('CPA').inputValue()).toBe('1');
    await lv.getByRole('button', { name: 'Next' }).click();

    const rs = s.page.getByRole('dialog', { name: 'Override Affiliate Settings — Revenue Share' });
    await rs.getByRole('button', { name: 'Add row' }).click();
    const m = shares.length;
    expect(await rs.getByTestId(`share-row-${m}`).getByLabel("Monthly referred players' wager (USD)").inputValue()).toBe(String(Number(shares[m - 1]!.monthlyReferredPlayersTotalWagerInUSD) + 1));
    expect(await rs.getByTestId(`share-row-${m}`).getByLabel('Revenue share (%)').inputValue()).toBe('1');
    await rs.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => panel.getByTestId('player-affiliate-settings-overridden').count()).toBe(1);

    const after = await post('/api/reports/player/reward-settings', { playerCode: code });
    expect(after.affiliates.overridden).toBe(true);
    expect(after.affiliates.settings.levelSettings).toHaveLength(n + 1);
    expect(after.affiliates.settings.revenueShareSettings).toHaveLength(m + 1);
    await post('/api/reports/affiliate/player/settings/restore', { playerCode: code });
  });
});

describe('Cashback Calculator', () => {
  it('warns (without blocking) when the claimed cashbacks exceed the GGR, and calculates the worked example', async () => {
    await s.page.goto('/internal-cashback-affiliate-calculator');
    const fill = async (label: string, v: string) => s.page.getByLabel(label).fill(v);
    await fill('Bet amount (USD)', '100');
    await fill('Win amount (USD)', '90');
    await fill('Claimed cashbacks (USD)', '20');
    await expect.poll(() => s.page.getByText(CASHBACK_GGR_WARNING).count()).toBe(1);
    const input = { betAmountInUSD: '12345.67', winAmountInUSD: '9876.54', cashBonusInUSD: '150', bonusClaimInUSD: '250', claimedCashbacksInUSD: '100', cashbackPercentage: 7.5 };
    await fill('Bet amount (USD)', input.betAmountInUSD);
    await fill('Win amount (USD)', input.winAmountInUSD);
    await fill('Cash bonus (USD)', input.cashBonusInUSD);
    await fill('Bonus claim (USD)', input.bonusClaimInUSD);
    await fill('Claimed cashbacks (USD)', input.claimedCashbacksInUSD);
    await fill('Cashback percentage (%)', String(input.cashbackPercentage));
    const result = calculateCashback(input);
    await expect.poll(() => s.page.getByText(CASHBACK_GGR_WARNING).count()).toBe(0);
    await s.page.getByRole('button', { name: 'Calculate Cashback' }).click();
    await expect.poll(() => s.page.getByTestId('calc-available').textContent()).toBe(formatUsd(result.availableCashbackAmountInUSD));
    expect(await s.page.getByTestId('calc-player-loss').textContent()).toBe(formatUsd(result.playerLossInUSD));
    expect(await s.page.getByTestId('calc-adjusted-loss').textContent()).toBe(formatUsd(result.adjustedPlayerLossInUSD));
    // The README worked example, pinned.
    expect(result).toEqual({ playerLossInUSD: '2469.13', adjustedPlayerLossInUSD: '1969.13', availableCashbackAmountInUSD: '147.68' });
  });
});
