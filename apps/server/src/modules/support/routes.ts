/**
 * Support tickets (001 §2, §5, §7, §8) as a live work queue. A ticket belongs to a brand (opId)
 * and a player; its conversation is in support_messages. The queue sorts by (queueRank,
 * slaDueAt): tickets awaiting an agent by the reply due (first reply, then the next one after
 * the player writes), then those waiting on the player, then closed and archived ones.
 *
 * Claims: an agent claims a ticket for CLAIM_IDLE_MS, renewed by each of their actions on it; a
 * claim past its time is nobody's. The claim is a row of the shared claim table (kind `ticket`,
 * platform/claims.ts), the one mechanism of every claimed queue. Every write on a ticket is a
 * conditional update that also requires "nobody else holds it" (no live claim row of another
 * agent), so a held ticket refuses another agent's reply, status change or claim (409 naming the
 * holder) even under races.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CLAIM_IDLE_MS, FIRST_REPLY_SLA_MS, NEXT_REPLY_SLA_MS, SUPPORT_MESSAGES, queueRankOf, statusChangeProblem,
  type TicketDetails, type TicketRow, type TicketStatus,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { operators, players, recordClaims, supportMessages, supportTickets } from '../../db/schema.js';
import { HttpError, badRequest, conflict, notFound, ok } from '../../lib/http.js';
import { claim, release } from '../../platform/claims.js';
import type { Handlers } from '../../platform/endpoints.js';
import { isUuid } from '../players/repo.js';
import { list, match } from '../../platform/list.js';

type Names = 'support.list' | 'support.get' | 'support.create' | 'support.status' | 'support.reply' | 'support.claim';
type Ticket = typeof supportTickets.$inferSelect;

const parent = alias(operators, 'support_parent_op');

/** The ticket's claim row (kind `ticket`), live or not. */
const claimOn = and(eq(recordClaims.kind, 'ticket'), eq(recordClaims.recordId, sql`${supportTickets.id}::text`));

const selection = {
  t: supportTickets, c: { claimedById: recordClaims.claimedById, claimedBy: recordClaims.claimedBy, claimedUntil: recordClaims.claimedUntil }, playerCode: players.playerCode, username: players.username, brandTitle: operators.title, parentOpTitle: parent.title,
  message: sql<string>`coalesce((select m.body from support_messages m where m.ticket_id = ${supportTickets.id} order by m.created_at asc limit 1), '')`,
};
type Claim = { claimedById: string | null; claimedBy: string | null; claimedUntil: Date | null };
type Row = { t: Ticket; c: Claim | null; playerCode: string; username: string | null; brandTitle: string | null; parentOpTitle: string | null; message: string };

/** Whether a claim is live at `now`. */
const live = (c: Claim | null | undefined, now: Date): c is { claimedById: string; claimedBy: string; claimedUntil: Date } =>
  !!c && c.claimedById !== null && c.claimedUntil !== null && c.claimedUntil > now;

function toRow(x: Row, me: string, now = new Date()): TicketRow {
  const t = x.t;
  const c = live(x.c, now) ? x.c : null;
  const status = t.status as TicketStatus;
  return {
    id: t.id, ticketId: t.id, ticketNumber: t.ticketNumber, brandId: t.opId, opId: t.opId, brandTitle: x.brandTitle ?? t.opId, parentOpTitle: x.parentOpTitle,
    playerId: t.playerId, customerId: t.playerId, playerCode: x.playerCode, username: x.username, subject: t.subject, message: x.message, status,
    replyDueAt: queueRankOf(status) === 0 ? t.slaDueAt.toISOString() : null,
    firstReplyDueAt: t.firstReplyDueAt.toISOString(), firstRepliedAt: t.firstRepliedAt?.toISOString() ?? null, nextReplyDueAt: t.nextReplyDueAt?.toISOString() ?? null,
    claimedBy: c?.claimedBy ?? null, claimedUntil: c?.claimedUntil?.toISOString() ?? null, claimedByMe: c?.claimedById === me,
    createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(),
  };
}

const rowsFrom = (db: Db) => db.select(selection).from(supportTickets)
  .innerJoin(players, eq(players.id, supportTickets.playerId))
  .leftJoin(operators, eq(operators.opId, supportTickets.opId))
  .leftJoin(parent, eq(parent.opId, operators.parentOpId))
  .leftJoin(recordClaims, claimOn);

async function rowOf(db: Db, id: string): Promise<Row> {
  const [r] = await rowsFrom(db).where(eq(supportTickets.id, id)).limit(1);
  if (!r) throw notFound(SUPPORT_MESSAGES.TICKET_NOT_FOUND);
  return r;
}

