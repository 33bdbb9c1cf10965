import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { choose, login, openBrowser, type Session } from './browser.js';

let s: Session;
let api: APIRequestContext;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'superadmin@demo.local', null);
  api = s.context.request; // shares the session cookie
});
afterAll(async () => { await s?.close(); });

interface Tx { txId: string; status: string; provider: string | null; toAmount: string; toCurrency: string; extra: { demoScenario?: string }; player: { playerCode: string } }

async function withdrawals(body: Record<string, unknown>): Promise<Tx[]> {
  const r = await api.post('/api/transactions/list', { data: { transactionType: 'WITHDRAW', limit: 100, ...body } });
  expect(r.ok()).toBe(true);
  return (await r.json()).data.items as Tx[];
}

async function balance(playerCode: string, currency: string): Promise<string> {
  const r = await api.post('/api/player/wallet', { data: { playerCode } });
  const b = ((await r.json()).data.balances as { currency: string; balance: string }[]).find((x) => x.currency === currency);
  return b?.balance ?? '0';
}

/** Decimal strings → integer units of 1e-8, to compare exactly. */
const units = (d: string) => { const [i, f = ''] = d.split('.'); return BigInt(i!) * 100_000_000n + BigInt((f + '00000000').slice(0, 8)); };

describe('withdrawals', () => {
  it('approves an in-progress withdrawal through the in-progress path', async () => {
    const [tx] = await withdrawals({ status: 'IN_PROGRESS', opId: 'op-alpha', includeBrands: true });
    expect(tx).toBeDefined();
    await s.page.goto(`/withdraw/pending?status=IN_PROGRESS&opId=op-alpha&includeBrands=true&drawer=${tx!.txId}`);
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('button', { name: 'Approve Withdraw' }).click();
    const dialog = s.page.getByRole('dialog').last();
    await dialog.getByLabel('Note for the player').fill('Paid out, thank you.');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await s.page.getByText('Withdraw confirmed succesfully').first().waitFor();
    const r = await api.get(`/api/transactions/details/${tx!.txId}`);
    expect((await r.json()).data.status).toBe('CONFIRMED');
  });

  it('rejects a pending withdrawal and the amount returns to the wallet', async () => {
    const tx = (await withdrawals({ status: 'PENDING', opId: 'op-alpha', includeBrands: true })).find((x) => x.provider && !['tomani', 'witcher'].includes(x.provider) && !x.extra?.demoScenario);
    expect(tx).toBeDefined();
    const before = await balance(tx!.player.playerCode, tx!.toCurrency);
    await s.page.goto(`/withdraw/pending?opId=op-alpha&includeBrands=true&drawer=${tx!.txId}`);
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('button', { name: 'Reject Withdraw' }).click();
    const dialog = s.page.getByRole('dialog').last();
    expect(await dialog.getByLabel('Include in Daily Withdraw Request').isChecked()).toBe(true);
    await dialog.getByLabel('Note for the player').fill('Bank details do not match.');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await s.page.getByText('Withdraw rejected succesfully').first().waitFor();
    const after = await balance(tx!.player.playerCode, tx!.toCurrency);
    expect(units(after) - units(before)).toBe(units(tx!.toAmount));
  });

  it('Tomani: select a gateway, confirm, then force approve', async () => {
    const tx = (await withdrawals({ status: 'PENDING', opId: 'op-alpha', gateway: 'tomani' })).find((x) => x.extra?.demoScenario === 'NEEDS_FORCE');
    expect(tx).toBeDefined();
    await s.page.goto(`/withdraw/pending?opId=op-alpha&drawer=${tx!.txId}`);
    // The gateway and provider by name, not by their code.
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByText('Tomani', { exact: true }).first().waitFor();
    expect(await drawer.getByText('tomani', { exact: true }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Approve Withdraw' }).click();
    const dialog = s.page.getByRole('dialog').last();
    const select = dialog.getByRole('button', { name: 'Select This Gateway' });
    expect(await select.isDisabled()).toBe(true);
    await dialog.getByLabel('Search gateways').fill('#1');
    await dialog.getByRole('list', { name: 'Tomani gateways' }).getByRole('button').first().click();
    await select.click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByTestId('provider-description').waitFor();
    await dialog.getByRole('button', { name: 'Force Approve' }).click();
    await expect.poll(async () => (await (await api.get(`/api/transactions/details/${tx!.txId}`)).json()).data.status).toBe('CONFIRMED');
  });
});

describe('top-up', () => {
  it('a decrease below zero is refused (Decrease disabled)', async () => {
    const [tx] = await withdrawals({ opId: 'op-alpha' });
    const code = tx!.player.playerCode;
    const usd = await balance(code, 'USD');
    const tooMuch = (units(usd) / 100_000_000n + 1n).toString();
    await s.page.goto(`/players?drawer=${code}`);
    await s.page.getByTestId('detail-drawer').getByRole('button', { name: 'Topup Player', exact: true }).click();
    const dialog = s.page.getByRole('dialog').last();
    await dialog.getByLabel('Amount').fill(tooMuch);
    await choose(s.page, dialog.getByLabel('Currency'), 'USD');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Decrease' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Increase' }).isDisabled()).toBe(false);
  });
});

