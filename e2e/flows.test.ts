import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { MSG, cashbackLevelName, formatUsd } from '@pitboss/contract';
import { choose, login, openBrowser, type Session } from './browser.js';

let s: Session;
let api: APIRequestContext;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'superadmin@demo.local', null);
  api = s.context.request; // shares the session cookie
});
afterAll(async () => { await s?.close(); });

const post = async (url: string, data: unknown) => (await (await api.post(url, { data })).json()).data;

describe('player wallet panels', () => {
  it('the Bonus, Affiliate and Cashback rows of the Player Wallet open their panels with the figures of the summary calls', async () => {
    // A player with a cashback wallet (the demo world gives a quarter of the players one).
    const players = (await post('/api/players/balances', { kind: 'CASHBACK', limit: 50 })).items as { playerCode: string; balance: string }[];
    const code = players.find((p) => Number(p.balance) > 0)!.playerCode;
    const [bonus, affiliate, cashback] = await Promise.all([
      post('/api/reports/bonus/player/summary', { playerCode: code }),
      post('/api/reports/affiliate/player/summary', { playerCode: code }),
      post('/api/reports/cashback/player/summary', { playerCode: code }),
    ]);

    await s.page.goto(`/players/${code}`);
    await s.page.getByRole('button', { name: 'Player Wallet' }).click();
    const dialog = s.page.getByRole('dialog', { name: `Player Wallet — ${code}` });

    await dialog.getByRole('button', { name: 'Bonus wallet' }).click();
    const b = dialog.getByRole('region', { name: 'Bonus panel' });
    await expect.poll(() => b.getByTestId('bonus-wallet').textContent()).toBe(formatUsd(bonus.bonusWalletBalanceInUSD));
    expect(await b.getByTestId('claimed-bonus').textContent()).toBe(formatUsd(bonus.totalClaimedBonusesInUSD));

    await dialog.getByRole('button', { name: 'Cashback wallet' }).click();
    const c = dialog.getByRole('region', { name: 'Cashback panel' });
    await expect.poll(() => c.getByTestId('cashback-available').textContent()).toBe(formatUsd(cashback.cashbackAvailableToClaimInUSD));
    expect(await c.getByTestId('cashback-total').textContent()).toBe(formatUsd(cashback.cashbacksClaimedInUSD));
    expect(await c.getByTestId('cashback-month').textContent()).toBe(formatUsd(cashback.currentMonthCashbacksInUSD));
    expect(await c.getByTestId('cashback-min-withdraw').textContent()).toBe(formatUsd(cashback.minWithdrawAmountInUSD));
    const level = cashback.appliedSettings.currentLevel as { index: number } | null;
    expect(await c.getByTestId('cashback-level').textContent()).toBe(level ? `${cashbackLevelName(level.index)} (${cashback.appliedSettings.levelPercentage}% cashback)` : MSG.NO_CURRENT_LEVEL);
    expect(Number(await c.getByRole('progressbar', { name: 'Cashback level progress' }).getAttribute('aria-valuenow'))).toBeCloseTo(cashback.appliedSettings.progressPercentage, 0);

    await dialog.getByRole('button', { name: 'Affiliate wallet' }).click();
    const a = dialog.getByRole('region', { name: 'Affiliate panel' });
    await expect.poll(() => a.getByTestId('affiliate-estimated-balance').textContent()).toBe(formatUsd(affiliate.estimatedBalanceInUSD));
    expect(await a.getByTestId('affiliate-min-withdraw').textContent()).toBe(formatUsd(affiliate.withdrawMinimumAmountInUSD));
    // Every player is on a level: level 1 starts at 0 referred wager (001 §5 row rules).
    expect(affiliate.affiliateLevel.currentLevel).toBeGreaterThanOrEqual(1);
    expect(await a.getByTestId('affiliate-level').textContent()).toBe(`Level ${affiliate.affiliateLevel.currentLevel}`);
    await a.getByRole('progressbar', { name: 'Affiliate level progress' }).waitFor();
    // The player's affiliate movements, pre-filtered.
    await a.getByRole('link', { name: 'Affiliate movements' }).click();
    await s.page.waitForURL((u) => u.pathname === '/transactions/affiliate-profit' && u.searchParams.get('playerCode') === code);
  });

  it('an operator manager has no Player Wallet (the panels are for SUPER_ADMIN and ADMIN)', async () => {
    const other = await openBrowser();
    try {
      await login(other.page, 'operator.manager@demo.local', '/players');
      await other.page.locator('tbody tr').first().click();
      const drawer = other.page.getByTestId('detail-drawer');
      await drawer.getByRole('link', { name: 'Open player page' }).waitFor();
      expect(await drawer.getByRole('button', { name: 'Player Wallet' }).count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('from a player to everything about them', () => {
  it('the drawer links to the player\'s transactions, deposits, withdrawals, bank accounts, KYC and activity, each pre-filtered on the player', async () => {
    // A player with a bank account and a KYC document (and, where the demo world has one, deposits and withdrawals),
    // so the lists have rows to compare.
    const codesOf = async (url: string, body: object) => new Set(((await post(url, { ...body, limit: 100 })).items as { playerCode: string }[]).map((x) => x.playerCode));
    const banked = await codesOf('/api/paymentsV2/withdraw/bank-accounts/list', {});
    const kyc = await codesOf('/api/kyc/list', {});
    const both = [...banked].filter((c) => kyc.has(c));
    expect(both.length).toBeGreaterThan(0);
    const count = async (type: string, code: string) => ((await post('/api/transactions/list', { transactionType: type, playerCode: code, limit: 1 })).items as unknown[]).length;
    let code = both[0]!;
    for (const c of both) if ((await count('DEPOSIT', c)) && (await count('WITHDRAW', c))) { code = c; break; }
    // Give the player an activity record of their own (a two-factor reset is logged against the player).
    const playerId = (await post('/api/player', { playerCode: code })).playerId as string;
    expect((await api.post('/api/players/2fa', { data: { playerId, playerCode: code } })).status()).toBe(200);
    const lists: { name: string; path: string; param: string; api: string; body: object; key: string }[] = [
      { name: 'Transactions', path: '/transactions/list', param: 'playerCode', api: '/api/transactions/list', body: { playerCode: code }, key: 'txId' },
      { name: 'Deposits', path: '/deposit/list', param: 'playerCode', api: '/api/transactions/list', body: { transactionType: 'DEPOSIT', playerCode: code }, key: 'txId' },
      { name: 'Withdrawals', path: '/withdraw/list', param: 'playerCode', api: '/api/transactions/list', body: { transactionType: 'WITHDRAW', playerCode: code }, key: 'txId' },
      { name: 'Bank accounts', path: '/withdraw/bank-accounts', param: 'playerCode', api: '/api/paymentsV2/withdraw/bank-accounts/list', body: { playerCode: code }, key: 'uuid' },
      { name: 'KYC', path: '/documentsV2', param: 'playerCode', api: '/api/kyc/list', body: { playerCode: code }, key: 'kycId' },
      { name: 'Activity', path: '/players/details-activities', param: 'targetId', api: '/api/activities/list', body: { log: 'player', targetId: code }, key: 'id' },
    ];
    for (const l of lists) {
      await s.page.goto(`/players?drawer=${code}`);
      const links = s.page.getByTestId('detail-drawer').getByRole('navigation', { name: 'Player records' });
      await links.getByRole('link', { name: l.name, exact: true }).click();
      await s.page.waitForURL((u) => u.pathname === l.path && u.searchParams.get(l.param) === code);
      const expected = ((await post(l.api, { ...l.body, limit: 50 })).items as Record<string, string>[]).map((x) => x[l.key]);
      const rows = s.page.locator('tbody tr[data-row-key]');
      expect(expected.length, `${l.name} of ${code}`).toBeGreaterThan(0);
      await expect.poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key'))), { message: l.name, timeout: 15_000 }).toEqual(expected);
      for (const text of await rows.allInnerTexts()) expect(text, l.name).toContain(code);
    }
  });

  it('Search For Player: see bets, see transactions, open player details', async () => {
    await s.page.goto('/players');
    const code = (await s.page.locator('tbody tr').first().locator('td').first().innerText()).trim();
    await s.page.getByTestId('player-search-button').click();
    const dialog = s.page.getByRole('dialog', { name: 'Search For Player' });
    await dialog.getByLabel('Player code').fill(code);
    await dialog.getByRole('button', { name: `See transactions of ${code}` }).waitFor();
    await dialog.getByRole('button', { name: `See bets of ${code}` }).click();
    await s.page.waitForURL((u) => u.pathname === '/bets' && u.searchParams.get('playerCode') === code);
    await s.page.getByTestId('player-search-button').click();
    await s.page.getByRole('dialog', { name: 'Search For Player' }).getByLabel('Player code').fill(code);
    await s.page.getByRole('button', { name: `See transactions of ${code}` }).click();
    await s.page.waitForURL((u) => u.pathname === '/transactions/list' && u.searchParams.get('playerCode') === code);
    await s.page.getByTestId('player-search-button').click();
    await s.page.getByRole('dialog', { name: 'Search For Player' }).getByLabel('Player code').fill(code);
    await s.page.getByRole('button', { name: `Open player details ${code}` }).click();
    await s.page.waitForURL((u) => u.pathname === `/players/${code}`);
  });
});

describe('queues advance', () => {
  it('after rejecting a pending withdrawal the drawer moves to the next pending one', async () => {
    await s.page.goto('/withdraw/pending?opId=op-alpha&includeBrands=true');
    const rows = s.page.locator('tbody tr[data-row-key]');
    await rows.first().waitFor();
    const keys = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')));
    // A row of a provider that rejects with no provider call (the demo scenarios lead the list: take a plain one).
    const items = (await post('/api/transactions/list', { transactionType: 'WITHDRAW', status: 'PENDING', opId: 'op-alpha', includeBrands: true, limit: 50 })).items as { txId: string; extra: { demoScenario?: string } }[];
    const i = keys.findIndex((k) => !items.find((x) => x.txId === k)?.extra?.demoScenario);
    expect(i).toBeGreaterThanOrEqual(0);
    await rows.nth(i).click();
    const openKey = () => new URL(s.page.url()).searchParams.get('drawer');
    expect(openKey()).toBe(keys[i]);
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('button', { name: 'Reject Withdraw' }).click();
    const dialog = s.page.getByRole('dialog').last();
    // The note for the player is required on a reject.
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByText('Note for the player is required').waitFor();
    await dialog.getByLabel('Note for the player').fill('The account holder does not match.');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await s.page.getByText('Withdraw rejected succesfully').first().waitFor();
    await expect.poll(openKey, { timeout: 15_000 }).toBe(keys[i + 1] ?? keys[i - 1]);
    await drawer.getByRole('button', { name: 'Reject Withdraw' }).waitFor();
  });
});

describe('KYC images', () => {
  it('an image that does not load shows a placeholder, and confirming the document asks for a second look', async () => {
    const docs = (await post('/api/kyc/list', { status: 'PENDING', optionType: 'PASSPORT_COPY', limit: 5 })).items as { kycId: string }[];
    const kycId = docs[0]!.kycId;
    // The file store answers nothing for this page's images.
    await s.page.route('**/api/files/**', (route) => route.fulfill({ status: 404, body: '' }));
    try {
      await s.page.goto(`/documentsV2?status=PENDING&optionType=PASSPORT_COPY&drawer=${kycId}`);
      const drawer = s.page.getByTestId('detail-drawer');
      await drawer.getByTestId('kyc-image-placeholder').waitFor();
      expect(await drawer.locator('img').count()).toBe(0);
      await drawer.getByLabel('Note for the player').fill('Checked against the passport shown on video.');
      await drawer.getByRole('button', { name: 'Confirm' }).click();
      const ask = s.page.getByRole('dialog', { name: 'Take a second look' });
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Cancel' }).click();
      expect((await post('/api/kyc/list', { status: 'PENDING', optionType: 'PASSPORT_COPY', limit: 5 })).items.some((k: { kycId: string }) => k.kycId === kycId)).toBe(true);
    } finally {
      await s.page.unroute('**/api/files/**');
    }
    // With the images loading, the same document shows them and needs no second look.
    await s.page.goto(`/documentsV2?status=PENDING&optionType=PASSPORT_COPY&drawer=${kycId}`);
    const img = s.page.getByTestId('detail-drawer').locator('img');
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});

describe('landing of partner and dev ops users', () => {
  it.each([
    ['devops@demo.local', '/tech-support', 'Tech Support'],
    ['partner@demo.local', '/partner-dashboard', 'Partner Dashboard'],
  ])('%s lands on the first page of what they can use, without the operator selector, the player-type filter or badges', async (email, path, heading) => {
    const other = await openBrowser();
    try {
      await login(other.page, email);
      await other.page.waitForURL((u) => u.pathname === path);
      await other.page.getByRole('heading', { name: heading }).first().waitFor();
      expect(await other.page.getByText("You don't have permissions to perform this action.").count()).toBe(0);
      expect(await other.page.getByLabel('Operator').count()).toBe(0);
      expect(await other.page.getByTestId('test-player-filter').count()).toBe(0);
      expect(await other.page.locator('[aria-label$=" pending"]').count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('Export High Depositors', () => {
  it('an operator is required; the export runs in the background with its progress, then offers its CSV', async () => {
    await s.page.goto('/players');
    await s.page.getByRole('button', { name: 'Export High Depositors' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Export High Depositors' });
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByText('Operator not found, please select an operator.').waitFor();
    await choose(s.page, dialog.getByLabel('Operator'), 'Alpha Gaming');
    await dialog.getByLabel('Deposits of at least (USD)').fill('-5');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByText('Deposit threshold must be a USD amount of at least 0.').waitFor();
    await dialog.getByLabel('Deposits of at least (USD)').fill('500');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const progress = s.page.getByRole('dialog', { name: 'Export High Depositors' });
    await progress.getByRole('progressbar', { name: 'Export progress' }).waitFor();
    const download = progress.getByRole('link', { name: 'Download CSV' });
    await download.waitFor({ timeout: 60_000 });
    const href = await download.getAttribute('href');
    expect(href).toMatch(/^\/api\/exports\/[0-9a-f-]{36}\/file$/);
    const file = await api.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="high-depositors-op-alpha-/);
    expect((await file.text()).split('\r\n')[0]).toContain('Player code,Username,Email,Operator,Deposits,Total deposits (USD)');
  });
});
