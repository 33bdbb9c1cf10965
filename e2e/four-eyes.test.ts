/**
 * Four-eyes approval in the console: above op-alpha's threshold a bonus request's first approval
 * (operator admin, with a reason code) records and credits nothing; a second staff member (admin,
 * in another browser) approves and the player is credited once. The threshold is restored after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { BONUS_FORM_MESSAGES, FOUR_EYES_MESSAGES, PAYMENT_MESSAGES } from '@pitboss/contract';
import { choose, login, openBrowser, type Session } from './browser.js';

let root: Session;
let api: APIRequestContext;
const sessions: Session[] = [];
beforeAll(async () => {
  root = await openBrowser();
  await login(root.page, 'superadmin@demo.local', null);
  api = root.context.request;
});
afterAll(async () => {
  for (const x of sessions) await x.close();
  await root?.close();
});

const call = async (method: 'post' | 'put', url: string, data: unknown) => {
  const res = await api[method](url, { data });
  const json = await res.json();
  expect(res.status(), JSON.stringify(json)).toBe(200);
  return json.data;
};
type Req = { requestId: string; playerCode: string; status: string; approvedAmountInUSD: string | null; firstApproval: { status: string; firstByName: string } | null };

/** Opens the Topup Player dialog of the request in the queue (a fresh page load). */
async function openTopup(page: Page, r: { requestId: string; playerCode: string }) {
  await page.goto(`/bonus/form/requests?playerCode=${r.playerCode}`);
  const approve = page.getByTestId(`approve-${r.requestId}`);
  await approve.waitFor({ timeout: 30_000 });
  await approve.click();
  const d = page.getByRole('dialog', { name: `Topup Player — ${r.playerCode}` });
  await d.waitFor();
  return d;
}

