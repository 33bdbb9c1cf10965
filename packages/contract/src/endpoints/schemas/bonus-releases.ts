import { z } from 'zod';
import { bonusReleaseCloneForm, bonusReleaseCreateForm, bonusReleaseReportBody, bonusReleaseUpdateForm, bonusReleasesListBody } from '../../bonus-releases.js';
import { BONUS_RELEASES } from '../meta/bonus-releases.js';
import { empty, isoDate, listAnswer, money, nullableString, opTitles } from './common.js';
import type { SchemasOf } from './types.js';

export const bonusReleaseTierView = z.object({
  tier: z.number().int(), requiredWager: money, minWinOdds: money, maxBonusAmountInUSD: money, minBetAmountInUSD: money,
});

/** A release definition (000 §3 "bonusReleaseDefinition"). */
export const bonusReleaseView = z.object({
  bonusId: z.string(), opId: z.string(), ...opTitles,
  title: z.string(), description: z.string(), schedule: z.string(),
  startTime: isoDate, endTime: isoDate, betType: z.string(),
  gameProviders: z.array(z.string()), games: z.array(z.string()),
  isActive: z.boolean(),
  /** ACTIVE or DISABLED (the report adds EXPIRED). */
  status: z.string(),
  tiers: z.array(bonusReleaseTierView),
  isDeleted: z.boolean(), deletedAt: isoDate.nullable(), deletedBy: nullableString,
  createdAt: isoDate, createdBy: nullableString, updatedAt: isoDate,
});
export type BonusReleaseView = z.infer<typeof bonusReleaseView>;

/** The report's figures of one definition (000 §3 "Bonus release report"). */
export const bonusReleaseFigures = z.object({
  /** The most one player can unlock per period: the top tier's maximum bonus. */
  bonusAmountInUSD: money,
  totalUnlockedAmountInUSD: money,
  totalPlayersUnlocked: z.number().int(),
  totalWageredAmountInUSD: money,
  totalClaimedAmountInUSD: money,
  totalClaimedCount: z.number().int(),
});

/** A report row: the figures, the status (EXPIRED when active and past its end) and the bonus (the definition). */
export const bonusReleaseReportRow = bonusReleaseFigures.extend({
  bonusId: z.string(), opId: z.string(), ...opTitles, status: z.string(), isDeleted: z.boolean(), bonus: bonusReleaseView,
});
export type BonusReleaseReportRow = z.infer<typeof bonusReleaseReportRow>;

/** A player's release (000 §3 "Bonus release (player)"). */
export const playerBonusReleaseView = z.object({
  id: z.string(), playerId: z.string(), playerCode: z.string(), username: nullableString,
  createdAt: isoDate, lastUnlockedAt: isoDate.nullable(),
  /** The first instant of the schedule period this row counts (UTC day, ISO week or calendar month). */
  periodStart: isoDate,
  wageredAmountInUSD: money, unlockedAmountInUSD: money, claimedAmountInUSD: money,
  isDeleted: z.boolean(), appliedTierRule: bonusReleaseTierView.nullable(),
});
export type PlayerBonusReleaseView = z.infer<typeof playerBonusReleaseView>;

export const BONUS_RELEASES_SCHEMAS = {
  'bonusReleases.list': { body: bonusReleasesListBody, response: listAnswer(bonusReleaseView) },
  'bonusReleases.get': {
    params: z.object({ bonusId: z.string().max(64) }),
    response: bonusReleaseView.extend({ report: bonusReleaseReportRow.omit({ bonus: true }), players: z.array(playerBonusReleaseView) }),
  },
  'bonusReleases.create': { body: bonusReleaseCreateForm, response: bonusReleaseView },
  'bonusReleases.update': { body: bonusReleaseUpdateForm, response: bonusReleaseView },
  'bonusReleases.delete': { query: z.object({ bonusId: z.string().trim().min(1).max(64), opId: z.string().trim().max(64).optional() }), response: empty },
  'bonusReleases.clone': { body: bonusReleaseCloneForm, response: bonusReleaseView },
  'bonusReleases.report': { body: bonusReleaseReportBody, response: listAnswer(bonusReleaseReportRow) },
  'bonusReleases.claim': {
    body: z.object({ releaseId: z.string().trim().min(1).max(64) }),
    response: z.object({ release: playerBonusReleaseView, txId: z.string(), amountInUSD: money }),
  },
} satisfies SchemasOf<typeof BONUS_RELEASES>;
