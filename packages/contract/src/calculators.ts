/**
 * The Affiliate Profit Calculator and the LTV Calculator (001 §2, §3; formulas designed, README
 * "Affiliate Profit and LTV Calculators"). Both are pure and exact: amounts are decimal strings
 * computed in integer units (money.ts), rounded down to the cent. Nothing is saved.
 */
import { z } from 'zod';
import { fromUnits, toUnits } from './money.js';
import { playerCodeField } from './validation.js';
import { affiliateSettingsInput, moneyInput } from './reward-settings.js';
import { affiliateLevelProgress, type AffiliateSettings } from './rewards-summary.js';

export const CALCULATOR_MESSAGES = {
  PLAYERS_COUNT: 'Enter a whole number of players from 0 to 1,000,000.',
  DATE_FORMAT: 'Enter a date as YYYY-MM-DD.',
  DATE_ORDER: 'The start date must not be after the end date.',
} as const;
const M = CALCULATOR_MESSAGES;

/** A number of players typed in the calculator: a whole number from 0 to 1,000,000. */
export const PLAYERS_COUNT_MAX = 1_000_000;
export const playersCountInput = z.number({ error: M.PLAYERS_COUNT }).int(M.PLAYERS_COUNT).min(0, M.PLAYERS_COUNT).max(PLAYERS_COUNT_MAX, M.PLAYERS_COUNT);

/**
 * Referred Player Stats (step 1): the referred players' figures in USD (0 to 10,000,000, 2
 * decimals) and counts. The spec names the four amounts; the registrations by channel (each
 * channel has its CPR in the level settings) and the first-time depositors (CPA) are our choice.
 */
export const referredPlayersStatsInput = z.object({
  totalPlayersWagerInUSD: moneyInput,
  /** The referred players' GGR (bets − wins). */
  totalReferredPlayersPlInUSD: moneyInput,
  totalClaimedBonusAmountInUSD: moneyInput,
  totalCashbacksInUSD: moneyInput,
  emailRegistrations: playersCountInput,
  telegramRegistrations: playersCountInput,
  gmailRegistrations: playersCountInput,
  ftdPlayers: playersCountInput,
});
export type ReferredPlayersStats = z.infer<typeof referredPlayersStatsInput>;

/** POST /api/reports/affiliate/profit/test-calculate: the stats and the settings, as the Override Affiliate Settings form edits them. */
export const affiliateProfitCalculatorBody = affiliateSettingsInput.extend({ referredPlayersStats: referredPlayersStatsInput });
export type AffiliateProfitCalculatorInput = z.infer<typeof affiliateProfitCalculatorBody>;

const row = z.object({
  label: z.string(),
  amountInUSD: z.string(),
  /** The settings' percentage applied to the amount (null where none applies). */
  adminSettingsInPercentage: z.number().nullable(),
  settingsTooltip: z.string().nullable(),
  /** What the row adds to the affiliate's profit (negative for the admin fee withheld). */
  adjustedAmountInUSD: z.string(),
  labelTooltip: z.string(),
});
const operatorRow = z.object({ label: z.string(), amountInUSD: z.string(), labelTooltip: z.string() });
export const affiliateProfitCalculatorResult = z.object({
  affiliateProfit: z.array(row),
  operatorProfit: z.array(operatorRow),
  /** The level reached by the referred players' wager and the revenue share percentage applied. */
  level: z.number().int(),
  revenueSharePercentage: z.number(),
  affiliateProfitInUSD: z.string(),
  operatorProfitInUSD: z.string(),
});
export type AffiliateProfitCalculatorResult = z.infer<typeof affiliateProfitCalculatorResult>;

const CENT = 10n ** 6n; // units (8 decimals) per cent
/** Units rounded down (towards −∞) to whole cents. */
const floorCents = (u: bigint) => { const r = u % CENT; return r === 0n ? u : u < 0n ? u - r - CENT : u - r; };
const usd = (u: bigint) => fromUnits(floorCents(u), 2);
/** amount × percent / 100, exact in units (the percentage has at most 2 decimals in the forms; more are truncated). */
const percentOf = (u: bigint, pct: number) => (u * pctUnits(pct)) / HUNDRED;
const HUNDRED = 100n * 10n ** 8n;
/** A percentage (0–100) in units, its decimals beyond the 8th truncated. */
const pctUnits = (pct: number) => { const [i = '0', f = ''] = (/e/i.test(String(pct)) ? pct.toFixed(10) : String(pct)).split('.'); return toUnits(f ? `${i}.${f.slice(0, 8)}` : i); };
const count = (n: number) => BigInt(n);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** The revenue share row the referred players' monthly wager reaches (the highest threshold not above it); 0 % below every row. */
export function revenueShareFor(rows: AffiliateSettings['revenueShareSettings'], wager: string): number {
  let best: { at: bigint; pct: number } | null = null;
  const w = toUnits(wager);
  for (const r of rows) {
    const at = toUnits(r.monthlyReferredPlayersTotalWagerInUSD);
    if (at <= w && (!best || at >= best.at)) best = { at, pct: r.revenueSharePercentage };
  }
  return best?.pct ?? 0;
}

