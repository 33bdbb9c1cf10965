/**
 * Bonus releases (000 §3, §4, §8; 001 §7; issue 9). A definition (bonus_release_definitions)
 * unlocks a bonus for players who wager enough per period; each player's release
 * (player_bonus_releases) keeps their wager, unlocked and claimed amounts and the tier applied.
 *
 * The report sums the player releases per definition at request time, for the definitions of
 * the page only (at most `limit` of them): grouped queries over `definition_id IN (…)` (player
 * releases; unlocked amounts and players from the tier unlock records), served by indexes leading
 * with definition_id — never a COUNT over the whole table.
 * Delete is soft: the definition gets `deletedAt` and its player releases `is_deleted`, in one
 * transaction; both stay readable (the details show the spec's warning) and are changed no more.
 */
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  BONUS_RELEASE_MESSAGES, bonusReleaseStatus, sameReleaseConditions,
  type BonusReleaseReportRow, type BonusReleaseTier, type BonusReleaseView, type PlayerBonusReleaseView,
} from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { bonusReleaseDefinitions, playerBonusReleases, players } from '../../db/schema.js';
import { conflict, ok } from '../../lib/http.js';
import { operatorTitles, type OpTitles } from '../../lib/scope.js';
import type { Handlers } from '../../platform/endpoints.js';
import { list, match } from '../../platform/list.js';
import { rowsOf } from '../../lib/query.js';
import { claimPlayerRelease } from '../bonuses/release-claims.js';

type Names = 'bonusReleases.list' | 'bonusReleases.get' | 'bonusReleases.create' | 'bonusReleases.update' | 'bonusReleases.delete' | 'bonusReleases.clone' | 'bonusReleases.report' | 'bonusReleases.claim';
type Definition = typeof bonusReleaseDefinitions.$inferSelect;
type Figures = Omit<BonusReleaseReportRow, 'bonusId' | 'opId' | 'opTitle' | 'parentOpTitle' | 'status' | 'isDeleted' | 'bonus'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** A stored amount (numeric(30,8)) as the answer shows it: trailing zeros of the fraction dropped, at least 2 decimals. */
const amount = (v: string | null | undefined): string => {
  const s = v ?? '0';
  if (!s.includes('.')) return `${s}.00`;
  const [i, f = ''] = s.split('.');
  return `${i}.${f.replace(/0+$/, '').padEnd(2, '0')}`;
};
const tierView = (t: BonusReleaseTier) => ({
  tier: t.tier, requiredWager: amount(t.requiredWager), minWinOdds: amount(t.minWinOdds), maxBonusAmountInUSD: amount(t.maxBonusAmountInUSD), minBetAmountInUSD: amount(t.minBetAmountInUSD),
});

export function definitionView(d: Definition, titleOf: (opId: string) => OpTitles, report = false, now = Date.now()): BonusReleaseView {
  return {
    bonusId: d.id, opId: d.opId, ...titleOf(d.opId), title: d.title, description: d.description, schedule: d.schedule,
    startTime: d.startTime.toISOString(), endTime: d.endTime.toISOString(), betType: d.betType, gameProviders: d.gameProviders, games: d.games,
    isActive: d.isActive, status: bonusReleaseStatus(d, report, now), tiers: (d.tiers as BonusReleaseTier[]).map(tierView),
    isDeleted: d.deletedAt !== null, deletedAt: iso(d.deletedAt), deletedBy: d.deletedBy,
    createdAt: d.createdAt.toISOString(), createdBy: d.createdBy, updatedAt: d.updatedAt.toISOString(),
  };
}

type PlayerRelease = typeof playerBonusReleases.$inferSelect;
/** A player's release period as the answers show it. */
const playerReleaseView = ({ p, playerCode, username }: { p: PlayerRelease; playerCode: string; username: string | null }): PlayerBonusReleaseView => ({
  id: p.id, playerId: p.playerId, playerCode, username, createdAt: p.createdAt.toISOString(), lastUnlockedAt: iso(p.lastUnlockedAt), periodStart: p.periodStart.toISOString(),
  wageredAmountInUSD: amount(p.wageredAmountInUsd), unlockedAmountInUSD: amount(p.unlockedAmountInUsd), claimedAmountInUSD: amount(p.claimedAmountInUsd),
  isDeleted: p.isDeleted, appliedTierRule: p.appliedTierRule ? tierView(p.appliedTierRule as BonusReleaseTier) : null,
});

