import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { MSG, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES, REWARD_MESSAGES, cmpDec, formatMoney } from '@pitboss/contract';
import { choose, login, openBrowser, type Session } from './browser.js';

/* The player wallet dialogs and the deposit verification, through the console against the real server. */
let s: Session;
let api: APIRequestContext;
beforeAll(async () => {
  s = await openBrowser();
  s.page.setDefaultTimeout(20_000);
  await login(s.page, 'superadmin@demo.local', null);
  api = s.context.request;
});
afterAll(async () => { await s?.close(); });

const post = async (url: string, data: unknown, headers?: Record<string, string>) => (await (await api.post(url, { data, headers })).json());
type Wallet = { balances: { currency: string; balance: string }[]; cashback: { balanceInUsd: string } };
const wallet = async (playerCode: string) => (await post('/api/player/wallet', { playerCode })).data as Wallet;

describe('Convert Player Balance', () => {
  it('the target currency list never offers the source currency (nor the source list the target); the conversion empties the source', async () => {
    // Among the balances changed last (two pages: the activity simulator keeps changing some).
    const rows = [
      ...(await post('/api/players/balances', { kind: 'MAIN', limit: 100, page: 1 })).data.items,
      ...(await post('/api/players/balances', { kind: 'MAIN', limit: 100, page: 2 })).data.items,
    ] as { playerCode: string; balance: string }[];
    let code = '';
    let w: Wallet | null = null;
    for (const r of rows.filter((x) => cmpDec(x.balance, '0') > 0)) {
      const candidate = await wallet(r.playerCode);
      // A deleted player's page offers no wallet actions.
      if (candidate.balances.length >= 3 && candidate.balances.filter((b) => cmpDec(b.balance, '0') > 0).length >= 2
        && (await post('/api/player', { playerCode: r.playerCode })).data.isDeleted === false) {
        code = r.playerCode;
        w = candidate;
        break;
      }
    }
    expect(w, 'a player with three wallets, two of them funded').not.toBeNull();
    const positive = w!.balances.filter((b) => cmpDec(b.balance, '0') > 0);
    const [from, other] = [positive[0]!, positive[1]!];

    await s.page.goto(`/players/${code}`);
    await s.page.getByRole('button', { name: 'Convert Balance' }).click();
    const dialog = s.page.getByRole('dialog', { name: `Convert Player Balance — ${code}` });
    await dialog.getByText(PAYMENT_MESSAGES.CONVERT_TO_REQUIRED).waitFor();
    await choose(s.page, dialog.getByLabel('From currency'), formatMoney(from.balance, from.currency));

    // The target list: every wallet of the player but the source.
    await dialog.getByLabel('To currency').click();
    const listbox = s.page.getByRole('listbox');
    await listbox.waitFor();
    expect(await listbox.getByRole('option').allInnerTexts()).toEqual(w!.balances.map((b) => b.currency).filter((c) => c !== from.currency));
    await listbox.getByRole('option', { name: other.currency, exact: true }).click();
    await listbox.waitFor({ state: 'detached' });
    await expect.poll(() => dialog.getByText(PAYMENT_MESSAGES.CONVERT_TO_REQUIRED).count(), { timeout: 10_000 }).toBe(0);

    // The source list now leaves the target out.
    await dialog.getByLabel('From currency').click();
    await listbox.waitFor();
    expect(await listbox.getByRole('option').allInnerTexts()).toEqual(positive.filter((b) => b.currency !== other.currency).map((b) => formatMoney(b.balance, b.currency)));
    await s.page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'detached' });

    await dialog.getByTestId('convert-preview').waitFor();
    await dialog.getByRole('button', { name: 'Convert' }).click();
    const confirm = s.page.getByRole('dialog', { name: 'Convert Player Balance', exact: true });
    await confirm.getByText(new RegExp(`^Convert ${formatMoney(from.balance, from.currency).replace(/[.$]/g, '\\$&')} of ${code} to `)).waitFor();
    await confirm.getByRole('button', { name: 'Convert' }).click();
    await s.page.getByText(PAYMENT_MESSAGES.BALANCE_CONVERTED(from.currency, other.currency)).waitFor();
    const after = await wallet(code);
    expect(after.balances.find((b) => b.currency === from.currency)!.balance).toMatch(/^0(\.0+)?$/);
    expect(cmpDec(after.balances.find((b) => b.currency === other.currency)!.balance, other.balance)).toBe(1);
  });
});

