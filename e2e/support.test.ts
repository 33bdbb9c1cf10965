import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Session } from './browser.js';

const AGENT_A = 'operator.admin@demo.local';
const AGENT_B = 'operator.manager@demo.local';

let a: Session;
let b: Session;
beforeAll(async () => { [a, b] = await Promise.all([openBrowser(), openBrowser()]); });
afterAll(async () => { await Promise.all([a?.close(), b?.close()]); });

const queue = (p: Page) => p.getByRole('table', { name: 'Support tickets' });

describe('support tickets', () => {
  it('a ticket claimed by one agent shows as held to another, who cannot reply until it is released', async () => {
    await login(a.page, AGENT_A);
    await a.page.goto('/support');
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
    await a.page.getByTestId('ticket-holder').filter({ hasText: 'Held by you' }).waitFor();

    // The other agent, in a browser of their own, sees who holds it; claim and reply are closed to them.
    await login(b.page, AGENT_B);
    await b.page.goto(ticketUrl);
    await b.page.getByRole('heading', { name: /^Ticket #\d+ — / }).waitFor();
    await b.page.getByTestId('ticket-holder').filter({ hasText: `Held by ${AGENT_A}` }).waitFor();
    expect(await b.page.getByRole('button', { name: 'Claim' }).isDisabled()).toBe(true);
    expect(await b.page.getByLabel('Reply', { exact: true }).isDisabled()).toBe(true);
    await b.page.getByText(`This ticket is held by ${AGENT_A}.`, { exact: false }).waitFor();
    // In the queue too.
    await b.page.goto('/support');
    await queue(b.page).getByText(`Held by ${AGENT_A}`).first().waitFor();

    // The holder replies, then releases; the other agent may now claim it.
    await a.page.getByLabel('Reply', { exact: true }).fill('We are looking into it.');
    await a.page.getByRole('button', { name: 'Send reply' }).click();
    await a.page.getByText('Reply sent!').waitFor();
    await a.page.getByRole('listitem').filter({ hasText: 'We are looking into it.' }).waitFor();
    await a.page.getByRole('button', { name: 'Release' }).click();
    await a.page.getByText('Ticket released.').waitFor();
    await b.page.goto(ticketUrl);
    await b.page.getByRole('heading', { name: /^Ticket #\d+ — / }).waitFor();
    await b.page.getByRole('listitem').filter({ hasText: 'We are looking into it.' }).waitFor();
    await b.page.getByRole('button', { name: 'Claim' }).click();
    await b.page.getByTestId('ticket-holder').filter({ hasText: 'Held by you' }).waitFor();

    // Update Ticket Status: a selection is required; the spec's message on success.
    await b.page.getByRole('button', { name: 'Update Ticket Status' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Update Ticket Status' });
    expect(await dialog.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Status').click();
    await b.page.getByRole('option', { name: 'Closed' }).click();
    await dialog.getByRole('button', { name: 'Update' }).click();
    await b.page.getByText('Ticket status updated!').waitFor();
    await b.page.getByTestId('ticket-status').filter({ hasText: 'Closed' }).first().waitFor();
  });
});