/** The top tier's maximum bonus (tiers are ordered by wager; the bonus is the top tier's). */
const topBonus = (tiers: readonly BonusReleaseTier[]) => tiers[tiers.length - 1]!.maxBonusAmountInUSD;

/** The report's figures of some definitions: grouped queries over their player releases and their tier unlock records. */
async function figuresOf(db: Db, defs: readonly Definition[]): Promise<Map<string, Figures>> {
  const out = new Map<string, Figures>();
  if (!defs.length) return out;
  const ids = defs.map((d) => d.id);
  const p = playerBonusReleases;
  const rows = await db.select({
    id: p.definitionId,
    wagered: sql<string>`coalesce(sum(${p.wageredAmountInUsd}), 0)::text`,
    claimed: sql<string>`coalesce(sum(${p.claimedAmountInUsd}), 0)::text`,
    claims: sql<number>`count(*) filter (where ${p.claimedAmountInUsd} > 0)::int`,
  }).from(p).where(inArray(p.definitionId, ids)).groupBy(p.definitionId);
  // Unlocked and players unlocked from the tier unlock records: per player period its highest unlocked tier's amount; players counted once.
  const unlocks = await rowsOf<{ id: string; unlocked: string; players: number }>(db, sql`select definition_id as id, coalesce(sum(amount), 0)::text as unlocked, count(distinct player_id)::int as players
    from (select definition_id, player_id, player_release_id, max(amount_in_usd) as amount from player_bonus_release_tiers
      where definition_id in (${sql.join(ids.map((i) => sql`${i}::uuid`), sql`, `)}) and unlocked_at is not null group by definition_id, player_id, player_release_id) u
    group by definition_id`);
  const unlockedOf = new Map(unlocks.map((u) => [u.id, u]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const d of defs) {
    const r = byId.get(d.id);
    out.set(d.id, {
      bonusAmountInUSD: amount(d.bonusAmountInUsd), totalUnlockedAmountInUSD: amount(unlockedOf.get(d.id)?.unlocked), totalPlayersUnlocked: unlockedOf.get(d.id)?.players ?? 0,
      totalWageredAmountInUSD: amount(r?.wagered), totalClaimedAmountInUSD: amount(r?.claimed), totalClaimedCount: r?.claims ?? 0,
    });
  }
  return out;
}

function reportRow(d: Definition, f: Figures, titleOf: (opId: string) => OpTitles, now = Date.now()) {
  const bonus = definitionView(d, titleOf, true, now);
  return { ...f, bonusId: d.id, opId: d.opId, ...titleOf(d.opId), status: bonus.status, isDeleted: bonus.isDeleted, bonus };
}

/** The target operator's live definitions that have the same conditions as `candidate`. */
async function sameConditionsExists(db: Db, opId: string, candidate: Parameters<typeof sameReleaseConditions>[0], exceptId?: string, activeOnly = false): Promise<boolean> {
  const rows = await db.select().from(bonusReleaseDefinitions)
    .where(and(eq(bonusReleaseDefinitions.opId, opId), isNull(bonusReleaseDefinitions.deletedAt), activeOnly ? eq(bonusReleaseDefinitions.isActive, true) : undefined));
  return rows.some((r) => r.id !== exceptId && sameReleaseConditions(candidate, { ...r, tiers: r.tiers as BonusReleaseTier[] }));
}

/** One write at a time into an operator's bonus releases (create, edit, clone): the same-conditions check and the write cannot interleave. */
async function lockOperator(tx: Db, opId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bonus_release_clone:${opId}`}))`);
}

/**
 * Create and edit of an active release run the clone's check on the definition's own operator,
 * against its other active, live releases (409 with the catalogue's message); a disabled release
 * is in effect nowhere and duplicates nothing.
 */
async function refuseSameConditions(
  tx: Db, opId: string,
  b: { isActive: boolean; schedule: string; betType: string; gameProviders: string[]; games: string[]; tiers: BonusReleaseTier[]; startTime: string; endTime: string },
  exceptId?: string,
) {
  if (!b.isActive) return;
  await lockOperator(tx, opId);
  const candidate = { ...b, gameProviders: [...new Set(b.gameProviders)], games: [...new Set(b.games)] };
  if (await sameConditionsExists(tx, opId, candidate, exceptId, true)) throw conflict(BONUS_RELEASE_MESSAGES.SAME_CONDITIONS, 'CONFLICT');
}

const refuseDeleted = (d: Definition) => {
  if (d.deletedAt) throw conflict(BONUS_RELEASE_MESSAGES.ALREADY_DELETED, 'CONFLICT');
};

