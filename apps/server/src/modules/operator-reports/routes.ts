/**
 * Dashboards and reports (000 §2.1, §2.3, §7, §9; README "Reports"). Figures come from the daily
 * roll-ups (rollups.ts); the risk report from `risk_cards`, kept by a trigger on bank accounts.
 * Test players are left out unless `includeTest`.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CARD_PAGE_SIZE, REPORT_MESSAGES, addDec, daysBetween, maskCard, periodDays, roundDec, type DashboardFigures,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { players, riskCardPlayers, riskCards, transactions } from '../../db/schema.js';
import { notFound, ok } from '../../lib/http.js';
import { inScope } from '../../lib/query.js';
import { operatorTitles } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list } from '../../platform/list.js';
import { betGroups, playerGroups, txGroups, type Window } from './rollups.js';
import { addTo, addTx, buildReport, derive, type Acc } from './tables.js';

type Names = 'reports.table' | 'reports.quickDashboard' | 'reports.dashboard' | 'reports.dashboardBets' | 'reports.riskCards' | 'reports.cardUsers' | 'reports.cardTransactions';

const D = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const usd = (v: string | undefined) => roundDec(v ?? '0', 2);
const int = (v: string | undefined) => Number(roundDec(v ?? '0', 0));

/** The figures of a window: one grouped read of each roll-up. */
async function figures(db: Db, w: Window): Promise<DashboardFigures> {
  const a: Acc = {};
  for (const t of await txGroups(db, w, sql`''`)) addTx(a, t);
  for (const b of await betGroups(db, w, sql`''`)) { addTo(a, 'bets', b.n); addTo(a, 'stake', b.stakeUsd); addTo(a, 'win', b.winUsd); }
  for (const p of await playerGroups(db, w, sql`''`)) addTo(a, 'registrations', p.registrations);
  const d = derive(a);
  return {
    registrations: int(d.registrations), ftd: int(d.ftd), ftdAmount: usd(d.ftdAmount),
    deposits: usd(d.deposits), depositCount: int(d.depositCount), withdrawals: usd(d.withdrawals), withdrawCount: int(d.withdrawCount),
    netDeposits: usd(d.netDeposits), bets: int(d.bets), stake: usd(d.stake), ggr: usd(d.ggr), bonuses: usd(d.bonuses), cashback: usd(d.cashback), ngr: usd(d.ngr),
  };
}

/** The card of a drawer call, within the caller's operators (another operator's card: not found). */
async function cardOf(db: Db, scope: string[] | null, cardId: string) {
  const [card] = await db.select().from(riskCards).where(and(eq(riskCards.id, cardId), inScope(riskCards.opId, scope))).limit(1);
  if (!card) throw notFound(REPORT_MESSAGES.CARD_NOT_FOUND);
  return card;
}

