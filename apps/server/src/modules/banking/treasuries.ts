import { eq, sql } from 'drizzle-orm';
import { BANKING_MESSAGES, PAYMENT_MESSAGES, fromUnits, toUnits } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { treasuries, treasuryEntries } from '../../db/schema.js';
import { HttpError, badRequest, conflict, notFound, ok } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import { operatorTitles } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { redeemVoucher } from './utopia.js';

type Treasury = typeof treasuries.$inferSelect;
type Entry = typeof treasuryEntries.$inferSelect;

const customerIdOf = (t: Treasury) => (t.config as { customerId?: string }).customerId ?? null;

const view = (t: Treasury) => ({
  uuid: t.uuid, opId: t.opId, provider: t.provider, title: t.title, currency: t.currency, balance: t.balance,
  updatedAt: t.updatedAt.toISOString(),
  // The shape the Utopia wallet dialog reads (001 §3): configs.config.wallets[0].balance.
  configs: { provider: t.provider, config: { ...(t.config as object), wallets: [{ currency: t.currency, balance: t.balance }] } },
});

const entryView = (e: Entry, t: Treasury) => ({
  txId: e.txId, createdAt: e.createdAt.toISOString(), updatedAt: e.updatedAt.toISOString(), voucherCode: e.voucherCode,
  customerId: e.customerId ?? customerIdOf(t), amount: e.amount, fee: e.fee, currency: e.currency, transactionSubType: e.transactionSubType,
  status: e.status, transactionType: e.transactionType, voucherRefNo: e.voucherRefNo, confirmedAt: e.confirmedAt ? e.confirmedAt.toISOString() : null,
  balanceAfter: e.balanceAfter, createdBy: e.createdBy,
});

/** The treasury found in the caller's scope must be a Utopia wallet (404 otherwise). */
function utopia(t: Treasury): Treasury {
  if (t.provider !== 'utopia') throw notFound(BANKING_MESSAGES.WALLET_NOT_FOUND);
  return t;
}

/** The treasury row locked for the rest of the transaction (SELECT … FOR UPDATE), balance as text. */
async function lockTreasury(tx: Db, uuid: string): Promise<{ balance: string; currency: string }> {
  const [row] = await rowsOf<{ balance: string; currency: string }>(tx, sql`select balance::text as balance, currency from treasuries where uuid = ${uuid} for update`);
  if (!row) throw notFound(BANKING_MESSAGES.WALLET_NOT_FOUND);
  return row;
}

