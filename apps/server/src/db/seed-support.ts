/**
 * Demo support tickets: a few hundred tickets of the demo players in every status, each with a
 * short conversation (the player's question, agents' replies, sometimes the player again), SLA
 * columns as the live queue keeps them (some overdue, some due soon). Deterministic (the seed's PRNG).
 */
import { randomUUID } from 'node:crypto';
import { FIRST_REPLY_SLA_MS, NEXT_REPLY_SLA_MS, TICKET_SUBJECTS, queueRankOf, type TicketStatus } from '@pitboss/contract';
import { bulkInsert } from './bulk.js';
import type { Db } from './client.js';
import { supportMessages, supportTickets } from './schema.js';

const QUESTIONS: Record<string, string[]> = {
  'Login and registration': ['I cannot log in, it says my password is wrong.', 'I did not receive the registration e-mail.', 'My account is locked after too many attempts.'],
  Deposit: ['My deposit has not arrived yet after 30 minutes.', 'Which deposit methods can I use in my country?'],
  Withdrawal: ['My withdrawal is pending for two days, when will it be paid?', 'Why was my withdrawal rejected?'],
  Bonus: ['I did not get my welcome bonus.', 'How much do I still need to wager for my bonus?'],
  Bets: ['My bet was settled as lost but my team won.', 'A game froze during a round, where is my stake?'],
  'Verification (KYC)': ['My passport upload was rejected, what is wrong with it?', 'How long does verification take?'],
  Other: ['Can I change my username?', 'How do I set a deposit limit on my account?'],
};
const REPLIES = [
  'Thank you for contacting us. We are looking into it and will update you shortly.',
  'We have checked your account: everything is in order now. Please try again.',
  'Could you send us a screenshot of the error, please?',
  'The payment provider confirmed the transaction; your balance has been updated.',
];
const FOLLOW_UPS = ['Thanks, but it still does not work.', 'Here is the screenshot you asked for.', 'Any news on this?'];
const STATUSES: TicketStatus[] = ['NEW', 'NEW', 'PENDING', 'PENDING', 'REPLIED', 'REPLIED', 'CLOSED', 'CLOSED', 'ARCHIVED'];
const DONE: TicketStatus[] = ['REPLIED', 'CLOSED', 'CLOSED', 'CLOSED', 'ARCHIVED'];

export async function seedSupport(db: Db, opts: { players: readonly { id: string; opId: string }[]; rand: () => number; now: number; agentOf: (opId: string) => string }): Promise<void> {
  const { players, rand, now } = opts;
  if (!players.length) return;
  const count = Math.min(320, Math.max(20, Math.floor(players.length / 3)));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const tickets: (typeof supportTickets.$inferInsert)[] = [];
  const messages: (typeof supportMessages.$inferInsert)[] = [];
  // Oldest first, so ticket numbers grow with the creation time.
  const ages = Array.from({ length: count }, () => Math.floor(rand() * (rand() < 0.25 ? 2 : 30) * 86_400_000)).sort((a, b) => b - a);
  for (const age of ages) {
    const p = players[Math.floor(rand() * players.length)]!;
    const subject = pick(TICKET_SUBJECTS);
    // The live queue holds the last two days; older tickets were answered, closed or archived.
    const status = age < 3 * 3_600_000 ? 'NEW' : age < 2 * 86_400_000 ? pick(STATUSES) : pick(DONE);
    const created = now - age;
    const id = randomUUID();
    const firstReplyDueAt = new Date(created + FIRST_REPLY_SLA_MS);
    let at = created;
    messages.push({ ticketId: id, authorType: 'PLAYER', body: pick(QUESTIONS[subject] ?? QUESTIONS.Other!), createdAt: new Date(at) });
    let firstRepliedAt: Date | null = null;
    let nextReplyDueAt: Date | null = null;
    let slaDueAt = firstReplyDueAt;
    if (status !== 'NEW') {
      // An agent answered (within a few hours), then sometimes the player wrote again.
      at += Math.floor(rand() * Math.min(age, 6 * 3_600_000));
      firstRepliedAt = new Date(at);
      // The global admin or the operator's own admin (never another operator's staff).
      messages.push({ ticketId: id, authorType: 'STAFF', authorEmail: rand() < 0.5 ? 'admin@demo.local' : opts.agentOf(p.opId), body: pick(REPLIES), createdAt: new Date(at) });
      if (status === 'PENDING') {
        at += Math.floor(rand() * Math.max(1, now - at));
        messages.push({ ticketId: id, authorType: 'PLAYER', body: pick(FOLLOW_UPS), createdAt: new Date(at) });
        nextReplyDueAt = new Date(at + NEXT_REPLY_SLA_MS);
        slaDueAt = nextReplyDueAt;
      } else slaDueAt = new Date(at);
    }
    tickets.push({
      id, opId: p.opId, playerId: p.id, subject, status, queueRank: queueRankOf(status), slaDueAt, firstReplyDueAt, firstRepliedAt, nextReplyDueAt,
      createdBy: null, createdAt: new Date(created), updatedAt: new Date(at),
    });
  }
  await bulkInsert(db, supportTickets, tickets);
  await bulkInsert(db, supportMessages, messages);
}