/**
 * Affiliate profit (designed, README "Affiliate Profit Calculator"):
 * - the level is the one the referred players' wager reaches (affiliateLevelProgress, as the
 *   affiliate panel shows it);
 * - CPR = each registration × its channel's CPR at that level, at most the level's max CPR per
 *   registration; CPA = first-time depositors × the level's CPA;
 * - NGR = GGR − claimed bonuses − cashbacks; revenue share = NGR × the percentage of the row the
 *   monthly wager reaches (nothing when NGR is not positive: no negative carry-over);
 * - gross = CPR + CPA + revenue share (each rounded down to the cent); the affiliates admin fee %
 *   is withheld: affiliate profit = gross × (100 − fee) / 100 rounded down to the cent, the fee
 *   is the rest;
 * - operator profit = NGR − affiliate profit (may be negative).
 * The claimed bonus and cashback admin fee percentages of the general settings are not part of
 * this formula (they are carried unchanged; the spec gives them no role here).
 */
export function calculateAffiliateProfit(i: AffiliateProfitCalculatorInput): AffiliateProfitCalculatorResult {
  const s = i.referredPlayersStats;
  const level = affiliateLevelProgress(i.levelSettings, s.totalPlayersWagerInUSD).current;
  const cap = toUnits(level.maxCpr);
  const perReg = (cpr: string) => min(toUnits(cpr), cap);
  const cprU = floorCents(count(s.emailRegistrations) * perReg(level.emailCpr) + count(s.telegramRegistrations) * perReg(level.telegramCpr) + count(s.gmailRegistrations) * perReg(level.gmailCpr));
  const cpaU = floorCents(count(s.ftdPlayers) * toUnits(level.cpa));
  const ggr = toUnits(s.totalReferredPlayersPlInUSD);
  const bonuses = toUnits(s.totalClaimedBonusAmountInUSD);
  const cashbacks = toUnits(s.totalCashbacksInUSD);
  const ngr = ggr - bonuses - cashbacks;
  const share = revenueShareFor(i.revenueShareSettings, s.totalPlayersWagerInUSD);
  const shareBase = ngr > 0n ? ngr : 0n;
  const shareU = floorCents(percentOf(shareBase, share));
  const gross = cprU + cpaU + shareU;
  const fee = i.general.affiliatesAdminFeePercentage;
  const profit = floorCents((gross * (HUNDRED - pctUnits(fee))) / HUNDRED);
  const feeU = gross - profit;
  const lv = `Level ${level.level}`;
  const money = (v: string) => `${v} USD`;
  return {
    level: level.level,
    revenueSharePercentage: share,
    affiliateProfit: [
      {
        label: 'CPR', amountInUSD: usd(cprU), adminSettingsInPercentage: null, adjustedAmountInUSD: usd(cprU),
        settingsTooltip: `${lv}: email ${money(level.emailCpr)}, telegram ${money(level.telegramCpr)}, gmail ${money(level.gmailCpr)} per registration, at most ${money(level.maxCpr)}`,
        labelTooltip: 'Cost per registration: each referred registration at its channel’s CPR',
      },
      {
        label: 'CPA', amountInUSD: usd(cpaU), adminSettingsInPercentage: null, adjustedAmountInUSD: usd(cpaU),
        settingsTooltip: `${lv}: ${money(level.cpa)} per first-time depositor`,
        labelTooltip: 'Cost per acquisition: each referred first-time depositor',
      },
      {
        label: 'Revenue share', amountInUSD: usd(shareBase), adminSettingsInPercentage: share, adjustedAmountInUSD: usd(shareU),
        settingsTooltip: `${share}% of the net gaming revenue at the referred players' monthly wager`,
        labelTooltip: 'Net gaming revenue (GGR − claimed bonuses − cashbacks), never below 0',
      },
      {
        label: 'Affiliates admin fee', amountInUSD: usd(gross), adminSettingsInPercentage: fee, adjustedAmountInUSD: usd(-feeU),
        settingsTooltip: `${fee}% of CPR + CPA + revenue share is withheld`,
        labelTooltip: 'The operator’s admin fee on the affiliate’s gross profit',
      },
    ],
    operatorProfit: [
      { label: 'GGR', amountInUSD: usd(ggr), labelTooltip: "The referred players' bets − wins" },
      { label: 'Claimed bonuses', amountInUSD: usd(-bonuses), labelTooltip: 'Bonuses the referred players claimed' },
      { label: 'Cashbacks', amountInUSD: usd(-cashbacks), labelTooltip: 'Cashbacks given to the referred players' },
      { label: 'Net gaming revenue', amountInUSD: usd(ngr), labelTooltip: 'GGR − claimed bonuses − cashbacks' },
      { label: 'Affiliate profit', amountInUSD: usd(-profit), labelTooltip: 'What the affiliate earns (above)' },
    ],
    affiliateProfitInUSD: usd(profit),
    operatorProfitInUSD: usd(ngr - profit),
  };
}

