import { eq, sql } from 'drizzle-orm';
import { TOPUP_MESSAGES, convertAmount, fromUnits, toUnits } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { currencyRates, ledgerEntries, wallets } from '../../db/schema.js';
import { HttpError } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';

/**
 * Player wallets: MAIN per currency, BONUS, AFFILIATE and CASHBACK. PARTNER is a partner
 * operator's balance (USD), held under a holder id derived from its opId (modules/partners/balance.ts).
 */
export type WalletKind = 'MAIN' | 'BONUS' | 'AFFILIATE' | 'CASHBACK' | 'PARTNER';

export async function rateOf(tx: Db, currency: string): Promise<string> {
  const [r] = await tx.select({ rate: currencyRates.rateToUsd }).from(currencyRates).where(eq(currencyRates.currency, currency)).limit(1);
  if (!r) throw new HttpError(400, [TOPUP_MESSAGES.UNKNOWN_CURRENCY(currency)]);
  return r.rate;
}

/** USD value of an amount at a rate (USD's own rate is 1), truncated to 8 places, exact. */
export const toUsd = (amount: string, rate: string): string => convertAmount(amount, rate, '1');

/** The player's wallet of that kind and currency, locked (FOR UPDATE), with the currency's USD rate (null: unknown currency). */
const lockWallet = (tx: Db, e: { playerId: string; kind: WalletKind; currency: string }) =>
  rowsOf<{ id: string; balance: string; rate: string | null }>(tx, sql`select w.id, w.balance::text as balance,
      (select r.rate_to_usd::text from currency_rates r where r.currency = ${e.currency}) as rate
    from wallets w where w.player_id = ${e.playerId} and w.kind = ${e.kind} and w.currency = ${e.currency} for update of w`);

/**
 * Apply a signed amount to a player's wallet, exactly once, in the caller's transaction:
 * the wallet row is locked (SELECT ... FOR UPDATE, created first if the player has none), the
 * balance must stay >= 0, and the ledger entry is appended with the balance after it and the
 * USD rate in force. Two statements when the wallet exists: the lock (with the rate), then
 * the balance and its ledger entry together.
 */
export async function postEntry(tx: Db, e: {
  playerId: string; opId: string; kind: WalletKind; currency: string; amount: string; reason: string; refType?: string; refId?: string;
}): Promise<{ walletId: string; balanceBefore: string; balanceAfter: string; rate: string }> {
  let [w] = await lockWallet(tx, e);
  if (!w) {
    await tx.insert(wallets).values({ playerId: e.playerId, opId: e.opId, kind: e.kind, currency: e.currency, balance: '0' }).onConflictDoNothing();
    [w] = await lockWallet(tx, e);
  }
  if (!w) throw new Error('wallet not found after upsert');
  const after = toUnits(w.balance) + toUnits(e.amount);
  if (after < 0n) throw new HttpError(400, [TOPUP_MESSAGES.BELOW_ZERO], 'INSUFFICIENT_BALANCE');
  const balanceAfter = fromUnits(after);
  if (w.rate === null) throw new HttpError(400, [TOPUP_MESSAGES.UNKNOWN_CURRENCY(e.currency)]);
  const rate = w.rate;
  await tx.execute(sql`with u as (update wallets set balance = ${balanceAfter}::numeric, updated_at = ${new Date().toISOString()}::timestamptz where id = ${w.id}::uuid returning id)
    insert into ${ledgerEntries} (wallet_id, player_id, op_id, amount, balance_after, currency, rate_to_usd, reason, ref_type, ref_id)
    select u.id, ${e.playerId}::uuid, ${e.opId}, ${e.amount}::numeric, ${balanceAfter}::numeric, ${e.currency}, ${rate}::numeric, ${e.reason},
      ${e.refType ?? null}::text, ${e.refId ?? null}::text from u`);
  return { walletId: w.id, balanceBefore: fromUnits(toUnits(w.balance)), balanceAfter, rate };
}

/** Every wallet equals the sum of its entries and none is negative. Returns the problems found. */
export async function reconcile(db: Db): Promise<{ wallets: number; problems: { walletId: string; balance: string; sum: string }[] }> {
  const problems = await rowsOf<{ walletId: string; balance: string; sum: string }>(db, sql`
    select w.id as "walletId", w.balance::text as balance, coalesce(s.sum, 0)::text as sum
    from wallets w left join (select wallet_id, sum(amount) as sum from ledger_entries group by wallet_id) s on s.wallet_id = w.id
    where w.balance <> coalesce(s.sum, 0) or w.balance < 0`);
  const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from wallets`);
  return { wallets: Number(count?.n ?? 0), problems };
}
