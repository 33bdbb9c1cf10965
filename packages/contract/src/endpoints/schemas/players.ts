import { z } from 'zod';
import {
  listScope, player2faBody, playerDeleteBody, playerGetBody, playerRow, playerSearchBody, playersListBody, usernameModerationBody, usernamesListBody,
} from '../../api.js';
import { USERNAME_STATUSES } from '../../validation.js';
import { PLAYERS } from '../meta/players.js';
import { isoDate, listAnswer, money, nullableString, opTitles } from './common.js';
import type { SchemasOf } from './types.js';

export const WALLET_KINDS = ['MAIN', 'BONUS', 'AFFILIATE', 'CASHBACK'] as const;

/** POST /api/players/balances: one wallet kind (MAIN by default), optionally one currency or player. */
export const balancesBody = listScope.extend({
  currency: z.string().trim().max(8).optional(),
  playerCode: z.string().trim().max(64).optional(),
  kind: z.enum(WALLET_KINDS).default('MAIN'),
});

export const playerSearchHit = z.object({
  playerId: z.string(), playerCode: z.string(), username: nullableString, opId: z.string(), opTitle: z.string(),
  /** SUPER_ADMIN only (000 §6). */
  parentOpId: nullableString.optional(),
  parentOpTitle: nullableString.optional(),
});

export const playerDetails = playerRow.extend({
  profile: z.object({ firstName: nullableString, lastName: nullableString, email: z.object({ address: nullableString }) }),
  /** The tabs area's data: absent for a caller without players_tabs (the table's `fieldAccess`). */
  kycRecords: z.array(z.object({ kycId: z.string(), optionType: z.string(), level: z.number(), kycStatus: z.string(), updatedAt: isoDate })).optional(),
  usernameRequests: z.array(z.object({ id: z.string(), username: z.string(), status: z.string(), note: nullableString, createdAt: isoDate })).optional(),
});

export const playerWallet = z.object({
  playerCode: z.string(),
  readAt: isoDate,
  inUSD: z.object({ balance: money }),
  balances: z.array(z.object({ currency: z.string(), balance: money, rateToUsd: nullableString, updatedAt: isoDate })),
  bonus: z.object({ balanceInUsd: money }),
  affiliate: z.object({ balanceInUsd: money }),
  cashback: z.object({ balanceInUsd: money }),
});

export const usernameRequestRow = z.object({
  id: z.string(), playerId: z.string(), playerCode: z.string(), opId: z.string(), ...opTitles, username: z.string(),
  originalUsername: nullableString, currentUsername: nullableString, status: z.enum(USERNAME_STATUSES), note: nullableString,
  usernameRejectionReason: nullableString, moderatedBy: nullableString, moderatedAt: isoDate.nullable(), createdAt: isoDate,
});

export const balanceRow = z.object({
  walletId: z.string(), playerId: z.string(), playerCode: z.string(), opId: z.string(), ...opTitles, kind: z.string(), currency: z.string(),
  balance: money, balanceInUSD: money, isTest: z.boolean(), updatedAt: isoDate,
});

export const PLAYERS_SCHEMAS = {
  'players.list': { body: playersListBody, response: listAnswer(playerRow) },
  'players.search': { body: playerSearchBody, response: z.array(playerSearchHit) },
  'players.get': { body: playerGetBody, response: playerDetails },
  'players.wallet': { body: playerGetBody, response: playerWallet },
  'players.delete': { body: playerDeleteBody, response: z.object({ playerId: z.string(), isDeleted: z.literal(true) }) },
  'players.reset2fa': { body: player2faBody, response: z.object({ playerId: z.string(), twoFactorEnabled: z.literal(false) }) },
  'players.usernames': { body: usernamesListBody, response: listAnswer(usernameRequestRow) },
  'players.moderateUsername': { body: usernameModerationBody, response: z.object({ username: nullableString, status: z.enum(USERNAME_STATUSES) }) },
  'players.balances': { body: balancesBody, response: listAnswer(balanceRow) },
} satisfies SchemasOf<typeof PLAYERS>;
