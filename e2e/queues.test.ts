import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Locator } from 'playwright-core';
import { MSG, PAYMENT_FLOW_MESSAGES, PAYMENT_MESSAGES } from '@pitboss/contract';
import { choose, login, openBrowser, type Session } from './browser.js';

/*
 * Queues advance: after a decision on a record of a pending list, the detail drawer opens the
 * next record still waiting for one (the list kit's queue mode). One test per pending list that
 * has no test elsewhere (withdrawals: flows.test.ts, KYC: players.test.ts).
 */
let s: Session;
let api: APIRequestContext;
beforeAll(async () => {
  s = await openBrowser();
  s.page.setDefaultTimeout(20_000);
  await login(s.page, 'superadmin@demo.local', null);
  api = s.context.request;
});
afterAll(async () => { await s?.close(); });

const post = async (url: string, data: unknown) => (await (await api.post(url, { data })).json()).data;
const openKey = () => new URL(s.page.url()).searchParams.get('drawer');

/**
 * Opens the pending record at `index` of the list at `path` (a row in the middle, so that tests
 * deciding the first rows elsewhere cannot move it), makes the decision with `decide`, and checks
 * that the drawer then shows the next pending record of the page.
 */
async function decideAndAdvance(path: string, decide: (drawer: Locator) => Promise<void>, skip: (key: string) => boolean = () => false) {
  await s.page.goto(path);
  const rows = s.page.locator('tbody tr[data-row-key]');
  await rows.first().waitFor();
  const keysNow = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')!));
  const keys = await keysNow();
  const candidates = keys.filter((k) => !skip(k));
  expect(candidates.length, `pending records on ${path}`).toBeGreaterThanOrEqual(3);
  const decided = candidates[1]!;
  const expected = keys[keys.indexOf(decided) + 1]!;
  expect(expected).toBeDefined();
  await s.page.locator(`tbody tr[data-row-key="${decided}"]`).click();
  expect(openKey()).toBe(decided);
  const drawer = s.page.getByTestId('detail-drawer');
  await drawer.getByRole('heading').first().waitFor();
  await decide(drawer);
  // The decided record leaves the pending list; the drawer shows the record that followed it.
  await expect.poll(openKey, { timeout: 15_000 }).toBe(expected);
  await expect.poll(keysNow, { timeout: 15_000 }).not.toContain(decided);
  return { decided, next: expected };
}

describe('queues advance', () => {
  it('pending deposits: after rejecting a deposit order the drawer shows the next pending deposit', async () => {
    // The demo scenario deposits (provider outcomes) are kept for their own tests.
    const items = (await post('/api/transactions/list', { transactionType: 'DEPOSIT', status: 'PENDING', limit: 50 })).items as { txId: string; extra: { demoScenario?: string } | null }[];
    const demo = new Set(items.filter((t) => t.extra?.demoScenario).map((t) => t.txId));
    const { decided, next } = await decideAndAdvance('/deposit/pending', async (drawer) => {
      await drawer.getByRole('button', { name: 'Reject Deposit Order' }).click();
      const dialog = s.page.getByRole('dialog', { name: 'Reject Deposit Order' });
      await dialog.getByLabel('Reject reason').fill('The payment never reached the gateway account.');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await s.page.getByText(PAYMENT_FLOW_MESSAGES.DEPOSIT_ORDER_REJECTED).first().waitFor();
    }, (k) => demo.has(k));
    expect(((await (await api.get(`/api/transactions/details/${decided}`)).json()).data as { status: string }).status).toBe('REJECTED');
    await s.page.getByTestId('detail-drawer').getByRole('button', { name: 'Reject Deposit Order' }).waitFor();
    expect(next).not.toBe(decided);
  });

  it('player usernames: after rejecting a request the drawer shows the next pending request', async () => {
    const { decided } = await decideAndAdvance('/players/usernames?status=PENDING', async (drawer) => {
      await drawer.getByRole('button', { name: 'Moderate' }).click();
      const dialog = s.page.getByRole('dialog', { name: /^Edit Username — / });
      await choose(s.page, dialog.getByLabel('Status'), 'Reject');
      await dialog.getByLabel('Note for the player').fill('This username is not allowed.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await s.page.getByText(MSG.USERNAME_UPDATED).first().waitFor();
    });
    const rows = (await post('/api/players/usernames/list', { limit: 100 })).items as { id: string; status: string }[];
    expect(rows.find((r) => r.id === decided)?.status).toBe('REJECT');
    await s.page.getByTestId('detail-drawer').getByRole('button', { name: 'Moderate' }).waitFor();
  });

  it('bank accounts: after rejecting an account the drawer shows the next pending account', async () => {
    const { decided } = await decideAndAdvance('/withdraw/bank-accounts?status=pending&deleted=false', async (drawer) => {
      await drawer.getByLabel('Note for the player').fill('The name on the card does not match.');
      await drawer.getByRole('button', { name: 'Reject', exact: true }).click();
      await s.page.getByText(PAYMENT_MESSAGES.BANK_ACCOUNT_REJECTED).first().waitFor();
    });
    const rows = (await post('/api/paymentsV2/withdraw/bank-accounts/list', { status: 'rejected', limit: 100 })).items as { uuid: string }[];
    expect(rows.some((r) => r.uuid === decided)).toBe(true);
    await s.page.getByTestId('detail-drawer').getByRole('button', { name: 'Reject', exact: true }).waitFor();
  });

  it.each([
    ['/transactions/pending-cashback', 'Cashback approve/reject'],
    ['/transactions/pending-affiliate-profit', 'Affiliate Withdraw Confirmation'],
  ])('%s: after rejecting a reward the drawer shows the next pending one', async (path, title) => {
    const { decided } = await decideAndAdvance(path, async (drawer) => {
      await drawer.getByRole('button', { name: 'Reject', exact: true }).click();
      const dialog = s.page.getByRole('dialog', { name: title });
      await dialog.getByLabel('Note for the player').fill('Not eligible this month.');
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    });
    expect(((await (await api.get(`/api/transactions/details/${decided}`)).json()).data as { status: string }).status).toBe('REJECTED');
    await s.page.getByTestId('detail-drawer').getByRole('button', { name: 'Reject', exact: true }).waitFor();
  });
});
