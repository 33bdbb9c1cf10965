import { fromUnits, toUnits } from '@pitboss/contract';
import type { bets, ledgerEntries, wallets } from './schema.js';
import { drawBet } from '../modules/bets/place.js';

export { DEMO_EVENTS, DEMO_GAMES } from '../modules/bets/place.js';

type WalletRow = typeof wallets.$inferInsert & { id: string };
type LedgerRow = typeof ledgerEntries.$inferInsert;
type BetRow = typeof bets.$inferInsert;

/** The demo bets' recent window (denser, with open bets) and how far back the settled history goes: the five invoiced months before this one and the dashboards' 90 days have GGR. */
export const DEMO_BET_RECENT_DAYS = 30;
export const DEMO_BET_HISTORY_DAYS = 155;

/**
 * Demo bets: casino rounds and sport bets (single and combo) of players with money in a MAIN
 * wallet, each drawn like the activity simulator's (modules/bets/place.ts): `count` over the last
 * `DEMO_BET_RECENT_DAYS` days (some still open), then `olderCount` before those, back to
 * `DEMO_BET_HISTORY_DAYS` days ago and never before the player registered, all settled (a bet the
 * draw leaves open is settled like the others). Each stake is a BET ledger entry (refId = betId)
 * taken from the in-memory wallet, each win a WIN entry, a canceled bet's refund BET_REFUND, so
 * reconciliation holds; the GGR roll-up follows from the rows by trigger when they are inserted.
 */
export function seedBets(m: {
  players: { id: string; opId: string; playerCode: string; createdAt: Date }[]; walletRows: WalletRow[]; ledgerRows: LedgerRow[];
  rates: Record<string, string>; rand: () => number; now: number; count: number; olderCount: number;
}): BetRow[] {
  const { rand, now } = m;
  const mains = m.walletRows.filter((w) => w.kind === 'MAIN' && toUnits(String(w.balance)) > 0n);
  const playerById = new Map(m.players.map((p) => [p.id, p]));
  const out: BetRow[] = [];
  let seq = 0;
  const recentFrom = now - DEMO_BET_RECENT_DAYS * 86_400_000;
  const historyFrom = now - DEMO_BET_HISTORY_DAYS * 86_400_000;
  const draw = (older: boolean) => {
    const w = mains[Math.floor(rand() * mains.length)]!;
    const p = playerById.get(w.playerId)!;
    const rate = m.rates[w.currency]!;
    // An older bet: a day of the history, more of them the nearer the recent window (a density rising linearly from 30 % of
    // the window's edge to all of it, so the history meets the recent bets without a step), never within an hour of registering.
    let placed = 0;
    if (older) {
      const x = (Math.sqrt(0.09 + 0.91 * rand()) - 0.3) / 0.7;
      placed = historyFrom + Math.floor(x * (recentFrom - historyFrom));
      if (placed < p.createdAt.getTime() + 3_600_000) return;
    }
    const d = drawBet(rand, {
      opId: p.opId, playerId: p.id, currency: w.currency, rate, balance: String(w.balance), seq: seq + 1,
      placedAt: older ? () => new Date(placed) : () => new Date(now - Math.floor(rand() * DEMO_BET_RECENT_DAYS * 86_400_000) - 60_000),
      settledAt: (at) => new Date(Math.min(now - 1000, at.getTime() + 60_000 + Math.floor(rand() * 3 * 3_600_000))),
      statusOf: (_casino, r) => (r < 0.8 ? 'SETTLED' : r < 0.9 ? (older ? 'SETTLED' : 'OPEN') : r < 0.95 ? 'CASHBACK' : 'CANCELED'),
    });
    if (!d) return;
    seq++;
    for (const mv of d.moves) {
      w.balance = fromUnits(toUnits(String(w.balance)) + toUnits(mv.amount));
      m.ledgerRows.push({ walletId: w.id, playerId: p.id, opId: p.opId, amount: mv.amount, balanceAfter: w.balance, currency: w.currency, rateToUsd: rate, reason: mv.reason, refType: 'bet', refId: d.row.betId, createdAt: mv.at });
    }
    out.push(d.row);
  };
  // The recent bets first, drawn as they always were; the history after them, from the same generator.
  for (let i = 0; i < m.count * 2 && out.length < m.count && mains.length; i++) draw(false);
  const recent = out.length;
  for (let i = 0; i < m.olderCount * 3 && out.length < recent + m.olderCount && mains.length; i++) draw(true);
  return out;
}
