import { and, eq, sql } from 'drizzle-orm';
import { TOPUP_MESSAGES, fromUnits, toUnits } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { currencyRates, ledgerEntries, wallets } from '../../db/schema.js';
import { HttpError } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';

export type WalletKind = 'MAIN' | 'BONUS' | 'AFFILIATE' | 'CASHBACK';

export async function rateOf(tx: Db, currency: string): Promise<string> {
  const [r] = await tx.select({ rate: currencyRates.rateToUsd }).from(currencyRates).where(eq(currencyRates.currency, currency)).limit(1);
  if (!r) throw new HttpError(400, [TOPUP_MESSAGES.UNKNOWN_CURRENCY(currency)]);
  return r.rate;
}

/** USD value of an amount at a rate, rounded to 8 places, exact. */
export function toUsd(amount: string, rate: string): string {
  const RATE_SCALE = 10n ** 12n;
  const [i, f = ''] = rate.split('.');
  const rateUnits = BigInt(i!) * RATE_SCALE + BigInt((f + '0'.repeat(12)).slice(0, 12));
  return fromUnits((toUnits(amount) * rateUnits) / RATE_SCALE);
}

/**
 * Apply a signed amount to a player's wallet, exactly once, in the caller's transaction:
 * the wallet row is locked (SELECT ... FOR UPDATE), the balance must stay >= 0, and the
 * ledger entry is appended with the balance after it and the USD rate in force.
 */
export async function postEntry(tx: Db, e: {
  playerId: string; opId: string; kind: WalletKind; currency: string; amount: string; reason: string; refType?: string; refId?: string;
}): Promise<{ walletId: string; balanceBefore: string; balanceAfter: string; rate: string }> {
  await tx.insert(wallets).values({ playerId: e.playerId, opId: e.opId, kind: e.kind, currency: e.currency, balance: '0' }).onConflictDoNothing();
  const [w] = await rowsOf<{ id: string; balance: string }>(tx, sql`select id, balance::text as balance from wallets
    where player_id = ${e.playerId} and kind = ${e.kind} and currency = ${e.currency} for update`);
  if (!w) throw new Error('wallet not found after upsert');
  const after = toUnits(w.balance) + toUnits(e.amount);
  if (after < 0n) throw new HttpError(400, [TOPUP_MESSAGES.BELOW_ZERO], 'INSUFFICIENT_BALANCE');
  const balanceAfter = fromUnits(after);
  const rate = await rateOf(tx, e.currency);
  await tx.update(wallets).set({ balance: balanceAfter, updatedAt: new Date() }).where(and(eq(wallets.id, w.id)));
  await tx.insert(ledgerEntries).values({
    walletId: w.id, playerId: e.playerId, opId: e.opId, amount: e.amount, balanceAfter, currency: e.currency, rateToUsd: rate,
    reason: e.reason, refType: e.refType ?? null, refId: e.refId ?? null,
  });
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
