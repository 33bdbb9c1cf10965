import { sql } from 'drizzle-orm';
import { BANKING_MESSAGES, PAYMENT_MESSAGES, fromUnits, toUnits } from '@pitboss/contract';
import { badRequest, ok } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import type { Handlers } from '../../platform/endpoints.js';
import { postEntry, rateOf, toUsd } from '../wallet/ledger.js';
import { convertAmount } from './common.js';

export const convertHandlers: Handlers<'banking.walletConvert'> = {
  /**
   * Convert Player Balance (001 §2, §5): the whole fromCurrency MAIN balance into one of the
   * player's existing MAIN wallets at the current rates. The credit is truncated to 8 places so
   * its USD value never exceeds the debit's. Both wallets are locked in a fixed order.
   */
  'banking.walletConvert': async ({ body: b, found: p, audit, once }) => {
    return once(async (tx) => {
      const locked = await rowsOf<{ currency: string; balance: string }>(tx, sql`select currency, balance::text as balance from wallets
        where player_id = ${p.id} and kind = 'MAIN' and currency in (${b.fromCurrency}, ${b.toCurrency}) order by currency for update`);
      const from = locked.find((w) => w.currency === b.fromCurrency);
      const to = locked.find((w) => w.currency === b.toCurrency);
      if (!to) throw badRequest(PAYMENT_MESSAGES.CONVERT_TO_REQUIRED);
      if (!from) throw badRequest(BANKING_MESSAGES.CONVERT_FROM_REQUIRED);
      const amount = fromUnits(toUnits(from.balance));
      if (toUnits(amount) <= 0n) throw badRequest(BANKING_MESSAGES.NOTHING_TO_CONVERT);
      const fromRate = await rateOf(tx, b.fromCurrency);
      const toRate = await rateOf(tx, b.toCurrency);
      const credited = convertAmount(amount, fromRate, toRate);
      if (toUnits(credited) <= 0n) throw badRequest(BANKING_MESSAGES.NOTHING_TO_CONVERT);
      const refId = crypto.randomUUID();
      const out = await postEntry(tx, { playerId: p.id, opId: p.opId, kind: 'MAIN', currency: b.fromCurrency, amount: `-${amount}`, reason: 'CONVERT_OUT', refType: 'convert', refId });
      const inn = await postEntry(tx, { playerId: p.id, opId: p.opId, kind: 'MAIN', currency: b.toCurrency, amount: credited, reason: 'CONVERT_IN', refType: 'convert', refId });
      const result = {
        refId, playerId: p.id, playerCode: p.playerCode, fromCurrency: b.fromCurrency, toCurrency: b.toCurrency,
        fromAmount: amount, toAmount: credited, fromAmountInUSD: toUsd(amount, fromRate), toAmountInUSD: toUsd(credited, toRate),
        fromBalanceAfter: out.balanceAfter, toBalanceBefore: inn.balanceBefore, toBalanceAfter: inn.balanceAfter,
      };
      await audit(tx, {
        targetType: 'player', targetId: p.playerCode, opId: p.opId,
        before: { [b.fromCurrency]: out.balanceBefore, [b.toCurrency]: inn.balanceBefore },
        after: { [b.fromCurrency]: out.balanceAfter, [b.toCurrency]: inn.balanceAfter, refId, fromRate, toRate },
      });
      return { body: ok(result, [PAYMENT_MESSAGES.BALANCE_CONVERTED(b.fromCurrency, b.toCurrency)]) };
    });
  },
};
