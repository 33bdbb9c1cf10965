import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_TICKET_SUBJECT, ENDPOINTS, SUPPORT_MESSAGES } from '@pitboss/contract';
import { choose, login, openBrowser, type Session } from './browser.js';

const AGENT_A = 'operator.admin@demo.local';
const AGENT_B = 'operator.manager@demo.local';

let a: Session;
let b: Session;
beforeAll(async () => { [a, b] = await Promise.all([openBrowser(), openBrowser()]); });
afterAll(async () => { await Promise.all([a?.close(), b?.close()]); });

const queue = (p: Page) => p.getByRole('table', { name: 'Support tickets' });

describe('support tickets', () => {
  it('a ticket claimed by one agent shows as held to another, who cannot reply until it is released', async () => {
    await login(a.page, AGENT_A, '/support');
    // The queue's first row (awaiting an agent, the soonest reply due): its drawer, then its page.
    const first = queue(a.page).locator('tbody tr').first();
    await first.waitFor();
    await first.locator('td').nth(2).click();
    await a.page.getByText(/^Ticket #\d+/).first().waitFor();
    await a.page.getByRole('link', { name: 'Open ticket' }).click();
    await a.page.waitForURL(/\/support\/[^/]+\/[0-9a-f-]{36}$/);
    const ticketUrl = new URL(a.page.url()).pathname;
    await a.page.getByRole('heading', { name: /^Ticket #\d+ — / }).waitFor();
    await a.page.getByTestId('sla-timer').first().waitFor();
    await a.page.getByRole('button', { name: 'Claim' }).click();
    await a.page.getByTestId('ticket-holder').filter({ hasText: SUPPORT_MESSAGES.holder(null, true) }).waitFor();

    // The other agent, in a browser of their own, sees who holds it; claim and reply are closed to them.
    await login(b.page, AGENT_B, ticketUrl);
    await b.page.getByRole('heading', { name: /^Ticket #\d+ — / }).waitFor();
    await b.page.getByTestId('ticket-holder').filter({ hasText: SUPPORT_MESSAGES.holder(AGENT_A, false) }).waitFor();
    expect(await b.page.getByRole('button', { name: 'Claim' }).isDisabled()).toBe(true);
    expect(await b.page.getByLabel('Reply', { exact: true }).isDisabled()).toBe(true);
    await b.page.getByText(SUPPORT_MESSAGES.heldBy(AGENT_A)).first().waitFor();
    // In the queue too.
    await b.page.goto('/support');
    await queue(b.page).getByText(SUPPORT_MESSAGES.holder(AGENT_A, false)).first().waitFor();

    // The holder replies, then releases; the other agent may now claim it.
    await a.page.getByLabel('Reply', { exact: true }).fill('We are looking into it.');
    await a.page.getByRole('button', { name: 'Send reply' }).click();
    await a.page.getByText(SUPPORT_MESSAGES.REPLY_SENT).waitFor();
    await a.page.getByRole('listitem').filter({ hasText: 'We are looking into it.' }).waitFor();
    await a.page.getByRole('button', { name: 'Release' }).click();
    await a.page.getByText(SUPPORT_MESSAGES.RELEASED).waitFor();
    await b.page.goto(ticketUrl);
    await b.page.getByRole('heading', { name: /^Ticket #\d+ — / }).waitFor();
    await b.page.getByRole('listitem').filter({ hasText: 'We are looking into it.' }).waitFor();
    await b.page.getByRole('button', { name: 'Claim' }).click();
    await b.page.getByTestId('ticket-holder').filter({ hasText: SUPPORT_MESSAGES.holder(null, true) }).waitFor();

    // Update Ticket Status: a selection is required; the spec's message on success.
    await b.page.getByRole('button', { name: 'Update Ticket Status' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Update Ticket Status' });
    expect(await dialog.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);
    await choose(b.page, dialog.getByLabel('Status'), 'Closed');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await b.page.getByText(SUPPORT_MESSAGES.STATUS_UPDATED).waitFor();
    await b.page.getByTestId('ticket-status').filter({ hasText: 'Closed' }).first().waitFor();
  });

  it("a ticket another agent creates, and their reply, appear without a reload (live updates)", async () => {
    // Both agents are signed in (the test above). The other agent watches the queue of one player.
    const players = await a.page.request.post(ENDPOINTS['players.list'].path, { data: { opId: 'alpha-bet', isTest: 'false', limit: 1 } });
    expect(players.status()).toBe(200);
    const player = (await players.json()).data.items[0] as { playerCode: string; opId: string };
    await b.page.goto(`/support?playerCode=${player.playerCode}`);
    await queue(b.page).waitFor();
    const message = `Live ${Date.now()}`;
    const created = await a.page.request.post(ENDPOINTS['support.create'].path, {
      data: { brandId: player.opId, customerId: player.playerCode, subject: DEFAULT_TICKET_SUBJECT, message },
    });
    expect(created.status()).toBe(200);
    const ticket = (await created.json()).data as { id: string; ticketNumber: number; opId: string };
    // Well within the pages' poll (which, while the stream is up, is a minute): only the stream brings it.
    await queue(b.page).getByText(`#${ticket.ticketNumber}`, { exact: true }).waitFor({ timeout: 10_000 });

    // The other agent opens it; the first agent's reply shows up there by itself.
    await b.page.goto(`/support/${ticket.opId}/${ticket.id}`);
    await b.page.getByRole('heading', { name: new RegExp(`^Ticket #${ticket.ticketNumber} — `) }).waitFor();
    const reply = `Answered live ${Date.now()}`;
    const sent = await a.page.request.post(ENDPOINTS['support.reply'].path, { data: { ticketId: ticket.id, message: reply } });
    expect(sent.status()).toBe(200);
    await b.page.getByRole('listitem').filter({ hasText: reply }).waitFor({ timeout: 10_000 });
  });
});
