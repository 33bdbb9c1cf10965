import { LIST, anyOf, ep, record, withRoles } from '../define.js';

/**
 * Bets (001 §2, §7): the bets and quick bets lists, a bet's details, and Settle Open Bet. The spec
 * shows only the settle call; the list and detail calls are designed in the same style.
 */
export const BETS = {
  'bets.list': ep({
    method: 'POST', path: '/api/bets/list', tag: 'bets',
    summary: 'Bets newest first (casino and sport; bet type, single-bet event/tournament/sport type, game, provider, Bet ID, player, status, period); keyset cursor, no total count',
    access: anyOf('bets'), scope: LIST,
  }),
  'bets.quickList': ep({
    method: 'POST', path: '/api/betsV2/list', tag: 'bets', summary: 'Quick bets: the newest bets by Bet ID, player, type and status (designed); keyset cursor',
    access: anyOf('quick_bets', 'bets'), scope: LIST,
  }),
  /** Designed: the autocomplete of the bets filters (001 §6), one bounded, indexed query per field. */
  'bets.suggest': ep({
    method: 'POST', path: '/api/bets/suggest', tag: 'bets',
    summary: 'Bet IDs, player codes or game titles by prefix (from 2 characters), at most 10',
    access: anyOf('quick_bets', 'bets'), scope: LIST,
  }),
  'bets.details': ep({
    method: 'GET', path: '/api/bets/details/:id', tag: 'bets', summary: 'One bet with its selections and its ledger entries (Bet Details)',
    access: anyOf('bets'), scope: record('bet', 'id', 'params'),
  }),
  'bets.quickDetails': ep({
    method: 'GET', path: '/api/betsV2/details/:betId', tag: 'bets', summary: 'One bet by its Bet ID (Quick Bet Details)',
    access: anyOf('quick_bets', 'bets'), scope: record('bet', 'betId', 'params'),
  }),
  'bets.settle': ep({
    method: 'POST', path: '/api/v2/bets/settle', tag: 'bets',
    summary: 'Settle an OPEN bet with a win amount ≥ 0 (0: lost): the win is credited to the main wallet through the ledger, exactly once',
    access: withRoles(['bets'], ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN']), scope: record('bet', 'betId'), money: true, audit: 'BET_SETTLE',
  }),
  /** Designed (the spec lists CANCELED but no call): same permission as Settle Open Bet. */
  'bets.cancel': ep({
    method: 'PUT', path: '/api/bets/cancel', tag: 'bets',
    summary: 'Cancel an OPEN bet with a note: the stake is refunded to the main wallet through the ledger, exactly once',
    access: withRoles(['bets'], ['SUPER_ADMIN', 'ADMIN', 'OPERATOR_ADMIN']), scope: record('bet', 'betId'), money: true, audit: 'BET_CANCEL',
  }),
} as const;