async function detailsOf(db: Db, id: string, me: string): Promise<TicketDetails> {
  const row = await rowOf(db, id);
  const msgs = await db.select().from(supportMessages).where(eq(supportMessages.ticketId, id)).orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const player = row.username ?? row.playerCode;
  return {
    ...toRow(row, me),
    messages: msgs.map((m) => ({ id: m.id, authorType: m.authorType as 'PLAYER' | 'STAFF', author: m.authorType === 'PLAYER' ? player : m.authorEmail ?? 'Staff', body: m.body, createdAt: m.createdAt.toISOString() })),
  };
}

/** Nobody else holds the ticket at `now` (no claim, an expired one, or the caller's own), read inside the write's statement. */
const freeFor = (me: string, now: Date): SQL => sql`not exists (select 1 from ${recordClaims} rc where rc.kind = 'ticket' and rc.record_id = ${supportTickets.id}::text
  and rc.claimed_until > ${now}::timestamptz and rc.claimed_by_id <> ${me}::uuid)`;

/** The 409 of a ticket someone else holds (read again: the holder may have changed since). */
async function heldRefusal(db: Db, id: string, me: string) {
  const [t] = await db.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
  if (!t) return notFound(SUPPORT_MESSAGES.TICKET_NOT_FOUND);
  const [c] = await db.select().from(recordClaims).where(and(eq(recordClaims.kind, 'ticket'), eq(recordClaims.recordId, id))).limit(1);
  if (live(c, new Date()) && c.claimedById !== me) return conflict(SUPPORT_MESSAGES.heldBy(c.claimedBy), 'TICKET_HELD');
  return conflict(SUPPORT_MESSAGES.NOT_HOLDER, 'TICKET_HELD');
}

/** The caller's live claim renewed by an action on the ticket (nothing when they do not hold it). */
const renewIfMine = (tx: Db, id: string, me: string, now: Date) => tx.update(recordClaims).set({ claimedUntil: new Date(now.getTime() + CLAIM_IDLE_MS) })
  .where(and(eq(recordClaims.kind, 'ticket'), eq(recordClaims.recordId, id), eq(recordClaims.claimedById, me), sql`${recordClaims.claimedUntil} > ${now}::timestamptz`));

/** The shared claim calls' refusals in the support vocabulary (the ticket's messages, status TICKET_HELD). */
async function asTicketRefusal<T>(db: Db, id: string, me: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 409) throw await heldRefusal(db, id, me);
    throw e;
  }
}

