import { eq, sql } from 'drizzle-orm';
import {
  LTV_FLAGS, REWARD_SETTINGS_MESSAGES, affiliateLevelProgress, calculateAffiliateProfit, calculateLtv, affiliateSettings, fromUnits, toUnits, calculateCashback, cashbackFromOverride, cashbackSettings, levelProgress, operatorRewardSettings, roundDec, sameIndexes, settingsToOverrideOf,
} from '@pitboss/contract';
import { playerRewardSettings } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { badRequest, ok } from '../../lib/http.js';
import { rowsOf } from '../../lib/query.js';
import { loadOperators } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';

/**
 * The Player Wallet panels (001 §2, §3), read from the player's wallets and ledger. Every figure
 * is USD, rounded to cents:
 * - claimed bonuses: the BONUS_CLAIM credits of the main wallet (a bonus claim moves the bonus
 *   wallet to MAIN);
 * - cashback received: the CASHBACK_CLAIM credits of the main wallet (in total and since the
 *   start of this month in the staff member's time zone); available: the CASHBACK wallet;
 * - net loss: bets minus wins of the main wallets (BET and WIN entries, each at its own rate),
 *   never below zero;
 * - affiliate: the players whose referrer (`refId`) is this player, their wagers (BET entries)
 *   and the AFFILIATE wallet as the estimated balance.
 * Levels follow the operator's affiliate and cashback settings (contract: rewards-summary.ts).
 */

type PlayerRef = { id: string; opId: string; playerCode: string };

/** The player's side wallet balance (USD), rounded to cents. */
const sideWallet = (kind: 'BONUS' | 'AFFILIATE' | 'CASHBACK', p: PlayerRef) =>
  sql`round(coalesce((select balance from wallets where player_id = ${p.id}::uuid and kind = ${kind} and currency = 'USD'), 0), 2)::text`;

/** USD sum of the main-wallet ledger entries of players `who` (a subquery of player ids) with one of `reasons`. */
const mainEntries = (who: ReturnType<typeof sql>, reasons: readonly string[], extra = sql``) =>
  sql`(select coalesce(sum(l.amount * l.rate_to_usd), 0) from ledger_entries l
    where l.wallet_id in (select w.id from wallets w where w.player_id in (${who}) and w.kind = 'MAIN')
      and l.reason in (${sql.join(reasons.map((r) => sql`${r}`), sql`, `)}) ${extra})`;

/** The operator's reward settings; a brand without settings of its own uses its parent operator's. */
export async function operatorSettingsOf(db: Db, opId: string) {
  const { byId } = await loadOperators(db);
  const op = byId.get(opId);
  // A brand without settings of its own uses its parent operator's.
  const own = operatorRewardSettings(op?.settings);
  const hasOwn = (k: 'affiliates' | 'cashback') => !!(op?.settings && typeof op.settings === 'object' && k in (op.settings as object));
  const parent = op?.parentOpId ? operatorRewardSettings(byId.get(op.parentOpId)?.settings) : own;
  return { affiliates: hasOwn('affiliates') ? own.affiliates : parent.affiliates, cashback: hasOwn('cashback') ? own.cashback : parent.cashback };
}

/** The player's effective settings: the player's override where present, else the operator's. */
async function settingsOf(db: Db, p: PlayerRef) {
  const operator = await operatorSettingsOf(db, p.opId);
  const [own] = await db.select().from(playerRewardSettings).where(eq(playerRewardSettings.playerId, p.id));
  const a = affiliateSettings.safeParse(own?.affiliates);
  const c = cashbackSettings.safeParse(own?.cashback);
  return {
    operator,
    affiliates: a.success ? a.data : operator.affiliates,
    cashback: c.success ? c.data : operator.cashback,
    affiliatesOverridden: a.success,
    cashbackOverridden: c.success,
    row: own ?? null,
  };
}

/** The answer of the read and the override calls. */
async function effectiveOf(db: Db, p: PlayerRef) {
  const s = await settingsOf(db, p);
  const at = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    playerCode: p.playerCode,
    affiliates: { settings: s.affiliates, overridden: s.affiliatesOverridden, updatedAt: s.affiliatesOverridden ? at(s.row?.affiliatesUpdatedAt) : null, updatedBy: s.affiliatesOverridden ? (s.row?.affiliatesUpdatedBy ?? null) : null },
    cashback: { settings: s.cashback, overridden: s.cashbackOverridden, updatedAt: s.cashbackOverridden ? at(s.row?.cashbackUpdatedAt) : null, updatedBy: s.cashbackOverridden ? (s.row?.cashbackUpdatedBy ?? null) : null },
    operator: s.operator,
  };
}

