import { fromUnits, toUnits } from '@pitboss/contract';
import type { bets, ledgerEntries, wallets } from './schema.js';
import { drawBet } from '../modules/bets/place.js';

export { DEMO_EVENTS, DEMO_GAMES } from '../modules/bets/place.js';

type WalletRow = typeof wallets.$inferInsert & { id: string };
type LedgerRow = typeof ledgerEntries.$inferInsert;
type BetRow = typeof bets.$inferInsert;

/**
 * Demo bets: casino rounds and sport bets (single and combo) of players with money in a MAIN
 * wallet, over the last 30 days, each drawn like the activity simulator's (modules/bets/place.ts).
 * Each stake is a BET ledger entry (refId = betId) taken from the in-memory wallet, each win a WIN
 * entry, a canceled bet's refund BET_REFUND, so reconciliation holds; the GGR roll-up follows from
 * the rows by trigger when they are inserted.
 */
export function seedBets(m: {
  players: { id: string; opId: string; playerCode: string }[]; walletRows: WalletRow[]; ledgerRows: LedgerRow[];
  rates: Record<string, string>; rand: () => number; now: number; count: number;
}): BetRow[] {
  const { rand, now } = m;
  const mains = m.walletRows.filter((w) => w.kind === 'MAIN' && toUnits(String(w.balance)) > 0n);
  const playerById = new Map(m.players.map((p) => [p.id, p]));
  const out: BetRow[] = [];
  let seq = 0;
  for (let i = 0; i < m.count * 2 && out.length < m.count && mains.length; i++) {
    const w = mains[Math.floor(rand() * mains.length)]!;
    const p = playerById.get(w.playerId)!;
    const rate = m.rates[w.currency]!;
    const d = drawBet(rand, {
      opId: p.opId, playerId: p.id, currency: w.currency, rate, balance: String(w.balance), seq: seq + 1,
      placedAt: () => new Date(now - Math.floor(rand() * 30 * 86_400_000) - 60_000),
      settledAt: (at) => new Date(Math.min(now - 1000, at.getTime() + 60_000 + Math.floor(rand() * 3 * 3_600_000))),
      statusOf: (_casino, r) => (r < 0.8 ? 'SETTLED' : r < 0.9 ? 'OPEN' : r < 0.95 ? 'CASHBACK' : 'CANCELED'),
    });
    if (!d) continue;
    seq++;
    for (const mv of d.moves) {
      w.balance = fromUnits(toUnits(String(w.balance)) + toUnits(mv.amount));
      m.ledgerRows.push({ walletId: w.id, playerId: p.id, opId: p.opId, amount: mv.amount, balanceAfter: w.balance, currency: w.currency, rateToUsd: rate, reason: mv.reason, refType: 'bet', refId: d.row.betId, createdAt: mv.at });
    }
    out.push(d.row);
  }
  return out;
}
