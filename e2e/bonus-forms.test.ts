import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { BONUS_FORM_MESSAGES } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
let api: APIRequestContext;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'operator.admin@demo.local', null);
  api = s.context.request;
});
afterAll(async () => { await s?.close(); });

const post = async (url: string, data: unknown) => (await (await api.post(url, { data })).json()).data;
type Req = { requestId: string; playerCode: string; status: string; amountInUSD: string };

describe('bonus form requests', () => {
  it('approves a request through Topup Player with the accept checkbox: success message, out of the queue, in the history', async () => {
    const pending = (await post('/api/bonus/form/requests/list', { view: 'pending', limit: 20 })).items as Req[];
    expect(pending.length).toBeGreaterThan(0);
    const r = pending[0]!;

    await s.page.goto(`/bonus/form/requests?playerCode=${r.playerCode}`);
    const approve = s.page.getByTestId(`approve-${r.requestId}`);
    await approve.click();
    const d = s.page.getByRole('dialog', { name: `Topup Player — ${r.playerCode}` });
    await d.getByLabel('Note').fill('Approved from the queue.');
    // Without the accept checkbox nothing is sent: the rule's message shows.
    await d.getByRole('button', { name: 'Topup' }).click();
    await expect.poll(() => d.getByText(BONUS_FORM_MESSAGES.ACCEPT_REQUIRED).count()).toBe(1);
    // An amount of 0 is refused with the contract's message.
    await d.getByLabel('Amount (USD)').fill('0');
    await expect.poll(() => d.getByText(BONUS_FORM_MESSAGES.AMOUNT_ABOVE_ZERO).count()).toBe(1);
    await d.getByLabel('Amount (USD)').fill('12.5');
    await d.getByLabel('I confirm this bonus top-up').check();
    await d.getByRole('button', { name: 'Topup' }).click();
    await expect.poll(() => s.page.getByText(BONUS_FORM_MESSAGES.APPROVED).count()).toBeGreaterThan(0);
    await expect.poll(() => approve.count()).toBe(0);

    const history = (await post('/api/bonus/form/requests/list', { view: 'history', playerCode: r.playerCode, limit: 50 })).items as (Req & { approvedAmountInUSD: string })[];
    const decided = history.find((h) => h.requestId === r.requestId);
    expect(decided).toMatchObject({ status: 'APPROVED' });
    expect(Number(decided!.approvedAmountInUSD)).toBe(12.5);

    await s.page.goto(`/bonus/form/history?playerCode=${r.playerCode}`);
    const table = s.page.getByRole('table', { name: 'Bonus form history' });
    await table.waitFor();
    // A fresh page load (session, console and page chunks, then the list call): more than the default second.
    await expect.poll(() => table.getByText('Approved from the queue.').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => table.getByText('Approved', { exact: true }).count()).toBeGreaterThan(0);
  });
});
