/**
 * Record claims on /withdraw/pending: the staff member who opens a pending withdrawal holds it;
 * another, in a browser of their own, sees it held by the first and cannot decide it; once the
 * holder closes the drawer (releasing the claim), the other may decide it. The "Claimed by"
 * column of the pending withdrawal and KYC lists follows another's claim and release live: the
 * other browser's list, never reloaded, shows the record held by the first, then free again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '@pitboss/contract';
import type { Page } from 'playwright-core';
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

/** The name the queues show for a staff member (their nickname, else their email). */
async function nameOf(page: Page): Promise<string> {
  const me = await page.request.get('/api/users/me');
  expect(me.ok()).toBe(true);
  const u = (await me.json()).data.user as { nickname?: string | null; email: string };
  return u.nickname || u.email;
}

describe('"Claimed by" column, live in another staff member\'s list', () => {
  // Both signed in by the test above (same browsers); each list shows up to 100 rows so the record is on the first page.
  const SCOPE = 'opId=op-alpha&includeBrands=true&limit=100';

  it('a pending withdrawal opened by one shows as held by them in the other\'s list without a reload, and free again once closed', async () => {
    const r = await a.context.request.post('/api/transactions/list', { data: { transactionType: 'WITHDRAW', status: 'PENDING', opId: 'op-alpha', includeBrands: true, limit: 100 } });
    expect(r.ok()).toBe(true);
    // Not the one the test above takes (the last), nor a demo scenario's, nor one held by anyone now.
    const items = ((await r.json()).data.items as (Tx & { holder: unknown })[]).filter((x) => !x.extra?.demoScenario && !x.holder);
    const tx = items[items.length - 2];
    expect(tx).toBeDefined();
    const holder = await nameOf(a.page);

    await b.page.goto(`/withdraw/pending?${SCOPE}`);
    const row = b.page.locator(`tbody tr[data-row-key="${tx!.txId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('list-holder').count()).toBe(0);
    let reloads = 0;
    b.page.on('framenavigated', (f) => { if (f === b.page.mainFrame()) reloads++; });

    // The first staff member opens it (the drawer claims it).
    await a.page.goto(`/withdraw/pending?${SCOPE}&drawer=${tx!.txId}`);
    await a.page.getByTestId('detail-drawer').getByTestId('record-holder').filter({ hasText: CLAIM_MESSAGES.holder(FIRST, true) }).waitFor();
    // Well within the list's safety-net poll (a minute while the stream is up): only the live event brings it.
    await row.getByTestId('list-holder').filter({ hasText: CLAIM_MESSAGES.holder(holder, false) }).waitFor({ timeout: 15_000 });

    // Closed: released, and the other's list shows nobody holding it.
    await a.page.keyboard.press('Escape');
    await a.page.getByTestId('detail-drawer').waitFor({ state: 'detached' });
    await row.getByTestId('list-holder').waitFor({ state: 'detached', timeout: 15_000 });
    expect(reloads).toBe(0);
  });

  it('a pending KYC document opened by one shows as held by them in the other\'s list without a reload, and free again once closed', async () => {
    const r = await a.context.request.post('/api/kyc/list', { data: { status: 'PENDING', opId: 'op-alpha', includeBrands: true, limit: 100 } });
    expect(r.ok()).toBe(true);
    const items = ((await r.json()).data.items as { kycId: string; holder: unknown }[]).filter((x) => !x.holder);
    // The last pending document: the other browser tests take the first ones.
    const doc = items[items.length - 1];
    expect(doc).toBeDefined();
    const holder = await nameOf(a.page);

    await b.page.goto(`/documentsV2?status=PENDING&${SCOPE}`);
    const row = b.page.locator(`tbody tr[data-row-key="${doc!.kycId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('list-holder').count()).toBe(0);
    let reloads = 0;
    b.page.on('framenavigated', (f) => { if (f === b.page.mainFrame()) reloads++; });

    await a.page.goto(`/documentsV2?status=PENDING&${SCOPE}&drawer=${doc!.kycId}`);
    await a.page.getByTestId('detail-drawer').getByTestId('record-holder').filter({ hasText: CLAIM_MESSAGES.holder(FIRST, true) }).waitFor();
    await row.getByTestId('list-holder').filter({ hasText: CLAIM_MESSAGES.holder(holder, false) }).waitFor({ timeout: 15_000 });

    await a.page.keyboard.press('Escape');
    await a.page.getByTestId('detail-drawer').waitFor({ state: 'detached' });
    await row.getByTestId('list-holder').waitFor({ state: 'detached', timeout: 15_000 });
    expect(reloads).toBe(0);
  });
});
