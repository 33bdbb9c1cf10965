import { ep, recordWithin, withRoles } from '../define.js';

/** The player panels of the Player Wallet are for SUPER_ADMIN and ADMIN holding the players page (001 §2, §6). */
const PANELS = withRoles(['players'], ['SUPER_ADMIN', 'ADMIN']);
/** The player by code; a selected operator (`opId`) that is not the player's (or its parent) answers "not found". */
const PLAYER = recordWithin('player', 'playerCode');

/** Reports of one player (001 §7): the Bonus, Affiliate and Cashback panels, from the player's ledger and wallets. */
export const REPORTS = {
  'reports.bonusSummary': ep({
    method: 'POST', path: '/api/reports/bonus/player/summary', tag: 'reports', summary: "Bonus panel: the player's bonus wallet and the bonuses claimed to the main wallet (USD)",
    access: PANELS, scope: PLAYER,
  }),
  'reports.affiliateSummary': ep({
    method: 'POST', path: '/api/reports/affiliate/player/summary', tag: 'reports',
    summary: "Affiliate panel: level by the referred players' wager, progress to the next level, estimated balance and minimum withdraw (USD)",
    access: PANELS, scope: PLAYER,
  }),
  'reports.cashbackSummary': ep({
    method: 'POST', path: '/api/reports/cashback/player/summary', tag: 'reports',
    summary: "Cashback panel: level by the player's net loss, progress, available, received in total and this month, minimum withdraw (USD)",
    access: PANELS, scope: PLAYER,
  }),
} as const;
