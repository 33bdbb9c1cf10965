import { LIST, anyOf, ep, lookup, record, recordWithin } from '../define.js';

const SUPPORT = anyOf('support');

/**
 * Support tickets (001 §2, §5, §7): the queue, one ticket with its conversation, Create Support
 * Ticket, Update Ticket Status (the spec's two calls), the agent's reply and the claim. A claim
 * held by another agent refuses their reply and status change (409). Every change is announced
 * live (`live: 'tickets'`): the queues, the ticket pages and the badges of other agents follow at once.
 */
export const SUPPORT_ENDPOINTS = {
  'support.list': ep({
    method: 'POST', path: '/api/admin/support/agent/tickets/list', tag: 'support',
    summary: 'Tickets, the queue first: awaiting an agent by reply due (SLA), then waiting on the player, then done (designed: the spec shows no list call)',
    access: SUPPORT, scope: LIST,
  }),
  'support.get': ep({
    method: 'POST', path: '/api/admin/support/agent/tickets/get', tag: 'support',
    summary: 'One ticket with its conversation and who holds it (designed)',
    access: SUPPORT, scope: record('ticket', 'ticketId'),
  }),
  'support.create': ep({
    method: 'POST', path: '/api/admin/support/agent/tickets/new', tag: 'support',
    summary: "Create Support Ticket for a player of a brand (brandId, customerId: the player's id or code, subject, message)",
    access: SUPPORT, scope: lookup('player', 'customerId'), audit: 'TICKET_CREATE', live: 'tickets',
  }),
  'support.status': ep({
    method: 'POST', path: '/api/admin/support/agent/tickets/status', tag: 'support',
    summary: 'Update Ticket Status (a closed ticket cannot go back to NEW)',
    access: SUPPORT, scope: recordWithin('ticket', 'id'), audit: 'TICKET_STATUS', live: 'tickets',
  }),
  'support.reply': ep({
    method: 'POST', path: '/api/admin/support/agent/tickets/reply', tag: 'support',
    summary: "An agent's reply to the player (status REPLIED; designed)",
    access: SUPPORT, scope: record('ticket', 'ticketId'), audit: 'TICKET_REPLY', live: 'tickets',
  }),
  'support.claim': ep({
    method: 'POST', path: '/api/admin/support/agent/tickets/claim', tag: 'support',
    summary: 'Claim (or renew) or release a ticket; a claim expires when its agent is idle (designed)',
    access: SUPPORT, scope: record('ticket', 'ticketId'), audit: ['TICKET_CLAIM', 'TICKET_RELEASE'], live: 'tickets',
  }),
} as const;