describe('treasuries', () => {
  it('the treasuries and the gateways show each provider by its name, not its code', async () => {
    await s.page.goto('/withdraw/treasuries');
    await s.page.getByRole('cell', { name: 'Utopia', exact: true }).first().waitFor();
    expect(await s.page.getByRole('cell', { name: 'utopia', exact: true }).count()).toBe(0);
    await s.page.goto('/withdraw/gatewaysV2?opId=op-alpha');
    await s.page.getByRole('cell', { name: 'Tomani', exact: true }).first().waitFor();
    expect(await s.page.getByRole('cell', { name: 'tomani', exact: true }).count()).toBe(0);
  });

  it('a Utopia wallet movement opens its details with Details and JSON tabs', async () => {
    await s.page.goto('/withdraw/treasuries?provider=utopia');
    await s.page.locator('tbody tr').first().click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('table', { name: 'Utopia wallet transactions' }).locator('tbody tr').first().click();
    const dialog = s.page.getByRole('dialog', { name: 'Utopia Wallet Transaction Details' });
    await dialog.getByText('Opening balance').waitFor();
    await dialog.getByRole('tab', { name: 'JSON' }).click();
    await dialog.getByText('"transactionType": "TOPUP"').waitFor();
  });
});

describe('rewards', () => {
  it('approves a pending cashback claim from the pending cashback list', async () => {
    const r = await api.post('/api/transactions/list', { data: { transactionType: 'CASHBACK', status: 'PENDING', limit: 20 } });
    const tx = ((await r.json()).data.items as Tx[])[0];
    expect(tx).toBeDefined();
    await s.page.goto(`/transactions/pending-cashback?drawer=${tx!.txId}`);
    await s.page.getByTestId('detail-drawer').getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Cashback approve/reject' });
    await dialog.getByLabel('Note for the player').fill('Enjoy your cashback.');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await s.page.getByText('Cashback confirmed succesfully').first().waitFor();
    const d = await (await api.get(`/api/transactions/details/${tx!.txId}`)).json();
    expect(d.data.status).toBe('CONFIRMED');
  });
});

describe('keyset paging', () => {
  it('the next page of the transactions list is fetched by cursor, and matches the OFFSET page', async () => {
    const bodies: Record<string, unknown>[] = [];
    const listen = (req: import('playwright-core').Request) => {
      if (req.url().endsWith('/api/transactions/list') && req.method() === 'POST') bodies.push(JSON.parse(req.postData() ?? '{}'));
    };
    s.page.on('request', listen);
    await s.page.goto('/transactions/list?limit=10');
    await s.page.locator('tbody tr').first().waitFor();
    const keys = () => s.page.locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-row-key')));
    const first = await keys();
    await s.page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => bodies.some((b) => b.page === 2 && typeof b.cursor === 'string')).toBe(true);
    s.page.off('request', listen);
    await expect.poll(() => new URL(s.page.url()).searchParams.get('page')).toBe('2');
    // The first page's rows stay shown until the next page's answer replaces them.
    await expect.poll(async () => { const k = await keys(); return !!k[0] && k[0] !== first[0]; }).toBe(true);
    const shown = await keys();
    const byOffset = await (await api.post('/api/transactions/list', { data: { limit: 10, page: 2 } })).json();
    expect(shown).toEqual(byOffset.data.items.map((x: { txId: string }) => x.txId));
  });
});