describe('Claim Cashback', () => {
  it('a claim the server refuses (the cashback wallet emptied meanwhile) opens "Unable to Claim" with the server\'s message', async () => {
    const rows = (await post('/api/players/balances', { kind: 'CASHBACK', limit: 50 })).data.items as { playerCode: string; balance: string }[];
    // The last funded one whose page offers the wallet actions (not a deleted player's).
    let code = '';
    for (const r of rows.filter((p) => cmpDec(p.balance, '0') > 0).reverse()) {
      if ((await post('/api/player', { playerCode: r.playerCode })).data.isDeleted === false) { code = r.playerCode; break; }
    }
    expect(code, 'a funded cashback wallet of a player not deleted').not.toBe('');
    expect(cmpDec((await wallet(code)).cashback.balanceInUsd, '0')).toBe(1);

    await s.page.goto(`/players/${code}`);
    const claim = s.page.getByRole('button', { name: 'Claim Cashback' });
    // Enabled once the wallet is read (a funded cashback wallet).
    await expect.poll(() => claim.isEnabled(), { timeout: 15_000 }).toBe(true);
    await claim.click();
    const confirm = s.page.getByRole('dialog', { name: 'Claim Cashback confirmation' });
    await confirm.waitFor({ timeout: 10_000 });
    // Another staff member claims it first.
    const first = await post('/api/reports/cashback/claim', { playerCode: code }, { 'Idempotency-Key': randomUUID() });
    expect(first.messages).toEqual([REWARD_MESSAGES.CASHBACK_CLAIMED]);
    await confirm.getByRole('button', { name: 'Claim' }).click();

    const error = s.page.getByRole('dialog', { name: MSG.UNABLE_TO_CLAIM });
    await error.getByText(REWARD_MESSAGES.NOTHING_TO_CLAIM, { exact: true }).waitFor({ timeout: 10_000 });
    expect(await s.page.getByText(REWARD_MESSAGES.CASHBACK_CLAIMED).count()).toBe(0);
    await error.getByRole('button').last().click();
    await error.waitFor({ state: 'detached', timeout: 10_000 });
    expect((await wallet(code)).cashback.balanceInUsd).toMatch(/^0(\.0+)?$/);
  });
});

describe('Verify Deposit Confirmation', () => {
  it('a provider that does not answer in time shows the warning toast, no error dialog, and the deposit stays pending', async () => {
    // The demo world's pending deposit whose verification the simulator answers with a timeout
    // (tagged demoScenario TIMEOUT; the simulator decides by the cents, .99). Found by its tag
    // through the filtered list, not by scanning every page for an amount.
    const items = (await post('/api/transactions/list', { transactionType: 'DEPOSIT', status: 'PENDING', opId: 'op-alpha', limit: 100 })).data.items as
      { txId: string; toAmount: string; provider: string | null; gateway: string | null; extra: { demoScenario?: string } | null }[];
    const tx = items.find((t) => t.extra?.demoScenario === 'TIMEOUT')!;
    expect(tx, 'the demo pending deposit whose verification times out').toBeDefined();
    expect(tx.provider ?? tx.gateway).toBeTruthy();
    expect(tx.toAmount).toMatch(/\.99/);
    await s.page.goto(`/deposit/pending?drawer=${tx.txId}`);
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('button', { name: 'Verify Deposit' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Verify Deposit Confirmation' });
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await s.page.getByText(PAYMENT_FLOW_MESSAGES.PROVIDER_TIMEOUT_DEPOSIT, { exact: true }).first().waitFor();
    expect(await s.page.getByRole('dialog', { name: PAYMENT_MESSAGES.DEPOSIT_VERIFY_TITLE }).count()).toBe(0);
    const details = (await (await api.get(`/api/transactions/details/${tx.txId}`)).json()).data as { status: string };
    expect(details.status).toBe('PENDING');
  });
});
