import { PLAYERS_TABS } from '../../permissions.js';
import { LIST, anyOf, ep, lookup, record, withRoles, withSuperFields } from '../define.js';

/** The players list's extra filters of SUPER_ADMIN and ADMIN (000 §6, 001 §6): from any other caller a request holding one is refused. */
export const PLAYER_SUPER_FILTERS = ['playerUid', 'playerId', 'operatorId'] as const;

/** Players (000 §2-§4, 001 §5): the list, search, details, wallet, delete, 2FA, usernames, balances. */
export const PLAYERS = {
  'players.list': ep({
    method: 'POST', path: '/api/players', tag: 'players', summary: 'Players; keyset cursor (except by last activity), no total count; player UID, player ID and operator ID filters for super roles',
    access: withSuperFields(anyOf('players'), PLAYER_SUPER_FILTERS), scope: LIST,
  }),
  'players.search': ep({
    method: 'POST', path: '/api/players/search', tag: 'players', summary: 'Players by code prefix (the top bar search; the parent operator column for SUPER_ADMIN only)',
    access: withRoles(['players'], ['SUPER_ADMIN', 'ADMIN']), scope: LIST,
  }),
  'players.get': ep({
    method: 'POST', path: '/api/player', tag: 'players', summary: 'One player by id or code, with its KYC records and username requests (the tabs area: holders of players_tabs only)',
    access: anyOf('players'), scope: lookup('player', 'playerId', 'playerCode'), secret: true,
    fieldAccess: { kycRecords: PLAYERS_TABS, usernameRequests: PLAYERS_TABS },
  }),
  'players.wallet': ep({
    method: 'POST', path: '/api/player/wallet', tag: 'players', summary: "A player's wallet: USD total, the operator's allowed currencies and the side wallets (read on demand)",
    access: withRoles(['players'], ['SUPER_ADMIN', 'ADMIN']), scope: lookup('player', 'playerId', 'playerCode'),
  }),
  'players.delete': ep({
    method: 'DELETE', path: '/api/players/delete', tag: 'players', summary: 'Soft-delete a player (type-to-confirm with the player code)',
    access: anyOf('player_delete'), scope: record('player', 'playerId'), audit: 'PLAYER_DELETE',
  }),
  'players.reset2fa': ep({
    method: 'POST', path: '/api/players/2fa', tag: 'players', summary: "Reset a player's two-factor authentication",
    access: anyOf('player_reset_2fa'), scope: record('player', 'playerId'), audit: 'PLAYER_2FA_RESET',
  }),
  'players.usernames': ep({
    method: 'POST', path: '/api/players/usernames/list', tag: 'players', summary: 'Username requests, newest first',
    access: anyOf('players_usernames'), scope: LIST,
  }),
  'players.moderateUsername': ep({
    method: 'PUT', path: '/api/players/usernames', tag: 'players', summary: 'Edit, approve or reject the pending username request of a player (applied once)',
    access: anyOf('player_usernames_moderate'), scope: record('player', 'playerCode'), audit: ['USERNAME_EDIT', 'USERNAME_APPROVE', 'USERNAME_REJECT'],
  }),
  'players.balances': ep({
    method: 'POST', path: '/api/players/balances', tag: 'players', summary: 'Balances per player wallet with their USD value',
    access: anyOf('players_balances'), scope: LIST,
  }),
} as const;
