import { LIST, anyOf, ep, forNonAdmins, record } from '../define.js';

const VIEW = anyOf('tournament_list');
const WINNERS = anyOf('tournament_winners_list');
/** Creating and deleting a tournament, and deciding on a prize, need a component permission beside the page (operator admins hold both). */
const MANAGE = forNonAdmins(['tournament_list'], ['tournament_manage']);
const PAYOUT = forNonAdmins(['tournament_winners_list'], ['tournament_payout']);

/**
 * Tournaments (000 §1, 001 §2, §7, §8). The spec shows two calls: `DELETE /api/tournament?id=`
 * ("Tournament Deleted!") and `POST /api/tournament/payouts` (type approve|reject plus
 * noteForThePlayer). The rest is designed in the style of the other areas:
 *
 * - `POST /api/tournament/list` — tournaments of the caller's operators (opId/includeBrands,
 *   status ACTIVE|EXPIRED, title), the latest end first, keyset cursor, no total count;
 * - `GET /api/tournament/details/:id` — one tournament with its leaderboard (the best
 *   `LEADERBOARD_SIZE` entries) and, once it ended, its winners;
 * - `POST /api/tournament` — create: opId, title, startsAt, endsAt, scoring TOTAL_WAGER |
 *   BEST_MULTIPLIER, providers and/or games (at least one), prizes [{rank, amountUsd}];
 * - `POST /api/tournament/winners/list`, `GET /api/tournament/winners/details/:id` — the winners
 *   (prize status PENDING|PAID|REJECTED, tournament, player) and one winner.
 *
 * Status is derived: ACTIVE until `endsAt`, then EXPIRED. The leaderboard (`tournament_entries`)
 * is kept by a trigger on `bets` for every unfinished tournament of the bet's operator (or its
 * parent) whose period, providers and games match; views read it, never the bets. The first read
 * after the end fixes the winners (idempotently) from the leaderboard: one per prize rank, score
 * above 0, the earlier player first on equal scores, with the prize converted to the player's
 * currency at that moment. A payout approves (TOURNAMENT_PRIZE transaction, MAIN wallet credit
 * through the ledger) or rejects a PENDING prize exactly once.
 */
export const TOURNAMENTS = {
  'tournaments.list': ep({
    method: 'POST', path: '/api/tournament/list', tag: 'tournaments',
    summary: 'Tournaments, the latest end first (status ACTIVE/EXPIRED, title); keyset cursor, no total count (designed)',
    access: VIEW, scope: LIST,
  }),
  'tournaments.get': ep({
    method: 'GET', path: '/api/tournament/details/:id', tag: 'tournaments',
    summary: 'One tournament with its leaderboard and, once ended, its winners (designed)',
    access: VIEW, scope: record('tournament', 'id', 'params'),
  }),
  'tournaments.create': ep({
    method: 'POST', path: '/api/tournament', tag: 'tournaments',
    summary: 'Create a tournament of an operator: period, scoring, eligible providers or games, prizes by rank in USD (designed)',
    access: MANAGE, scope: record('operator', 'opId'), audit: 'TOURNAMENT_CREATE',
  }),
  'tournaments.delete': ep({
    method: 'DELETE', path: '/api/tournament', tag: 'tournaments',
    summary: 'Delete a tournament with its leaderboard and unpaid winners ("Tournament Deleted!"); one with a paid prize stays',
    access: MANAGE, scope: record('tournament', 'id', 'query'), audit: 'TOURNAMENT_DELETE',
  }),
  'tournaments.winners': ep({
    method: 'POST', path: '/api/tournament/winners/list', tag: 'tournaments',
    summary: 'Tournament winners, the latest first (prize status, tournament, player); keyset cursor (designed)',
    access: WINNERS, scope: LIST,
  }),
  'tournaments.winner': ep({
    method: 'GET', path: '/api/tournament/winners/details/:id', tag: 'tournaments',
    summary: 'One winner: tournament, rank, score, prize in USD and in the player\'s currency, decision (designed)',
    access: WINNERS, scope: record('tournamentWinner', 'id', 'params'),
  }),
  'tournaments.payout': ep({
    method: 'POST', path: '/api/tournament/payouts', tag: 'tournaments',
    summary: "Winner Prize Payout Confirmation: approve (the prize to the player's main wallet, TOURNAMENT_PRIZE) or reject with a note, exactly once",
    access: PAYOUT, scope: record('tournamentWinner', 'id'), money: true, audit: ['TOURNAMENT_PAYOUT_APPROVE', 'TOURNAMENT_PAYOUT_REJECT'],
  }),
} as const;
