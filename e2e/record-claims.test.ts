/**
 * Record claims on /withdraw/pending: the staff member who opens a pending withdrawal holds it;
 * another, in a browser of their own, sees it held by the first and cannot decide it; once the
 * holder closes the drawer (releasing the claim), the other may decide it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

const FIRST = 'operator.admin@demo.local';
const SECOND = 'admin@demo.local';

let a: Session;
let b: Session;
beforeAll(async () => { [a, b] = await Promise.all([openBrowser(), openBrowser()]); });
afterAll(async () => { await Promise.all([a?.close(), b?.close()]); });

interface Tx { txId: string; provider: string | null; extra: { demoScenario?: string } | null }

describe('pending withdrawal claims', () => {
  it('the second staff member sees the withdrawal held by the first, with the decisions disabled', async () => {
    await login(a.page, FIRST);
    await login(b.page, SECOND);
    // A pending withdrawal the other browser tests leave alone (the last one of the list, no demo scenario).
    const r = await a.context.request.post('/api/transactions/list', { data: { transactionType: 'WITHDRAW', status: 'PENDING', opId: 'op-alpha', includeBrands: true, limit: 100 } });
    expect(r.ok()).toBe(true);
    const items = ((await r.json()).data.items as Tx[]).filter((x) => !x.extra?.demoScenario);
    const tx = items[items.length - 1];
    expect(tx).toBeDefined();
    const url = `/withdraw/pending?opId=op-alpha&includeBrands=true&drawer=${tx!.txId}`;

    await a.page.goto(url);
    const mine = a.page.getByTestId('detail-drawer');
    await mine.getByTestId('record-holder').filter({ hasText: CLAIM_MESSAGES.holder(FIRST, true) }).waitFor();
    expect(await mine.getByRole('button', { name: 'Reject Withdraw' }).isDisabled()).toBe(false);

    await b.page.goto(url);
    const theirs = b.page.getByTestId('detail-drawer');
    await theirs.getByTestId('record-held').filter({ hasText: CLAIM_MESSAGES.heldBy('withdrawal', FIRST) }).waitFor();
    expect(await theirs.getByRole('button', { name: 'Reject Withdraw' }).isDisabled()).toBe(true);
    expect(await theirs.getByRole('button', { name: 'Approve Withdraw' }).isDisabled()).toBe(true);

    // The holder closes the drawer: the claim is released, and the other takes it on opening it again.
    await a.page.keyboard.press('Escape');
    await mine.waitFor({ state: 'detached' });
    await expect.poll(async () => {
      const c = await b.context.request.post('/api/transactionsV2/withdraw/claim', { data: { txId: tx!.txId, action: 'claim' } });
      return c.status();
    }).toBe(200);
    await b.page.reload();
    await b.page.getByTestId('detail-drawer').getByTestId('record-holder').filter({ hasText: CLAIM_MESSAGES.holder(SECOND, true) }).waitFor();
    expect(await b.page.getByTestId('detail-drawer').getByRole('button', { name: 'Reject Withdraw' }).isDisabled()).toBe(false);
  });
});
