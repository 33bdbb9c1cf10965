/**
 * Demo tournaments of the demo operators (after the bets): per operator an active wager race and
 * an active multiplier hunt with their leaderboards, and a tournament that ended ten days ago
 * with its winners fixed and their prizes pending payout. Leaderboards come from the seeded bets
 * (the one-time rebuild a tournament with a past start gets at creation).
 */
import { sql } from 'drizzle-orm';
import { addDec, type TournamentPrize, type TournamentScoring } from '@pitboss/contract';
import type { Db } from './client.js';
import { tournaments } from './schema.js';
import { finalizeOne } from '../modules/tournaments/service.js';

const DAY = 86_400_000;
const prizes = (...usd: string[]): TournamentPrize[] => usd.map((amountUsd, i) => ({ rank: i + 1, amountUsd }));

const DEMO_TOURNAMENTS: { title: string; from: number; to: number; scoring: TournamentScoring; providers: string[]; games: string[]; prizes: TournamentPrize[] }[] = [
  { title: 'Weekly Slots Race', from: -7, to: 3, scoring: 'TOTAL_WAGER', providers: ['Pragmatic Play', "Play'n GO"], games: [], prizes: prizes('500', '250', '100', '50', '25') },
  { title: 'Live Casino Multiplier Hunt', from: -5, to: 2, scoring: 'BEST_MULTIPLIER', providers: [], games: ['Crazy Time', 'Lightning Roulette'], prizes: prizes('300', '150', '75') },
  { title: 'Autumn Wager Cup', from: -30, to: -10, scoring: 'TOTAL_WAGER', providers: ['Evolution', 'NetEnt'], games: ['Gates of Olympus'], prizes: prizes('1000', '500', '250') },
];

export async function seedTournaments(db: Db, opts: { opIds: readonly string[]; now: number }): Promise<void> {
  const rows = opts.opIds.flatMap((opId) => DEMO_TOURNAMENTS.map((t) => ({
    opId, title: t.title, startsAt: new Date(opts.now + t.from * DAY), endsAt: new Date(opts.now + t.to * DAY), scoring: t.scoring,
    providers: t.providers, games: t.games, prizes: t.prizes, prizePoolUsd: t.prizes.reduce((a, p) => addDec(a, p.amountUsd), '0'),
    createdAt: new Date(opts.now + (t.from - 2) * DAY), createdBy: 'admin@demo.local',
  })));
  const inserted = await db.insert(tournaments).values(rows).returning({ id: tournaments.id, endsAt: tournaments.endsAt });
  for (const t of inserted) {
    await db.execute(sql`select tournament_rebuild(${t.id}::uuid)`);
    if (t.endsAt.getTime() <= opts.now) await finalizeOne(db, t.id);
  }
}
