import { and, eq, gte, sql } from 'drizzle-orm';
import { TOPUP_MESSAGES, cmpDec, addDec } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { operators, players, transactions } from '../../db/schema.js';
import { HttpError, badRequest, ok } from '../../lib/http.js';
import { loadOperators, operatorTitles } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import { postEntry, toUsd } from './ledger.js';

const startOfUtcDay = () => { const d = new Date(); d.setUTCHours(0, 0, 0, 0); return d; };

/** Today's confirmed top-up increases of an operator, in USD. */
async function todayTopupUsd(db: Db, opId: string): Promise<string> {
  const [r] = await db.select({ v: sql<string>`coalesce(sum(${transactions.toAmountInUsd}), 0)::text` }).from(transactions).where(and(
    eq(transactions.transactionType, 'TOPUP'), eq(transactions.status, 'CONFIRMED'), eq(transactions.opId, opId),
    gte(transactions.createdAt, startOfUtcDay()), sql`${transactions.toAmount} > 0`,
  ));
  return r?.v ?? '0';
}

/** The currencies a top-up of the operator may use: USD and the operator's own. */
const currenciesOf = (op: { allowedCurrencies: string[] }) => [...new Set(['USD', ...op.allowedCurrencies])];

export const walletHandlers: Handlers<'wallet.topupInfo' | 'wallet.topup' | 'wallet.topupBonus' | 'wallet.topupList'> = {
  /** The operator data the Topup Player dialog shows: currencies, daily limit and today's total. */
  'wallet.topupInfo': async ({ db, found: p }) => {
    const op = (await loadOperators(db)).byId.get(p.opId)!;
    return ok({
      opId: op.opId,
      currencies: currenciesOf(op),
      limits: { dailyTopupLimitInUSD: op.dailyTopupLimitInUsd },
      stats: { todayTotalTopupInUSD: await todayTopupUsd(db, op.opId) },
    });
  },

  /**
   * Top up or reduce a player's wallet (001 §4-5). Exactly once per Idempotency-Key; the
   * operator row is locked so two top-ups cannot both slip under the daily limit.
   */
  'wallet.topup': async ({ db, user: me, body: b, found: p, audit, once }) => {
    const op = (await loadOperators(db)).byId.get(p.opId)!;
    if (!currenciesOf(op).includes(b.currency)) throw badRequest(TOPUP_MESSAGES.CURRENCY_NOT_ALLOWED);
    return once(async (tx) => {
      const [opRow] = await tx.select().from(operators).where(eq(operators.opId, p.opId)).for('update');
      const signed = b.action === 'DECREASE' ? `-${b.amount}` : b.amount;
      const txId = crypto.randomUUID();
      const entry = await postEntry(tx, { playerId: p.id, opId: p.opId, kind: 'MAIN', currency: b.currency, amount: signed, reason: 'TOPUP', refType: 'transaction', refId: txId });
      const usd = toUsd(signed, entry.rate);
      if (b.action === 'INCREASE') {
        const today = await todayTopupUsd(tx, p.opId);
        if (cmpDec(addDec(today, usd), opRow!.dailyTopupLimitInUsd) > 0) {
          throw new HttpError(400, [TOPUP_MESSAGES.LIMIT_EXCEEDED], 'TOP_UP_LIMIT_HAS_BEEN_EXCEEDED');
        }
      }
      const [t] = await tx.insert(transactions).values({
        txId, opId: p.opId, playerId: p.id, transactionType: 'TOPUP', transactionSubType: 'OTHER', status: 'CONFIRMED', walletType: 'MAIN',
        fromAmount: signed, fromCurrency: b.currency, fromAmountInUsd: usd, toAmount: signed, toCurrency: b.currency, toAmountInUsd: usd,
        rateToUsd: entry.rate, balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter, note: b.note, reason: b.reason,
        createdBy: me.email, confirmedAt: new Date(), confirmedBy: me.email,
      }).returning();
      if (b.action === 'INCREASE') await tx.update(players).set({ totalTopUpIncreaseCount: sql`${players.totalTopUpIncreaseCount} + 1` }).where(eq(players.id, p.id));
      await audit(tx, {
        action: b.action === 'INCREASE' ? 'WALLET_TOPUP_INCREASE' : 'WALLET_TOPUP_DECREASE', targetType: 'player', targetId: p.playerCode, opId: p.opId,
        before: { currency: b.currency, balance: entry.balanceBefore }, after: { currency: b.currency, balance: entry.balanceAfter, txId, reason: b.reason, note: b.note },
      });
      return { body: ok({ txId: t!.txId, balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter, currency: b.currency }, [TOPUP_MESSAGES.DONE]) };
    });
  },

  /** Top up (or reduce) the bonus wallet, USD, within ±100,000,000. */
  'wallet.topupBonus': async ({ user: me, body: b, found: p, audit, once }) =>
    once(async (tx) => {
      const txId = crypto.randomUUID();
      const entry = await postEntry(tx, { playerId: p.id, opId: p.opId, kind: 'BONUS', currency: 'USD', amount: b.amount, reason: 'BONUS_TOPUP', refType: 'transaction', refId: txId });
      await tx.insert(transactions).values({
        txId, opId: p.opId, playerId: p.id, transactionType: 'BONUS', transactionSubType: 'MANUAL_BONUS', status: 'CONFIRMED', walletType: 'BONUS',
        fromAmount: b.amount, fromCurrency: 'USD', fromAmountInUsd: b.amount, toAmount: b.amount, toCurrency: 'USD', toAmountInUsd: b.amount,
        rateToUsd: '1', balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter, note: b.note, createdBy: me.email,
        confirmedAt: new Date(), confirmedBy: me.email,
      });
      await audit(tx, {
        targetType: 'player', targetId: p.playerCode, opId: p.opId,
        before: { bonusBalance: entry.balanceBefore }, after: { bonusBalance: entry.balanceAfter, txId, note: b.note },
      });
      return { body: ok({ txId, balanceBefore: entry.balanceBefore, balanceAfter: entry.balanceAfter, currency: 'USD' }, [TOPUP_MESSAGES.DONE]) };
    }),

  /** The /topup/list page: manual top-ups (MAIN and bonus), newest first. */
  'wallet.topupList': async (ctx) => { const titleOf = await operatorTitles(ctx.db); return ok(await list(ctx, {
    rows: (select) => select({ t: transactions, playerCode: players.playerCode, isTest: players.isTest })
      .from(transactions).innerJoin(players, eq(players.id, transactions.playerId)),
    scope: transactions.opId,
    where: () => sql`(${transactions.transactionType} = 'TOPUP' or ${transactions.transactionSubType} = 'MANUAL_BONUS')`,
    filters: {
      walletType: match.eq(transactions.walletType), currency: match.eq(transactions.toCurrency), playerCode: match.eq(players.playerCode),
      isTest: match.isTest(players.isTest), quickTime: match.since(transactions.createdAt),
    },
    sort: { keys: { createdAt: transactions.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: transactions.txId },
    map: ({ t, playerCode, isTest }) => ({
      txId: t.txId, opId: t.opId, ...titleOf(t.opId), playerCode, isTest, walletType: t.walletType, amount: t.toAmount, currency: t.toCurrency,
      amountInUSD: t.toAmountInUsd, balanceBefore: t.balanceBefore, balanceAfter: t.balanceAfter, reason: t.reason, note: t.note,
      createdBy: t.createdBy, createdAt: t.createdAt.toISOString(),
    }),
  })); },
};
