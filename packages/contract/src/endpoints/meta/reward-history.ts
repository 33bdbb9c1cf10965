import { LIST, anyOf, ep, recordWithin, withRoles } from '../define.js';

/** As the Player Wallet panels they open from: SUPER_ADMIN and ADMIN holding the players page (001 §2, §6). */
const PANELS = withRoles(['players'], ['SUPER_ADMIN', 'ADMIN']);
/** The player by code; a selected operator (`opId`) that is not the player's (or its parent) answers "not found". */
const PLAYER = recordWithin('player', 'playerCode');

/**
 * The reward history drawers of the panels (001 §2, §7; designed: the spec shows neither path,
 * see packages/contract/src/reward-history.ts).
 */
export const REWARD_HISTORY = {
  'reports.playerRewardTransactions': ep({
    method: 'POST', path: '/api/reports/player/transactions', tag: 'reports',
    summary: "One player's CASHBACK, REFERRAL_PROFIT or AFFILIATE transactions, newest first, with the confirmed total in USD (designed: the spec's transaction list helper)",
    access: PANELS, scope: PLAYER,
  }),
  'reports.referredPlayers': ep({
    method: 'POST', path: '/api/reports/affiliate/referred-players', tag: 'reports',
    summary: "The players the player referred (their refId), sortable by registration, player code, bets or deposits (designed: the spec's referred players list helper)",
    access: PANELS, scope: PLAYER,
  }),
  /**
   * /profit-history (designed; 000 §2.1 names the route only): the same reward transactions for
   * every player of the selected operators — REFERRAL_PROFIT and CASHBACK — with totals per status.
   */
  'reports.profitHistory': ep({
    method: 'POST', path: '/api/reports/player/transactions/list', tag: 'reports',
    summary: 'Profit History (designed)',
    access: anyOf('profit_history'), scope: LIST,
  }),
} as const;