describe('four-eyes approval', () => {
  it('above the threshold: the first approval (reason code) credits nothing; a second staff member approves and the player is credited once', async () => {
    await call('put', '/api/operators/four-eyes', { opId: 'op-alpha', thresholdInUSD: '1' });
    try {
      const form = await call('post', '/api/bonus/form', { opId: 'op-alpha', title: 'Four eyes (browser)', prizeType: 'LOCKED', defaultAmountInUSD: '10', maxAmountInUSD: '1000', isActive: true });
      const players = (await call('post', '/api/players', { limit: 50, opId: 'op-alpha' })).items as { playerCode: string }[];
      const playerCode = players[players.length - 1]!.playerCode;
      const bonusUsd = async () => Number((await call('post', '/api/player/wallet', { playerCode })).bonus.balanceInUsd);
      const before = await bonusUsd();
      const created = await call('post', '/api/bonus/form/requests/new', { bonusId: form.bonusId, playerCode, amountInUSD: '25', note: 'Promised on the phone.' });
      const r = { requestId: created.requestId as string, playerCode };

      // First approval: operator admin, with a reason code.
      const first = await openBrowser();
      sessions.push(first);
      await login(first.page, 'operator.admin@demo.local');
      let d = await openTopup(first.page, r);
      await d.getByLabel('Amount (USD)').fill('25');
      await choose(first.page, d.getByLabel('Reason code'), 'Known player');
      await d.getByLabel(/^Note/).fill('First approval.');
      await d.getByLabel('I confirm this bonus top-up').check();
      const firstAnswer = first.page.waitForResponse((res) => res.url().includes('/api/bonus/form/requests') && res.request().method() === 'PUT', { timeout: 60_000 });
      await d.getByRole('button', { name: 'Topup' }).click();
      const a1 = await (await firstAnswer).json();
      expect(a1).toMatchObject({ success: true, messages: [FOUR_EYES_MESSAGES.RECORDED], data: { status: 'PENDING', firstApproval: { status: 'AWAITING_SECOND_APPROVAL', reasonCode: 'KNOWN_PLAYER' } } });
      await first.page.getByText(FOUR_EYES_MESSAGES.RECORDED).first().waitFor({ timeout: 30_000 });
      // The queue shows it awaiting its second approval; the same user sees they cannot give it.
      await first.page.getByText(/Awaiting second approval \(first: /).first().waitFor({ timeout: 30_000 });
      d = await openTopup(first.page, r);
      await expect.poll(() => d.getByTestId('four-eyes-awaiting').textContent(), { timeout: 30_000 }).toContain(FOUR_EYES_MESSAGES.awaitingBy('', true));
      expect(await d.getByLabel('Reason code').count()).toBe(0);
      await d.getByRole('button', { name: 'Cancel' }).click();

      let pending = (await call('post', '/api/bonus/form/requests/list', { view: 'pending', playerCode, limit: 50 })).items as Req[];
      expect(pending.find((x) => x.requestId === r.requestId)).toMatchObject({ status: 'PENDING', firstApproval: { status: 'AWAITING_SECOND_APPROVAL' } });
      expect(await bonusUsd()).toBe(before);

      // Second approval: admin in another browser, no reason code asked.
      const second = await openBrowser();
      sessions.push(second);
      await login(second.page, 'admin@demo.local');
      d = await openTopup(second.page, r);
      await expect.poll(() => d.getByTestId('four-eyes-awaiting').textContent(), { timeout: 30_000 }).toContain('first approved by');
      expect(await d.getByLabel('Reason code').count()).toBe(0);
      await d.getByLabel(/^Note/).fill('Second approval.');
      await d.getByLabel('I confirm this bonus top-up').check();
      const secondAnswer = second.page.waitForResponse((res) => res.url().includes('/api/bonus/form/requests') && res.request().method() === 'PUT', { timeout: 60_000 });
      await d.getByRole('button', { name: 'Topup' }).click();
      const a2 = await (await secondAnswer).json();
      expect(a2).toMatchObject({ success: true, data: { status: 'APPROVED', firstApproval: { status: 'APPROVED' } } });
      await second.page.getByText(BONUS_FORM_MESSAGES.APPROVED).first().waitFor({ timeout: 30_000 });

      pending = (await call('post', '/api/bonus/form/requests/list', { view: 'pending', playerCode, limit: 50 })).items as Req[];
      expect(pending.find((x) => x.requestId === r.requestId)).toBeUndefined();
      const history = (await call('post', '/api/bonus/form/requests/list', { view: 'history', playerCode, limit: 50 })).items as Req[];
      const decided = history.filter((h) => h.requestId === r.requestId);
      expect(decided).toHaveLength(1);
      expect(decided[0]).toMatchObject({ status: 'APPROVED' });
      expect(Number(decided[0]!.approvedAmountInUSD)).toBe(25);
      // Credited once: the bonus wallet gained exactly the amount.
      expect(await bonusUsd()).toBeCloseTo(before + 25, 6);
    } finally {
      await call('put', '/api/operators/four-eyes', { opId: 'op-alpha', thresholdInUSD: null });
    }
  });

  it('the operator page sets the threshold; Approve Withdraw asks the first approver for a reason code, shows them the wait; a second staff member confirms', async () => {
    // The threshold through the operator details page.
    await root.page.goto('/operators/op-alpha');
    const field = root.page.getByLabel('Four-eyes threshold (USD)');
    await field.waitFor({ timeout: 30_000 });
    await field.fill('1');
    try {
      const saved = root.page.waitForResponse((res) => res.url().includes('/api/operators/four-eyes') && res.request().method() === 'PUT', { timeout: 60_000 });
      await root.page.getByRole('form', { name: 'Four-eyes approval' }).getByRole('button', { name: 'Save' }).click();
      expect(await (await saved).json()).toMatchObject({ success: true, data: { opId: 'op-alpha', fourEyesThresholdInUSD: '1.00000000' } });
      await root.page.getByText(FOUR_EYES_MESSAGES.THRESHOLD_SAVED).first().waitFor({ timeout: 30_000 });
      const list = (await call('post', '/api/transactions/list', { transactionType: 'WITHDRAW', status: 'PENDING', opId: 'op-alpha', includeBrands: true, limit: 100 })).items as
        { txId: string; provider: string | null; fromAmountInUSD: string; extra: { demoScenario?: string } | null }[];
      const witcher = list.filter((x) => x.provider === 'witcher' && Number(x.fromAmountInUSD) > 1);
      const tx = witcher.find((x) => !x.extra?.demoScenario) ?? witcher[0];
      expect(tx).toBeDefined();
      const url = `/withdraw/pending?opId=op-alpha&includeBrands=true&drawer=${tx!.txId}`;
      const isPut = (res: { url(): string; request(): { method(): string } }) => res.url().includes('/api/transactionsV2/withdraw') && !res.url().includes('/claim') && res.request().method() === 'PUT';

      // First approval: admin, with the reason Other and its note.
      const first = await openBrowser();
      sessions.push(first);
      await login(first.page, 'admin@demo.local', url);
      let drawer = first.page.getByTestId('detail-drawer');
      await drawer.getByRole('button', { name: 'Approve Withdraw' }).click();
      let d = first.page.getByRole('dialog', { name: 'Approve Withdraw' });
      await choose(first.page, d.getByLabel('Reason code'), 'Other');
      await d.getByLabel('Reason note').fill('Called the player.');
      const a1 = first.page.waitForResponse(isPut, { timeout: 60_000 });
      await d.getByRole('button', { name: 'Approve', exact: true }).click();
      expect(await (await a1).json()).toMatchObject({ success: true, messages: [FOUR_EYES_MESSAGES.RECORDED], data: { status: 'PENDING' } });
      await first.page.getByText(FOUR_EYES_MESSAGES.RECORDED).first().waitFor({ timeout: 30_000 });
      // Again, the same staff member reads that someone else must approve; no reason code is asked.
      await drawer.getByRole('button', { name: 'Approve Withdraw' }).click();
      d = first.page.getByRole('dialog', { name: 'Approve Withdraw' });
      await expect.poll(() => d.getByTestId('four-eyes-awaiting').textContent(), { timeout: 30_000 }).toContain(FOUR_EYES_MESSAGES.awaitingBy('', true));
      expect(await d.getByLabel('Reason code').count()).toBe(0);
      await d.getByRole('button', { name: 'Cancel' }).click();
      // Closing the drawer releases the claim for the second staff member.
      await first.page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await expect.poll(async () => (await api.post('/api/transactionsV2/withdraw/claim', { data: { txId: tx!.txId, action: 'claim' } })).status(), { timeout: 30_000 }).toBe(200);

      // Second approval: superadmin, who sees who approved first and sends no reason.
      await root.page.goto(url);
      drawer = root.page.getByTestId('detail-drawer');
      await drawer.getByRole('button', { name: 'Approve Withdraw' }).click();
      d = root.page.getByRole('dialog', { name: 'Approve Withdraw' });
      await expect.poll(() => d.getByTestId('four-eyes-awaiting').textContent(), { timeout: 30_000 }).toContain('first approved by admin');
      expect(await d.getByLabel('Reason code').count()).toBe(0);
      const a2 = root.page.waitForResponse(isPut, { timeout: 60_000 });
      await d.getByRole('button', { name: 'Approve', exact: true }).click();
      expect(await (await a2).json()).toMatchObject({ success: true, messages: [PAYMENT_MESSAGES.WITHDRAW_CONFIRMED], data: { status: 'CONFIRMED' } });
    } finally {
      await call('put', '/api/operators/four-eyes', { opId: 'op-alpha', thresholdInUSD: null });
    }
  });
});
