/**
 * Support tickets (001 §2, §5, §7, §8): tickets between players and agents, the create and status
 * rules and messages, and the live work queue (claims that expire when the agent goes idle, the
 * SLA of the first and next reply). One schema per rule, used by the console's forms and the
 * server's bodies.
 */
import { z } from 'zod';
import { listScope } from './api.js';
import { CLAIM_MESSAGES } from './claims.js';

/** 001 §5: ticket statuses. */
export const TICKET_STATUSES = ['NEW', 'PENDING', 'REPLIED', 'CLOSED', 'ARCHIVED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** 001 §3: the default subject of a new ticket ("the login-and-registration subject"). */
export const DEFAULT_TICKET_SUBJECT = 'Login and registration';
/** Subjects offered by the Create Support Ticket dialog (free text is accepted too). */
export const TICKET_SUBJECTS = [DEFAULT_TICKET_SUBJECT, 'Deposit', 'Withdrawal', 'Bonus', 'Bets', 'Verification (KYC)', 'Other'] as const;

/** The first agent reply is due this long after the ticket is opened. */
export const FIRST_REPLY_SLA_MS = 60 * 60_000;
/** After a player writes again, the next agent reply is due this long after. */
export const NEXT_REPLY_SLA_MS = 4 * 60 * 60_000;

export const TICKET_SUBJECT_MAX = 120;
export const TICKET_MESSAGE_MAX = 4000;

/** How often the queue and a ticket page reload while no live stream is up (live.ts). */
export const TICKET_POLL_MS = 15_000;

export const SUPPORT_MESSAGES = {
  // 001 §8
  CREATED: 'New support ticket created!',
  STATUS_UPDATED: 'Ticket status updated!',
  // 001 §5 rules
  BRAND_REQUIRED: 'Please select a brand.',
  CUSTOMER_REQUIRED: 'Please enter the customer (player).',
  SUBJECT_REQUIRED: 'Subject is required.',
  SUBJECT_MAX: `Subject can be at most ${TICKET_SUBJECT_MAX} characters.`,
  MESSAGE_REQUIRED: 'Message is required.',
  MESSAGE_MAX: `Message can be at most ${TICKET_MESSAGE_MAX} characters.`,
  STATUS_REQUIRED: 'Please select a status.',
  CLOSED_TO_NEW: 'A closed ticket cannot be set back to NEW.',
  STATUS_UNCHANGED: 'The ticket already has this status.',
  STATUS_CHANGED_MEANWHILE: 'The ticket\'s status was changed by someone else meanwhile: reload it and try again.',
  BRAND_TOO_LONG: 'Brand ID can be at most 64 characters.',
  CUSTOMER_TOO_LONG: 'Customer ID can be at most 64 characters.',
  PLAYER_NOT_IN_BRAND: 'This player does not belong to the selected brand.',
  TICKET_NOT_FOUND: 'Ticket not found.',
  REPLY_SENT: 'Reply sent!',
  REPLY_CLOSED: 'This ticket is closed: reopen it (set another status) before replying.',
  CLAIMED: 'Ticket claimed: others see it is yours until you release it or go idle.',
  RELEASED: 'Ticket released.',
  NOT_HOLDER: 'You do not hold this ticket.',
  heldBy: (email: string) => CLAIM_MESSAGES.heldBy('ticket', email),
  /** The holder as the queue and the ticket page show it (the same words as every claimed queue). */
  holder: CLAIM_MESSAGES.holder,
} as const;

/** 001 §5: a closed ticket cannot go back to NEW; every other change is allowed. */
export function statusChangeProblem(from: TicketStatus, to: TicketStatus): string | null {
  if (from === to) return SUPPORT_MESSAGES.STATUS_UNCHANGED;
  if (from === 'CLOSED' && to === 'NEW') return SUPPORT_MESSAGES.CLOSED_TO_NEW;
  return null;
}

/** The statuses the Update Ticket Status dialog offers for a ticket in `from`. */
export const statusChoices = (from: TicketStatus): TicketStatus[] => TICKET_STATUSES.filter((s) => !statusChangeProblem(from, s));

/** Queue position: 0 awaiting an agent (NEW, PENDING), 1 waiting on the player (REPLIED), 2 done. */
export const queueRankOf = (s: TicketStatus): number => (s === 'NEW' || s === 'PENDING' ? 0 : s === 'REPLIED' ? 1 : 2);

const subject = z.string({ error: SUPPORT_MESSAGES.SUBJECT_REQUIRED }).trim().min(1, SUPPORT_MESSAGES.SUBJECT_REQUIRED).max(TICKET_SUBJECT_MAX, SUPPORT_MESSAGES.SUBJECT_MAX);
const message = z.string({ error: SUPPORT_MESSAGES.MESSAGE_REQUIRED }).trim().min(1, SUPPORT_MESSAGES.MESSAGE_REQUIRED).max(TICKET_MESSAGE_MAX, SUPPORT_MESSAGES.MESSAGE_MAX);

/** The Create Support Ticket form (001 §5: brandId, customerId, subject, message required). */
export const ticketCreateForm = z.object({
  brandId: z.string({ error: SUPPORT_MESSAGES.BRAND_REQUIRED }).trim().min(1, SUPPORT_MESSAGES.BRAND_REQUIRED).max(64, SUPPORT_MESSAGES.BRAND_TOO_LONG),
  /** The player: their id or their player code. */
  customerId: z.string({ error: SUPPORT_MESSAGES.CUSTOMER_REQUIRED }).trim().min(1, SUPPORT_MESSAGES.CUSTOMER_REQUIRED).max(64, SUPPORT_MESSAGES.CUSTOMER_TOO_LONG),
  subject,
  message,
});
/** POST /api/admin/support/agent/tickets/new (001 §7): the form plus the spec's opId and playerId (optional, ignored beside brandId and customerId). */
export const ticketCreateBody = ticketCreateForm.extend({
  opId: z.string().max(64).optional(),
  playerId: z.string().max(64).optional(),
});

/** The Update Ticket Status form (001 §5: a selection is required). */
export const ticketStatusForm = z.object({
  status: z.enum(TICKET_STATUSES, { error: SUPPORT_MESSAGES.STATUS_REQUIRED }),
});
/** POST /api/admin/support/agent/tickets/status (001 §7): the dto with brandId, opId, id, status. */
export const ticketStatusBody = ticketStatusForm.extend({
  id: z.string().uuid(SUPPORT_MESSAGES.TICKET_NOT_FOUND),
  brandId: z.string().max(64).optional(),
  opId: z.string().max(64).optional(),
});

export const ticketReplyForm = z.object({ message });
export const ticketReplyBody = ticketReplyForm.extend({ ticketId: z.string().uuid(SUPPORT_MESSAGES.TICKET_NOT_FOUND) });

export const ticketClaimBody = z.object({
  ticketId: z.string().uuid(SUPPORT_MESSAGES.TICKET_NOT_FOUND),
  /** claim (or renew one's own claim) or release. */
  action: z.enum(['claim', 'release']),
});

export const ticketGetBody = z.object({ ticketId: z.string().uuid(SUPPORT_MESSAGES.TICKET_NOT_FOUND) });

export const ticketsListBody = listScope.extend({
  status: z.enum(TICKET_STATUSES).optional(),
  /** The brand (an operator id; `opId` selects an operator with its brands). */
  brandId: z.string().trim().max(64).optional(),
  playerCode: z.string().trim().max(64).optional(),
  ticketNumber: z.coerce.number().int().min(1).max(2 ** 53 - 1).optional(),
  sortBy: z.enum(['sla', 'createdAt']).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
});

export const ticketRow = z.object({
  id: z.string(),
  ticketId: z.string(),
  ticketNumber: z.number().int(),
  brandId: z.string(),
  opId: z.string(),
  brandTitle: z.string(),
  parentOpTitle: z.string().nullable(),
  playerId: z.string(),
  customerId: z.string(),
  playerCode: z.string(),
  username: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(TICKET_STATUSES),
  /** The reply due now (null: no reply is due). */
  replyDueAt: z.string().nullable(),
  firstReplyDueAt: z.string(),
  firstRepliedAt: z.string().nullable(),
  nextReplyDueAt: z.string().nullable(),
  /** Who holds the ticket (null: nobody, or the claim expired). */
  claimedBy: z.string().nullable(),
  claimedUntil: z.string().nullable(),
  claimedByMe: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketRow = z.infer<typeof ticketRow>;

export const ticketMessage = z.object({
  id: z.string(),
  authorType: z.enum(['PLAYER', 'STAFF']),
  author: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export const ticketDetails = ticketRow.extend({ messages: z.array(ticketMessage) });
export type TicketDetails = z.infer<typeof ticketDetails>;

// Ticket statuses as the console shows them: labels.ts TICKET_STATUS_LABELS (LABELS.ticketStatus).
