import { and, eq, sql } from 'drizzle-orm';
import { BANKING_MESSAGES, PAYMENT_MESSAGES, maskTail, type BankAccountRow, type BankAccountStatus } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { bankAccounts, players } from '../../db/schema.js';
import { badRequest, conflict, notFound, ok } from '../../lib/http.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';

/** Another non-deleted account anywhere on the platform with the same value (computed in the list query). */
const dupCard = sql<boolean>`(coalesce(${bankAccounts.cardNumber}, '') <> '' and exists (
  select 1 from bank_accounts b2 where b2.card_number = ${bankAccounts.cardNumber} and b2.uuid <> ${bankAccounts.uuid} and b2.is_deleted = false))`;
const dupIban = sql<boolean>`(coalesce(${bankAccounts.iban}, '') <> '' and exists (
  select 1 from bank_accounts b2 where b2.iban = ${bankAccounts.iban} and b2.uuid <> ${bankAccounts.uuid} and b2.is_deleted = false))`;

const rowSelect = {
  a: bankAccounts,
  playerCode: players.playerCode,
  isTest: players.isTest,
  cardNumberIsDuplicated: dupCard,
  ibanIsDuplicated: dupIban,
};

type Selected = { a: typeof bankAccounts.$inferSelect; playerCode: string; isTest: boolean; cardNumberIsDuplicated: boolean; ibanIsDuplicated: boolean };

const blank = (s: string | null) => !s || !s.trim();
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toBankAccountRow(r: Selected): BankAccountRow {
  const a = r.a;
  return {
    uuid: a.uuid, opId: a.opId, status: a.status as BankAccountStatus, isDeleted: a.isDeleted,
    player: { playerId: a.playerId, playerCode: r.playerCode, isTest: r.isTest }, playerCode: r.playerCode,
    bankName: a.bankName, nameOnCard: a.nameOnCard, cardNumber: maskTail(a.cardNumber), cardNumberIsDuplicated: Boolean(r.cardNumberIsDuplicated),
    iban: maskTail(a.iban), ibanIsDuplicated: Boolean(r.ibanIsDuplicated), accountNumber: maskTail(a.accountNumber),
    approvedBy: a.approvedBy, rejectedBy: a.rejectedBy, confirmedAt: iso(a.confirmedAt), createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(), noteForThePlayer: a.noteForThePlayer,
    missingDetails: blank(a.bankName) && blank(a.iban) && blank(a.cardNumber),
  };
}

/** The account with its player and duplicate flags (already found in the caller's scope). */
async function loadAccount(db: Db, uuid: string): Promise<Selected> {
  const [row] = await db.select(rowSelect).from(bankAccounts).innerJoin(players, eq(players.id, bankAccounts.playerId))
    .where(eq(bankAccounts.uuid, uuid)).limit(1);
  if (!row) throw notFound(BANKING_MESSAGES.BANK_ACCOUNT_NOT_FOUND);
  return row as Selected;
}

const alreadyMessage = (status: string) =>
  status === 'approved' ? BANKING_MESSAGES.BANK_ACCOUNT_ALREADY_APPROVED : BANKING_MESSAGES.BANK_ACCOUNT_ALREADY_REJECTED;

export const bankAccountHandlers: Handlers<'banking.bankAccountsList' | 'banking.bankAccountGet' | 'banking.bankAccountReveal' | 'banking.bankAccountDecide'> = {
  /** The /withdraw/bank-accounts list: duplicates flagged in the same query, newest first. */
  'banking.bankAccountsList': async (ctx) => ok(await list(ctx, {
    rows: (select) => select(rowSelect).from(bankAccounts).innerJoin(players, eq(players.id, bankAccounts.playerId)),
    scope: bankAccounts.opId,
    filters: {
      status: match.eq(bankAccounts.status), deleted: match.bool(bankAccounts.isDeleted),
      playerCode: match.eq(players.playerCode), isTest: match.isTest(players.isTest),
    },
    sort: { keys: { createdAt: bankAccounts.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: bankAccounts.uuid },
    map: toBankAccountRow,
  })),

  'banking.bankAccountGet': async ({ db, found }) => ok(toBankAccountRow(await loadAccount(db, found.uuid))),

  /** The full numbers, on purpose: the reveal and its reason are an activity record (the numbers themselves are not logged). */
  'banking.bankAccountReveal': async ({ db, body, found: a, audit }) => {
    await db.transaction(async (tx) => { await audit(tx, { before: null, after: { revealed: ['cardNumber', 'iban', 'accountNumber'], reason: body.reason } }); });
    return ok({ uuid: a.uuid, cardNumber: a.cardNumber, iban: a.iban, accountNumber: a.accountNumber });
  },

  /**
   * Approve or reject (000 §4): pending → approved/rejected; a decided, non-deleted account may be
   * redone only with redo_bank_account_actions (the table's access rule on the account's status);
   * the change is conditional on the status read, so of concurrent decisions exactly one applies
   * and the others answer 409.
   */
  'banking.bankAccountDecide': async ({ db, user: me, body: b, found: a, audit }) => {
    // The state checked is the one the access rule read (`a`): the update below is conditional on it.
    const row = await loadAccount(db, a.uuid);
    if (b.playerCode && b.playerCode !== row.playerCode) throw badRequest(BANKING_MESSAGES.BANK_ACCOUNT_PLAYER_MISMATCH);
    if (a.isDeleted) throw conflict(BANKING_MESSAGES.BANK_ACCOUNT_DELETED);
    const target: BankAccountStatus = b.actionType === 'approve' ? 'approved' : 'rejected';
    if (a.status === target) throw conflict(alreadyMessage(target));
    const expected = a.status;
    return db.transaction(async (tx) => {
      const now = new Date();
      const [updated] = await tx.update(bankAccounts).set({
        status: target,
        approvedBy: target === 'approved' ? me.email : null,
        rejectedBy: target === 'rejected' ? me.email : null,
        confirmedAt: now, noteForThePlayer: b.playerNote, updatedAt: now,
      }).where(and(eq(bankAccounts.uuid, b.uuid), eq(bankAccounts.status, expected), eq(bankAccounts.isDeleted, false))).returning();
      if (!updated) {
        const [cur] = await tx.select().from(bankAccounts).where(eq(bankAccounts.uuid, b.uuid)).limit(1);
        if (cur?.isDeleted) throw conflict(BANKING_MESSAGES.BANK_ACCOUNT_DELETED);
        if (cur?.status === target) throw conflict(alreadyMessage(target));
        throw conflict(BANKING_MESSAGES.BANK_ACCOUNT_CHANGED);
      }
      await audit(tx as unknown as Db, {
        action: expected === 'pending' ? `BANK_ACCOUNT_${b.actionType.toUpperCase()}` : `BANK_ACCOUNT_REDO_${b.actionType.toUpperCase()}`,
        targetType: 'bank_account', targetId: b.uuid, opId: a.opId,
        before: { status: expected, noteForThePlayer: a.noteForThePlayer },
        after: { status: target, noteForThePlayer: b.playerNote, playerCode: row.playerCode },
      });
      const message = target === 'approved' ? PAYMENT_MESSAGES.BANK_ACCOUNT_APPROVED : PAYMENT_MESSAGES.BANK_ACCOUNT_REJECTED;
      return ok(toBankAccountRow({ ...row, a: updated }), [message]);
    });
  },
};
