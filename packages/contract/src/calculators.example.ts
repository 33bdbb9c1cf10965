/** The README's Affiliate Profit Calculator worked example (unit, API and browser tests use it). */
import type { AffiliateProfitCalculatorInput } from './calculators.js';
import { DEFAULT_AFFILIATE_SETTINGS } from './rewards-summary.js';

/** The README example: the default settings with level 3's CPRs 2 / 1.5 / 3 (max 2.5). */
export const README_AFFILIATE_EXAMPLE: AffiliateProfitCalculatorInput = {
  ...structuredClone(DEFAULT_AFFILIATE_SETTINGS),
  levelSettings: DEFAULT_AFFILIATE_SETTINGS.levelSettings.map((l) => (l.level === 3 ? { ...l, emailCpr: '2', telegramCpr: '1.5', gmailCpr: '3', maxCpr: '2.5' } : { ...l })),
  referredPlayersStats: {
    totalPlayersWagerInUSD: '120000', totalReferredPlayersPlInUSD: '8765.43', totalClaimedBonusAmountInUSD: '1234.56', totalCashbacksInUSD: '432.10',
    emailRegistrations: 12, telegramRegistrations: 5, gmailRegistrations: 3, ftdPlayers: 7,
  },
};