export const bonusReleaseHandlers: Handlers<Names> = {
  'bonusReleases.list': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    const now = Date.now();
    const d = bonusReleaseDefinitions;
    return ok(await list(ctx, {
      rows: (select) => select({ d }).from(d),
      scope: d.opId,
      where: (q) => (q.deleted === 'true' ? isNotNull(d.deletedAt) : isNull(d.deletedAt)),
      filters: { isActive: match.bool(d.isActive), title: match.contains(d.title), isTest: () => undefined, deleted: () => undefined },
      sort: { keys: { createdAt: d.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: d.id },
      map: (x) => definitionView(x.d, titleOf, false, now),
    }));
  },

  'bonusReleases.get': async ({ db, found: d }) => {
    const titleOf = await operatorTitles(db);
    const figures = (await figuresOf(db, [d])).get(d.id)!;
    const { bonus: _bonus, ...report } = reportRow(d, figures, titleOf);
    const rows = await db.select({ p: playerBonusReleases, playerCode: players.playerCode, username: players.username })
      .from(playerBonusReleases).innerJoin(players, eq(players.id, playerBonusReleases.playerId))
      .where(eq(playerBonusReleases.definitionId, d.id))
      .orderBy(desc(sql`coalesce(${playerBonusReleases.lastUnlockedAt}, ${playerBonusReleases.createdAt})`), desc(playerBonusReleases.id)).limit(50);
    const playerRows = rows.map(playerReleaseView);
    return ok({ ...definitionView(d, titleOf), report, players: playerRows }, d.deletedAt ? [BONUS_RELEASE_MESSAGES.DELETED_WARNING] : []);
  },

  'bonusReleases.create': async ({ db, user, body: b, found: op, audit }) => db.transaction(async (tx) => {
    await refuseSameConditions(tx, op.opId, b);
    const [d] = await tx.insert(bonusReleaseDefinitions).values({
      opId: op.opId, title: b.title, description: b.description, schedule: b.schedule, startTime: new Date(b.startTime), endTime: new Date(b.endTime),
      betType: b.betType, gameProviders: [...new Set(b.gameProviders)], games: [...new Set(b.games)], isActive: b.isActive, tiers: b.tiers,
      bonusAmountInUsd: topBonus(b.tiers), createdBy: user.email,
    }).returning();
    const view = definitionView(d!, await operatorTitles(tx));
    await audit(tx, { targetType: 'bonusRelease', targetId: d!.id, opId: d!.opId, after: { title: view.title, schedule: view.schedule, startTime: view.startTime, endTime: view.endTime, tiers: view.tiers } });
    return ok(view, [BONUS_RELEASE_MESSAGES.CREATED]);
  }),

  'bonusReleases.update': async ({ db, body: b, found: cur, audit }) => db.transaction(async (tx) => {
    refuseDeleted(cur);
    await refuseSameConditions(tx, cur.opId, b, cur.id);
    const [d] = await tx.update(bonusReleaseDefinitions).set({
      title: b.title, description: b.description, schedule: b.schedule, startTime: new Date(b.startTime), endTime: new Date(b.endTime),
      betType: b.betType, gameProviders: [...new Set(b.gameProviders)], games: [...new Set(b.games)], isActive: b.isActive, tiers: b.tiers,
      bonusAmountInUsd: topBonus(b.tiers), updatedAt: new Date(),
    }).where(and(eq(bonusReleaseDefinitions.id, cur.id), isNull(bonusReleaseDefinitions.deletedAt))).returning();
    if (!d) throw conflict(BONUS_RELEASE_MESSAGES.ALREADY_DELETED, 'CONFLICT');
    const titleOf = await operatorTitles(tx);
    const before = definitionView(cur, titleOf);
    const view = definitionView(d, titleOf);
    await audit(tx, {
      before: { title: before.title, isActive: before.isActive, startTime: before.startTime, endTime: before.endTime, tiers: before.tiers },
      after: { title: view.title, isActive: view.isActive, startTime: view.startTime, endTime: view.endTime, tiers: view.tiers },
    });
    return ok(view, [BONUS_RELEASE_MESSAGES.UPDATED]);
  }),

  'bonusReleases.delete': async ({ db, user, found: cur, audit }) => db.transaction(async (tx) => {
    refuseDeleted(cur);
    const now = new Date();
    const [d] = await tx.update(bonusReleaseDefinitions).set({ deletedAt: now, deletedBy: user.email, updatedAt: now })
      .where(and(eq(bonusReleaseDefinitions.id, cur.id), isNull(bonusReleaseDefinitions.deletedAt))).returning({ id: bonusReleaseDefinitions.id });
    if (!d) throw conflict(BONUS_RELEASE_MESSAGES.ALREADY_DELETED, 'CONFLICT');
    const marked = await tx.update(playerBonusReleases).set({ isDeleted: true })
      .where(eq(playerBonusReleases.definitionId, cur.id)).returning({ id: playerBonusReleases.id });
    await audit(tx, { before: { title: cur.title, opId: cur.opId, isActive: cur.isActive }, after: { deletedAt: now.toISOString(), playerReleases: marked.length } });
    return ok({}, [BONUS_RELEASE_MESSAGES.DELETED]);
  }),

  /** Clone to an operator of the caller's scope (else 404) with new times; the same conditions there answer 409. */
  'bonusReleases.clone': async ({ db, user, body: b, found: src, repo, audit }) => {
    const target = await repo.get('operator', b.targetOpId, 'opId');
    return db.transaction(async (tx) => {
      // One write at a time per target operator: the check and the insert cannot interleave.
      await lockOperator(tx, target.opId);
      const tiers = src.tiers as BonusReleaseTier[];
      const candidate = { schedule: src.schedule, betType: src.betType, gameProviders: src.gameProviders, games: src.games, tiers, startTime: b.startTime, endTime: b.endTime };
      if (await sameConditionsExists(tx, target.opId, candidate)) throw conflict(BONUS_RELEASE_MESSAGES.CLONE_CONFLICT, 'CONFLICT');
      const [d] = await tx.insert(bonusReleaseDefinitions).values({
        opId: target.opId, title: src.title, description: src.description, schedule: src.schedule, startTime: new Date(b.startTime), endTime: new Date(b.endTime),
        betType: src.betType, gameProviders: src.gameProviders, games: src.games, isActive: src.isActive, tiers, bonusAmountInUsd: src.bonusAmountInUsd, createdBy: user.email,
      }).returning();
      const view = definitionView(d!, await operatorTitles(tx));
      await audit(tx, { targetType: 'bonusRelease', targetId: d!.id, opId: d!.opId, after: { clonedFrom: src.id, sourceOpId: src.opId, startTime: view.startTime, endTime: view.endTime } });
      return ok(view, [BONUS_RELEASE_MESSAGES.CLONED]);
    });
  },

  'bonusReleases.report': async (ctx) => {
    const titleOf = await operatorTitles(ctx.db);
    const now = Date.now();
    const d = bonusReleaseDefinitions;
    const page = await list(ctx, {
      rows: (select) => select({ d }).from(d),
      scope: d.opId,
      filters: {
        status: (v) => (v === 'DISABLED' ? eq(d.isActive, false)
          : v === 'EXPIRED' ? and(eq(d.isActive, true), sql`${d.endTime} <= now()`)
            : and(eq(d.isActive, true), sql`${d.endTime} > now()`)),
        title: match.contains(d.title),
        isTest: () => undefined,
      },
      sort: { keys: { createdAt: d.createdAt }, default: 'createdAt', dir: 'desc', tiebreak: d.id },
      map: (x) => x.d,
    });
    const figures = await figuresOf(ctx.db, page.items);
    return ok({ ...page, items: page.items.map((row) => reportRow(row, figures.get(row.id)!, titleOf, now)) });
  },

  /** Credit a player's unlocked, unclaimed release amount once (release-claims.ts); the Idempotency-Key replays the first answer. */
  'bonusReleases.claim': async ({ user, found: r, audit, once }) => once(async (tx) => {
    const c = await claimPlayerRelease(tx, r.id, user.email);
    const [row] = await tx.select({ p: playerBonusReleases, playerCode: players.playerCode, username: players.username })
      .from(playerBonusReleases).innerJoin(players, eq(players.id, playerBonusReleases.playerId)).where(eq(playerBonusReleases.id, r.id)).limit(1);
    await audit(tx, {
      before: { claimedAmountInUSD: amount(c.claimedBefore) },
      after: { claimedAmountInUSD: amount(c.claimedAfter), amountInUSD: amount(c.amountInUSD), txId: c.txId, release: c.title, playerCode: row!.playerCode },
    });
    return { body: ok({ release: playerReleaseView(row!), txId: c.txId, amountInUSD: amount(c.amountInUSD) }, [BONUS_RELEASE_MESSAGES.CLAIMED]) };
  }),
};
