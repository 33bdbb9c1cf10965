import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from './client.js';
import { bulkInsert } from './bulk.js';
import { activities, cmsSections, kycRecords, players, supportMessages, supportTickets, transactions, users } from './schema.js';

type Activity = typeof activities.$inferInsert;

/**
 * The activity log of the demo world's staff work, written after the records it describes and
 * in the shape the calls write it (action, target, before and after): each decided KYC document
 * (KYC_APPROVE, KYC_REJECT, by who decided it), each deleted player (PLAYER_DELETE), each agent
 * reply and closing of a support ticket (TICKET_REPLY, TICKET_STATUS) and the first save of each
 * site's branding and footer (CMS_SECTION_SAVE), each money decision a staff member made
 * (WITHDRAW_CONFIRM, WITHDRAW_REJECT, DEPOSIT_ORDER_REJECT, the rewards' *_REJECT) and each staff
 * top-up (WALLET_TOPUP_INCREASE, WALLET_TOPUP_BONUS, on the player). So the players', documents', transactions',
 * support and CMS activity pages show a history from the first start, each record within its
 * operator. Decisions of the system (a provider's callback, a job) are not staff work and stay out.
 */
export async function seedActivities(db: Db, opts: { now: number }): Promise<void> {
  const staff = new Map((await db.select({ id: users.id, email: users.email, role: users.role }).from(users)).map((u) => [u.email, u]));
  const by = (email: string | null | undefined) => {
    const u = email ? staff.get(email) : undefined;
    return { actorId: u?.id ?? null, actorEmail: email ?? null, actorRole: u?.role ?? null };
  };
  const rows: Activity[] = [];

  const kyc = await db.select().from(kycRecords).where(inArray(kycRecords.status, ['CONFIRMED', 'REJECTED']));
  for (const k of kyc) {
    const approved = k.status === 'CONFIRMED';
    rows.push({
      ...by(approved ? k.approvedBy : k.rejectedBy), opId: k.opId, action: approved ? 'KYC_APPROVE' : 'KYC_REJECT', targetType: 'kyc', targetId: k.id,
      before: { status: 'PENDING', noteForPlayer: null }, after: { status: k.status, noteForPlayer: k.noteForPlayer },
      createdAt: (approved ? k.approvedAt : k.rejectedAt) ?? k.updatedAt,
    });
  }

  const deleted = await db.select({ code: players.playerCode, opId: players.opId, at: players.updatedAt }).from(players).where(eq(players.isDeleted, true));
  for (const p of deleted) {
    rows.push({ ...by('admin@demo.local'), opId: p.opId, action: 'PLAYER_DELETE', targetType: 'player', targetId: p.code, before: { isDeleted: false }, after: { isDeleted: true }, createdAt: p.at });
  }

  const tickets = new Map((await db.select().from(supportTickets)).map((t) => [t.id, t]));
  const replies = await db.select().from(supportMessages).where(eq(supportMessages.authorType, 'STAFF'));
  for (const m of replies) {
    const t = tickets.get(m.ticketId);
    if (!t) continue;
    rows.push({
      ...by(m.authorEmail), opId: t.opId, action: 'TICKET_REPLY', targetType: 'ticket', targetId: String(t.ticketNumber),
      before: { status: 'NEW' }, after: { status: 'REPLIED', messageId: m.id }, createdAt: m.createdAt,
    });
    if (t.status === 'CLOSED' || t.status === 'ARCHIVED') {
      // Closed by the agent who answered: half-way between the answer and now, a day after it at most.
      const at = new Date(t.updatedAt.getTime() + Math.min(86_400_000, Math.floor((opts.now - t.updatedAt.getTime()) / 2)));
      rows.push({ ...by(m.authorEmail), opId: t.opId, action: 'TICKET_STATUS', targetType: 'ticket', targetId: String(t.ticketNumber), before: { status: 'REPLIED' }, after: { status: t.status }, createdAt: at });
    }
  }

  const money = await db.select({
    txId: transactions.txId, opId: transactions.opId, type: transactions.transactionType, subType: transactions.transactionSubType, status: transactions.status,
    provider: transactions.provider, amount: transactions.toAmount, currency: transactions.toCurrency, before: transactions.balanceBefore, after: transactions.balanceAfter,
    confirmedBy: transactions.confirmedBy, confirmedAt: transactions.confirmedAt, rejectedBy: transactions.rejectedBy, rejectedAt: transactions.rejectedAt,
    playerNote: transactions.playerNote, rejectReason: transactions.rejectReason, reason: transactions.reason, note: transactions.note, playerCode: players.playerCode,
  }).from(transactions).innerJoin(players, eq(players.id, transactions.playerId))
    .where(or(inArray(transactions.confirmedBy, [...staff.keys()]), inArray(transactions.rejectedBy, [...staff.keys()])));
  /** The action prefix of each reward decision call (rewards module: decision(type, prefix)). */
  const rewardPrefix: Record<string, string> = { BONUS: 'BONUS', CASHBACK: 'CASHBACK', AFFILIATE: 'AFFILIATE', REFERRAL_PROFIT: 'REFERRAL_CLAIM' };
  for (const t of money) {
    const target = { opId: t.opId, targetType: 'transaction', targetId: t.txId };
    if (t.status === 'CONFIRMED' && staff.has(t.confirmedBy!) && t.confirmedAt) {
      if (t.type === 'WITHDRAW') {
        rows.push({ ...by(t.confirmedBy), ...target, action: 'WITHDRAW_CONFIRM', before: { status: 'PENDING' }, after: { status: 'CONFIRMED', provider: t.provider, outcome: 'SUCCESS' }, createdAt: t.confirmedAt });
      } else if (t.subType === 'MANUAL_BONUS') {
        rows.push({
          ...by(t.confirmedBy), opId: t.opId, targetType: 'player', targetId: t.playerCode, action: 'WALLET_TOPUP_BONUS',
          before: { bonusBalance: t.before }, after: { bonusBalance: t.after, txId: t.txId, note: t.note }, createdAt: t.confirmedAt,
        });
      } else if (t.type === 'TOPUP') {
        rows.push({
          ...by(t.confirmedBy), opId: t.opId, targetType: 'player', targetId: t.playerCode, action: 'WALLET_TOPUP_INCREASE',
          before: { currency: t.currency, balance: t.before }, after: { currency: t.currency, balance: t.after, txId: t.txId, reason: t.reason, note: t.note }, createdAt: t.confirmedAt,
        });
      }
    } else if (t.status === 'REJECTED' && staff.has(t.rejectedBy!) && t.rejectedAt) {
      const action = t.type === 'WITHDRAW' ? 'WITHDRAW_REJECT' : t.type === 'DEPOSIT' ? 'DEPOSIT_ORDER_REJECT' : rewardPrefix[t.type] ? `${rewardPrefix[t.type]}_REJECT` : null;
      if (!action) continue;
      const after = t.type === 'DEPOSIT' ? { status: 'REJECTED', rejectReason: t.rejectReason } : { status: 'REJECTED', playerNote: t.playerNote };
      rows.push({ ...by(t.rejectedBy), ...target, action, before: { status: 'PENDING' }, after, createdAt: t.rejectedAt });
    }
  }

  const sections = await db.select().from(cmsSections)
    .where(and(or(eq(cmsSections.kind, 'branding'), eq(cmsSections.kind, 'footer')), isNotNull(cmsSections.updatedBy)));
  for (const s of sections) {
    rows.push({
      ...by(s.updatedBy), opId: s.opId, action: 'CMS_SECTION_SAVE', targetType: 'cms_section', targetId: `${s.kind}/${s.language}`,
      before: null, after: { version: s.version, content: s.content }, createdAt: s.updatedAt,
    });
  }

  rows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  await bulkInsert(db, activities, rows);
}
