import { z } from 'zod';
import { cryptoNetworkName, cryptoNetworkUpdateBody } from '../../crypto-networks.js';
import { releaseNoteForm, releaseNotePublishBody, releaseNoteUpdateBody } from '../../whats-new.js';
import { flowActiveBody, flowCreateBody, flowDeleteBody, flowRunsBody, flowUpdateBody, flowsListBody } from '../../flows.js';
import { treasuryMovementsBody, treasurySummaryBody } from '../../treasury-account.js';
import { CRYPTO_NETWORKS_ENDPOINTS, FLOWS_ENDPOINTS, TREASURY_ACCOUNT_ENDPOINTS, WHATS_NEW_ENDPOINTS } from '../meta/misc.js';
import { empty, isoDate, listAnswer, money, nullableString, opTitles } from './common.js';
import type { SchemasOf } from './types.js';

export const cryptoNetworkView = z.object({
  networkName: z.string(), title: z.string(), explorer: z.string(),
  /** Masked (`•••• abcd`) in the list; the full values in the drawer's call. */
  keys: z.array(z.string()),
  keysCount: z.number().int(),
  updatedAt: isoDate.nullable(), updatedBy: nullableString,
});
export type CryptoNetworkView = z.infer<typeof cryptoNetworkView>;

export const CRYPTO_NETWORKS_SCHEMAS = {
  'cryptoNetworks.list': { response: z.object({ items: z.array(cryptoNetworkView) }) },
  'cryptoNetworks.get': { params: z.object({ networkName: cryptoNetworkName }), response: cryptoNetworkView },
  'cryptoNetworks.update': { body: cryptoNetworkUpdateBody, response: cryptoNetworkView },
} satisfies SchemasOf<typeof CRYPTO_NETWORKS_ENDPOINTS>;

export const releaseNoteView = z.object({
  id: z.string(), version: z.string(), releaseDate: z.string(), title: z.string(), body: z.string(),
  audience: z.array(z.string()),
  publishedAt: isoDate.nullable(),
  /** For the reader: published after their last visit. */
  unread: z.boolean(),
  createdBy: nullableString, updatedAt: isoDate,
});
export type ReleaseNoteView = z.infer<typeof releaseNoteView>;

export const WHATS_NEW_SCHEMAS = {
  'whatsNew.list': { response: z.object({ items: z.array(releaseNoteView), unread: z.number().int(), lastReadAt: isoDate.nullable() }) },
  'whatsNew.unread': { response: z.object({ unread: z.number().int() }) },
  'whatsNew.markRead': { body: z.object({}), response: z.object({ unread: z.number().int(), lastReadAt: isoDate }) },
  'whatsNew.adminList': { response: z.object({ items: z.array(releaseNoteView) }) },
  'whatsNew.create': { body: releaseNoteForm, response: releaseNoteView },
  'whatsNew.update': { body: releaseNoteUpdateBody, response: releaseNoteView },
  'whatsNew.publish': { body: releaseNotePublishBody, response: releaseNoteView },
  'whatsNew.delete': { query: z.object({ id: z.string().trim().min(1).max(64) }), response: empty },
} satisfies SchemasOf<typeof WHATS_NEW_ENDPOINTS>;

export const flowView = z.object({
  flowId: z.string(), opId: z.string(), ...opTitles, name: z.string(),
  trigger: z.string(), minAmountUsd: money.nullable(), realPlayersOnly: z.boolean(),
  action: z.string(), tag: nullableString, message: nullableString,
  isActive: z.boolean(),
  /** Events from this instant on are evaluated (set when the flow is switched on). */
  activeSince: isoDate,
  runsCount: z.number().int(), lastRunAt: isoDate.nullable(),
  createdBy: nullableString, createdAt: isoDate, updatedAt: isoDate,
});
export type FlowView = z.infer<typeof flowView>;

export const flowRunView = z.object({
  id: z.string(), flowId: z.string(), eventKey: z.string(), eventType: z.string(),
  playerId: nullableString, playerCode: nullableString, username: nullableString,
  amountUsd: money.nullable(), outcome: z.string(), createdAt: isoDate,
});
export type FlowRunView = z.infer<typeof flowRunView>;

export const FLOWS_SCHEMAS = {
  'flows.list': { body: flowsListBody, response: listAnswer(flowView) },
  'flows.create': { body: flowCreateBody, response: flowView },
  'flows.update': { body: flowUpdateBody, response: flowView },
  'flows.setActive': { body: flowActiveBody, response: flowView },
  'flows.delete': { body: flowDeleteBody, response: empty },
  'flows.runs': { body: flowRunsBody, response: listAnswer(flowRunView) },
} satisfies SchemasOf<typeof FLOWS_ENDPOINTS>;

export const treasuryWalletView = z.object({
  uuid: z.string(), opId: z.string(), ...opTitles, provider: z.string(), title: z.string(), currency: z.string(),
  balance: money, rateToUsd: money, balanceUsd: money, updatedAt: isoDate,
});
export type TreasuryWalletView = z.infer<typeof treasuryWalletView>;

export const treasuryMovementView = z.object({
  txId: z.string(), treasuryUuid: z.string(), treasuryTitle: z.string(), opId: z.string(), ...opTitles,
  transactionType: z.string(), transactionSubType: nullableString, status: z.string(),
  amount: money, fee: money, currency: z.string(), balanceAfter: money, createdBy: nullableString, createdAt: isoDate,
});
export type TreasuryMovementView = z.infer<typeof treasuryMovementView>;

export const TREASURY_ACCOUNT_SCHEMAS = {
  'treasuryAccount.summary': {
    body: treasurySummaryBody,
    response: z.object({
      wallets: z.array(treasuryWalletView),
      totalUsd: money,
      /** One point per day (UTC, oldest first): each wallet's balance at the day's end in USD at today's rate, and the total. */
      history: z.array(z.object({ day: z.string(), totalUsd: money, byWallet: z.record(z.string(), money) })),
    }),
  },
  'treasuryAccount.movements': { body: treasuryMovementsBody, response: listAnswer(treasuryMovementView) },
} satisfies SchemasOf<typeof TREASURY_ACCOUNT_ENDPOINTS>;
