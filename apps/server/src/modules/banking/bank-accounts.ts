import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  BANKING_MESSAGES, MSG, PAYMENT_MESSAGES, bankAccountActionBody, bankAccountsListBody,
  type BankAccountRow, type BankAccountStatus,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { bankAccounts, players } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, ok } from '../../lib/http.js';
import { currentUser } from '../../lib/context.js';
import { assertInScope, resolveScope } from '../../lib/scope.js';
import { inScope, pageOf } from '../../lib/query.js';
import { audit } from '../../lib/audit.js';
import { UUID_RE } from './common.js';

const PERM = 'withdraw_bank_accounts';
const REDO = 'redo_bank_account_actions';

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
    bankName: a.bankName, nameOnCard: a.nameOnCard, cardNumber: a.cardNumber, cardNumberIsDuplicated: Boolean(r.cardNumberIsDuplicated),
    iban: a.iban, ibanIsDuplicated: Boolean(r.ibanIsDuplicated), accountNumber: a.accountNumber,
    approvedBy: a.approvedBy, rejectedBy: a.rejectedBy, confirmedAt: iso(a.confirmedAt), createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(), noteForThePlayer: a.noteForThePlayer,
    missingDetails: blank(a.bankName) && blank(a.iban) && blank(a.cardNumber),
  };
}

async function loadAccount(db: Db, uuid: string): Promise<Selected | undefined> {
  if (!UUID_RE.test(uuid)) return undefined;
  const [row] = await db.select(rowSelect).from(bankAccounts).innerJoin(players, eq(players.id, bankAccounts.playerId))
    .where(eq(bankAccounts.uuid, uuid)).limit(1);
  return row as Selected | undefined;
}

const alreadyMessage = (status: string) =>
  status === 'approved' ? BANKING_MESSAGES.BANK_ACCOUNT_ALREADY_APPROVED : BANKING_MESSAGES.BANK_ACCOUNT_ALREADY_REJECTED;

export async function bankAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** The /withdraw/bank-accounts list: duplicates flagged in the same query, newest first. */
  r.post('/api/paymentsV2/withdraw/bank-accounts/list', { schema: { body: bankAccountsListBody, tags: ['banking'] }, config: { permission: PERM } }, async (req) => {
    const me = currentUser(req);
    const q = req.body;
    const scope = await resolveScope(db, me, q);
    const rows = await db.select(rowSelect).from(bankAccounts).innerJoin(players, eq(players.id, bankAccounts.playerId))
      .where(and(
        inScope(bankAccounts.opId, scope),
        q.status ? eq(bankAccounts.status, q.status) : undefined,
        q.deleted !== undefined ? eq(bankAccounts.isDeleted, q.deleted) : undefined,
        q.playerCode ? eq(players.playerCode, q.playerCode) : undefined,
        q.isTest && q.isTest !== 'all' ? eq(players.isTest, q.isTest === 'true') : undefined,
      ))
      .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.uuid)).limit(q.limit + 1).offset((q.page - 1) * q.limit);
    return ok(pageOf(rows as Selected[], q, toBankAccountRow));
  });

  r.get('/api/paymentsV2/withdraw/bank-accounts/:uuid', { schema: { params: z.object({ uuid: z.string() }), tags: ['banking'] }, config: { permission: PERM } }, async (req) => {
    const row = await loadAccount(db, req.params.uuid);
    if (!row) throw notFound(BANKING_MESSAGES.BANK_ACCOUNT_NOT_FOUND);
    await assertInScope(db, currentUser(req), row.a.opId, BANKING_MESSAGES.BANK_ACCOUNT_NOT_FOUND);
    return ok(toBankAccountRow(row));
  });

  /**
   * Approve or reject (000 §4): pending → approved/rejected; a decided, non-deleted account may be
   * redone only with redo_bank_account_actions; the change is conditional on the status read, so
   * of concurrent decisions exactly one applies and the others answer 409.
   */
  r.put('/api/paymentsV2/withdraw/bank-accounts', { schema: { body: bankAccountActionBody, tags: ['banking'] }, config: { permission: PERM } }, async (req) => {
    const me = currentUser(req);
    const b = req.body;
    const row = await loadAccount(db, b.uuid);
    if (!row) throw notFound(BANKING_MESSAGES.BANK_ACCOUNT_NOT_FOUND);
    await assertInScope(db, me, row.a.opId, BANKING_MESSAGES.BANK_ACCOUNT_NOT_FOUND);
    if (b.playerCode && b.playerCode !== row.playerCode) throw badRequest(BANKING_MESSAGES.BANK_ACCOUNT_PLAYER_MISMATCH);
    if (row.a.isDeleted) throw conflict(BANKING_MESSAGES.BANK_ACCOUNT_DELETED);
    const target: BankAccountStatus = b.actionType === 'approve' ? 'approved' : 'rejected';
    if (row.a.status === target) throw conflict(alreadyMessage(target));
    if (row.a.status !== 'pending' && !me.permissionSet.has(REDO)) throw forbidden(MSG.NO_PERMISSION);
    const expected = row.a.status;
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
      await audit(tx as unknown as Db, req, {
        action: expected === 'pending' ? `BANK_ACCOUNT_${b.actionType.toUpperCase()}` : `BANK_ACCOUNT_REDO_${b.actionType.toUpperCase()}`,
        targetType: 'bank_account', targetId: b.uuid, opId: row.a.opId,
        before: { status: expected, noteForThePlayer: row.a.noteForThePlayer },
        after: { status: target, noteForThePlayer: b.playerNote, playerCode: row.playerCode },
      });
      const message = target === 'approved' ? PAYMENT_MESSAGES.BANK_ACCOUNT_APPROVED : PAYMENT_MESSAGES.BANK_ACCOUNT_REJECTED;
      return ok(toBankAccountRow({ ...row, a: updated }), [message]);
    });
  });
}
