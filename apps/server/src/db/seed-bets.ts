import { DEMO_GAME_PROVIDERS, currencyDecimals, fromUnits, roundDec, toUnits, type BetSelection } from '@pitboss/contract';
import type { bets, ledgerEntries, wallets } from './schema.js';
import { toUsd } from '../modules/wallet/ledger.js';

type WalletRow = typeof wallets.$inferInsert & { id: string };
type LedgerRow = typeof ledgerEntries.$inferInsert;
type BetRow = typeof bets.$inferInsert;

/** The demo casino's games, each of one of the contract's DEMO_GAME_PROVIDERS (the bets list's provider filter). */
const [PRAGMATIC, EVOLUTION, NETENT, PLAYNGO] = DEMO_GAME_PROVIDERS;
export const DEMO_GAMES = [
  { gameTitle: 'Gates of Olympus', provider: PRAGMATIC, code: 'PP' },
  { gameTitle: 'Sweet Bonanza', provider: PRAGMATIC, code: 'PP' },
  { gameTitle: 'Lightning Roulette', provider: EVOLUTION, code: 'EVO' },
  { gameTitle: 'Crazy Time', provider: EVOLUTION, code: 'EVO' },
  { gameTitle: 'Starburst', provider: NETENT, code: 'NE' },
  { gameTitle: 'Book of Dead', provider: PLAYNGO, code: 'PNG' },
] as const;

export const DEMO_EVENTS = [
  { event: 'Galatasaray vs Fenerbahçe', tournament: 'Süper Lig', sportType: 'Football' },
  { event: 'Real Madrid vs Barcelona', tournament: 'La Liga', sportType: 'Football' },
  { event: 'Arsenal vs Liverpool', tournament: 'Premier League', sportType: 'Football' },
  { event: 'Lakers vs Celtics', tournament: 'NBA', sportType: 'Basketball' },
  { event: 'Anadolu Efes vs Real Madrid', tournament: 'EuroLeague', sportType: 'Basketball' },
  { event: 'Djokovic vs Alcaraz', tournament: 'Wimbledon', sportType: 'Tennis' },
  { event: 'NaVi vs G2', tournament: 'IEM Katowice', sportType: 'Esports' },
  { event: 'Vakıfbank vs Eczacıbaşı', tournament: 'Sultanlar Ligi', sportType: 'Volleyball' },
] as const;

/**
 * Demo bets: casino rounds and sport bets (single and combo) of players with money in a MAIN
 * wallet, over the last 30 days. Each stake is a BET ledger entry (refId = betId) taken from the
 * in-memory wallet, each win a WIN entry, a canceled bet's refund BET_REFUND, so reconciliation
 * holds; the GGR roll-up follows from the rows by trigger when they are inserted.
 */
export function seedBets(m: {
  players: { id: string; opId: string; playerCode: string }[]; walletRows: WalletRow[]; ledgerRows: LedgerRow[];
  rates: Record<string, string>; rand: () => number; now: number; count: number;
}): BetRow[] {
  const { rand, now } = m;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const mains = m.walletRows.filter((w) => w.kind === 'MAIN' && toUnits(String(w.balance)) > 0n);
  const playerById = new Map(m.players.map((p) => [p.id, p]));
  const out: BetRow[] = [];
  let seq = 0;
  for (let i = 0; i < m.count * 2 && out.length < m.count && mains.length; i++) {
    const w = pick(mains);
    const p = playerById.get(w.playerId)!;
    const balance = toUnits(String(w.balance));
    const dec = currencyDecimals(w.currency);
    // A stake of 1 % to 10 % of the balance, in the currency's decimals.
    const stake = roundDec(fromUnits((balance * BigInt(1 + Math.floor(rand() * 10))) / 100n), dec);
    if (toUnits(stake) <= 0n) continue;
    seq++;
    const placedAt = new Date(now - Math.floor(rand() * 30 * 86_400_000) - 60_000);
    const casino = rand() < 0.6;
    const r = rand();
    const status = r < 0.42 ? 'LOST' : r < 0.8 ? 'WON' : r < 0.9 ? 'OPEN' : r < 0.95 ? 'CASHBACK' : 'CANCELED';
    const rate = m.rates[w.currency]!;
    let sel: BetSelection[] | null = null;
    let odds = 1 + rand() * 4;
    const base: Omit<BetRow, 'betId' | 'betType' | 'win' | 'winInUsd' | 'status'> = {
      opId: p.opId, playerId: p.id, stake, currency: w.currency, rateToUsd: rate, stakeInUsd: toUsd(stake, rate), placedAt,
    };
    let row: BetRow;
    if (casino) {
      const g = pick(DEMO_GAMES);
      row = { ...base, betId: `${g.code}-${(1_000_000 + seq * 7919).toString(36).toUpperCase()}_${seq}`, betType: 'CASINO', gameTitle: g.gameTitle, provider: g.provider, isSingle: true, win: '0', winInUsd: '0', status };
    } else {
      const n = rand() < 0.6 ? 1 : 2 + Math.floor(rand() * 3);
      sel = Array.from({ length: n }, () => {
        const e = pick(DEMO_EVENTS);
        return { ...e, market: '1X2', pick: pick(['1', 'X', '2']), odds: (1.2 + rand() * 2.3).toFixed(2) };
      });
      odds = sel.reduce((a, s) => a * Number(s.odds), 1);
      const single = n === 1;
      row = {
        ...base, betId: `SB/${placedAt.toISOString().slice(0, 10).replace(/-/g, '')}/${seq}`, betType: 'SPORT', isSingle: single, selections: sel,
        event: single ? sel[0]!.event : null, tournament: single ? sel[0]!.tournament : null, sportType: single ? sel[0]!.sportType : null,
        win: '0', winInUsd: '0', status,
      };
    }
    // Money: the stake leaves the wallet; a win or a cashout comes back; a cancel refunds the stake.
    const post = (amount: string, reason: string, at: Date) => {
      const after = toUnits(String(w.balance)) + toUnits(amount);
      w.balance = fromUnits(after);
      m.ledgerRows.push({ walletId: w.id, playerId: p.id, opId: p.opId, amount, balanceAfter: w.balance, currency: w.currency, rateToUsd: rate, reason, refType: 'bet', refId: row.betId, createdAt: at });
    };
    post(`-${stake}`, 'BET', placedAt);
    const settledAt = new Date(Math.min(now - 1000, placedAt.getTime() + 60_000 + Math.floor(rand() * 3 * 3_600_000)));
    // Float only to pick a demo multiplier; the amount itself is exact decimal arithmetic from here.
    const mult = status === 'WON' ? BigInt(Math.round(odds * 100)) : status === 'CASHBACK' ? BigInt(20 + Math.floor(rand() * 60)) : 0n;
    const win = roundDec(fromUnits((toUnits(stake) * mult) / 100n), dec);
    if (status !== 'OPEN') { row.settledAt = settledAt; row.settledBy = 'provider'; }
    if (status === 'WON' || status === 'CASHBACK') {
      row.win = win; row.winInUsd = toUsd(win, rate);
      if (toUnits(win) > 0n) post(win, status === 'WON' ? 'WIN' : 'CASHOUT', settledAt);
    }
    if (status === 'CANCELED') post(stake, 'BET_REFUND', settledAt);
    out.push(row);
  }
  return out;
}