// ---------------------------------------------------------------------------------------------
// LTV Calculator (001 §3 "LTV report"): a player's lifetime value from the ledger and transactions.
// ---------------------------------------------------------------------------------------------

const day = z.string({ error: M.DATE_FORMAT }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, M.DATE_FORMAT)
  .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || realDay(v), M.DATE_FORMAT);
/** A calendar day that exists (2026-02-30 does not: JavaScript would roll it over to March). */
const realDay = (v: string) => { const d = new Date(`${v}T00:00:00Z`); return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v; };
/** An optional day: empty is no bound. */
const optionalDay = z.preprocess((v) => (v === '' || v === null ? undefined : v), day.optional());
/** The costs the LTV deducts, each switched on by its flag (001 §3). */
export const LTV_FLAGS = ['claimedBonuses', 'claimedCashbacks', 'cpr', 'cpa', 'affCommission', 'tournamentPrizes'] as const;
export type LtvFlag = (typeof LTV_FLAGS)[number];
export const LTV_FLAG_LABELS: Record<LtvFlag, string> = {
  claimedBonuses: 'Claimed bonuses', claimedCashbacks: 'Claimed cashbacks', cpr: 'CPR', cpa: 'CPA', affCommission: 'Affiliate commission', tournamentPrizes: 'Tournament prizes',
};

/** POST /api/reports/player/ltv: the player, an optional period (days, the staff member's time zone, both inclusive) and the flags. */
export const ltvBody = z.object({
  opId: z.string().trim().max(64).optional(),
  playerCode: playerCodeField,
  from: optionalDay,
  to: optionalDay,
  claimedBonuses: z.boolean().default(true),
  claimedCashbacks: z.boolean().default(true),
  cpr: z.boolean().default(true),
  cpa: z.boolean().default(true),
  affCommission: z.boolean().default(true),
  tournamentPrizes: z.boolean().default(true),
}).refine((b) => !b.from || !b.to || b.from <= b.to, { message: M.DATE_ORDER, path: ['to'] });
export type LtvBody = z.input<typeof ltvBody>;

/** The player's figures in USD, each the exact sum (8 decimals) over the period. */
export interface LtvFigures { pl: string; claimedBonuses: string; claimedCashbacks: string; cpr: string; cpa: string; affCommission: string; tournamentPrizes: string }
export const ltvReport = z.object({
  playerCode: z.string(),
  bonusesClaimedInUSD: z.string(),
  cashbackClaimedInUSD: z.string(),
  cprInUSD: z.string(),
  cpaInUSD: z.string(),
  affCommissionInUSD: z.string(),
  tournamentPrizeInUSD: z.string(),
  plInUSD: z.string(),
  ltvInUSD: z.string(),
});
export type LtvReport = z.infer<typeof ltvReport>;

/**
 * LTV = P/L − each flagged cost. Each figure is rounded down to the cent first and the LTV is
 * the sum of the rounded figures, so the report adds up as staff read it; a cost not flagged is
 * reported as 0.00 and not deducted.
 */
export function calculateLtv(playerCode: string, f: LtvFigures, flags: Record<LtvFlag, boolean>): LtvReport {
  const cost = (k: LtvFlag) => (flags[k] ? floorCents(toUnits(f[k])) : 0n);
  const pl = floorCents(toUnits(f.pl));
  const costs = LTV_FLAGS.reduce((a, k) => a + cost(k), 0n);
  return {
    playerCode,
    bonusesClaimedInUSD: usd(cost('claimedBonuses')),
    cashbackClaimedInUSD: usd(cost('claimedCashbacks')),
    cprInUSD: usd(cost('cpr')),
    cpaInUSD: usd(cost('cpa')),
    affCommissionInUSD: usd(cost('affCommission')),
    tournamentPrizeInUSD: usd(cost('tournamentPrizes')),
    plInUSD: usd(pl),
    ltvInUSD: usd(pl - costs),
  };
}
