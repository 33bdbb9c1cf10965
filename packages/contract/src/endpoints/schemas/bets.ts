import { z } from 'zod';
import { betCancelForm, betSelection, betSettleForm, betSuggestBody, betsListBody, quickBetsListBody } from '../../bets.js';
import { BETS } from '../meta/bets.js';
import { isoDate, listAnswer, money, nullableString, opTitles } from './common.js';
import type { SchemasOf } from './types.js';

export const betView = z.object({
  id: z.string(), betId: z.string(), opId: z.string(), ...opTitles, playerId: z.string(), playerCode: z.string(),
  betType: z.string(), gameTitle: nullableString, provider: nullableString, isSingle: z.boolean(),
  event: nullableString, tournament: nullableString, sportType: nullableString,
  /** A sport bet's selections (null for a casino round). */
  selections: z.array(betSelection).nullable(),
  stake: money, win: money, currency: z.string(), rateToUsd: z.string(), stakeInUSD: money, winInUSD: money,
  status: z.string(), placedAt: isoDate, settledAt: isoDate.nullable(), settledBy: nullableString,
  /** Cancel Open Bet's note (why the bet was canceled); null unless canceled from the console. */
  cancelNote: nullableString,
});
export type BetView = z.infer<typeof betView>;

export const betLedgerEntry = z.object({ id: z.number(), amount: money, balanceAfter: money, currency: z.string(), reason: z.string(), createdAt: isoDate });

export const BETS_SCHEMAS = {
  'bets.list': { body: betsListBody, response: listAnswer(betView) },
  'bets.quickList': { body: quickBetsListBody, response: listAnswer(betView) },
  'bets.suggest': { body: betSuggestBody, response: z.array(z.string()) },
  'bets.details': { params: z.object({ id: z.string().max(64) }), response: betView.extend({ ledger: z.array(betLedgerEntry) }) },
  'bets.quickDetails': { params: z.object({ betId: z.string().max(64) }), response: betView.extend({ ledger: z.array(betLedgerEntry) }) },
  'bets.settle': { body: betSettleForm, response: betView.extend({ balanceAfter: money }) },
  'bets.cancel': { body: betCancelForm, response: betView.extend({ balanceAfter: money }) },
} satisfies SchemasOf<typeof BETS>;
