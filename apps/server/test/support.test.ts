/**
 * Support tickets: Create Support Ticket and Update Ticket Status (valid and invalid input with
 * the exact messages, the closed → NEW rule), the agent's reply, the queue's order by SLA, the
 * claim (held by another agent refuses their claim, reply and status change; an expired claim is
 * free), tenancy and the activity records of every write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_TICKET_SUBJECT, MSG, SUPPORT_MESSAGES, TICKET_MESSAGE_MAX, TICKET_SUBJECT_MAX, type TicketDetails, type TicketRow } from '@pitboss/contract';
import { recordClaims, supportTickets } from '../src/db/schema.js';
import { ALPHA_PLAYER_OPS, BRAVO_SCOPE, expectError, makeApp, pickPlayer } from './support.js';
import type { Login, TestApp } from './helpers.js';

const OPA: Login = 'operator.admin@demo.local';
const OPM: Login = 'operator.manager@demo.local';
const PARTNER: Login = 'partner@demo.local';
const NEW = '/api/admin/support/agent/tickets/new';
const STATUS = '/api/admin/support/agent/tickets/status';
const REPLY = '/api/admin/support/agent/tickets/reply';
const CLAIM = '/api/admin/support/agent/tickets/claim';
const GET = '/api/admin/support/agent/tickets/get';
const LIST = '/api/admin/support/agent/tickets/list';

let t: TestApp;
beforeAll(async () => { t = await makeApp(); });
afterAll(async () => { await t.close(); });

async function newTicket(as: Login = OPA, message = 'I cannot log in.'): Promise<TicketRow> {
  const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS });
  const res = await t.call('POST', NEW, { as, body: { brandId: p.opId, customerId: p.id, subject: DEFAULT_TICKET_SUBJECT, message } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TicketRow;
}

describe('Create Support Ticket', () => {
  it('creates a NEW ticket with the first message, its SLA, and an activity', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS });
    const res = await t.call('POST', NEW, { as: OPA, body: { brandId: p.opId, customerId: p.playerCode, subject: DEFAULT_TICKET_SUBJECT, message: 'Hello' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages).toEqual([SUPPORT_MESSAGES.CREATED]);
    const tk = res.json().data as TicketRow;
    expect(tk).toMatchObject({ status: 'NEW', brandId: p.opId, playerCode: p.playerCode, subject: DEFAULT_TICKET_SUBJECT, message: 'Hello', claimedBy: null });
    expect(tk.replyDueAt).toBe(tk.firstReplyDueAt);
    expect(await t.lastActivity()).toMatchObject({ action: 'TICKET_CREATE', targetType: 'ticket', targetId: String(tk.ticketNumber), opId: p.opId, actorEmail: OPA });
    const got = await t.call('POST', GET, { as: OPA, body: { ticketId: tk.id } });
    expect((got.json().data as TicketDetails).messages).toMatchObject([{ authorType: 'PLAYER', body: 'Hello' }]);
  });

  it('requires brand, customer, subject and message (exact messages)', async () => {
    const res = await t.call('POST', NEW, { as: OPA, body: { brandId: '', customerId: '', subject: ' ', message: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual(expect.arrayContaining([
      SUPPORT_MESSAGES.BRAND_REQUIRED, SUPPORT_MESSAGES.CUSTOMER_REQUIRED, SUPPORT_MESSAGES.SUBJECT_REQUIRED, SUPPORT_MESSAGES.MESSAGE_REQUIRED,
    ]));
    const long = await t.call('POST', NEW, { as: OPA, body: { brandId: 'b'.repeat(65), customerId: 'c'.repeat(65), subject: 's'.repeat(TICKET_SUBJECT_MAX + 1), message: 'm'.repeat(TICKET_MESSAGE_MAX + 1) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().messages).toEqual(expect.arrayContaining([
      SUPPORT_MESSAGES.BRAND_TOO_LONG, SUPPORT_MESSAGES.CUSTOMER_TOO_LONG, SUPPORT_MESSAGES.SUBJECT_MAX, SUPPORT_MESSAGES.MESSAGE_MAX,
    ]));
  });

  it('refuses a player of another brand, and a player of another operator is not found', async () => {
    const p = await pickPlayer(t, { opIds: ['alpha-bet'] });
    expectError(await t.call('POST', NEW, { as: OPA, body: { brandId: 'alpha-casino', customerId: p.id, subject: 'x', message: 'y' } }), 400, [SUPPORT_MESSAGES.PLAYER_NOT_IN_BRAND]);
    const b = await pickPlayer(t, { opIds: BRAVO_SCOPE });
    expectError(await t.call('POST', NEW, { as: OPA, body: { brandId: b.opId, customerId: b.id, subject: 'x', message: 'y' } }), 404, [MSG.PLAYER_NOT_FOUND]);
  });

  it('is denied without the support page', async () => {
    const p = await pickPlayer(t, { opIds: ALPHA_PLAYER_OPS });
    const res = await t.call('POST', NEW, { as: PARTNER, body: { brandId: p.opId, customerId: p.id, subject: 'x', message: 'y' } });
    expectError(res, 403, [MSG.NO_PERMISSION]);
  });
});

describe('Update Ticket Status', () => {
  it('updates the status with the spec message and an activity', async () => {
    const tk = await newTicket();
    const res = await t.call('POST', STATUS, { as: OPA, body: { id: tk.id, brandId: tk.brandId, opId: tk.opId, status: 'PENDING' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'PENDING' }, messages: [SUPPORT_MESSAGES.STATUS_UPDATED] });
    expect(await t.lastActivity()).toMatchObject({ action: 'TICKET_STATUS', targetType: 'ticket', targetId: String(tk.ticketNumber), before: { status: 'NEW' }, after: { status: 'PENDING' } });
  });

  it('requires a status; a closed ticket cannot go back to NEW but may go elsewhere', async () => {
    const tk = await newTicket();
    expectError(await t.call('POST', STATUS, { as: OPA, body: { id: tk.id } }), 400, [SUPPORT_MESSAGES.STATUS_REQUIRED]);
    expect((await t.call('POST', STATUS, { as: OPA, body: { id: tk.id, status: 'CLOSED' } })).statusCode).toBe(200);
    expectError(await t.call('POST', STATUS, { as: OPA, body: { id: tk.id, status: 'NEW' } }), 400, [SUPPORT_MESSAGES.CLOSED_TO_NEW]);
    expectError(await t.call('POST', STATUS, { as: OPA, body: { id: tk.id, status: 'CLOSED' } }), 400, [SUPPORT_MESSAGES.STATUS_UNCHANGED]);
    const res = await t.call('POST', STATUS, { as: OPA, body: { id: tk.id, status: 'PENDING' } });
    expect(res.json().data.status).toBe('PENDING');
  });

  it('back in the queue after a first reply, the next reply is due; out of the queue none is', async () => {
    const tk = await newTicket();
    expect((await t.call('POST', REPLY, { as: OPA, body: { ticketId: tk.id, message: 'Answered.' } })).statusCode).toBe(200);
    const pending = (await t.call('POST', STATUS, { as: OPA, body: { id: tk.id, status: 'PENDING' } })).json().data as TicketRow;
    expect(pending.nextReplyDueAt).not.toBeNull();
    expect(pending.replyDueAt).toBe(pending.nextReplyDueAt);
    const closed = (await t.call('POST', STATUS, { as: OPA, body: { id: tk.id, status: 'CLOSED' } })).json().data as TicketRow;
    expect(closed).toMatchObject({ replyDueAt: null, nextReplyDueAt: null });
  });

  it('a ticket outside the operator the console has selected is not found', async () => {
    const tk = await newTicket();
    expectError(await t.call('POST', STATUS, { as: 'admin@demo.local', body: { id: tk.id, opId: 'op-bravo', status: 'PENDING' } }), 404, [SUPPORT_MESSAGES.TICKET_NOT_FOUND]);
    expect((await t.call('POST', STATUS, { as: 'admin@demo.local', body: { id: tk.id, opId: 'op-alpha', status: 'PENDING' } })).statusCode).toBe(200);
  });

  it("another operator's ticket is not found", async () => {
    const [b] = await t.database.db.select().from(supportTickets).where(inArray(supportTickets.opId, [...BRAVO_SCOPE])).limit(1);
    expectError(await t.call('POST', STATUS, { as: OPA, body: { id: b!.id, status: 'CLOSED' } }), 404, [SUPPORT_MESSAGES.TICKET_NOT_FOUND]);
    expectError(await t.call('POST', GET, { as: OPA, body: { ticketId: b!.id } }), 404, [SUPPORT_MESSAGES.TICKET_NOT_FOUND]);
  });
});

describe('reply', () => {
  it('adds the agent message, sets REPLIED, records the first reply and leaves the queue', async () => {
    const tk = await newTicket();
    const res = await t.call('POST', REPLY, { as: OPA, body: { ticketId: tk.id, message: 'We are on it.' } });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data as TicketDetails;
    expect(d).toMatchObject({ status: 'REPLIED', replyDueAt: null });
    expect(d.firstRepliedAt).not.toBeNull();
    expect(d.messages.map((m) => [m.authorType, m.author])).toEqual([['PLAYER', expect.any(String)], ['STAFF', OPA]]);
    expect(await t.lastActivity()).toMatchObject({ action: 'TICKET_REPLY', targetType: 'ticket' });
    expectError(await t.call('POST', REPLY, { as: OPA, body: { ticketId: tk.id, message: '  ' } }), 400, [SUPPORT_MESSAGES.MESSAGE_REQUIRED]);
  });

  it('refuses a reply to a closed ticket', async () => {
    const tk = await newTicket();
    await t.call('POST', STATUS, { as: OPA, body: { id: tk.id, status: 'CLOSED' } });
    expectError(await t.call('POST', REPLY, { as: OPA, body: { ticketId: tk.id, message: 'x' } }), 400, [SUPPORT_MESSAGES.REPLY_CLOSED]);
  });
});

describe('claims', () => {
  it('a ticket held by one agent shows its holder to another and refuses their claim, reply and status', async () => {
    const tk = await newTicket();
    const c = await t.call('POST', CLAIM, { as: OPA, body: { ticketId: tk.id, action: 'claim' } });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({ data: { claimedBy: OPA, claimedByMe: true }, messages: [SUPPORT_MESSAGES.CLAIMED] });
    expect(await t.lastActivity()).toMatchObject({ action: 'TICKET_CLAIM', after: { claimedBy: OPA } });

    const seen = await t.call('POST', GET, { as: OPM, body: { ticketId: tk.id } });
    expect(seen.json().data).toMatchObject({ claimedBy: OPA, claimedByMe: false });
    const held = [SUPPORT_MESSAGES.heldBy(OPA)];
    expectError(await t.call('POST', CLAIM, { as: OPM, body: { ticketId: tk.id, action: 'claim' } }), 409, held);
    expectError(await t.call('POST', REPLY, { as: OPM, body: { ticketId: tk.id, message: 'x' } }), 409, held);
    expectError(await t.call('POST', STATUS, { as: OPM, body: { id: tk.id, status: 'CLOSED' } }), 409, held);
    expectError(await t.call('POST', CLAIM, { as: OPM, body: { ticketId: tk.id, action: 'release' } }), 409, held);
    // The holder works on it.
    expect((await t.call('POST', REPLY, { as: OPA, body: { ticketId: tk.id, message: 'Mine.' } })).statusCode).toBe(200);

    const r = await t.call('POST', CLAIM, { as: OPA, body: { ticketId: tk.id, action: 'release' } });
    expect(r.json()).toMatchObject({ data: { claimedBy: null }, messages: [SUPPORT_MESSAGES.RELEASED] });
    expect(await t.lastActivity()).toMatchObject({ action: 'TICKET_RELEASE' });
    expectError(await t.call('POST', CLAIM, { as: OPA, body: { ticketId: tk.id, action: 'release' } }), 409, [SUPPORT_MESSAGES.NOT_HOLDER]);
    expect((await t.call('POST', STATUS, { as: OPM, body: { id: tk.id, status: 'CLOSED' } })).statusCode).toBe(200);
  });

  it('an expired claim is nobody\'s: another agent may take the ticket', async () => {
    const tk = await newTicket();
    expect((await t.call('POST', CLAIM, { as: OPA, body: { ticketId: tk.id, action: 'claim' } })).statusCode).toBe(200);
    // The holder went idle: the claim's time is past.
    await t.database.db.update(recordClaims).set({ claimedUntil: new Date(Date.now() - 1000) }).where(and(eq(recordClaims.kind, 'ticket'), eq(recordClaims.recordId, tk.id)));
    const seen = await t.call('POST', GET, { as: OPM, body: { ticketId: tk.id } });
    expect(seen.json().data).toMatchObject({ claimedBy: null, claimedUntil: null });
    const c = await t.call('POST', CLAIM, { as: OPM, body: { ticketId: tk.id, action: 'claim' } });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().data).toMatchObject({ claimedBy: OPM, claimedByMe: true });
  });
});

describe('the queue', () => {
  it('sorts tickets awaiting an agent by reply due, then the rest; filters by status and number; pages by keyset', async () => {
    const res = await t.call('POST', LIST, { as: OPA, body: { limit: 20 } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as TicketRow[];
    const waiting = items.filter((x) => x.replyDueAt !== null);
    expect(waiting.length).toBeGreaterThan(0);
    // Awaiting an agent first, soonest reply due first.
    expect(items.slice(0, waiting.length)).toEqual(waiting);
    expect(waiting.map((x) => x.replyDueAt)).toEqual([...waiting.map((x) => x.replyDueAt)].sort());
    expect(items.every((x) => ALPHA_PLAYER_OPS.includes(x.opId as never))).toBe(true);
    expect(items[0]!.brandTitle).not.toBe(items[0]!.opId);
    const next = await t.call('POST', LIST, { as: OPA, body: { limit: 20, cursor: res.json().data.nextCursor } });
    const ids = new Set(items.map((x) => x.id));
    expect((next.json().data.items as TicketRow[]).some((x) => ids.has(x.id))).toBe(false);

    const closed = await t.call('POST', LIST, { as: OPA, body: { status: 'CLOSED', limit: 5 } });
    expect(closed.json().data.items.length).toBeGreaterThan(0);
    expect((closed.json().data.items as TicketRow[]).every((x) => x.status === 'CLOSED')).toBe(true);
    const one = await t.call('POST', LIST, { as: OPA, body: { ticketNumber: items[0]!.ticketNumber } });
    expect((one.json().data.items as TicketRow[]).map((x) => x.id)).toEqual([items[0]!.id]);
    const [b] = await t.database.db.select().from(supportTickets).where(and(inArray(supportTickets.opId, [...BRAVO_SCOPE]))).limit(1);
    const none = await t.call('POST', LIST, { as: OPA, body: { ticketNumber: b!.ticketNumber } });
    expect(none.json().data.items).toEqual([]);
  });

  it('the ticket log feeds the support activities page', async () => {
    const tk = await newTicket();
    const res = await t.call('POST', '/api/activities/list', { as: OPA, body: { log: 'ticket', targetId: String(tk.ticketNumber) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items.map((a: { action: string }) => a.action)).toEqual(['TICKET_CREATE']);
  });
});

describe('the tickets badge', () => {
  it('counts tickets awaiting an agent (NEW, PENDING) in the caller\'s operators, and moves with them', async () => {
    const count = async () => (await t.call('GET', '/api/admin/badges?opId=alpha-bet', { as: OPA })).json().data.tickets as number;
    const before = await count();
    const p = await pickPlayer(t, { opIds: ['alpha-bet'] });
    const tk = (await t.call('POST', NEW, { as: OPA, body: { brandId: p.opId, customerId: p.id, subject: 'Bonus', message: 'Where is my bonus?' } })).json().data as TicketRow;
    expect(await count()).toBe(before + 1);
    await t.call('POST', STATUS, { as: OPA, body: { id: tk.id, status: 'CLOSED' } });
    expect(await count()).toBe(before);
    expect((await t.call('GET', '/api/admin/badges', { as: PARTNER })).json().data).not.toHaveProperty('tickets');
  });
});
