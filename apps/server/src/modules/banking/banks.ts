import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, ne } from 'drizzle-orm';
import { BANKING_MESSAGES, LANGUAGES, MSG, PAYMENT_MESSAGES, bankBody, bankDeleteQuery, bankEditBody, banksListBody } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { banks } from '../../db/schema.js';
import { badRequest, conflict, notFound, ok } from '../../lib/http.js';
import { currentUser, type AuthedUser } from '../../lib/context.js';
import { assertInScope, loadOperators, resolveScope } from '../../lib/scope.js';
import { inScope, pageOf } from '../../lib/query.js';
import { audit } from '../../lib/audit.js';
import { UUID_RE, isSuper, isUniqueViolation } from './common.js';

const PERM = 'withdraw_bank_list';

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

/** The operator a bank call addresses: exists and is within the caller's reach (else 404). */
async function operatorFor(db: Db, me: AuthedUser, opId: string) {
  const op = (await loadOperators(db)).byId.get(opId);
  if (!op) throw notFound(MSG.OPERATOR_NOT_FOUND);
  await assertInScope(db, me, opId, MSG.OPERATOR_NOT_FOUND);
  return op;
}

const view = (b: typeof banks.$inferSelect) => ({
  uuid: b.uuid, opId: b.opId, key: b.key, bankName: b.bankName, order: b.order, status: b.status,
  createdAt: b.createdAt.toISOString(), updatedAt: b.updatedAt.toISOString(),
});

export async function bankRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.post('/api/banks/list', { schema: { body: banksListBody, tags: ['banking'] }, config: { permission: PERM } }, async (req) => {
    const q = req.body;
    const scope = await resolveScope(db, currentUser(req), q);
    const rows = await db.select().from(banks).where(and(
      inScope(banks.opId, scope),
      q.status ? eq(banks.status, q.status) : undefined,
      q.key ? eq(banks.key, q.key) : undefined,
    )).orderBy(asc(banks.opId), asc(banks.order), asc(banks.key)).limit(q.limit + 1).offset((q.page - 1) * q.limit);
    return ok(pageOf(rows, q, view));
  });

  /** New Bank (000 §5): key, English name, order, an operator; key unique per operator. */
  r.post('/api/banks', { schema: { body: bankBody, tags: ['banking'] }, config: { permission: PERM } }, async (req) => {
    const me = currentUser(req);
    const b = req.body;
    const op = await operatorFor(db, me, b.opId);
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
      await audit(tx as unknown as Db, req, { action: 'BANK_CREATE', targetType: 'bank', targetId: created.uuid, opId: op.opId, after: view(created) });
      return ok(view(created), [PAYMENT_MESSAGES.BANK_ADDED]);
    });
  });

  /** Edit Bank. */
  r.put('/api/banks', { schema: { body: bankEditBody, tags: ['banking'] }, config: { permission: PERM } }, async (req) => {
    const me = currentUser(req);
    const b = req.body;
    const [bank] = await db.select().from(banks).where(eq(banks.uuid, b.uuid)).limit(1);
    if (!bank) throw notFound(BANKING_MESSAGES.BANK_NOT_FOUND);
    await assertInScope(db, me, bank.opId, BANKING_MESSAGES.BANK_NOT_FOUND);
    const names = cleanNames(b.bankName);
    if (b.opId) {
      const op = await operatorFor(db, me, b.opId);
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
      await audit(tx as unknown as Db, req, { action: 'BANK_UPDATE', targetType: 'bank', targetId: bank.uuid, opId: bank.opId, before: view(bank), after: view(updated) });
      return ok(view(updated), [PAYMENT_MESSAGES.BANK_UPDATED]);
    });
  });

  r.delete('/api/banks', { schema: { querystring: bankDeleteQuery, tags: ['banking'] }, config: { permission: PERM } }, async (req) => {
    const me = currentUser(req);
    const q = req.query;
    if (!UUID_RE.test(q.uuid)) throw notFound(BANKING_MESSAGES.BANK_NOT_FOUND);
    const [bank] = await db.select().from(banks).where(eq(banks.uuid, q.uuid)).limit(1);
    if (!bank || (q.opId && q.opId !== bank.opId)) throw notFound(BANKING_MESSAGES.BANK_NOT_FOUND);
    await assertInScope(db, me, bank.opId, BANKING_MESSAGES.BANK_NOT_FOUND);
    return db.transaction(async (tx) => {
      const [gone] = await tx.delete(banks).where(eq(banks.uuid, bank.uuid)).returning();
      if (!gone) throw notFound(BANKING_MESSAGES.BANK_NOT_FOUND);
      await audit(tx as unknown as Db, req, { action: 'BANK_DELETE', targetType: 'bank', targetId: bank.uuid, opId: bank.opId, before: view(bank) });
      return ok({ uuid: bank.uuid }, [BANKING_MESSAGES.BANK_DELETED]);
    });
  });
}
