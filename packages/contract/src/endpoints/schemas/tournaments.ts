import { z } from 'zod';
import { payoutForm, tournamentCreateForm, tournamentsListBody, winnersListBody } from '../../tournaments.js';
import { TOURNAMENTS } from '../meta/tournaments.js';
import { empty, isoDate, listAnswer, money, nullableString, opTitles } from './common.js';
import type { SchemasOf } from './types.js';

export const tournamentView = z.object({
  id: z.string(), opId: z.string(), ...opTitles, title: z.string(),
  /** ACTIVE until the end, then EXPIRED. */
  status: z.string(),
  startsAt: isoDate, endsAt: isoDate, scoring: z.string(),
  providers: z.array(z.string()), games: z.array(z.string()),
  prizes: z.array(z.object({ rank: z.number().int(), amountUsd: money })),
  /** The sum of the prizes in USD. */
  prizePoolUsd: money,
  /** When the winners were fixed (null: not yet). */
  finalizedAt: isoDate.nullable(),
  createdAt: isoDate, createdBy: nullableString,
});
export type TournamentView = z.infer<typeof tournamentView>;

export const leaderboardEntry = z.object({
  rank: z.number().int(), playerId: z.string(), playerCode: z.string(), username: nullableString,
  score: money, betsCount: z.number().int(), updatedAt: isoDate,
});

export const winnerView = z.object({
  id: z.string(), tournamentId: z.string(), tournamentTitle: z.string(), opId: z.string(), ...opTitles,
  rank: z.number().int(), playerId: z.string(), playerCode: z.string(), username: nullableString,
  score: money, scoring: z.string(),
  prizeUsd: money, prizeAmount: money, currency: z.string(),
  status: z.string(), noteForThePlayer: nullableString, decidedBy: nullableString, decidedAt: isoDate.nullable(),
  /** The TOURNAMENT_PRIZE transaction of a paid prize. */
  txId: nullableString,
  createdAt: isoDate,
});
export type WinnerView = z.infer<typeof winnerView>;

export const TOURNAMENTS_SCHEMAS = {
  'tournaments.list': { body: tournamentsListBody, response: listAnswer(tournamentView) },
  'tournaments.get': {
    params: z.object({ id: z.string().max(64) }),
    response: tournamentView.extend({ leaderboard: z.array(leaderboardEntry), winners: z.array(winnerView) }),
  },
  'tournaments.create': { body: tournamentCreateForm, response: tournamentView },
  'tournaments.delete': { query: z.object({ id: z.string().trim().min(1).max(64) }), response: empty },
  'tournaments.winners': { body: winnersListBody, response: listAnswer(winnerView) },
  'tournaments.winner': { params: z.object({ id: z.string().max(64) }), response: winnerView },
  'tournaments.payout': { body: payoutForm, response: winnerView.extend({ balanceAfter: money.nullable() }) },
} satisfies SchemasOf<typeof TOURNAMENTS>;
