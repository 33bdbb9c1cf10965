import { GLOBAL, anyOf, ep, recordWithin, withRoles } from '../define.js';

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
  'reports.affiliateReport': ep({
    method: 'POST', path: '/api/reports/affiliate/player/summary/reports', tag: 'reports',
    summary: "Affiliate panel Reports: the referred players' registered, deposit, withdraw, active and FTD figures and the affiliate's profit in a period (TODAY, THIS_WEEK, THIS_MONTH, THIS_YEAR), with bets and registrations charts against the previous period; Channel Type, Channel ID and SubChannel ID filters",
    access: PANELS, scope: PLAYER,
  }),
  'reports.affiliateChannels': ep({
    method: 'POST', path: '/api/reports/affiliate/channels', tag: 'reports',
    summary: "The channels the affiliate's referred players signed up through, with their subchannels (More Filters), page by page (limit up to 100)",
    access: PANELS, scope: PLAYER,
  }),
} as const;

/**
 * A player's own affiliate and cashback settings (001 §2, §3, §5): an override replaces the
 * operator's settings for this player until restored; the panels above follow it.
 */
export const REWARD_SETTINGS = {
  'reports.playerRewardSettings': ep({
    method: 'POST', path: '/api/reports/player/reward-settings', tag: 'reports',
    summary: "A player's effective affiliate and cashback settings (the player's override or the operator's), whether overridden, and the operator's (designed)",
    access: PANELS, scope: PLAYER,
  }),
  'reports.affiliateOverride': ep({
    method: 'PUT', path: '/api/reports/affiliate/player/settings/override', tag: 'reports',
    summary: "Override Affiliate Settings: the player's own general, level and revenue share settings",
    access: PANELS, scope: PLAYER, audit: 'PLAYER_AFFILIATE_SETTINGS_OVERRIDE',
  }),
  'reports.affiliateRestore': ep({
    method: 'POST', path: '/api/reports/affiliate/player/settings/restore', tag: 'reports',
    summary: "Restore operator affiliate settings: the player's override is removed",
    access: PANELS, scope: PLAYER, audit: 'PLAYER_AFFILIATE_SETTINGS_RESTORE',
  }),
  'reports.cashbackOverride': ep({
    method: 'PUT', path: '/api/reports/cashback/player/settings/override', tag: 'reports',
    summary: "Override Player Cashback Settings: minimum withdraw (≥ 0.01 USD), auto approval, up to 20 rows; settingsToOverride lists the rows whose percentage differs",
    access: PANELS, scope: PLAYER, audit: 'PLAYER_CASHBACK_SETTINGS_OVERRIDE',
  }),
  'reports.cashbackRestore': ep({
    method: 'POST', path: '/api/reports/cashback/player/settings/restore', tag: 'reports',
    summary: "Restore operator cashback settings: the player's override is removed",
    access: PANELS, scope: PLAYER, audit: 'PLAYER_CASHBACK_SETTINGS_RESTORE',
  }),
} as const;

/** The Cashback, Affiliate Profit and LTV Calculators (001 §2, §3): settings edited locally, never saved. */
export const REWARD_CALCULATORS = {
  'reports.cashbackCalculator': ep({
    method: 'POST', path: '/api/reports/cashback/calculator', tag: 'reports',
    summary: "Cashback Calculator: the player's loss (GGR), the effective loss after bonuses and cashbacks given, and the cashback available at a percentage (USD, rounded down to the cent)",
    access: anyOf('internal_cashback_affiliate_calculator'), scope: GLOBAL,
  }),
  'reports.affiliateProfitCalculator': ep({
    method: 'POST', path: '/api/reports/affiliate/profit/test-calculate', tag: 'reports',
    summary: "Affiliate Profit Calculator: the referred players' stats and affiliate settings → the affiliate's profit (CPR, CPA, revenue share of NGR, admin fee) and the operator's (USD, rounded down to the cent)",
    access: anyOf('internal_cashback_affiliate_calculator'), scope: GLOBAL,
  }),
  'reports.playerLtv': ep({
    method: 'POST', path: '/api/reports/player/ltv', tag: 'reports',
    summary: "LTV Calculator: a player's P/L (bets − wins) minus the flagged costs (claimed bonuses, cashbacks, CPR, CPA, affiliate commission, tournament prizes), optionally over a period (USD)",
    access: PANELS, scope: PLAYER,
  }),
} as const;