export const treasuryHandlers: Handlers<'banking.treasuriesList' | 'banking.utopiaTopup' | 'banking.utopiaWithdraw' | 'banking.utopiaTransactions'> = {
  /** Treasuries by operator, then provider. */
  'banking.treasuriesList': async (ctx) => { const titleOf = await operatorTitles(ctx.db); return ok(await list(ctx, {
    rows: (select) => select({ t: treasuries }).from(treasuries),
    scope: treasuries.opId,
    filters: { provider: match.eq(treasuries.provider) },
    sort: { keys: { provider: [treasuries.opId, treasuries.provider] }, default: 'provider', dir: 'asc', tiebreak: treasuries.uuid },
    map: ({ t }) => ({ ...view(t), ...titleOf(t.opId) }),
  })); },

  /**
   * Top up the Utopia wallet with a voucher: the simulator values it, the treasury row is locked,
   * the entry (unique voucher code) is appended and the balance updated in one transaction.
   */
  'banking.utopiaTopup': async ({ user: me, body: b, found, audit, once }) => {
    const t = utopia(found);
    return once(async (tx) => {
      const locked = await lockTreasury(tx, t.uuid);
      const [used] = await tx.select({ id: treasuryEntries.id }).from(treasuryEntries).where(eq(treasuryEntries.voucherCode, b.voucherCode)).limit(1);
      if (used) throw conflict(BANKING_MESSAGES.UTOPIA_VOUCHER_REDEEMED, 'VOUCHER_ALREADY_REDEEMED');
      const answer = redeemVoucher(b.voucherCode);
      if (!answer.ok) throw new HttpError(400, [answer.message], 'UTOPIA_REFUSED');
      const net = fromUnits(toUnits(answer.amount) - toUnits(answer.fee));
      const balanceAfter = fromUnits(toUnits(locked.balance) + toUnits(net));
      const now = new Date();
      let entry: Entry | undefined;
      try {
        [entry] = await tx.insert(treasuryEntries).values({
          treasuryUuid: t.uuid, opId: t.opId, transactionType: 'TOPUP', transactionSubType: 'VOUCHER', status: 'CONFIRMED',
          amount: net, fee: answer.fee, currency: locked.currency, balanceAfter, voucherCode: b.voucherCode, voucherRefNo: answer.voucherRefNo,
          customerId: customerIdOf(t), createdBy: me.email, confirmedAt: now,
        }).onConflictDoNothing().returning();
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(BANKING_MESSAGES.UTOPIA_VOUCHER_REDEEMED, 'VOUCHER_ALREADY_REDEEMED');
        throw e;
      }
      if (!entry) throw conflict(BANKING_MESSAGES.UTOPIA_VOUCHER_REDEEMED, 'VOUCHER_ALREADY_REDEEMED');
      await tx.update(treasuries).set({ balance: balanceAfter, updatedAt: now }).where(eq(treasuries.uuid, t.uuid));
      await audit(tx, {
        targetType: 'treasury', targetId: t.uuid, opId: t.opId,
        before: { balance: fromUnits(toUnits(locked.balance)) }, after: { balance: balanceAfter, amount: net, txId: entry.txId, voucherRefNo: answer.voucherRefNo },
      });
      return { body: ok({ txId: entry.txId, amount: net, currency: locked.currency, balanceBefore: fromUnits(toUnits(locked.balance)), balanceAfter }, [BANKING_MESSAGES.UTOPIA_TOPUP_DONE]) };
    });
  },

  /** Withdraw from the Utopia wallet: at most the balance, never negative. */
  'banking.utopiaWithdraw': async ({ user: me, body: b, found, audit, once }) => {
    const t = utopia(found);
    return once(async (tx) => {
      const locked = await lockTreasury(tx, t.uuid);
      const after = toUnits(locked.balance) - toUnits(b.amount);
      if (after < 0n) throw badRequest(PAYMENT_MESSAGES.UTOPIA_OVER_BALANCE);
      const balanceAfter = fromUnits(after);
      const now = new Date();
      const [entry] = await tx.insert(treasuryEntries).values({
        treasuryUuid: t.uuid, opId: t.opId, transactionType: 'WITHDRAW', transactionSubType: 'WALLET_WITHDRAW', status: 'CONFIRMED',
        amount: `-${fromUnits(toUnits(b.amount))}`, fee: '0', currency: locked.currency, balanceAfter, customerId: customerIdOf(t),
        createdBy: me.email, confirmedAt: now,
      }).returning();
      await tx.update(treasuries).set({ balance: balanceAfter, updatedAt: now }).where(eq(treasuries.uuid, t.uuid));
      await audit(tx, {
        targetType: 'treasury', targetId: t.uuid, opId: t.opId,
        before: { balance: fromUnits(toUnits(locked.balance)) }, after: { balance: balanceAfter, amount: b.amount, txId: entry!.txId },
      });
      return { body: ok({ txId: entry!.txId, amount: fromUnits(toUnits(b.amount)), currency: locked.currency, balanceBefore: fromUnits(toUnits(locked.balance)), balanceAfter }, [BANKING_MESSAGES.UTOPIA_WITHDRAW_DONE]) };
    });
  },

  /** The Utopia wallet's transactions, newest first (the treasury found in the caller's scope). */
  'banking.utopiaTransactions': async (ctx) => {
    const t = utopia(ctx.found);
    return ok({
      ...await list(ctx, {
        rows: (select) => select({ e: treasuryEntries }).from(treasuryEntries),
        where: () => eq(treasuryEntries.treasuryUuid, t.uuid),
        sort: { keys: { id: treasuryEntries.id }, default: 'id', dir: 'desc', tiebreak: treasuryEntries.id },
        map: ({ e }) => entryView(e, t),
      }),
      wallet: { ...view(t), ...(await operatorTitles(ctx.db))(t.opId) },
    });
  },
};
