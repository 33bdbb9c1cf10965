/**
 * The partner balance: a wallet of kind PARTNER in USD in the same `wallets` / `ledger_entries`
 * tables as players' wallets, so every movement goes through `postEntry` (row lock, never below
 * zero, an append-only ledger entry with the balance after) and `npm run reconcile` covers it.
 * A wallet row is keyed by a holder id (`player_id`); a partner's is derived from its opId
 * (`partnerHolderId`, a name-based UUID that no player id can equal), and its `op_id` is the
 * partner operator's, so the partner's money is scoped like any record of that operator.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { fromUnits, toUnits } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { wallets } from '../../db/schema.js';
import { rowsOf } from '../../lib/query.js';
import { postEntry } from '../wallet/ledger.js';

/** The partner balance's currency. */
export const PARTNER_BALANCE_CURRENCY = 'USD';

/** The wallet holder id of a partner operator: a version-5 style UUID of `partner:<opId>`. */
export function partnerHolderId(opId: string): string {
  const h = createHash('sha1').update(`pitboss-partner:${opId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** The partner's balance (0 when it has no wallet yet). */
export async function partnerBalanceOf(db: Db, opId: string): Promise<string> {
  const [w] = await db.select({ balance: wallets.balance }).from(wallets)
    .where(and(eq(wallets.playerId, partnerHolderId(opId)), eq(wallets.kind, 'PARTNER'), eq(wallets.currency, PARTNER_BALANCE_CURRENCY))).limit(1);
  return fromUnits(toUnits(w?.balance ?? '0'));
}

/** A movement of the partner balance, through the ledger, in the caller's transaction. */
export const postPartnerEntry = (tx: Db, e: { opId: string; amount: string; reason: string; refId: string }) =>
  postEntry(tx, {
    playerId: partnerHolderId(e.opId), opId: e.opId, kind: 'PARTNER', currency: PARTNER_BALANCE_CURRENCY,
    amount: e.amount, reason: e.reason, refType: 'partner_withdrawal', refId: e.refId,
  });

/** What the ledger still holds for a withdraw request: its holds minus its refunds (a refund never returns more). */
export async function heldFor(tx: Db, opId: string, txId: string): Promise<bigint> {
  const [r] = await rowsOf<{ s: string | null }>(tx, sql`select sum(amount)::text as s from ledger_entries
    where ref_id = ${txId} and player_id = ${partnerHolderId(opId)}::uuid and ref_type = 'partner_withdrawal'`);
  return -toUnits(r?.s ?? '0');
}