export const supportHandlers: Handlers<Names> = {
  'support.list': async (ctx) => {
    const me = ctx.user.id;
    const now = new Date();
    return ok(await list(ctx, {
      rows: (select) => select(selection).from(supportTickets)
        .innerJoin(players, eq(players.id, supportTickets.playerId))
        .leftJoin(operators, eq(operators.opId, supportTickets.opId))
        .leftJoin(parent, eq(parent.opId, operators.parentOpId))
        .leftJoin(recordClaims, claimOn),
      scope: supportTickets.opId,
      filters: {
        status: match.eq(supportTickets.status), brandId: match.eq(supportTickets.opId),
        playerCode: match.eq(players.playerCode), ticketNumber: match.eq(supportTickets.ticketNumber), isTest: match.isTest(players.isTest),
      },
      sort: { keys: { sla: [supportTickets.queueRank, supportTickets.slaDueAt], createdAt: supportTickets.createdAt }, default: 'sla', dir: 'asc', tiebreak: supportTickets.id },
      map: (r) => toRow(r as Row, me, now),
    }));
  },

  'support.get': async ({ db, found, user }) => ok(await detailsOf(db, found.id, user.id)),

  'support.create': async ({ db, body, repo, user, audit }) => {
    const id = body.customerId;
    const player = isUuid(id) ? await repo.get('player', id, 'playerId') : await repo.get('player', id, 'playerCode');
    if (player.opId !== body.brandId) throw badRequest(SUPPORT_MESSAGES.PLAYER_NOT_IN_BRAND);
    const now = new Date();
    const due = new Date(now.getTime() + FIRST_REPLY_SLA_MS);
    const ticket = await db.transaction(async (tx) => {
      const [t] = await tx.insert(supportTickets).values({
        opId: player.opId, playerId: player.id, subject: body.subject, status: 'NEW', queueRank: 0, slaDueAt: due, firstReplyDueAt: due,
        createdBy: user.email, createdAt: now, updatedAt: now,
      }).returning();
      await tx.insert(supportMessages).values({ ticketId: t!.id, authorType: 'PLAYER', body: body.message, createdAt: now });
      await audit(tx, { targetType: 'ticket', targetId: String(t!.ticketNumber), opId: t!.opId, before: null, after: { status: 'NEW', subject: body.subject, playerCode: player.playerCode } });
      return t!;
    });
    return ok(toRow(await rowOf(db, ticket.id), user.id), [SUPPORT_MESSAGES.CREATED]);
  },

  'support.status': async ({ db, body, found, user, audit }) => {
    const from = found.status as TicketStatus;
    const to = body.status;
    const problem = statusChangeProblem(from, to);
    if (problem) throw badRequest(problem);
    const now = new Date();
    const rank = queueRankOf(to);
    await db.transaction(async (tx) => {
      const upd = await tx.update(supportTickets).set({
        status: to, queueRank: rank, updatedAt: now,
        // Back in the queue (NEW, PENDING): a reply is due from now (the next one, after a first reply);
        // out of the queue no reply is due and the row sorts by its last change.
        slaDueAt: rank === 0 ? new Date(now.getTime() + (found.firstRepliedAt ? NEXT_REPLY_SLA_MS : FIRST_REPLY_SLA_MS)) : now,
        nextReplyDueAt: rank === 0 && found.firstRepliedAt ? new Date(now.getTime() + NEXT_REPLY_SLA_MS) : null,
      }).where(and(eq(supportTickets.id, found.id), eq(supportTickets.status, from), freeFor(user.id, now))).returning({ id: supportTickets.id });
      if (!upd.length) throw await refusalOf(tx, found.id, user.id, from);
      await renewIfMine(tx, found.id, user.id, now);
      await audit(tx, { before: { status: from }, after: { status: to } });
    });
    return ok(toRow(await rowOf(db, found.id), user.id), [SUPPORT_MESSAGES.STATUS_UPDATED]);
  },

  'support.reply': async ({ db, body, found, user, audit }) => {
    const from = found.status as TicketStatus;
    if (from === 'CLOSED' || from === 'ARCHIVED') throw badRequest(SUPPORT_MESSAGES.REPLY_CLOSED);
    const now = new Date();
    await db.transaction(async (tx) => {
      const upd = await tx.update(supportTickets).set({
        status: 'REPLIED', queueRank: queueRankOf('REPLIED'), slaDueAt: now, nextReplyDueAt: null, updatedAt: now,
        firstRepliedAt: sql`coalesce(${supportTickets.firstRepliedAt}, ${now}::timestamptz)`,
      }).where(and(eq(supportTickets.id, found.id), freeFor(user.id, now), sql`${supportTickets.status} not in ('CLOSED', 'ARCHIVED')`)).returning({ id: supportTickets.id });
      if (!upd.length) throw await heldRefusal(tx, found.id, user.id);
      await renewIfMine(tx, found.id, user.id, now);
      const [m] = await tx.insert(supportMessages).values({ ticketId: found.id, authorType: 'STAFF', authorEmail: user.email, body: body.message, createdAt: now }).returning({ id: supportMessages.id });
      await audit(tx, { before: { status: from }, after: { status: 'REPLIED', messageId: m!.id } });
    });
    return ok(await detailsOf(db, found.id, user.id), [SUPPORT_MESSAGES.REPLY_SENT]);
  },

  'support.claim': async ({ db, body, found, user, audit }) => {
    const me = { id: user.id, email: user.email };
    if (body.action === 'claim') {
      await asTicketRefusal(db, found.id, user.id, () => db.transaction(async (tx) => {
        const { state, before } = await claim(tx, { kind: 'ticket', recordId: found.id, opId: found.opId, me });
        await audit(tx, { action: 'TICKET_CLAIM', before: { claimedBy: before.claimedBy }, after: { claimedBy: state.claimedBy, claimedUntil: state.claimedUntil } });
      }));
      return ok(toRow(await rowOf(db, found.id), user.id), [SUPPORT_MESSAGES.CLAIMED]);
    }
    await asTicketRefusal(db, found.id, user.id, () => db.transaction(async (tx) => {
      await release(tx, 'ticket', found.id, user.id);
      await audit(tx, { action: 'TICKET_RELEASE', before: { claimedBy: user.email }, after: { claimedBy: null } });
    }));
    return ok(toRow(await rowOf(db, found.id), user.id), [SUPPORT_MESSAGES.RELEASED]);
  },
};

/** Why a status update applied to nothing: someone else holds the ticket, or its status changed meanwhile. */
async function refusalOf(db: Db, id: string, me: string, from: TicketStatus) {
  const [t] = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
  if (t && t.status !== from) return conflict(SUPPORT_MESSAGES.STATUS_CHANGED_MEANWHILE);
  return heldRefusal(db, id, me);
}
