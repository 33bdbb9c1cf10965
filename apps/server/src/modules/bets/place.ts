/**
 * Placing a bet (the demo world's casino and sportsbook): one draw shapes a bet — its stake, its
 * game or selections, its outcome — for the demo seed and the activity simulator alike, and
 * `placeBet` writes it live: the row and its money through the ledger in the caller's transaction
 * (the stake BET, a win WIN, a cashout CASHOUT, a cancel's refund BET_REFUND, all refId = betId).
 * The GGR roll-up and the tournament leaderboards follow from the row by trigger; the stake counts
 * towards the player's bonus wagering in the same transaction (modules/bonuses/wagering.ts).
 */
import { DEMO_GAME_PROVIDERS, currencyDecimals, fromUnits, roundDec, toUnits, type BetSelection, type BetStatus } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { bets } from '../../db/schema.js';
import { postEntry, toUsd } from '../wallet/ledger.js';
import { advanceWagering } from '../bonuses/wagering.js';

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
 * The demo book's return to player: a settled round or bet is won with the chance of `RTP / odds`,
 * so what players win back averages 95 % of what they stake and the house keeps its edge (GGR > 0),
 * as in a real casino or sportsbook.
 */
export const DEMO_RTP = 0.95;

/** A bet's outcome as its caller draws it: SETTLED is won or lost by its odds (`DEMO_RTP`). */
export type DrawnOutcome = Exclude<BetStatus, 'WON' | 'LOST'> | 'SETTLED';

/** A drawn bet: the row to write and the money it moves (signed amounts, in order, each with its reason and time). */
export type BetDraw = { row: BetRow & { betId: string; stake: string; currency: string; rateToUsd: string; opId: string; playerId: string }; moves: { amount: string; reason: string; at: Date }[] };

/**
 * Draw one bet of a player from a MAIN wallet's balance: a stake of 1 % to 10 % of it in the
 * currency's decimals (null when that rounds to nothing), a casino round or a sport bet (single or
 * combo), and its outcome by `statusOf` (casino?, a uniform draw): open, cashed out, canceled, or
 * settled, then won or lost by its odds at `DEMO_RTP`. Floats only pick demo odds and
 * multipliers; amounts are exact decimal arithmetic.
 */
export function drawBet(rand: () => number, m: {
  opId: string; playerId: string; currency: string; rate: string; balance: string; seq: number; placedAt: () => Date; settledAt: (placedAt: Date) => Date;
  statusOf: (casino: boolean, r: number) => DrawnOutcome;
}): BetDraw | null {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const dec = currencyDecimals(m.currency);
  const stake = roundDec(fromUnits((toUnits(m.balance) * BigInt(1 + Math.floor(rand() * 10))) / 100n), dec);
  if (toUnits(stake) <= 0n) return null;
  const placedAt = m.placedAt();
  const seq = m.seq;
  const casino = rand() < 0.6;
  const outcome = m.statusOf(casino, rand());
  const rate = m.rate;
  let odds = 1 + rand() * 4;
  const base = { opId: m.opId, playerId: m.playerId, stake, currency: m.currency, rateToUsd: rate, stakeInUsd: toUsd(stake, rate), placedAt, status: 'OPEN' };
  let row: BetDraw['row'];
  if (casino) {
    const g = pick(DEMO_GAMES);
    row = { ...base, betId: `${g.code}-${(1_000_000 + seq * 7919).toString(36).toUpperCase()}_${seq}`, betType: 'CASINO', gameTitle: g.gameTitle, provider: g.provider, isSingle: true, win: '0', winInUsd: '0' };
  } else {
    const n = rand() < 0.6 ? 1 : 2 + Math.floor(rand() * 3);
    const sel: BetSelection[] = Array.from({ length: n }, () => {
      const e = pick(DEMO_EVENTS);
      return { ...e, market: '1X2', pick: pick(['1', 'X', '2']), odds: (1.2 + rand() * 2.3).toFixed(2) };
    });
    odds = sel.reduce((a, s) => a * Number(s.odds), 1);
    const single = n === 1;
    row = {
      ...base, betId: `SB/${placedAt.toISOString().slice(0, 10).replace(/-/g, '')}/${seq}`, betType: 'SPORT', isSingle: single, selections: sel,
      event: single ? sel[0]!.event : null, tournament: single ? sel[0]!.tournament : null, sportType: single ? sel[0]!.sportType : null,
      win: '0', winInUsd: '0',
    };
  }
  const status: BetStatus = outcome !== 'SETTLED' ? outcome : rand() < DEMO_RTP / odds ? 'WON' : 'LOST';
  row.status = status;
  // Money: the stake leaves the wallet; a win or a cashout comes back; a cancel refunds the stake.
  const moves: BetDraw['moves'] = [{ amount: `-${stake}`, reason: 'BET', at: placedAt }];
  const settledAt = m.settledAt(placedAt);
  const mult = status === 'WON' ? BigInt(Math.round(odds * 100)) : status === 'CASHBACK' ? BigInt(20 + Math.floor(rand() * 60)) : 0n;
  const win = roundDec(fromUnits((toUnits(stake) * mult) / 100n), dec);
  if (status !== 'OPEN') { row.settledAt = settledAt; row.settledBy = 'provider'; }
  if (status === 'WON' || status === 'CASHBACK') {
    row.win = win; row.winInUsd = toUsd(win, rate);
    if (toUnits(win) > 0n) moves.push({ amount: win, reason: status === 'WON' ? 'WIN' : 'CASHOUT', at: settledAt });
  }
  if (status === 'CANCELED') moves.push({ amount: stake, reason: 'BET_REFUND', at: settledAt });
  return { row, moves };
}

/**
 * Place a drawn bet live, in the caller's transaction: the row, then each of its money moves on the
 * player's MAIN wallet through the ledger (refType 'bet', refId = betId), so the wallet stays the sum
 * of its entries. A stake above the balance is refused by the ledger (and the transaction with it).
 */
export async function placeBet(tx: Db, d: BetDraw): Promise<typeof bets.$inferSelect> {
  const [row] = await tx.insert(bets).values(d.row).returning();
  for (const mv of d.moves) {
    await postEntry(tx, { playerId: d.row.playerId, opId: d.row.opId, kind: 'MAIN', currency: d.row.currency, amount: mv.amount, reason: mv.reason, refType: 'bet', refId: d.row.betId });
  }
  // Its stake counts towards the player's deposit bonus and bonus release wagering (modules/bonuses/wagering.ts).
  await advanceWagering(tx, row!);
  return row!;
}