type Kind = 'affiliates' | 'cashback';
/** Writes (or clears, with null) one kind of the player's settings, with its activity record; answers the value before. */
async function writeOwn(db: Db, p: PlayerRef, kind: Kind, value: unknown, by: string, audit: (tx: Db, e: { before: unknown; after: unknown }) => Promise<void>) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(playerRewardSettings).where(eq(playerRewardSettings.playerId, p.id)).for('update');
    const prev = before?.[kind] ?? null;
    if (value === null && prev === null) throw badRequest(REWARD_SETTINGS_MESSAGES.NOTHING_TO_RESTORE);
    const set = kind === 'affiliates'
      ? { affiliates: value, affiliatesUpdatedAt: new Date(), affiliatesUpdatedBy: by }
      : { cashback: value, cashbackUpdatedAt: new Date(), cashbackUpdatedBy: by };
    await tx.insert(playerRewardSettings).values({ playerId: p.id, opId: p.opId, ...set }).onConflictDoUpdate({ target: playerRewardSettings.playerId, set });
    await audit(tx, { before: prev, after: value });
    return { prev };
  });
}

export const reportHandlers: Handlers<
  | 'reports.bonusSummary' | 'reports.affiliateSummary' | 'reports.cashbackSummary'
  | 'reports.cashbackCalculator' | 'reports.affiliateProfitCalculator' | 'reports.playerLtv' | 'reports.playerRewardSettings' | 'reports.affiliateOverride' | 'reports.affiliateRestore' | 'reports.cashbackOverride' | 'reports.cashbackRestore'
> = {
  'reports.bonusSummary': async ({ db, found: p }) => {
    const me = sql`select ${p.id}::uuid`;
    const [r] = await rowsOf<{ bonus: string; claimed: string }>(db, sql`select ${sideWallet('BONUS', p)} as bonus,
      round(${mainEntries(me, ['BONUS_CLAIM'])}, 2)::text as claimed`);
    return ok({ playerCode: p.playerCode, bonusWalletBalanceInUSD: r!.bonus, totalClaimedBonusesInUSD: r!.claimed });
  },

  'reports.cashbackSummary': async ({ db, user, found: p }) => {
    const me = sql`select ${p.id}::uuid`;
    const monthStart = sql`(date_trunc('month', now() at time zone ${user.timezone}) at time zone ${user.timezone})`;
    const [r] = await rowsOf<{ available: string; claimed: string; month: string; loss: string }>(db, sql`select
      ${sideWallet('CASHBACK', p)} as available,
      round(${mainEntries(me, ['CASHBACK_CLAIM'])}, 2)::text as claimed,
      round(${mainEntries(me, ['CASHBACK_CLAIM'], sql`and l.created_at >= ${monthStart}`)}, 2)::text as month,
      round(greatest(0, -${mainEntries(me, ['BET', 'WIN'])}), 2)::text as loss`);
    const { cashback } = await settingsOf(db, p);
    const lv = levelProgress(cashback.settings, (x) => x.lostAmountInUSD, r!.loss);
    const level = (x: typeof lv.current) => (x ? { index: x.index, lostAmountInUSD: roundDec(x.lostAmountInUSD), percentage: x.percentage } : null);
    return ok({
      playerCode: p.playerCode,
      appliedSettings: { currentLevel: level(lv.current), nextLevel: level(lv.next), levelPercentage: lv.current?.percentage ?? 0, progressPercentage: lv.percent },
      totalLossInUSD: r!.loss,
      cashbackAvailableToClaimInUSD: r!.available,
      cashbacksClaimedInUSD: r!.claimed,
      currentMonthCashbacksInUSD: r!.month,
      minWithdrawAmountInUSD: roundDec(cashback.minWithdrawAmountInUSD),
    });
  },

  'reports.affiliateSummary': async ({ db, found: p }) => {
    const referred = sql`select id from players where ref_id = ${p.playerCode}`;
    const [r] = await rowsOf<{ balance: string; wager: string; n: number }>(db, sql`select
      ${sideWallet('AFFILIATE', p)} as balance,
      round(-${mainEntries(referred, ['BET'])}, 2)::text as wager,
      (select count(*) from players where ref_id = ${p.playerCode})::int as n`);
    const { affiliates } = await settingsOf(db, p);
    const lv = affiliateLevelProgress(affiliates.levelSettings, r!.wager);
    return ok({
      playerCode: p.playerCode,
      affiliateLevel: {
        currentLevel: lv.current.level,
        currentLevelPercentage: lv.percent,
        referredPlayersWagerInUSD: r!.wager,
        nextLevelRequiredWagerInUSD: lv.nextLevelRequiredWager === null ? null : roundDec(lv.nextLevelRequiredWager),
      },
      referredPlayers: Number(r!.n),
      estimatedBalanceInUSD: r!.balance,
      withdrawMinimumAmountInUSD: roundDec(affiliates.general.minWithdrawableAmountInUSD),
    });
  },

  'reports.playerRewardSettings': async ({ db, found: p }) => ok(await effectiveOf(db, p)),

  'reports.affiliateOverride': async ({ db, user, body, found: p, audit }) => {
    const { opId: _o, playerCode: _p, ...settings } = body;
    await writeOwn(db, p, 'affiliates', settings, user.email, audit);
    return ok(await effectiveOf(db, p), [REWARD_SETTINGS_MESSAGES.AFFILIATE_OVERRIDDEN]);
  },

  'reports.affiliateRestore': async ({ db, user, found: p, audit }) => {
    await writeOwn(db, p, 'affiliates', null, user.email, audit);
    return ok({ playerCode: p.playerCode, restored: true }, [REWARD_SETTINGS_MESSAGES.RESTORED]);
  },

  'reports.cashbackOverride': async ({ db, user, body, found: p, audit }) => {
    // The overridden rows are those differing from the operator's real percentages, not from what the body calls them.
    const { cashback: operator } = await operatorSettingsOf(db, p.opId);
    if (!sameIndexes(settingsToOverrideOf(body.settings, operator), body.settingsToOverride)) throw badRequest(REWARD_SETTINGS_MESSAGES.SETTINGS_TO_OVERRIDE);
    await writeOwn(db, p, 'cashback', { ...cashbackFromOverride(body), settingsToOverride: body.settingsToOverride }, user.email, audit);
    return ok(await effectiveOf(db, p), [REWARD_SETTINGS_MESSAGES.CASHBACK_OVERRIDDEN]);
  },

  'reports.cashbackRestore': async ({ db, user, found: p, audit }) => {
    await writeOwn(db, p, 'cashback', null, user.email, audit);
    return ok({ playerCode: p.playerCode, restored: true }, [REWARD_SETTINGS_MESSAGES.RESTORED]);
  },

  'reports.cashbackCalculator': async ({ body }) => ok(calculateCashback(body)),

  'reports.affiliateProfitCalculator': async ({ body }) => ok(calculateAffiliateProfit(body)),

  'reports.playerLtv': async ({ db, user, body, found: p }) => {
    const flags = Object.fromEntries(LTV_FLAGS.map((k) => [k, body[k] !== false])) as Record<(typeof LTV_FLAGS)[number], boolean>;
    return ok(calculateLtv(p.playerCode, await ltvFigures(db, p, user.timezone, body), flags));
  },
};