export const operatorReportHandlers: Handlers<Names> = {
  'reports.table': async ({ db, scope, body }) => {
    const { from, to } = periodDays(body, new Date());
    const data = await buildReport(db, { scope, from, to, includeTest: body.includeTest ?? false }, body);
    return ok({ report: body.report, from, to, ...data });
  },

  /** Today (UTC) against yesterday. */
  'reports.quickDashboard': async ({ db, scope, body }) => {
    const now = new Date();
    const today = iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const yesterday = iso(Date.parse(today) - D);
    const includeTest = body.includeTest ?? false;
    return ok({
      today,
      current: await figures(db, { scope, from: today, to: today, includeTest }),
      previous: await figures(db, { scope, from: yesterday, to: yesterday, includeTest }),
    });
  },

  /** A period against the period of the same length just before, and its daily series. */
  'reports.dashboard': async ({ db, scope, body }) => {
    const { from, to } = periodDays(body, new Date());
    const len = Math.round((Date.parse(to) - Date.parse(from)) / D) + 1;
    const previousTo = iso(Date.parse(from) - D);
    const previousFrom = iso(Date.parse(from) - len * D);
    const w: Window = { scope, from, to, includeTest: body.includeTest ?? false };
    const labels = daysBetween(from, to);
    const perDay = new Map<string, Acc>(labels.map((d) => [d, {}]));
    for (const t of await txGroups(db, w, sql`day`)) { const a = perDay.get(t.g); if (a) addTx(a, t); }
    for (const b of await betGroups(db, w, sql`day`)) { const a = perDay.get(b.g); if (a) { addTo(a, 'stake', b.stakeUsd); addTo(a, 'win', b.winUsd); } }
    for (const p of await playerGroups(db, w, sql`day`)) { const a = perDay.get(p.g); if (a) addTo(a, 'registrations', p.registrations); }
    const series = labels.map((d) => derive(perDay.get(d)!));
    return ok({
      from, to, previousFrom, previousTo,
      current: await figures(db, w),
      previous: await figures(db, { ...w, from: previousFrom, to: previousTo }),
      series: {
        labels,
        deposits: series.map((s) => usd(s.deposits)), withdrawals: series.map((s) => usd(s.withdrawals)),
        ggr: series.map((s) => usd(s.ggr)), registrations: series.map((s) => int(s.registrations)),
      },
    });
  },

  'reports.dashboardBets': async ({ db, scope, body }) => {
    const { from, to } = periodDays(body, new Date());
    const labels = daysBetween(from, to);
    const at = new Map(labels.map((d, i) => [d, i]));
    const casinoBets = labels.map(() => 0);
    const sportBets = labels.map(() => 0);
    const casinoStake = labels.map(() => '0');
    const sportStake = labels.map(() => '0');
    for (const b of await betGroups(db, { scope, from, to, includeTest: body.includeTest ?? false }, sql`day`)) {
      const i = at.get(b.g);
      if (i === undefined) continue;
      if (b.betType === 'SPORT') { sportBets[i]! += b.n; sportStake[i] = addDec(sportStake[i]!, b.stakeUsd); } else { casinoBets[i]! += b.n; casinoStake[i] = addDec(casinoStake[i]!, b.stakeUsd); }
    }
    return ok({ labels, casinoBets, sportBets, casinoStake: casinoStake.map(usd), sportStake: sportStake.map(usd) });
  },

  /** Cards held by more than one player of the same operator, the latest account first. */
  'reports.riskCards': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    const last4 = ctx.body.last4;
    return ok(await list(ctx, {
      rows: (select) => select({ c: riskCards }).from(riskCards),
      scope: riskCards.opId,
      where: () => and(sql`${riskCards.players} > 1`, last4 ? sql`right(${riskCards.cardNumber}, ${last4.length}) = ${last4}` : undefined),
      sort: { keys: { lastAt: riskCards.lastAt }, default: 'lastAt', dir: 'desc', tiebreak: riskCards.id },
      map: ({ c }) => ({ id: c.id, opId: c.opId, ...titleOf(c.opId), card: maskCard(c.cardNumber), players: c.players, accounts: c.accounts, lastAt: c.lastAt.toISOString() }),
    }));
  },

  /** 000 §7: the players of a card, 50 a page; `remaining` says whether another page follows. */
  'reports.cardUsers': async ({ db, scope, body }) => {
    const card = await cardOf(db, scope, body.filters.cardId);
    const limit = body.limit ?? CARD_PAGE_SIZE;
    const page = body.page ?? 1;
    const rows = await db.select({ p: players, accounts: riskCardPlayers.accounts }).from(riskCardPlayers)
      .innerJoin(players, eq(players.id, riskCardPlayers.playerId))
      .where(and(eq(riskCardPlayers.opId, card.opId), eq(riskCardPlayers.cardNumber, card.cardNumber)))
      .orderBy(desc(players.createdAt), desc(players.id)).limit(limit + 1).offset((page - 1) * limit);
    const titleOf = await operatorTitles(db);
    const items = rows.slice(0, limit).map(({ p, accounts }) => ({
      playerId: p.id, playerCode: p.playerCode, username: p.username, opId: p.opId, ...titleOf(p.opId), isTest: p.isTest, accounts, createdAt: p.createdAt.toISOString(),
    }));
    return ok({ count: items.length, items, remaining: rows.length > limit });
  },

  /** Deposits and withdrawals of a card's players (their own index each), newest first, 50 a page. */
  'reports.cardTransactions': async ({ db, scope, body }) => {
    const card = await cardOf(db, scope, body.filters.cardId);
    const limit = body.limit ?? CARD_PAGE_SIZE;
    const page = body.page ?? 1;
    const holders = (await db.select({ id: riskCardPlayers.playerId }).from(riskCardPlayers)
      .where(and(eq(riskCardPlayers.opId, card.opId), eq(riskCardPlayers.cardNumber, card.cardNumber)))).map((r) => r.id);
    if (!holders.length) return ok({ count: 0, items: [], remaining: false });
    const statuses = body.filters.statuses?.length ? body.filters.statuses : undefined;
    const rows = await db.select({ t: transactions, playerCode: players.playerCode, username: players.username }).from(transactions)
      .innerJoin(players, eq(players.id, transactions.playerId))
      .where(and(
        inArray(transactions.playerId, holders), eq(transactions.isDeleted, false), inArray(transactions.transactionType, ['DEPOSIT', 'WITHDRAW']),
        statuses ? inArray(transactions.status, statuses) : undefined,
      ))
      .orderBy(desc(transactions.createdAt), desc(transactions.txId)).limit(limit + 1).offset((page - 1) * limit);
    const titleOf = await operatorTitles(db);
    const items = rows.slice(0, limit).map(({ t, playerCode, username }) => ({
      txId: t.txId, playerCode, username, opId: t.opId, ...titleOf(t.opId), transactionType: t.transactionType, status: t.status,
      amount: t.toAmount, currency: t.toCurrency, amountInUSD: t.toAmountInUsd, createdAt: t.createdAt.toISOString(),
    }));
    return ok({ count: items.length, items, remaining: rows.length > limit });
  },
};


