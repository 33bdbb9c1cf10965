import { z } from 'zod';
import { listScope } from '../../api.js';
import { QUICK_TIME_FILTERS } from '../../constants.js';
import { topupBody, topupBonusBody } from '../../money.js';
import { fourEyesPending, topupApprovalDecisionBody, topupApprovalRow } from '../../four-eyes.js';
import { WALLET } from '../meta/wallet.js';
import { operatorExtraData } from '../../operators.js';
import { isoDate, listAnswer, money, nullableString, opTitles } from './common.js';
import type { SchemasOf } from './types.js';

/** POST /api/topup/list: the top-up list's filters. */
export const topupListBody = listScope.extend({
  playerCode: z.string().trim().max(64).optional(),
  currency: z.string().trim().max(8).optional(),
  walletType: z.enum(['MAIN', 'BONUS']).optional(),
  quickTime: z.enum(QUICK_TIME_FILTERS).optional(),
});

/** What a top-up answers: the transaction and the wallet balance around it. */
export const topupAnswer = z.object({ txId: z.string(), balanceBefore: money, balanceAfter: money, currency: z.string() });

/** POST /api/player/wallet/topup/approvals/list (designed): pending (awaiting second approval) or all. */
export const topupApprovalsListBody = listScope.extend({ view: z.enum(['pending', 'all']).default('pending') });

export const topupRow = z.object({
  txId: z.string(), opId: z.string(), ...opTitles, playerCode: z.string(), isTest: z.boolean(), walletType: z.string(), amount: money, currency: z.string(),
  amountInUSD: money, balanceBefore: money.nullable(), balanceAfter: money.nullable(), reason: nullableString, note: nullableString,
  createdBy: nullableString, createdAt: isoDate,
});

export const WALLET_SCHEMAS = {
  'wallet.topupInfo': {
    body: z.object({ playerCode: z.string().min(1) }),
    response: z.object({
      opId: z.string(),
      /** The top-up currencies: USD plus extraData.additionalTopupCurrencies (those the operator allows), 001 §9. */
      currencies: z.array(z.string()),
      limits: z.object({ dailyTopupLimitInUSD: money, fourEyesThresholdInUSD: money.nullable() }),
      stats: z.object({ todayTotalTopupInUSD: money }),
      extraData: operatorExtraData,
    }),
  },
  /** Applied, or (above the four-eyes threshold) the first approval recorded. */
  'wallet.topup': { body: topupBody, response: z.union([topupAnswer, fourEyesPending]) },
  'wallet.topupApprovals': { body: topupApprovalsListBody, response: listAnswer(topupApprovalRow) },
  'wallet.topupApprovalDecision': { body: topupApprovalDecisionBody, response: topupApprovalRow },
  'wallet.topupBonus': { body: topupBonusBody, response: topupAnswer },
  'wallet.topupList': { body: topupListBody, response: listAnswer(topupRow) },
} satisfies SchemasOf<typeof WALLET>;