/**
 * A player's LTV figures (USD, exact) over the period — days in the staff member's time zone,
 * both inclusive, either end optional. The costs are what the operator gave this player:
 * - P/L: bets − wins of the main wallets (BET and WIN entries at their own rates), as the
 *   cashback panel counts the loss but signed (negative when the player won);
 * - claimed bonuses and cashbacks: the BONUS_CLAIM and CASHBACK_CLAIM credits of the main
 *   wallet, as the bonus and cashback panels count them;
 * - CPR, CPA, affiliate commission and tournament prizes: the player's CONFIRMED transactions
 *   (not deleted) of sub-type AFFILIATE_CPR_COMMISSION, AFFILIATE_CPA_COMMISSION, of type
 *   REFERRAL_PROFIT and of type TOURNAMENT_PRIZE, at their USD value (`to_amount_in_usd`), dated
 *   by confirmation. An affiliate profit withdraw only moves commission already counted, so it
 *   is not a cost of its own.
 */
async function ltvFigures(db: Db, p: PlayerRef, timezone: string, period: { from?: string | undefined; to?: string | undefined }) {
  const me = sql`select ${p.id}::uuid`;
  const dayStart = (d: string) => sql`(${d}::date::timestamp at time zone ${timezone})`;
  const within = (col: ReturnType<typeof sql>) => sql`${period.from ? sql`and ${col} >= ${dayStart(period.from)}` : sql``}
    ${period.to ? sql`and ${col} < ${dayStart(period.to)} + interval '1 day'` : sql``}`;
  const ledger = within(sql`l.created_at`);
  const tx = (where: ReturnType<typeof sql>) => sql`(select coalesce(sum(t.to_amount_in_usd), 0) from transactions t
    where t.player_id = ${p.id}::uuid and t.status = 'CONFIRMED' and not t.is_deleted and ${where}
    ${within(sql`coalesce(t.confirmed_at, t.created_at)`)})`;
  const [r] = await rowsOf<{ pl: string; claimedBonuses: string; claimedCashbacks: string; cpr: string; cpa: string; affCommission: string; tournamentPrizes: string }>(db, sql`select
    (-${mainEntries(me, ['BET', 'WIN'], ledger)})::text as pl,
    ${mainEntries(me, ['BONUS_CLAIM'], ledger)}::text as "claimedBonuses",
    ${mainEntries(me, ['CASHBACK_CLAIM'], ledger)}::text as "claimedCashbacks",
    ${tx(sql`t.transaction_sub_type = 'AFFILIATE_CPR_COMMISSION'`)}::text as cpr,
    ${tx(sql`t.transaction_sub_type = 'AFFILIATE_CPA_COMMISSION'`)}::text as cpa,
    ${tx(sql`t.transaction_type = 'REFERRAL_PROFIT'`)}::text as "affCommission",
    ${tx(sql`t.transaction_type = 'TOURNAMENT_PRIZE'`)}::text as "tournamentPrizes"`);
  // numeric sums carry more than 8 decimals (amount × rate): down to the ledger's scale, towards −∞ (so cents round down too).
  const exact = (v: string) => {
    const [i = '0', f = ''] = v.split('.');
    const cut = toUnits(f ? `${i}.${f.slice(0, 8)}` : i);
    return fromUnits(v.startsWith('-') && /[1-9]/.test(f.slice(8)) ? cut - 1n : cut);
  };
  return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, exact(String(v))])) as typeof r & object;
}
