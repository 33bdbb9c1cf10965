import { and, eq, ne } from 'drizzle-orm';
import { BANKING_MESSAGES, LANGUAGES, PAYMENT_MESSAGES, type BankStatus } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { banks } from '../../db/schema.js';
import { badRequest, conflict, notFound, ok } from '../../lib/http.js';
import { operatorTitles } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import { isSuper } from './common.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

/** Names with a non-blank value, trimmed. */
const cleanNames = (names: Record<string, string>) =>
  Object.fromEntries(Object.entries(names).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));

/**
 * Bank names only in the operator's allowed languages; SUPER_ADMIN and ADMIN with no operator
 * chosen may use every language (000 §6).
 */
function assertLangs(names: Record<string, string>, allowed: readonly string[]) {
  const bad = Object.keys(names).filter((l) => !allowed.includes(l));
  if (bad.length) throw badRequest(BANKING_MESSAGES.BANK_LANG_NOT_ALLOWED([...allowed]));
}

const view = (b: typeof banks.$inferSelect) => ({
  uuid: b.uuid, opId: b.opId, key: b.key, bankName: b.bankName, order: b.order, status: b.status as BankStatus,
  createdAt: b.createdAt.toISOString(), updatedAt: b.updatedAt.toISOString(),
});

export const bankHandlers: Handlers<'banking.banksList' | 'banking.bankCreate' | 'banking.bankUpdate' | 'banking.bankDelete'> = {
  /** Banks by operator, then their order and key. */
  'banking.banksList': async (ctx) => { const titleOf = await operatorTitles(ctx.db); return ok(await list(ctx, {
    rows: (select) => select({ b: banks }).from(banks),
    scope: banks.opId,
    filters: { status: match.eq(banks.status), key: match.eq(banks.key) },
    sort: { keys: { order: [banks.opId, banks.order, banks.key] }, default: 'order', dir: 'asc', tiebreak: banks.uuid },
    map: ({ b }) => ({ ...view(b), ...titleOf(b.opId) }),
  })); },

  /** New Bank (000 §5): key, English name, order, an operator (found in the caller's scope); key unique per operator. */
  'banking.bankCreate': async ({ db, body: b, found: op, audit }) => {
    const names = cleanNames(b.bankName);
    assertLangs(names, op.allowedLangs);
    return db.transaction(async (tx) => {
      let created: typeof banks.$inferSelect | undefined;
      try {
        [created] = await tx.insert(banks).values({ opId: op.opId, key: b.key, bankName: names, order: b.order, status: b.status })
          .onConflictDoNothing().returning();
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(BANKING_MESSAGES.BANK_KEY_EXISTS);
        throw e;
      }
      if (!created) throw conflict(BANKING_MESSAGES.BANK_KEY_EXISTS);
      await audit(tx as unknown as Db, { targetType: 'bank', targetId: created.uuid, opId: op.opId, after: view(created) });
      return ok({ ...view(created), ...(await operatorTitles(db))(created.opId) }, [PAYMENT_MESSAGES.BANK_ADDED]);
    });
  },

  /** Edit Bank: the operator named, when given, must be the bank's (and in the caller's scope). */
  'banking.bankUpdate': async ({ db, user: me, body: b, found: bank, repo, audit }) => {
    const names = cleanNames(b.bankName);
    if (b.opId) {
      const op = await repo.get('operator', b.opId);
      if (op.opId !== bank.opId) throw notFound(BANKING_MESSAGES.BANK_NOT_FOUND);
      assertLangs(names, op.allowedLangs);
    } else if (isSuper(me)) {
      assertLangs(names, LANGUAGES);
    } else {
      throw badRequest(PAYMENT_MESSAGES.BANK_SELECT_OPERATOR);
    }
    return db.transaction(async (tx) => {
      const [dup] = await tx.select({ uuid: banks.uuid }).from(banks).where(and(eq(banks.opId, bank.opId), eq(banks.key, b.key), ne(banks.uuid, bank.uuid))).limit(1);
      if (dup) throw conflict(BANKING_MESSAGES.BANK_KEY_EXISTS);
      let updated: typeof banks.$inferSelect | undefined;
      try {
        [updated] = await tx.update(banks).set({ key: b.key, bankName: names, order: b.order, status: b.status, updatedAt: new Date() })
          .where(eq(banks.uuid, bank.uuid)).returning();
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(BANKING_MESSAGES.BANK_KEY_EXISTS);
        throw e;
      }
      if (!updated) throw notFound(BANKING_MESSAGES.BANK_NOT_FOUND);
      await audit(tx as unknown as Db, { targetType: 'bank', targetId: bank.uuid, opId: bank.opId, before: view(bank), after: view(updated) });
      return ok({ ...view(updated), ...(await operatorTitles(db))(updated.opId) }, [PAYMENT_MESSAGES.BANK_UPDATED]);
    });
  },

  'banking.bankDelete': async ({ db, query: q, found: bank, audit }) => {
    if (q.opId && q.opId !== bank.opId) throw notFound(BANKING_MESSAGES.BANK_NOT_FOUND);
    return db.transaction(async (tx) => {
      const [gone] = await tx.delete(banks).where(eq(banks.uuid, bank.uuid)).returning();
      if (!gone) throw notFound(BANKING_MESSAGES.BANK_NOT_FOUND);
      await audit(tx as unknown as Db, { targetType: 'bank', targetId: bank.uuid, opId: bank.opId, before: view(bank) });
      return ok({ uuid: bank.uuid }, [BANKING_MESSAGES.BANK_DELETED]);
    });
  },
};
